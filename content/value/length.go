package value

import (
	"errors"
	"fmt"
	"strings"
)

// Points per unit of length: all physical sizes are kept in PostScript points (1/72 inch).
const (
	PointsPerInch = 72.0
	PointsPerMM   = 72.0 / 25.4
)

// Length is a physical size. Points is exact enough for printing (a 1/2" counter is 36 pt).
type Length struct {
	Points float64
	Text   string
}

// Inches returns the length in inches.
func (l Length) Inches() float64 { return l.Points / PointsPerInch }

func (l Length) String() string {
	if l.Text != "" {
		return l.Text
	}
	return fmt.Sprintf("%gpt", l.Points)
}

var lengthUnits = []struct {
	suffix string
	points float64
}{
	{"in", PointsPerInch}, {"\"", PointsPerInch}, {"″", PointsPerInch},
	{"mm", PointsPerMM}, {"cm", 10 * PointsPerMM}, {"pt", 1},
}

// ParseLength reads a number with a unit: 0.5in, 1/2in, ½in, 13mm, 1.5cm, 36pt, 2". A unit is required:
// "0.5" alone is ambiguous on a printed page.
func ParseLength(s string) (Length, error) {
	t := strings.TrimSpace(s)
	for _, u := range lengthUnits {
		if strings.HasSuffix(t, u.suffix) {
			n, err := ParseNumber(strings.TrimSpace(strings.TrimSuffix(t, u.suffix)))
			if errors.Is(err, ErrPrecision) {
				return Length{}, fmt.Errorf("%q is not a length: %w", s, err)
			}
			if err != nil || n.Sign() < 0 {
				break
			}
			return Length{Points: n.Float() * u.points, Text: t}, nil
		}
	}
	return Length{}, fmt.Errorf("%q is not a length: write a number with a unit, e.g. 0.5in, 1/2in, 13mm or 36pt", s)
}

// Paper is a page size in points, portrait (Width <= Height unless given otherwise).
type Paper struct {
	Name          string
	Width, Height float64
}

// The named paper sizes, exact in points: the A sizes are whole millimetres (A4 is 595.2756 pt wide), rounded
// only where a PDF writes them. This is muster's one paper table: the printers, the plan and the exports read it.
var (
	Letter  = Paper{"letter", 8.5 * PointsPerInch, 11 * PointsPerInch}
	Legal   = Paper{"legal", 8.5 * PointsPerInch, 14 * PointsPerInch}
	Tabloid = Paper{"tabloid", 11 * PointsPerInch, 17 * PointsPerInch}
	Ledger  = Paper{"ledger", 17 * PointsPerInch, 11 * PointsPerInch} // tabloid turned sideways
	A3      = Paper{"a3", 297 * PointsPerMM, 420 * PointsPerMM}
	A4      = Paper{"a4", 210 * PointsPerMM, 297 * PointsPerMM}
	A5      = Paper{"a5", 148 * PointsPerMM, 210 * PointsPerMM}
)

// Papers are the named sizes muster knows, by name.
var Papers = map[string]Paper{
	Letter.Name: Letter, Legal.Name: Legal, Tabloid.Name: Tabloid, Ledger.Name: Ledger, A3.Name: A3, A4.Name: A4, A5.Name: A5,
}

// ParsePaper reads a named size (letter, a4, ...) or WxH with a unit: 23x35in, 210x297mm, 8.5x11in.
func ParsePaper(s string) (Paper, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if p, ok := Papers[t]; ok {
		return p, nil
	}
	bad := fmt.Errorf("%q is not a paper size: use letter, a4, legal, tabloid, a3, a5 or WxH with a unit such as 23x35in", s)
	i := strings.IndexByte(t, 'x')
	if i <= 0 {
		return Paper{}, bad
	}
	unit := ""
	for _, u := range lengthUnits {
		if strings.HasSuffix(t, u.suffix) {
			unit = u.suffix
			break
		}
	}
	if unit == "" {
		return Paper{}, bad
	}
	w, err1 := ParseLength(t[:i] + unit)
	h, err2 := ParseLength(t[i+1:])
	if err1 != nil || err2 != nil || w.Points <= 0 || h.Points <= 0 {
		return Paper{}, bad
	}
	return Paper{Name: t, Width: w.Points, Height: h.Points}, nil
}
