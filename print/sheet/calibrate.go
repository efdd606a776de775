package sheet

import (
	"fmt"
	"strconv"

	"github.com/muster-wargames/muster/print/surface"
)

// CalibrationTargets are where the crosshairs of the calibration sheet sit, as fractions of the page.
var CalibrationTargets = []surface.Pt{{X: 0.5, Y: 0.5}, {X: 0.25, Y: 0.28}, {X: 0.75, Y: 0.78}}

// The calibration marks: ticks every half millimetre out to calRange millimetres each way, the scales calGap
// from the crosshair centre (so they do not cross), the crosshair arms long enough to reach them at any offset
// the scales can show.
const (
	calRange = 6
	calGap   = 8 * surface.MM
	calArm   = 16 * surface.MM
)

// Calibration draws a two-page duplex calibration sheet. The front has crosshairs and rulers (to check the
// print is at 100%); the back has, behind each crosshair, an x and a y scale in millimetres. Printed duplex
// (flipped as backs says) and held to the light, the front's lines cross the back's scales at the offset to
// pass as --back-offset.
func Calibration(s surface.Surface, page surface.Size, backs Backs) error {
	if backs != LongEdge && backs != ShortEdge {
		return fmt.Errorf("the calibration sheet is for duplex printing: use long-edge or short-edge, not %s", backs)
	}
	W, H := page.W, page.H
	if W < 4*surface.Inch || H < 4*surface.Inch {
		return fmt.Errorf("page %.3gx%.3gin is too small for the calibration sheet", W/surface.Inch, H/surface.Inch)
	}
	l := &Layout{Opt: Options{Page: page, Backs: backs}}
	small := surface.Font{Size: 7}
	head := surface.Font{Style: surface.Bold, Size: 11}

	// Front.
	s.BeginPage(W, H)
	s.SetFill(surface.Black)
	s.Text(36, 40, "muster print test — front", head, surface.Align{})
	flip := "long edge"
	if backs == ShortEdge {
		flip = "short edge"
	}
	lines := []string{
		"Print this page at 100% (\"actual size\", no fit-to-page), duplex, flipped on the " + flip + ".",
		"Check the rulers below with a real ruler: if they are off, the printer is scaling.",
		"Then hold the sheet to a light and turn to the back: where each line of a crosshair meets the scale",
		"behind it is the offset, in millimetres: muster build --back-offset Xmm,Ymm.",
	}
	for i, t := range lines {
		s.Text(36, 56+float64(i)*10, t, small, surface.Align{})
	}
	ruler(s, 36, 110, 15, surface.CM, 10, "cm")
	ruler(s, 36, 150, 6, surface.Inch, 8, "in")
	for _, t := range CalibrationTargets {
		x, y := t.X*W, t.Y*H
		s.SetStroke(surface.Black, 0.3)
		s.Line(x-calArm, y, x+calArm, y)
		s.Line(x, y-calArm, x, y+calArm)
		s.Circle(x, y, 3*surface.MM, surface.Stroke)
	}

	// Back.
	s.BeginPage(W, H)
	s.SetFill(surface.Black)
	s.Text(36, 40, "muster print test — back", head, surface.Align{})
	s.Text(36, 56, "Read each scale where the front's line shows through: that is the --back-offset (x, y) in mm.", small, surface.Align{})
	for _, t := range CalibrationTargets {
		c := l.BackOf(surface.Rect{X: t.X * W, Y: t.Y * H})
		backScale(s, c.X, c.Y)
	}
	return s.Err()
}

// ruler draws a ruler of n units of unit points, with a tick every 1/sub unit.
func ruler(s surface.Surface, x, y float64, n int, unit float64, sub int, name string) {
	s.SetStroke(surface.Black, 0.3)
	s.SetFill(surface.Black)
	s.Line(x, y, x+float64(n)*unit, y)
	f := surface.Font{Size: 5}
	for i := 0; i <= n*sub; i++ {
		tx := x + float64(i)*unit/float64(sub)
		h := 3.0
		switch {
		case i%sub == 0:
			h = 9
		case sub%2 == 0 && i%(sub/2) == 0:
			h = 6
		}
		s.Line(tx, y, tx, y+h)
		if i%sub == 0 {
			s.Text(tx, y+h+1, strconv.Itoa(i/sub), f, surface.Align{H: surface.Center, V: surface.Top})
		}
	}
	s.Text(x+float64(n)*unit+6, y+4, fmt.Sprintf("%d %s", n, name), surface.Font{Size: 7}, surface.Align{V: surface.Middle})
}

// backScale draws the x scale (horizontal) and y scale (vertical) centred on (cx, cy), labelled with the
// offset to enter when the front's line shows at that tick.
func backScale(s surface.Surface, cx, cy float64) {
	s.SetStroke(surface.Black, 0.25)
	s.SetFill(surface.Black)
	f := surface.Font{Size: 4.5}
	r := calRange * surface.MM
	gap := calGap
	s.Line(cx-r, cy+gap, cx+r, cy+gap)
	s.Line(cx+gap, cy-r, cx+gap, cy+r)
	for i := -2 * calRange; i <= 2*calRange; i++ {
		d := float64(i) * 0.5 * surface.MM
		h := 2.0
		if i%2 == 0 {
			h = 3.5
		}
		if i == 0 {
			h = 6
		}
		s.Line(cx+d, cy+gap, cx+d, cy+gap+h)
		s.Line(cx+gap, cy+d, cx+gap+h, cy+d)
		if i%4 == 0 {
			lab := strconv.Itoa(i / 2)
			if i > 0 {
				lab = "+" + lab
			}
			s.Text(cx+d, cy+gap+7, lab, f, surface.Align{H: surface.Center, V: surface.Top})
			s.Text(cx+gap+7, cy+d, lab, f, surface.Align{V: surface.Middle})
		}
	}
	s.Text(cx-r-2, cy+gap, "x mm", f, surface.Align{H: surface.Right, V: surface.Middle})
	s.Text(cx+gap, cy-r-2, "y mm", f, surface.Align{H: surface.Center, V: surface.Bottom})
}
