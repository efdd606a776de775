// Package symbols draws NATO-style unit type symbols (infantry X, cavalry slash, artillery dot, ...) as
// vectors on a print surface. A symbol is drawn into a frame rectangle the caller chooses, in one colour, so it
// scales from a 1/2" counter to a roster card.
package symbols

import (
	"math"
	"sort"

	"github.com/muster-wargames/muster/print/surface"
)

// Aspect is the width:height ratio of the NATO symbol frame.
const Aspect = 1.5

// drawer draws one symbol inside frame r with stroke width lw.
type drawer func(s surface.Surface, r surface.Rect, lw float64, fg surface.Color)

// table maps every symbol name the UnitType schema allows (except none and image) to its drawing.
var table = map[string]drawer{
	"infantry":         infantry,
	"cavalry":          cavalry,
	"artillery":        artillery,
	"engine":           engine,
	"missile":          missile,
	"archer":           archer,
	"leader":           leader,
	"hq":               hq,
	"baggage":          baggage,
	"supply":           supply,
	"scout":            scout,
	"skirmisher":       skirmisher,
	"chariot":          chariot,
	"elephant":         elephant,
	"machine-gun":      machineGun,
	"mercenary-weapon": mercenaryWeapon,
	"recoilless-rifle": recoillessRifle,
	"grenade-launcher": grenadeLauncher,
	"pike":             pike,
	"fleet":            fleet,
	"armour":           armour,
}

