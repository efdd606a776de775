package build

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/surface"
)

const narrowFixture = "../fonts/testdata/narrow"

// A package with its own fonts prints every document in them: each PDF embeds Liberation Sans Narrow (regular
// and bold, by name) and no Go font, as pdffonts also lists.
func TestPackageFontsEmbedded(t *testing.T) {
	_, files := run(t, loadPackage(t, narrowFixture), Options{})
	want := "utf8liberationsansnarrow utf8liberationsansnarrow-bold"
	for _, name := range []string{CountersFile, "maps/front.pdf", ChartsFile} {
		b, ok := files[name]
		if !ok {
			t.Fatalf("no %s", name)
		}
		if got := strings.Join(parse(t, b).Fonts(), " "); got != want {
			t.Errorf("%s embeds %q, want %q", name, got, want)
		}
	}
	tool, err := exec.LookPath("pdffonts")
	if err != nil {
		t.Skip("pdffonts not installed")
	}
	path := filepath.Join(t.TempDir(), "counters.pdf")
	if err := os.WriteFile(path, files[CountersFile], 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, path).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "utf8liberationsansnarrow-bold") || strings.Contains(string(out), "utf8go") {
		t.Errorf("pdffonts: %v\n%s", err, out)
	}
}

// The counters' PNG previews are drawn in the package font too: a face's PNG is the face drawn with its
// typefaces, not with the Go fonts.
func TestPackageFontsInPNG(t *testing.T) {
	pkg := loadPackage(t, narrowFixture)
	_, files := run(t, pkg, Options{PNG: true})
	cs, err := counters.FromPackage(pkg.Package(), counters.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := cs[0]
	if c.ID != "12-pz" || c.Front.Font == nil || c.Front.Slots[0].Font == nil {
		t.Fatalf("counter %s: the face has no typeface", c.ID)
	}
	draw := func(f *counters.Face) []byte {
		p := surface.NewPNG(surface.PNGOptions{DPI: previewDPI(DefaultFaceDPI, c.Width(), c.Height())})
		p.BeginPage(c.Width(), c.Height())
		if err := f.DrawRect(p, 0, 0, c.Width(), c.Height(), 0); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := p.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	goFace := c.Front
	goFace.Font = nil
	goFace.Slots = append([]counters.Slot(nil), c.Front.Slots...)
	for i := range goFace.Slots {
		goFace.Slots[i].Font = nil
	}
	built := files["png/counters/12-pz-front.png"]
	if !bytes.Equal(built, draw(&c.Front)) {
		t.Error("the built PNG is not the face drawn in its typefaces")
	}
	if bytes.Equal(built, draw(&goFace)) {
		t.Error("the built PNG is the face drawn in the Go fonts")
	}
}

// The printers refuse a package whose font cannot be loaded on their own, before a page is drawn.
func TestBrokenFontRefused(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"muster.yaml", "system.yaml", "units.yaml", "counters.yaml", "fonts/LiberationSansNarrow-Regular.ttf"} {
		b, err := os.ReadFile(filepath.Join(narrowFixture, f))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	be := buildError(t, loadRaw(t, dir), Options{})
	if d := be.Diags[0]; d.Code != "fonts.missing" || !strings.HasSuffix(d.Pos.File, "system.yaml") || d.Pos.Line == 0 {
		t.Errorf("got %s", d)
	}
}
