package build

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/profile"
	"github.com/muster-wargames/muster/validate"
)

// servicePkg is the package every profile accepts (testdata/service), validated for the profile.
func servicePkg(t testing.TB, p *profile.Profile) *validate.Checked {
	t.Helper()
	return mustCheck(t, validate.LoadFor(filepath.Join("testdata", "service"), validate.Options{Profile: p}))
}

func mustProfile(t testing.TB, name string) *profile.Profile {
	t.Helper()
	p, err := profile.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// near compares lengths in points to a hundredth.
func near(a, b float64) bool { return math.Abs(a-b) <= 0.01 }

// Every page of every PDF built with a profile has a TrimBox and a BleedBox; on the counter and card sheets
// the BleedBox is the TrimBox grown by the profile's bleed on every side (on a card-a-page file, the page is
// the card and its bleed), and poppler's pdfinfo -box reads the same boxes.
func TestProfileBoxesOnEveryPage(t *testing.T) {
	for _, p := range profile.All() {
		t.Run(p.Name, func(t *testing.T) {
			p := p
			_, files := run(t, servicePkg(t, &p), Options{Profile: &p})
			b := p.Bleed()
			pdfs := 0
			for name, data := range files {
				if !strings.HasSuffix(name, ".pdf") {
					continue
				}
				pdfs++
				d := pdfcheck.Read(t, data)
				for i, pg := range d.Pages {
					if len(pg.TrimBox) != 4 || len(pg.BleedBox) != 4 {
						t.Fatalf("%s page %d: TrimBox %v, BleedBox %v: both expected", name, i+1, pg.TrimBox, pg.BleedBox)
					}
					if name != CountersFile && name != CardsFile {
						continue
					}
					for k, sign := range []float64{-1, -1, 1, 1} {
						if !near(pg.BleedBox[k], pg.TrimBox[k]+sign*b) {
							t.Errorf("%s page %d: BleedBox %v is not TrimBox %v grown by the %s bleed (%gpt)", name, i+1, pg.BleedBox, pg.TrimBox, p.BleedText, b)
							break
						}
					}
				}
				pdfinfoBoxes(t, name, data, len(d.Pages))
			}
			if pdfs < 3 {
				t.Errorf("%d PDFs built, want counters, cards and charts", pdfs)
			}
		})
	}
}

var boxLineRe = regexp.MustCompile(`(?m)^Page\s+\d+ (TrimBox|BleedBox):`)

// pdfinfoBoxes has poppler's pdfinfo -box read the boxes of every page (skipped without pdfinfo). pdfinfo
// shows a box a page lacks as its CropBox, so this is a second opinion on what pdfcheck read from the file.
func pdfinfoBoxes(t *testing.T, name string, data []byte, pages int) {
	t.Helper()
	tool, err := exec.LookPath("pdfinfo")
	if err != nil {
		t.Log("pdfinfo not found: skipping the pdfinfo -box reading")
		return
	}
	f := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-box", "-f", "1", "-l", "100000", f).Output()
	if err != nil {
		t.Fatalf("pdfinfo -box %s: %v", name, err)
	}
	if n := len(boxLineRe.FindAllString(string(out), -1)); n != 2*pages {
		t.Errorf("pdfinfo -box %s: %d TrimBox and BleedBox lines for %d pages", name, n, pages)
	}
}

// A counter's fill reaches the BleedBox: on the die-cut sheet (3mm bleed) the faction-coloured fills run from
// the BleedBox's left and top edges, and every counter's background is its trim rectangle grown by the bleed
// (extended, not stretched: the counter's value stays where it prints without a bleed).
func TestProfileFillReachesBleedBox(t *testing.T) {
	p := mustProfile(t, "die-cut")
	pkg := servicePkg(t, p)
	_, files := run(t, pkg, Options{Profile: p})
	d := pdfcheck.Read(t, files[CountersFile])
	pg := d.Pages[0]
	H := pg.Height()
	blue := [3]float64{0.357, 0.498, 0.71} // #5b7fb5
	rects, _ := pg.Shapes()
	fills := filledOnly(rects, blue)
	if len(fills) == 0 {
		t.Fatal("no blue counter fill on the first page")
	}
	b := p.Bleed()
	left, top := math.Inf(1), math.Inf(1)
	for _, r := range fills {
		left, top = math.Min(left, r.X), math.Min(top, r.Y)
	}
	bleedLeft, bleedTop := pg.BleedBox[0], H-pg.BleedBox[3]
	if !near(left, bleedLeft) || !near(top, bleedTop) {
		t.Errorf("the fills start at (%.2f, %.2f), the BleedBox at (%.2f, %.2f)", left, top, bleedLeft, bleedTop)
	}
	side := 0.75 * 72
	for _, r := range fills {
		if !near(r.W, side+2*b) || !near(r.H, side+2*b) {
			t.Errorf("a counter's fill is %.2fx%.2f, want its %.0fpt side plus the bleed on each edge (%.2f)", r.W, r.H, side, side+2*b)
		}
	}
	// The values print at the same place on the counter as without a bleed.
	_, plain := run(t, loadPackage(t, filepath.Join("testdata", "service")), Options{})
	where := func(data []byte) (float64, float64) {
		pg := pdfcheck.Read(t, data).Pages[0]
		rects, _ := pg.Shapes()
		f := filledOnly(rects, blue)
		minX, minY := math.Inf(1), math.Inf(1)
		for _, r := range f {
			minX, minY = math.Min(minX, r.X), math.Min(minY, r.Y)
		}
		for _, tr := range pg.TextRuns() {
			if tr.Text == "4-3" {
				return tr.X - minX, tr.Y - minY
			}
		}
		t.Fatal("no 4-3 on the page")
		return 0, 0
	}
	x0, y0 := where(plain[CountersFile])
	x1, y1 := where(files[CountersFile])
	if !near(x1-b, x0) || !near(y1-b, y0) {
		t.Errorf("with a bleed the value sits at (%.2f, %.2f) from the fill's corner, want (%.2f, %.2f)+bleed", x1, y1, x0, y0)
	}
}

// DriveThruCards: cards.pdf has a page per card copy and side, front then back, each the card and its 1/8in
// bleed with the card as its TrimBox; the document carries the sRGB output intent (GTS_PDFX) and its title.
func TestProfileDriveThruCards(t *testing.T) {
	p := mustProfile(t, "drivethrucards")
	_, files := run(t, servicePkg(t, p), Options{Profile: p})
	data := files[CardsFile]
	d := pdfcheck.Read(t, data)
	if len(d.Pages) != 6 { // advance x2, retreat x1: fronts and backs
		t.Fatalf("%d pages, want 6 (3 cards, front and back)", len(d.Pages))
	}
	w, h := 2.25*72, 3.5*72 // bridge
	for i, pg := range d.Pages {
		if !near(pg.Width(), w+18) || !near(pg.Height(), h+18) {
			t.Errorf("page %d is %gx%g, want the card and its bleed %gx%g", i+1, pg.Width(), pg.Height(), w+18, h+18)
		}
		if want := []float64{9, 9, w + 9, h + 9}; !nearAll(pg.TrimBox, want) {
			t.Errorf("page %d TrimBox %v, want %v", i+1, pg.TrimBox, want)
		}
		// The card's background runs to the page's edge: the BleedBox.
		rects, _ := pg.Shapes()
		full := false
		for _, r := range rects {
			full = full || r.Fill && near(r.X, 0) && near(r.Y, 0) && near(r.W, pg.Width()) && near(r.H, pg.Height())
		}
		if !full {
			t.Errorf("page %d: no fill covers the card and its bleed", i+1)
		}
		text := ""
		for _, tr := range pg.TextRuns() {
			text += tr.Text + " "
		}
		if back := strings.Contains(text, "Events"); back != (i%2 == 1) {
			t.Errorf("page %d shows %q: fronts and backs must alternate", i+1, text)
		}
	}
	intent, icc := false, false
	for _, o := range d.Objects() {
		intent = intent || strings.Contains(o.Dict, "/S /GTS_PDFX /OutputConditionIdentifier (sRGB IEC61966-2.1)")
		icc = icc || strings.Contains(o.Dict, "/N 3 /Alternate /DeviceRGB") && bytes.Equal(o.Data, profile.SRGB())
	}
	if !intent || !icc {
		t.Errorf("output intent %v, its ICC profile %v: both expected", intent, icc)
	}
	if !strings.Contains(pdfcheck.Text(t, data), "Advance") {
		t.Error("no card text")
	}
	pdfcheck.Check(t, CardsFile, data)
	if tool, err := exec.LookPath("pdfinfo"); err == nil {
		f := filepath.Join(t.TempDir(), "cards.pdf")
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		info, err := exec.Command(tool, f).Output()
		if err != nil || !strings.Contains(string(info), "Print service (test) — cards") {
			t.Errorf("pdfinfo reads no title (%v): the trailer's /Info must name the information dictionary\n%s", err, info)
		}
	}
}

func nearAll(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i]) {
			return false
		}
	}
	return true
}

