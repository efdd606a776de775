package maps

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/pixelcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// fixture loads one of validate's map fixtures (area-good, p2p-good).
func fixture(t testing.TB, name string) *content.Package {
	t.Helper()
	return loadDir(t, filepath.Join("..", "..", "validate", "testdata", "maps", name))
}

// stroke is one stroked path of a page: its points (top-left page coordinates), its width and whether a
// dash was in force.
type stroke struct {
	pts    []surface.Pt
	width  float64
	dashed bool
	closed bool
}

// strokes reads the stroked paths (S, s, B) of a flattened content stream, with the line width and dash in
// force.
func strokes(content string, pageH float64) []stroke {
	type state struct {
		w    float64
		dash bool
	}
	st := state{w: 1}
	var stack []state
	var out []stroke
	var nums []float64
	var paths []stroke
	var cur *stroke
	for _, tok := range contentTokens(content) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, v)
			continue
		}
		n := len(nums)
		switch tok {
		case "q":
			stack = append(stack, st)
		case "Q":
			if len(stack) > 0 {
				st = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		case "w":
			if n >= 1 {
				st.w = nums[n-1]
			}
		case "d":
			st.dash = n > 1 // [a b ...] phase d; [] 0 d is solid
		case "m":
			paths = append(paths, stroke{})
			cur = &paths[len(paths)-1]
			if n >= 2 {
				cur.pts = append(cur.pts, surface.Pt{X: nums[n-2], Y: pageH - nums[n-1]})
			}
		case "l", "c":
			if cur != nil && n >= 2 {
				cur.pts = append(cur.pts, surface.Pt{X: nums[n-2], Y: pageH - nums[n-1]})
			}
		case "h":
			if cur != nil {
				cur.closed = true
			}
		case "re":
			paths, cur = paths[:0], nil
		case "S", "s", "B", "B*", "b", "b*":
			for _, p := range paths {
				p.width, p.dashed = st.w, st.dash
				p.closed = p.closed || tok == "s" || tok == "b" || tok == "b*"
				out = append(out, p)
			}
			paths, cur = paths[:0], nil
		case "f", "f*", "n":
			paths, cur = paths[:0], nil
		}
		nums = nums[:0]
	}
	return out
}

// segments are a stroke's straight pieces.
func (s stroke) segments() [][2]surface.Pt {
	var out [][2]surface.Pt
	for i := 0; i+1 < len(s.pts); i++ {
		out = append(out, [2]surface.Pt{s.pts[i], s.pts[i+1]})
	}
	if s.closed && len(s.pts) > 2 {
		out = append(out, [2]surface.Pt{s.pts[len(s.pts)-1], s.pts[0]})
	}
	return out
}

// word is a word of a page's text where the PDF sets it (pdftotext -bbox), in top-left page coordinates.
type word struct {
	text           string
	x0, y0, x1, y1 float64
}

var wordRe = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)

// words reads the words of page (from 1) of a PDF from their positions in the PDF itself.
func words(t testing.TB, pdf []byte, page int) []word {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	f := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	p := strconv.Itoa(page)
	out, err := exec.Command("pdftotext", "-bbox", "-f", p, "-l", p, f, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	var ws []word
	for _, m := range wordRe.FindAllStringSubmatch(string(out), -1) {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		ws = append(ws, word{m[5], v[0], v[1], v[2], v[3]})
	}
	return ws
}

func (w word) box() box { return box{w.x0, w.y0, w.x1, w.y1} }

// netPage renders a network drawing on one page large enough for it and returns the PDF, the page and where
// a point of the map (inches from its top-left corner) lands on the page.
func netPage(t *testing.T, d *Drawing) ([]byte, *pdfcheck.Page, func(x, y float64) surface.Pt) {
	t.Helper()
	b, pg, off := onePage(t, d)
	gx, gy := d.GridOrigin()
	return b, pg, func(x, y float64) surface.Pt {
		return surface.Pt{X: x*72 + gx + off.X, Y: y*72 + gy + off.Y}
	}
}

// areaPolygons are the areas of the map's places on the page (nil for a place without one), from the content.
func areaPolygons(t *testing.T, m *content.Map, at func(x, y float64) surface.Pt) [][]surface.Pt {
	g, err := m.Geometry()
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]surface.Pt, len(g.Places))
	for i := range g.Places {
		for _, q := range g.Outline(i) {
			out[i] = append(out[i], at(q.X, q.Y))
		}
	}
	return out
}

