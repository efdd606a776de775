package docs_test

import (
	"bytes"
	"image"
	"image/png"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/analysis"
	"github.com/muster-wargames/muster/content/rules"
	panalysis "github.com/muster-wargames/muster/print/analysis"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
)

// analysisDPI is the resolution of the pictures of docs/analysis.md.
const analysisDPI = 110

var (
	pictureComment = regexp.MustCompile(`^picture: ([a-z0-9-]+) (tables|reach) (\S+)(?: (\S+) (\S+))?$`)
	csvComment     = regexp.MustCompile(`^csv: (tables|scenario) (\S+)(?: (\S+))?$`)
	oddsCheck      = regexp.MustCompile(`^(\S+) table (\S+) column (\S+) gives (\S+) (\d+/\d+|\d+)$`)
	leavesCheck    = regexp.MustCompile(`^(\S+) table (\S+) column (\S+): the defender leaves (\d+/\d+|\d+)$`)
	reachCheck     = regexp.MustCompile(`^(\S+) scenario (\S+) side (\S+) reaches (\S+) on turn (\d+)( on the open map)?$`)
	flagCheck      = regexp.MustCompile(`^(\S+) table (\S+) is flagged ([a-z-]+) at (\S+)$`)
)

// docs/analysis.md: each picture is what muster draws (docs/analysis/*.png, redrawn with MUSTER_UPDATE_DOCS=1),
// each CSV excerpt is lines of what muster analyze writes now, and each number the page states in a check
// comment holds: a probability, a defender's chance of leaving, a flag, the turn a side first reaches a cell.
func TestAnalysisPage(t *testing.T) {
	md := readDoc(t, "analysis.md")
	pkgs := map[string]*content.Package{}
	pkg := func(dir string) *content.Package {
		if p := pkgs[dir]; p != nil {
			return p
		}
		p, ds := content.Load(filepath.Join("..", filepath.FromSlash(dir)))
		if p == nil {
			t.Fatalf("%s: %v", dir, ds)
		}
		ds.Extend(p.Decode(nil))
		if ds.HasErrors() {
			t.Fatalf("%s: %v", dir, ds)
		}
		pkgs[dir] = p
		return p
	}
	scenarios := map[string]*analysis.ScenarioReport{}
	scenario := func(dir, id string) *analysis.ScenarioReport {
		if r := scenarios[dir+" "+id]; r != nil {
			return r
		}
		p := pkg(dir)
		sc := p.Scenario(id)
		if sc == nil {
			t.Fatalf("%s has no scenario %s", dir, id)
		}
		r, err := analysis.AnalyseScenario(rules.New(p), sc, analysis.Options{})
		if err != nil {
			t.Fatal(err)
		}
		scenarios[dir+" "+id] = r
		return r
	}
	table := func(dir, id string) *analysis.TableAnalysis {
		for _, a := range analysis.AnalyseTables(pkg(dir)).Tables {
			if a.Table.ID == id {
				return a
			}
		}
		t.Fatalf("%s has no combat table %s", dir, id)
		return nil
	}

	// Pictures.
	shown := map[string]bool{}
	for _, m := range regexp.MustCompile(`!\[[^\]]*\]\(analysis/([a-z0-9-]+)\.png\)`).FindAllStringSubmatch(md, -1) {
		shown[m[1]] = true
	}
	drawn := 0
	for line, c := range comments(md, "picture:") {
		m := pictureComment.FindStringSubmatch("picture: " + c)
		if m == nil {
			t.Errorf("docs/analysis.md:%d: a picture comment this test cannot read: %s", line, c)
			continue
		}
		name := m[1]
		if !shown[name] {
			t.Errorf("docs/analysis.md:%d: picture %s is described but not shown", line, name)
		}
		var pic []byte
		if m[2] == "tables" {
			p := pkg(m[3])
			pic = drawPNG(t, 7*surface.Inch, 4.4*surface.Inch, func(s surface.Surface) {
				if err := panalysis.Tables(s, p, analysis.AnalyseTables(p), panalysis.Options{Paper: surface.Size{W: 7 * surface.Inch, H: 4.4 * surface.Inch}, Margin: 0.25 * surface.Inch, Title: "docs/analysis.md"}); err != nil {
					t.Fatal(err)
				}
			})
		} else {
			r := scenario(m[3], m[4])
			pic = drawReach(t, pkg(m[3]), r, m[5])
		}
		keepPicture(t, filepath.Join("analysis", name+".png"), pic)
		drawn++
	}
	if drawn < 4 {
		t.Errorf("docs/analysis.md draws %d pictures", drawn)
	}

	// CSV excerpts: every line shown is a line muster writes.
	excerpts := 0
	for _, f := range fences(md) {
		m := csvComment.FindStringSubmatch(f.comment)
		if m == nil {
			continue
		}
		var b strings.Builder
		var err error
		if m[1] == "tables" {
			err = analysis.AnalyseTables(pkg(m[2])).WriteCSV(&b)
		} else {
			err = scenario(m[2], m[3]).WriteCSV(&b)
		}
		if err != nil {
			t.Fatal(err)
		}
		lines := map[string]bool{}
		for _, l := range strings.Split(b.String(), "\n") {
			lines[l] = true
		}
		for i, l := range strings.Split(strings.TrimSpace(f.text), "\n") {
			if l != "…" && !lines[l] {
				t.Errorf("docs/analysis.md:%d: muster does not write %q", f.line+1+i, l)
			}
		}
		excerpts++
	}
	if excerpts < 2 {
		t.Errorf("docs/analysis.md shows %d CSV excerpts", excerpts)
	}

	// Checks.
	checked := 0
	for line, c := range comments(md, "check:") {
		checked++
		switch {
		case oddsCheck.MatchString(c):
			m := oddsCheck.FindStringSubmatch(c)
			col := table(m[1], m[2]).Column(m[3])
			if col == nil {
				t.Errorf("docs/analysis.md:%d: no column %s", line, m[3])
				continue
			}
			if got := analysis.Exact(col.P(m[4])); got != m[5] {
				t.Errorf("docs/analysis.md:%d: %s at %s is %s, the page says %s", line, m[4], m[3], got, m[5])
			}
		case leavesCheck.MatchString(c):
			m := leavesCheck.FindStringSubmatch(c)
			col := table(m[1], m[2]).Column(m[3])
			if col == nil || col.Expected == nil || analysis.Exact(col.Expected.DefenderLeaves) != m[4] {
				t.Errorf("docs/analysis.md:%d: the defender leaving at %s: %+v, the page says %s", line, m[3], col, m[4])
			}
		case flagCheck.MatchString(c):
			m := flagCheck.FindStringSubmatch(c)
			found := false
			for _, f := range table(m[1], m[2]).Flags {
				found = found || f.Code == m[3] && f.Column == m[4]
			}
			if !found {
				t.Errorf("docs/analysis.md:%d: no %s flag at %s", line, m[3], m[4])
			}
		case reachCheck.MatchString(c):
			m := reachCheck.FindStringSubmatch(c)
			r := scenario(m[1], m[2])
			ref, err := r.Set.Lookup(m[4])
			if err != nil {
				t.Errorf("docs/analysis.md:%d: %v", line, err)
				continue
			}
			got := r.FirstAt(m[3], ref.Cell)
			if m[6] != "" {
				got = r.OpenAt(m[3], ref.Cell)
			}
			if strconv.Itoa(got) != m[5] {
				t.Errorf("docs/analysis.md:%d: %s reaches %s on turn %d, the page says %s", line, m[3], m[4], got, m[5])
			}
		default:
			checked--
			t.Errorf("docs/analysis.md:%d: a check this test cannot read: %s", line, c)
		}
	}
	if checked < 8 {
		t.Errorf("docs/analysis.md states %d checked numbers", checked)
	}
}