// The Game Crafter: a PNG per card front and per deck back at 300 dpi, each the card and its 1/8in bleed.
func TestProfileGameCrafterPNGs(t *testing.T) {
	p := mustProfile(t, "gamecrafter")
	_, files := run(t, servicePkg(t, p), Options{Profile: p})
	want := map[string]bool{"cards/advance-front.png": true, "cards/retreat-front.png": true, "cards/events-back.png": true}
	for name := range files {
		if strings.HasPrefix(name, ServiceCardsDir+"/") && !want[name] {
			t.Errorf("unexpected %s", name)
		}
	}
	for name := range want {
		data, ok := files[name]
		if !ok {
			t.Errorf("no %s", name)
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width != 750 || cfg.Height != 1125 { // (2.25in + 2 x 1/8in) x 300, (3.5in + 2 x 1/8in) x 300
			t.Errorf("%s is %dx%d px, want 750x1125", name, cfg.Width, cfg.Height)
		}
	}
}

// The preflight fails the build at the content's lines, and nothing is built: River Line's corner values
// cross the die-cut profile's safe line.
func TestProfilePreflightFailsBuild(t *testing.T) {
	pkg := loadPackage(t, filepath.Join("..", "examples", "testdata", "river-line"))
	p := mustProfile(t, "die-cut")
	res, err := Run(pkg, Options{Profile: p}, []string{"counters"})
	var be *Error
	if res != nil || !errors.As(err, &be) {
		t.Fatalf("Run = %v, %v: want a failed build", res, err)
	}
	for _, d := range be.Diags {
		if d.Code != profile.CodeSafeZone || d.Pos.File == "" || d.Pos.Line == 0 {
			t.Errorf("%v: want preflight.safe-zone at a line of the content", d)
		}
	}
	if len(be.Diags) == 0 {
		t.Fatal("no diagnostics")
	}
	// validate --profile says the same, from the same code.
	r := validate.LoadFor(filepath.Join("..", "examples", "testdata", "river-line"), validate.Options{Profile: p})
	var vs diag.List
	for _, d := range r.Diags {
		if strings.HasPrefix(d.Code, "preflight.") {
			vs = append(vs, d)
		}
	}
	if len(vs) != len(be.Diags) {
		t.Errorf("validate --profile reports %d preflight problems, build %d", len(vs), len(be.Diags))
	}
}

// A bleed more than half a counter's side: at --bleed when the flag asks it; at the counter's size when the
// profile's bleed does (validate --profile and build alike); at the manifest's print.bleed when the package
// asks it.
func TestBleedLargerThanCounter(t *testing.T) {
	pkg := loadPackage(t, filepath.Join("testdata", "service"))
	big, _ := value.ParseLength("0.5in")
	_, err := Run(pkg, Options{Bleed: &big}, []string{"counters"})
	var be *Error
	if !errors.As(err, &be) || be.Diags[0].Code != CodeOptions || !strings.HasPrefix(be.Diags[0].Message, "--bleed: a bleed of 0.5in is more than half the side of counter") {
		t.Errorf("--bleed 0.5in: %v", err)
	}
	dir := copyService(t, func(s string) string { return strings.Replace(s, "counterSize: 0.75in", "counterSize: 5mm", 1) })
	p := mustProfile(t, "die-cut")
	r := validate.LoadFor(dir, validate.Options{Profile: p})
	codes := map[string]diag.Diagnostic{}
	for _, d := range r.Diags {
		codes[d.Code] = d
	}
	for _, code := range []string{"counter-sheets.bleed", profile.CodePieceSize} {
		d, ok := codes[code]
		if !ok || filepath.Base(d.Pos.File) != "muster.yaml" || d.Pos.Line != 10 {
			t.Errorf("%s: %v, want it at muster.yaml:10, the counter size", code, d)
		}
	}
	if r := validate.Load(dir); r.Diags.HasErrors() {
		t.Errorf("without a profile the package is fine: %v", r.Diags)
	}
	dir = copyService(t, func(s string) string { return s + "  bleed: 0.5in\n" })
	r = validate.Load(dir)
	found := false
	for _, d := range r.Diags {
		found = found || d.Code == "counter-sheets.bleed" && d.Pos.Line == 11
	}
	if !found {
		t.Errorf("print.bleed 0.5in: %v, want counter-sheets.bleed at muster.yaml:11", r.Diags)
	}
}

// copyService copies testdata/service to a temporary folder, its manifest changed by edit.
func copyService(t *testing.T, edit func(string) string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("testdata", "service")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == "muster.yaml" {
			b = []byte(edit(string(b)))
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
