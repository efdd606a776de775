// Package monster writes synthetic game packages far larger than any example — published monster games'
// scale — into a folder, for the benchmarks and the tests that measure muster at that scale. Nothing it
// writes is committed: the benchmarks generate it in a temporary folder each run. Every package is built from
// The Highest Ground's system, units and markers (read from the example's folder), so its counters have both
// faces and THG's three face layouts (combat units, leaders, informational markers); its maps, counter mix,
// forces and scenario are generated here, deterministically, and say in their notes that they are
// illustrative.
//
// It sits in internal (below content) and only writes text: the packages it writes go through the loader
// and validate like any hand-written one.
package monster

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// Spec says what a synthetic package holds.
type Spec struct {
	MixTimes int // THG's counter mix (284 counters) this many times; 0: no counter mix
	Counters int // or, when more than 0, exactly this many counters (the legion count is adjusted)
	Boards   int // number of maps
	// Cols x Rows is each map's grid of flat-top hexes CellIn across the flats; when Width and Height
	// (inches) are given and Cols and Rows are 0, the grid is the most hexes that fit a sheet of that size.
	Cols, Rows    int
	CellIn        float64
	Width, Height float64
	Rivers, Roads bool
	// SetUp is how many units one scenario sets up on the first map, each in a hex of its own: half
	// Roman from the west edge, half Allied (Feudal and Mercenary) from the east. 0: no scenario.
	SetUp int
}

// Published is issue 32's monster at published scale (World in Flames' counters, War in the Pacific's
// maps): 5,000 counters, seven 22 x 34in maps of 0.6in hexes, one scenario setting up 1,500 units.
var Published = Spec{Counters: 5000, Boards: 7, CellIn: 0.6, Width: 22, Height: 34, Rivers: true, Roads: true, SetUp: 1500}

// PublishedLong is the same game on one 34 x 115in map (Campaign for North Africa's board).
var PublishedLong = Spec{Counters: 5000, Boards: 1, CellIn: 0.6, Width: 34, Height: 115, Rivers: true, Roads: true, SetUp: 1500}

// Grid is the spec's grid: Cols x Rows, or the most flat-top hexes of CellIn across the flats that fit
// Width x Height inches.
func (s Spec) Grid() (cols, rows int) {
	if s.Cols > 0 || s.Rows > 0 || s.Width <= 0 || s.Height <= 0 {
		return s.Cols, s.Rows
	}
	w := s.CellIn * 2 / math.Sqrt(3) // across the corners
	// n columns take (n-1)·¾w + w across; n rows take n·cell + ½cell down (the shoved columns). A quarter
	// inch is left around the grid.
	cols = int(math.Floor((s.Width-0.5-w)/(0.75*w))) + 1
	rows = int(math.Floor((s.Height-0.5)/s.CellIn - 0.5))
	return cols, rows
}

// Write writes the package into dir, reading The Highest Ground from thgDir.
func Write(thgDir, dir string, s Spec) error {
	w := &writer{thg: thgDir, dir: dir}
	w.copy("system.yaml")
	w.copy("markers.yaml")
	units, err := filepath.Glob(filepath.Join(thgDir, "units", "*.yaml"))
	if err != nil || len(units) == 0 {
		return fmt.Errorf("monster: no units in %s: %v", thgDir, err)
	}
	for _, u := range units {
		w.copy(filepath.Join("units", filepath.Base(u)))
	}
	include := []string{"system.yaml", "units/*.yaml", "markers.yaml"}
	var mix []entry
	if s.MixTimes > 0 || s.Counters > 0 {
		include = append(include, "counters.yaml")
		mix = w.mix(s)
		w.write("counters.yaml", mixText(mix))
	}
	if s.Boards > 0 {
		include = append(include, "boards/*.yaml")
		for i := 1; i <= s.Boards; i++ {
			w.write(fmt.Sprintf("boards/m%02d.yaml", i), board(i, s))
		}
	}
	if s.SetUp > 0 && s.Boards > 0 && len(mix) > 0 {
		include = append(include, "forces/*.yaml", "scenarios/*.yaml")
		w.scenario(s, mix)
	}
	manifest := "kind: Package\nid: monster\nversion: 1.0.0\nname: Monster\nsystem: thg\n" +
		"notes: \"Illustrative: a synthetic monster game written by muster's benchmarks (internal/monster), not a published game.\"\ninclude:\n"
	for _, inc := range include {
		manifest += "  - " + inc + "\n"
	}
	manifest += "print:\n  paper: letter\n  counterSize: 0.5in\n  backs: long-edge\n"
	w.write("muster.yaml", manifest)
	return w.err
}

type writer struct {
	thg, dir string
	err      error
}

func (w *writer) read(rel string) []byte {
	b, err := os.ReadFile(filepath.Join(w.thg, rel))
	if err != nil && w.err == nil {
		w.err = fmt.Errorf("monster: %w", err)
	}
	return b
}

