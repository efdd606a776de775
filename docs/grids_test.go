package docs_test

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// gridsDPI is the resolution of the pictures of docs/grids.md.
const gridsDPI = 150

// The system the grid pictures are drawn with: one terrain, nothing else.
const gridsSystem = `kind: System
id: grids
name: Grid pictures
terrain:
  - {id: clear, name: Clear, char: ".", colour: "#f3efdc"}
features:
  - {id: border, name: Border, on: hexside}
  - {id: rugged, name: Rugged border, on: hexside, colour: "#a03020", style: dashed, stop: true}
  - {id: road, name: Road, on: path, colour: "#8a5a2b"}
  - {id: rail, name: Railway, on: path, colour: "#202020", style: dashed}
`

var (
	gridComment = regexp.MustCompile(`^grid: ([a-z0-9-]+)( cellSize)?$`)
	gridPicture = regexp.MustCompile(`!\[[^\]]*\]\(grids/([a-z0-9-]+)\.png\)`)
	labelCheck  = regexp.MustCompile(`^([a-z0-9-]+) (\S+) is column (\d+) row (\d+)$`)
	placeCheck  = regexp.MustCompile(`^([a-z0-9-]+) (\S+) (below|right of) (\S+) by (.+)$`)
	nextCheck   = regexp.MustCompile(`^([a-z0-9-]+) (\S+) is (not )?next to (\S+)$`)
	hopsCheck   = regexp.MustCompile(`^([a-z0-9-]+) (\S+) is (\d+) connections? from (\S+)$`)
	aloneCheck  = regexp.MustCompile(`^([a-z0-9-]+) (\S+) is joined to nothing$`)
)

// distances a check may state, in cell sizes (across the flats) or, for hexes, corner-to-corner widths.
var distances = map[string]float64{
	"half a cell":     0.5,
	"a whole cell":    1,
	"two whole cells": 2,
	"three quarters of a corner-to-corner width": 0.75 * 2 / math.Sqrt(3),
}

