package preview

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

const thg = "../../examples/highest-ground"

// copyTree copies a package folder into a temporary one.
func copyTree(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	err := os.CopyFS(dst, os.DirFS(src))
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// edit replaces old by new in a file of the package, once.
func edit(t testing.TB, dir, file, old, new string) {
	t.Helper()
	must.Edit(t, filepath.Join(dir, file), old, new)
}

// knightStats is the first unit of units/feudal.yaml as written: its front's values.
const knightStats = "stats: {movement: 2, range: 0, attack: 3, morale: 3, defense: 4}"

// The first version draws every picture; a unit's value changed redraws only that unit's two faces and the
// sheet pages that hold it; an error keeps the last good pictures and reports where it is.
func TestRenderRedrawsOnlyWhatChanged(t *testing.T) {
	dir := copyTree(t, thg)
	r := NewRenderer()
	first := r.Update(dir)
	if first.Failed || first.Diags.HasErrors() {
		t.Fatalf("THG fails: %v", first.Diags)
	}
	sections := map[string]int{}
	keys := map[string]bool{}
	for _, im := range first.Images {
		sections[im.Section]++
		if im.Key == "" || keys[im.Key] {
			t.Errorf("%s has an empty or shared key %q", im.Name, im.Key)
		}
		keys[im.Key] = true
		if !bytes.HasPrefix(im.Data, []byte("\x89PNG")) {
			t.Errorf("%s is not a PNG", im.Name)
		}
	}
	// 27 designs, front and back; 2 sheet pages; 4 boards and the scenario's map, each with its legend page; charts; one scenario.
	if sections[SectionFaces] != 54 || sections[SectionCounters] != 2 || sections[SectionMaps] != 10 || sections[SectionCharts] < 1 || sections[SectionScenarios] < 1 {
		t.Errorf("sections: %v", sections)
	}
	if len(first.Drawn) != len(first.Images) {
		t.Errorf("the first version drew %d of %d pictures", len(first.Drawn), len(first.Images))
	}
	// A map is one picture of the whole of it and one of its legend, captioned so: not the PDF's sheets.
	for _, im := range first.Images {
		if im.Section == SectionMaps && !strings.HasSuffix(im.Title, ": the whole map") && !strings.HasSuffix(im.Title, ": its legend") {
			t.Errorf("map picture %s is captioned %q", im.Name, im.Title)
		}
	}

	same := r.Update(dir)
	if len(same.Drawn) != 0 {
		t.Errorf("nothing changed, yet %v were drawn", same.Drawn)
	}

	edit(t, dir, "units/feudal.yaml", knightStats, "stats: {movement: 2, range: 0, attack: 5, morale: 3, defense: 4}")
	one := r.Update(dir)
	sort.Strings(one.Drawn)
	want := "counters/page-01.png faces/knight-levies-front.png" // the back page holds no front
	if strings.Join(one.Drawn, " ") != want {
		t.Errorf("one value changed: drew %v, want %s", one.Drawn, want)
	}
	if img(first, "faces/knight-levies-front.png") == img(one, "faces/knight-levies-front.png") {
		t.Error("the face's picture did not change")
	}
	if img(first, "maps/I-page-01.png") != img(one, "maps/I-page-01.png") {
		t.Error("a board's picture was not kept")
	}

	// Its back: the back's face and the page of backs.
	edit(t, dir, "units/feudal.yaml", "  stats: {movement: 2, range: 0, attack: 1, morale: 3, defense: 4}", "  stats: {movement: 2, range: 0, attack: 2, morale: 3, defense: 4}")
	back := r.Update(dir)
	sort.Strings(back.Drawn)
	if w := "counters/page-02.png faces/knight-levies-back.png"; strings.Join(back.Drawn, " ") != w {
		t.Errorf("a back value changed: drew %v, want %s", back.Drawn, w)
	}

	edit(t, dir, "units/feudal.yaml", "attack: 5,", "attack: 5x,")
	bad := r.Update(dir)
	if !bad.Failed || len(bad.Drawn) != 0 || len(bad.Images) != len(one.Images) {
		t.Errorf("an error: failed %v, drew %v, kept %d of %d pictures", bad.Failed, bad.Drawn, len(bad.Images), len(one.Images))
	}
	found := false
	for _, d := range bad.Diags {
		found = found || strings.HasSuffix(d.Pos.File, filepath.Join("units", "feudal.yaml")) && d.Pos.Line == 9
	}
	if !found {
		t.Errorf("the error is not reported at units/feudal.yaml:9: %v", bad.Diags)
	}
	if img(bad, "faces/knight-levies-front.png") != img(one, "faces/knight-levies-front.png") {
		t.Error("the last good picture was not kept")
	}
}

// A file saved half-written (cut mid-line, or empty) is a diagnostic, never a crash, and the pictures stay.
func TestRenderHalfWrittenFile(t *testing.T) {
	dir := copyTree(t, thg)
	r := NewRenderer()
	good := r.Update(dir)
	p := filepath.Join(dir, "units", "feudal.yaml")
	b := must.ReadFile(t, p)
	for _, cut := range []int{0, 1, len(b) / 3, len(b) / 2} {
		if err := os.WriteFile(p, b[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		s := r.Update(dir)
		if !s.Failed || len(s.Images) != len(good.Images) {
			t.Errorf("cut at %d: failed %v, %d pictures", cut, s.Failed, len(s.Images))
		}
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if s := r.Update(dir); s.Failed || len(s.Drawn) != 0 {
		t.Errorf("restored: failed %v, drew %v", s.Failed, s.Drawn)
	}
	// A package that never loaded has no pictures, only its diagnostics.
	empty := NewRenderer().Update(t.TempDir())
	if !empty.Failed || len(empty.Images) != 0 || len(empty.Diags) == 0 {
		t.Errorf("no package: %+v", empty)
	}
}

func img(s *Snapshot, name string) string {
	for _, im := range s.Images {
		if im.Name == name {
			return im.Key + "|" + string(im.Data)
		}
	}
	return ""
}

// BenchmarkRerenderOneUnit is serve's work after a one-unit change in The Highest Ground: the whole pipeline
// (validate.Load), the keys, and the pictures that changed (the unit's front and the sheet page of fronts
// holding it). The issue asks for under 100 ms.
func BenchmarkRerenderOneUnit(b *testing.B) {
	dir := copyTree(b, thg)
	r := NewRenderer()
	r.Update(dir)
	attack := []string{"attack: 3,", "attack: 4,"}
	i := 0
	b.ResetTimer()
	for b.Loop() {
		edit(b, dir, "units/feudal.yaml", attack[i%2], attack[(i+1)%2])
		i++
		s := r.Update(dir)
		if len(s.Drawn) != 2 {
			b.Fatalf("drew %v", s.Drawn)
		}
	}
}

var _ = validate.Load

// An edit to the art a picture is drawn from redraws it, though no content file changed: an SVG a counter face
// shows (the flag on every hex counter), a map's painted background, a terrain tile; and only the pictures that
// show it.
func TestRenderRedrawsEditedArt(t *testing.T) {
	dir := copyTree(t, "../../examples/testdata/art")
	r := NewRenderer()
	if first := r.Update(dir); first.Failed || first.Diags.HasErrors() {
		t.Fatalf("the art package fails: %v", first.Diags)
	}
	redrawn := func(what string) map[string]bool {
		t.Helper()
		s := r.Update(dir)
		if s.Failed {
			t.Fatalf("%s: %v", what, s.Diags)
		}
		out := map[string]bool{}
		for _, n := range s.Drawn {
			out[n] = true
		}
		return out
	}
	edit(t, dir, "art/flag.svg", `fill="#1c3f8a"`, `fill="#2e7d32"`)
	got := redrawn("the flag")
	if !got["faces/blue-foot-front.png"] || !got["faces/red-gun-front.png"] {
		t.Errorf("the flag's SVG edited: drew %v, want the hex counters' fronts", keys(got))
	}
	if got["faces/12-pz-front.png"] || got["maps/vale-page-01.png"] {
		t.Errorf("the flag's SVG edited: drew %v, pictures without the flag among them", keys(got))
	}
	rewrite(t, filepath.Join(dir, "art", "vale.png"), func(b []byte) []byte {
		return append(b, "trailing bytes after IEND"...) // another file, the same picture: still drawn again
	})
	if got := redrawn("the background"); !got["maps/vale-page-01.png"] || !got["maps/mill-raid-page-01.png"] || !got["scenarios/mill-raid-page-01.png"] {
		t.Errorf("the painted background edited: drew %v, want the Vale, the scenario's map over it and its sheet's miniature", keys(got))
	}
	rewrite(t, filepath.Join(dir, "art", "leaves.png"), func(b []byte) []byte {
		return append(b, 0)
	})
	if got := redrawn("the tile"); !got["maps/copse-page-01.png"] {
		t.Errorf("the woods' tile edited: drew %v, want the Copse", keys(got))
	}
}

// rewrite changes a file's bytes in place.
func rewrite(t *testing.T, path string, change func([]byte) []byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, change(b), 0o644); err != nil {
		t.Fatal(err)
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// A printer's panic or limit while a picture is drawn is that picture's diagnostic, at its place, and the
// renderer goes on: the other pictures are drawn, and the next version draws again (issue 26: the preview
// survives anything a package can contain).
func TestRenderSurvivesPanicsAndLimits(t *testing.T) {
	at := diag.Pos{File: "maps/x.yaml", Line: 3, Col: 1}
	good := job{key: "good", title: "map good", draw: func() ([]*Image, error) {
		pages, err := drawPNG(PageDPI, func(s surface.Surface) error { s.BeginPage(72, 72); s.Rect(0, 0, 36, 36, surface.Fill); return nil })
		return images(pages, "good", SectionMaps, "good"), err
	}}
	panics := job{key: "panics", title: "map panics", at: at, draw: func() ([]*Image, error) { panic("index out of range") }}
	limit := job{key: "limit", title: "map limit", at: at, draw: func() ([]*Image, error) {
		pages, err := drawPNG(FaceDPI, func(s surface.Surface) error {
			s.BeginPage(surface.MaxPageSize, surface.MaxPageSize) // 30,000 pixels a side: past the surface's bound
			return s.Err()
		})
		return images(pages, "limit", SectionMaps, "limit"), err
	}}
	r := NewRenderer()
	snap := r.draw(&Snapshot{Version: 1}, []job{panics, good, limit})
	if len(snap.Images) != 1 || snap.Images[0].Name != "good-page-01.png" {
		t.Errorf("pictures: %v", snap.Names())
	}
	var got []string
	for _, d := range snap.Diags {
		got = append(got, d.Pos.String()+" "+d.Message)
	}
	sort.Strings(got)
	if len(got) != 2 || !strings.Contains(got[0], "maps/x.yaml:3:1 preview of map limit: surface: page 14400x14400 pt at 300 DPI is too many pixels") ||
		!strings.Contains(got[1], "maps/x.yaml:3:1 preview of map panics: drawing failed (a bug in muster; please report it): index out of range") {
		t.Errorf("diagnostics: %q", got)
	}
	if again := r.draw(&Snapshot{Version: 2}, []job{good}); len(again.Images) != 1 || len(again.Diags) != 0 {
		t.Errorf("the next version: %v, %v", again.Names(), again.Diags)
	}
	// A panic while the pictures are planned fails the version, keeping the last good pictures.
	if failed := r.Fail(nil, errors.New("planning failed")); !failed.Failed || len(failed.Images) != 1 || failed.Diags[0].Severity != diag.Error {
		t.Errorf("failed version: %+v", failed)
	}
}

// An error freezes only what it breaks: with the scenario in error, an edited unit's face is redrawn at once;
// the scenario's sheet is kept as it was, stale, with the scenario's error beside it; the counter sheet pages
// and the charts (drawn from the whole package) stay as they were, stale. Fixing the scenario brings them
// all back, drawing only what changed.
func TestRenderDrawsWhatTheErrorDoesNotTouch(t *testing.T) {
	dir := copyTree(t, thg)
	r := NewRenderer()
	good := r.Update(dir)
	if good.Failed {
		t.Fatalf("THG fails: %v", good.Diags)
	}
	edit(t, dir, "scenarios/introductory.yaml", "name: Introductory Scenario", "name: Introductory Scenario\nbogus: 1")
	edit(t, dir, "units/feudal.yaml", knightStats, "stats: {movement: 2, range: 0, attack: 5, morale: 3, defense: 4}")
	part := r.Update(dir)
	if !part.Failed {
		t.Fatal("a scenario in error, yet the version did not fail")
	}
	if got := strings.Join(part.Drawn, " "); got != "faces/knight-levies-front.png" {
		t.Errorf("drew %q, want the edited unit's front alone", got)
	}
	if len(part.Images) != len(good.Images) {
		t.Errorf("%d pictures, the good version %d", len(part.Images), len(good.Images))
	}
	var stale []string
	for name := range part.Stale {
		stale = append(stale, name)
	}
	sort.Strings(stale)
	if len(stale) == 0 {
		t.Fatal("nothing is stale")
	}
	scenarioSheet := ""
	for _, name := range stale {
		switch {
		case strings.HasPrefix(name, "scenarios/"):
			scenarioSheet = name
			errs := part.Stale[name]
			if len(errs) == 0 || !strings.HasSuffix(errs[0].Pos.File, filepath.Join("scenarios", "introductory.yaml")) || errs[0].Severity != diag.Error {
				t.Errorf("the scenario sheet's errors: %v", errs)
			}
		case strings.HasPrefix(name, "counters/"), strings.HasPrefix(name, "charts/"), strings.HasPrefix(name, "maps/"):
		default:
			t.Errorf("%s is stale", name)
		}
		if img(part, name) != img(good, name) {
			t.Errorf("stale %s is not the last good picture", name)
		}
	}
	if scenarioSheet == "" {
		t.Errorf("the scenario's sheet is not kept stale: %v", stale)
	}
	edit(t, dir, "scenarios/introductory.yaml", "\nbogus: 1", "")
	fixed := r.Update(dir)
	sort.Strings(fixed.Drawn)
	if fixed.Failed || len(fixed.Stale) != 0 || strings.Join(fixed.Drawn, " ") != "counters/page-01.png" {
		t.Errorf("fixed: failed %v, stale %d, drew %v (want the sheet page that holds the edited front)", fixed.Failed, len(fixed.Stale), fixed.Drawn)
	}
}
