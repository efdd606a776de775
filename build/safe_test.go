package build

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/surface"
)

// copyFixture copies one of print/counters' fixture packages into a temporary folder, replacing old with new
// in the named file.
func copyFixture(t *testing.T, name, file, old, new string) string {
	t.Helper()
	src := filepath.Join("..", "print", "counters", "testdata", name)
	dst := t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == file {
			if !strings.Contains(string(b), old) {
				t.Fatalf("%s has no %q", file, old)
			}
			b = []byte(strings.Replace(string(b), old, new, 1))
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// loadRaw loads and decodes a package without validating it: the printers' own refusals are tested on
// content validate would have stopped.
func loadRaw(t *testing.T, dir string) *content.Package {
	t.Helper()
	pkg, ds := content.Load(dir)
	if pkg == nil {
		t.Fatal(ds)
	}
	pkg.Decode(nil)
	return pkg
}

// buildError runs a build that must fail and returns its error.
func buildError(t *testing.T, pkg *content.Package, opt Options, only ...string) *Error {
	t.Helper()
	_, err := runPackage(pkg, opt, only)
	var be *Error
	if !errors.As(err, &be) {
		t.Fatalf("want a *build.Error, got %v", err)
	}
	if len(be.Diags) == 0 {
		t.Fatal("a build error without diagnostics")
	}
	for _, d := range be.Diags {
		if !d.Severity.Valid() || d.Code == "" || d.Message == "" {
			t.Errorf("incomplete diagnostic %+v", d)
		}
	}
	return be
}

// An overlap larger than what a page shows (issue 19.14: the build said "PDF has no pages") says so.
func TestOverlapLargerThanThePage(t *testing.T) {
	huge, _ := value.ParseLength("20in")
	be := buildError(t, example(t, "highest-ground").Package(), Options{Overlap: &huge}, "maps")
	d := be.Diags[0]
	if d.Code != CodeOptions || !strings.Contains(d.Message, "overlap of 20in is not smaller than what a page shows") || strings.Contains(be.Error(), "no pages") {
		t.Errorf("got %s", d)
	}
	if be.Output != "maps" {
		t.Errorf("output %q", be.Output)
	}
}

// Text the fonts cannot draw is refused, at the content that holds it, never printed as an empty box.
func TestUnprintableTextIsRefused(t *testing.T) {
	dir := copyFixture(t, "thg", "units.yaml", "name: GPMG (M60)", "name: GPMG 機関銃")
	be := buildError(t, loadRaw(t, dir), Options{}, "counters")
	d := be.Diags[0]
	if d.Code != "print-text.glyph" || !strings.Contains(d.Message, "U+6A5F") || !strings.Contains(d.Message, "Go Bold") {
		t.Errorf("got %s", d)
	}
	if d.Pos.File != filepath.Join(dir, "units.yaml") || d.Pos.Line != 13 {
		t.Errorf("at %s, want the name in units.yaml line 13", d.Pos)
	}
}

// No file has more than content.MaxPages pages: sheets of 3,000 pages are refused before one is drawn.
func TestPagesAreBounded(t *testing.T) {
	dir := copyFixture(t, "thg", "mix.yaml", "{unit: infantry-section, count: 6}", "{unit: infantry-section, count: 1500, size: 7in}")
	be := buildError(t, loadRaw(t, dir), Options{}, "counters")
	d := be.Diags[0]
	if d.Code != "counter-sheets.pages" || !strings.Contains(d.Message, "at most 1000 pages") || d.Pos.File != filepath.Join(dir, "mix.yaml") || d.Pos.Line != 4 {
		t.Errorf("got %s", d)
	}
}

// A counter larger than the paper is reported at its size; paper over 200in is refused at the manifest.
func TestSettingsAndSizesAtTheContent(t *testing.T) {
	dir := copyFixture(t, "thg", "mix.yaml", "{unit: infantry-section, count: 6}", "{unit: infantry-section, count: 6, size: 9in}")
	d := buildError(t, loadRaw(t, dir), Options{}, "counters").Diags[0]
	if d.Code != "counter-sheets.fit" || d.Pos.Line != 4 || !strings.Contains(d.Message, "infantry-section") {
		t.Errorf("got %s", d)
	}
	dir = copyFixture(t, "thg", "muster.yaml", "counterSize: 0.5in", "counterSize: 0.5in\n  paper: 300x300in")
	d = buildError(t, loadRaw(t, dir), Options{}).Diags[0]
	if d.Code != "print-settings.paper" || d.Pos.Line != 8 || !strings.Contains(d.Message, "200 inches") {
		t.Errorf("got %s", d)
	}
	big, _ := value.ParsePaper("300x300in")
	d = buildError(t, fixture(t, "thg").Package(), Options{Paper: &big}).Diags[0]
	if d.Code != CodeOptions || !d.Pos.IsZero() || !strings.HasPrefix(d.Message, "--paper") {
		t.Errorf("got %s", d)
	}
}

// Previews of pages larger than 16 megapixels at the asked resolution are drawn at a lower one.
func TestPreviewResolution(t *testing.T) {
	if got := previewDPI(100, 612, 792); got != 100 {
		t.Errorf("letter at 100 DPI lowered to %g", got)
	}
	got := previewDPI(100, 200*72, 200*72)
	if px := 200 * got * 200 * got; px > maxPreviewPixels*1.0001 || px < maxPreviewPixels*0.99 {
		t.Errorf("200in page at %g DPI is %g pixels", got, px)
	}
}

// The paper muster accepts is a page the surfaces draw: one limit, not two that drift apart.
func TestPaperLimitIsThePageLimit(t *testing.T) {
	if content.MaxPaperInches*surface.Inch != surface.MaxPageSize {
		t.Errorf("content.MaxPaperInches is %din, the surfaces draw pages up to %gin", content.MaxPaperInches, surface.MaxPageSize/surface.Inch)
	}
}
