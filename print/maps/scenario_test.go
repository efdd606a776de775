package maps

import (
	"bytes"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// shape is a painted path of a page's content stream, in top-left page coordinates, with its fill colour.
type shape struct {
	pts    []surface.Pt
	rect   bool // drawn with re
	fill   bool
	stroke bool
	rgb    [3]float64 // the fill colour in force
}

// shapes reads the filled and stroked subpaths (m/l/h and re) of a content stream. Curves are kept as their
// end points; text and strings are skipped.
func shapes(content string, pageH float64) []shape {
	var out []shape
	var nums []float64
	var paths []shape
	var cur *shape
	var fill [3]float64
	var stack [][3]float64
	for _, tok := range contentTokens(content) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, v)
			continue
		}
		n := len(nums)
		switch tok {
		case "q":
			stack = append(stack, fill)
		case "Q":
			if len(stack) > 0 {
				fill = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		case "rg":
			if n >= 3 {
				copy(fill[:], nums[n-3:])
			}
		case "m":
			paths = append(paths, shape{})
			cur = &paths[len(paths)-1]
			if n >= 2 {
				cur.pts = append(cur.pts, surface.Pt{X: nums[n-2], Y: pageH - nums[n-1]})
			}
		case "l", "c":
			if cur != nil && n >= 2 {
				cur.pts = append(cur.pts, surface.Pt{X: nums[n-2], Y: pageH - nums[n-1]})
			}
		case "re":
			if n >= 4 {
				x, y, w, h := nums[n-4], pageH-nums[n-3]-nums[n-1], nums[n-2], nums[n-1]
				paths = append(paths, shape{rect: true, pts: []surface.Pt{{X: x, Y: y}, {X: x + w, Y: y}, {X: x + w, Y: y + h}, {X: x, Y: y + h}}})
				cur = nil
			}
		case "f", "f*", "B", "B*", "S", "n":
			for _, p := range paths {
				p.fill = tok == "f" || tok == "f*" || tok == "B" || tok == "B*"
				p.stroke = tok == "S" || tok == "B" || tok == "B*"
				p.rgb = fill
				if tok != "n" {
					out = append(out, p)
				}
			}
			paths, cur = paths[:0], nil
		}
		nums = nums[:0]
	}
	return out
}

// contentTokens splits a content stream into numbers and operators, skipping strings and names.
func contentTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '[' || c == ']':
			i++
		case c == '(':
			depth := 0
			for ; i < len(s); i++ {
				if s[i] == '\\' {
					i++
					continue
				}
				if s[i] == '(' {
					depth++
				} else if s[i] == ')' {
					depth--
					if depth == 0 {
						i++
						break
					}
				}
			}
		case c == '<':
			j := strings.IndexByte(s[i:], '>')
			if j < 0 {
				return out
			}
			i += j + 1
			if i < len(s) && s[i] == '>' {
				i++
			}
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \n\r\t[]()<>", rune(s[j])) {
				j++
			}
			if j == i {
				j++
			}
			if c != '/' {
				out = append(out, s[i:j])
			}
			i = j
		}
	}
	return out
}

func colourOf(c surface.Color) [3]float64 {
	r := func(v uint8) float64 { return math.Round(float64(v)/255*1000) / 1000 }
	return [3]float64{r(c.R), r(c.G), r(c.B)}
}

func hexColour(t testing.TB, s string) [3]float64 {
	c, err := surface.Hex(s)
	if err != nil {
		t.Fatal(err)
	}
	return colourOf(c)
}

func (s shape) centre() surface.Pt {
	x0, y0, x1, y1 := bbox(s.pts)
	return surface.Pt{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}
}

// inside reports whether q lies in the convex polygon poly.
func inside(q surface.Pt, poly []surface.Pt) bool {
	sign := 0.0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		cr := (b.X-a.X)*(q.Y-a.Y) - (b.Y-a.Y)*(q.X-a.X)
		if cr == 0 {
			continue
		}
		if sign == 0 {
			sign = cr
		} else if sign*cr < 0 {
			return false
		}
	}
	return true
}