// Every border two areas share is stroked exactly once along its length (its stretches sampled every few
// points: one stroked segment runs along each sample), in the style of the connection that joins them: the
// rugged border dashed, the open border and the ridge solid; where no connection types a border (the map's
// own edge, the coast) the outline is stroked once as well.
func TestAreaBordersDrawnOnce(t *testing.T) {
	pkg := fixture(t, "area-good")
	bordersOnce(t, pkg, pkg.Map("isle"))
	dir := t.TempDir()
	writeLattice(t, dir, 20, 10)
	pkg = loadDir(t, dir)
	bordersOnce(t, pkg, pkg.Map("lattice"))
}

// bordersOnce checks that every border of an area map is stroked once, in its connection's style.
func bordersOnce(t *testing.T, pkg *content.Package, m *content.Map) {
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, at := netPage(t, d)
	dashedType := map[string]bool{}
	for _, f := range pkg.System.Features {
		dashedType[f.ID] = f.Style == "dashed"
	}
	var segs []struct {
		a, b   surface.Pt
		dashed bool
		width  float64
	}
	for _, s := range strokes(pg.Content, pg.Height()) {
		if s.width < 0.5 {
			continue // a pattern's lines
		}
		for _, sg := range s.segments() {
			segs = append(segs, struct {
				a, b   surface.Pt
				dashed bool
				width  float64
			}{sg[0], sg[1], s.dashed, s.width})
		}
	}
	// along counts the stroked segments lying along the segment p-q at a point t of the way.
	along := func(p, q surface.Pt, f float64) (n int, dashed bool, width float64) {
		x := surface.Pt{X: p.X + (q.X-p.X)*f, Y: p.Y + (q.Y-p.Y)*f}
		ux, uy := q.X-p.X, q.Y-p.Y
		l := math.Hypot(ux, uy)
		for _, s := range segs {
			vx, vy := s.b.X-s.a.X, s.b.Y-s.a.Y
			lv := math.Hypot(vx, vy)
			if lv < 0.5 || math.Abs(ux*vy-uy*vx)/(l*lv) > 0.02 {
				continue // not parallel
			}
			if segDistPt(x, s.a, s.b) <= 0.3 {
				n++
				dashed, width = s.dashed, s.width
			}
		}
		return n, dashed, width
	}
	g, _ := m.Geometry()
	var polys []grid.Polygon
	for i := range g.Places {
		if pg := g.Outline(i); pg != nil && !g.Places[i].Offboard {
			polys = append(polys, pg)
		}
	}
	borders := grid.SharedBorders(polys, 0.01)
	if len(borders) < 7 || len(borders) < len(polys)-1 {
		t.Fatalf("%d borders", len(borders))
	}
	// The border's style: the first hexside-type connection between the two areas.
	border := map[string]bool{}
	for _, f := range pkg.System.Features {
		border[f.ID] = f.On == content.FeatureHexside
	}
	styleOf := map[[2]string]string{}
	for _, c := range m.Connections {
		if _, done := styleOf[[2]string{c.Between[0], c.Between[1]}]; len(c.Between) == 2 && border[c.Type] && !done && !c.Distant {
			styleOf[[2]string{c.Between[0], c.Between[1]}] = c.Type
			styleOf[[2]string{c.Between[1], c.Between[0]}] = c.Type
		}
	}
	samples := 0
	for _, b := range borders {
		ids := [2]string{g.Places[b.A].ID, g.Places[b.B].ID}
		typ := styleOf[ids]
		for _, run := range b.Runs {
			for k := 0; k+1 < len(run); k++ {
				p, q := at(run[k].X, run[k].Y), at(run[k+1].X, run[k+1].Y)
				for f := 0.05; f < 0.96; f += 0.05 {
					n, dashed, width := along(p, q, f)
					samples++
					if n != 1 {
						t.Errorf("%s: border %s/%s at %.0f%% of %v-%v: stroked %d times, want once", m.ID, ids[0], ids[1], f*100, p, q, n)
						continue
					}
					if want := dashedType[typ]; dashed != want {
						t.Errorf("border %s/%s (%s): dashed %v", ids[0], ids[1], typ, dashed)
					}
					if typ == "" && width > 0.7 || typ != "" && width < 1 {
						t.Errorf("border %s/%s (%q): width %.2f", ids[0], ids[1], typ, width)
					}
				}
			}
		}
	}
	// The outline no area shares: every edge of every area, sampled, is stroked once too.
	for i, poly := range polys {
		for k := range poly {
			p, q := at(poly[k].X, poly[k].Y), at(poly[(k+1)%len(poly)].X, poly[(k+1)%len(poly)].Y)
			for f := 0.05; f < 0.96; f += 0.1 {
				if n, _, _ := along(p, q, f); n != 1 {
					t.Errorf("area %d edge %d at %.0f%%: stroked %d times", i, k, f*100, n)
				}
			}
		}
	}
	t.Logf("%s: %d borders, %d samples along them", m.ID, len(borders), samples)
}

