// Package layers is muster's architecture as data: the folders of the module, bottom to top, and the rule
// that no import runs upward. Its test reads every package's imports with `go list` and fails on one that
// does, so the layers a newcomer sees in the folder names are the layers the code keeps.
package layers

import "strings"

// Module is the module path every package's import path begins with.
const Module = "github.com/muster-wargames/muster"

// Layers are the top-level folders, bottom to top. A package may import packages of its own folder and of the
// layers below its own; folders of one layer are peers and import none of each other.
var Layers = [][]string{
	{"internal"},                  // tools with no domain (the worker pool, tests' set-up helpers, the fuzz targets' bound), which every layer may use
	{"content", "examples"},       // the typed model, loader, rules engine, grids, diagnostics; the example data
	{"schema", "print", "output"}, // JSON Schemas; planning and drawing on one surface; the output folder's transaction
	{"validate"},                  // every check, one ordered list; it reads the plan, never an exporter
	{"export", "generators"},      // digital play; seeded generators and `muster init`'s scaffold
	{"build", "serve"},            // the pipeline `muster build` runs; the live preview
	{"cmd", "docs", "tools"},      // the command line: flags, a call, rendering; the docs' own tests; the release build
}

// Of is the layer (its index in Layers) and the top-level folder of a package's import path; ok is false for a
// path outside the module or in a folder Layers does not name.
func Of(importPath string) (layer int, folder string, ok bool) {
	rest, found := strings.CutPrefix(importPath, Module+"/")
	if !found {
		return 0, "", false
	}
	folder, _, _ = strings.Cut(rest, "/")
	for i, l := range Layers {
		for _, f := range l {
			if f == folder {
				return i, folder, true
			}
		}
	}
	return 0, folder, false
}

// Allowed reports whether the package from may import the package to (both import paths of the module).
func Allowed(from, to string) bool {
	lf, ff, ok1 := Of(from)
	lt, ft, ok2 := Of(to)
	if !ok1 || !ok2 {
		return false
	}
	return ff == ft || lt < lf
}