func (w *writer) write(rel string, text string) {
	if w.err != nil {
		return
	}
	out := filepath.Join(w.dir, rel)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		w.err = err
		return
	}
	w.err = os.WriteFile(out, []byte(text), 0o644)
}

func (w *writer) copy(rel string) { w.write(rel, string(w.read(rel))) }

// entry is a line of the counter mix.
type entry struct {
	key, id string // unit or marker, and its id
	n       int
}

// mix is THG's counter mix with every count multiplied (or the legions adjusted to an exact total).
func (w *writer) mix(s Spec) []entry {
	var es []entry
	total := 0
	for _, line := range strings.Split(string(w.read("counters.yaml")), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "- {") {
			continue
		}
		var key, id string
		var n int
		f := strings.NewReplacer("- {", "", "}", "", ",", " ", ":", " ").Replace(line)
		if _, err := fmt.Sscan(f, &key, &id, new(string), &n); err != nil {
			if w.err == nil {
				w.err = fmt.Errorf("monster: counters.yaml line %q: %v", line, err)
			}
			return nil
		}
		es = append(es, entry{key, id, n})
		total += n
	}
	k := max(s.MixTimes, 1)
	for i := range es {
		es[i].n *= k
	}
	if s.Counters > 0 && total > 0 {
		// Scale to about the wanted total, then put the difference on the legions.
		got := 0
		for i := range es {
			es[i].n = max(1, es[i].n*s.Counters/(total*k))
			got += es[i].n
		}
		for i := range es {
			if es[i].id == "infantry-legions" {
				es[i].n += s.Counters - got
			}
		}
	}
	return es
}

func mixText(es []entry) string {
	var sb strings.Builder
	sb.WriteString("kind: CounterMix\nid: monster-counters\nname: Monster counter sheet\ncounterSize: 0.5in\n")
	sb.WriteString("notes: \"Illustrative: The Highest Ground's counter sheet scaled up by muster's benchmarks.\"\ncounters:\n")
	for _, e := range es {
		fmt.Fprintf(&sb, "  - {%s: %s, count: %d}\n", e.key, e.id, e.n)
	}
	return sb.String()
}

// label is a cell's label on a board of the spec (ccrr numbering).
func label(s Spec, c, r int) string {
	cols, rows := s.Grid()
	d := digits(cols, rows)
	return fmt.Sprintf("%0*d%0*d", d, c, d, r)
}

func digits(cols, rows int) int { return max(2, len(fmt.Sprint(max(cols, rows)))) }