// docs/grids.md: every map it shows is muster content that validates, every picture is what muster draws from
// it (docs/grids/*.png, redrawn with MUSTER_UPDATE_DOCS=1), and every check the page states about a grid —
// which column and row a label is, how far one cell's centre lies below or right of another's — holds on
// that grid's geometry.
func TestGridsPage(t *testing.T) {
	md := readDoc(t, "grids.md")
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: grids\nversion: 1.0.0\nsystem: grids\ninclude: [system.yaml, maps/*.yaml]\n",
		"system.yaml": gridsSystem,
	}
	annotate := map[string]bool{}
	for _, f := range fences(md) {
		m := gridComment.FindStringSubmatch(f.comment)
		if m == nil || f.lang != "yaml" {
			continue
		}
		files["maps/"+m[1]+".yaml"] = f.text
		annotate[m[1]] = m[2] != ""
	}
	if len(annotate) < 6 {
		t.Fatalf("docs/grids.md shows %d grids", len(annotate))
	}
	dir := t.TempDir()
	writeFiles(t, dir, files)
	r := validate.Load(dir)
	if r.Diags.HasErrors() {
		t.Fatalf("the grids of docs/grids.md do not validate: %v", r.Diags)
	}
	pkg := r.Pkg
	sets := map[string]*content.MapSet{}
	for name := range annotate {
		m := pkg.Map(name)
		if m == nil {
			t.Fatalf("no map %s (each grid's id must be its name)", name)
		}
		set, err := pkg.MapSetOf(m)
		if err != nil {
			t.Fatal(err)
		}
		sets[name] = set
	}

	checks := comments(md, "check:")
	if len(checks) < 15 {
		t.Errorf("docs/grids.md states %d checks", len(checks))
	}
	for line, c := range checks {
		where := "docs/grids.md:" + strconv.Itoa(line)
		if m := labelCheck.FindStringSubmatch(c); m != nil {
			set := sets[m[1]]
			if set == nil {
				t.Errorf("%s: no grid %s", where, m[1])
				continue
			}
			ref, err := set.Lookup(m[2])
			col, _ := strconv.Atoi(m[3])
			row, _ := strconv.Atoi(m[4])
			if err != nil || ref.Cell.Col+1 != col || ref.Cell.Row+1 != row {
				t.Errorf("%s: %s is column %d row %d (%v), not as the page says: %s", where, m[2], ref.Cell.Col+1, ref.Cell.Row+1, err, c)
			}
			continue
		}
		if m := nextCheck.FindStringSubmatch(c); m != nil {
			set, a, b, ok := twoPlaces(t, where, sets, m[1], m[2], m[4])
			if ok && set.Adjacent(a, b) != (m[3] == "") {
				t.Errorf("%s: adjacent is %v, not as the page says: %s", where, set.Adjacent(a, b), c)
			}
			continue
		}
		if m := hopsCheck.FindStringSubmatch(c); m != nil {
			set, a, b, ok := twoPlaces(t, where, sets, m[1], m[2], m[4])
			if n, _ := strconv.Atoi(m[3]); ok && set.Distance(a, b) != n {
				t.Errorf("%s: %d connections apart, not as the page says: %s", where, set.Distance(a, b), c)
			}
			continue
		}
		if m := aloneCheck.FindStringSubmatch(c); m != nil {
			set, a, _, ok := twoPlaces(t, where, sets, m[1], m[2], m[2])
			if ok && len(set.Neighbours(a, nil)) != 0 {
				t.Errorf("%s: it has neighbours, not as the page says: %s", where, c)
			}
			continue
		}
		m := placeCheck.FindStringSubmatch(c)
		if m == nil {
			t.Errorf("%s: a check muster cannot read: %s", where, c)
			continue
		}
		set := sets[m[1]]
		k, ok := distances[m[5]]
		if set == nil || !ok {
			t.Errorf("%s: no grid %s, or no distance %q", where, m[1], m[5])
			continue
		}
		a, err1 := set.Lookup(m[2])
		b, err2 := set.Lookup(m[4])
		if err1 != nil || err2 != nil {
			t.Errorf("%s: %v %v", where, err1, err2)
			continue
		}
		pa, pb, size := centre(set, a.Cell), centre(set, b.Cell), cellSize(set)
		got := pa.Y - pb.Y
		if m[3] == "right of" {
			got = pa.X - pb.X
		}
		if math.Abs(got-k*size) > 1e-6 {
			t.Errorf("%s: %s is %.2f cells %s %s, not as the page says: %s", where, m[2], got/size, m[3], m[4], c)
		}
	}

	pictures := map[string]bool{}
	for _, m := range gridPicture.FindAllStringSubmatch(md, -1) {
		name := m[1]
		pictures[name+".png"] = true
		m := pkg.Map(name)
		if m == nil {
			t.Errorf("docs/grids.md shows grids/%s.png but no grid %s", name, name)
			continue
		}
		keepPicture(t, filepath.Join("grids", name+".png"), drawGrid(t, pkg, m, annotate[name]))
	}
	ents, _ := os.ReadDir("grids")
	for _, e := range ents {
		if !pictures[e.Name()] {
			t.Errorf("docs/grids/%s is not on the page: remove it", e.Name())
		}
	}
}

// twoPlaces looks up two places (or cells) of a grid the page shows.
func twoPlaces(t *testing.T, where string, sets map[string]*content.MapSet, name, a, b string) (*content.MapSet, grid.Cell, grid.Cell, bool) {
	t.Helper()
	set := sets[name]
	if set == nil {
		t.Errorf("%s: no grid %s", where, name)
		return nil, grid.Cell{}, grid.Cell{}, false
	}
	ra, err1 := set.Lookup(a)
	rb, err2 := set.Lookup(b)
	if err1 != nil || err2 != nil {
		t.Errorf("%s: %v %v", where, err1, err2)
		return nil, grid.Cell{}, grid.Cell{}, false
	}
	return set, ra.Cell, rb.Cell, true
}

// centre is a cell's centre in points.
func centre(set *content.MapSet, c grid.Cell) grid.Point {
	if set.Type == content.GridSquare {
		return set.Square.Centre(c)
	}
	return set.Hex.Centre(c)
}

func cellSize(set *content.MapSet) float64 {
	if set.Type == content.GridSquare {
		return set.Square.CellSize
	}
	return set.Hex.CellSize
}

// drawGrid draws a map's frame as muster draws a digital board (the map at true size, without the title
// strip), and with annotate a red bar across the first cell's flats: its cellSize.
func drawGrid(t *testing.T, pkg *content.Package, m *content.Map, annotate bool) []byte {
	t.Helper()
	d, err := maps.ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	var pic *image.RGBA
	s := surface.NewPNG(surface.PNGOptions{DPI: gridsDPI, OnPage: func(_ int, im *image.RGBA) error { pic = im; return nil }})
	if err := d.DrawFrame(s, 0, 0); err != nil {
		t.Fatal(err)
	}
	if annotate {
		gx, gy := d.GridOrigin()
		set := d.Set
		size := cellSize(set)
		x, y := gx, gy // the centre of the first cell on the frame
		red := surface.RGB(0xc0, 0x20, 0x20)
		s.SetStroke(red, 1.5)
		s.SetFill(red)
		bx := x + size*0.22
		y0, y1 := y-size/2, y+size/2
		if set.Type == content.GridHex && set.Hex.Orientation == grid.PointyTop {
			t.Fatalf("grid %s: the cellSize bar is drawn on flat-top hexes and squares (a pointy-top hex's flats are its sides)", m.ID)
		}
		s.Line(bx, y0, bx, y1)
		s.Line(bx-4, y0, bx+4, y0)
		s.Line(bx-4, y1, bx+4, y1)
		s.Text(bx-4, y, "cellSize", surface.Font{Size: 7}, surface.Align{H: surface.Right, V: surface.Middle})
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if pic == nil {
		t.Fatal("nothing drawn")
	}
	var b bytes.Buffer
	if err := png.Encode(&b, pic); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
