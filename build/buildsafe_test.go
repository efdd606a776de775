package build

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/validate"
)

// buildsAfterValidate is the property of issue 12 (done when): a package validate passes never fails build on
// content. It validates dir and, when there is no error, builds the outputs named (all when none) with the
// package's own settings, and fails the test on any build error.
func buildsAfterValidate(t *testing.T, dir string, only ...string) validate.Result {
	t.Helper()
	r := validate.Load(dir)
	if r.Diags.HasErrors() || r.Pkg == nil {
		return r
	}
	if _, err := Run(mustCheck(t, r), Options{}, only); err != nil {
		t.Errorf("%s validates but does not build: %v", dir, err)
	}
	return r
}

// Every package in the repository that validates (the examples, the checks' and printers' fixture packages)
// builds, every output.
func TestValidatedPackagesBuild(t *testing.T) {
	var dirs []string
	for _, pattern := range []string{"../examples/*", "../examples/testdata/*", "../validate/testdata/*", "../validate/testdata/*/*", "../print/counters/testdata/*"} {
		found := must.Glob(t, pattern)
		for _, d := range found {
			if _, err := os.Stat(filepath.Join(d, "muster.yaml")); err == nil {
				dirs = append(dirs, d)
			}
		}
	}
	var built atomic.Int32
	for _, dir := range dirs {
		t.Run(strings.TrimPrefix(dir, "../"), func(t *testing.T) {
			t.Parallel()
			if r := buildsAfterValidate(t, dir); !r.Diags.HasErrors() {
				built.Add(1)
			}
		})
	}
	t.Cleanup(func() {
		if built.Load() < 8 {
			t.Errorf("only %d packages validate and build: the test looks at too little", built.Load())
		}
	})
}

// mutation is a deliberately broken copy of an example: in file, the first `old` becomes `new`, and validate
// must report code at the line (and column, when given) where `at` (default: new) appears in the mutated file.
type mutation struct {
	name, example, file, old, new, at string
	code                              string
	col                               bool // the column too: the diagnostic points at the first character of `at`
	only                              []string
}

