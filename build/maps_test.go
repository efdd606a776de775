package build

import (
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/plan"
)

// Every scenario with a map gets its own map file, also when it is played on one plain map: PRESTAGS's
// example on its one map, Rampant's Alesia, the Isandlwana tabletop (whose map has the scenario's id, so the
// scenario's file is isandlwana-scenario.pdf). ScenarioMapFiles names the files the build writes.
func TestScenarioMapFiles(t *testing.T) {
	cases := []struct {
		ex   string
		want map[string]string
		text []string
	}{
		{"prestags", map[string]string{"example-bridge": "maps/example-bridge.pdf"}, []string{"A Force set-up", "within 3 hexes of Hex D (the village)", "Hex G (the bridge)"}},
		{"rampant", map[string]string{"alesia-assault": "maps/alesia-assault.pdf"}, []string{"Gauls entry, T1", "Rome set-up"}},
		{"fields-of-honor", map[string]string{"isandlwana": "maps/isandlwana-scenario.pdf"}, []string{"The tents (10 pts)"}},
		{"highest-ground", map[string]string{"introductory": "maps/introductory.pdf"}, []string{"Allied entry", "Roman Empire entry", "Bridges (15.2, 15.4.1)"}},
	}
	for _, c := range cases {
		pkg := example(t, c.ex)
		got := plan.ScenarioMapFiles(pkg.Package())
		if len(got) != len(c.want) {
			t.Errorf("%s: scenario map files %v, want %v", c.ex, got, c.want)
		}
		for id, f := range c.want {
			if got[id] != f {
				t.Errorf("%s: scenario %s's map is %q, want %q", c.ex, id, got[id], f)
			}
		}
		_, files := run(t, pkg, Options{})
		var maps []string
		for name := range files {
			if strings.HasPrefix(name, plan.MapsDir+"/") {
				maps = append(maps, name)
			}
		}
		sort.Strings(maps)
		for _, f := range c.want {
			b, ok := files[f]
			if !ok {
				t.Errorf("%s: no %s among %v", c.ex, f, maps)
				continue
			}
			txt := text(t, b)
			for _, w := range c.text {
				if !strings.Contains(strings.Join(strings.Fields(txt), " "), w) {
					t.Errorf("%s: %q not in %s", c.ex, w, f)
				}
			}
		}
		if want := len(pkg.Package().Maps()) + len(c.want); len(maps) != want {
			t.Errorf("%s: %d map files %v, want %d (each map and each scenario)", c.ex, len(maps), maps, want)
		}
	}
}

// A scenario sheet points players at the scenario's own map (with its zones, entries and setup), also when the
// scenario is played on one plain map.
func TestScenarioSheetNamesItsMap(t *testing.T) {
	pkg := example(t, "prestags")
	res, err := Run(pkg, Options{}, []string{"scenarios"})
	if err != nil {
		t.Fatal(err)
	}
	want := plan.ScenarioMapFiles(pkg.Package())["example-bridge"]
	if want != "maps/example-bridge.pdf" {
		t.Fatalf("scenario map file = %q", want)
	}
	for _, f := range res.Files {
		if f.Path != "scenarios/example-bridge.pdf" {
			continue
		}
		out := pdfcheck.Text(t, f.Data)
		if !strings.Contains(out, want) || strings.Contains(out, "prestags-map.pdf") {
			t.Errorf("the sheet should name %s, not the plain map:\n%s", want, out)
		}
		return
	}
	t.Fatal("no scenario sheet for example-bridge")
}
