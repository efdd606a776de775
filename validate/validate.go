// Package validate is muster's one pipeline from files to a checked game: load the package (and its base, for
// a mod), check every document against its schema, decode the typed model, then run the engine checks. Every
// check and every family of diagnostic codes is one entry of one ordered list (checks.go), with a name, a doc,
// what it needs and where it applies, like go/analysis analyzers, so the list is the documentation of what
// muster enforces: `muster rules`, `muster validate`, `muster test` and SARIF's rule table all read it.
package validate

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/schema"
)

// Check is one entry of the list: an engine check, or a family of diagnostic codes reported by another stage
// (loading, the schema layer, decoding, fixtures), which has no run functions.
//
// A check runs in up to three ways, each optional: Package once for the whole package (documents, maps, the
// System), Force once per force, and Scenario once per scenario. The Force and Scenario functions are what
// make a check apply to a content test's force or scenario: `muster test` runs exactly those, so a new check
// that looks at forces is run on fixtures with no other change.
type Check struct {
	Name string // stable id: the diagnostic code prefix (`stacking.limit`), the SARIF rule id
	// Doc is a one-line title, then a blank line and the detail (like a Go doc comment).
	Doc   string
	Stage Stage
	// Requires are the shared results the check reads (Get); each is computed once per run.
	Requires []Requirement
	// Applies reports whether the check has anything to look at in a package (`muster rules PKG` lists only
	// those); nil means it always applies.
	Applies  func(*content.Package) bool
	Package  func(*Pass)
	Force    func(*Pass, *content.Force)
	Scenario func(*Pass, *content.Scenario)
	// Inputs, for a costly Scenario function, is everything that function reads of the package, as a key
	// (memo.go): a run with a Memo reuses the findings of the last run whose key for the scenario was the
	// same, instead of running it again. "" means not known: the function runs.
	Inputs func(*Pass, *content.Scenario) string
}

// Stage says which part of the pipeline reports a check's diagnostics.
type Stage int

const (
	StageLoad     Stage = iota + 1 // reading files, the manifest, includes and mods (io, syntax, package, id, override)
	StageSchema                    // the JSON Schema of each kind
	StageDecode                    // typing values into the model
	StageCheck                     // the engine checks
	StageFixtures                  // content tests
	StageOutput                    // writing files (output folders, generated files)
	StageBuild                     // the printers, when they refuse what validate could not know (the command line's choices)
	StageExport                    // exporting to digital play, and checking modules
)

func (s Stage) String() string {
	switch s {
	case StageLoad:
		return "load"
	case StageSchema:
		return "schema"
	case StageDecode:
		return "decode"
	case StageCheck:
		return "check"
	case StageFixtures:
		return "fixtures"
	case StageOutput:
		return "output"
	case StageBuild:
		return "build"
	case StageExport:
		return "export"
	}
	return "invalid"
}

// Title is the first line of the check's doc.
func (c *Check) Title() string {
	t, _, _ := strings.Cut(c.Doc, "\n")
	return t
}

// Detail is the doc after the title.
func (c *Check) Detail() string {
	_, d, _ := strings.Cut(c.Doc, "\n")
	return strings.TrimSpace(d)
}

// Runs reports whether the check has run functions (it is a check, not a code family).
func (c *Check) Runs() bool { return c.Package != nil || c.Force != nil || c.Scenario != nil }

// Checks is every entry of the list, in the order the checks run.
func Checks() []*Check { return checks }

