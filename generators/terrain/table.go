package terrain

import (
	"fmt"
	"math"
	"strconv"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
)

// Open tabletops are laid out in whole eighths of an inch, with integer arithmetic only, so that the same seed
// places the same pieces on every machine (no floating-point rounding, no fused multiply-add).
const eighths = 8

// cos16 is 1000 x cos(k x 22.5 degrees), k = 0..15; sin(k) is cos16[(k+12)%16].
var cos16 = [16]int{1000, 924, 707, 383, 0, -383, -707, -924, -1000, -924, -707, -383, 0, 383, 707, 924}

// disc is the circle a piece fits in, in eighths of an inch.
type disc struct{ x, y, r int }

func (d disc) clear(o disc, gap int) bool {
	dx, dy := int64(d.x-o.x), int64(d.y-o.y)
	s := int64(d.r + o.r + gap)
	return dx*dx+dy*dy > s*s
}

func toEighths(l value.Length) int { return int(math.Round(l.Inches() * eighths)) }

func lengthOr(l *value.Length, def int) int {
	if l == nil {
		return def
	}
	return toEighths(*l)
}

// inches is Inches.
func inches(n int) value.Length { return Inches(n) }

// Inches is a length given in eighths of an inch, written as inches: 12in, 12.5in, 3.125in.
func Inches(n int) value.Length {
	s := strconv.Itoa(n / eighths)
	if f := n % eighths; f != 0 {
		s += strconv.FormatFloat(float64(f)/eighths, 'f', -1, 64)[1:]
	}
	s += "in"
	l, _ := value.ParseLength(s)
	return l
}

// isqrtCeil is the smallest r with r*r >= x.
func isqrtCeil(x int64) int {
	r := int64(math.Sqrt(float64(x)))
	for r*r < x {
		r++
	}
	for r > 0 && (r-1)*(r-1) >= x {
		r--
	}
	return int(r)
}

// pieceDisc is the circle a piece of the base map fits in.
func pieceDisc(p content.Piece) (disc, bool) {
	if c := p.Circle; c != nil {
		return disc{toEighths(c.X), toEighths(c.Y), toEighths(c.Radius) + 1}, true
	}
	if len(p.Polygon) < 3 {
		return disc{}, false
	}
	var sx, sy int
	pts := make([][2]int, 0, len(p.Polygon))
	for _, v := range p.Polygon {
		if len(v) != 2 {
			return disc{}, false
		}
		pt := [2]int{toEighths(v[0]), toEighths(v[1])}
		pts = append(pts, pt)
		sx += pt[0]
		sy += pt[1]
	}
	cx, cy := sx/len(pts), sy/len(pts)
	var far int64
	for _, pt := range pts {
		dx, dy := int64(pt[0]-cx), int64(pt[1]-cy)
		far = max(far, dx*dx+dy*dy)
	}
	return disc{cx, cy, isqrtCeil(far) + 1}, true
}

type table struct {
	m      *content.Map
	w, h   int
	placed []disc
	r      *dice.Roller
}

// spot finds a centre for a piece of radius rad, at least gap from every piece placed, inside the table with
// a margin; false after many tries.
func (t *table) spot(rad, gap int) (disc, bool) {
	margin := eighths / 2
	if 2*(rad+margin) >= t.w || 2*(rad+margin) >= t.h {
		return disc{}, false
	}
	for try := 0; try < 300; try++ {
		d := disc{rad + margin + t.r.IntN(t.w-2*(rad+margin)), rad + margin + t.r.IntN(t.h-2*(rad+margin)), rad}
		ok := true
		for _, o := range t.placed {
			if !d.clear(o, gap) {
				ok = false
				break
			}
		}
		if ok {
			return d, true
		}
	}
	return disc{}, false
}