// onePage renders a drawing on one sheet large enough for it and returns the PDF, the page and the offset
// from art to page coordinates.
func onePage(t *testing.T, d *Drawing) ([]byte, *pdfcheck.Page, surface.Pt) {
	t.Helper()
	b, pl := render(t, d, Options{Paper: surface.Size{W: 60 * 72, H: 60 * 72}})
	if len(pl.Tiles) != 1 {
		t.Fatalf("%d tiles", len(pl.Tiles))
	}
	doc, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	tl := pl.Tiles[0]
	return b, doc.Pages[0], surface.Pt{X: tl.Frame.X - tl.View.X, Y: tl.Frame.Y - tl.View.Y}
}

// hexOnPage is a cell's outline on the page, from the grid's own geometry.
func hexOnPage(d *Drawing, c grid.Cell, off surface.Pt) []surface.Pt {
	poly := d.cellPoly(c, nil)
	for i := range poly {
		poly[i].X += off.X
		poly[i].Y += off.Y
	}
	return poly
}

// cellAt finds the set cell whose outline holds the page point q.
func cellAt(d *Drawing, q surface.Pt, off surface.Pt) (grid.Cell, bool) {
	c, ok := d.Set.Hex.PixelToCell(grid.Point{X: q.X - off.X - d.gx, Y: q.Y - off.Y - d.gy})
	return c, ok
}

func cell(t testing.TB, set *content.MapSet, label string) grid.Cell {
	t.Helper()
	r, ok := set.Cell(label)
	if !ok {
		t.Fatalf("no cell %s", label)
	}
	return r.Cell
}

// prestagsTest is PRESTAGS's example scenario with units set up, an entry edge, reinforcements on turns 3 and 5
// and an objective hexside.
func prestagsTest(t *testing.T) (*content.Package, *content.Scenario) {
	pkg := load(t, "prestags")
	sc := *pkg.Scenario("example-bridge")
	sc.Sides = append([]content.Side(nil), sc.Sides...)
	a, b := &sc.Sides[0], &sc.Sides[1]
	a.Setup = []content.Placement{
		{Unit: "red-ax", Count: 3, Cells: []string{"1005", "1205", "1405"}},
		{Unit: "red-al", Count: 2, Cells: []string{"2008"}},
	}
	b.Entry = []content.Entry{{Edge: "east"}}
	sc.Reinforcements = []content.Reinforcement{
		{Turn: 3, Side: "b", Entry: content.Entry{Cells: []string{"6030"}}},
		{Turn: 5, Side: "b", Entry: content.Entry{Edge: "north"}},
	}
	sc.Objectives = append(append([]content.Objective(nil), sc.Objectives...),
		content.Objective{ID: "ford-line", Name: "Ford line", Sides: []string{"3907/4007", "4007/4008"}})
	return pkg, &sc
}

// Set-up units stand in their cells: every red marker's centre is inside the hexagon of a cell the setup
// names, every such cell has one, and the cell holding two units shows two markers (the top one and the one
// under it).
func TestSetupMarkersInTheirCells(t *testing.T) {
	pkg, sc := prestagsTest(t)
	d, err := ForScenario(pkg, sc)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, off := onePage(t, d)
	red := hexColour(t, "#b3261e")
	m := d.cell * 0.56
	want := map[grid.Cell]int{}
	for _, l := range []string{"1005", "1205", "1405"} {
		want[cell(t, d.Set, l)] = 1
	}
	want[cell(t, d.Set, "2008")] = 2
	got := map[grid.Cell]int{}
	for _, s := range shapes(pg.Content, pg.Height()) {
		if !s.rect || !s.fill || s.rgb != red {
			continue
		}
		w, h := s.pts[1].X-s.pts[0].X, s.pts[2].Y-s.pts[1].Y
		if !pdfcheck.Near(w, m, 0.05) || !pdfcheck.Near(h, m, 0.05) {
			continue
		}
		q := s.centre()
		found := false
		for c := range want {
			if inside(q, hexOnPage(d, c, off)) {
				got[c]++
				found = true
			}
		}
		if !found {
			c, _ := cellAt(d, q, off)
			t.Errorf("a %gpt red marker at (%.1f, %.1f) lies in %s, where nothing is set up", m, q.X, q.Y, d.Set.Label(c))
		}
	}
	for c, n := range want {
		if got[c] != n {
			t.Errorf("%s: %d markers, want %d", d.Set.Label(c), got[c], n)
		}
	}
}

