package validate

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
)

// An objective in a holding box no connection joins to the map cannot be reached from where the sides set
// up; one on the map can, and a scenario whose units all wait off the map reaches nothing (and is not warned).
func TestUnreachableObjective(t *testing.T) {
	for _, tc := range []struct{ objective, want string }{
		{"{id: the-box, cells: [red-reserve]}", "scenario contest: objective the-box on red-reserve lies where no chain of connections leads"},
		{"{id: the-south, cells: [south-east]}", ""},
	} {
		dir := copyTree(t, filepath.Join("testdata", "maps", "area-good"))
		sc := filepath.Join(dir, "scenario.yaml")
		text, err := os.ReadFile(sc)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(text), "  - {id: castle-ne, cells: [north-east], points: 2}\n", "  - {id: castle-ne, cells: [north-east], points: 2}\n  - "+tc.objective+"\n", 1)
		if s == string(text) {
			t.Fatal("the fixture's objectives are not where the test expects them")
		}
		if err := os.WriteFile(sc, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range Load(dir).Diags {
			if d.Code == "map-connections.unreachable" {
				got = append(got, d.Message)
			}
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: %v", tc.objective, got)
		case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
			t.Errorf("%s: got %q, want %q", tc.objective, got, tc.want)
		}
	}
}

// A System that declares its kinds of place holds places to them, with a did-you-mean.
func TestPlaceKinds(t *testing.T) {
	dir := copyTree(t, filepath.Join("testdata", "maps", "area-good"))
	for _, f := range []struct{ file, old, new string }{
		{"system.yaml", "placeStats:", "placeKinds: [{id: castle, name: Castle}, {id: port, name: Port}]\nplaceStats:"},
		{"map.yaml", "{id: north-east, name: North East,", "{id: north-east, name: North East, kind: castel,"},
		{"map.yaml", "{id: north, name: North,", "{id: north, name: North, kind: port,"},
	} {
		p := filepath.Join(dir, f.file)
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(text), f.old, f.new, 1)
		if s == string(text) {
			t.Fatalf("%s does not hold %q", f.file, f.old)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, d := range Load(dir).Diags {
		if d.Code == "map-places.kind" {
			got = append(got, d.Message+" ("+d.Hint+")")
		}
	}
	want := `area north-east is of kind "castel", which the System's placeKinds do not declare (did you mean "castle"?)`
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Hostile area maps get a diagnostic at their file and line, not a long wait: an outline of 100,000 corners,
// 200,000 connections, a coordinate that is not a number.
func TestHostileNetworkMaps(t *testing.T) {
	corners := func(n int) string {
		var b strings.Builder
		b.WriteString("[")
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			a := 2 * math.Pi * float64(i) / float64(n)
			fmt.Fprintf(&b, "[%.4f, %.4f]", 5+4*math.Cos(a), 5+4*math.Sin(a))
		}
		b.WriteString("]")
		return b.String()
	}
	var links strings.Builder
	for i := 0; i < 200000; i++ {
		fmt.Fprintf(&links, "  - {between: [a, b]}\n")
	}
	for _, tc := range []struct{ name, areas, connections, code string }{
		{"100,000 corners", "  - {id: a, polygon: " + corners(100000) + "}\n  - {id: b, polygon: [[0, 0], [1, 0], [1, 1]]}\n", "", "schema.maxItems"},
		{"200,000 connections", "  - {id: a, polygon: [[0, 0], [1, 0], [1, 1]]}\n  - {id: b, polygon: [[1, 0], [2, 0], [1, 1]]}\n", links.String(), "map-grid.grid"},
		{"a coordinate that is not a number", "  - {id: a, polygon: [[0, 0], [.nan, 0], [1, 1]]}\n", "", "schema.type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := "kind: Map\nid: m\ngrid: {type: area, width: 10in, height: 10in}\nareas:\n" + tc.areas
			if tc.connections != "" {
				m += "connections:\n" + tc.connections
			}
			dir := writePkg(t, map[string]string{
				"muster.yaml": "kind: Package\nid: h\nversion: 1.0.0\nsystem: sys\n",
				"system.yaml": "kind: System\nid: sys\ngrid: area\n",
				"map.yaml":    m,
			})
			var found []string
			for _, d := range Load(dir).Diags {
				if d.Severity == diag.Error && filepath.Base(d.Pos.File) == "map.yaml" && d.Pos.Line > 0 {
					found = append(found, d.Code)
				}
			}
			if !slices.Contains(found, tc.code) && !(tc.code == "map-grid.grid" && slices.Contains(found, "syntax.too-large")) {
				t.Errorf("got %v, want %s at a line of map.yaml", found, tc.code)
			}
		})
	}
}
