package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content/diag"
)

// examplePackages are the package folders under examples/ and examples/testdata/, by folder name.
func examplePackages(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, glob := range []string{"../examples/*", "../examples/testdata/*"} {
		dirs := must.Glob(t, glob)
		for _, dir := range dirs {
			if _, err := os.Stat(filepath.Join(dir, "muster.yaml")); err == nil {
				out[filepath.Base(dir)] = dir
			}
		}
	}
	if len(out) < 8 {
		t.Fatalf("found %d example packages", len(out))
	}
	return out
}

// fixtureCounts is how many fixtures each example package has: passing ones ("pass"), and must-fail ones by
// each rule they name. A fixture added, dropped or renamed changes a count here, so none is lost silently.
var fixtureCounts = map[string]map[string]int{
	"ancients":                  {"catapult-per-square": 1, "commander-per-square": 1, "crew-per-square": 1, "pass": 3, "situational.situation": 1, "situational.stat": 1, "situational.twice": 1, "stacking.limit": 1, "traits.grant": 1},
	"fields-of-honor":           {"budget.over": 1, "cavalry-limit": 1, "factions.force": 1, "factions.side": 1, "pass": 4, "scale.ground": 2},
	"highest-ground":            {"baggage": 1, "factions.force": 1, "factions.side": 1, "pass": 3, "placement-labels.unknown-cell": 1, "rules.baggage": 1, "stacking.class": 1},
	"highest-ground-barbarians": {"baggage": 1, "factions.force": 1, "factions.side": 1, "pass": 3, "placement-labels.unknown-cell": 1, "rules.baggage": 1, "stacking.class": 1},
	"prestags":                  {"control.level": 1, "control.place": 1, "control.side": 1, "panic-level-percent": 1, "pass": 8, "references.unknown": 1, "sequence.duplicate": 1, "sequence.mutual": 1, "setup.opposing": 1, "setup.outside": 1, "side-vp-total": 1, "stacking.limit": 1, "stacking.mix": 2, "traits.class": 1, "traits.exempt": 1},
	"rampant":                   {"alesia-gaul-bi": 1, "command.budget": 1, "command.commands": 1, "command.pair": 1, "command.trumps": 1, "map-crossings.not-crossable": 1, "pass": 6, "stacking": 3, "stacking.class": 1, "tables.cell-source": 1},
	"art":                       {}, // no content tests: the printers' and exporters' tests measure its art
	"broken-mod":                {"baggage": 1, "factions.force": 1, "factions.side": 1, "pass": 3, "placement-labels.unknown-cell": 1, "rules.baggage": 1, "stacking.class": 1},
	"marches":                   {"blocks.edges": 1, "blocks.strength": 1, "control.empty": 1, "control.place": 1, "map-connections.missing": 1, "map-connections.type": 1, "map-connections.untouched": 1, "map-places.overlap": 1, "map-places.stat": 1, "pair.both": 1, "pass": 8, "placement-labels.unknown-cell": 1, "pools.draw": 1, "pools.empty": 1, "pools.twice": 1, "setup.opposing": 1, "shire-muster": 1, "supply.exceeded": 1},
	"iron-roads":                {"map-connections.duplicate": 1, "map-connections.self": 1, "map-connections.unknown": 1, "map-places.on-top": 1, "map-places.point": 1, "pass": 5, "placement-labels.unknown-cell": 1, "stacking.limit": 1},
	"river-line":                {"control.empty": 1, "control.owner": 1, "fixture-refs": 1, "formulas.compile": 2, "map-bridges.missing": 2, "map-tabletop.path": 1, "map-tabletop.path-off-table": 1, "movement.class": 1, "movement.cost": 1, "movement.feature": 1, "pass": 15, "replacements.dead": 1, "replacements.empty": 1, "replacements.enter": 1, "replacements.late": 1, "replacements.unit": 2, "scale.ground": 1, "setup.flipped": 1, "setup.marker": 1, "setup.opposing": 1, "setup.outside": 1, "setup.unfilled": 1, "setup.zone-count": 3, "tables.columns": 1, "tables.row-length": 1, "tables.shift": 1, "turn-record.duplicate": 1, "turn-record.outside": 2, "turn-record.weather": 1, "unincluded": 1},
}

