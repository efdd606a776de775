package grid

import "testing"

// Benchmarks on a 30x40 map: every cell for Neighbours, a fixed
// pseudo-random sample of 200x200 pairs for Distance and Line.

var (
	benchHex   = Hex{Orientation: FlatTop, Parity: Odd, Cols: 30, Rows: 40, CellSize: 36}
	benchSq    = Square{Cols: 30, Rows: 40, CellSize: 36, DiagonalCost: 1.5}
	benchCells = sampleCells(30, 40, 200)
	sinkInt    int
)

func BenchmarkHexNeighbours(b *testing.B) {
	buf := make([]Cell, 0, 6)
	for b.Loop() {
		for col := 0; col < 30; col++ {
			for row := 0; row < 40; row++ {
				buf = benchHex.Neighbours(Cell{col, row}, buf[:0])
				sinkInt += len(buf)
			}
		}
	}
}

func BenchmarkHexDistance(b *testing.B) {
	for b.Loop() {
		for _, x := range benchCells {
			for _, y := range benchCells {
				sinkInt += benchHex.Distance(x, y)
			}
		}
	}
}

func BenchmarkHexLine(b *testing.B) {
	buf := make([]Cell, 0, 128)
	for b.Loop() {
		for _, x := range benchCells[:50] {
			for _, y := range benchCells[:50] {
				buf = benchHex.Line(x, y, buf[:0])
				sinkInt += len(buf)
			}
		}
	}
}

func BenchmarkHexLineBoth(b *testing.B) {
	buf := make([]LineStep, 0, 128)
	for b.Loop() {
		for _, x := range benchCells[:50] {
			for _, y := range benchCells[:50] {
				buf = benchHex.LineBoth(x, y, buf[:0])
				sinkInt += len(buf)
			}
		}
	}
}

func BenchmarkSquareNeighbours(b *testing.B) {
	buf := make([]Cell, 0, 8)
	for b.Loop() {
		for col := 0; col < 30; col++ {
			for row := 0; row < 40; row++ {
				buf = benchSq.Neighbours(Cell{col, row}, true, buf[:0])
				sinkInt += len(buf)
			}
		}
	}
}

func BenchmarkSquareDistance(b *testing.B) {
	for b.Loop() {
		for _, x := range benchCells {
			for _, y := range benchCells {
				sinkInt += benchSq.Distance(x, y)
			}
		}
	}
}

func BenchmarkSquareLine(b *testing.B) {
	buf := make([]Cell, 0, 128)
	for b.Loop() {
		for _, x := range benchCells[:50] {
			for _, y := range benchCells[:50] {
				buf = benchSq.Line(x, y, buf[:0])
				sinkInt += len(buf)
			}
		}
	}
}

// Every label of a 200x200 grid, ccrr width 3.
func BenchmarkNumberingFormat(b *testing.B) {
	n := mustNumbering(b, NumberingSpec{Width: 3, FirstCol: 1, FirstRow: 1})
	buf := make([]byte, 0, 16)
	for b.Loop() {
		for col := 0; col < 200; col++ {
			for row := 0; row < 200; row++ {
				buf = n.AppendFormat(buf[:0], Cell{col, row})
				sinkInt += len(buf)
			}
		}
	}
}

func BenchmarkNumberingParse(b *testing.B) {
	n := mustNumbering(b, NumberingSpec{Width: 3, FirstCol: 1, FirstRow: 1})
	labels := make([]string, 0, 200*200)
	for col := 0; col < 200; col++ {
		for row := 0; row < 200; row++ {
			labels = append(labels, n.Format(Cell{col, row}))
		}
	}
	for b.Loop() {
		for _, l := range labels {
			c, err := n.Parse(l)
			if err != nil {
				b.Fatal(err)
			}
			sinkInt += c.Col
		}
	}
}

func BenchmarkNumberingParseBoards(b *testing.B) {
	n := mustNumbering(b, NumberingSpec{Width: 3, FirstCol: 1, FirstRow: 1, Boards: []string{"I", "II", "III", "IV"}})
	labels := make([]string, 0, 200*200)
	for col := 0; col < 200; col++ {
		for row := 0; row < 200; row++ {
			l, _ := n.FormatBoard("III", Cell{col, row})
			labels = append(labels, l)
		}
	}
	for b.Loop() {
		for _, l := range labels {
			_, c, err := n.ParseBoard(l)
			if err != nil {
				b.Fatal(err)
			}
			sinkInt += c.Col
		}
	}
}