// A deployment zone covers exactly the cells within N of its centre: the hexagons filled in A Force's red
// are the 37 cells within 3 of hex D (2319), each once.
func TestDeploymentZoneCells(t *testing.T) {
	pkg, sc := prestagsTest(t)
	d, err := ForScenario(pkg, sc)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, off := onePage(t, d)
	red := hexColour(t, "#b3261e")
	centre := cell(t, d.Set, "2319")
	got := map[grid.Cell]int{}
	for _, s := range shapes(pg.Content, pg.Height()) {
		if s.rect || !s.fill || s.rgb != red || len(s.pts) != 6 {
			continue
		}
		c, ok := cellAt(d, s.centre(), off)
		if !ok {
			t.Fatalf("a red hexagon off the map at %v", s.centre())
		}
		got[c]++
	}
	want := 0
	for row := 0; row < d.Set.Rows; row++ {
		for col := 0; col < d.Set.Cols; col++ {
			c := grid.Cell{Col: col, Row: row}
			if d.Set.Distance(c, centre) <= 3 {
				want++
				if got[c] != 1 {
					t.Errorf("%s (within 3 of D): shaded %d times", d.Set.Label(c), got[c])
				}
			} else if got[c] > 0 {
				t.Errorf("%s is %d from D but shaded", d.Set.Label(c), d.Set.Distance(c, centre))
			}
		}
	}
	if want != 37 {
		t.Errorf("%d cells within 3 of D, want 37", want)
	}
}

// Entry bands lie along their edges: B Force's east entry is a blue band right of the grid, as tall as the
// grid, inside the frame; its turn-5 north entry a band above the grid as wide as it.
func TestEntryBandsAlongTheirEdges(t *testing.T) {
	pkg, sc := prestagsTest(t)
	d, err := ForScenario(pkg, sc)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, off := onePage(t, d)
	blue := hexColour(t, "#2f5597")
	gb := d.Set.Hex.Bounds()
	gx0, gy0 := gb.Min.X+d.gx+off.X, gb.Min.Y+d.gy+off.Y
	gx1, gy1 := gb.Max.X+d.gx+off.X, gb.Max.Y+d.gy+off.Y
	fx1, fy0 := off.X+d.mapW, off.Y
	var east, north int
	for _, s := range shapes(pg.Content, pg.Height()) {
		if !s.rect || !s.fill || s.rgb != blue {
			continue
		}
		x0, y0, x1, y1 := bbox(s.pts)
		switch {
		case y1-y0 > 0.9*(gy1-gy0):
			east++
			if !pdfcheck.Near(x0, gx1, 0.1) || x1 > fx1 || x1-x0 < 4 {
				t.Errorf("east band x %.1f to %.1f; the grid ends at %.1f, the frame at %.1f", x0, x1, gx1, fx1)
			}
		case x1-x0 > 0.9*(gx1-gx0):
			north++
			if !pdfcheck.Near(y1, gy0, 0.1) || y0 < fy0 || y1-y0 < 4 {
				t.Errorf("north band y %.1f to %.1f; the grid starts at %.1f", y0, y1, gy0)
			}
		}
	}
	if east != 1 || north != 1 {
		t.Errorf("%d east bands and %d north bands, want 1 and 1", east, north)
	}
}

