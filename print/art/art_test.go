package art

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/pixelcheck"
	"github.com/muster-wargames/muster/print/surface"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var fixtures = []string{"musketeer.svg", "cavalryman.svg", "gun.svg"}

// The example silhouettes load without a problem, with paths, strokes and gradients.
func TestFixturesLoad(t *testing.T) {
	for _, name := range fixtures {
		a, problems := Load(fixture(t, name))
		if a == nil || len(problems) > 0 {
			t.Fatalf("%s: %v", name, problems)
		}
		grads, strokes := 0, 0
		for _, sh := range a.shapes {
			if sh.grad != nil {
				grads++
			}
			if sh.stroke.A > 0 {
				strokes++
			}
		}
		if len(a.shapes) < 6 || grads == 0 || strokes == 0 {
			t.Errorf("%s: %d shapes, %d with gradients, %d stroked", name, len(a.shapes), grads, strokes)
		}
	}
}

// svg wraps elements in an svg element of 100 x 100.
func svg(body string) []byte {
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">` + "\n" + body + "\n</svg>")
}

// Every SVG feature the renderer cannot draw, or would draw otherwise than the file shows, is a problem with
// its code, at its line; the file is refused (or, for a warning, drawn).
func TestMustFail(t *testing.T) {
	for _, c := range []struct {
		name, body, code, words string
		warning                 bool
	}{
		{"script", `<script>alert(1)</script>`, "script", "script", false},
		{"event handler", `<rect width="5" height="5" onclick="x()"/>`, "script", "onclick", false},
		{"external href", `<use xlink:href="other.svg#a"/>`, "external", "outside the file", false},
		{"external fill", `<rect width="5" height="5" fill="url(http://x/y.svg#g)"/>`, "external", "outside the file", false},
		{"stylesheet", `<style>@import url(x.css);</style>`, "external", "@import", false},
		{"text", `<text x="1" y="5">Hi</text>`, "text", "<text>", false},
		{"font-face", `<style>@font-face { font-family: x; }</style>`, "text", "@font-face", false},
		{"filter", `<filter id="f"><feGaussianBlur stdDeviation="2"/></filter>`, "filter", "<filter>", false},
		{"filter attribute", `<rect width="5" height="5" style="filter:url(#f)"/>`, "filter", "filter", false},
		{"foreignObject", `<foreignObject width="5" height="5"/>`, "unsupported", "foreignObject", false},
		{"image", `<image href="#x" width="5" height="5"/>`, "unsupported", "<image>", false},
		{"clipPath", `<clipPath id="c"><rect width="5" height="5"/></clipPath>`, "unsupported", "clipPath", false},
		{"mask", `<rect width="5" height="5" mask="url(#m)"/>`, "unsupported", "mask", false},
		{"hidden", `<rect width="5" height="5" display="none"/>`, "unsupported", "display:none", false},
		{"stroke gradient", `<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><rect width="5" height="5" stroke="url(#g)"/>`, "gradient", "strokes with a gradient", false},
		{"gradient after use", `<rect width="5" height="5" fill="url(#g)"/><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>`, "gradient", "before the file defines it", false},
		{"no gradient", `<rect width="5" height="5" fill="url(#nothing)"/>`, "gradient", "does not define", false},
		{"gradient href", `<linearGradient id="a"><stop offset="0" stop-color="red"/></linearGradient><linearGradient id="b" xlink:href="#a"/>`, "gradient", "href", false},
		{"repeating gradient", `<linearGradient id="g" spreadMethod="reflect"><stop offset="0" stop-color="red"/></linearGradient>`, "gradient", "repeats", false},
		{"stop opacities", `<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="red" stop-opacity="0"/></linearGradient>`, "gradient", "stop-opacity", false},
		{"stop style", `<linearGradient id="g"><stop offset="0" style="stop-color:red"/></linearGradient>`, "gradient", "in a style", false},
		{"css selector", `<style>rect { fill: red }</style>`, "unsupported", "class", false},
		{"nested svg", `<svg viewBox="0 0 5 5"/>`, "unsupported", "nests", false},
		{"use two defs", `<defs><rect id="a" width="5" height="5"/><rect id="b" width="5" height="5"/></defs><use xlink:href="#b"/>`, "unsupported", "single definition", false},
		{"dash offset", `<line x2="5" stroke="red" stroke-dasharray="1 1" stroke-dashoffset="1"/>`, "unsupported", "offset", false},
		{"units", `<rect width="5" height="5" stroke="red" stroke-width="1mm"/>`, "unsupported", "unit", false},
		{"currentColor", `<rect width="5" height="5" fill="currentColor"/>`, "unsupported", "currentColor", false},
		{"bad colour", `<rect width="5" height="5" fill="#12"/>`, "malformed", "not a colour", false},
		{"huge coordinate", `<path d="M 0 0 L 99999999999 0"/>`, "unsupported", "beyond", false},
		{"drawn metadata", `<metadata><rect width="5" height="5"/></metadata>`, "unsupported", "metadata", false},
		{"evenodd", `<path d="M0 0 H9 V9 Z" fill-rule="evenodd"/>`, "unsupported", "even-odd", true},
		{"bevel", `<path d="M0 0 H9 V9" stroke="red" stroke-linejoin="bevel"/>`, "unsupported", "bevel", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, problems := Load(svg(c.body))
			var found *Problem
			for i := range problems {
				if problems[i].Code == c.code && strings.Contains(problems[i].Message, c.words) {
					found = &problems[i]
				}
			}
			if found == nil {
				t.Fatalf("no %s problem saying %q: %v", c.code, c.words, problems)
			}
			if found.Line != 2 || found.Col < 1 {
				t.Errorf("at %d:%d, want line 2", found.Line, found.Col)
			}
			if found.Warning != c.warning || (a == nil) == c.warning {
				t.Errorf("warning %v, art %v", found.Warning, a != nil)
			}
		})
	}
}

