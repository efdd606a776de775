package validate

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
)

// The map-bridges check: a road or railroad that the System says needs a crossing to cross water has one
// wherever it does (a bridge, a ford), on a grid and on an open tabletop.
var mapBridgesCheck = &Check{
	Name:  "map-bridges",
	Stage: StageCheck,
	Doc: "a path that needs a crossing (needsCrossing: a road, a railroad) crosses water only where a crossing is\n\n" +
		"On a grid, every step of such a path across a water hexside feature (water: true) has a crossing on " +
		"that hexside; on an open tabletop, every place its line meets a water feature's line has a crossing " +
		"within an inch.",
	Applies: func(pkg *content.Package) bool {
		if pkg.System == nil {
			return false
		}
		for _, f := range pkg.System.Features {
			if f.NeedsCrossing {
				return true
			}
		}
		return false
	},
	Package: func(p *Pass) {
		if p.Pkg.System == nil {
			return
		}
		needs, water := map[string]bool{}, map[string]bool{}
		for _, f := range p.Pkg.System.Features {
			needs[f.ID] = f.NeedsCrossing
			water[f.ID] = f.Water
		}
		for _, m := range p.Pkg.Maps() {
			set, err := p.Pkg.MapSetOf(m)
			if err != nil {
				continue
			}
			if set.Type == content.GridOpen {
				tableBridges(p, m, needs, water)
				continue
			}
			for i, pth := range m.Paths {
				if !needs[pth.Type] {
					continue
				}
				for j := 1; j < len(pth.Cells); j++ {
					a, ok1 := set.Cell(pth.Cells[j-1])
					b, ok2 := set.Cell(pth.Cells[j])
					if !ok1 || !ok2 || !set.Adjacent(a.Cell, b.Cell) {
						continue // map-paths reports it
					}
					if len(set.CrossingsBetween(a.Cell, b.Cell)) > 0 {
						continue
					}
					for _, f := range set.FeaturesBetween(a.Cell, b.Cell) {
						if water[f] {
							at := m.Doc.CharPos(fmt.Sprintf("/paths/%d/cells/%d", i, j), 0, pth.At)
							e := p.Errorf(at, "missing", "%s crosses %s between %s and %s with no crossing there", featureName(pth.ID, pth.Name, pth.Type), f, pth.Cells[j-1], pth.Cells[j])
							e.Hint = fmt.Sprintf("add a crossing (a bridge) on %s/%s, or route the %s elsewhere", pth.Cells[j-1], pth.Cells[j], pth.Type)
							break
						}
					}
				}
			}
		}
	},
}

// tableBridges checks an open tabletop's paths against its water lines.
func tableBridges(p *Pass, m *content.Map, needs, water map[string]bool) {
	line := func(pts [][]value.Length) []grid.Point {
		var out []grid.Point
		for _, v := range pts {
			if len(v) == 2 {
				out = append(out, grid.Point{X: v[0].Inches(), Y: v[1].Inches()})
			}
		}
		return out
	}
	var crossings []grid.Point
	for _, c := range m.Crossings {
		if len(c.Point) == 2 {
			crossings = append(crossings, grid.Point{X: c.Point[0].Inches(), Y: c.Point[1].Inches()})
		}
	}
	for i, pth := range m.Paths {
		if !needs[pth.Type] {
			continue
		}
		road := line(pth.Points)
		for _, river := range m.Paths {
			if !water[river.Type] {
				continue
			}
			for _, x := range intersections(road, line(river.Points)) {
				near := false
				for _, c := range crossings {
					near = near || math.Hypot(c.X-x.X, c.Y-x.Y) <= 1
				}
				if !near {
					e := p.Errorf(docPos(m.Doc, fmt.Sprintf("/paths/%d/points", i), pth.At), "missing",
						"%s crosses %s at %.1fin, %.1fin with no crossing there", featureName(pth.ID, pth.Name, pth.Type), featureName(river.ID, river.Name, river.Type), x.X, x.Y)
					e.Hint = fmt.Sprintf("add a crossing with point: [%.1fin, %.1fin]", x.X, x.Y)
				}
			}
		}
	}
}

// intersections are the points where two polylines cross.
func intersections(a, b []grid.Point) []grid.Point {
	var out []grid.Point
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			if x, ok := segmentCross(a[i-1], a[i], b[j-1], b[j]); ok {
				out = append(out, x)
			}
		}
	}
	return out
}

func segmentCross(p1, p2, q1, q2 grid.Point) (grid.Point, bool) {
	rx, ry := p2.X-p1.X, p2.Y-p1.Y
	sx, sy := q2.X-q1.X, q2.Y-q1.Y
	den := rx*sy - ry*sx
	if den == 0 {
		return grid.Point{}, false
	}
	t := ((q1.X-p1.X)*sy - (q1.Y-p1.Y)*sx) / den
	u := ((q1.X-p1.X)*ry - (q1.Y-p1.Y)*rx) / den
	if t < 0 || t > 1 || u < 0 || u > 1 {
		return grid.Point{}, false
	}
	return grid.Point{X: p1.X + t*rx, Y: p1.Y + t*ry}, true
}
