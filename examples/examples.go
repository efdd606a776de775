// Package examples holds the example packages as data, so that `muster init --from` can start a game from one
// on a machine that has only the muster binary. The packages themselves are the folders beside this file;
// they are also the showcase and the integration tests of muster.
package examples

import (
	"embed"
	"io/fs"
	"sort"
)

// The games and the mod, each a package folder. Hidden files (.muster/schemas) are left out: a copy gets
// the schemas of the muster that copies it.
//
//go:embed ancients fields-of-honor highest-ground highest-ground-barbarians prestags rampant
var packages embed.FS

// FS is the example packages, one folder each.
func FS() fs.FS { return packages }

// Names lists the example packages, sorted.
func Names() []string {
	ents, _ := fs.ReadDir(packages, ".")
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}
