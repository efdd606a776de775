package validate

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

func TestExportVassalCheck(t *testing.T) {
	pkg, ds := content.Load("../examples/prestags")
	ds.Extend(pkg.Decode(nil))
	run := func() diag.List {
		var out diag.List
		runCheck(exportVassalCheck, newRun(pkg), &out, exportVassalCheck.Package)
		return out
	}
	if got := run(); len(got) != 0 {
		t.Fatalf("the example's labels are VASSAL's: %v", got)
	}
	m := pkg.Maps()[0]
	m.Grid.Numbering = &content.Numbering{Scheme: "pattern", Pattern: "{col:02}${row:02}"}
	got := run()
	if len(got) != 1 || got[0].Code != "export-vassal.numbering" || !strings.Contains(got[0].Message, "$") {
		t.Fatalf("got %v", got)
	}
}

// Places of area and point-to-point maps that a VASSAL module's board cannot tell apart at the resolution the
// export draws it at (150 dpi for the fixtures): two points on one pixel, a point on its own outline, a point
// in another place's circle.
func TestExportVassalPlaces(t *testing.T) {
	load := func(name string) *content.Package {
		pkg, ds := content.Load("testdata/maps/" + name)
		ds.Extend(pkg.Decode(nil))
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		return pkg
	}
	run := func(pkg *content.Package) []string {
		var out diag.List
		runCheck(exportVassalCheck, newRun(pkg), &out, exportVassalCheck.Package)
		var got []string
		for _, d := range out {
			got = append(got, d.Code+" "+d.Message)
		}
		return got
	}
	area, p2p := load("area-good"), load("p2p-good")
	if got := append(run(area), run(p2p)...); len(got) != 0 {
		t.Fatalf("the fixtures' places are VASSAL's: %v", got)
	}
	// north-west's point 0.003in from its west edge: half a pixel at 150 dpi.
	area.Maps()[0].Areas[0].Anchor = []float64{0.003, 1.5}
	// delm's point a third of a pixel from alba's; erno (now a dot) inside brest's circle (6 mm about 80, 20).
	places := p2p.Maps()[0].Places
	places[3].Anchor = []float64{20.05, 20.02}
	places[4].Anchor, places[4].Radius = []float64{83, 21}, nil
	for _, tc := range []struct {
		pkg  *content.Package
		want []string
	}{
		{area, []string{"export-vassal.place map isle: the point of area north-west falls on its outline on a VASSAL module's board at 150 dpi"}},
		{p2p, []string{
			"export-vassal.place map front: the points of places alba and delm fall on one pixel",
			"export-vassal.place map front: the point of place erno falls in brest on a VASSAL module's board at 150 dpi, where its units would stand in brest",
		}},
	} {
		got := run(tc.pkg)
		if len(got) != len(tc.want) {
			t.Fatalf("got %q, want %q", got, tc.want)
		}
		for i := range got {
			if !strings.HasPrefix(got[i], tc.want[i]) {
				t.Errorf("got %q, want %q...", got[i], tc.want[i])
			}
		}
	}
}
