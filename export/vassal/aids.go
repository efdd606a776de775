package vassal

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

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

// docJob renders one of the module's documents on the pool's workers, beside the boards (renderBoards):
// the charts' pages as images, or a PDF. buildAids adds what they made, in order.
type docJob struct {
	what   string // for an error: "charts", "scenario ID", "rosters"
	pages  bool   // the charts' pages as images, for the chart window
	render func() ([]docFile, error)
	files  []docFile
	err    error
}

// docFile is a file a docJob made: a chart page (no title), or a PDF with its documentation menu entry.
type docFile struct {
	name, title string
	data        []byte
	enc         time.Duration // a chart page's PNG encoding
}

// planDocs lists the documents the module carries: the charts as images (each page of charts.pdf) and as a
// PDF, each scenario's sheet, the rosters.
func (x *exporter) planDocs() []*docJob {
	paper := x.paper()
	title := x.packageName()
	pdf := func(name, menu, what, docTitle string, render func(*surface.PDF) error) *docJob {
		return &docJob{what: what, render: func() ([]docFile, error) {
			doc := surface.NewPDF(surface.PDFOptions{Title: title + " — " + docTitle, Creator: "muster " + content.MusterVersion})
			if err := render(doc); err != nil {
				return nil, err
			}
			var b bytes.Buffer
			if _, err := doc.WriteTo(&b); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			return []docFile{{name: name, title: menu, data: b.Bytes()}}, nil
		}}
	}
	var jobs []*docJob
	if !charts.Empty(x.pkg) {
		opt := charts.Options{Paper: paper, Title: title}
		jobs = append(jobs, &docJob{what: "charts", pages: true, render: func() ([]docFile, error) {
			var files []docFile
			// each page encoded as it is finished, drawn in the memory of the page before
			s := surface.NewPNG(surface.PNGOptions{DPI: chartDPI, Recycle: true, OnPage: func(i int, im *image.RGBA) error {
				data, enc, err := encodePNG(im)
				files = append(files, docFile{name: fmt.Sprintf("chart-%02d.png", i+1), data: data, enc: enc})
				return err
			}})
			if err := charts.Render(s, x.pkg, opt); err != nil {
				return nil, err
			}
			return files, s.Flush()
		}})
		jobs = append(jobs, pdf("docs/charts.pdf", "Charts and tables (PDF)", "charts", "charts", func(d *surface.PDF) error { return charts.Render(d, x.pkg, opt) }))
	}
	for _, sc := range x.pkg.Scenarios() {
		name := cmp.Or(sc.Name, sc.ID)
		jobs = append(jobs, pdf("docs/scenario-"+content.Stem(sc.ID, content.ExportStem)+".pdf", "Scenario: "+name, "scenario "+sc.ID, name,
			func(d *surface.PDF) error {
				return scenario.Render(d, x.pkg, sc, scenario.Options{Paper: paper, Title: title})
			}))
	}
	if roster.Wanted(x.pkg) {
		jobs = append(jobs, pdf("docs/rosters.pdf", "Army rosters (PDF)", "rosters", "rosters", func(d *surface.PDF) error {
			return roster.Render(d, x.pkg, roster.Options{Paper: paper, Title: title})
		}))
	}
	return jobs
}

func (x *exporter) buildAids() error {
	// Charts, scenario sheets and rosters, rendered beside the boards.
	for _, j := range x.docJobs {
		if j.err != nil {
			return x.printerError(j.err, "%s", j.what)
		}
		if j.pages {
			tw := buildfile.New(classTabWidget, "entryName", "Charts")
			for i, f := range j.files {
				x.stats.PNGEncode += f.enc
				x.stats.Images++
				if err := x.addFile("images/"+f.name, f.data); err != nil {
					return err
				}
				tw.Add(buildfile.New(classChart, "chartName", fmt.Sprintf("Page %d", i+1), "description", "", "fileName", f.name))
			}
			cw := buildfile.New(classChartWindow, "name", "Charts", "description", "the tables and tracks of charts.pdf",
				"text", "Charts", "tooltip", "Show the charts and tables", "icon", "", "hotkey", "")
			x.aids = append(x.aids, cw.Add(tw))
			continue
		}
		for _, f := range j.files {
			if err := x.addFile(f.name, f.data); err != nil {
				return err
			}
			x.docs = append(x.docs, doc{f.title, f.name})
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
	return x.turnTracker()
}

// paper is the package's paper (its print settings), else Letter: the pages of the charts and sheets.
func (x *exporter) paper() surface.Size {
	p := value.Letter
	if m := x.pkg.Manifest; m != nil && m.Print != nil && m.Print.Paper != nil && m.Print.Paper.Width > 0 && m.Print.Paper.Height > 0 {
		p = *m.Print.Paper
	}
	return surface.PaperSize(p)
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
func (x *exporter) turnTracker() error {
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
		list, err := seqenc.Encode(',', stepNames...)
		if err != nil { // a name ending with a backslash: validate's export-vassal.backslash
			return fmt.Errorf("vassal: the turn tracker's steps: %w", err)
		}
		turn.Add(buildfile.New(classListTurn, "name", "Phase", "property", "Phase", "turnFormat", "$value$",
			"list", list, "configList", "false", "configFirst", "false", "prompt", ""))
	}
	tt.Add(turn)
	x.aids = append(x.aids, tt)
	return nil
}
