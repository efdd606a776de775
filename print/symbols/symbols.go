// Package symbols draws NATO-style unit type symbols (infantry X, cavalry slash, artillery dot, ...) as
// vectors on a print surface. A symbol is drawn into a frame rectangle the caller chooses, in one colour, so it
// scales from a 1/2" counter to a roster card.
//
// The APP-6 land unit basics are here (infantry, armour, mechanised, motorised, cavalry and reconnaissance,
// artillery, anti-tank, anti-air, engineers, airborne, mountain, headquarters, supply), with the older arms
// and weapons the example games need. Names combine with "+" into one frame: armour+infantry is armoured
// (mechanised) infantry, motorised+artillery motorised artillery, airborne+infantry paratroops.
package symbols

import (
	"math"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/print/surface"
)

// Aspect is the width:height ratio of the NATO symbol frame.
const Aspect = 1.5

// drawer draws one symbol's icon inside frame r with stroke width lw.
type drawer func(s surface.Surface, r surface.Rect, lw float64, fg surface.Color)

// Frames a symbol is drawn in.
const (
	frameBox  = iota // the NATO rectangle
	frameNone        // no frame (a leader's flag)
	frameHQ          // the rectangle on a staff: the upper 70% of the box, the staff below
)

// symbol is a named icon and the frame it is drawn in.
type symbol struct {
	icon  drawer
	frame int
}

// table maps every built-in symbol name to its drawing.
var table = map[string]symbol{
	"infantry":         {infantry, frameBox},
	"cavalry":          {cavalry, frameBox},
	"armour":           {armour, frameBox},
	"motorised":        {motorised, frameBox},
	"artillery":        {artillery, frameBox},
	"anti-tank":        {antiTank, frameBox},
	"anti-air":         {antiAir, frameBox},
	"engineer":         {engineer, frameBox},
	"airborne":         {airborne, frameBox},
	"mountain":         {mountain, frameBox},
	"engine":           {engine, frameBox},
	"missile":          {missile, frameBox},
	"archer":           {archer, frameBox},
	"leader":           {leader, frameNone},
	"hq":               {hq, frameHQ},
	"baggage":          {baggage, frameBox},
	"supply":           {supply, frameBox},
	"scout":            {scout, frameBox},
	"skirmisher":       {skirmisher, frameBox},
	"chariot":          {chariot, frameBox},
	"elephant":         {elephant, frameBox},
	"machine-gun":      {machineGun, frameBox},
	"mercenary-weapon": {mercenaryWeapon, frameBox},
	"recoilless-rifle": {recoillessRifle, frameBox},
	"grenade-launcher": {grenadeLauncher, frameBox},
	"pike":             {pike, frameBox},
	"fleet":            {fleet, frameBox},
}

// aliases are other names of symbols and combinations: American spellings and the usual names of combined
// arms.
var aliases = map[string]string{
	"armor":             "armour",
	"motorized":         "motorised",
	"mechanised":        "armour+infantry",
	"mechanized":        "armour+infantry",
	"armoured-infantry": "armour+infantry",
	"armored-infantry":  "armour+infantry",
	"engineers":         "engineer",
	"headquarters":      "hq",
	"reconnaissance":    "cavalry", // APP-6 draws reconnaissance and cavalry alike
	"recon":             "cavalry",
	"air-defence":       "anti-air",
	"air-defense":       "anti-air",
	"paratroops":        "airborne+infantry",
}

// MaxParts bounds the symbols one name combines.
const MaxParts = 4