// board is a map of the spec's grid: every THG terrain (with patterns, contours and a settlement's bricks)
// in a deterministic scatter, a river down the middle and roads across.
func board(i int, s Spec) string {
	cols, rows := s.Grid()
	var sb strings.Builder
	fmt.Fprintf(&sb, "kind: Map\nid: m%02d\nname: Monster map %d\n", i, i)
	sb.WriteString("notes: \"Illustrative: terrain scattered by muster's benchmarks, not a published map.\"\n")
	fmt.Fprintf(&sb, "grid:\n  type: hex\n  orientation: flat\n  offset: odd\n  cols: %d\n  rows: %d\n  cellSize: %gin\n", cols, rows, s.CellIn)
	if s.Width > 0 && s.Height > 0 {
		fmt.Fprintf(&sb, "  width: %gin\n  height: %gin\n", s.Width, s.Height)
	}
	fmt.Fprintf(&sb, "  numbering: {scheme: ccrr, digits: %d}\n", digits(cols, rows))
	sb.WriteString("legend: {\".\": clear, f: forest, v: village, s: swamp, h: hill}\nterrain:\n")
	seed := uint32(2166136261 ^ i)
	rnd := func() uint32 { seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5; return seed }
	for r := 0; r < rows; r++ {
		row := make([]byte, cols)
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
	cell := func(c, r int) string { return "\"" + label(s, c, r) + "\"" }
	if s.Rivers && cols >= 4 {
		mid := cols/2 | 1 // an odd column, whose sides zig-zag as THG's river on board II does (C01/D01, C02/D01, ...)
		sb.WriteString("hexsides:\n  - id: river\n    type: river\n    sides: [")
		side := func(a, b string) string { return strings.ReplaceAll(a+"/"+b, "\"/\"", "/") }
		for r := 1; r <= rows; r++ {
			if r > 1 {
				sb.WriteString(", " + side(cell(mid, r), cell(mid+1, r-1)) + ", ")
			}
			sb.WriteString(side(cell(mid, r), cell(mid+1, r)))
		}
		sb.WriteString("]\n")
	}
	if s.Roads && rows >= 4 {
		sb.WriteString("paths:\n")
		for _, r := range []int{rows / 4, rows * 3 / 4} {
			fmt.Fprintf(&sb, "  - id: road%d\n    type: road\n    cells: [", r)
			for c := 1; c <= cols; c++ {
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

// factions reads each unit type's faction from THG's unit files.
func (w *writer) factions() map[string]string {
	out := map[string]string{}
	files, _ := filepath.Glob(filepath.Join(w.thg, "units", "*.yaml"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			w.err = errors.Join(w.err, err)
			continue
		}
		for _, doc := range strings.Split(string(b), "\n---") {
			var id, faction string
			for _, line := range strings.Split(doc, "\n") {
				if v, ok := strings.CutPrefix(line, "id: "); ok {
					id = strings.TrimSpace(v)
				}
				if v, ok := strings.CutPrefix(line, "faction: "); ok {
					faction = strings.TrimSpace(v)
				}
			}
			if id != "" {
				out[id] = faction
			}
		}
	}
	return out
}

// scenario writes two forces and one scenario on the first map that sets up s.SetUp units, each in a hex of
// its own: the Roman half in columns from the west edge, the Allied half from the east, row by row.
func (w *writer) scenario(s Spec, mix []entry) {
	cols, rows := s.Grid()
	if s.SetUp > cols*rows {
		w.err = errors.Join(w.err, fmt.Errorf("monster: %d units do not fit %d hexes one to a hex", s.SetUp, cols*rows))
		return
	}
	if (s.SetUp/2+rows-1)/rows+(s.SetUp-s.SetUp/2+rows-1)/rows > cols {
		w.err = errors.Join(w.err, fmt.Errorf("monster: %d units do not fit %d columns of %d hexes, each side from its edge", s.SetUp, cols, rows))
		return
	}
	of := w.factions()
	type side struct {
		id, name, faction string
		factions          []string
		want              int
		take              []entry
	}
	sides := []*side{
		{id: "roman", name: "Roman Empire", faction: "roman", factions: []string{"roman"}, want: s.SetUp / 2},
		{id: "allied", name: "Allied (Feudal kingdoms and Mercenaries)", faction: "feudal", factions: []string{"feudal", "mercenary"}, want: s.SetUp - s.SetUp/2},
	}
	for _, sd := range sides {
		// Take each unit type of the side's factions in the mix's order, at most its supply, spread so that
		// every type is set up: a share of each, then the rest from the first types that have more.
		var avail []entry
		have := 0
		for _, e := range mix {
			if e.key != "unit" {
				continue
			}
			for _, f := range sd.factions {
				if of[e.id] == f {
					avail = append(avail, e)
					have += e.n
				}
			}
		}
		if have < sd.want {
			w.err = errors.Join(w.err, fmt.Errorf("monster: side %s wants %d units, the mix has %d", sd.id, sd.want, have))
			return
		}
		left := sd.want
		for _, e := range avail {
			n := min(e.n, e.n*sd.want/have)
			sd.take = append(sd.take, entry{e.key, e.id, n})
			left -= n
		}
		for i := range sd.take {
			more := min(left, avail[i].n-sd.take[i].n)
			sd.take[i].n += more
			left -= more
		}
	}
	// Cells: the Roman side from column 1 eastwards, the Allied from the last column westwards, each column
	// top to bottom.
	next := map[string]int{}
	cellOf := func(sd string) string {
		k := next[sd]
		next[sd]++
		c, r := k/rows+1, k%rows+1
		if sd == "allied" {
			c = cols - k/rows
		}
		return label(s, c, r)
	}
	var sc strings.Builder
	sc.WriteString("kind: Scenario\nid: monster-battle\nname: Monster battle\n")
	sc.WriteString("notes: \"Illustrative: a set-up of muster's benchmarks, one unit to a hex, not a published scenario.\"\n")
	sc.WriteString("map:\n  map: m01\nsides:\n")
	for _, sd := range sides {
		var f strings.Builder
		fmt.Fprintf(&f, "kind: Force\nid: monster-%s\nname: %s order of battle\nfaction: %s\n", sd.id, sd.name, sd.faction)
		if len(sd.factions) > 1 {
			fmt.Fprintf(&f, "factions: [%s]\n", strings.Join(sd.factions[1:], ", "))
		}
		f.WriteString("mix: monster-counters\nnotes: \"Illustrative: written by muster's benchmarks.\"\nunits:\n")
		fmt.Fprintf(&sc, "  - id: %s\n    name: %s\n    faction: [%s]\n    force: monster-%s\n    setup:\n", sd.id, sd.name, strings.Join(sd.factions, ", "), sd.id)
		for _, e := range sd.take {
			if e.n == 0 {
				continue
			}
			fmt.Fprintf(&f, "  - {unit: %s, count: %d}\n", e.id, e.n)
			cells := make([]string, e.n)
			for i := range cells {
				cells[i] = "\"" + cellOf(sd.id) + "\""
			}
			fmt.Fprintf(&sc, "      - {unit: %s, count: %d, cells: [%s]}\n", e.id, e.n, strings.Join(cells, ", "))
		}
		w.write("forces/"+sd.id+".yaml", f.String())
	}
	w.write("scenarios/battle.yaml", sc.String())
}