// A file that is not SVG, not well-formed or has no size is refused, with the line where the XML breaks.
func TestMalformed(t *testing.T) {
	for _, c := range []struct {
		name, svg, words string
		line             int
	}{
		{"not closed", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\">\n<g>\n</svg>", "well-formed", 3},
		{"html", "<html><body/></html>", "not an SVG", 1},
		{"no size", `<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>`, "no size", 0},
		{"empty", "  ", "empty", 0},
		{"bad viewBox", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 -1 5"/>`, "viewBox", 1},
	} {
		a, problems := Load([]byte(c.svg))
		if a != nil || len(problems) == 0 || !strings.Contains(problems[0].Message, c.words) || problems[0].Line != c.line {
			t.Errorf("%s: %v", c.name, problems)
		}
	}
}

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// Hostile SVGs are refused, and refusing one reads only what it must: an entity bomb expands nothing, 100,000
// nested groups are read 64 deep, a path of a million points is counted up to the limit. The bounds count
// bytes allocated, not time.
func TestHostile(t *testing.T) {
	var bomb strings.Builder
	bomb.WriteString("<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY lol \"lol\">\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&bomb, "<!ENTITY lol%d \"%s\">\n", i, strings.Repeat(fmt.Sprintf("&lol%d;", i-1), 10))
	}
	bomb.WriteString("]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><desc>&lol9;</desc></svg>")
	nested := strings.Repeat("<g>", 100_000) + strings.Repeat("</g>", 100_000)
	var million strings.Builder
	million.WriteString(`<path d="M0 0`)
	for i := 0; i < 1_000_000; i++ {
		fmt.Fprintf(&million, " L%d %d", i%97, i%89)
	}
	million.WriteString(`"/>`)
	uses := `<defs><g id="a">` + strings.Repeat(`<rect width="1" height="1"/>`, 1000) + `</g></defs>` + strings.Repeat(`<use xlink:href="#a"/>`, 100)
	for _, c := range []struct {
		name  string
		data  []byte
		code  string
		bytes uint64 // at most this many bytes allocated, beyond the file itself
	}{
		{"billion laughs", []byte(bomb.String()), "entity", 1 << 20},
		{"nested groups", svg(nested), "limit", 4 << 20},
		{"million points", svg(million.String()), "limit", 64 << 20},
		{"uses", svg(uses), "limit", 8 << 20},
		{"too large", append(svg(""), bytes.Repeat([]byte(" "), content.MaxSVGBytes)...), "too-large", 1 << 20},
	} {
		var a *Art
		var problems []Problem
		n := allocated(func() { a, problems = load(c.data, sha256.Sum256(nil)) })
		if a != nil || len(problems) == 0 || problems[len(problems)-1].Code != c.code {
			t.Errorf("%s: %v", c.name, problems)
		}
		if n > c.bytes+uint64(len(c.data)) {
			t.Errorf("%s: refusing it allocated %d bytes for a file of %d", c.name, n, len(c.data))
		}
	}
}

