package vassal

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/validate"
)

// Updates keep games (issue 29, item 4): a piece's gpid comes from content ids, so a package in which one
// counter's values changed and a unit type was added before every other exports a module in which every
// piece slot of the old module keeps its gpid (and every piece but the changed counter's its definition);
// VASSAL's Refresh Counters finds each running piece's slot by that id.
func TestGPIDsStableAcrossExports(t *testing.T) {
	dir := copyPackage(t, "rampant")
	before := slotsByPath(t, dir)
	units := filepath.Join(dir, "units", "examples.yaml")
	b, err := os.ReadFile(units)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(b), "stats: {code: CO, ql: 6, sp: 3, ma: 5, missile: J}", "stats: {code: CO, ql: 5, sp: 3, ma: 5, missile: J}", 1)
	if changed == string(b) {
		t.Fatal("the cohort's stats are not in units/examples.yaml")
	}
	added := "kind: UnitType\nid: aaa-added\nname: \"Added HC (illustrative)\"\nabbr: AH\nfaction: macedonian\nclasses: [combat, cavalry]\n" +
		"symbol: cavalry\nstats: {code: HC, ql: 5, sp: 2}\nback: {kind: blank}\nnotes: \"Illustrative: added by a test.\"\n---\n"
	if err := os.WriteFile(units, []byte(added+changed), 0o644); err != nil {
		t.Fatal(err)
	}
	after := slotsByPath(t, dir)
	kept, redefined := 0, 0
	for path, s := range before {
		a, ok := after[path]
		if !ok {
			t.Errorf("%s is gone", path)
			continue
		}
		if a.gpid != s.gpid {
			t.Errorf("%s: gpid %s, was %s", path, a.gpid, s.gpid)
			continue
		}
		kept++
		if a.def != s.def {
			redefined++
			if !strings.Contains(path, "PieceSlot[unit:spqr-cohort]") { // a slot is named by its design's key
				t.Errorf("%s changed, though its counter did not", path)
			}
		}
	}
	if redefined == 0 || len(after) <= len(before) {
		t.Errorf("%d slots redefined, %d slots after for %d before: the changes did not reach the module", redefined, len(after), len(before))
	}
	t.Logf("%d slots keep their gpids, %d of them redefined; %d slots after", kept, redefined, len(after))
}

type slotSeen struct{ gpid, def string }

// slotsByPath exports a package and lists its piece and card slots by path (the components above it, its
// name and its occurrence there).
func slotsByPath(t *testing.T, dir string) map[string]slotSeen {
	t.Helper()
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatal(err)
	}
	m, ds, err := Export(c, Options{})
	if err == nil && m == nil {
		err = errFromDiags(ds)
	}
	if err != nil {
		t.Fatal(err)
	}
	root, err := buildfile.Parse(bytes.NewReader(m.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]slotSeen{}
	seen := map[string]int{}
	root.Walk(func(el *buildfile.Element, path string, _ *buildfile.Element) bool {
		if el.Class == classPieceSlot || el.Class == classCardSlot {
			seen[path]++
			out[path+"#"+itoa(seen[path])] = slotSeen{el.Attr("gpid"), el.Text}
		}
		return true
	})
	return out
}
