package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
)

// An SVG that muster cannot draw as it is fails validate at the `image:` (or `background:`) value that names
// it, with the SVG's own line among the related places: a script, an external reference, text, a filter, a
// file that is not SVG at all. A warning (an even-odd fill) does not fail it. Scripts and references are
// never followed: the package validates without the network and without the files they name.
func TestAssetsSVG(t *testing.T) {
	const good = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>`
	svgs := map[string]string{
		"good":     good,
		"script":   "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n<script>fetch('http://example.invalid')</script>\n</svg>",
		"external": "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 10 10\">\n\n<use xlink:href=\"http://example.invalid/a.svg#x\"/>\n</svg>",
		"text":     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><text>Hi</text></svg>",
		"filter":   "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n<rect width=\"1\" height=\"1\" filter=\"url(#f)\"/>\n</svg>",
		"broken":   "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n<g>\n</svg>",
		"evenodd":  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0H5V5Z" fill-rule="evenodd"/></svg>`,
	}
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: p\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": "kind: System\nid: sys\nstats: [{id: attack, type: value}]\nclasses: [{id: combat}]\n" +
			"factions:\n  - {id: red, background: art/text.svg}\n",
	}
	var u strings.Builder
	for i, name := range []string{"good", "script", "external", "filter", "broken", "evenodd"} {
		files["art/"+name+".svg"] = svgs[name]
		if i > 0 {
			u.WriteString("---\n")
		}
		u.WriteString("kind: UnitType\nid: " + name + "\nfaction: red\nsymbol: image\nimage: art/" + name + ".svg\nstats: {}\n")
	}
	files["art/text.svg"] = svgs["text"]
	files["units.yaml"] = u.String()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := Load(dir)
	type found struct {
		code    string
		sev     diag.Severity
		svgLine int
	}
	got := map[string]found{}
	for _, d := range r.Diags {
		if !strings.HasPrefix(d.Code, "assets.") {
			continue
		}
		f := found{code: d.Code, sev: d.Severity}
		for _, rel := range d.Related {
			if strings.HasSuffix(rel.Pos.File, ".svg") {
				f.svgLine = rel.Pos.Line
			}
		}
		got[filepath.Base(d.Pos.File)+":"+itoa(d.Pos.Line)+":"+itoa(d.Pos.Col)] = f
	}
	// Unit i (0-based) starts on line 1 + 7i of units.yaml; its image is on the 5th line, column 8.
	at := func(i int) string { return "units.yaml:" + itoa(5+7*i) + ":8" }
	want := map[string]found{
		at(1):              {"assets.script", diag.Error, 2},
		at(2):              {"assets.external", diag.Error, 3},
		at(3):              {"assets.filter", diag.Error, 2},
		at(4):              {"assets.malformed", diag.Error, 3},
		at(5):              {"assets.unsupported", diag.Warning, 1},
		"system.yaml:6:27": {"assets.text", diag.Error, 1},
	}
	for pos, w := range want {
		if got[pos] != w {
			t.Errorf("%s: got %+v, want %+v", pos, got[pos], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d diagnostics, want %d: %v", len(got), len(want), got)
	}
}
