package tts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/validate"
)

// A round counter is a circular tile; a hexagonal one a box, and the set's notes say so.
func TestCounterShapesBecomeTiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "layout")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "print", "counters", "testdata", "layout"))); err != nil {
		t.Fatal(err)
	}
	mix := "kind: CounterMix\nid: hex\nshape: hex\ncounters:\n  - {unit: 12-pz, count: 2}\n---\nkind: CounterMix\nid: round\nshape: round\ncounters:\n  - {unit: 2-para, count: 2}\n"
	if err := os.WriteFile(filepath.Join(dir, "mix.yaml"), []byte(mix), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatal(err)
	}
	s, ds, err := Export(c, Options{ImageBaseURL: testBase})
	if err != nil || s == nil {
		t.Fatalf("export: %v %s", err, ds.Summary())
	}
	types := map[string]float64{}
	var walk func(objs []obj)
	walk = func(objs []obj) {
		for _, o := range objs {
			if o.str("Name") == "Custom_Tile" {
				types[o.str("Nickname")] = o.num("CustomImage", "CustomTile", "Type")
			}
			walk(o.children("ContainedObjects"))
		}
	}
	walk(parseSaved(t, s.file(s.Objects[0].File), s.Objects[0].File))
	want := map[string]float64{"2nd Parachute Battalion": tileCircle, "12th Panzer Division": tileBox}
	for name, typ := range want {
		got, ok := types[name]
		if !ok {
			t.Errorf("no tile %q among %v", name, types)
		} else if got != typ {
			t.Errorf("%s: tile type %v, want %v", name, got, typ)
		}
	}
	if !strings.Contains(strings.Join(s.Notes, "\n"), "1 hexagonal counter design is a square tile") {
		t.Errorf("notes say nothing of the hexagonal counter: %q", s.Notes)
	}
}