// Names lists the symbols Draw knows, sorted.
func Names() []string {
	out := make([]string, 0, len(table))
	for k := range table {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Known reports whether Draw can draw the named symbol.
func Known(name string) bool { _, ok := table[name]; return ok }

// Frame returns the largest frame of the NATO aspect ratio centred in the box (cx, cy, maxW, maxH).
func Frame(cx, cy, maxW, maxH float64) surface.Rect {
	w, h := maxW, maxW/Aspect
	if h > maxH {
		h, w = maxH, maxH*Aspect
	}
	return surface.Rect{X: cx - w/2, Y: cy - h/2, W: w, H: h}
}

// Draw draws the named symbol in frame r in colour fg, and reports whether the name was known (an unknown
// name draws nothing). The graphics state is saved and restored.
func Draw(s surface.Surface, name string, r surface.Rect, fg surface.Color) bool {
	d, ok := table[name]
	if !ok || r.Empty() {
		return ok
	}
	lw := math.Max(0.3, r.H/14)
	s.Push()
	s.SetStroke(fg, lw)
	s.SetFill(fg)
	s.SetLineJoin(surface.MiterJoin)
	s.SetLineCap(surface.ButtCap)
	d(s, r, lw, fg)
	s.Pop()
	return true
}

func box(s surface.Surface, r surface.Rect) { s.Rect(r.X, r.Y, r.W, r.H, surface.Stroke) }

func cross(s surface.Surface, r surface.Rect) {
	s.Line(r.X, r.Y, r.X+r.W, r.Y+r.H)
	s.Line(r.X, r.Y+r.H, r.X+r.W, r.Y)
}

func slash(s surface.Surface, r surface.Rect) { s.Line(r.X, r.Y+r.H, r.X+r.W, r.Y) }

func mid(r surface.Rect) (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

func infantry(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) { box(s, r); cross(s, r) }

func cavalry(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) { box(s, r); slash(s, r) }

// armour is NATO's armour: a track (two half circles joined by straight runs) in the frame.
func armour(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	cx, cy := mid(r)
	hw, hh := r.W*0.32, r.H*0.22
	var pts []surface.Pt
	for i := 0; i <= 16; i++ {
		a := math.Pi/2 + math.Pi*float64(i)/16
		pts = append(pts, surface.Pt{X: cx - hw + hh + hh*math.Cos(a), Y: cy + hh*math.Sin(a)})
	}
	for i := 0; i <= 16; i++ {
		a := -math.Pi/2 + math.Pi*float64(i)/16
		pts = append(pts, surface.Pt{X: cx + hw - hh + hh*math.Cos(a), Y: cy + hh*math.Sin(a)})
	}
	s.Polygon(pts, surface.Stroke)
}

func artillery(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	cx, cy := mid(r)
	s.Circle(cx, cy, r.H*0.2, surface.Fill)
}

// engine is a siege engine: the artillery dot on a wheeled bed.
func engine(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	cx, cy := mid(r)
	s.Circle(cx, cy-r.H*0.08, r.H*0.16, surface.Fill)
	y := r.Y + r.H*0.72
	s.Line(cx-r.W*0.28, y, cx+r.W*0.28, y)
	s.Circle(cx-r.W*0.18, y+r.H*0.1, r.H*0.08, surface.Stroke)
	s.Circle(cx+r.W*0.18, y+r.H*0.1, r.H*0.08, surface.Stroke)
}

// arrowUp draws a vertical arrow from (x, y1) up to (x, y0) with a filled head.
func arrowUp(s surface.Surface, x, y0, y1, head float64) {
	s.Line(x, y1, x, y0+head*0.9)
	s.Polygon([]surface.Pt{{X: x, Y: y0}, {X: x - head*0.6, Y: y0 + head}, {X: x + head*0.6, Y: y0 + head}}, surface.Fill)
}

func missile(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	cx, _ := mid(r)
	arrowUp(s, cx, r.Y+r.H*0.15, r.Y+r.H*0.85, r.H*0.3)
}

// archer is a drawn bow with an arrow on the string.
func archer(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	cx, cy := mid(r)
	ry := r.H * 0.36
	s.Arc(cx+r.W*0.02, cy, r.W*0.2, ry, 90, 270)
	s.Line(cx+r.W*0.02, cy-ry, cx+r.W*0.02, cy+ry)
	s.Line(cx-r.W*0.3, cy, cx+r.W*0.22, cy)
	h := r.H * 0.13
	s.Polygon([]surface.Pt{{X: cx - r.W*0.34, Y: cy}, {X: cx - r.W*0.34 + h, Y: cy - h*0.7}, {X: cx - r.W*0.34 + h, Y: cy + h*0.7}}, surface.Fill)
}

// leader is a flag on a staff, without a frame.
func leader(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	x := r.X + r.W*0.3
	s.Line(x, r.Y, x, r.Y+r.H)
	s.Polygon([]surface.Pt{{X: x, Y: r.Y}, {X: x + r.W*0.45, Y: r.Y + r.H*0.22}, {X: x, Y: r.Y + r.H*0.44}}, surface.Fill)
}

// hq is the NATO headquarters: the frame with a staff down from its lower left corner.
func hq(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	f := surface.Rect{X: r.X, Y: r.Y, W: r.W, H: r.H * 0.7}
	box(s, f)
	s.Line(r.X, f.Y+f.H, r.X, r.Y+r.H)
	s.Polygon([]surface.Pt{{X: r.X + lwPad(r), Y: r.Y + lwPad(r)}, {X: r.X + r.W*0.45, Y: r.Y + r.H*0.18}, {X: r.X + lwPad(r), Y: r.Y + r.H*0.36}}, surface.Fill)
}

func lwPad(r surface.Rect) float64 { return r.H / 14 }

// supply is the NATO supply bar across the lower third.
func supply(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	y := r.Y + r.H*2/3
	s.Line(r.X, y, r.X+r.W, y)
}

// baggage is a wagon: the supply bar on two wheels.
func baggage(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	y := r.Y + r.H*0.5
	s.Rect(r.X+r.W*0.2, r.Y+r.H*0.25, r.W*0.6, r.H*0.25, surface.Fill)
	s.Circle(r.X+r.W*0.32, y+r.H*0.16, r.H*0.13, surface.Stroke)
	s.Circle(r.X+r.W*0.68, y+r.H*0.16, r.H*0.13, surface.Stroke)
}

// scout is the reconnaissance slash with an eye.
func scout(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	slash(s, r)
	cx, cy := mid(r)
	s.Ellipse(cx, cy, r.W*0.16, r.H*0.12, surface.Stroke)
	s.Circle(cx, cy, r.H*0.06, surface.Fill)
}

// skirmisher is the infantry cross in open order (dashed).
func skirmisher(s surface.Surface, r surface.Rect, lw float64, _ surface.Color) {
	box(s, r)
	s.SetDash(lw*2.5, lw*1.5)
	cross(s, r)
	s.SetDash()
}

// chariot is a spoked wheel.
func chariot(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	cx, cy := mid(r)
	rad := r.H * 0.34
	s.Circle(cx, cy, rad, surface.Stroke)
	for i := 0; i < 4; i++ {
		a := float64(i) * math.Pi / 4
		dx, dy := rad*math.Cos(a), rad*math.Sin(a)
		s.Line(cx-dx, cy-dy, cx+dx, cy+dy)
	}
}

// elephant is a head with ears and a curled trunk.
func elephant(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	cx, cy := mid(r)
	h := r.H
	s.Ellipse(cx-h*0.32, cy-h*0.05, h*0.2, h*0.26, surface.Fill)
	s.Ellipse(cx+h*0.32, cy-h*0.05, h*0.2, h*0.26, surface.Fill)
	s.Circle(cx, cy-h*0.1, h*0.2, surface.Fill)
	p := surface.NewPath().MoveTo(cx, cy).CurveTo(cx, cy+h*0.25, cx+h*0.05, cy+h*0.35, cx+h*0.16, cy+h*0.3)
	s.DrawPath(p, surface.Stroke)
}

// weapon is a crew-served weapon: a vertical arrow with marks at its base.
func weapon(s surface.Surface, r surface.Rect, bars int, ball bool) {
	box(s, r)
	cx, _ := mid(r)
	top, bot := r.Y+r.H*0.12, r.Y+r.H*0.88
	arrowUp(s, cx, top, bot, r.H*0.26)
	for i := 0; i < bars; i++ {
		y := bot - float64(i)*r.H*0.14
		s.Line(cx-r.W*0.12, y, cx+r.W*0.12, y)
	}
	if ball {
		s.Circle(cx, bot-r.H*0.08, r.H*0.1, surface.Fill)
	}
}

func machineGun(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	weapon(s, r, 1, false)
	s.Line(r.X+r.W*0.5-r.W*0.12, r.Y+r.H*0.55, r.X+r.W*0.5+r.W*0.12, r.Y+r.H*0.55)
}

func mercenaryWeapon(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	weapon(s, r, 0, false)
	cx, cy := mid(r)
	s.Star(cx+r.W*0.27, cy+r.H*0.12, r.H*0.16, 5, surface.Fill)
}

func recoillessRifle(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	weapon(s, r, 2, false)
}

func grenadeLauncher(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	weapon(s, r, 0, true)
}

// pike is three upright pikes.
func pike(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	for i := -1; i <= 1; i++ {
		x := r.X + r.W/2 + float64(i)*r.W*0.2
		top := r.Y + r.H*0.12
		s.Line(x, top+r.H*0.15, x, r.Y+r.H*0.9)
		d := r.H * 0.08
		s.Polygon([]surface.Pt{{X: x, Y: top}, {X: x + d, Y: top + r.H*0.12}, {X: x, Y: top + r.H*0.2}, {X: x - d, Y: top + r.H*0.12}}, surface.Fill)
	}
}

// fleet is a ship: hull, mast and sail.
func fleet(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	box(s, r)
	cx := r.X + r.W/2
	s.Polygon([]surface.Pt{
		{X: r.X + r.W*0.18, Y: r.Y + r.H*0.66}, {X: r.X + r.W*0.82, Y: r.Y + r.H*0.66},
		{X: r.X + r.W*0.7, Y: r.Y + r.H*0.86}, {X: r.X + r.W*0.3, Y: r.Y + r.H*0.86},
	}, surface.Fill)
	s.Line(cx, r.Y+r.H*0.12, cx, r.Y+r.H*0.66)
	s.Polygon([]surface.Pt{{X: cx + r.W*0.03, Y: r.Y + r.H*0.14}, {X: cx + r.W*0.28, Y: r.Y + r.H*0.58}, {X: cx + r.W*0.03, Y: r.Y + r.H*0.58}}, surface.Fill)
}
