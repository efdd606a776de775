package content

import (
	"math"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
)

// A map's published size fits its grid: without a cellSize the cells are the largest that fit (The Highest
// Ground's 20 x 20 flat-top board on 8.5 x 11in: width decides it), with one that is too large the error is at
// size and names the cell size that fits.
func TestMapSizeFitsTheGrid(t *testing.T) {
	size, err := value.ParsePaper("8.5x11in")
	if err != nil {
		t.Fatal(err)
	}
	m := &Map{Grid: GridSpec{Type: GridHex, Cols: 20, Rows: 20}, Size: &size}
	g, err := m.Geometry()
	if err != nil {
		t.Fatal(err)
	}
	b := g.Hex.Bounds()
	if b.Width() > 8.5*72+1e-9 || b.Height() > 11*72+1e-9 || 8.5*72-b.Width() > 0.1 {
		t.Errorf("fitted grid %.3f x %.3fpt (cell %.3fpt), want it to fill 612pt across inside 612 x 792pt", b.Width(), b.Height(), g.Hex.CellSize)
	}
	if g.Size.X != 612 || g.Size.Y != 792 {
		t.Errorf("geometry's size %v, want 612 x 792pt", g.Size)
	}
	sq := &Map{Grid: GridSpec{Type: GridSquare, Cols: 10, Rows: 10}, Size: &size}
	if g, err := sq.Geometry(); err != nil || math.Abs(g.Square.CellSize-61.2) > 0.001 {
		t.Errorf("10 x 10 squares on 8.5 x 11in: cell %v (%v), want 61.2pt (0.85in)", g.Square.CellSize, err)
	}
	big, _ := value.ParseLength("0.5in")
	m.Grid.CellSize = &big
	_, err = m.Geometry()
	ge, ok := err.(*GeometryError)
	if !ok || ge.Ptr != "/size" || !strings.Contains(ge.Msg, "at most 0.") {
		t.Errorf("0.5in hexes on 8.5 x 11in: %v, want a size error naming the cell size that fits", err)
	}
	ok48, _ := value.ParseLength("0.48in")
	m.Grid.CellSize = &ok48
	if _, err := m.Geometry(); err != nil {
		t.Errorf("0.48in hexes on 8.5 x 11in (THG): %v", err)
	}
}