// A two-cell unit spans its pair: Rampant's two-hex Greek HI is one rectangle whose centre is between the
// two cells' centres and whose ends lie in the two cells.
func TestTwoCellUnitSpansItsPair(t *testing.T) {
	pkg := load(t, "rampant")
	sc := *pkg.Scenario("alesia-assault")
	sc.Sides = append([]content.Side(nil), sc.Sides...)
	set, _ := pkg.MapSet(&sc)
	a := cell(t, set, "1515")
	b := set.Neighbours(a, nil)[1]
	sc.Sides[0].Setup = append(append([]content.Placement(nil), sc.Sides[0].Setup...),
		content.Placement{Unit: "greek-hi", Count: 1, Cells: []string{set.Label(a), set.Label(b)}})
	d, err := ForScenario(pkg, &sc)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, off := onePage(t, d)
	greek := hexColour(t, "#c79a2b")
	n := 0
	for _, s := range shapes(pg.Content, pg.Height()) {
		if s.rect || !s.fill || s.rgb != greek || len(s.pts) != 4 {
			continue
		}
		n++
		ca, cb := d.centre(a), d.centre(b)
		mid := surface.Pt{X: (ca.X+cb.X)/2 + off.X, Y: (ca.Y+cb.Y)/2 + off.Y}
		var cx, cy float64
		for _, q := range s.pts {
			cx += q.X / 4
			cy += q.Y / 4
		}
		if math.Hypot(cx-mid.X, cy-mid.Y) > 0.1 {
			t.Errorf("the two-cell marker's centre (%.1f, %.1f) is not between the cells (%.1f, %.1f)", cx, cy, mid.X, mid.Y)
		}
		// Its ends: the middles of its short sides.
		p := s.pts
		e1 := surface.Pt{X: (p[0].X + p[3].X) / 2, Y: (p[0].Y + p[3].Y) / 2}
		e2 := surface.Pt{X: (p[1].X + p[2].X) / 2, Y: (p[1].Y + p[2].Y) / 2}
		ha, hb := hexOnPage(d, a, off), hexOnPage(d, b, off)
		if !(inside(e1, ha) && inside(e2, hb) || inside(e1, hb) && inside(e2, ha)) {
			t.Errorf("the marker's ends %v, %v are not one in each of %s and %s", e1, e2, set.Label(a), set.Label(b))
		}
	}
	if n != 1 {
		t.Errorf("%d two-cell markers, want 1", n)
	}
}

var spaces = regexp.MustCompile(`\s+`)

// The scenario layer's words are text: each side's name, every objective's name, the reinforcements' turn
// ("T3"), the bands' names. The same scenario twice gives the same bytes, and qpdf accepts it.
func TestScenarioLayerTextAndBytes(t *testing.T) {
	pkg, sc := prestagsTest(t)
	mk := func() []byte {
		d, err := ForScenario(pkg, sc)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := render(t, d, Options{Paper: letter})
		return b
	}
	a, b := mk(), mk()
	if !bytes.Equal(a, b) {
		t.Error("two renders differ")
	}
	pdfcheck.Check(t, "scenario map", a)
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	txt := spaces.ReplaceAllString(pdfcheck.Text(t, a, "-layout"), " ")
	flat := spaces.ReplaceAllString(pdfcheck.Text(t, a, "-raw"), " ")
	for _, s := range sc.Sides {
		if !strings.Contains(flat, s.Name) {
			t.Errorf("side name %q not in the text", s.Name)
		}
	}
	for _, o := range sc.Objectives {
		if !strings.Contains(txt, o.Name) {
			t.Errorf("objective %q not in the text", o.Name)
		}
	}
	// pdftotext may interleave a label with the cell numbers it overlaps; the content stream holds each
	// label whole.
	for _, w := range []string{"T3", "T5 B Force reinforcements", "B Force entry", "A Force set-up: within 3 hexes of Hex D (the village)", "B Force set-up: within 4 hexes of Hex J (the hamlet)"} {
		if !strings.Contains(txt, w) && !strings.Contains(flat, w) {
			t.Errorf("%q not in the text", w)
		}
	}
}

