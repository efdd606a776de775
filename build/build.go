// Package build turns a validated game package into its printed outputs (counter sheets, maps, charts,
// scenario sheets and rosters), each a named output that writes files into an in-memory set, each file
// tagged with the output that made it. Package output then commits the set to the output folder as one
// transaction, so building never leaves half a file behind.
package build

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/drawn"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/profile"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// Options are the command line's choices for a build (see plan.Options).
type Options = plan.Options

// Job is one build: the package, the settled options and the files written so far.
type Job struct {
	Pkg      *content.Package
	Settings plan.Settings
	Opt      Options
	files    []output.File
	seen     map[string]bool
	notes    []string
	output   string // the output running now, which owns the files it adds
	checked  *validate.Checked
	// boardImages, when the build writes the VASSAL module and the Tabletop Simulator set, are the boards
	// they share (see Job.drawn); nil otherwise.
	boardImages *drawn.Cache
}

// Add records an output file of the output being run. Paths must be relative, clean and unique.
func (j *Job) Add(p string, data []byte) error {
	if p == "" || path.IsAbs(p) || path.Clean(p) != p || strings.HasPrefix(p, "../") || p == ".." || strings.Contains(p, "\\") {
		return fmt.Errorf("build: bad output path %q", p)
	}
	if j.seen[p] {
		return fmt.Errorf("build: two outputs write %s", p)
	}
	j.seen[p] = true
	j.files = append(j.files, output.File{Path: p, Output: j.output, Data: data})
	return nil
}

// Notef records a line for the build summary.
func (j *Job) Notef(format string, args ...any) {
	j.notes = append(j.notes, fmt.Sprintf(format, args...))
}

// Output is one named thing `muster build` can make.
type Output struct {
	Name string
	Doc  string
	Run  func(*Job) error
	// OnRequest outputs (the digital-play exports) are built only when --only names them, or all.
	OnRequest bool
}

// All is the --only name that builds every output, those built on request too.
const All = "all"

// Outputs lists every output in the order they are built; `--only` picks from these names.
func Outputs() []Output {
	return []Output{
		{Name: "counters", Doc: "counter sheets: counters.pdf, and counters-cut-NN.svg for a cutting plotter when they hold hexagonal or round counters (with --png: a PNG per counter face, a contact sheet of every design and a PNG per page)", Run: buildCounters},
		{Name: "labels", Doc: "labels.pdf: every block's label, each step along an edge, on sheets of self-adhesive label paper with the label's bleed and cut lines (with --png: a PNG per label and per page); nothing for a package without blocks", Run: buildLabels},
		{Name: "cards", Doc: "cards.pdf: every card of every deck at its true size, fronts and backs in register for duplex or folding, with crop marks (with --png: a PNG per card front, per deck back and per page)", Run: buildCards},
		{Name: "maps", Doc: "maps to scale: maps/<map id>.pdf per map or board, maps/<scenario id>.pdf per composed map set, tiled with overlap or on one large page (with --png: a PNG per page)", Run: buildMaps},
		{Name: "charts", Doc: "charts.pdf: every table as text with its sources, and each scenario's turn record and victory point record (with --png: a PNG per page)", Run: buildCharts},
		{Name: "scenarios", Doc: "scenarios/<id>.pdf: a scenario sheet per scenario (with --png: a PNG per page)", Run: buildScenarios},
		{Name: "rosters", Doc: "rosters.pdf: army rosters of point-buy forces, declared and computed totals (with --png: a PNG per page)", Run: buildRosters},
		{Name: "vassal", Doc: "<package id>.vmod: a VASSAL module, as muster export vassal writes it (on request)", Run: buildVassal, OnRequest: true},
		{Name: "tts", Doc: "tts/: a Tabletop Simulator set, as muster export tts writes it (on request)", Run: buildTTS, OnRequest: true},
	}
}

// OutputNames lists the names of the outputs.
func OutputNames() []string {
	var out []string
	for _, o := range Outputs() {
		out = append(out, o.Name)
	}
	return out
}

// Selectable lists what --only takes: every output's name, and All.
func Selectable() []string { return append(OutputNames(), All) }

// Result is what a build made.
type Result struct {
	Outputs []string      // names of the outputs built
	Files   []output.File // sorted by path; each tagged with the output that made it
	Notes   []string      // one line each, for the summary
}

// Run builds the outputs named in only (all when empty) from a package that has passed validation (the only
// way to hold a *validate.Checked). When it
// fails, the error is an *Error: the problems as diagnostics, each at the content that causes it where one
// does, for the command line to render in the user's --format.
func Run(c *validate.Checked, opt Options, only []string) (*Result, error) {
	if c == nil || c.Package() == nil {
		return nil, &Error{Diags: diag.List{{Severity: diag.Error, Code: CodeInternal, Message: "build: no package"}}}
	}
	return runChecked(c, c.Package(), opt, only)
}

// runPackage builds a package whatever it holds: Run's work, and the tests' way to show that the printers
// refuse on their own what validate would have refused. The digital outputs, which take only a checked
// package, fail.
func runPackage(pkg *content.Package, opt Options, only []string) (*Result, error) {
	return runChecked(nil, pkg, opt, only)
}