// Every example package's Fixture documents hold (what `muster test` runs on each), and each package has the
// fixtures it is known to have, by rule: `go test` runs the content tests of the showcase games and of the
// test packages.
func TestExampleFixtures(t *testing.T) {
	for name, dir := range examplePackages(t) {
		t.Run(name, func(t *testing.T) {
			got := map[string]int{}
			for _, res := range RunFixtures(Load(dir)) {
				if !res.Pass {
					t.Errorf("fixture %s (%s): %s", res.Fixture.ID, res.Fixture.At, res.Why)
					for _, d := range res.Diags {
						t.Logf("  %s", d)
					}
				}
				if res.Fixture.Expect == "fail" {
					for _, r := range res.Fixture.Rules {
						got[r]++
					}
				} else {
					got["pass"]++
				}
			}
			want := fixtureCounts[name]
			for k := range merged(got, want) {
				if got[k] != want[k] {
					t.Errorf("%s: %d fixtures, want %d (a fixture added or dropped: update fixtureCounts)", k, got[k], want[k])
				}
			}
		})
	}
}

func merged(a, b map[string]int) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// classicItems is issue 15's list, item by item, and the checks it found missing: for each, fixtures that
// pass and fixtures that must fail with the named check, in the package whose published rules use it (else
// the test package river-line).
var classicItems = []struct {
	item, pkg string
	pass      []string
	fail      map[string]string // fixture id -> the check (or code) it fails with
}{
	{"1 set-up state", "river-line", []string{"setup-reduced-and-marked", "setup-zone-holds-its-count"}, map[string]string{
		"setup-hq-on-its-back": "setup.flipped", "setup-with-a-marker-the-game-lacks": "setup.marker",
		"setup-bridge-hex-left-empty": "setup.unfilled", "setup-line-short-of-its-zone": "setup.zone-count",
		"setup-deployment-holds-more-than-set-up": "setup.zone-count", "setup-zone-each-and-holds-disagree": "setup.zone-count"}},
	{"2 replacements and pools", "river-line", []string{"turns-mud-and-replacements"}, map[string]string{
		"replacements-after-the-end": "replacements.late", "replacements-of-nothing": "replacements.empty",
		"replacements-rebuild-an-enemy-unit": "replacements.unit", "replacements-pool-of-a-missing-unit": "replacements.unit",
		"replacements-enter-in-supply-without-sources": "replacements.enter", "turns-available-after-the-end": "turn-record.outside",
		"replacements-eliminated-and-set-up": "replacements.dead"}},
	{"3 the turn record", "river-line", []string{"turns-mud-and-replacements"}, map[string]string{
		"turns-weather-the-system-lacks": "turn-record.weather", "turns-past-the-last": "turn-record.outside",
		"turns-listed-twice": "turn-record.duplicate"}},
	{"4 sequence of play (PRESTAGS 4.2)", "prestags", []string{"sequence-mutual-phase-in-a-player-turn"}, map[string]string{
		"sequence-mutual-phase-outside-a-player-turn": "sequence.mutual", "sequence-phase-twice": "sequence.duplicate"}},
	{"5 control and victory (PRESTAGS 11.24)", "prestags", []string{"higher-level-is-as-good", "example-bridge-alternatives"}, map[string]string{
		"victory-level-not-in-the-table": "control.level", "victory-hex-not-on-the-map": "control.place",
		"victory-for-a-side-the-scenario-lacks": "control.side"}},
	{"5 control and ownership, sudden death", "river-line", []string{"autumn-offensive-outcomes", "victory-hold-any-two-cities"}, map[string]string{
		"city-owned-by-no-faction": "control.owner", "victory-condition-of-nothing": "control.empty"}},
	{"6 combat table modifiers", "river-line", []string{"crt-column-shifts"}, map[string]string{
		"crt-row-shorter-than-its-columns": "tables.row-length", "crt-shift-for-undeclared-terrain": "tables.shift",
		"crt-columns-out-of-order": "tables.columns"}},
	{"6 odds worked examples (PRESTAGS 7.32)", "prestags", []string{"odds-worked-examples"}, nil},
	{"7 zones of control and movement modes", "river-line", []string{"movement-costs"}, map[string]string{
		"zoc-ignored-by-an-undeclared-class": "movement.class", "rail-mode-along-a-feature-the-system-lacks": "movement.feature",
		"zoc-leave-cost-not-given": "movement.cost"}},
	{"8 rosters without points (PRESTAGS VP)", "prestags", []string{"rosters-count-victory-points"}, map[string]string{
		"roster-of-a-stat-the-system-lacks": "references.unknown"}},
	{"8 rosters of strength", "river-line", []string{"rosters-of-strength"}, nil},
	{"9 situational values (De Gre 6.d)", "ancients", []string{"chariot-worth-three-charging"}, map[string]string{
		"chariot-value-in-an-undeclared-situation": "situational.situation", "elephant-charging-value-twice": "situational.twice",
		"situational-value-of-an-undeclared-stat": "situational.stat"}},
	{"9 army-wide traits (De Gre special 3.b)", "ancients", []string{"carthaginian-army-exempt-from-single-stand-retreat"}, map[string]string{
		"army-grants-an-undeclared-trait": "traits.grant"}},
	{"9 pair formulas (Rampant activation span)", "rampant", []string{"activation-span-worked-example"}, map[string]string{
		"span-of-an-undeclared-class": "command.pair"}},
	{"9 per-leader trump budgets (Alesia)", "rampant", []string{"gaul-trumps-in-two-budgets"}, map[string]string{
		"gaul-trumps-do-not-add-up": "command.trumps", "budget-for-a-leader-the-side-lacks": "command.budget"}},
	{"9 side exemptions (PRESTAGS Mt.Ex.)", "prestags", []string{"mounted-units-exempt"}, map[string]string{
		"exemption-the-system-lacks": "traits.exempt", "exemption-of-a-class-the-system-lacks": "traits.class"}},
	{"9 crossings of walls (Rampant gates)", "rampant", []string{"gate-in-a-fortification-wall"}, map[string]string{
		"gate-in-no-wall": "map-crossings.not-crossable"}},
	{"9 table cell sources (Rampant clash matrix)", "rampant", []string{"published-cell-of-an-illustrative-row"}, map[string]string{
		"cell-source-of-a-column-the-table-lacks": "tables.cell-source"}},
	{"9 unit types that command others (Alesia leaders)", "rampant", []string{"activation-span-worked-example"}, map[string]string{
		"prefect-commands-an-undeclared-class": "command.commands"}},
	{"9 ground-scale factor (Isandlwana)", "fields-of-honor", []string{"isandlwana-scaled-one-to-four"}, map[string]string{
		"scaling-factor-of-nothing": "scale.ground", "scaling-factor-without-a-scale": "scale.ground"}},
	{"9 paths and rivers in inches on a tabletop", "river-line", []string{"table-road-over-the-river-by-a-bridge"}, map[string]string{
		"table-path-through-cells": "map-tabletop.path", "table-river-off-the-table": "map-tabletop.path-off-table",
		"table-road-over-the-river-without-a-bridge": "map-bridges.missing"}},
	{"9 forces of several factions (Isandlwana)", "fields-of-honor", []string{"british-and-colonial-force"}, map[string]string{
		"british-force-with-undeclared-colonials": "factions.force"}},
	{"missing: a unit of a faction its side does not field (THG 15.3)", "highest-ground", []string{"allied-feudal-and-mercenary"}, map[string]string{
		"feudal-force-with-undeclared-mercenaries": "factions.force", "roman-side-fielding-the-allies": "factions.side"}},
	{"missing: opposing units in one cell (THG 6.1 allows it)", "highest-ground", []string{"leaders-and-mercenaries-stack-freely"}, nil},
	{"missing: opposing units in one cell, outside the zone (PRESTAGS 11.1)", "prestags", []string{"deployment-within-three-of-d"}, map[string]string{
		"opposing-units-in-one-hex": "setup.opposing", "deployment-four-hexes-from-d": "setup.outside"}},
	{"missing: a road or railroad over water with no crossing", "river-line", []string{"road-over-the-river-by-a-bridge"}, map[string]string{
		"railroad-over-the-river-without-a-bridge": "map-bridges.missing"}},
	{"missing: a content file no include matches", "river-line", []string{"every-content-file-included"}, map[string]string{
		"combat-table-left-out": "unincluded"}},
	{"missing: a formula naming what its scope lacks", "river-line", []string{"victory-hold-any-two-cities"}, map[string]string{
		"side-rule-names-what-side-lacks": "formulas.compile", "victory-formula-names-what-its-scope-lacks": "formulas.compile"}},
	{"missing: a fixture naming what does not exist", "river-line", []string{"crt-column-shifts"}, map[string]string{
		"fixture-names-what-is-not-there": "fixture-refs"}},
}

