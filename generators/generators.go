// Package generators is muster's seeded random content: it opens a package, runs a map or scenario
// generator on it (packages terrain, pointbuy and scenario do the work, package dice holds the seeding,
// content.WriteYAML writes the YAML in the examples' layout), and checks the result with the very pipeline a hand-written file goes through
// (validate.Load on the file placed in the package), so `muster generate` never hands out invalid content.
// Run is the whole of one `muster generate`, writing through package output.
package generators

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/scaffold"
	"github.com/muster-wargames/muster/generators/scenario"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

// Stage is a step of a generator run; a RunError says which one failed, so the command line can choose its
// exit code.
type Stage int

const (
	// Opening: the package does not load or has errors (Result.Diags holds them).
	Opening Stage = iota + 1
	// Generating: the settings cannot be met, or the generator failed.
	Generating
	// Verifying: the result does not validate (Result.Diags holds the problems), a bug in muster.
	Verifying
	// Writing: the file could not be written, or muster refused to overwrite it (output.RefusedError,
	// output.BusyError).
	Writing
)

// RunError is a generator run that failed at Stage.
type RunError struct {
	Stage Stage
	Err   error
}

func (e *RunError) Error() string { return e.Err.Error() }
func (e *RunError) Unwrap() error { return e.Err }

// Result is what a generator run made.
type Result struct {
	Data  []byte    // the YAML file, sealed (see package output)
	Diags diag.List // the package's diagnostics when Opening failed, the result's problems when Verifying did
}

// Run is one `muster generate`: it opens the package at pkgDir (refused when it has errors), generates q,
// checks the result in memory exactly as a hand-written file placed in the package is checked, and writes it
// to outPath through package output: over an existing file only when muster wrote it and nobody changed it
// since, or with force. With no outPath nothing is written, and the schema line is written as if the file
// lay at the top of the package folder.
func Run(q Request, pkgDir, outPath string, force bool) (Result, error) {
	if outPath != "" {
		if err := output.CheckFile(outPath, force, nil); err != nil {
			return Result{}, &RunError{Writing, err} // refused before any work
		}
	}
	g, ds, err := openFor(pkgDir, outPath)
	if err != nil {
		return Result{Diags: ds}, &RunError{Opening, err}
	}
	at := outPath
	if at == "" {
		at = filepath.Join(pkgDir, "generated.yaml")
	}
	var data []byte
	if q.Balanced && q.Kind == "scenario" {
		data, err = balanced(g, q, pkgDir, outPath)
	} else {
		data, err = Generate(g, q, pkgDir, SchemaPath(pkgDir, at))
	}
	if err != nil {
		return Result{}, &RunError{Generating, err}
	}
	problems, err := Verify(pkgDir, outPath, data)
	if err != nil {
		return Result{Data: data}, &RunError{Verifying, fmt.Errorf("cannot check the result: %w", err)}
	}
	if problems.HasErrors() {
		return Result{Data: data, Diags: problems}, &RunError{Verifying, fmt.Errorf("the generated %s does not validate, so nothing was written (please report this with the command line)", q.Kind)}
	}
	if outPath != "" {
		if err := output.WriteFile(outPath, data, output.FileOptions{Force: force}); err != nil {
			return Result{Data: data}, &RunError{Writing, err}
		}
	}
	return Result{Data: data}, nil
}

// Open loads a package through the whole pipeline and prepares it for generating. A package with errors is
// refused: generated content is only as valid as the game it is checked against.
func Open(dir string) (*scenario.Generator, diag.List, error) {
	r := validate.Load(dir)
	c, err := r.Checked()
	if err != nil {
		return nil, r.Diags, fmt.Errorf("%s: %v", dir, err)
	}
	g, err := scenario.New(c.Package())
	return g, r.Diags, err
}

// openFor is Open for a run that writes outPath: when the only errors of the package are in that file (a
// generated scenario of its own that went over budget after the units' costs changed), the package is
// opened without it, since the run replaces it; its errors would otherwise forbid the one run that fixes them.
func openFor(dir, outPath string) (*scenario.Generator, diag.List, error) {
	if outPath == "" || !content.Within(dir, outPath) {
		return Open(dir)
	}
	r := validate.Load(dir)
	if r.Diags.HasErrors() && onlyIn(r.Diags, outPath) {
		r = validate.LoadWith(dir, outPath, nil)
	}
	c, err := r.Checked()
	if err != nil {
		return nil, r.Diags, fmt.Errorf("%s: %v", dir, err)
	}
	g, err := scenario.New(c.Package())
	return g, r.Diags, err
}

// onlyIn reports whether every error of ds is in the file name.
func onlyIn(ds diag.List, name string) bool {
	abs, err := filepath.Abs(name)
	if err != nil {
		return false
	}
	for _, d := range ds {
		if d.Severity != diag.Error {
			continue
		}
		if a, err := filepath.Abs(d.Pos.File); err != nil || a != abs {
			return false
		}
	}
	return true
}

// Request is one `muster generate` run.
type Request struct {
	Kind      string // map or scenario
	Generator string
	Seed      int64
	Points    *value.Number
	// Balanced regenerates a scenario seed after seed, from Seed up, until every objective is within reach
	// of every side and each side's best turn-1 odds lie in the generator's bestOdds band (see CheckBalance).
	Balanced bool
	from     int64  // with Balanced, the seed the search began at (what the command line gave)
	kept     string // with Balanced, why the seed was kept: written in the scenario's generated: record
}

