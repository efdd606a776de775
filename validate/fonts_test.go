package validate

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// The fonts test fixture: Liberation Sans Narrow, regular and bold.
const narrowFixture = "../print/fonts/testdata/narrow"

func narrowTTF(t testing.TB, style string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(narrowFixture, "fonts", "LiberationSansNarrow-"+style+".ttf"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fontPkg writes a package with the narrow fonts and the given files (a file given as "" is left out).
func fontPkg(t *testing.T, files map[string]string) string {
	t.Helper()
	all := map[string]string{
		"muster.yaml":                            "kind: Package\nid: f\nversion: 1.0.0\nsystem: sys\n",
		"fonts/LiberationSansNarrow-Regular.ttf": narrowTTF(t, "Regular"),
		"fonts/LiberationSansNarrow-Bold.ttf":    narrowTTF(t, "Bold"),
		"units.yaml":                             fontUnits,
	}
	for k, v := range files {
		if v == "" {
			delete(all, k)
			continue
		}
		all[k] = v
	}
	return writePkg(t, all)
}

const fontSystem = `kind: System
id: sys
grid: hex
stats:
  - {id: attack, type: value}
  - {id: movement, type: value}
classes: [{id: combat}]
fonts:
  - id: narrow
    regular: fonts/LiberationSansNarrow-Regular.ttf
  - id: heavy
    regular: fonts/LiberationSansNarrow-Bold.ttf
    bold: fonts/LiberationSansNarrow-Bold.ttf
textFont: narrow
faces:
  - id: division
    applies: [combat]
    slots:
      - {format: "{attack}-{movement}", x: 0.5, y: 0.8, bold: true}
      - {show: name, x: 0.5, y: 0.3, size: 0.5, font: narrow}
`

const fontUnits = `kind: UnitType
id: legion
name: Legion
classes: [combat]
symbol: infantry
stats: {attack: 8, movement: 4}
`

// posOf is where needle first begins in text, as file:line:col.
func posOf(t *testing.T, file, text, needle string) string {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in %s", needle, file)
	}
	line := strings.Count(text[:i], "\n") + 1
	col := utf8.RuneCountInString(text[strings.LastIndex(text[:i], "\n")+1:i]) + 1
	return fmt.Sprintf("%s:%d:%d", file, line, col)
}

// fontDiags validates a package and lists its diagnostics of the fonts check as "file:line:col code", with
// the messages and hints for the test to search.
func fontDiags(t *testing.T, dir string) ([]string, diag.List) {
	t.Helper()
	r := Load(dir)
	var got []string
	var ds diag.List
	for _, d := range r.Diags {
		if strings.HasPrefix(d.Code, "fonts.") {
			rel, _ := filepath.Rel(dir, d.Pos.File)
			got = append(got, fmt.Sprintf("%s:%d:%d %s", rel, d.Pos.Line, d.Pos.Col, d.Code))
			ds = append(ds, d)
		}
	}
	return got, ds
}

// Each thing wrong with a font is an error at the content that names the file or the font, in the fonts
// family, with a hint; a package with none of them validates.
func TestFontsCheck(t *testing.T) {
	otto := "OTTO\x00\x01\x00\x00\x00\x00\x00\x00" + strings.Repeat("\x00", 16)
	restricted := []byte(narrowTTF(t, "Regular"))
	os2 := tableAt(t, restricted, "OS/2")
	binary.BigEndian.PutUint16(restricted[os2+8:], 0x0002)
	sysWith := func(from, to string) string {
		if !strings.Contains(fontSystem, from) {
			t.Fatalf("%q not in the System", from)
		}
		return strings.Replace(fontSystem, from, to, 1)
	}
	cases := []struct {
		name   string
		files  map[string]string
		code   string
		needle string // what the diagnostic points at, in system.yaml (or in in)
		says   string // in its message or hint
		in     string
	}{
		{"missing", map[string]string{"system.yaml": sysWith("regular: fonts/LiberationSansNarrow-Regular.ttf", "regular: fonts/LiberationSansNarow-Regular.ttf")},
			"fonts.missing", "fonts/LiberationSansNarow-Regular.ttf", `did you mean "fonts/LiberationSansNarrow-Regular.ttf"?`, ""},
		{"outside", map[string]string{"system.yaml": sysWith("bold: fonts/LiberationSansNarrow-Bold.ttf", "bold: ../LiberationSansNarrow-Bold.ttf")},
			"fonts.outside", "../LiberationSansNarrow-Bold.ttf", "inside the package folder", ""},
		{"not a font", map[string]string{"fonts/LiberationSansNarrow-Bold.ttf": "<html>not a font</html>"},
			"fonts.format", "fonts/LiberationSansNarrow-Bold.ttf", "not a TrueType or OpenType font", ""},
		{"PostScript outlines", map[string]string{"fonts/LiberationSansNarrow-Bold.ttf": otto},
			"fonts.postscript", "fonts/LiberationSansNarrow-Bold.ttf", "use a TrueType (.ttf) version", ""},
		{"licence", map[string]string{"fonts/LiberationSansNarrow-Regular.ttf": string(restricted)},
			"fonts.licence", "fonts/LiberationSansNarrow-Regular.ttf", "forbids embedding", ""},
		{"unknown text font", map[string]string{"system.yaml": sysWith("textFont: narrow", "textFont: narow")},
			"fonts.unknown", "narow", `did you mean "narrow"?`, ""},
		{"unknown element font", map[string]string{"system.yaml": sysWith("size: 0.5, font: narrow", "size: 0.5, font: stencil")},
			"fonts.unknown", "stencil", `the System declares "narrow"`, ""},
		{"unknown map label font", map[string]string{"map.yaml": fontMap("Vado", "nrrow")},
			"fonts.unknown", "nrrow", `did you mean "narrow"?`, "map.yaml"},
		{"declared twice", map[string]string{"system.yaml": sysWith("textFont: narrow", "  - {id: narrow, regular: fonts/LiberationSansNarrow-Bold.ttf}\ntextFont: narrow")},
			"fonts.duplicate", "narrow, regular: fonts/LiberationSansNarrow-Bold", "declared twice", ""},
		{"a counter's text", map[string]string{"units.yaml": strings.Replace(fontUnits, "name: Legion", "name: Legion ★", 1),
			"system.yaml": sysWith("size: 0.5, font: narrow", "size: 0.5, font: heavy")},
			"fonts.glyph", "heavy}", `counter legion (front): its element "Legion ★" prints in Liberation Sans Narrow Bold, which has no glyph for '★' (U+2605)`, ""},
		{"a map label", map[string]string{"map.yaml": fontMap("Vado ★", "heavy")},
			"fonts.glyph", "heavy}", `map m's label "Vado ★" prints in Liberation Sans Narrow Bold, which has no glyph for '★'`, "map.yaml"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := fontPkg(t, merge(map[string]string{"system.yaml": fontSystem}, tc.files))
			got, ds := fontDiags(t, dir)
			file := cmpOr(tc.in, "system.yaml")
			text, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			want := posOf(t, file, string(text), tc.needle) + " " + tc.code
			found := false
			for i, g := range got {
				if g == want && strings.Contains(ds[i].Message+" ("+ds[i].Hint+")", tc.says) {
					found = true
				}
			}
			if !found {
				t.Errorf("want %s saying %q; got:\n%s", want, tc.says, show(ds))
			}
		})
	}
	// A text of the content printed in the text font is print-text's to report, once, where the content writes
	// it: the counter that prints the unit's name and the label in that font add no second error.
	t.Run("once", func(t *testing.T) {
		dir := fontPkg(t, map[string]string{"system.yaml": fontSystem, "map.yaml": fontMap("Vado ★", "narrow"),
			"units.yaml": strings.Replace(fontUnits, "name: Legion", "name: Legion ★", 1)})
		var got []string
		for _, d := range Load(dir).Diags {
			if strings.HasSuffix(d.Code, ".glyph") {
				rel, _ := filepath.Rel(dir, d.Pos.File)
				got = append(got, fmt.Sprintf("%s:%d %s", rel, d.Pos.Line, d.Code))
			}
		}
		if want := "map.yaml:5 print-text.glyph units.yaml:3 print-text.glyph"; strings.Join(got, " ") != want {
			t.Errorf("glyph errors %q, want %q", got, want)
		}
	})
	t.Run("good", func(t *testing.T) {
		dir := fontPkg(t, map[string]string{"system.yaml": fontSystem, "map.yaml": fontMap("Vado Woods", "narrow")})
		r := Load(dir)
		if r.Diags.HasErrors() {
			t.Errorf("the good package has errors:\n%s", show(r.Diags))
		}
	})
}