// drawPNG draws one page of w by h points as a PNG.
func drawPNG(t *testing.T, w, h float64, draw func(s surface.Surface)) []byte {
	t.Helper()
	var pic *image.RGBA
	s := surface.NewPNG(surface.PNGOptions{DPI: analysisDPI, OnPage: func(_ int, im *image.RGBA) error {
		if pic == nil {
			pic = im
		}
		return nil
	}})
	draw(s)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if pic == nil {
		t.Fatal("nothing drawn")
	}
	var b bytes.Buffer
	if err := png.Encode(&b, pic); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// drawReach draws a side's reachability map as the report page does, 5 inches wide.
func drawReach(t *testing.T, pkg *content.Package, r *analysis.ScenarioReport, side string) []byte {
	t.Helper()
	d, err := maps.ForScenario(pkg, r.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	var sr *analysis.SideReach
	for _, s := range r.Sides {
		if s.Side.ID == side {
			sr = s
		}
	}
	if sr == nil {
		t.Fatalf("scenario %s has no side %s", r.Scenario.ID, side)
	}
	shade := panalysis.ReachShade(r, sr, panalysis.LastTurn(r))
	const w, pad = 5 * surface.Inch, 4.0
	dry := surface.NewDry(0)
	dry.BeginPage(w+2*pad, 8*surface.Inch)
	_, h := d.Shaded(dry, pad, pad, w, 6*surface.Inch, shade)
	return drawPNG(t, w+2*pad, h+2*pad, func(s surface.Surface) {
		s.BeginPage(w+2*pad, h+2*pad)
		d.Shaded(s, pad, pad, w, 6*surface.Inch, shade)
	})
}