// Command is the command line that makes the same file again.
func (q Request) Command(pkgDir string) string {
	s := fmt.Sprintf("muster generate %s %s", q.Kind, pkgDir)
	if q.Generator != "" {
		s += " --generator " + q.Generator
	}
	seed := q.Seed
	if q.Balanced {
		seed = q.from
	}
	s += fmt.Sprintf(" --seed %d", seed)
	if q.Points != nil {
		s += " --points " + q.Points.String()
	}
	if q.Balanced {
		s += " --balanced"
	}
	return s
}

// Generate runs a request and writes its documents as one YAML file, with schemaPath on its first line.
func Generate(g *scenario.Generator, q Request, pkgDir, schemaPath string) (out []byte, err error) {
	defer func() {
		// A generator bug must not crash the CLI: it becomes an error naming the generator and seed, and nothing
		// is written.
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("generator %s failed on seed %d (a bug in muster; please report it with this command): %v", q.Generator, q.Seed, r)
		}
	}()
	opt := scenario.Options{Generator: q.Generator, Seed: q.Seed, Points: q.Points}
	var docs []content.Doc
	comments := []string{fmt.Sprintf("Generated by muster %s; to make it again: %s", content.MusterVersion, q.Command(filepath.ToSlash(pkgDir)))}
	switch q.Kind {
	case "map":
		m, err := g.Map(opt)
		if err != nil {
			return nil, err
		}
		docs = append(docs, m)
	case "scenario":
		out, err := g.Scenario(opt)
		if err != nil {
			return nil, err
		}
		if q.kept != "" && out.Scenario.Generated != nil {
			out.Scenario.Generated.Balanced = q.kept
		}
		docs = append(docs, out.Scenario)
		for _, f := range out.Forces {
			docs = append(docs, f)
		}
		if out.Map != nil {
			docs = append(docs, out.Map)
		}
	default:
		return nil, fmt.Errorf("muster generates a map or a scenario, not %q", q.Kind)
	}
	return File(schemaPath, comments, docs...)
}

// File joins documents into one YAML file, each written by content.WriteYAML: the schema line (schemaPath
// relative to the file), comment lines, muster's seal (a comment holding the hash of the file, so `muster
// generate -o` overwrites the file only while nobody has changed it: see package output), then the documents
// separated by `---`, each after the first starting with the schema line again, because yaml-language-server
// reads the schema line from each document's own header.
func File(schemaPath string, comments []string, docs ...content.Doc) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(scaffold.ModelinePrefix + schemaPath + "\n")
	for _, c := range comments {
		b.WriteString("# " + c + "\n")
	}
	b.WriteString("# " + output.Placeholder + " (muster overwrites this file only while it is unchanged)\n")
	for i, d := range docs {
		if i > 0 {
			b.WriteString("---\n" + scaffold.ModelinePrefix + schemaPath + "\n")
		}
		if err := content.WriteYAML(&b, d); err != nil {
			return nil, err
		}
	}
	return output.Seal(b.Bytes())
}

// SchemaPath is the path to write on the schema line of a file at outPath: the package's own schema (from the
// first line of its muster.yaml), made relative to the file's folder. Without one, it is the package's
// .muster/schemas/muster.schema.json, where `muster init` puts the schemas (and `muster schema export
// PKG/.muster/schemas` refreshes them).
func SchemaPath(pkgDir, outPath string) string {
	target := ""
	if f, err := os.Open(filepath.Join(pkgDir, content.ManifestFile)); err == nil {
		line, _ := bufio.NewReader(f).ReadString('\n')
		f.Close()
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), scaffold.ModelinePrefix); ok && p != "" && !strings.Contains(p, "://") {
			target = filepath.Join(pkgDir, filepath.FromSlash(p))
		}
	}
	if target == "" {
		target = filepath.Join(pkgDir, filepath.FromSlash(scaffold.SchemaFolder), schema.Top)
	}
	from, err1 := filepath.Abs(filepath.Dir(outPath))
	to, err2 := filepath.Abs(target)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(target)
	}
	rel, err := filepath.Rel(from, to)
	if err != nil {
		return filepath.ToSlash(to)
	}
	return filepath.ToSlash(rel)
}

// Verify checks generated content exactly as `muster validate FILE` would with the file at outPath, without
// writing anything: validate.LoadWith reads the data as that file, standing in for the file it will replace,
// so a file generated again over its earlier version is not counted twice. An outPath outside the package
// folder (or none) is read as a file at the top of the package folder, where a designer would put it. It
// returns every error (the package had none before, see Open, so the content caused them) and the warnings
// about the content itself.
func Verify(pkgDir, outPath string, data []byte) (diag.List, error) {
	name := filepath.Join(pkgDir, "generated-by-muster.yaml")
	if outPath != "" && content.Within(pkgDir, outPath) {
		name = outPath
	}
	r := validate.LoadWith(pkgDir, name, data)
	var out diag.List
	for _, d := range r.Diags {
		if d.Pos.File == name || d.Severity == diag.Error {
			out = append(out, d)
		}
	}
	return out, nil
}
