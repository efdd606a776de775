// The terrain legend: which terrain each character of a map's terrain rows stands for, and the terrain of
// every cell of a map.

package content

import (
	"unicode/utf8"
)

// Legend maps the characters of a map's terrain rows to terrain ids: the System's terrain chars, overridden
// by the map's own legend.
type Legend struct {
	ascii [128]string
	other map[rune]string
}

// LegendOf returns the map's legend; sys may be nil.
func (m *Map) LegendOf(sys *System) *Legend {
	l := &Legend{}
	set := func(ch, id string) {
		r, n := utf8.DecodeRuneInString(ch)
		if n == 0 || n != len(ch) {
			return // not one character: the schema reports it
		}
		if r < 128 {
			l.ascii[r] = id
			return
		}
		if l.other == nil {
			l.other = map[rune]string{}
		}
		l.other[r] = id
	}
	if sys != nil {
		for _, t := range sys.Terrain {
			if t.Char != "" {
				set(t.Char, t.ID)
			}
		}
	}
	for ch, id := range m.Legend {
		set(ch, id)
	}
	return l
}

// Terrain returns the terrain id of a legend character.
func (l *Legend) Terrain(r rune) (string, bool) {
	if r >= 0 && r < 128 {
		return l.ascii[r], l.ascii[r] != ""
	}
	id, ok := l.other[r]
	return id, ok
}

// CellTerrain returns the terrain id of every cell of the map in row-major order (index Row*Cols+Col):
// the legend character of its terrain row, then the map's cell overrides. A cell with no row, no known
// character and no override has terrain "". Labels that name no cell are skipped (the map checks report
// them).
func (m *Map) CellTerrain(g *Geometry, sys *System) []string {
	out := make([]string, g.Cols*g.Rows)
	if g.Type == GridOpen {
		return out
	}
	if g.Net != nil {
		for i, p := range g.Places {
			out[i] = p.Terrain
		}
		return out
	}
	leg := m.LegendOf(sys)
	for row, text := range m.Terrain {
		if row >= g.Rows {
			break
		}
		base := row * g.Cols
		col := 0
		for _, r := range text {
			if col >= g.Cols {
				break
			}
			out[base+col], _ = leg.Terrain(r)
			col++
		}
	}
	for _, o := range m.Cells {
		if o.Terrain == "" {
			continue
		}
		if c, err := g.Lookup(o.Cell); err == nil {
			out[c.Row*g.Cols+c.Col] = o.Terrain
		}
	}
	return out
}
