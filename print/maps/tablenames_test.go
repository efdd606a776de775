package maps

import (
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// A place on an open table named like one of the map's pieces (a generated settlement is both) is named
// once, by the piece; a place of its own name is named.
func TestTablePlaceNamedOnce(t *testing.T) {
	pkg := load(t, "fields-of-honor")
	m := pkg.Map("generic-1")
	if m == nil {
		t.Fatal("no map generic-1")
	}
	in := func(v float64) value.Length { l, _ := value.ParseLength(trimNum(v) + "in"); return l }
	m.Locations = append(m.Locations,
		content.Location{ID: "hill", Name: "Hill", Kind: "settlement", Point: []value.Length{in(20), in(14)}},
		content.Location{ID: "mill", Name: "The mill", Kind: "settlement", Point: []value.Length{in(30), in(20)}})
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Layout(Options{Paper: letter}); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, n := range d.placedNames() {
		for _, l := range n.lines {
			count[l]++
		}
	}
	if count["Hill"] != 1 || count["The mill"] != 1 {
		t.Errorf("names placed %v: want Hill once (the piece's) and The mill once", count)
	}
}