func genTable(m *content.Map, mg *content.MapGen, tt *terrainTable, r *dice.Roller, what string) error {
	if m.Grid.Width == nil || m.Grid.Height == nil {
		return fmt.Errorf("%s: an open tabletop needs a width and a height", what)
	}
	t := &table{m: m, w: toEighths(*m.Grid.Width), h: toEighths(*m.Grid.Height), r: r}
	for _, p := range m.Pieces {
		if d, ok := pieceDisc(p); ok {
			t.placed = append(t.placed, d)
		}
	}
	if st := mg.Settlements; st != nil {
		if st.Terrain == "" || tt.def(st.Terrain) == nil {
			return fmt.Errorf("%s: settlements need a terrain of the System; %q is not one", what, st.Terrain)
		}
		lo := 1
		if len(st.Count) > 0 {
			lo = st.Count[0]
		}
		count := r.Range(st.Count, 2)
		minS, maxS := lengthOr(st.MinSize, 3*eighths), lengthOr(st.MaxSize, 6*eighths)
		gap := lengthOr(st.Spacing, 2*eighths)
		for k := 0; k < count; k++ {
			w := 2 * r.Between(minS/2, maxS/2)
			h := 2 * r.Between(minS/2, maxS/2)
			rad := isqrtCeil(int64(w/2)*int64(w/2)+int64(h/2)*int64(h/2)) + 1
			d, ok := t.spot(rad, gap)
			if !ok {
				if k < lo {
					return fmt.Errorf("%s: placed %d of at least %d settlements: no room is left on the %s x %s table %s clear of the other pieces",
						what, k, lo, inches(t.w), inches(t.h), inches(gap))
				}
				break
			}
			t.placed = append(t.placed, d)
			id := fmt.Sprintf("settlement-%d", k+1)
			x0, y0, x1, y1 := d.x-w/2, d.y-h/2, d.x+w/2, d.y+h/2
			m.Pieces = append(m.Pieces, content.Piece{ID: id, Terrain: st.Terrain, Name: fmt.Sprintf("Settlement %d", k+1),
				Polygon: [][]value.Length{{inches(x0), inches(y0)}, {inches(x1), inches(y0)}, {inches(x1), inches(y1)}, {inches(x0), inches(y1)}}})
			m.Locations = append(m.Locations, content.Location{ID: id, Name: fmt.Sprintf("Settlement %d", k+1), Kind: "settlement",
				Point: []value.Length{inches(d.x), inches(d.y)}})
		}
	}
	if pg := mg.Pieces; pg != nil {
		if len(pg.Terrain) == 0 {
			return fmt.Errorf("%s: pieces need terrain to be made of (pieces: {terrain: [woods, hill]})", what)
		}
		for _, id := range pg.Terrain {
			if tt.def(id) == nil {
				return fmt.Errorf("%s: piece terrain %q is not one of the System's terrain types", what, id)
			}
		}
		lo := 1
		if len(pg.Count) > 0 {
			lo = pg.Count[0]
		}
		count := r.Range(pg.Count, 4)
		minS, maxS := lengthOr(pg.MinSize, 4*eighths), lengthOr(pg.MaxSize, 10*eighths)
		gap := lengthOr(pg.Spacing, eighths)
		for k := 0; k < count; k++ {
			terrain := pg.Terrain[r.IntN(len(pg.Terrain))]
			rad := r.Between(minS/2, maxS/2)
			d, ok := t.spot(rad+1, gap)
			if !ok {
				if k < lo {
					return fmt.Errorf("%s: placed %d of at least %d terrain pieces: no room is left on the %s x %s table", what, k, lo, inches(t.w), inches(t.h))
				}
				break
			}
			t.placed = append(t.placed, d)
			p := content.Piece{ID: fmt.Sprintf("piece-%d", k+1), Terrain: terrain, Name: fmt.Sprintf("%s %d", tt.def(terrain).Name, k+1)}
			if r.Chance(1, 3) {
				p.Circle = &content.CircleSpec{X: inches(d.x), Y: inches(d.y), Radius: inches(rad)}
			} else {
				off := r.IntN(2)
				for a := off; a < 16; a += 2 {
					rr := rad * (70 + r.IntN(31)) / 100
					x := d.x + rr*cos16[a]/1000
					y := d.y + rr*cos16[(a+12)%16]/1000
					p.Polygon = append(p.Polygon, []value.Length{inches(x), inches(y)})
				}
			}
			m.Pieces = append(m.Pieces, p)
		}
	}
	return nil
}
