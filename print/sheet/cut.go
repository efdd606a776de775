package sheet

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// CutSVG is a cut file for a die-cutter or cutting plotter of sheet si: an SVG of the page's size (in inches,
// drawn in points) with one closed path per piece along its front's outline, in the sheet's order, and the
// page's registration marks. A plotter that reads printed marks lines the file up with the printed front page
// by them; the pieces are cut through the front (and, folded over, through both halves).
func (l *Layout) CutSVG(si int, title string) []byte {
	sh := &l.Sheets[si]
	W, H := l.Opt.Page.W, l.Opt.Page.H
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%sin\" height=\"%sin\" viewBox=\"0 0 %s %s\">\n", num(W/surface.Inch), num(H/surface.Inch), num(W), num(H))
	fmt.Fprintf(&b, "<title>%s</title>\n", escape(title))
	if marks := l.RegistrationMarks(); len(marks) > 0 {
		fmt.Fprintf(&b, "<g id=\"registration\" fill=\"none\" stroke=\"#000000\" stroke-width=\"%s\">\n", num(regWidth))
		for _, p := range marks {
			fmt.Fprintf(&b, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"/>\n", num(p.X), num(p.Y), num(regRadius*0.6))
			fmt.Fprintf(&b, "<path d=\"M%s %sH%sM%s %sV%s\"/>\n", num(p.X-regRadius), num(p.Y), num(p.X+regRadius), num(p.X), num(p.Y-regRadius), num(p.Y+regRadius))
		}
		b.WriteString("</g>\n")
	}
	fmt.Fprintf(&b, "<g id=\"cut\" fill=\"none\" stroke=\"#ff0000\" stroke-width=\"%s\">\n", num(cutWidth))
	for k, sl := range sh.Slots {
		fmt.Fprintf(&b, "<path id=\"piece-%d\" d=\"%s\"/>\n", k+1, outlineD(sh.Shape, sl.Front))
	}
	b.WriteString("</g>\n</svg>\n")
	return b.Bytes()
}

// outlineD is the SVG path data of a piece's outline in the box r.
func outlineD(s string, r surface.Rect) string {
	var b strings.Builder
	switch {
	case s == shape.Round:
		rx, ry := r.W/2, r.H/2
		cx, cy := r.X+rx, r.Y+ry
		fmt.Fprintf(&b, "M%s %sA%s %s 0 1 0 %s %sA%s %s 0 1 0 %s %sZ", num(cx-rx), num(cy), num(rx), num(ry), num(cx+rx), num(cy), num(rx), num(ry), num(cx-rx), num(cy))
	default:
		var pts []surface.Pt
		if shape.IsHex(s) {
			pts = shape.Hexagon(s, r, 0)
		} else {
			pts = []surface.Pt{{X: r.X, Y: r.Y}, {X: r.X + r.W, Y: r.Y}, {X: r.X + r.W, Y: r.Y + r.H}, {X: r.X, Y: r.Y + r.H}}
		}
		for i, p := range pts {
			op := "L"
			if i == 0 {
				op = "M"
			}
			fmt.Fprintf(&b, "%s%s %s", op, num(p.X), num(p.Y))
		}
		b.WriteString("Z")
	}
	return b.String()
}

// num writes a length in points to a thousandth, without trailing zeros.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\"", "&quot;").Replace(s)
}
