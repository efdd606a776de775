package build

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/validate"
)

// The monster packages: synthetic games far larger than any example, written into a temporary folder by
// code (nothing here is committed content), for the benchmarks of issue 18. Each is built from The Highest
// Ground's system, units and markers.

// monsterSpec says what a synthetic package holds.
type monsterSpec struct {
	mixTimes      int // THG's counter mix (284 counters) this many times; 0: no counter mix
	counters      int // or, when more than 0, exactly this many counters (the legion count is adjusted)
	boards        int // number of maps
	cols, rows    int // each map's grid
	cellIn        float64
	rivers, roads bool
}

// thgDir is The Highest Ground example, the source of the system, units and markers.
var thgDir = filepath.Join("..", "examples", "highest-ground")

// writeMonster writes a package to dir.
func writeMonster(t testing.TB, dir string, spec monsterSpec) {
	t.Helper()
	copyFile := func(rel string) {
		b, err := os.ReadFile(filepath.Join(thgDir, rel))
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write := func(rel, text string) {
		out := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile("system.yaml")
	copyFile("markers.yaml")
	units, err := filepath.Glob(filepath.Join(thgDir, "units", "*.yaml"))
	if err != nil || len(units) == 0 {
		t.Fatalf("no units in %s: %v", thgDir, err)
	}
	for _, u := range units {
		copyFile(filepath.Join("units", filepath.Base(u)))
	}
	include := []string{"system.yaml", "units/*.yaml", "markers.yaml"}
	if spec.mixTimes > 0 || spec.counters > 0 {
		include = append(include, "counters.yaml")
		write("counters.yaml", monsterMix(t, spec))
	}
	if spec.boards > 0 {
		include = append(include, "boards/*.yaml")
		for i := 1; i <= spec.boards; i++ {
			write(fmt.Sprintf("boards/m%02d.yaml", i), monsterBoard(i, spec))
		}
	}
	manifest := "kind: Package\nid: monster\nversion: 1.0.0\nname: Monster\nsystem: thg\ninclude:\n"
	for _, inc := range include {
		manifest += "  - " + inc + "\n"
	}
	manifest += "print:\n  paper: letter\n  counterSize: 0.5in\n  backs: long-edge\n"
	write("muster.yaml", manifest)
}

// monsterMix is THG's counter mix with every count multiplied (or the legions adjusted to an exact total).
func monsterMix(t testing.TB, spec monsterSpec) string {
	b, err := os.ReadFile(filepath.Join(thgDir, "counters.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	type entry struct {
		key, id string
		n       int
	}
	var es []entry
	total := 0
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		var key, id string
		var n int
		if !strings.HasPrefix(line, "- {") {
			continue
		}
		f := strings.NewReplacer("- {", "", "}", "", ",", " ", ":", " ").Replace(line)
		if _, err := fmt.Sscan(f, &key, &id, new(string), &n); err != nil {
			t.Fatalf("counters.yaml line %q: %v", line, err)
		}
		es = append(es, entry{key, id, n})
		total += n
	}
	k := max(spec.mixTimes, 1)
	for i := range es {
		es[i].n *= k
	}
	if spec.counters > 0 {
		// Scale to about the wanted total, then put the difference on the legions.
		got := 0
		for i := range es {
			es[i].n = max(1, es[i].n*spec.counters/(total*k))
			got += es[i].n
		}
		for i := range es {
			if es[i].id == "infantry-legions" {
				es[i].n += spec.counters - got
			}
		}
	}
	var sb strings.Builder
	sb.WriteString("kind: CounterMix\nid: monster-counters\nname: Monster counter sheet\ncounterSize: 0.5in\ncounters:\n")
	for _, e := range es {
		fmt.Fprintf(&sb, "  - {%s: %s, count: %d}\n", e.key, e.id, e.n)
	}
	return sb.String()
}

// monsterBoard is a map of spec.cols x spec.rows hexes: every THG terrain (with patterns, contours and a
// settlement's bricks) in a deterministic scatter, a river down the middle and roads across.
func monsterBoard(i int, spec monsterSpec) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "kind: Map\nid: m%02d\nname: Monster map %d\n", i, i)
	fmt.Fprintf(&sb, "grid:\n  type: hex\n  orientation: flat\n  offset: odd\n  cols: %d\n  rows: %d\n  cellSize: %gin\n", spec.cols, spec.rows, spec.cellIn)
	digits := max(2, len(fmt.Sprint(max(spec.cols, spec.rows))))
	fmt.Fprintf(&sb, "  numbering: {scheme: ccrr, digits: %d}\n", digits)
	sb.WriteString("legend: {\".\": clear, f: forest, v: village, s: swamp, h: hill}\nterrain:\n")
	seed := uint32(2166136261 ^ i)
	rnd := func() uint32 { seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5; return seed }
	for r := 0; r < spec.rows; r++ {
		row := make([]byte, spec.cols)
		for c := range row {
			switch v := rnd() % 100; {
			case v < 55:
				row[c] = '.'
			case v < 72:
				row[c] = 'f'
			case v < 82:
				row[c] = 'h'
			case v < 92:
				row[c] = 's'
			default:
				row[c] = 'v'
			}
		}
		fmt.Fprintf(&sb, "  - %q\n", row)
	}
	cell := func(c, r int) string { return fmt.Sprintf("\"%0*d%0*d\"", digits, c, digits, r) }
	if spec.rivers && spec.cols >= 4 {
		mid := spec.cols/2 | 1 // an odd column, whose sides zig-zag as THG's river on board II does (C01/D01, C02/D01, ...)
		sb.WriteString("hexsides:\n  - id: river\n    type: river\n    sides: [")
		side := func(a, b string) string { return strings.ReplaceAll(a+"/"+b, "\"/\"", "/") }
		for r := 1; r <= spec.rows; r++ {
			if r > 1 {
				sb.WriteString(", " + side(cell(mid, r), cell(mid+1, r-1)) + ", ")
			}
			sb.WriteString(side(cell(mid, r), cell(mid+1, r)))
		}
		sb.WriteString("]\n")
	}
	if spec.roads && spec.rows >= 4 {
		sb.WriteString("paths:\n")
		for _, r := range []int{spec.rows / 4, spec.rows * 3 / 4} {
			fmt.Fprintf(&sb, "  - id: road%d\n    type: road\n    cells: [", r)
			for c := 1; c <= spec.cols; c++ {
				if c > 1 {
					sb.WriteString(", ")
				}
				sb.WriteString(cell(c, r))
			}
			sb.WriteString("]\n")
		}
	}
	return sb.String()
}

