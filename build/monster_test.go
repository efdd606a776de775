package build

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/cputime"
	"github.com/muster-wargames/muster/internal/monster"
	"github.com/muster-wargames/muster/validate"
)

// The monster packages: synthetic games far larger than any example, written into a temporary folder by
// code (nothing here is committed content), for the benchmarks of issue 18. Each is built from The Highest
// Ground's system, units and markers.

// thgDir is The Highest Ground example, the source of the system, units and markers.
var thgDir = filepath.Join("..", "examples", "highest-ground")

// monsterSpec says what a synthetic package holds (package monster writes it).
type monsterSpec = monster.Spec

// writeMonster writes a package to dir.
func writeMonster(t testing.TB, dir string, spec monsterSpec) {
	t.Helper()
	if err := monster.Write(thgDir, dir, spec); err != nil {
		t.Fatal(err)
	}
}

// The rows of issue 18's table.
var (
	monsterGame  = monsterSpec{MixTimes: 10, Boards: 10, Cols: 30, Rows: 40, CellIn: 0.6, Rivers: true, Roads: true}
	monsterTiled = monsterSpec{Boards: 1, Cols: 120, Rows: 90, CellIn: 0.6, Rivers: true, Roads: true}
)

// monster writes a package into a temporary folder and validates it.
func monsterPkg(t testing.TB, spec monsterSpec) *validate.Checked {
	t.Helper()
	dir := t.TempDir()
	writeMonster(t, dir, spec)
	return loadPackage(t, dir)
}

