package generators

import (
	"bytes"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// generated runs a scenario generator through Run (generated, checked, sealed, not written) and returns its
// documents read back from the YAML, by kind.
func generated(t *testing.T, pkgDir, generator string, seed int64) map[string][]map[string]any {
	t.Helper()
	res, err := Run(Request{Kind: "scenario", Generator: generator, Seed: seed}, pkgDir, "", false)
	if err != nil {
		t.Fatalf("%s seed %d: %v %v", generator, seed, err, res.Diags)
	}
	out := map[string][]map[string]any{}
	dec := yaml.NewDecoder(bytes.NewReader(res.Data))
	for {
		var doc map[string]any
		if err := dec.Decode(&doc); err != nil {
			break
		}
		kind, _ := doc["kind"].(string)
		out[kind] = append(out[kind], doc)
	}
	if len(out["Scenario"]) != 1 {
		t.Fatalf("%s seed %d: %d scenarios", generator, seed, len(out["Scenario"]))
	}
	return out
}

func list(v any) []any { l, _ := v.([]any); return l }

func field(v any, k string) any {
	m, _ := v.(map[string]any)
	return m[k]
}

// Fields of Honor's random battle places eight objectives, the sides in turn ("the players take turns placing
// Objectives on the tabletop until eight have been placed"), and the armies enter by opposite table edges,
// the package's stated procedure: every seed (issue 16 item 1; the settings gave no count, and one was placed).
func TestFieldsOfHonorEightObjectivesOppositeEdges(t *testing.T) {
	opposite := map[string]string{"north": "south", "south": "north", "east": "west", "west": "east"}
	for _, gen := range []string{"foh-random-battle", "foh-random-battle-8"} {
		for seed := int64(0); seed < 12; seed++ {
			sc := generated(t, "../examples/fields-of-honor", gen, seed)["Scenario"][0]
			objs := list(sc["objectives"])
			if len(objs) != 8 {
				t.Errorf("%s seed %d: %d objectives, want 8", gen, seed, len(objs))
			}
			for i, o := range objs {
				by := []string{"First player", "Second player"}
				if gen == "foh-random-battle-8" {
					by = []string{"British and colonial army", "Zulu army"}
				}
				if name, _ := field(o, "name").(string); !strings.Contains(name, "placed by "+by[i%2]) {
					t.Errorf("%s seed %d: objective %d %q is not placed in turn", gen, seed, i+1, name)
				}
			}
			sides := list(sc["sides"])
			a, _ := field(list(field(sides[0], "entry"))[0], "edge").(string)
			b, _ := field(list(field(sides[1], "entry"))[0], "edge").(string)
			if opposite[a] != b {
				t.Errorf("%s seed %d: entry edges %s and %s are not opposite", gen, seed, a, b)
			}
		}
	}
}

// Every generated value the rules do not give is said to be illustrative in the generated scenario: the
// victory levels' thresholds always, and the settings the Generator lists (THG: objectives, points, balance,
// leaders) with this seed's values (issue 16 item 8).
func TestGeneratedValuesMarkedIllustrative(t *testing.T) {
	sc := generated(t, "../examples/highest-ground", "thg-random", 8)["Scenario"][0]
	desc, _ := sc["description"].(string)
	for _, want := range []string{"Illustrative, this package's and not the rules'", "the victory levels' thresholds (", "objectives at least 3 cells apart",
		"5 points for each objective", "40 points a side", "forces within 1/10 of the budget of each other", "Roman Empire takes 1 to 3 leaders"} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q:\n%s", want, desc)
		}
	}
	src, _ := field(sc["victory"], "source").(string)
	if !strings.Contains(src, "level thresholds") || !strings.Contains(src, "illustrative") {
		t.Errorf("victory source does not mark the thresholds illustrative: %q", src)
	}
	for _, l := range list(field(sc["victory"], "levels")) {
		text, _ := field(l, "text").(string)
		if !strings.Contains(desc, text) {
			t.Errorf("threshold %q is not named in the description", text)
		}
	}
}

// De Gre's default random battle fields armies as the rules build them (a standard division or one of the
// five special armies, whole, nothing bought), and victory is 12.'s "the highest total wins": each side's own
// units left, no draw band, no level table (issue 16 items 8 and 9).
func TestAncientsArmiesAndHighestTotal(t *testing.T) {
	allowed := map[string]bool{"standard-division": true, "roman-army": true, "carthaginian-army": true, "macedonian-army": true,
		"egyptian-army": true, "assyrian-army": true}
	for seed := int64(0); seed < 8; seed++ {
		docs := generated(t, "../examples/ancients", "ancients-random-battle", seed)
		sc := docs["Scenario"][0]
		v := sc["victory"]
		if field(v, "measure") != "compare" || field(v, "levels") != nil {
			t.Errorf("seed %d: victory %v, want measure compare and no levels", seed, v)
		}
		awards := list(field(v, "awards"))
		if len(awards) != 2 {
			t.Fatalf("seed %d: %d awards", seed, len(awards))
		}
		for i, a := range awards {
			side := field(list(sc["sides"])[i], "id")
			if field(a, "side") != side || field(a, "of") != side || field(a, "counts") != "points" || field(a, "points") != 1 {
				t.Errorf("seed %d: award %v is not the side's own units left", seed, a)
			}
		}
		for _, f := range docs["Force"] {
			notes, _ := f["notes"].(string)
			id := strings.TrimSuffix(strings.SplitN(strings.SplitN(notes, "(force ", 2)[1], ")", 2)[0], ")")
			if !allowed[id] {
				t.Errorf("seed %d: force %v is not a standard division or special army: %q", seed, f["id"], notes)
			}
		}
		for _, s := range list(sc["sides"]) {
			if field(s, "budget") != nil {
				t.Errorf("seed %d: side %v has a budget: nothing is bought", seed, field(s, "id"))
			}
		}
	}
	// The stand-buying procedure is still there, marked as the package's, and follows 12. too.
	sc := generated(t, "../examples/ancients", "ancients-random-points", 3)["Scenario"][0]
	if field(sc["victory"], "measure") != "compare" {
		t.Errorf("ancients-random-points victory %v", sc["victory"])
	}
	if d, _ := sc["description"].(string); !strings.Contains(d, "200 points a side") {
		t.Errorf("ancients-random-points description %q", d)
	}
}

