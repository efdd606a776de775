package validate

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// plainPNG is a w x h PNG of one colour.
func plainPNG(t *testing.T, w, h int) string {
	t.Helper()
	im := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(im.Pix); i += 4 {
		copy(im.Pix[i:], []byte{0x9a, 0xb8, 0x70, 0xff})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, im); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// translucentPNG is a w x h PNG of one colour, not quite opaque.
func translucentPNG(t *testing.T, w, h int) string {
	t.Helper()
	im := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(im.Pix); i += 4 {
		copy(im.Pix[i:], []byte{0x9a, 0xb8, 0x70, 0xf0})
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, im); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// claimedPNG is a PNG header claiming w x h pixels, and nothing after it.
func claimedPNG(w, h uint32) string {
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, w), h)
	ihdr = append(ihdr, 8, 2, 0, 0, 0)
	c := append([]byte("IHDR"), ihdr...)
	out := append([]byte("\x89PNG\r\n\x1a\n"), binary.BigEndian.AppendUint32(nil, 13)...)
	out = append(out, c...)
	return string(binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(c)))
}

// writePackage writes files (by slash path) into a new package folder.
func writePackage(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pkg")
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// posIn is the file:line:col of the first needle after the first from (from may be "") in the named file's text
// (1-based, in bytes).
func posIn(t *testing.T, files map[string]string, name, from, needle string) string {
	t.Helper()
	text := files[name]
	start := strings.Index(text, from)
	i := strings.Index(text[max(start, 0):], needle)
	if start < 0 || i < 0 {
		t.Fatalf("%q after %q not in %s", needle, from, name)
	}
	i += start
	line := strings.Count(text[:i], "\n") + 1
	col := i - strings.LastIndex(text[:i], "\n")
	return fmt.Sprintf("%s:%d:%d", name, line, col)
}

// Art that cannot be drawn, or would not lie on its grid, is an error at the content that names it; art that
// fits is not; opaque fills over art are a warning.
func TestMapArtCheck(t *testing.T) {
	good := plainPNG(t, 262, 212) // 5 x 4 squares of 50 px, 6 px of margin all round
	damaged := []byte(plainPNG(t, 262, 212))
	copy(damaged[len(damaged)-30:], bytes.Repeat([]byte{0xee}, 18))
	square := "grid: {type: square, cols: 5, rows: 4, cellSize: 0.5in}\n"
	hex := "grid: {type: hex, cols: 10, rows: 8, cellSize: 0.5in}\n"
	hidden := "show: {fills: false}\n"
	maps := []string{
		"id: good\n" + square + hidden + "background: {image: art/good.png, centre: [31, 31], cellSize: 50}\n",
		"id: short\n" + square + hidden + "background: {image: art/short.png, centre: [25, 25], cellSize: 50}\n",
		"id: long\n" + square + hidden + "background: {image: art/wide.png, centre: [31, 31], cellSize: 50}\n",
		"id: typo\n" + square + hidden + "background: {image: art/god.png}\n",
		"id: out\n" + square + hidden + "background: {image: ../good.png}\n",
		"id: refs\n" + hex + hidden + "background:\n  image: art/good.png\n  reference:\n    - {cell: \"0101\", centre: [10, 10]}\n    - {cell: \"1108\", centre: [250, 200]}\n",
		"id: mirror\n" + hex + hidden + "background:\n  image: art/good.png\n  reference:\n    - {cell: \"0101\", centre: [250, 10]}\n    - {cell: \"1008\", centre: [10, 200]}\n",
		"id: opaque\n" + square + "terrain: [\".....\", \".....\", \".....\", \".....\"]\nbackground: {image: art/good.png, centre: [31, 31], cellSize: 50}\n",
		"id: damaged\n" + square + hidden + "background: {image: art/damaged.png, centre: [31, 31], cellSize: 50}\n",
		"id: heavy\n" + square + hidden + "background: {image: art/heavy.png}\n",
		"id: notes\n" + square + hidden + "background: {image: art/notes.txt}\n",
		"id: vast\n" + square + hidden + "background: {image: art/vast.png}\n",
		"id: twice\n" + hex + hidden + "background:\n  image: art/good.png\n  cellSize: 50\n  reference:\n    - {cell: \"0101\", centre: [10, 10]}\n    - {cell: \"1008\", centre: [250, 200]}\n",
		"id: table\ngrid: {type: open, width: 48in, height: 36in}\nbackground: {image: art/good.png}\n",
		"id: glass\n" + square + hidden + "background: {image: art/glass.png}\n",
		"id: vector\n" + square + hidden + "background: {image: art/field.svg, centre: [31, 31], cellSize: 50}\n",
		"id: scripted\n" + square + hidden + "background: {image: art/scripted.svg}\n",
	}
	files := map[string]string{
		content.ManifestFile: "kind: Package\nid: p\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": "kind: System\nid: sys\ngrid: hex\nterrain:\n  - {id: clear, char: \".\"}\n" +
			"  - {id: woods, char: f, tile: {image: art/leaf.png, size: 0.25in}}\n  - {id: marsh, char: m, tile: {image: art/good.png, size: 0in}}\n",
		"maps.yaml":       "kind: Map\n" + strings.Join(maps, "---\nkind: Map\n"),
		"art/good.png":    good,
		"art/short.png":   plainPNG(t, 213, 188),
		"art/wide.png":    plainPNG(t, 400, 212),
		"art/damaged.png": string(damaged),
		"art/notes.txt":   "not an image",
		"art/vast.png":    claimedPNG(10000, 10000),
		"good.png":        good,
		"art/glass.png":   translucentPNG(t, 2500, 2000),
		"art/field.svg":   `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 262 212"><rect width="262" height="212" fill="#9ab870"/></svg>`,
		"art/scripted.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 200">
<script>alert(1)</script><rect width="250" height="200" fill="#9ab870"/></svg>`,
	}
	dir := writePackage(t, files)
	heavy, err := os.Create(filepath.Join(dir, "art", "heavy.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := heavy.Truncate(content.MaxArtBytes + 1); err != nil { // under the counters' limit, over the art's
		t.Fatal(err)
	}
	heavy.Close()
	if err := os.Rename(filepath.Join(dir, "good.png"), filepath.Join(filepath.Dir(dir), "good.png")); err != nil {
		t.Fatal(err)
	}

	r := Load(dir)
	got := map[string]diag.Diagnostic{}
	for _, d := range r.Diags {
		if strings.HasPrefix(d.Code, "map-art") {
			got[fmt.Sprintf("%s:%d:%d", filepath.Base(d.Pos.File), d.Pos.Line, d.Pos.Col)+" "+d.Code] = d
		} else if d.Severity == diag.Error {
			t.Errorf("not map-art: %v", d)
		}
	}
	m := func(needle string) string { return posIn(t, files, "maps.yaml", "", needle) }
	want := map[string]string{
		m("{image: art/short.png") + " map-art.fit":                                 "the art ends 37 px (0.7 square, 26.6 pt) short of the grid's right edge and 12 px (0.2 square, 8.6 pt) short of its bottom edge, at its bottom-right corner",
		m("{image: art/wide.png") + " map-art.fit":                                  "the art runs 144 px (2.9 squares, 103.7 pt) past the grid's right edge",
		m("art/god.png") + " map-art.missing":                                       `image "art/god.png" was not found`,
		m("../good.png") + " map-art.outside":                                       "climbs out",
		m(`"1108"`) + " map-art.cell":                                               "1108 is off the map",
		m(`[10, 200]`) + " map-art.scale":                                           "mirrored",
		m("art/damaged.png") + " map-art.corrupt":                                   "damaged image",
		m("art/heavy.png") + " map-art.too-large":                                   "larger than 20 MB",
		m("art/notes.txt") + " map-art.format":                                      "the formats the printers draw",
		m("art/vast.png") + " map-art.size":                                         "10000 × 10000 pixels",
		m("art/scripted.svg") + " map-art.script":                                   "script",
		posIn(t, files, "maps.yaml", "id: twice", "- {cell") + " map-art.placement": "placed twice",
		posIn(t, files, "system.yaml", "", "art/leaf.png") + " map-art.missing":     "the tile of terrain woods",
		m("art/glass.png") + " map-art.slow":                                        "transparency",
		posIn(t, files, "system.yaml", "", "0in") + " map-art.tile-size":            "size of 0in",
	}
	// The opaque map's warning and the tabletop's error are at their background: key.
	opaque := strings.Index(files["maps.yaml"], "id: opaque")
	table := strings.Index(files["maps.yaml"], "id: table")
	bgLine := func(from int) string {
		i := from + strings.Index(files["maps.yaml"][from:], "background:")
		return fmt.Sprintf("maps.yaml:%d:", strings.Count(files["maps.yaml"][:i], "\n")+1)
	}
	for k, d := range got {
		if strings.HasPrefix(k, bgLine(opaque)) && d.Code == "map-art.hidden" && d.Severity == diag.Warning {
			want[k] = "drawn opaque over every cell"
		}
		if strings.HasPrefix(k, bgLine(table)) && d.Code == "map-art.placement" {
			want[k] = "open tabletop takes no background"
		}
	}
	for k, says := range want {
		d, ok := got[k]
		if !ok {
			t.Errorf("no %s", k)
			continue
		}
		if !strings.Contains(d.Message, says) {
			t.Errorf("%s: %s\nwant ...%s...", k, d.Message, says)
		}
	}
	for k, d := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected %s: %s", k, d.Message)
		}
	}
	if len(want) != 17 {
		t.Errorf("%d diagnostics expected, want 17 (the opaque warning or the tabletop error is missing)", len(want))
	}
	if d := got[m("art/scripted.svg")+" map-art.script"]; len(d.Related) == 0 || d.Related[0].Pos.Line != 2 {
		t.Errorf("the script is not placed at its line of the SVG: %+v", d.Related)
	}
	if d := got[m("art/god.png")+" map-art.missing"]; !strings.Contains(d.Hint, `"art/good.png"`) {
		t.Errorf("missing art hint: %q", d.Hint)
	}
	if d := got[m(`"1108"`)+" map-art.cell"]; !strings.Contains(d.Hint, "did you mean") {
		t.Errorf("off-map reference hint: %q", d.Hint)
	}
	if d := got[m("{image: art/short.png")+" map-art.fit"]; !strings.Contains(d.Hint, "4.3 x 3.8 squares") {
		t.Errorf("fit hint: %q", d.Hint)
	}
}