// Art is parsed once per content: loading the same bytes again returns the same art.
func TestLoadCaches(t *testing.T) {
	b := fixture(t, "gun.svg")
	a1, _ := Load(b)
	a2, _ := Load(append([]byte(nil), b...))
	if a1 == nil || a1 != a2 {
		t.Errorf("loaded twice: %p %p", a1, a2)
	}
}

// The art is placed in its box as preserveAspectRatio says, and a slice is cut at the box.
func TestPlacing(t *testing.T) {
	a := &Art{view: surface.Rect{W: 200, H: 100}, align: "xMidYMid"}
	box := surface.Rect{X: 10, Y: 20, W: 100, H: 100}
	for _, c := range []struct {
		align          string
		slice          bool
		fit            Fit
		sx, sy, tx, ty float64
	}{
		{"xMidYMid", false, Contain, 0.5, 0.5, 10, 45},
		{"xMinYMax", false, Contain, 0.5, 0.5, 10, 70},
		{"xMidYMid", true, Contain, 1, 1, -40, 20},
		{"xMidYMid", false, Cover, 1, 1, -40, 20},
		{"xMaxYMin", false, Cover, 1, 1, -90, 20},
		{"none", false, Cover, 0.5, 1, 10, 20},
	} {
		a.align, a.slice = c.align, c.slice
		sx, sy, tx, ty := a.placing(box, c.fit)
		if sx != c.sx || sy != c.sy || tx != c.tx || ty != c.ty {
			t.Errorf("%s slice %v fit %d: %g %g %g %g", c.align, c.slice, c.fit, sx, sy, tx, ty)
		}
	}
}

// artPage draws the fixtures at two sizes, one cut at its box (slice).
func artPage(t testing.TB) func(s surface.Surface) {
	var arts []*Art
	for _, name := range fixtures {
		a, _ := Load(fixture(t, name))
		arts = append(arts, a)
	}
	return func(s surface.Surface) {
		s.BeginPage(432, 216)
		s.SetFill(surface.RGB(240, 235, 220))
		s.Rect(0, 0, 432, 216, surface.Fill)
		for i, a := range arts {
			a.Draw(s, surface.Rect{X: 10 + float64(i)*135, Y: 10, W: 125, H: 110}, Contain)
			a.Draw(s, surface.Rect{X: 10 + float64(i)*135, Y: 130, W: 60, H: 60}, Contain)
			a.Draw(s, surface.Rect{X: 75 + float64(i)*135, Y: 130, W: 60, H: 60}, Cover)
		}
	}
}

// SVG art prints in the PDF as vector paths, as the PNG backend draws it: pdftoppm's rendering of the PDF and
// the PNG agree pixel by pixel (within anti-aliasing, and gg's round miters); the art is form XObjects, one
// per art and size, and no image.
func TestArtCrossBackend(t *testing.T) {
	draw := artPage(t)
	p := surface.NewPDF(surface.PDFOptions{})
	draw(p)
	pdf, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	// The musketeer is square: its small contained and covered drawings are at one scale.
	if n := bytes.Count(pdf, []byte("/Subtype /Form")); n != 8 {
		t.Errorf("%d forms, want 8 (one per art and scale)", n)
	}
	if bytes.Contains(pdf, []byte("/Subtype /Image")) {
		t.Error("the PDF holds an image")
	}
	pdfcheck.Check(t, "art.pdf", pdf)
	ref, err := pixelcheck.Rasterize(pdf, 1, 100)
	if errors.Is(err, pixelcheck.ErrNoPdftoppm) {
		t.Skip("pdftoppm not installed")
	} else if err != nil {
		t.Fatal(err)
	}
	q := surface.NewPNG(surface.PNGOptions{DPI: 100})
	draw(q)
	got, err := q.PageImage(0)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Bounds() != got.Bounds() {
		t.Fatalf("bounds %v and %v", ref.Bounds(), got.Bounds())
	}
	d := pixelcheck.CompareAt(ref, got, 64)
	mean, far := d.Mean, d.FarPixels
	t.Logf("PDF vs PNG: mean |diff| %.2f/255, %d of %d pixels far off", mean, far, d.Pixels)
	if mean > 2 || far > d.Pixels/200 {
		t.Errorf("backends disagree: mean %.2f, %d pixels far off", mean, far)
	}
}

