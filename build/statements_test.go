package build

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/print/pdfcheck"
)

// What muster prints must say what the content says (issue 16). TestSheetsSayWhatTheContentSays builds every
// example package's scenario sheets, charts and rosters, reads them back as text (pdftotext), and checks the
// statements a player relies on against values computed from the content: the stacking rule in force, each
// side's victory conditions on their own, the turn order, every set-up position (with the force line of its
// group), the victory point records' ranges, and the rosters' totals.
func TestSheetsSayWhatTheContentSays(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	dirs, err := os.ReadDir(filepath.Join("..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "testdata" {
			continue
		}
		n++
		t.Run(d.Name(), func(t *testing.T) { statements(t, d.Name()) })
	}
	if n < 6 {
		t.Errorf("%d example packages, want at least 6", n)
	}
}

// printed is a printed file read back: its text with spaces normalised, and its layout lines (table rows).
type printed struct {
	name  string
	text  string
	lines []string
}

func readBack(t *testing.T, name string, b []byte) printed {
	t.Helper()
	raw, layout := pdfcheck.Text(t, b), pdfcheck.Text(t, b, "-layout")
	// Page footers (the title, then "page 3", before the page break) cut a paragraph that runs over a page:
	// leave them out.
	var body []string
	for _, l := range strings.Split(raw, "\n") {
		if pageNumber.MatchString(strings.TrimSpace(l)) {
			for len(body) > 0 && strings.TrimSpace(body[len(body)-1]) == "" {
				body = body[:len(body)-1]
			}
			if len(body) > 0 {
				body = body[:len(body)-1] // the footer's title
			}
			continue
		}
		body = append(body, strings.TrimPrefix(l, "\f"))
	}
	s := printed{name: name, text: norm(strings.Join(body, " "))}
	// Every sentence muster composes reads as English for a count of one.
	for _, m := range oneMany.FindAllStringSubmatch(s.text, -1) {
		if w := m[1]; w == "" || !unicode.IsUpper([]rune(w)[0]) { // not a name: "Player 1 units" is the content's
			t.Errorf("%s: %q", name, m[0])
		}
	}
	// A player reads no field names: `points`, `ignore` and the like are the designer's words (issue 30, item 10).
	if i := strings.IndexByte(s.text, '`'); i >= 0 {
		t.Errorf("%s: a field name reaches the player: %q", name, s.text[max(i-60, 0):min(i+40, len(s.text))])
	}
	for _, l := range strings.Split(layout, "\n") {
		s.lines = append(s.lines, norm(l))
	}
	return s
}

var (
	pageNumber = regexp.MustCompile(`^page [0-9]+$`)
	oneMany    = regexp.MustCompile(`(\S*) 1 (?:units|pages|turns|hexes|squares|cells|files|objectives|boards|forces|tables|counters|awards|designs|errors)\b`)
)

func norm(s string) string { return strings.Join(strings.Fields(s), " ") }

// says checks that the sheet says something, and names the statement when it does not.
func (s printed) says(t *testing.T, what, want string) {
	t.Helper()
	if !strings.Contains(s.text, norm(want)) {
		t.Errorf("%s: %s: %q is not on the sheet", s.name, what, norm(want))
	}
}

// row is the layout line a table row starting with label is printed on ("" when none), after the first line
// that holds each of after.
func (s printed) row(label string, after ...string) string {
	i := 0
	for _, a := range after {
		for i < len(s.lines) && !strings.Contains(s.lines[i], a) {
			i++
		}
	}
	for ; i < len(s.lines); i++ {
		if strings.HasPrefix(s.lines[i], label) {
			return s.lines[i]
		}
	}
	return ""
}

