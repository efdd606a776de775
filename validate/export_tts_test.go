package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

func TestExportTTSCheck(t *testing.T) {
	run := func(pkg *content.Package) diag.List {
		var out diag.List
		runCheck(exportTTSCheck, newRun(pkg), &out, exportTTSCheck.Package)
		return out
	}
	pkg, ds := content.Load("../examples/prestags")
	ds.Extend(pkg.Decode(nil))
	if got := run(pkg); len(got) != 0 {
		t.Fatalf("the example's maps and counters are Tabletop Simulator's: %v", got)
	}
	// A map of 5in hexes some 350in wide is more than a map's images may be even at the lowest resolution,
	// and a counter of 200in more than one image.
	dir := writePkg(t, map[string]string{"muster.yaml": testManifest, "system.yaml": testSystem, "units.yaml": testUnits,
		"maps.yaml": "kind: Map\nid: huge\ngrid: {type: hex, cellSize: 5in, cols: 80, rows: 80}\n",
		"mix.yaml":  "kind: CounterMix\nid: mix\ncounterSize: 200in\ncounters:\n  - {unit: a, count: 2}\n  - {unit: b, count: 2}\n"})
	pkg, ds = content.Load(dir)
	ds.Extend(pkg.Decode(nil))
	got := run(pkg)
	count := map[string]int{}
	for _, d := range got {
		count[d.Code]++
		if d.Severity != diag.Warning || d.Pos.IsZero() || d.Hint == "" {
			t.Errorf("%v: want a warning at the content, with a hint", d)
		}
	}
	if count["export-tts.map-size"] != 1 || count["export-tts.counter-size"] != 1 {
		t.Fatalf("want one map-size and one counter-size warning (the mix's size, said once), got %v", got)
	}
	if s := fmt.Sprint(got); !strings.Contains(s, "mix.yaml:3") || !strings.Contains(s, "and 1 more") {
		t.Errorf("the counters' warning is not at the mix's counterSize: %v", got)
	}
}

// A deck whose cards do not fit Tabletop Simulator's card sheet (10 x 7 of them in 4,096 pixels at 24 dpi) is
// warned of at its size; the example decks fit.
func TestExportTTSCheckCards(t *testing.T) {
	run := func(pkg *content.Package) diag.List {
		var out diag.List
		runCheck(exportTTSCheck, newRun(pkg), &out, exportTTSCheck.Package)
		return out
	}
	pkg, ds := content.Load("../examples/testdata/marches")
	ds.Extend(pkg.Decode(nil))
	for _, d := range run(pkg) {
		if d.Code == "export-tts.card-size" {
			t.Errorf("the example's cards do not fit: %v", d)
		}
	}
	dir := writePkg(t, map[string]string{"muster.yaml": testManifest, "system.yaml": testSystem, "units.yaml": testUnits,
		"deck.yaml": "kind: Deck\nid: huge\nsize: 20x12in\n", "cards.yaml": "kind: Card\nid: c\ntitle: C\n"})
	pkg, ds = content.Load(dir)
	ds.Extend(pkg.Decode(nil))
	var found []diag.Diagnostic
	for _, d := range run(pkg) {
		if d.Code == "export-tts.card-size" {
			found = append(found, d)
		}
	}
	if len(found) != 1 || found[0].Severity != diag.Warning || !strings.HasSuffix(found[0].Pos.File, "deck.yaml") || found[0].Pos.Line != 3 {
		t.Fatalf("want one card-size warning at deck.yaml:3, got %v", found)
	}
}