// Every item of issue 15 has a fixture that passes and one that fails with the check named for it, and the
// failing one fails for that reason (the check fires in its run).
func TestClassicItemsHaveFixtures(t *testing.T) {
	pkgs := examplePackages(t)
	results := map[string]map[string]FixtureResult{}
	for _, row := range classicItems {
		if results[row.pkg] == nil {
			results[row.pkg] = map[string]FixtureResult{}
			for _, res := range RunFixtures(Load(pkgs[row.pkg])) {
				results[row.pkg][res.Fixture.ID] = res
			}
		}
		got := results[row.pkg]
		for _, id := range row.pass {
			res, ok := got[id]
			switch {
			case !ok:
				t.Errorf("%s: %s has no fixture %s", row.item, row.pkg, id)
			case res.Fixture.Expect == "fail" || !res.Pass:
				t.Errorf("%s: %s must pass: %s", row.item, id, res.Why)
			}
		}
		for id, check := range row.fail {
			res, ok := got[id]
			if !ok {
				t.Errorf("%s: %s has no fixture %s", row.item, row.pkg, id)
				continue
			}
			named, fired := false, false
			for _, r := range res.Fixture.Rules {
				named = named || r == check
			}
			for _, d := range res.Diags {
				fired = fired || FixtureMatches(check, d.Code)
			}
			if res.Fixture.Expect != "fail" || !res.Pass || !named || !fired {
				t.Errorf("%s: %s must fail with %s (named %v, fired %v): %s %v", row.item, id, check, named, fired, res.Why, res.Diags)
			}
		}
	}
}

