package content

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content/diag"
)

// FuzzParse feeds arbitrary bytes to the loader: it must never panic, must return in bounded time, and every
// diagnostic it returns must name the file. Seeds live in testdata/fuzz/FuzzParse and below.
//
//	go test -fuzz FuzzParse -fuzztime 60s ./content/
func FuzzParse(f *testing.F) {
	seeds := []string{
		"kind: UnitType\nid: x\nstats: {movement: 1, attack: \"3*\"}\n",
		"{\"kind\": \"Force\", \"id\": \"f\", \"units\": [{\"unit\": \"a\", \"count\": 2}]}",
		"a: &a [1, 2]\nb: [*a, *a]\nc:\n  <<: {x: 1}\n  y: 2\n",
		"---\n---\nkind: A\n...\n",
		"kind: A\nid: [unclosed\n",
		"? [complex, key]\n: value\n",
		"!!binary aGVsbG8=\n",
		"x: .inf\ny: .nan\nz: 0x1F\nw: 1_000\n",
		"kind: UnitType\nid: b\nsteps: [4, {strength: 3, fire: 2}, 2, 1]\npair: c\nhidden: opponent\n",
		"kind: Scenario\nid: s\nsides: [{id: a, setup: [{unit: b, cells: [x], strength: 2}], pools: [{id: p, units: [b, {unit: c, count: 3}], draw: 2, into: x, when: [setup, 3]}]}]\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	matches := must.Glob(f, filepath.Join("testdata", "mods", "*", "*.yaml"))
	for _, m := range matches {
		if b, err := os.ReadFile(m); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for _, name := range []string{"fuzz.yaml", "fuzz.json"} {
			docs, ds := Parse(name, data)
			for _, d := range ds {
				if d.Pos.File != name {
					t.Fatalf("diagnostic without the file: %v", d)
				}
			}
			for _, d := range docs {
				if d.File != name || d.Root == nil {
					t.Fatalf("document without file or root")
				}
				d.PosOf("/a/b/0")
				for _, kind := range Kinds {
					var drop diag.List
					decodeDocument(d, newOfKind(kind), &drop)
				}
			}
		}
		// Work is bounded by the loader's value limits, not by time: no input may allocate without bound.
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<30 {
			t.Fatalf("parsing %d bytes allocated %d MB", len(data), n>>20)
		}
	})
}