// Each mutation is caught by validate at the content that causes it, and each variant validate passes
// (the limits' near side) builds.
func TestBrokenVariantsAreCaught(t *testing.T) {
	for _, m := range []mutation{
		{name: "marker back naming no marker", example: "highest-ground", file: "markers.yaml",
			old: "back:", new: "back: {kind: marker}\nbackX:", at: "back: {kind: marker}", code: "counter-faces.back"},
		{name: "marker back naming an unknown marker", example: "highest-ground", file: "markers.yaml",
			old: "back:", new: "back: {marker: fort-9}\nbackX:", at: "fort-9", code: "references.unknown", col: true},
		{name: "a count of 1e8", example: "highest-ground", file: "counters.yaml",
			old: "{unit: gpmg, count: 2}", new: "{unit: gpmg, count: 100000000}", at: "100000000", code: "counter-sheets.count", col: true},
		{name: "a 10,000 x 10,000 map", example: "highest-ground", file: "boards/III.yaml",
			old: "  cols: 20\n  rows: 20", new: "  cols: 10000\n  rows: 10000", at: "type: hex", code: "map-sheets.cells"},
		{name: "an unprintable glyph in a unit's name", example: "highest-ground", file: "units/roman.yaml",
			old: "name: ", new: "name: Legio 羅馬 ", at: "羅", code: "print-text.glyph", col: true},
		{name: "an emoji in a table cell", example: "prestags", file: "tables/crt.yaml",
			old: "cells: [", new: "cells: [🎲", at: "🎲", code: "print-text.glyph", col: true},
		{name: "a 30,000-character name", example: "highest-ground", file: "units/feudal.yaml",
			old: "name: ", new: "name: " + strings.Repeat("Longname", 3750) + " ", at: "name: Longname", code: "print-text.length"},
		{name: "a colour typo", example: "highest-ground", file: "system.yaml",
			old: `colour: "#4b5d2a"`, new: `colour: "#4b5d2"`, at: `"#4b5d2"`, code: "schema.pattern"},
		{name: "a marker symbol nobody knows", example: "highest-ground", file: "markers.yaml",
			old: "kind: Marker\n", new: "kind: Marker\nsymbol: catapult\n", at: "symbol: catapult", code: "counter-faces.symbol"},
		{name: "symbol: image without a file", example: "highest-ground", file: "units/roman.yaml",
			old: "symbol: cavalry", new: "symbol: image", at: "symbol: image", code: "assets.no-file"},
		{name: "a counter larger than the paper", example: "highest-ground", file: "counters.yaml",
			old: "counterSize: 0.5in", new: "counterSize: 9in", at: "counterSize: 9in", code: "counter-sheets.fit"},
		{name: "a counter of no size", example: "highest-ground", file: "counters.yaml",
			old: "counterSize: 0.5in", new: "counterSize: 0in", at: "counterSize: 0in", code: "counter-sheets.size"},
		{name: "counter sheets of thousands of pages", example: "highest-ground", file: "counters.yaml",
			old: "{unit: gpmg, count: 2}", new: "{unit: gpmg, count: 3000, size: 4in}", at: "3000", code: "counter-sheets.pages", col: true},
		{name: "paper of 300 inches", example: "highest-ground", file: "muster.yaml",
			old: "paper: letter", new: "paper: 300x300in", at: "300x300in", code: "print-settings.paper", col: true},
		{name: "a back offset without units", example: "highest-ground", file: "muster.yaml",
			old: "paper: letter", new: "paper: letter\n  backOffset: 1,2", at: "1,2", code: "print-settings.back-offset", col: true},
		{name: "two values in one place", example: "highest-ground", file: "system.yaml",
			old: "      - {stat: range, at: top-right}", new: "      - {stat: range, at: top-left}", at: "{stat: range, at: top-left}", code: "counter-faces.overlap"},
		{name: "a scenario of 100,000 turns", example: "prestags", file: "scenarios/example.yaml",
			old: "turns: 15", new: "turns: 100000", at: "100000", code: "sheets.turns", col: true},
		{name: "a setup of 1e8 units", example: "ancients", file: "scenarios/roman-carthaginian.yaml",
			old: "{unit: roman-legionary, count: 4,", new: "{unit: roman-legionary, count: 100000000,", at: "100000000", code: "map-sheets.units", col: true},
		{name: "a map on paper too small to tile", example: "prestags", file: "muster.yaml",
			old: "paper: letter", new: "paper: 0.5x0.5in", at: "0.5x0.5in", code: "map-sheets.room", col: true},
	} {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			dir, file := mutate(t, m)
			r := buildsAfterValidate(t, dir, m.only...)
			text := must.ReadFile(t, file)
			i := strings.Index(string(text), m.at)
			if i < 0 {
				t.Fatalf("%q is not in the mutated file", m.at)
			}
			line := 1 + strings.Count(string(text[:i]), "\n")
			col := len([]rune(string(text[strings.LastIndex(string(text[:i]), "\n")+1:i]))) + 1
			for _, d := range r.Diags {
				if d.Severity == diag.Error && d.Code == m.code && d.Pos.File == file && d.Pos.Line == line && (!m.col || d.Pos.Col == col) {
					return
				}
			}
			want := file + ":" + strconv.Itoa(line)
			if m.col {
				want += ":" + strconv.Itoa(col)
			}
			t.Errorf("want error %s at %s, got:\n%s", m.code, want, errorsOf(r.Diags))
		})
	}
}

// The near side of the limits builds: counts, names and letters a real game may have.
func TestVariantsWithinTheLimitsBuild(t *testing.T) {
	for _, m := range []mutation{
		{name: "5,000 counters", example: "highest-ground", file: "counters.yaml",
			old: "{unit: gpmg, count: 2}", new: "{unit: gpmg, count: 5000}", only: []string{"counters"}},
		{name: "a 400-character name", example: "highest-ground", file: "units/feudal.yaml",
			old: "name: ", new: "name: " + strings.Repeat("Longname ", 44) + " ", only: []string{"counters", "scenarios"}},
		{name: "Greek, Cyrillic and accents", example: "highest-ground", file: "units/roman.yaml",
			old: "name: ", new: "name: Légion Ωμέγα Бородино № 3 «»  ", only: []string{"counters", "scenarios", "charts"}},
	} {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			dir, _ := mutate(t, m)
			if r := buildsAfterValidate(t, dir, m.only...); r.Diags.HasErrors() {
				t.Errorf("a variant within the limits does not validate:\n%s", errorsOf(r.Diags))
			}
		})
	}
}

// mutate copies an example and applies a mutation to it; it returns the package folder and the file changed.
func mutate(t *testing.T, m mutation) (dir, file string) {
	t.Helper()
	dir = copyTree(t, filepath.Join("..", "examples", m.example))
	file = filepath.Join(dir, filepath.FromSlash(m.file))
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), m.old) {
		t.Fatalf("%s has no %q", m.file, m.old)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(text), m.old, m.new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if m.at == "" {
		m.at = m.new
	}
	return dir, file
}

func errorsOf(ds diag.List) string {
	var out []string
	for _, d := range ds {
		if d.Severity == diag.Error {
			out = append(out, d.String())
		}
	}
	if len(out) > 10 {
		out = append(out[:10], "...")
	}
	return strings.Join(out, "\n")
}

// copyTree copies a package folder into a temporary one.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	err := os.CopyFS(dst, os.DirFS(src))
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