// A zone's name on the map says where the zone is, in the words of content.MapSet.DescribeZone (the scenario
// sheet prints the same): PRESTAGS's deployment hexes with their radius, Isandlwana's circle about the camp,
// each location by its name.
func TestZoneLabelsSayWhere(t *testing.T) {
	pkg, sc := prestagsTest(t)
	fh := load(t, "fields-of-honor")
	for _, tc := range []struct {
		pkg  *content.Package
		sc   *content.Scenario
		want []string
	}{
		{pkg, sc, []string{"A Force set-up: within 3 hexes of Hex D (the village)", "B Force set-up: within 4 hexes of Hex J (the hamlet)"}},
		{fh, fh.Scenario("isandlwana"), []string{"British and colonial force set-up: within 12in of The camp"}},
	} {
		d, err := ForScenario(tc.pkg, tc.sc)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, z := range d.layer.zones {
			got = append(got, z.label)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: zone labels %q, want %q", tc.sc.ID, got, tc.want)
		}
	}
}

// Names keep apart: on the Introductory map (the village, bridges, forks and objectives within a few hexes of
// IIC08), no two placed names overlap, and none covers a unit, letter or star.
func TestNamesDoNotOverlap(t *testing.T) {
	for _, c := range []struct{ ex, sc string }{{"highest-ground", "introductory"}, {"prestags", "example-bridge"}, {"rampant", "alesia-assault"}} {
		pkg := load(t, c.ex)
		d, err := ForScenario(pkg, pkg.Scenario(c.sc))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Layout(Options{Paper: letter}); err != nil {
			t.Fatal(err)
		}
		names := d.placedNames()
		var in labelInput
		d.collectNames(&in)
		if len(names) != len(in.names) || len(names) < 3 {
			t.Fatalf("%s: %d names placed of %d", c.sc, len(names), len(in.names))
		}
		for i := range names {
			for j := i + 1; j < len(names); j++ {
				if names[i].placed.overlap(names[j].placed) > 0 {
					t.Errorf("%s: %q overlaps %q", c.sc, names[i].lines, names[j].lines)
				}
			}
			for _, m := range in.marks {
				if names[i].placed.overlap(m) > 0 {
					t.Errorf("%s: %q covers a mark at %v", c.sc, names[i].lines, m)
				}
			}
		}
	}
}

// On an open tabletop, set-up units stand at their points: every British-coloured marker (six line companies,
// a 7-pounder section, a rocket battery) is centred on one of the eight points the setup gives them, in inches
// from the table's corner at the plan's scale, one marker per point.
// isandlwanaPage renders the Isandlwana scenario map on one Letter page and returns the page, the scenario,
// the British colour, and where a point of the table (in inches) lands on the page.
func isandlwanaPage(t *testing.T) (*pdfcheck.Page, *content.Package, *content.Scenario, [3]float64, func(x, y float64) surface.Pt) {
	t.Helper()
	pkg := load(t, "fields-of-honor")
	sc := pkg.Scenario("isandlwana")
	d, err := ForScenario(pkg, sc)
	if err != nil {
		t.Fatal(err)
	}
	b, pl := render(t, d, Options{Paper: letter})
	doc, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	var colour [3]float64
	for _, f := range pkg.System.Factions {
		if f.ID == "british" {
			colour = hexColour(t, f.Colour)
		}
	}
	tl, k := pl.Tiles[0], 72*pl.Scale
	onPage := func(x, y float64) surface.Pt {
		return surface.Pt{X: tl.Frame.X - tl.View.X + d.border + x*k, Y: tl.Frame.Y - tl.View.Y + d.border + y*k}
	}
	return doc.Pages[0], pkg, sc, colour, onPage
}