// TestWriteMonsters writes the monster packages into $MUSTER_MONSTER_DIR (game/, tiled/, published/, long/), to measure the
// release binary on them; without the variable it only checks that they validate and plan.
func TestWriteMonsters(t *testing.T) {
	out := os.Getenv("MUSTER_MONSTER_DIR")
	if out == "" {
		if testing.Short() {
			t.Skip("short")
		}
		c := monsterPkg(t, monsterSpec{MixTimes: 1, Boards: 2, Cols: 12, Rows: 10, CellIn: 0.6, Rivers: true, Roads: true})
		if n := len(c.Package().Maps()); n != 2 {
			t.Fatalf("%d maps", n)
		}
		return
	}
	for name, spec := range map[string]monsterSpec{"game": monsterGame, "tiled": monsterTiled, "published": monster.Published, "long": monster.PublishedLong} {
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
	cpu := cputime.Now().Seconds()
	defer func() { b.ReportMetric((cputime.Now().Seconds()-cpu)/float64(b.N), "cpu-s/op") }()
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
	c := monsterPkg(b, monsterGame)
	b.Run("all", func(b *testing.B) { benchBuild(b, c, Options{}) })
	b.Run("maps", func(b *testing.B) { benchBuild(b, c, Options{}, "maps") })
	b.Run("counters", func(b *testing.B) { benchBuild(b, c, Options{}, "counters") })
}

// BenchmarkMonsterTiled is the third and fourth rows: one 120 x 90 hex map at 0.6in tiled on Letter, as PDF
// and with PNG previews.
func BenchmarkMonsterTiled(b *testing.B) {
	c := monsterPkg(b, monsterTiled)
	b.Run("pdf", func(b *testing.B) { benchBuild(b, c, Options{}) })
	b.Run("png", func(b *testing.B) { benchBuild(b, c, Options{PNG: true}) })
}

// BenchmarkScaling builds maps of 10x10, 40x40 and 160x160 hexes and counter mixes of 100, 1,000 and 10,000
// counters: the cost per hex and per counter should stay flat as the game grows.
func BenchmarkScaling(b *testing.B) {
	for _, n := range []int{10, 40, 160} {
		c := monsterPkg(b, monsterSpec{Boards: 1, Cols: n, Rows: n, CellIn: 0.6, Rivers: true, Roads: true})
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
		c := monsterPkg(b, monsterSpec{Counters: n})
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
	c := monsterPkg(t, monsterSpec{MixTimes: 1, Boards: 2, Cols: 40, Rows: 30, CellIn: 0.6, Rivers: true, Roads: true})
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

// BenchmarkMonsterPublished is issue 32's monster at published scale (package monster: 5,000 counters with
// both faces in three layouts, seven 22 x 34in maps of 0.6in hexes, a scenario setting up 1,500 units) and the
// same game on one 34 x 115in map, built to every target: the PDFs, their PNG previews, the VASSAL module and
// the Tabletop Simulator set, each alone, then all at once. Run it with -benchtime=1x: one build is seconds.
func BenchmarkMonsterPublished(b *testing.B) {
	for _, tc := range []struct {
		name string
		spec monsterSpec
	}{{"7x22x34in", monster.Published}, {"34x115in", monster.PublishedLong}} {
		c := monsterPkg(b, tc.spec)
		opt := Options{TTSImageBaseURL: "file:///tmp/tts/images/"}
		b.Run(tc.name+"/pdf", func(b *testing.B) { benchBuild(b, c, opt) })
		b.Run(tc.name+"/png", func(b *testing.B) {
			o := opt
			o.PNG = true
			benchBuild(b, c, o, "counters", "maps")
		})
		b.Run(tc.name+"/vassal", func(b *testing.B) { benchBuild(b, c, opt, "vassal") })
		b.Run(tc.name+"/tts", func(b *testing.B) { benchBuild(b, c, opt, "tts") })
		b.Run(tc.name+"/all", func(b *testing.B) { benchBuild(b, c, opt, All) })
	}
}

// The build report lists, for each target, every board's pixels and the memory the target holds for it, each
// within the target's budget.
func TestBuildReportsBudgets(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	c := monsterPkg(t, monsterSpec{MixTimes: 1, Boards: 2, Cols: 12, Rows: 10, CellIn: 0.6, SetUp: 20})
	res, err := Run(c, Options{PNG: true, TTSImageBaseURL: "file:///tmp/tts/images/"}, []string{"maps", "vassal", "tts"})
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]int{}
	for _, n := range res.Notes {
		target, rest, ok := strings.Cut(strings.TrimSpace(n), ": ")
		if !ok || !strings.Contains(rest, " px at ") {
			continue
		}
		lines[target]++
		if !strings.Contains(rest, "MiB held (budget 64 MiB)") {
			t.Errorf("no memory and budget: %s", n)
		}
	}
	// Two maps and the scenario's map: three boards for Tabletop Simulator and the previews; VASSAL shows map
	// 1 as the scenario's board only.
	if lines["vassal"] != 2 || lines["tts"] != 3 || lines["png"] != 3 {
		t.Errorf("budget lines per target %v; the notes:\n%s", lines, strings.Join(res.Notes, "\n"))
	}
}

// A build that writes the VASSAL module and the Tabletop Simulator set draws a board both show once, and
// each writes the bytes it writes alone.
func TestVassalAndTTSShareBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	c := monsterPkg(t, monsterSpec{MixTimes: 1, Boards: 2, Cols: 12, Rows: 10, CellIn: 0.6, SetUp: 20})
	opt := Options{TTSImageBaseURL: "file:///tmp/tts/images/"}
	files := func(only ...string) (map[string][]byte, []string) {
		res, err := Run(c, opt, only)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]byte{}
		for _, f := range res.Files {
			out[f.Path] = f.Data
		}
		return out, res.Notes
	}
	both, notes := files("vassal", "tts")
	v, _ := files("vassal")
	tt, _ := files("tts")
	if len(both) != len(v)+len(tt) {
		t.Errorf("%d files together, %d + %d alone", len(both), len(v), len(tt))
	}
	for _, alone := range []map[string][]byte{v, tt} {
		for p, data := range alone {
			if !bytes.Equal(both[p], data) {
				t.Errorf("%s differs when both are built", p)
			}
		}
	}
	if s := strings.Join(notes, "\n"); !strings.Contains(s, "vassal and tts: 2 board images drawn once for both") {
		t.Errorf("the boards VASSAL and TTS show alike (map 2 and the scenario's) are not shared:\n%s", s)
	}
}
