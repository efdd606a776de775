package vassal

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/export/internal/names"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
	"github.com/muster-wargames/muster/print/charts"
	"github.com/muster-wargames/muster/print/roster"
	"github.com/muster-wargames/muster/print/scenario"
	"github.com/muster-wargames/muster/print/surface"
)

// Play aids: the charts as images in a chart window (the pages of charts.pdf), the scenario sheets, rosters
// and any PDF the package folder holds as documentation, a dice button for each die the System declares,
// and a turn tracker counting the scenario's turns.

const (
	classChartWindow = "VASSAL.build.module.ChartWindow"
	classChart       = "VASSAL.build.widget.Chart"
	classDice        = "VASSAL.build.module.DiceButton"
	classTurnTracker = "VASSAL.build.module.turn.TurnTracker"
	classCounterTurn = "VASSAL.build.module.turn.CounterTurnLevel"
	classListTurn    = "VASSAL.build.module.turn.ListTurnLevel"
	classPDFDoc      = "VASSAL.build.module.documentation.BrowserPDFFile"
	classHelpFile    = "VASSAL.build.module.documentation.HelpFile"

	chartDPI   = 100
	notesFile  = "help/notes.html"
	maxDocSize = 64 << 20 // a package PDF larger than this is left out
)

// docs are the module's documentation entries, in order.
type doc struct {
	title, file string
}

func (x *exporter) buildAids() error {
	paper := x.paper()
	title := x.packageName()
	// Charts: each page of charts.pdf as an image.
	if !charts.Empty(x.pkg) {
		s := surface.NewPNG(surface.PNGOptions{DPI: chartDPI})
		if err := charts.Render(s, x.pkg, charts.Options{Paper: paper, Title: title}); err != nil {
			return x.printerError(err, "charts")
		}
		tw := buildfile.New(classTabWidget, "entryName", "Charts")
		for i := 0; i < s.Pages(); i++ {
			im, err := s.PageImage(i)
			if err != nil {
				return err
			}
			data, enc, err := encodePNG(im)
			if err != nil {
				return err
			}
			x.stats.PNGEncode += enc
			x.stats.Images++
			name := fmt.Sprintf("chart-%02d.png", i+1)
			if err := x.addFile("images/"+name, data); err != nil {
				return err
			}
			tw.Add(buildfile.New(classChart, "chartName", fmt.Sprintf("Page %d", i+1), "description", "", "fileName", name))
		}
		cw := buildfile.New(classChartWindow, "name", "Charts", "description", "the tables and tracks of charts.pdf",
			"text", "Charts", "tooltip", "Show the charts and tables", "icon", "", "hotkey", "")
		x.aids = append(x.aids, cw.Add(tw))
		pdf := surface.NewPDF(surface.PDFOptions{Title: title + " — charts", Creator: "muster " + content.MusterVersion})
		if err := charts.Render(pdf, x.pkg, charts.Options{Paper: paper, Title: title}); err != nil {
			return x.printerError(err, "charts")
		}
		if err := x.addPDF("docs/charts.pdf", "Charts and tables (PDF)", pdf); err != nil {
			return err
		}
	}
	// Scenario sheets.
	for _, sc := range x.pkg.Scenarios() {
		pdf := surface.NewPDF(surface.PDFOptions{Title: title + " — " + cmp.Or(sc.Name, sc.ID), Creator: "muster " + content.MusterVersion})
		if err := scenario.Render(pdf, x.pkg, sc, scenario.Options{Paper: paper, Title: title}); err != nil {
			return x.printerError(err, "scenario %s", sc.ID)
		}
		if err := x.addPDF("docs/scenario-"+content.Stem(sc.ID, content.ExportStem)+".pdf", "Scenario: "+cmp.Or(sc.Name, sc.ID), pdf); err != nil {
			return err
		}
	}
	if roster.Wanted(x.pkg) {
		pdf := surface.NewPDF(surface.PDFOptions{Title: title + " — rosters", Creator: "muster " + content.MusterVersion})
		if err := roster.Render(pdf, x.pkg, roster.Options{Paper: paper, Title: title}); err != nil {
			return x.printerError(err, "rosters")
		}
		if err := x.addPDF("docs/rosters.pdf", "Army rosters (PDF)", pdf); err != nil {
			return err
		}
	}
	if err := x.packagePDFs(); err != nil {
		return err
	}
	// Dice.
	if x.pkg.System != nil {
		for _, d := range x.pkg.System.Dice {
			name := d.String()
			x.aids = append(x.aids, buildfile.New(classDice, "name", name, "text", name, "tooltip", "Roll "+name,
				"icon", "", "hotkey", "", "nDice", itoa(d.Count), "nSides", itoa(d.Sides), "plus", "0",
				"addToTotal", itoa(d.Mod), "reportTotal", "true", "prompt", "false", "sortDice", "false",
				"reportFormat", "** $name$ = $result$ *** <$playerName$>"))
		}
	}
	x.turnTracker()
	return nil
}