// The rows of issue 18's table.
var (
	monsterGame  = monsterSpec{mixTimes: 10, boards: 10, cols: 30, rows: 40, cellIn: 0.6, rivers: true, roads: true}
	monsterTiled = monsterSpec{boards: 1, cols: 120, rows: 90, cellIn: 0.6, rivers: true, roads: true}
)

// monster writes a package into a temporary folder and validates it.
func monster(t testing.TB, spec monsterSpec) *validate.Checked {
	t.Helper()
	dir := t.TempDir()
	writeMonster(t, dir, spec)
	return loadPackage(t, dir)
}

// TestWriteMonsters writes the monster packages into $MUSTER_MONSTER_DIR (game/, tiled/), to measure the
// release binary on them; without the variable it only checks that they validate and plan.
func TestWriteMonsters(t *testing.T) {
	out := os.Getenv("MUSTER_MONSTER_DIR")
	if out == "" {
		if testing.Short() {
			t.Skip("short")
		}
		c := monster(t, monsterSpec{mixTimes: 1, boards: 2, cols: 12, rows: 10, cellIn: 0.6, rivers: true, roads: true})
		if n := len(c.Package().Maps()); n != 2 {
			t.Fatalf("%d maps", n)
		}
		return
	}
	for name, spec := range map[string]monsterSpec{"game": monsterGame, "tiled": monsterTiled} {
		dir := filepath.Join(out, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		writeMonster(t, dir, spec)
		if _, err := validate.Load(dir).Checked(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// reportBuild reports a build's output sizes: the largest map PDF, and the sum of every file.
func reportBuild(b *testing.B, res *Result) {
	var total, maxMap, pdfs float64
	for _, f := range res.Files {
		total += float64(len(f.Data))
		if strings.HasPrefix(f.Path, "maps/") && strings.HasSuffix(f.Path, ".pdf") {
			maxMap = max(maxMap, float64(len(f.Data)))
			pdfs++
		}
	}
	b.ReportMetric(total, "out-bytes")
	if pdfs > 0 {
		b.ReportMetric(maxMap, "map-pdf-bytes")
	}
}

func benchBuild(b *testing.B, c *validate.Checked, opt Options, only ...string) {
	b.ReportAllocs()
	runtime.GC()
	b.ResetTimer()
	var res *Result
	for i := 0; i < b.N; i++ {
		var err error
		if res, err = Run(c, opt, only); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	reportBuild(b, res)
}

// BenchmarkMonsterGame is the table's second row: THG's mix ten times over (2,840 counters, fronts and
// backs) and ten boards of 30 x 40 hexes at 0.6in, on Letter.
func BenchmarkMonsterGame(b *testing.B) {
	c := monster(b, monsterGame)
	b.Run("all", func(b *testing.B) { benchBuild(b, c, Options{}) })
	b.Run("maps", func(b *testing.B) { benchBuild(b, c, Options{}, "maps") })
	b.Run("counters", func(b *testing.B) { benchBuild(b, c, Options{}, "counters") })
}

// BenchmarkMonsterTiled is the third and fourth rows: one 120 x 90 hex map at 0.6in tiled on Letter, as PDF
// and with PNG previews.
func BenchmarkMonsterTiled(b *testing.B) {
	c := monster(b, monsterTiled)
	b.Run("pdf", func(b *testing.B) { benchBuild(b, c, Options{}) })
	b.Run("png", func(b *testing.B) { benchBuild(b, c, Options{PNG: true}) })
}

// BenchmarkScaling builds maps of 10x10, 40x40 and 160x160 hexes and counter mixes of 100, 1,000 and 10,000
// counters: the cost per hex and per counter should stay flat as the game grows.
func BenchmarkScaling(b *testing.B) {
	for _, n := range []int{10, 40, 160} {
		c := monster(b, monsterSpec{boards: 1, cols: n, rows: n, cellIn: 0.6, rivers: true, roads: true})
		b.Run(fmt.Sprintf("map-%dx%d", n, n), func(b *testing.B) {
			benchBuild(b, c, Options{}, "maps")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n*n), "ns/hex")
		})
		b.Run(fmt.Sprintf("map-%dx%d-png", n, n), func(b *testing.B) {
			benchBuild(b, c, Options{PNG: true}, "maps")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n*n), "ns/hex")
		})
	}
	for _, n := range []int{100, 1000, 10000} {
		c := monster(b, monsterSpec{counters: n})
		b.Run(fmt.Sprintf("counters-%d", n), func(b *testing.B) {
			benchBuild(b, c, Options{}, "counters")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/counter")
		})
	}
}

// A build is the same bytes every time, and its PNG pages (drawn at once on as many goroutines as there are
// processors) do not depend on how many there are.
func TestMonsterBuildIsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	c := monster(t, monsterSpec{mixTimes: 1, boards: 2, cols: 40, rows: 30, cellIn: 0.6, rivers: true, roads: true})
	build := func(procs int) map[string][]byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		res, err := Run(c, Options{PNG: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]byte{}
		for _, f := range res.Files {
			out[f.Path] = f.Data
		}
		return out
	}
	a, b, one := build(2), build(2), build(1)
	pngs := 0
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two builds", name)
		}
		if !bytes.Equal(data, one[name]) {
			t.Errorf("%s differs with one processor", name)
		}
		if strings.HasPrefix(name, "png/maps/") {
			pngs++
		}
	}
	if len(a) != len(one) || pngs < 4 {
		t.Errorf("%d files (%d map pages) and %d with one processor", len(a), pngs, len(one))
	}
}