// A font file larger than content.MaxFontBytes is refused before it is parsed, and so is one that is not a
// regular file.
func TestFontFileLimits(t *testing.T) {
	big := narrowTTF(t, "Regular") + strings.Repeat("\x00", content.MaxFontBytes)
	dir := fontPkg(t, map[string]string{"system.yaml": fontSystem, "fonts/LiberationSansNarrow-Regular.ttf": big})
	got, _ := fontDiags(t, dir)
	want := posOf(t, "system.yaml", fontSystem, "fonts/LiberationSansNarrow-Regular.ttf") + " fonts.too-large"
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %v, want %s", got, want)
	}
	dir = fontPkg(t, map[string]string{"system.yaml": fontSystem, "fonts/LiberationSansNarrow-Regular.ttf": ""})
	if err := os.Mkdir(filepath.Join(dir, "fonts", "LiberationSansNarrow-Regular.ttf"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, _ = fontDiags(t, dir)
	if want := posOf(t, "system.yaml", fontSystem, "fonts/LiberationSansNarrow-Regular.ttf") + " fonts.unreadable"; len(got) != 1 || got[0] != want {
		t.Errorf("a folder as a font: got %v, want %s", got, want)
	}
}

// What the sheets print besides the content's texts (a page's footer: "Title: charts and tables") is checked
// in the text font too, and reported at the System's textFont: here a font that lacks ':' and digits.
func TestSheetsFixedTextGlyphs(t *testing.T) {
	lacking := []byte(narrowTTF(t, "Regular"))
	raiseFirstSegment(t, lacking, ';') // nothing below ';' (no digits, no colon) is mapped
	sys := strings.Replace(fontSystem, "    bold: fonts/LiberationSansNarrow-Bold.ttf\n", "", 1)
	dir := fontPkg(t, map[string]string{
		"system.yaml":                            sys,
		"fonts/LiberationSansNarrow-Regular.ttf": string(lacking),
		"fonts/LiberationSansNarrow-Bold.ttf":    "",
		"units.yaml":                             strings.Replace(strings.Replace(fontUnits, "attack: 8, movement: 4", "attack: A, movement: B", 1), "type: value", "type: text", 2),
		"table.yaml":                             "kind: Table\nid: odds\nname: Odds\ncolumns: [low, high]\nrows:\n  - {label: one, cells: [a, b]}\n",
	})
	sys = strings.ReplaceAll(sys, "type: value", "type: text")
	if err := os.WriteFile(filepath.Join(dir, "system.yaml"), []byte(sys), 0o644); err != nil {
		t.Fatal(err)
	}
	got, ds := fontDiags(t, dir)
	want := posOf(t, "system.yaml", sys, "narrow\nfaces") + " fonts.glyph"
	found := false
	for i, g := range got {
		if g == want && strings.Contains(ds[i].Message, `the charts: muster prints "f: charts and tables" in Liberation Sans Narrow, which has no glyph for ':' (U+003A)`) {
			found = true
		}
	}
	if !found {
		t.Errorf("want %s for the charts' footer; got:\n%s", want, show(ds))
	}
}

func fontMap(label, font string) string {
	return fmt.Sprintf("kind: Map\nid: m\ngrid: {type: hex, orientation: flat, offset: odd, cols: 4, rows: 3, cellSize: 0.75in}\nlabels:\n  - {text: %s, cell: \"0201\", font: %s}\n", label, font)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func merge(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

func show(ds diag.List) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}

func tableAt(t *testing.T, b []byte, tag string) int {
	t.Helper()
	n := int(binary.BigEndian.Uint16(b[4:]))
	for i := 0; i < n; i++ {
		r := b[12+16*i:]
		if string(r[:4]) == tag {
			return int(binary.BigEndian.Uint32(r[8:]))
		}
	}
	t.Fatalf("no %s table", tag)
	return 0
}

// raiseFirstSegment makes the font's character map start at from: the runes below it map to no glyph.
func raiseFirstSegment(t *testing.T, b []byte, from rune) {
	t.Helper()
	cmap := tableAt(t, b, "cmap")
	n := int(binary.BigEndian.Uint16(b[cmap+2:]))
	for i := 0; i < n; i++ {
		off := cmap + int(binary.BigEndian.Uint32(b[cmap+4+8*i+4:]))
		if binary.BigEndian.Uint16(b[off:]) != 4 {
			continue
		}
		segs := int(binary.BigEndian.Uint16(b[off+6:])) / 2
		binary.BigEndian.PutUint16(b[off+16+2*segs:], uint16(from))
	}
}