func TestTableUnitsAtTheirPoints(t *testing.T) {
	pg, pkg, sc, colour, onPage := isandlwanaPage(t)
	var pts []surface.Pt
	for _, p := range sc.Sides[0].Setup {
		if pkg.UnitType(p.Unit).Faction != "british" {
			continue
		}
		for _, q := range p.Points {
			pts = append(pts, onPage(q[0].Inches(), q[1].Inches()))
		}
	}
	if len(pts) != 8 {
		t.Fatalf("%d points", len(pts))
	}
	hit := map[int]int{}
	for _, s := range shapes(pg.Content, pg.Height()) {
		if !s.rect || !s.fill || s.rgb != colour || !pdfcheck.Near(s.pts[1].X-s.pts[0].X, tableMarker, 0.01) {
			continue
		}
		c := s.centre()
		found := false
		for i, q := range pts {
			if math.Hypot(c.X-q.X, c.Y-q.Y) < 0.05 {
				hit[i]++
				found = true
			}
		}
		if !found {
			t.Errorf("a British marker at (%.1f, %.1f) is on none of the setup's points", c.X, c.Y)
		}
	}
	for i := range pts {
		if hit[i] != 1 {
			t.Errorf("point %d has %d markers, want 1", i+1, hit[i])
		}
	}
}