// CheckNamed is the entry of a name, or nil.
func CheckNamed(name string) *Check {
	for _, c := range checks {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// CheckOf is the entry a diagnostic code belongs to (`stacking.limit` → stacking), or nil.
func CheckOf(code string) *Check {
	for code != "" {
		if c := CheckNamed(code); c != nil {
			return c
		}
		i := strings.LastIndexByte(code, '.')
		if i < 0 {
			break
		}
		code = code[:i]
	}
	return nil
}

// ------------------------------------------------------------------------------------------------ results

// Requirement is a result checks share, computed once per run: the rules engine, the map sets.
type Requirement interface {
	requirementName() string
	compute(*run) any
}

// Shared is a result of type T that checks share. Declare it in a check's Requires and read it with Get.
type Shared[T any] struct {
	Name string
	Doc  string
	make func(*run) T
}

func (r *Shared[T]) requirementName() string { return r.Name }
func (r *Shared[T]) compute(x *run) any      { return r.make(x) }

// Get returns a result the pass's check declared in its Requires. Reading one it did not declare is a bug in
// the check, caught by the first test that runs it.
func Get[T any](p *Pass, r *Shared[T]) T {
	declared := false
	for _, q := range p.Check.Requires {
		declared = declared || q == Requirement(r)
	}
	if !declared {
		panic(fmt.Sprintf("check %s reads %s without declaring it in Requires", p.Check.Name, r.Name))
	}
	return p.run.result(r).(T)
}

// Engine is the package's rules engine: compiled formulas, prices, groups and declared-rule evaluation (with
// a fixture's force in place of the package's force of the same id).
var Engine = &Shared[*rules.Engine]{
	Name: "engine",
	Doc:  "the rules engine: the System's formulas compiled, unit types, forces and sides priced",
	make: func(x *run) *rules.Engine {
		var replace []*content.Force
		for _, id := range slices.Sorted(maps.Keys(x.forces)) {
			replace = append(replace, x.forces[id])
		}
		return rules.New(x.pkg, replace...)
	},
}

// MapSets gives each scenario's map set (its maps or boards composed, built once per package).
var MapSets = &Shared[func(*content.Scenario) (*content.MapSet, diag.List)]{
	Name: "mapsets",
	Doc:  "each scenario's map set: its map, or its boards composed as the scenario places them",
	make: func(x *run) func(*content.Scenario) (*content.MapSet, diag.List) { return x.pkg.MapSet },
}

// run is one pass of the checks over a package: the shared results and the forces a fixture replaces.
type run struct {
	list    []*Check // the check list (checks), for checks that name other checks (fixture-refs)
	pkg     *content.Package
	forces  map[string]*content.Force // fixture forces replacing the package's, by id
	results map[Requirement]any
	opt     Options // what the command line asks the package to be checked for (validate --profile)
	memo    *Memo   // the findings of the last run, for checks that say their inputs; nil for none
}

func newRun(pkg *content.Package, forces ...*content.Force) *run {
	r := &run{list: checks, pkg: pkg, forces: map[string]*content.Force{}, results: map[Requirement]any{}}
	for _, f := range forces {
		r.forces[f.ID] = f
	}
	return r
}

func (x *run) result(r Requirement) any {
	if v, ok := x.results[r]; ok {
		return v
	}
	v := r.compute(x)
	x.results[r] = v
	return v
}

// finish reports what the shared results found while the checks ran: formula run time errors.
func (x *run) finish(ds *diag.List) {
	if e, ok := x.results[Engine].(*rules.Engine); ok {
		ds.Extend(e.TakeRuntimeDiags())
	}
}

// ------------------------------------------------------------------------------------------------ passes

// Pass is what a check sees: the decoded package, its shared results, and a place to report.
type Pass struct {
	Pkg   *content.Package
	Check *Check
	run   *run
	diags *diag.List
}

// Report adds a diagnostic.
func (p *Pass) Report(d diag.Diagnostic) { p.diags.Add(d) }

// Errorf reports an error; code is appended to the check's name (`references.unknown`).
func (p *Pass) Errorf(pos diag.Pos, code, format string, args ...any) *diag.Diagnostic {
	return p.diags.Errorf(pos, p.code(code), format, args...)
}

// Warnf reports a warning.
func (p *Pass) Warnf(pos diag.Pos, code, format string, args ...any) *diag.Diagnostic {
	return p.diags.Warnf(pos, p.code(code), format, args...)
}

func (p *Pass) code(c string) string {
	if c == "" {
		return p.Check.Name
	}
	return p.Check.Name + "." + c
}

// LookupForce is the force of an id in this run: a fixture's force in place of the package's.
func (p *Pass) LookupForce(id string) *content.Force {
	if f, ok := p.run.forces[id]; ok {
		return f
	}
	return p.Pkg.Force(id)
}

// SideForces are the forces a side fields in this run, in the order it names them.
func (p *Pass) SideForces(s *content.Side) []*content.Force {
	var out []*content.Force
	for _, id := range s.ForceIDs() {
		if f := p.LookupForce(id); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// runCheck runs one function of a check; a panic (a bug in a check, never the content's fault) becomes an
// error diagnostic naming the check, so one broken check never stops the others.
func runCheck(c *Check, x *run, ds *diag.List, f func(*Pass)) {
	p := &Pass{Pkg: x.pkg, Check: c, run: x, diags: ds}
	defer func() {
		if r := recover(); r != nil {
			ds.Errorf(diag.Pos{File: x.pkg.Dir}, "internal."+c.Name, "check %s failed (a bug in muster; please report it): %v", c.Name, r)
		}
	}()
	f(p)
}

// runAll runs every check's every function on the package.
func runAll(x *run, ds *diag.List) {
	for _, c := range checks {
		if c.Package != nil {
			runCheck(c, x, ds, c.Package)
		}
		if c.Force != nil {
			for _, f := range x.pkg.Forces() {
				runCheck(c, x, ds, func(p *Pass) { c.Force(p, f) })
			}
		}
		if c.Scenario != nil {
			for _, sc := range x.pkg.Scenarios() {
				x.memo.run(c, x, ds, sc)
			}
		}
	}
	x.memo.done()
	x.finish(ds)
}

// forceChecks runs every check's Force function on one force.
func forceChecks(x *run, ds *diag.List, f *content.Force) {
	for _, c := range checks {
		if c.Force != nil {
			runCheck(c, x, ds, func(p *Pass) { c.Force(p, f) })
		}
	}
}

// scenarioChecks runs every check's Scenario function on one scenario.
func scenarioChecks(x *run, ds *diag.List, sc *content.Scenario) {
	for _, c := range checks {
		if c.Scenario != nil {
			runCheck(c, x, ds, func(p *Pass) { c.Scenario(p, sc) })
		}
	}
}

// -------------------------------------------------------------------------------------------- the pipeline

// Result is the outcome of loading and checking a package.
type Result struct {
	Pkg   *content.Package
	Diags diag.List
	// Broken are documents that failed their schema and were left out of the typed model.
	Broken map[*content.Document]bool

	checked bool // every check ran (a Result made by Load or LoadWith, not by hand)
}

// Load runs the whole pipeline on a package folder or a content file. The package is returned (possibly
// partial) even when there are errors; Diags is sorted.
func Load(path string) Result {
	pkg, ds := content.Load(path)
	return check(pkg, ds)
}

// LoadWith runs the whole pipeline on the package in dir plus content that is not on disk (see
// content.LoadWith): a generator's output is checked exactly as the file would be, before it is written.
func LoadWith(dir, name string, data []byte) Result {
	pkg, ds := content.LoadWith(dir, name, data)
	return check(pkg, ds)
}

// LoadWithout runs the whole pipeline on the package in dir without the documents of some of its files (see
// content.LoadWithout).
func LoadWithout(dir string, files []string) Result {
	pkg, ds := content.LoadWithout(dir, files)
	return check(pkg, ds)
}

func check(pkg *content.Package, ds diag.List) Result { return checkFor(pkg, ds, Options{}, nil) }

// checkFor runs every check with the command line's options, reusing memo's findings where a check's inputs
// are unchanged (memo nil: none).
func checkFor(pkg *content.Package, ds diag.List, opt Options, memo *Memo) Result {
	r := Result{Pkg: pkg, Diags: ds}
	if pkg == nil {
		r.Diags.Sort()
		return r
	}
	sd, broken := schema.Check(pkg.Docs)
	r.Diags.Extend(sd)
	r.Broken = broken
	// Every document is decoded, even one that failed its schema, so that its other problems are reported
	// too; decode errors of a broken document would only repeat what the schema said, so they are dropped.
	r.Diags.Extend(pkg.Decode(func(d *content.Document) bool { return broken[d] }))
	x := newRun(pkg)
	x.opt = opt
	x.memo = memo
	runAll(x, &r.Diags)
	applyExpected(pkg, &r.Diags)
	noteNewChecks(pkg, &r.Diags)
	r.Diags.Sort()
	r.Diags = unparsedFirst(r.Diags)
	r.checked = true
	return r
}

// unparsedFirst puts the files that could not be read at all first: a file that does not parse (syntax) or a
// spreadsheet whose rows cannot be read (csv) leaves documents out of the package, and the checks then report
// what is missing — a System with no stats, forces that name nothing — in a cascade that hides the cause (one
// unescaped quote gave 266 errors). Their diagnostics come first; what the engine checks found is left out,
// and a note on the first says how much, since it may follow only from the files that are missing. Loading,
// schema and decoding diagnostics stay: they are each file's own.
func unparsedFirst(ds diag.List) diag.List {
	var first, rest diag.List
	dropped := 0
	for _, d := range ds {
		c := CheckOf(d.Code)
		switch {
		case unreadable(d):
			first = append(first, d)
		case c != nil && c.Stage >= StageCheck && d.Severity != diag.Info:
			dropped++
			rest = append(rest, d)
		default:
			rest = append(rest, d)
		}
	}
	if len(first) == 0 {
		return ds
	}
	kept := rest[:0]
	for _, d := range rest {
		if c := CheckOf(d.Code); c != nil && c.Stage >= StageCheck && d.Severity != diag.Info {
			continue
		}
		kept = append(kept, d)
	}
	if dropped > 0 {
		files := map[string]bool{}
		for _, d := range first {
			files[d.Pos.File] = true
		}
		note := diag.Diagnostic{Severity: diag.Info, Code: "syntax.suppressed", Pos: first[0].Pos,
			Message: fmt.Sprintf("%s the checks found %s not shown: with %s unread they may follow only from what is missing; fix %s and validate again",
				english.Count(dropped, "problem"), map[bool]string{true: "is", false: "are"}[dropped == 1], english.Count(len(files), "file"), map[bool]string{true: "it", false: "them"}[len(files) == 1])}
		first = append(first, note)
	}
	return append(first, kept...)
}

// unreadable reports a diagnostic that says a file could not be read into documents at all.
func unreadable(d diag.Diagnostic) bool {
	if d.Severity != diag.Error {
		return false
	}
	for _, code := range []string{"syntax", "csv.syntax", "csv.ragged", "csv.header", "csv.too-large"} {
		if d.Code == code || strings.HasPrefix(d.Code, code+".") {
			return true
		}
	}
	return false
}

// SchemaOnly runs loading and the schema layer alone (for benchmarks and editors' quick checks).
func SchemaOnly(path string) Result {
	pkg, ds := content.Load(path)
	r := Result{Pkg: pkg, Diags: ds}
	if pkg != nil {
		sd, broken := schema.Check(pkg.Docs)
		r.Diags.Extend(sd)
		r.Broken = broken
	}
	r.Diags.Sort()
	return r
}

// Checked is a package that passed validation: it loaded and no check found an error. Printers, exporters
// and generators take one, so nothing is ever built from a package that has not been checked.
type Checked struct {
	pkg   *content.Package
	diags diag.List
}

// Package is the checked package.
func (c *Checked) Package() *content.Package { return c.pkg }

// Diags are the warnings the package still carries.
func (c *Checked) Diags() diag.List { return c.diags }

// Checked returns the package as checked when it loaded with no error, or an error saying how many there are.
// Only a Result of the whole pipeline (Load, LoadWith) gives one: a Result made by hand, or by SchemaOnly, has
// not been through the checks.
func (r Result) Checked() (*Checked, error) {
	if r.Pkg == nil {
		return nil, fmt.Errorf("the package could not be loaded")
	}
	if !r.checked {
		return nil, fmt.Errorf("the package has not been through every check (validate.Load does that)")
	}
	if n := r.Diags.Count(diag.Error); n > 0 {
		return nil, fmt.Errorf("the package has %s: fix them first (muster validate lists them)", english.Count(n, "error"))
	}
	return &Checked{pkg: r.Pkg, diags: r.Diags}, nil
}

// applyExpected marks warnings the package declares it expects (published data that contradicts itself) as
// expected, so they stay visible but are told apart from new ones; an expected warning that no longer occurs
// is itself reported, so the list does not rot.
func applyExpected(pkg *content.Package, ds *diag.List) {
	if pkg.Manifest == nil || len(pkg.Manifest.ExpectWarnings) == 0 {
		return
	}
	used := make([]bool, len(pkg.Manifest.ExpectWarnings))
	for i := range *ds {
		d := &(*ds)[i]
		if d.Severity != diag.Warning {
			continue
		}
		for j, e := range pkg.Manifest.ExpectWarnings {
			if matchExpected(e, *d) {
				used[j] = true
				d.Expected = true
				d.Related = append(d.Related, diag.Related{Pos: e.At, Message: diag.ExpectedNote + e.Why})
			}
		}
	}
	var stale []int
	for j, u := range used {
		if !u {
			stale = append(stale, j)
		}
	}
	sort.Ints(stale)
	for _, j := range stale {
		e := pkg.Manifest.ExpectWarnings[j]
		ds.Warnf(e.At, "manifest.stale-expectation", "expected warning %s does not occur any more; remove it from expectWarnings", e.Code)
	}
}

// shareAny reports whether two lists of ids (classes) have one in common.
func shareAny(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}