func runChecked(c *validate.Checked, pkg *content.Package, opt Options, only []string) (*Result, error) {
	set, err := plan.Settle(pkg, opt)
	if err != nil {
		return nil, failure("", err, diag.Pos{})
	}
	// The package's fonts, read and parsed once for the whole build (every output asks fonts.Of): a font that
	// cannot be loaded, or a font name that names none, stops it before a page is drawn in the wrong face.
	if ps := fonts.Of(pkg).Problems; ps.HasErrors() {
		return nil, &Error{Diags: ps}
	}
	// A print service's preflight, the same validate --profile runs: nothing is printed for a service that
	// would refuse it.
	if ds := plan.Preflight(pkg, set); ds.HasErrors() {
		return nil, &Error{Diags: ds}
	}
	want := map[string]bool{}
	for _, n := range only {
		found := n == All
		for _, o := range Outputs() {
			if o.Name == n {
				found = true
			}
		}
		if !found {
			return nil, &Error{Diags: diag.List{{Severity: diag.Error, Code: CodeOptions,
				Message: fmt.Sprintf("unknown output %q: choose from %s", n, strings.Join(Selectable(), ", "))}}}
		}
		want[n] = true
	}
	both := want[All] || want["vassal"] && want["tts"]
	var cache *drawn.Cache
	if both {
		cache = &drawn.Cache{}
	}
	// The outputs run at once on the pool's workers (package parallel; the maps' own pages inside), each
	// into a job of its own, and are gathered in their order: the files, notes and first failure are those
	// of one output after another. The VASSAL module and the TTS set run in one job, the module first, so
	// that the boards they share are drawn by the one and handed to the other as a sequential build does.
	var runs [][]Output
	for _, o := range Outputs() {
		switch {
		case want[All] || want[o.Name]:
		case len(want) == 0 && !o.OnRequest:
		default:
			continue
		}
		if o.Name == "tts" && len(runs) > 0 && runs[len(runs)-1][0].Name == "vassal" {
			runs[len(runs)-1] = append(runs[len(runs)-1], o)
			continue
		}
		runs = append(runs, []Output{o})
	}
	jobs := make([][]*Job, len(runs))
	errs := make([][]error, len(runs))
	parallel.Each(len(runs), func(i int) error {
		for _, o := range runs[i] {
			oj := &Job{Pkg: pkg, Settings: set, Opt: opt, seen: map[string]bool{}, checked: c, boardImages: cache, output: o.Name}
			err := runSafely(o, oj)
			jobs[i], errs[i] = append(jobs[i], oj), append(errs[i], err)
			if err != nil {
				break
			}
		}
		return nil
	})
	res := &Result{}
	seen := map[string]bool{}
	for i, r := range runs {
		for k, oj := range jobs[i] {
			if err := errs[i][k]; err != nil {
				return nil, failure(r[k].Name, err, diag.Pos{File: pkg.Dir})
			}
			for _, f := range oj.files {
				if seen[f.Path] {
					return nil, failure(r[k].Name, fmt.Errorf("build: two outputs write %s", f.Path), diag.Pos{File: pkg.Dir})
				}
				seen[f.Path] = true
			}
			res.Files = append(res.Files, oj.files...)
			res.Notes = append(res.Notes, oj.notes...)
			res.Outputs = append(res.Outputs, r[k].Name)
		}
	}
	sort.Slice(res.Files, func(a, b int) bool { return res.Files[a].Path < res.Files[b].Path })
	return res, nil
}

// runSafely runs one output; a panic in a printer (a bug) becomes an error, so a build never crashes and
// never writes half its files.
func runSafely(o Output, j *Job) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Output: o.Name, Diags: diag.List{{Severity: diag.Error, Code: CodeInternal, Pos: diag.Pos{File: j.Pkg.Dir},
				Message: fmt.Sprintf("printing failed (a bug in muster; please report it with the package): %v", r)}}}
		}
	}()
	return o.Run(j)
}

// pdfOptions are the document properties of every PDF a build writes; no PDF has more than content.MaxPages
// pages.
func pdfOptions(pkg *content.Package, what string) surface.PDFOptions {
	title := pkg.ID
	if pkg.Manifest != nil && pkg.Manifest.Name != "" {
		title = pkg.Manifest.Name
	}
	return surface.PDFOptions{Title: title + " — " + what, Creator: "muster " + content.MusterVersion, MaxPages: content.MaxPages}
}

// pdfOptions are pdfOptions of the job's package, with what its print-service profile asks of every PDF: a
// TrimBox and a BleedBox on every page, and for a PDF/X-style profile the sRGB output intent.
func (j *Job) pdfOptions(what string) surface.PDFOptions {
	o := pdfOptions(j.Pkg, what)
	if p := j.Settings.Profile; p != nil {
		o.PageBoxes = true
		if p.Flavour == profile.PDFX {
			o.OutputIntent = &surface.OutputIntent{Condition: "sRGB IEC61966-2.1", Info: "sRGB IEC61966-2.1", ICC: profile.SRGB()}
		}
	}
	return o
}

// pdfBytes finishes a PDF, refusing one that printed text with characters its font cannot draw.
func pdfBytes(pkg *content.Package, p *surface.PDF) ([]byte, error) {
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		return nil, err
	}
	if err := unprintable(pkg, p.Unprintable()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