// paper is the package's paper (its print settings), else Letter: the pages of the charts and sheets.
func (x *exporter) paper() surface.Size {
	p := value.Letter
	if m := x.pkg.Manifest; m != nil && m.Print != nil && m.Print.Paper != nil && m.Print.Paper.Width > 0 && m.Print.Paper.Height > 0 {
		p = *m.Print.Paper
	}
	return surface.PaperSize(p)
}

// addPDF adds a PDF document to the module and the documentation menu.
func (x *exporter) addPDF(name, title string, pdf *surface.PDF) error {
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		return fmt.Errorf("vassal: %s: %w", name, err)
	}
	if err := x.addFile(name, b.Bytes()); err != nil {
		return err
	}
	x.docs = append(x.docs, doc{title, name})
	return nil
}

// packagePDFs adds the PDFs of the package's own folder (rules, play aids): files ending in .pdf, in
// folders that are not hidden, no deeper than four levels, no larger than maxDocSize, symbolic links not
// followed.
func (x *exporter) packagePDFs() error {
	dir := x.pkg.Dir
	if dir == "" {
		return nil
	}
	var found []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable parts are skipped
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(d.Name(), ".") || strings.Count(rel, string(filepath.Separator)) >= 4) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && strings.EqualFold(filepath.Ext(p), ".pdf") {
			found = append(found, rel)
		}
		return nil
	})
	if err != nil {
		return nil
	}
	sort.Strings(found)
	used := names.NewUnique("%s-%d")
	for _, rel := range found {
		st, err := os.Stat(filepath.Join(dir, rel))
		if err != nil || st.Size() > maxDocSize {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil || !bytes.HasPrefix(data, []byte("%PDF")) {
			continue
		}
		stem := used.Take(content.Stem(strings.TrimSuffix(filepath.ToSlash(rel), filepath.Ext(rel)), content.ExportStem))
		name := "docs/package-" + content.Stem(stem, content.ExportStem) + ".pdf"
		if err := x.addFile(name, data); err != nil {
			return err
		}
		x.docs = append(x.docs, doc{filepath.ToSlash(rel), name})
	}
	return nil
}

// turnTracker counts turns: of the scenario's length when there is one scenario with one, else plainly.
func (x *exporter) turnTracker() {
	format := "Turn $level1$"
	lengths := map[int]bool{}
	for _, sc := range x.pkg.Scenarios() {
		if sc.Length != nil && sc.Length.Turns > 0 {
			lengths[sc.Length.Turns] = true
		}
	}
	if len(lengths) == 1 {
		for n := range lengths {
			format = fmt.Sprintf("Turn $level1$ of %d", n)
		}
	}
	// The System's sequence of play steps the tracker through each turn, as the printed chart lists it.
	var steps []content.Step
	if x.pkg.System != nil {
		steps = x.pkg.System.Sequence.Steps()
	}
	if len(steps) > 0 {
		format += ": $level2$"
	}
	tt := buildfile.New(classTurnTracker, "name", "Turn", "description", "", "buttonText", "Turn", "icon", "",
		"hotkey", "", "nexthotkey", "", "prevhotkey", "", "turnFormat", format,
		"reportFormat", "* <$playerName$> Turn updated from $oldTurn$ to $newTurn$", "tooltip", "Turn tracker",
		"lengthStyle", "Maximum", "length", "-1", "fwdOnly", "false")
	turn := buildfile.New(classCounterTurn, "name", "Turn", "property", "Turn", "turnFormat", "$value$",
		"start", "1", "incr", "1", "loop", "false", "loopLimit", "-1")
	if len(steps) > 0 {
		stepNames := make([]string, len(steps))
		for i, st := range steps {
			stepNames[i] = st.Name()
		}
		turn.Add(buildfile.New(classListTurn, "name", "Phase", "property", "Phase", "turnFormat", "$value$",
			"list", seqenc.MustEncode(',', stepNames...), "configList", "false", "configFirst", "false", "prompt", ""))
	}
	tt.Add(turn)
	x.aids = append(x.aids, tt)
}
