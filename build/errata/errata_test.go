package errata

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/validate"
)

func examplePath(name string) string { return filepath.Join("..", "..", "examples", name) }

// copyExample copies an example package into a temporary folder and replaces one string in one of its files
// (once; the test fails when the string is not there).
func copyExample(t testing.TB, name, file, old, new string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(examplePath(name))); err != nil {
		t.Fatal(err)
	}
	if file != "" {
		edit(t, dir, file, old, new)
	}
	return dir
}

func version(t testing.TB, dir string) Version {
	t.Helper()
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return Version{Checked: c, Dir: dir}
}

// The BAR's attack (its front "2*", a mercenary weapon) becomes 3*, in a copy of The Highest Ground. The
// errata name exactly that value of that unit, its one counter is the one to reprint, both exports change
// only that unit's pieces and objects, and every VASSAL piece keeps its gpid.
func TestOneAttackChanged(t *testing.T) {
	const attack = `stats: {movement: 1, range: 4, attack: "2*", morale: 1, defense: 2}`
	old := version(t, examplePath("highest-ground"))
	dir := copyExample(t, "highest-ground", "units/mercenary.yaml", attack, strings.Replace(attack, `"2*"`, `"3*"`, 1))
	new := version(t, dir)
	r, ds, err := Compare(old, new, Options{})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	// Each version exported once; Compare with Options.Digital compares these two exports.
	var ex [2]*exported
	for i, v := range []Version{old, new} {
		if ex[i], err = export(v.Checked); err != nil {
			t.Fatal(err)
		}
	}
	r.VASSAL, r.TTS = compareVASSAL(ex[0], ex[1]), compareTTS(ex[0], ex[1])
	if len(r.Units) != 1 || r.Units[0].ID != "bar" || r.Units[0].Status != Changed || len(r.Units[0].Values) != 1 {
		t.Fatalf("units %+v, want the BAR changed in one value", r.Units)
	}
	v := r.Units[0].Values[0]
	if v.Path != "stats.attack" || v.Old != "2*" || v.New != "3*" {
		t.Errorf("value %+v, want stats.attack 2* -> 3*", v)
	}
	if !strings.HasSuffix(v.Pos.File, filepath.Join("units", "mercenary.yaml")) || v.Pos.Line == 0 {
		t.Errorf("value at %s, want its line in units/mercenary.yaml", v.Pos)
	}
	if len(r.Counters) != 1 || r.Counters[0].Key != "unit/bar" || !r.Counters[0].Front || r.Counters[0].Back || r.Counters[0].Replace() != 1 {
		t.Errorf("counters %+v, want the BAR's one counter, its front changed", r.Counters)
	}
	if len(r.Scenarios) != 0 || len(r.Documents) != 0 {
		t.Errorf("scenarios %+v, documents %+v: nothing else changed", r.Scenarios, r.Documents)
	}
	// VASSAL: the BAR's slots (the palette's, the scenario's) are redefined; no other; no slot added or removed.
	if r.VASSAL == nil || len(r.VASSAL.Pieces) == 0 || len(r.VASSAL.Prototypes) != 0 {
		t.Fatalf("VASSAL %+v", r.VASSAL)
	}
	for _, p := range r.VASSAL.Pieces {
		if p.Slot != "unit:bar" || p.Status != Changed || !p.Definition {
			t.Errorf("VASSAL piece %+v: only the BAR's definitions should change", p)
		}
	}
	// Every gpid of the old module is in the new one, and no other.
	ids := func(e *exported) map[string]string {
		root, err := buildfile.Parse(bytes.NewReader(e.module.File("buildFile.xml")), buildfile.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		root.Walk(func(el *buildfile.Element, path string, _ *buildfile.Element) bool {
			if g := el.Attr("gpid"); g != "" && strings.HasSuffix(el.Class, "Slot") {
				out[g] = path
			}
			return true
		})
		return out
	}
	a, b := ids(ex[0]), ids(ex[1])
	if len(a) == 0 || len(a) != len(b) {
		t.Errorf("%d slots before, %d after", len(a), len(b))
	}
	for g, path := range a {
		if b[g] != path {
			t.Errorf("gpid %s: %s before, %q after", g, path, b[g])
		}
	}
	if r.TTS == nil || len(r.TTS.Objects) == 0 {
		t.Fatalf("TTS %+v", r.TTS)
	}
	for _, o := range r.TTS.Objects {
		if o.Nickname != "BAR" || o.Status != Changed || o.OldGUID != "" {
			t.Errorf("TTS object %+v: only the BAR's tiles should change, keeping their GUIDs", o)
		}
	}
}

// A copy is no change. Then a unit set up elsewhere and a count raised: the scenario's move and the counter's
// added copy, each said once, by id.
func TestSetupAndCountChanged(t *testing.T) {
	old := version(t, examplePath("testdata/river-line"))
	dir := copyExample(t, "testdata/river-line", "", "", "")
	r, _, err := Compare(old, version(t, dir), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Empty() || r.VASSAL != nil || r.TTS != nil {
		t.Fatalf("a copy differs: %+v", r)
	}
	edit(t, dir, "scenarios/autumn-offensive.yaml", `{unit: south-cavalry, count: 1, cells: ["1412"]}`, `{unit: south-cavalry, count: 1, cells: ["1411"]}`)
	edit(t, dir, "counters.yaml", "{unit: south-hq, count: 2}", "{unit: south-hq, count: 3}")
	r, _, err = Compare(old, version(t, dir), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Scenarios) != 1 || r.Scenarios[0].ID != "autumn-offensive" || len(r.Scenarios[0].Moved) != 1 ||
		len(r.Scenarios[0].Placed)+len(r.Scenarios[0].Lifted)+len(r.Scenarios[0].Waiting) != 0 {
		t.Fatalf("scenarios %+v, want autumn-offensive with one move", r.Scenarios)
	}
	if m := r.Scenarios[0].Moved[0]; m.Unit != "south-cavalry" || m.From != "1412" || m.To != "1411" || m.Side != "south" {
		t.Errorf("move %+v, want south's south-cavalry 1412 -> 1411", m)
	}
	if len(r.Counters) != 1 || r.Counters[0].ID != "south-hq" || r.Counters[0].Front || r.Counters[0].OldCount != 2 || r.Counters[0].NewCount != 3 || r.Counters[0].Replace() != 1 {
		t.Errorf("counters %+v, want south-hq 2 -> 3, one to print", r.Counters)
	}
	// The scenario and the counter mix are also documents whose values changed.
	var kinds []string
	for _, d := range r.Documents {
		kinds = append(kinds, d.Kind+" "+d.ID)
	}
	if strings.Join(kinds, ", ") != "CounterMix river-line-counters, Scenario autumn-offensive" {
		t.Errorf("documents %v", kinds)
	}
}

// edit replaces old by new in a file of the package, once.
func edit(t testing.TB, dir, file, old, new string) {
	t.Helper()
	must.Edit(t, filepath.Join(dir, filepath.FromSlash(file)), old, new)
}

// Two packages of different games: an error at the new manifest's id, the old manifest's among the related
// places, and no report.
func TestDifferentGames(t *testing.T) {
	a, b := version(t, examplePath("testdata/river-line")), version(t, examplePath("highest-ground"))
	r, ds, err := Compare(a, b, Options{})
	if err != nil || r != nil || len(ds) != 1 {
		t.Fatalf("report %v, diagnostics %v, error %v", r, ds, err)
	}
	d := ds[0]
	if d.Code != CodeGames || !strings.HasSuffix(d.Pos.File, filepath.Join("highest-ground", "muster.yaml")) || d.Pos.Line == 0 ||
		len(d.Related) != 1 || !strings.HasSuffix(d.Related[0].Pos.File, filepath.Join("river-line", "muster.yaml")) || d.Related[0].Pos.Line == 0 {
		t.Errorf("diagnostic %v (related %v)", d, d.Related)
	}
}