// Builtins lists the symbols Draw knows by their own names (no aliases), sorted.
func Builtins() []string {
	out := make([]string, 0, len(table))
	for k := range table {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Names lists the symbols Draw knows and their aliases, sorted: each may be combined with others by "+".
func Names() []string {
	out := make([]string, 0, len(table)+len(aliases))
	for k := range table {
		out = append(out, k)
	}
	for k := range aliases {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// parts splits a symbol name into its built-in symbols: nil when a part is not one, or when it has more than
// MaxParts parts or one twice.
func parts(name string) []symbol {
	if a, ok := aliases[name]; ok {
		name = a
	}
	names := strings.Split(name, "+")
	if len(names) > MaxParts {
		return nil
	}
	var out []symbol
	seen := map[string]bool{}
	for _, n := range names {
		if a, ok := aliases[n]; ok && !strings.Contains(a, "+") {
			n = a
		}
		sy, ok := table[n]
		if !ok || seen[n] {
			return nil
		}
		seen[n] = true
		out = append(out, sy)
	}
	return out
}

// Known reports whether Draw can draw the named symbol: a built-in name, an alias, or built-in names joined
// by "+" (at most MaxParts, each once).
func Known(name string) bool { return parts(name) != nil }

// Unknown is the first part of a combined name that is not a built-in symbol ("" when every part is one).
func Unknown(name string) string {
	if a, ok := aliases[name]; ok {
		name = a
	}
	for _, n := range strings.Split(name, "+") {
		if a, ok := aliases[n]; ok && !strings.Contains(a, "+") {
			n = a
		}
		if _, ok := table[n]; !ok {
			return n
		}
	}
	return ""
}

// Frame returns the largest frame of the NATO aspect ratio centred in the box (cx, cy, maxW, maxH).
func Frame(cx, cy, maxW, maxH float64) surface.Rect {
	w, h := maxW, maxW/Aspect
	if h > maxH {
		h, w = maxH, maxH*Aspect
	}
	return surface.Rect{X: cx - w/2, Y: cy - h/2, W: w, H: h}
}

// Draw draws the named symbol in frame r in colour fg, and reports whether the name was known (an unknown
// name draws nothing). A combined name draws every part's icon in one frame. The graphics state is saved and
// restored.
func Draw(s surface.Surface, name string, r surface.Rect, fg surface.Color) bool {
	ps := parts(name)
	if ps == nil || r.Empty() {
		return ps != nil
	}
	lw := math.Max(0.3, r.H/14)
	// A symbol is drawn once per name, size and colour, and placed wherever it is (see surface.Reuse).
	local := surface.Rect{W: r.W, H: r.H}
	art := surface.Rect{X: -r.W, Y: -r.H, W: 3 * r.W, H: 3 * r.H} // room for strokes and marks past the frame
	s.Reuse(symbolKey{name, r.W, r.H, fg}, r.X, r.Y, art, art, func(s surface.Surface, _ surface.Rect) {
		r := local
		s.SetStroke(fg, lw)
		s.SetFill(fg)
		s.SetLineJoin(surface.MiterJoin)
		s.SetLineCap(surface.ButtCap)
		frame := frameNone
		for _, p := range ps {
			switch {
			case p.frame == frameHQ:
				frame = frameHQ
			case p.frame == frameBox && frame == frameNone:
				frame = frameBox
			}
		}
		inner := r
		switch frame {
		case frameBox:
			box(s, r)
		case frameHQ:
			inner = surface.Rect{X: r.X, Y: r.Y, W: r.W, H: r.H * 0.7}
			box(s, inner)
			s.Line(r.X, inner.Y+inner.H, r.X, r.Y+r.H)
		}
		for _, p := range ps {
			ir := inner
			if p.frame == frameHQ || p.frame == frameNone && frame != frameNone {
				ir = r // the staff and the flag are drawn against the whole frame
			}
			p.icon(s, ir, lw, fg)
		}
	})
	return true
}

// symbolKey names the reused drawing of a symbol.
type symbolKey struct {
	name string
	w, h float64
	fg   surface.Color
}

func box(s surface.Surface, r surface.Rect) { s.Rect(r.X, r.Y, r.W, r.H, surface.Stroke) }

func cross(s surface.Surface, r surface.Rect) {
	s.Line(r.X, r.Y, r.X+r.W, r.Y+r.H)
	s.Line(r.X, r.Y+r.H, r.X+r.W, r.Y)
}

func slash(s surface.Surface, r surface.Rect) { s.Line(r.X, r.Y+r.H, r.X+r.W, r.Y) }

func mid(r surface.Rect) (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

func infantry(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) { cross(s, r) }

func cavalry(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) { slash(s, r) }

func artillery(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	cx, cy := mid(r)
	s.Circle(cx, cy, r.H*0.2, surface.Fill)
}

// engine is a siege engine: the artillery dot on a wheeled bed.
func engine(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
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
	cx, _ := mid(r)
	arrowUp(s, cx, r.Y+r.H*0.15, r.Y+r.H*0.85, r.H*0.3)
}

// archer is a drawn bow with an arrow on the string.
func archer(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
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

// hq is the NATO headquarters: the frame with a staff down from its lower left corner (Draw draws both), and
// a pennant in the frame.
func hq(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	s.Polygon([]surface.Pt{{X: r.X + lwPad(r), Y: r.Y + lwPad(r)}, {X: r.X + r.W*0.45, Y: r.Y + r.H*0.18}, {X: r.X + lwPad(r), Y: r.Y + r.H*0.36}}, surface.Fill)
}

func lwPad(r surface.Rect) float64 { return r.H / 14 }

// supply is the NATO supply bar across the lower third.
func supply(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	y := r.Y + r.H*2/3
	s.Line(r.X, y, r.X+r.W, y)
}

// baggage is a wagon: the supply bar on two wheels.
func baggage(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	y := r.Y + r.H*0.5
	s.Rect(r.X+r.W*0.2, r.Y+r.H*0.25, r.W*0.6, r.H*0.25, surface.Fill)
	s.Circle(r.X+r.W*0.32, y+r.H*0.16, r.H*0.13, surface.Stroke)
	s.Circle(r.X+r.W*0.68, y+r.H*0.16, r.H*0.13, surface.Stroke)
}

// scout is the reconnaissance slash with an eye.
func scout(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	slash(s, r)
	cx, cy := mid(r)
	s.Ellipse(cx, cy, r.W*0.16, r.H*0.12, surface.Stroke)
	s.Circle(cx, cy, r.H*0.06, surface.Fill)
}

// skirmisher is the infantry cross in open order (dashed).
func skirmisher(s surface.Surface, r surface.Rect, lw float64, _ surface.Color) {
	s.SetDash(lw*2.5, lw*1.5)
	cross(s, r)
	s.SetDash()
}

// chariot is a spoked wheel.
func chariot(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
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
	cx := r.X + r.W/2
	s.Polygon([]surface.Pt{
		{X: r.X + r.W*0.18, Y: r.Y + r.H*0.66}, {X: r.X + r.W*0.82, Y: r.Y + r.H*0.66},
		{X: r.X + r.W*0.7, Y: r.Y + r.H*0.86}, {X: r.X + r.W*0.3, Y: r.Y + r.H*0.86},
	}, surface.Fill)
	s.Line(cx, r.Y+r.H*0.12, cx, r.Y+r.H*0.66)
	s.Polygon([]surface.Pt{{X: cx + r.W*0.03, Y: r.Y + r.H*0.14}, {X: cx + r.W*0.28, Y: r.Y + r.H*0.58}, {X: cx + r.W*0.03, Y: r.Y + r.H*0.58}}, surface.Fill)
}

// armour is NATO's armour: a track (two half circles joined by straight runs) in the frame.
func armour(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
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

// motorised is a line down the middle of the frame.
func motorised(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	cx, _ := mid(r)
	s.Line(cx, r.Y, cx, r.Y+r.H)
}

// antiTank is an upturned V from the lower corners to the middle of the top.
func antiTank(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	cx, _ := mid(r)
	s.Polyline([]surface.Pt{{X: r.X, Y: r.Y + r.H}, {X: cx, Y: r.Y}, {X: r.X + r.W, Y: r.Y + r.H}})
}

// antiAir is NATO's air defence: a dome over the bottom of the frame.
func antiAir(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	cx, _ := mid(r)
	s.Arc(cx, r.Y+r.H, r.W*0.4, r.H*0.45, 180, 360)
}

// engineer is a bridge: a bar with three legs.
func engineer(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	y0, y1 := r.Y+r.H*0.38, r.Y+r.H*0.62
	x0, x1 := r.X+r.W*0.25, r.X+r.W*0.75
	s.Polyline([]surface.Pt{{X: x0, Y: y1}, {X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}})
	cx, _ := mid(r)
	s.Line(cx, y0, cx, y1)
}

// airborne is a gull over the bottom of the frame: two arcs meeting in the middle.
func airborne(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	cx := r.X + r.W/2
	y := r.Y + r.H*0.86
	rx, ry := r.W*0.12, r.H*0.12
	s.Arc(cx-rx, y, rx, ry, 180, 360)
	s.Arc(cx+rx, y, rx, ry, 180, 360)
}

// mountain is a filled peak at the bottom of the frame.
func mountain(s surface.Surface, r surface.Rect, _ float64, _ surface.Color) {
	cx := r.X + r.W/2
	b := r.Y + r.H
	s.Polygon([]surface.Pt{{X: cx - r.W*0.14, Y: b}, {X: cx, Y: b - r.H*0.3}, {X: cx + r.W*0.14, Y: b}}, surface.Fill)
}
