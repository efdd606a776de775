package flow

import (
	"math"

	"github.com/muster-wargames/muster/print/surface"
)

// Table is a ruled text table: a header row (its first cell is the corner above the row labels), then rows
// whose first cell is the label. Cells wrap; a table longer than the page continues on the next with its header
// repeated.
type Table struct {
	Header []string
	Rows   [][]string
	Font   surface.Font // cell font; zero means CellFont
	// MinSize is the smallest font size the table may shrink to when it is too wide; 0 means 6.
	MinSize float64
	// Numeric right-aligns the cells (not the labels) of these columns.
	Numeric map[int]bool
	// Bold rows (totals).
	Bold map[int]bool
	// DropEmpty leaves out the columns that no row fills.
	DropEmpty bool
}

const (
	padX = 3.5
	padY = 2.2
)

// Widths computes column widths for the page width w at font f, and whether they fit without cutting words.
func (t *Table) widths(m Measurer, f surface.Font, w float64) ([]float64, bool) {
	n := len(t.Header)
	for _, r := range t.Rows {
		n = max(n, len(r))
	}
	nat := make([]float64, n)
	low := make([]float64, n)
	hf := f
	hf.Style = surface.Bold
	see := func(i int, s string, f surface.Font) {
		// Half a point of slack: (w+2*padX)-2*padX need not give w back exactly.
		nat[i] = math.Max(nat[i], m.MeasureText(s, f)+2*padX+0.5)
		low[i] = math.Max(low[i], Widest(m, s, f)+2*padX+0.5)
	}
	for i, h := range t.Header {
		see(i, h, hf)
	}
	for _, r := range t.Rows {
		for i, c := range r {
			cf := f
			if i == 0 {
				cf = hf
			}
			see(i, c, cf)
		}
	}
	for i := range low {
		low[i] = math.Max(low[i], 14)
		nat[i] = math.Max(nat[i], low[i])
	}
	sumN, sumL := 0.0, 0.0
	for i := range nat {
		sumN += nat[i]
		sumL += low[i]
	}
	if sumN <= w {
		return nat, true
	}
	if sumL > w {
		k := w / sumL
		for i := range low {
			low[i] *= k
		}
		return low, false
	}
	out := make([]float64, n)
	extra := w - sumL
	for i := range out {
		out[i] = low[i] + extra*(nat[i]-low[i])/(sumN-sumL)
	}
	return out, true
}

// Fits reports whether the table fits width w at some font size down to its minimum.
func (t *Table) Fits(m Measurer, w float64) bool {
	f := t.font()
	for f.Size >= t.minSize()-1e-9 {
		if _, ok := t.widths(m, f, w); ok {
			return true
		}
		f.Size -= 0.5
	}
	return false
}

func (t *Table) font() surface.Font {
	if t.Font.Size == 0 {
		return CellFont
	}
	return t.Font
}

func (t *Table) minSize() float64 {
	if t.MinSize > 0 {
		return t.MinSize
	}
	return 6
}

// dropEmpty removes the columns (after the labels) that no row fills.
func (t *Table) dropEmpty() {
	n := len(t.Header)
	keep := make([]bool, n)
	for i := range keep {
		keep[i] = i == 0
	}
	for _, r := range t.Rows {
		for i, c := range r {
			if i < n && c != "" {
				keep[i] = true
			}
		}
	}
	var cols []int
	for i, k := range keep {
		if k {
			cols = append(cols, i)
		}
	}
	if len(cols) == n {
		return
	}
	pick := func(r []string) []string {
		var out []string
		for _, i := range cols {
			if i < len(r) {
				out = append(out, r[i])
			} else {
				out = append(out, "")
			}
		}
		return out
	}
	num := map[int]bool{}
	for j, i := range cols {
		if t.Numeric[i] {
			num[j] = true
		}
	}
	t.Header, t.Numeric = pick(t.Header), num
	for k, r := range t.Rows {
		t.Rows[k] = pick(r)
	}
}