func statements(t *testing.T, name string) {
	checked := example(t, name)
	pkg := checked.Package()
	res, err := Run(checked, Options{}, []string{"charts", "scenarios", "rosters"})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range res.Files {
		files[f.Path] = f.Data
	}
	e := rules.New(pkg)
	sys := pkg.System
	var charts printed
	if b, ok := files[ChartsFile]; ok {
		charts = readBack(t, ChartsFile, b)
	}
	for _, sc := range pkg.Scenarios() {
		path := "scenarios/" + sc.ID + ".pdf"
		b, ok := files[path]
		if !ok {
			t.Errorf("no %s", path)
			continue
		}
		sh := readBack(t, path, b)

		// The stacking rule in force: the scenario's variant, never the System's default in its place.
		if st := e.Stacking(sc); st != nil && st.Doc != "" {
			sh.says(t, "stacking rule", st.Doc)
			if def := sys.Stacking; def != st && def != nil && def.Doc != "" && strings.Contains(sh.text, norm(def.Doc)) {
				t.Errorf("%s: prints the System's stacking rule, but the scenario chooses %s", path, sc.StackingVariant)
			}
		}

		// Each side's victory conditions, each on its own: never run into the next.
		if v := sc.Victory; v != nil {
			for i, c := range v.Conditions {
				sh.says(t, "victory condition", strings.TrimSuffix(c, "."))
				if i > 0 {
					joined := norm(strings.TrimSuffix(v.Conditions[i-1], ".") + "; " + c)
					if strings.Contains(sh.text, joined) {
						t.Errorf("%s: victory conditions %d and %d run together: %q", path, i, i+1, joined)
					}
				}
			}
		}

		// The turn order: the rule, and a first move the rules roll for printed as the scenario's choice.
		if to := sys.TurnOrder; to != nil {
			sh.says(t, "turn order", to.Text)
			for _, s := range sc.Sides {
				if s.First && to.Rolled {
					sh.says(t, "first move where the rules roll", "this scenario's choice")
					if strings.Contains(sh.text, "Turn order: moves first Entry") || strings.Contains(sh.text, "Turn order: moves first Commander") {
						t.Errorf("%s: %s 'moves first' as if the rules said so", path, s.ID)
					}
				}
			}
		}

		// Set-up positions: every cell and table point, on the force line of the placement's group.
		for _, s := range sc.Sides {
			for _, pl := range s.Setup {
				for _, c := range pl.Cells {
					sh.says(t, "set-up cell", c)
				}
				for _, p := range pl.Points {
					sh.says(t, "set-up point", fmt.Sprintf("(%s, %s)", p[0], p[1]))
				}
				if pl.Group == "" || len(pl.Cells) == 0 {
					continue
				}
				for _, id := range s.ForceIDs() {
					f := pkg.Force(id)
					for _, en := range f.Units {
						if en.Unit == pl.Unit && en.Group == pl.Group && en.Name != "" {
							if r := sh.row(en.Name + " ("); !strings.Contains(r, pl.Cells[0]) {
								t.Errorf("%s: %s's row %q does not give its set-up %s", path, en.Name, r, pl.Cells[0])
							}
						}
					}
				}
			}
			if z := s.Deployment; z != nil && z.Radius != nil {
				sh.says(t, "deployment radius", "within "+z.Radius.String())
			}
		}

		// Victory point records run over what the scenario can score.
		for _, r := range e.ScoreRanges(sc) {
			lo, hi := r.Low.Floor(), r.High.Ceil()
			switch {
			case !r.Known():
				charts.says(t, "victory point record of "+sc.ID, "on paper")
			case hi-lo+1 > 250:
				charts.says(t, "victory point range of "+sc.ID, fmt.Sprintf("run from %d to %d", lo, hi))
			default:
				charts.says(t, "victory point range of "+sc.ID, fmt.Sprintf("from %d to %d", lo, hi))
			}
		}
	}

	// Rosters: what the System counts, force by force, and a side's declared VP where the scenario gives it.
	m := e.RosterMeasure()
	b, ok := files[RostersFile]
	if !ok {
		if len(pkg.Forces()) > 0 && (len(sys.Points) > 0 || sys.Roster != nil) {
			t.Errorf("no %s, though the System counts %s", RostersFile, m.Name)
		}
		return
	}
	ro := readBack(t, RostersFile, b)
	for _, f := range pkg.Forces() {
		fc := e.Force(f)
		total := m.Sum(fc.Lines, nil, nil)
		if m.IsPoints() {
			total = fc.Total
		}
		ro.says(t, "roster total of "+f.ID, fmt.Sprintf("Computed total: %s %s", total, m.Name))
	}
	for _, sc := range pkg.Scenarios() {
		// Each side's total, with what the scenario grants it (THG 15.3.3's supplies): what a balance compares.
		r, err := e.Roster("", sc.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range r.Sides {
			name := s.Name
			if name == "" {
				name = s.ID
			}
			row := ro.row(name, norm(sc.Name)+": each side's totals")
			if !strings.Contains(row, " "+s.Total.String()) || (s.Granted.Sign() != 0 && !strings.Contains(row, " "+s.Granted.String())) {
				t.Errorf("%s: scenario %s, side %s: row %q does not give its total %s (granted %s)", RostersFile, sc.ID, s.ID, row, s.Total, s.Granted)
			}
		}
		for _, s := range sc.Sides {
			if s.VP != nil {
				ro.says(t, "the VP side "+s.ID+" declares", fmt.Sprintf("%s %s", s.VP, m.Name))
			}
		}
	}
	if !m.IsPoints() && strings.Contains(ro.text, " 0 points") {
		t.Errorf("%s counts %s, yet prints points", RostersFile, m.Name)
	}
}