// On an open tabletop a deployment zone is a circle: Isandlwana's British set up within 12in of the camp, so
// the zone's tint is a circle of radius 12in (at the plan's scale) about the camp's point.
func TestTableZoneIsACircle(t *testing.T) {
	pg, pkg, sc, colour, onPage := isandlwanaPage(t)
	z := sc.Sides[0].Deployment
	if z == nil || z.Radius == nil {
		t.Fatal("the example's British side has no circular deployment zone")
	}
	var loc *content.Location
	m := pkg.Map(sc.Map.Map)
	for i := range m.Locations {
		if m.Locations[i].ID == z.Near {
			loc = &m.Locations[i]
		}
	}
	if loc == nil {
		t.Fatalf("no location %s", z.Near)
	}
	want := onPage(loc.Point[0].Inches(), loc.Point[1].Inches())
	r := onPage(z.Radius.Inches(), 0).X - onPage(0, 0).X
	found := 0
	for _, s := range shapes(pg.Content, pg.Height()) {
		if !s.fill || s.rect || s.rgb != colour || len(s.pts) < 4 {
			continue
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, q := range s.pts {
			x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
		}
		if pdfcheck.Near(x1-x0, 2*r, 0.05) && pdfcheck.Near(y1-y0, 2*r, 0.05) &&
			pdfcheck.Near((x0+x1)/2, want.X, 0.05) && pdfcheck.Near((y0+y1)/2, want.Y, 0.05) {
			found++
		}
	}
	if found != 1 {
		t.Errorf("found %d filled circles of radius %.2fpt about (%.1f, %.1f) in the British colour, want 1", found, r, want.X, want.Y)
	}
}

// A unit set up on its back is drawn pale under a band of its colour, and a marker placed on a unit sits on
// it as a chip: in 1205 (flipped) a full marker in the pale colour with a red band across its top
// BackBand of its height; in 1005 and 1405 (not flipped) full red markers; in 1405 (with a marker) a white
// chip that overlaps the unit's lower edge.
func TestSetupStateOnTheMap(t *testing.T) {
	pkg, sc := prestagsTest(t)
	a := &sc.Sides[0]
	a.Setup = []content.Placement{
		{Unit: "red-ax", Count: 1, Cells: []string{"1005"}},
		{Unit: "red-ax", Count: 1, Cells: []string{"1205"}, Flipped: true},
		{Unit: "red-ax", Count: 1, Cells: []string{"1405"}, Markers: []string{pkg.Markers()[0].ID}},
	}
	d, err := ForScenario(pkg, sc)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, off := onePage(t, d)
	redC, err := surface.Hex("#b3261e")
	if err != nil {
		t.Fatal(err)
	}
	red := hexColour(t, "#b3261e")
	pale := hexColour(t, BackFill(redC).Hex())
	white := [3]float64{1, 1, 1}
	m := d.cell * 0.56
	type seen struct{ full, pale, band, chip int }
	got := map[string]*seen{"1005": {}, "1205": {}, "1405": {}}
	for _, s := range shapes(pg.Content, pg.Height()) {
		if !s.rect || !s.fill {
			continue
		}
		w, h := s.pts[1].X-s.pts[0].X, s.pts[2].Y-s.pts[1].Y
		c, ok := cellAt(d, s.centre(), off)
		if !ok {
			continue
		}
		g := got[d.Set.Label(c)]
		if g == nil {
			continue
		}
		switch {
		case s.rgb == red && pdfcheck.Near(w, m, 0.05) && pdfcheck.Near(h, m, 0.05):
			g.full++
		case s.rgb == pale && pdfcheck.Near(w, m, 0.05) && pdfcheck.Near(h, m, 0.05):
			g.pale++
		case s.rgb == red && pdfcheck.Near(w, m, 0.05) && pdfcheck.Near(h, m*BackBand, 0.05):
			g.band++
		case s.rgb == white && w < m && h < m/2:
			g.chip++
		}
	}
	want := map[string]seen{"1005": {full: 1}, "1205": {pale: 1, band: 1}, "1405": {full: 1, chip: 1}}
	for l, w := range want {
		if *got[l] != w {
			t.Errorf("%s: %+v, want %+v", l, *got[l], w)
		}
	}
}

// The places sides control when the Autumn Offensive begins carry a pennant in the side's colour: a filled
// triangle in each controlled cell (Hollin, Vado and Meer the Northern Army's, Brenn and Castor the
// Southern Front's), its pole's foot where ControlFlag puts it, and no pennant anywhere else.
func TestControlAtStartFlagged(t *testing.T) {
	pkg := load(t, "testdata/river-line")
	sc := pkg.Scenario("autumn-offensive")
	d, err := ForScenario(pkg, sc)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, off := onePage(t, d)
	want := map[grid.Cell]int{}
	colour := map[int][3]float64{}
	for i, st := range d.layer.sides {
		colour[i] = colourOf(st.fill)
	}
	for _, c := range sc.ControlAtStart(d.Set) {
		r, ok := d.Set.Cell(c.Location.Cells[0])
		if !ok {
			t.Fatalf("%s: no cell %s", c.Place, c.Location.Cells[0])
		}
		for i, sd := range sc.Sides {
			if sd.ID == c.Side {
				want[r.Cell] = i
			}
		}
	}
	if len(want) != 5 {
		t.Fatalf("%d controlled places, want 5", len(want))
	}
	got := map[grid.Cell]int{}
	for _, s := range shapes(pg.Content, pg.Height()) {
		if !s.fill || s.rect || len(s.pts) != 3 {
			continue
		}
		c, ok := cellAt(d, s.centre(), off)
		if !ok {
			continue
		}
		side, controlled := want[c]
		if !controlled || s.rgb != colour[side] {
			continue
		}
		got[c]++
		q := d.centre(c)
		foot := surface.Pt{X: q.X + ControlFlag.X*d.cell + off.X, Y: q.Y + ControlFlag.Y*d.cell + off.Y}
		if !pdfcheck.Near(s.pts[0].X, foot.X, 0.05) || !pdfcheck.Near(s.pts[0].Y, foot.Y-ControlFlag.H*d.cell, 0.05) {
			t.Errorf("%s: the pennant's top is at %v, want above the pole's foot %v", d.Set.Label(c), s.pts[0], foot)
		}
	}
	for c := range want {
		if got[c] != 1 {
			t.Errorf("%s: %d pennants in its side's colour, want 1", d.Set.Label(c), got[c])
		}
	}
}