// Issue 26's SVGs: every one validate accepts is drawn through the PNG renderer and the PDF writer in bounded
// memory; every one it refuses is a problem at the line that asks too much.
func TestIssueInputs(t *testing.T) {
	// <circle r="9999999"/> (within the coordinate cap) is drawn: in 16 MB, where gg took gigabytes.
	a, problems := Load(svg(issueInputs[0]))
	if a == nil {
		t.Fatalf("refused: %v", problems)
	}
	var err error
	if n := allocated(func() { err = drawEverywhere(a) }); err != nil || n > 16<<20 {
		t.Errorf("drawing it allocated %d MB (%v)", n>>20, err)
	}
	for _, c := range []struct {
		name, svg, code, words string
		line                   int
	}{
		{"dasharray 1e-300", string(svg(issueInputs[1])), "limit", "dashes", 2},
		{"viewBox 1e-6", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e-6 1e-6"><circle r="1"/></svg>`, "limit", "viewBox", 1},
		{"257 stops", string(svg(issueInputs[2])), "limit", "257 stops", 2},
		{"fx NaN", string(svg(issueInputs[3])), "malformed", "fx", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, problems := Load([]byte(c.svg))
			p := FirstError(problems)
			if a != nil || p.Code != c.code || !strings.Contains(p.Message, c.words) || p.Line != c.line {
				t.Errorf("art %v, problems %v", a != nil, problems)
			}
		})
	}
}