// No two words on the area and point-to-point maps overlap (read from where the PDF sets them, title block
// and legend included), each area's name and values lie inside its polygon, and no name covers the shape of
// a place of a point-to-point map.
func TestNetworkLabelsApart(t *testing.T) {
	lattice, places := t.TempDir(), t.TempDir()
	writeLattice(t, lattice, 20, 10)
	writePlaces(t, places, 8, 5)
	for _, c := range []struct{ fixture, id, scenario string }{
		{"area-good", "isle", ""}, {"area-good", "", "contest"}, {"p2p-good", "front", ""}, {"p2p-good", "", "advance"},
		{"lattice", "lattice", ""}, {"places", "", "push"},
	} {
		var pkg *content.Package
		switch c.fixture {
		case "lattice":
			pkg = loadDir(t, lattice)
		case "places":
			pkg = loadDir(t, places)
		default:
			pkg = fixture(t, c.fixture)
		}
		var d *Drawing
		var err error
		var m *content.Map
		if c.scenario != "" {
			sc := pkg.Scenario(c.scenario)
			m = pkg.Map(sc.Map.Map)
			d, err = ForScenario(pkg, sc)
		} else {
			m = pkg.Map(c.id)
			d, err = ForMap(pkg, m)
		}
		if err != nil {
			t.Fatal(err)
		}
		name := c.id + c.scenario
		pdf, pg, at := netPage(t, d)
		ws := words(t, pdf, 1)
		// Units' markers stand on their places; their abbreviations are not names.
		var markers []box
		for _, s := range shapes(pg.Content, pg.Height()) {
			if x0, y0, x1, y1 := bbox(s.pts); s.rect && s.fill && x1-x0 > 0.8*d.markerSize() && x1-x0 < d.markerSize()+0.1 {
				markers = append(markers, box{x0, y0, x1, y1})
			}
		}
		onMarker := func(w word) bool {
			for _, b := range markers {
				if w.x0 >= b.x0 && w.x1 <= b.x1 && w.y0 >= b.y0-1 && w.y1 <= b.y1+1 {
					return true
				}
			}
			return false
		}
		g, _ := m.Geometry()
		mapBox := box{at(0, 0).X, at(0, 0).Y, at(g.Table.Width, g.Table.Height).X, at(g.Table.Width, g.Table.Height).Y}
		if len(ws) < 20 {
			t.Fatalf("%s: %d words", name, len(ws))
		}
		for i := range ws {
			for j := i + 1; j < len(ws); j++ {
				if ws[i].box().grow(-0.2).overlap(ws[j].box().grow(-0.2)) > 0 {
					t.Errorf("%s: %q at %.1f,%.1f overlaps %q at %.1f,%.1f", name, ws[i].text, ws[i].x0, ws[i].y0, ws[j].text, ws[j].x0, ws[j].y0)
				}
			}
		}
		polys := areaPolygons(t, m, at)
		for i, p := range g.Places {
			label := p.Name
			if label == "" {
				label = p.ID
			}
			first := strings.Fields(label)[0]
			var found []word
			for _, w := range ws {
				if w.text == first {
					found = append(found, w)
				}
			}
			if len(found) == 0 {
				t.Errorf("%s: no word %q of %s's name", name, first, p.ID)
				continue
			}
			if polys[i] != nil && !p.Offboard {
				ok := false
				for _, w := range found {
					in := true
					for _, q := range []surface.Pt{{X: w.x0, Y: w.y0}, {X: w.x1, Y: w.y0}, {X: w.x1, Y: w.y1}, {X: w.x0, Y: w.y1}} {
						in = in && pointInPolygon(q, polys[i])
					}
					ok = ok || in
				}
				if !ok {
					t.Errorf("%s: area %s's name %q is not inside its polygon", name, p.ID, first)
				}
				// Its values too: every word of the map between its name's and the next line's is inside.
				continue
			}
			if p.Offboard {
				continue
			}
			// A place's shape: no word overlaps it.
			x, y := p.Anchor[0]*g.Scale, p.Anchor[1]*g.Scale
			ctr := at(x, y)
			for _, w := range ws {
				if onMarker(w) {
					continue
				}
				var hit bool
				switch {
				case p.Radius != nil:
					r := *p.Radius * g.Scale * 72
					cx, cy := clamp(ctr.X, w.x0, w.x1), clamp(ctr.Y, w.y0, w.y1)
					hit = math.Hypot(cx-ctr.X, cy-ctr.Y) < r-0.3
				case len(p.Box) == 2:
					bw, bh := p.Box[0]*g.Scale*72, p.Box[1]*g.Scale*72
					hit = w.box().grow(-0.3).overlap(box{ctr.X - bw/2, ctr.Y - bh/2, ctr.X + bw/2, ctr.Y + bh/2}) > 0
				default:
					hit = w.box().grow(-0.3).overlap(box{ctr.X - dotR, ctr.Y - dotR, ctr.X + dotR, ctr.Y + dotR}) > 0
				}
				if hit {
					t.Errorf("%s: %q covers place %s", name, w.text, p.ID)
				}
			}
		}
		// On an area map every word of the map (names and values) lies inside an area or a holding box.
		if g.Type == content.GridArea && c.scenario == "" {
			for _, w := range ws {
				if w.box().overlap(mapBox) == 0 {
					continue // the title in the border, the title block, the legend
				}
				in := false
				for i, poly := range polys {
					if poly == nil && len(g.Places[i].Box) == 2 {
						x, y := g.Places[i].Anchor[0]*g.Scale, g.Places[i].Anchor[1]*g.Scale
						bw, bh := g.Places[i].Box[0]*g.Scale, g.Places[i].Box[1]*g.Scale
						a, b := at(x-bw/2, y-bh/2), at(x+bw/2, y+bh/2)
						poly = []surface.Pt{a, {X: b.X, Y: a.Y}, b, {X: a.X, Y: b.Y}}
					}
					if poly != nil && boxInPolygon(w.box(), poly, 0) {
						in = true
					}
				}
				if !in {
					t.Errorf("%s: %q at %.1f,%.1f lies in no area", name, w.text, w.x0, w.y0)
				}
			}
		}
	}
}

