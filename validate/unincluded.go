package validate

import (
	"path/filepath"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
)

// The unincluded check: a content file the manifest's include globs miss is not part of the game, and
// nothing else would say so.
var unincludedCheck = &Check{
	Name:  "unincluded",
	Stage: StageCheck,
	Doc: "every content file in the package folder is included\n\n" +
		"A .yaml, .yml or .json file in the package folder that no include glob of the manifest matches is a " +
		"warning naming it, so a forgotten file is never silently left out. Hidden folders (.muster), testdata, " +
		"node_modules and muster's own output folders (a build's record inside) are never content.",
	Package: func(p *Pass) {
		if p.Pkg.Manifest == nil {
			return
		}
		include := p.Pkg.Include()
		pos := p.Pkg.Manifest.Doc.Pos()
		if len(p.Pkg.Manifest.Include) > 0 {
			pos = p.Pkg.Manifest.Doc.PosOf("/include")
		}
		for _, f := range p.Pkg.Unincluded(include) {
			d := p.Warnf(diag.Pos{File: filepath.Join(p.Pkg.Dir, filepath.FromSlash(f))}, "", "content file %s is in the package folder, but no include matches it: muster does not read it", f)
			d.Hint = "add it to the manifest's include (or a glob that matches it: " + suggestGlob(f) + "), or move it out of the package"
			d.Related = append(d.Related, diag.Related{Pos: pos, Message: "the include globs: " + strings.Join(include, ", ")})
		}
	},
}

// suggestGlob is an include glob that matches a file and its neighbours: "units/*.yaml".
func suggestGlob(f string) string {
	dir, ext := filepath.ToSlash(filepath.Dir(f)), filepath.Ext(f)
	if dir == "." {
		return "*" + ext
	}
	return dir + "/*" + ext
}