// Each limit the backends share is a problem at the line of the element past it, found by the check or, for
// what only the parsed drawing shows (transforms, dashes along a path, a stroke's width, the pixels touched),
// traced back to the element that made the path.
func TestLimits(t *testing.T) {
	rects := strings.Repeat(`<rect width="100" height="100"/>`+"\n", surface.MaxOverdraw+1)
	for _, c := range []struct {
		name, body, code, words string
		line                    int
	}{
		{"coordinate", `<circle r="99999999"/>`, "unsupported", "beyond", 2},
		{"circle past the cap", "<rect width=\"5\" height=\"5\"/>\n<circle cx=\"50\" r=\"9999999\"/>", "limit", "reaching 1e+07 units", 3},
		{"transform number", `<g transform="scale(1e8)"/>`, "limit", "transform", 2},
		{"transform NaN", `<g transform="translate(NaN 1)"/>`, "malformed", "not finite", 2},
		{"hex float", `<rect width="0x1p1023" height="5"/>`, "malformed", "not decimal", 2},
		{"transformed", "<g transform=\"scale(1e4)\">\n<rect width=\"5\" height=\"5\"/>\n<circle r=\"5000\"/>\n</g>", "limit", "once its transforms", 4},
		{"nested transforms", "<g transform=\"scale(1e4)\">\n<g transform=\"scale(1e4)\">\n<rect width=\"5\" height=\"5\"/>\n</g></g>", "limit", "once its transforms", 4},
		{"a use", "<defs><circle id=\"c\" r=\"5\"/></defs>\n<rect width=\"5\" height=\"5\"/>\n<use xlink:href=\"#c\" transform=\"scale(1e7)\"/>", "limit", "once its transforms", 4},
		{"dash entries", `<path d="M0 0 H9" stroke="red" stroke-dasharray="` + strings.Repeat("1 ", 65) + `"/>`, "limit", "65 lengths", 2},
		{"negative dash", `<path d="M0 0 H9" stroke="red" stroke-dasharray="1 -1"/>`, "malformed", "dasharray", 2},
		{"dashes along a path", "<path d=\"M0 0 H9\" stroke=\"red\"/>\n<path d=\"M0 0 H90 V90 H0 Z\" stroke=\"red\" stroke-dasharray=\"0.001\"/>", "limit", "dashes", 3},
		{"dashes by class", "<style>.d { stroke-dasharray: 0.0001 }</style>\n<path class=\"d\" d=\"M0 0 H90\" stroke=\"red\"/>", "limit", "dashes", 3},
		{"wide stroke", "<rect width=\"5\" height=\"5\"/>\n<path d=\"M0 0 H9\" stroke=\"red\" stroke-width=\"1000\"/>", "limit", "wider than the whole drawing", 3},
		{"overdraw", rects, "limit", "over more than", 2 + surface.MaxOverdraw},
		{"infinite transform", "<g transform=\"scale(1e7)\">\n<g transform=\"scale(1e7)\">\n" + strings.Repeat("<g transform=\"scale(1e7)\">", 50) + "\n<rect width=\"5\" height=\"5\"/>" + strings.Repeat("</g>", 52), "malformed", "not finite", 5},
		{"stop offset", `<linearGradient id="g"><stop offset="Inf" stop-color="red"/></linearGradient>`, "malformed", "offset", 2},
		{"gradient transform", `<linearGradient id="g" gradientTransform="scale(1e9)"><stop offset="0" stop-color="red"/></linearGradient>`, "limit", "gradientTransform", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, problems := Load(svg(c.body))
			p := FirstError(problems)
			if a != nil || p.Code != c.code || !strings.Contains(p.Message, c.words) || p.Line != c.line {
				t.Errorf("art %v, problems %v", a != nil, problems)
			}
		})
	}
	// Just within the limits, art is drawn.
	for _, body := range []string{
		strings.Repeat(`<rect width="100" height="100"/>`, surface.MaxOverdraw),
		`<path d="M0 0 H100" stroke="red" stroke-dasharray="0.002"/>`,
		`<path d="M0 0 H9" stroke="red" stroke-width="141"/>`,
		`<g transform="scale(1e3)"><circle r="9999"/></g>`,
	} {
		a, problems := Load(svg(body))
		if a == nil {
			t.Errorf("%.60s: %v", body, problems)
			continue
		}
		if err := drawEverywhere(a); err != nil {
			t.Errorf("%.60s: %v", body, err)
		}
	}
}

// utf16 is s in UTF-16, little- or big-endian, with or without a byte order mark.
func utf16Of(s string, little, bom bool) []byte {
	var out []byte
	if bom {
		out = append(out, 0xfe, 0xff)
		if little {
			out[0], out[1] = 0xff, 0xfe
		}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if little {
			out = binary.LittleEndian.AppendUint16(out, u)
		} else {
			out = binary.BigEndian.AppendUint16(out, u)
		}
	}
	return out
}

// An SVG saved as UTF-16, with or without a byte order mark or a declaration, is refused as UTF-16 (issue 26,
// item 8: it was "empty", or not an image at all), with the fix in the hint.
func TestUTF16(t *testing.T) {
	for _, decl := range []string{"", `<?xml version="1.0" encoding="UTF-16"?>` + "\n"} {
		s := decl + "  <svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"5\" height=\"5\"/></svg>"
		for _, little := range []bool{true, false} {
			for _, bom := range []bool{true, false} {
				p, problems := Read(utf16Of(s, little, bom))
				e := FirstError(problems)
				if p != nil || !strings.Contains(e.Message, "UTF-16") || !strings.Contains(e.Hint, "UTF-8") {
					t.Errorf("declaration %v, little-endian %v, BOM %v: %v", decl != "", little, bom, problems)
				}
			}
		}
	}
	if p, problems := Read(svg(`<rect width="5" height="5"/>`)); p == nil {
		t.Errorf("UTF-8: %v", problems)
	}
}