// Places stand at their points at true scale: each circle of the point-to-point map is centred within 0.5pt
// of its place's point (mm on the map, inches on paper) with the radius the map gives, each box is the size
// it gives, and each area's fill has its polygon's corners where the map puts them.
func TestPlacesAtTheirPoints(t *testing.T) {
	pkg := fixture(t, "p2p-good")
	m := pkg.Map("front")
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, at := netPage(t, d)
	g, _ := m.Geometry()
	shs := shapes(pg.Content, pg.Height())
	for _, p := range g.Places {
		want := at(p.Anchor[0]*g.Scale, p.Anchor[1]*g.Scale)
		best, bestSize := math.Inf(1), [2]float64{}
		for _, s := range shs {
			if !s.fill {
				continue
			}
			x0, y0, x1, y1 := bbox(s.pts)
			c := s.centre()
			if dd := math.Hypot(c.X-want.X, c.Y-want.Y); dd < best && x1-x0 > 4 {
				best, bestSize = dd, [2]float64{x1 - x0, y1 - y0}
			}
		}
		var size [2]float64
		switch {
		case p.Radius != nil:
			r := *p.Radius * g.Scale * 72
			size = [2]float64{2 * r, 2 * r}
		case len(p.Box) == 2:
			size = [2]float64{p.Box[0] * g.Scale * 72, p.Box[1] * g.Scale * 72}
		default:
			size = [2]float64{2 * dotR, 2 * dotR}
		}
		if best > 0.5 {
			t.Errorf("place %s: nearest shape %.2fpt from its point", p.ID, best)
		}
		if math.Abs(bestSize[0]-size[0]) > 0.5 || math.Abs(bestSize[1]-size[1]) > 0.5 {
			t.Errorf("place %s: shape %.2f x %.2f, want %.2f x %.2f", p.ID, bestSize[0], bestSize[1], size[0], size[1])
		}
	}
	// Areas: their fills' corners.
	pkg = fixture(t, "area-good")
	m = pkg.Map("isle")
	if d, err = ForMap(pkg, m); err != nil {
		t.Fatal(err)
	}
	_, pg, at = netPage(t, d)
	fills := polygons(pg.Content)
	for i, poly := range areaPolygons(t, m, at) {
		if poly == nil {
			continue
		}
		found := false
		for _, f := range fills {
			if len(f) != len(poly) {
				continue
			}
			ok := true
			for k, q := range poly {
				ok = ok && math.Hypot(f[k][0]-q.X, pg.Height()-f[k][1]-q.Y) <= 0.5
			}
			found = found || ok
		}
		if !found {
			t.Errorf("area %d: no fill with its corners at its polygon's", i)
		}
	}
	// And the exporters' point of each place is where the map draws it.
	for i, p := range m.Areas {
		q, ok := d.PlacePoint(i)
		g, _ := m.Geometry()
		a, _ := g.Anchor(i)
		gx, gy := d.GridOrigin()
		if !ok || math.Abs(q.X-(a.X*72+gx)) > 1e-9 || math.Abs(q.Y-(a.Y*72+gy)) > 1e-9 {
			t.Errorf("PlacePoint(%d) (%s) = %v, %v", i, p.ID, q, ok)
		}
	}
}