// Table writes the table across the page. With DropEmpty set, columns no row fills are left out.
func (d *Doc) Table(t *Table) {
	d.ensure()
	if t.DropEmpty {
		t.dropEmpty()
	}
	f := t.font()
	var ws []float64
	for {
		var ok bool
		ws, ok = t.widths(d.S, f, d.Width())
		if ok || f.Size-0.5 < t.minSize() {
			break
		}
		f.Size -= 0.5
	}
	hf := f
	hf.Style = surface.Bold
	lh := lineH(f)
	wrapRow := func(r []string, bold bool) ([][]string, float64) {
		cells := make([][]string, len(ws))
		h := 0.0
		for i := range ws {
			s := ""
			if i < len(r) {
				s = r[i]
			}
			cf := f
			if i == 0 || bold {
				cf = hf
			}
			cells[i] = Wrap(d.S, s, cf, ws[i]-2*padX)
			h = math.Max(h, float64(len(cells[i]))*lh)
		}
		return cells, h + 2*padY
	}
	header, hh := wrapRow(t.Header, true)
	draw := func(cells [][]string, h float64, shade surface.Color, bold bool) {
		x := d.Margin
		total := 0.0
		for _, w := range ws {
			total += w
		}
		if shade.A > 0 {
			d.S.SetFill(shade)
			d.S.Rect(x, d.y, total, h, surface.Fill)
		}
		d.S.SetStroke(RuleColour, 0.4)
		d.S.SetDash()
		for i, w := range ws {
			d.S.Rect(x, d.y, w, h, surface.Stroke)
			cf := f
			if i == 0 || bold {
				cf = hf
			}
			d.S.SetFill(Ink)
			for k, l := range cells[i] {
				ty := d.y + padY + float64(k)*lh
				if t.Numeric[i] && i > 0 {
					d.S.Text(x+w-padX, ty, l, cf, surface.Align{H: surface.Right, V: surface.Top})
				} else {
					d.S.Text(x+padX, ty, l, cf, surface.Align{V: surface.Top})
				}
			}
			x += w
		}
		d.y += h
	}
	if len(t.Header) > 0 {
		_, fr := wrapRow(firstRow(t.Rows), false)
		d.Need(hh + fr)
		draw(header, hh, HeaderShade, true)
	}
	for ri, r := range t.Rows {
		cells, h := wrapRow(r, t.Bold[ri])
		need := h
		if ri == len(t.Rows)-2 && ri > 0 { // the last row does not go over alone
			_, h2 := wrapRow(t.Rows[ri+1], t.Bold[ri+1])
			need += h2
		}
		if d.y+need > d.bottom() {
			d.NewPage()
			if len(t.Header) > 0 {
				draw(header, hh, HeaderShade, true)
			}
		}
		shade := surface.Color{}
		if ri%2 == 1 {
			shade = StripeShade
		}
		draw(cells, h, shade, t.Bold[ri])
	}
	d.y += 4
}

func firstRow(rows [][]string) []string {
	if len(rows) == 0 {
		return nil
	}
	return rows[0]
}

// Track draws a row of numbered boxes (a turn record, a victory point record), wrapping onto more rows when
// it is wider than the page. Each label is printed in its box's top-left corner.
func (d *Doc) Track(labels []string, box float64) {
	d.ensure()
	per := max(1, int(d.Width()/box))
	rows := (len(labels) + per - 1) / per
	for r := 0; r < rows; r++ {
		d.Need(box + 2)
		for i := r * per; i < min(len(labels), (r+1)*per); i++ {
			x := d.Margin + float64(i-r*per)*box
			d.S.SetStroke(Ink, 0.6)
			d.S.SetDash()
			d.S.Rect(x, d.y, box, box, surface.Stroke)
			d.S.SetFill(Ink)
			d.S.Text(x+2.5, d.y+2, labels[i], surface.Font{Style: surface.Bold, Size: math.Min(9, box*0.3)}, surface.Align{V: surface.Top})
		}
		d.y += box
	}
	d.y += 6
}