// The river line's random battle sets every unit up on terrain that admits it (its marsh takes only infantry,
// cavalry and HQs: seed 3 once put an armoured corps there and failed validation) and decides by control with
// no points: the Southern Front's sudden death on every objective, its win on more than half at the end, the
// Northern Army's otherwise; Run validates each scenario before it returns it.
func TestRiverLineBattleDecidedByControl(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		sc := generated(t, "../examples/testdata/river-line", "random-river-battle", seed)["Scenario"][0]
		v := sc["victory"]
		if field(v, "levels") != nil || field(v, "awards") != nil {
			t.Errorf("seed %d: victory by control has points: %v", seed, v)
		}
		n := len(list(sc["objectives"]))
		decide := list(field(v, "decide"))
		if n < 2 || n > 3 || len(decide) != 3 {
			t.Fatalf("seed %d: %d objectives, %d decisions", seed, n, len(decide))
		}
		if field(decide[0], "when") != "any" || len(list(field(decide[0], "controls"))) != n {
			t.Errorf("seed %d: the first decision should be sudden death on all %d objectives: %v", seed, n, decide[0])
		}
		if c, _ := field(decide[1], "count").(int); c != n/2+1 {
			t.Errorf("seed %d: the end decision needs %v objectives, want %d of %d", seed, field(decide[1], "count"), n/2+1, n)
		}
		if field(decide[2], "side") != "north" || field(field(decide[2], "not"), "of") != "south" {
			t.Errorf("seed %d: the last decision should be the Northern Army's unless the Southern Front wins: %v", seed, decide[2])
		}
	}
}

// A random campaign on a random area map (the Marches) sets each house up in the shires by its edge, never more
// units in a shire than its supply (the System's stacking capacity), never both houses in one shire, never in a
// holding box; its objectives are shires, not holding boxes. A random railway campaign (the Iron Roads) enters
// and sets up by the edges the generated map names, one corps a place.
func TestCampaignsOnPlaces(t *testing.T) {
	for _, tc := range []struct {
		pkg    string
		supply bool
	}{{"../examples/testdata/marches", true}, {"../examples/testdata/iron-roads", false}} {
		for seed := int64(1); seed <= 12; seed++ {
			docs := generated(t, tc.pkg, "random-campaign", seed)
			sc, m := docs["Scenario"][0], docs["Map"][0]
			key := "areas"
			if !tc.supply {
				key = "places"
			}
			room := map[string]int{}
			offboard := map[string]bool{}
			for _, p := range list(m[key]) {
				id, _ := field(p, "id").(string)
				room[id] = 1
				if tc.supply {
					room[id], _ = field(field(p, "stats"), "supply").(int)
				}
				offboard[id], _ = field(p, "offboard").(bool)
			}
			side := map[string]string{}
			for _, s := range list(sc["sides"]) {
				sid, _ := field(s, "id").(string)
				n := map[string]int{}
				for _, pl := range list(field(s, "setup")) {
					for _, c := range list(field(pl, "cells")) {
						id, _ := c.(string)
						n[id]++
						if offboard[id] || room[id] == 0 {
							t.Errorf("%s seed %d: side %s sets up in %s, no place for units", tc.pkg, seed, sid, id)
						}
						if o, ok := side[id]; ok && o != sid {
							t.Errorf("%s seed %d: sides %s and %s both set up in %s", tc.pkg, seed, o, sid, id)
						}
						side[id] = sid
					}
				}
				for id, k := range n {
					if k > room[id] {
						t.Errorf("%s seed %d: side %s sets up %d units in %s, which holds %d", tc.pkg, seed, sid, k, id, room[id])
					}
				}
			}
			for _, o := range list(sc["objectives"]) {
				for _, c := range list(field(o, "cells")) {
					if id, _ := c.(string); offboard[id] || room[id] == 0 && tc.supply {
						t.Errorf("%s seed %d: objective in %s", tc.pkg, seed, id)
					}
				}
			}
			if len(side) == 0 {
				t.Errorf("%s seed %d: nothing set up", tc.pkg, seed)
			}
		}
	}
}