// The Highest Ground's fixtures fire exactly the rules they are about, at the fixture's own lines.
func TestHighestGroundFixtures(t *testing.T) {
	r := Load(thg)
	got := map[string]FixtureResult{}
	for _, res := range RunFixtures(r) {
		got[res.Fixture.ID] = res
	}
	want := map[string]string{
		"roman-one-baggage-train-short":        "rules.baggage",
		"recoilless-rifle-needs-its-own-train": "rules.baggage",
		"two-romans-in-a-hex":                  "stacking.class",
		"leaders-and-mercenaries-stack-freely": "rules.opposite-combat-units-in-hex",
	}
	for id, code := range want {
		res, ok := got[id]
		if !ok {
			t.Errorf("fixture %s missing", id)
			continue
		}
		found := false
		for _, d := range res.Diags {
			if d.Code == code {
				found = true
				if filepath.Base(d.Pos.File) != "baggage.yaml" && filepath.Base(d.Pos.File) != "stacking.yaml" {
					t.Errorf("%s: %s is not positioned in the fixture: %s", id, code, d)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s in %v", id, code, res.Diags)
		}
	}
	if res := got["roman-as-published"]; !res.Pass || res.Diags.Count(diag.Error) != 0 {
		t.Errorf("published Roman force: %+v", res)
	}
}

// riverLine is the classic operational test package, every item of issue 15 in one game.
const riverLine = "../examples/testdata/river-line"

// withFixture copies a package and adds a fixture file to it.
func withFixture(t *testing.T, src, fixture string) string {
	t.Helper()
	dir := copyTree(t, src)
	if err := os.WriteFile(filepath.Join(dir, "fixtures", "zz-test.yaml"), []byte(fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// fixtureResult runs a package's fixtures and returns the one of an id.
func fixtureResult(t *testing.T, dir, id string) FixtureResult {
	t.Helper()
	r := Load(dir)
	if r.Diags.HasErrors() {
		t.Fatalf("the package does not validate: %v", r.Diags)
	}
	for _, res := range RunFixtures(r) {
		if res.Fixture.ID == id {
			return res
		}
	}
	t.Fatalf("no fixture %s", id)
	return FixtureResult{}
}

// A roster lookup adds up what the System's roster counts, for a package force, the fixture's own force and a
// scenario side, and says what it got when it disagrees; written as a number, or with the roster's name.
func TestFixtureRosterLookups(t *testing.T) {
	good := withFixture(t, "../examples/prestags", `kind: Fixture
id: zz-rosters
expect: pass
force:
  id: zz-two-hc
  faction: red
  units: [{unit: red-hc, count: 2}]
rosters:
  - {force: example-a-force, expect: 40 VP}
  - {force: zz-two-hc, expect: 4}
  - {scenario: example-bridge, side: b, expect: "34 VP"}
`)
	if res := fixtureResult(t, good, "zz-rosters"); !res.Pass {
		t.Errorf("the rosters as they are: %s", res.Why)
	}
	bad := withFixture(t, "../examples/prestags", `kind: Fixture
id: zz-rosters
expect: pass
rosters:
  - {force: example-a-force, expect: 40 points}
  - {force: example-b-force, expect: 35}
  - {scenario: example-bridge, side: a, expect: 41}
`)
	res := fixtureResult(t, bad, "zz-rosters")
	for _, want := range []string{
		"the roster of force example-a-force comes to 40 VP, expected 40 points",
		"the roster of force example-b-force comes to 34 VP, expected 35",
		"the roster of side a of scenario example-bridge comes to 40 VP, expected 41",
	} {
		if res.Pass || !strings.Contains(res.Why, want) {
			t.Errorf("a wrong roster lookup: want %q in %q", want, res.Why)
		}
	}
}

// An outcome lookup may read the fixture's own scenario's victory conditions; numbers in expect may be written
// bare (3, not "3").
func TestFixtureOutcomeOfItsOwnScenario(t *testing.T) {
	dir := withFixture(t, "../examples/prestags", `kind: Fixture
id: zz-own
expect: pass
scenario:
  map: {map: prestags-map}
  sides:
    - {id: a, force: example-a-force}
    - {id: b, force: example-b-force}
  victory:
    decide:
      - {side: a, controls: [M]}
outcomes:
  - {scenario: zz-own, control: {M: a}, expect: a}
  - {scenario: zz-own, control: {M: b}, expect: b}
`)
	res := fixtureResult(t, dir, "zz-own")
	if res.Pass || !strings.Contains(res.Why, "scenario zz-own's victory conditions give none, expected b") || strings.Contains(res.Why, "expected a") {
		t.Errorf("the fixture's own scenario: %+v", res)
	}
}

// A fixture's stand-in map, table or unit type is reported at its own lines in the fixture, with its path
// from the fixture's root, not at the fixture's first line.
func TestFixtureStandInsReportTheirOwnLines(t *testing.T) {
	r := Load("../examples/rampant")
	for _, res := range RunFixtures(r) {
		if res.Fixture.ID != "gate-in-no-wall" && res.Fixture.ID != "cell-source-of-a-column-the-table-lacks" {
			continue
		}
		if len(res.Diags) == 0 {
			t.Fatalf("%s raises nothing", res.Fixture.ID)
		}
		for _, d := range res.Diags {
			if d.Pos.Line <= res.Fixture.At.Line || d.Pos.Path != "" && !strings.HasPrefix(d.Pos.Path, "/maps/0/") && !strings.HasPrefix(d.Pos.Path, "/tables/0/") {
				t.Errorf("%s: %s is not at its place in the fixture (fixture at line %d)", res.Fixture.ID, d, res.Fixture.At.Line)
			}
		}
	}
}

// A fixture's own scenario (and force) is part of the fixture's document too: a check that places a diagnostic
// by pointer finds the key.
func TestFixtureScenarioReportsItsOwnLines(t *testing.T) {
	r := Load("../examples/fields-of-honor")
	for _, res := range RunFixtures(r) {
		if res.Fixture.ID != "scaling-factor-of-nothing" {
			continue
		}
		if len(res.Diags) != 1 || res.Diags[0].Pos.Path != "/scenario/groundScale" {
			t.Errorf("the ground scale of a fixture's scenario: %v", res.Diags)
		}
		return
	}
	t.Fatal("no fixture scaling-factor-of-nothing")
}

// A fixture that stands a System key in for the package's counts what the variant adds to the package, not
// what it makes of the other fixtures' names: dropping the strategic mode says nothing about a fixture that
// moves in it.
func TestVariantFixtureCountsOnlyItsOwn(t *testing.T) {
	res := fixtureResult(t, riverLine, "rail-mode-along-a-feature-the-system-lacks")
	if len(res.Diags) != 1 || res.Diags[0].Code != "movement.feature" {
		t.Errorf("the variant's diagnostics: %v", res.Diags)
	}
}

// A fixture that names a table, unit type, scenario, rule or check that does not exist is reported, each name
// at its place with the nearest existing one as a hint; its lookups are not run.
func TestFixtureNamesWithDidYouMean(t *testing.T) {
	dir := withFixture(t, riverLine, `kind: Fixture
id: zz-names
expect: fail
rules: [setup, tabels, rules.stacking-limt]
lookups:
  - {table: crtt, attack: 16, defence: 4, expect: "4:1"}
values:
  - {unit: north-armor, stat: atack, when: [exploting], expect: 6}
pairValues:
  - {pair: hq-suport, leader: north-hq, unit: north-infantry, expect: 2}
moves:
  - {map: river-lin, unit: north-infantry, mode: rial, path: ["0105", "0106"], expect: 1}
outcomes:
  - {scenario: autumn-offensiv, expect: north}
rosters:
  - {scenario: autumn-offensive, side: nort, expect: 42}
`)
	r := Load(dir)
	want := map[string]string{
		`rule or check "tabels"`:     `did you mean "tables"?`,
		`table "crtt"`:               `did you mean "crt"?`,
		`unit type "north-armor"`:    `did you mean "north-armour"`,
		`stat "atack"`:               `did you mean "attack"?`,
		`situation "exploting"`:      `did you mean "exploiting"?`,
		`pair formula "hq-suport"`:   `did you mean "hq-support"?`,
		`map "river-lin"`:            `did you mean "river-line"?`,
		`movement mode "rial"`:       `did you mean "rail"?`,
		`scenario "autumn-offensiv"`: `did you mean "autumn-offensive"?`,
		`side "nort"`:                `did you mean "north"?`,
		`rule "rules.stacking-limt"`: ``,
	}
	for _, d := range r.Diags {
		if d.Code != "fixture-refs.unknown" {
			continue
		}
		for name, hint := range want {
			if strings.Contains(d.Message, name) {
				if !strings.Contains(d.Hint, hint) {
					t.Errorf("%s: hint %q, want %q", d.Message, d.Hint, hint)
				}
				if filepath.Base(d.Pos.File) != "zz-test.yaml" || d.Pos.Line < 2 {
					t.Errorf("%s is not at its place: %s", name, d.Pos)
				}
				delete(want, name)
			}
		}
	}
	for name := range want {
		t.Errorf("no fixture-refs diagnostic for %s in %v", name, r.Diags)
	}
}

// A fixture's moves may run on a map the fixture itself brings (its maps stand in for the package's, or are
// added), and its lookups may read its own tables: fixture-refs does not report them.
func TestFixtureNamesItsOwnMapsAndTables(t *testing.T) {
	dir := withFixture(t, riverLine, `kind: Fixture
id: zz-own
expect: pass
maps:
  - kind: Map
    id: zz-strip
    grid: {type: hex, orientation: flat, offset: odd, cols: 2, rows: 1, cellSize: 0.6in, numbering: {scheme: ccrr, digits: 2}}
    legend: {".": clear}
    terrain: [".."]
tables:
  - {kind: Table, id: zz-crt, type: crt, columns: ["1:1", "2:1"], rows: [{label: "1", cells: [AL, DR]}]}
moves:
  - {map: zz-strip, unit: north-infantry, path: ["0101", "0201"], expect: 1}
lookups:
  - {table: zz-crt, attack: 4, defence: 2, expect: "2:1"}
`)
	r := Load(dir)
	for _, d := range r.Diags {
		if strings.HasPrefix(d.Code, "fixture-refs") {
			t.Errorf("%s", d)
		}
	}
	if res := fixtureResult(t, dir, "zz-own"); !res.Pass {
		t.Errorf("zz-own: %s %v", res.Why, res.Diags)
	}
}

// Every lookup of a fixture that disagrees is reported, each on a line of its own at its place: not only the
// first.
func TestFixtureReportsEveryFailingLookup(t *testing.T) {
	dir := withFixture(t, riverLine, `kind: Fixture
id: zz-wrong
expect: pass
lookups:
  - {table: crt, attack: 16, defence: 4, terrain: forest, expect: "4:1"}
  - {table: crt, attack: 16, defence: 4, terrain: clear, expect: "4:1"}
  - {table: crt, attack: 16, defence: 4, terrain: city, expect: "3:1"}
values:
  - {unit: north-armour, stat: attack, when: [exploiting], expect: 6}
pairValues:
  - {pair: hq-support, leader: north-hq, unit: north-cavalry, expect: 2}
moves:
  - {map: river-line, unit: north-infantry, path: ["0904", "1004"], expect: 1}
outcomes:
  - {scenario: autumn-offensive, control: {hollin: south}, expect: north}
rosters:
  - {force: northern-army, expect: 42 points}
`)
	res := fixtureResult(t, dir, "zz-wrong")
	lines := strings.Split(res.Why, "\n")
	want := []string{
		"zz-test.yaml:5:5: 16 against 4 on crt reads 4:1, 1 left (Defender in forest or hills): 3:1, expected 4:1",
		"zz-test.yaml:7:5: 16 against 4 on crt reads 4:1, 2 left (Defender in a city): 2:1, expected 3:1",
		"zz-test.yaml:9:5: north-armour's attack when exploiting is 8, expected 6",
		"zz-test.yaml:11:5: pair hq-support of north-hq and north-cavalry is not commanded, expected 2",
		"zz-test.yaml:13:5: moving north-infantry along 0904-1004 costs 3, expected 1",
		"zz-test.yaml:15:5: scenario autumn-offensive's victory conditions give south (Southern Front victory), expected north",
		"zz-test.yaml:17:5: the roster of force northern-army comes to 42 strength, expected 42 points",
	}
	if res.Pass || len(lines) != len(want) {
		t.Fatalf("want %d failing lookups, got %d:\n%s", len(want), len(lines), res.Why)
	}
	for i, w := range want {
		if !strings.HasSuffix(lines[i], w) {
			t.Errorf("line %d: %q, want it to end %q", i+1, lines[i], w)
		}
	}
}
