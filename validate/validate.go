// Package validate is muster's one pipeline from files to a checked game: load the package (and its base, for
// a mod), check every document against its schema, decode the typed model, then run the engine checks. Each
// check is a small named unit with a doc line and a run function, like go/analysis analyzers, so the list of
// checks is the documentation of what muster enforces.
package validate

import (
	"sort"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/schema"
)

// Check is one named engine check.
type Check struct {
	Name string // stable id, used in `muster rules` and as the diagnostic code prefix
	Doc  string // one line: what it checks
	Run  func(*Pass)
}

// Pass is what a check sees: the decoded package, and a place to report.
type Pass struct {
	Pkg   *content.Package
	Check *Check
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

// Checks is every built-in check, in the order they run.
func Checks() []*Check {
	out := []*Check{manifestCheck, statsCheck, referencesCheck}
	out = append(out, extraChecks...)
	return out
}

// extraChecks are registered by the files that define them (grids, rules, ...), keeping this list in one place.
var extraChecks []*Check

// Result is the outcome of loading and checking a package.
type Result struct {
	Pkg   *content.Package
	Diags diag.List
	// Broken are documents that failed their schema and were left out of the typed model.
	Broken map[*content.Document]bool
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

func check(pkg *content.Package, ds diag.List) Result {
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
	for _, c := range Checks() {
		pass := &Pass{Pkg: pkg, Check: c, diags: &r.Diags}
		c.Run(pass)
	}
	applyExpected(pkg, &r.Diags)
	r.Diags.Sort()
	return r
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