// Two connections between the same places lie side by side: Alba and Brest are joined by a road and a
// railway, and no stroke of one lies on a stroke of the other.
func TestParallelConnectionsSideBySide(t *testing.T) {
	pkg := fixture(t, "p2p-good")
	m := pkg.Map("front")
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, at := netPage(t, d)
	g, _ := m.Geometry()
	a := at(g.Places[0].Anchor[0]*g.Scale, g.Places[0].Anchor[1]*g.Scale)
	b := at(g.Places[1].Anchor[0]*g.Scale, g.Places[1].Anchor[1]*g.Scale)
	// Strokes running from near Alba to near Brest, level with them.
	var ys []float64
	for _, s := range strokes(pg.Content, pg.Height()) {
		if len(s.pts) != 2 {
			continue
		}
		p, q := s.pts[0], s.pts[1]
		if math.Abs(p.X-a.X) < 1 && math.Abs(q.X-b.X) < 1 && math.Abs(p.Y-a.Y) < 8 {
			ys = append(ys, (p.Y+q.Y)/2-a.Y)
		}
	}
	if len(ys) < 2 {
		t.Fatalf("%d strokes between Alba and Brest", len(ys))
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, y := range ys {
		lo, hi = math.Min(lo, y), math.Max(hi, y)
	}
	if hi-lo < 3 {
		t.Errorf("the road and the railway lie %.2fpt apart (offsets %v)", hi-lo, ys)
	}
}

// The scenario map stands its units in their areas: five knights in the south and three in the north-west
// each stand inside that area's polygon, apart from each other and off the area's name.
func TestScenarioUnitsInTheirAreas(t *testing.T) {
	pkg := fixture(t, "area-good")
	sc := *pkg.Scenario("contest")
	sc.Sides = append([]content.Side(nil), sc.Sides...)
	sc.Sides[0].Setup = []content.Placement{
		{Unit: "knight", Count: 5, Cells: []string{"south"}},
		{Unit: "knight", Count: 3, Cells: []string{"north-west"}},
	}
	d, err := ForScenario(pkg, &sc)
	if err != nil {
		t.Fatal(err)
	}
	pdf, pg, at := netPage(t, d)
	red := colourOf(sidePalette[0])
	m := d.markerSize()
	var boxes []box
	for _, s := range shapes(pg.Content, pg.Height()) {
		if !s.rect || !s.fill || s.rgb != red {
			continue
		}
		x0, y0, x1, y1 := bbox(s.pts)
		if math.Abs(x1-x0-m) < 0.1 && math.Abs(y1-y0-m) < 0.1 {
			boxes = append(boxes, box{x0, y0, x1, y1})
		}
	}
	if len(boxes) != 8 {
		t.Fatalf("%d red markers, want 8", len(boxes))
	}
	polys := areaPolygons(t, pkg.Map("isle"), at)
	g, _ := pkg.Map("isle").Geometry()
	south, _ := g.PlaceIndex("south")
	nw, _ := g.PlaceIndex("north-west")
	count := map[int]int{}
	ws := words(t, pdf, 1)
	for i, b := range boxes {
		in := -1
		for k, poly := range polys {
			if poly != nil && boxInPolygon(b, poly, 0) {
				in = k
			}
		}
		count[in]++
		for j := i + 1; j < len(boxes); j++ {
			if b.overlap(boxes[j]) > 0 {
				t.Errorf("markers %v and %v overlap", b, boxes[j])
			}
		}
		for _, w := range ws {
			if (w.text == "South" || w.text == "North" || w.text == "West") && w.box().overlap(b) > 0 {
				t.Errorf("a marker at %v covers the name %q", b, w.text)
			}
		}
	}
	if count[south] != 5 || count[nw] != 3 {
		t.Errorf("markers by area: %v, want 5 in %d and 3 in %d", count, south, nw)
	}
}

// The PNG backend draws the area and point-to-point maps as the PDF does.
func TestNetworkPNGMatchesPDF(t *testing.T) {
	const dpi = 72
	for _, c := range []struct{ fixture, scenario string }{{"area-good", "contest"}, {"p2p-good", "advance"}} {
		pkg := fixture(t, c.fixture)
		d, err := ForScenario(pkg, pkg.Scenario(c.scenario))
		if err != nil {
			t.Fatal(err)
		}
		b, pl := render(t, d, Options{Paper: surface.Size{W: 17 * 72, H: 11 * 72}})
		ref, err := pixelcheck.Rasterize(b, 1, dpi)
		if errors.Is(err, pixelcheck.ErrNoPdftoppm) {
			t.Skip(err)
		} else if err != nil {
			t.Fatal(err)
		}
		s := surface.NewPNG(surface.PNGOptions{DPI: dpi, Background: surface.White})
		if err := d.Render(s, pl); err != nil {
			t.Fatal(err)
		}
		got, err := s.PageImage(0)
		if err != nil {
			t.Fatal(err)
		}
		if msg := pixelcheck.SameSize(ref, got); msg != "" {
			t.Fatal(msg)
		}
		diff := pixelcheck.Compare(ref, got)
		t.Logf("%s: PDF vs PNG at %d dpi: %v", c.scenario, dpi, diff)
		if !diff.Agree() {
			t.Errorf("%s: the backends disagree: %v", c.scenario, diff)
		}
	}
}

// BenchmarkAreaMap200 prints a 200-area map (a jittered lattice of 20 x 10 areas) with 600 connections:
// borders of three kinds, roads and railways between neighbours and a few sea lanes, to its map PDF.
func BenchmarkAreaMap200(b *testing.B) {
	dir := b.TempDir()
	writeLattice(b, dir, 20, 10)
	pkg := loadDir(b, dir)
	m := pkg.Map("lattice")
	if n := len(m.Connections); n != 600 {
		b.Fatalf("%d connections", n)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := ForMap(pkg, m)
		if err != nil {
			b.Fatal(err)
		}
		pl, err := d.Layout(Options{Paper: letter})
		if err != nil {
			b.Fatal(err)
		}
		pdf := surface.NewPDF(surface.PDFOptions{Title: d.Title})
		if err := d.Render(pdf, pl); err != nil {
			b.Fatal(err)
		}
		if _, err := pdf.WriteTo(discard{}); err != nil {
			b.Fatal(err)
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// writeLattice writes a package whose one map is a lattice of cols x rows areas 1.5in across, their corners
// jittered (the same corner for every area that shares it, so neighbours share their borders), each joined
// to its neighbours by a border of one of three types, and with roads, railways and sea lanes to make 600
// connections.
func writeLattice(t testing.TB, dir string, cols, rows int) {
	const cell = 1.5
	jit := func(i, j int) (float64, float64) {
		x, y := float64(i)*cell, float64(j)*cell
		if i > 0 && i < cols && j > 0 && j < rows {
			h := uint32(i*7919 + j*104729)
			h ^= h >> 13
			h *= 0x5bd1e995
			x += (float64(h%1000)/1000 - 0.5) * cell * 0.3
			y += (float64((h/1000)%1000)/1000 - 0.5) * cell * 0.3
		}
		return x, y
	}
	var mp strings.Builder
	fmt.Fprintf(&mp, "kind: Map\nid: lattice\ngrid: {type: area, width: %gin, height: %gin}\nareas:\n", float64(cols)*cell, float64(rows)*cell)
	id := func(i, j int) string { return fmt.Sprintf("a%02d-%02d", i, j) }
	terrain := []string{"plain", "forest", "hills"}
	for j := 0; j < rows; j++ {
		for i := 0; i < cols; i++ {
			var pts []string
			for _, c := range [][2]int{{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}} {
				x, y := jit(c[0], c[1])
				pts = append(pts, fmt.Sprintf("[%.4f, %.4f]", x, y))
			}
			fmt.Fprintf(&mp, "  - {id: %s, name: Area %d %d, terrain: %s, stats: {vp: %d}, polygon: [%s]}\n", id(i, j), i, j, terrain[(i*3+j)%3], (i+j)%3, strings.Join(pts, ", "))
		}
	}
	mp.WriteString("connections:\n")
	n := 0
	borders := []string{"open", "river", "wall"}
	for j := 0; j < rows; j++ {
		for i := 0; i < cols; i++ {
			if i+1 < cols {
				fmt.Fprintf(&mp, "  - {between: [%s, %s], type: %s}\n", id(i, j), id(i+1, j), borders[(i+j)%3])
				n++
			}
			if j+1 < rows {
				fmt.Fprintf(&mp, "  - {between: [%s, %s], type: %s}\n", id(i, j), id(i, j+1), borders[(i+2*j)%3])
				n++
			}
		}
	}
	for k := 0; n < 600; k++ {
		i, j := k%cols, (k/cols)%rows
		switch {
		case k%4 == 3 && i+2 < cols:
			fmt.Fprintf(&mp, "  - {between: [%s, %s], type: sea-lane, distant: true}\n", id(i, j), id(i+2, j))
		case i+1 < cols && k%2 == 0:
			fmt.Fprintf(&mp, "  - {between: [%s, %s], type: road}\n", id(i, j), id(i+1, j))
		case j+1 < rows:
			fmt.Fprintf(&mp, "  - {between: [%s, %s], type: railway}\n", id(i, j), id(i, j+1))
		default:
			continue
		}
		n++
	}
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: lattice\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": `kind: System
id: sys
grid: area
terrain:
  - {id: plain, move: 1, colour: "#e8e4c8"}
  - {id: forest, move: 2, colour: "#9fc48a", pattern: trees}
  - {id: hills, move: 2, colour: "#d8c090", pattern: hatch}
features:
  - {id: open, on: hexside}
  - {id: river, on: hexside, cost: 1, colour: "#3f7fc0", style: solid}
  - {id: wall, on: hexside, impassable: true, colour: "#802020", style: dashed}
  - {id: road, on: path, cost: 1}
  - {id: railway, on: path, cost: 1, style: dashed}
  - {id: sea-lane, on: path, cost: 1, style: dotted, colour: "#2050a0"}
placeStats:
  - {id: vp, abbr: VP, type: int, min: 0, max: 3}
`,
		"map.yaml": mp.String(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// writePaintedAreas writes a package with a painted area map 4.4in x 3.3in: its background (440 x 330
// pixels, no placement: it spans the map) under two areas, the west one with a terrain, the east one
// without.
func writePaintedAreas(t testing.TB, dir string) {
	im := image.NewRGBA(image.Rect(0, 0, 440, 330))
	for y := 0; y < 330; y++ {
		for x := 0; x < 440; x++ {
			im.Set(x, y, color.RGBA{0x60, 0x90, uint8(x % 256), 0xff})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, im); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: painted-areas\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": "kind: System\nid: sys\ngrid: area\nterrain:\n  - {id: field, move: 1, colour: \"#e0d080\"}\n",
		"map.yaml": `kind: Map
id: valley
grid: {type: area, width: 4.4in, height: 3.3in}
background: {image: art.png}
areas:
  - {id: west, name: West, terrain: field, polygon: [[0, 0], [2.2, 0], [2.2, 3.3], [0, 3.3]]}
  - {id: east, name: East, polygon: [[2.2, 0], [4.4, 0], [4.4, 3.3], [2.2, 3.3]]}
connections:
  - {between: [west, east]}
`,
		"art.png": buf.String(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A painted area map draws its painting under the areas, spanning the map (no placement given), and fills
// only the areas that have a terrain: the east one, without, is left to the painting.
func TestPaintedAreaMap(t *testing.T) {
	dir := t.TempDir()
	writePaintedAreas(t, dir)
	pkg := loadDir(t, dir)
	m := pkg.Map("valley")
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, at := netPage(t, d)
	if len(pg.Images) != 1 {
		t.Fatalf("%d images drawn", len(pg.Images))
	}
	im := pg.Images[0]
	for _, c := range [][4]float64{{0, 0, 0, 0}, {440, 330, 4.4, 3.3}} {
		x, y := im.Point(c[0], c[1])
		if q := at(c[2], c[3]); math.Hypot(x-q.X, y-q.Y) > 0.5 {
			t.Errorf("pixel %v,%v lands at %.2f,%.2f, want %v", c[0], c[1], x, y, q)
		}
	}
	polys := areaPolygons(t, m, at)
	fills := polygons(pg.Content)
	filled := func(poly []surface.Pt) bool {
		for _, f := range fills {
			if len(f) != len(poly) {
				continue
			}
			ok := true
			for k, q := range poly {
				ok = ok && math.Hypot(f[k][0]-q.X, pg.Height()-f[k][1]-q.Y) <= 0.5
			}
			if ok {
				return true
			}
		}
		return false
	}
	if !filled(polys[0]) {
		t.Error("the west area (field) is not filled")
	}
	if filled(polys[1]) {
		t.Error("the east area (no terrain) is filled over the painting")
	}
}

// DrawFrame draws an area or point-to-point map's frame for a digital board: the frame's size, places
// where PlacePoint says (a place's circle in its terrain's colour there), and no units when HideUnits is set.
func TestNetworkFrame(t *testing.T) {
	pkg := fixture(t, "p2p-good")
	d, err := ForScenario(pkg, pkg.Scenario("advance"))
	if err != nil {
		t.Fatal(err)
	}
	d.HideUnits = true
	s := surface.NewPNG(surface.PNGOptions{DPI: 72, Background: surface.White})
	if err := d.DrawFrame(s, 0, 0); err != nil {
		t.Fatal(err)
	}
	im, err := s.PageImage(0)
	if err != nil {
		t.Fatal(err)
	}
	fw, fh := d.FramePixels(72)
	if b := im.Bounds(); b.Dx() != fw || b.Dy() != fh {
		t.Fatalf("frame image %v, want %dx%d", b, fw, fh)
	}
	g, _ := pkg.Map("front").Geometry()
	grey := d.terrainColour("town")
	for i, p := range g.Places {
		q, ok := d.PlacePoint(i)
		if !ok {
			t.Fatalf("no point for %s", p.ID)
		}
		if p.Terrain != "town" || p.Radius == nil {
			continue
		}
		// A pixel beside the point (the name is set round the place, not on it; no unit stands there).
		r, gg, b, _ := im.At(int(q.X)+3, int(q.Y)+3).RGBA()
		if got := surface.RGB(uint8(r>>8), uint8(gg>>8), uint8(b>>8)); got != grey {
			t.Errorf("%s at %v: %v, want the town's %v", p.ID, q, got, grey)
		}
	}
	if o := d.PlaceOutline(2); len(o) != 4 {
		t.Errorf("Corva's outline has %d corners, want a box's 4", len(o))
	}
}

// writePlaces writes a package whose map is a point-to-point map of cols x rows places on a jittered
// lattice 1.2in apart (circles, boxes and dots, long names and values), joined to their neighbours by
// roads, railways beside some roads and passes, with a scenario that sets up units in some places and
// brings reinforcements into others.
func writePlaces(t testing.TB, dir string, cols, rows int) {
	const step = 1.2
	var mp strings.Builder
	fmt.Fprintf(&mp, "kind: Map\nid: net\ngrid: {type: point-to-point, width: %gin, height: %gin}\nplaces:\n", float64(cols)*step, float64(rows)*step)
	id := func(i, j int) string { return fmt.Sprintf("p%02d-%02d", i, j) }
	names := []string{"Alderbrook", "St. Michael's Cross", "Wyk", "Grand Fort Belvedere", "Ost", "Karlsbrunn am See"}
	for j := 0; j < rows; j++ {
		for i := 0; i < cols; i++ {
			h := uint32(i*7919+j*104729) * 0x5bd1e995
			x := (float64(i)+0.5)*step + (float64(h%100)/100-0.5)*step*0.3
			y := (float64(j)+0.5)*step + (float64((h/100)%100)/100-0.5)*step*0.3
			shape := ""
			switch (i + j) % 3 {
			case 0:
				shape = ", radius: 0.14"
			case 1:
				shape = ", box: [0.3, 0.22]"
			}
			fmt.Fprintf(&mp, "  - {id: %s, name: %q, at: [%.3f, %.3f], terrain: town%s, stats: {vp: %d}}\n", id(i, j), names[(i*5+j*3)%len(names)], x, y, shape, (i+j)%3)
		}
	}
	mp.WriteString("connections:\n")
	for j := 0; j < rows; j++ {
		for i := 0; i < cols; i++ {
			if i+1 < cols {
				fmt.Fprintf(&mp, "  - {between: [%s, %s], type: road}\n", id(i, j), id(i+1, j))
				if j%2 == 0 {
					fmt.Fprintf(&mp, "  - {between: [%s, %s], type: railway}\n", id(i, j), id(i+1, j))
				}
			}
			if j+1 < rows {
				typ := "road"
				if i%3 == 1 {
					typ = "pass"
				}
				fmt.Fprintf(&mp, "  - {between: [%s, %s], type: %s}\n", id(i, j), id(i, j+1), typ)
			}
		}
	}
	var sc strings.Builder
	sc.WriteString("kind: Scenario\nid: push\nmap: {map: net}\nsides:\n  - id: red\n    faction: [red]\n    setup:\n")
	for k := 0; k < cols*rows; k += 3 {
		i, j := k%cols, k/cols
		fmt.Fprintf(&sc, "      - {unit: corps, count: %d, cells: [%s]}\n", 1+k%5, id(i, j))
	}
	fmt.Fprintf(&sc, "reinforcements:\n  - {turn: 2, side: red, units: [{unit: corps}], entry: {cells: [%s, %s]}}\n", id(cols-1, rows-1), id(1, rows-1))
	fmt.Fprintf(&sc, "objectives:\n  - {id: the-fort, name: The fort, cells: [%s], points: 3}\n", id(cols/2, rows/2))
	sc.WriteString("---\nkind: UnitType\nid: corps\nfaction: red\nstats: {}\n")
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: places\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": `kind: System
id: sys
grid: point-to-point
factions:
  - {id: red, colour: "#a02020"}
terrain:
  - {id: town, move: 1, colour: "#f0e0b0"}
features:
  - {id: road, on: path, cost: 1}
  - {id: railway, on: path, cost: 1, style: dashed, modes: [rail]}
  - {id: pass, on: hexside, cost: 1, stop: true, colour: "#806040", style: dotted}
movementModes:
  - {id: rail, name: Rail movement, allowance: "10", along: [railway]}
placeStats:
  - {id: vp, abbr: VP, type: int, min: 0, max: 3}
`,
		"map.yaml":      mp.String(),
		"scenario.yaml": sc.String(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
