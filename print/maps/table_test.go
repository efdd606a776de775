package maps

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/print/surface"
)

// An open table's roads and rivers given by points are drawn through them, at the plan's scale, and its
// crossings where they are: the river line's bridgehead table has the river, the road and the Vado bridge.
func TestTablePathsDrawn(t *testing.T) {
	pkg := load(t, filepath.Join("testdata", "river-line"))
	m := pkg.Map("bridgehead-table")
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	_, pg, off := onePage(t, d)
	ss := strokes(pg.Content, pg.Height())
	for _, pf := range m.Paths {
		ink := d.lineStyle(pf.Type).colour
		n := 0
		for _, v := range pf.Points {
			q := d.tablePt(v[0].Inches(), v[1].Inches())
			q = surface.Pt{X: q.X + off.X, Y: q.Y + off.Y}
			for _, s := range ss {
				hit := false
				for _, sg := range s.segments() {
					hit = hit || segDistPt(q, sg[0], sg[1]) < 0.5
				}
				if hit && s.width >= 1 {
					n++
					break
				}
			}
		}
		if n != len(pf.Points) {
			t.Errorf("%s (%v): %d of its %d points lie on a stroke", pf.ID, ink, n, len(pf.Points))
		}
	}
	cr := m.Crossings[0]
	q := d.tablePt(cr.Point[0].Inches(), cr.Point[1].Inches())
	q = surface.Pt{X: q.X + off.X, Y: q.Y + off.Y}
	found := false
	for _, s := range shapes(pg.Content, pg.Height()) {
		if s.fill && s.stroke && len(s.pts) == 4 && math.Hypot(s.centre().X-q.X, s.centre().Y-q.Y) < 0.5 {
			found = true
		}
	}
	if !found {
		t.Errorf("no bridge at %v", q)
	}
}
