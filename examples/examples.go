// Package examples holds the example packages as data, so that `muster init --from` can start a game from one
// on a machine that has only the muster binary. The packages themselves are the folders beside this file;
// they are also the showcase and the integration tests of muster.
package examples

import (
	"embed"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
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

// Packages lists, below root (the examples folder as seen from the caller), every example package that is a
// whole game the tests run over: the games and the mod beside this file, then the complete test packages in
// testdata (river-line, art, ...). A test package named broken-… holds deliberate errors and is left out.
// Each path is relative to root, in slash form, sorted within its group.
func Packages(root string) []string {
	var out []string
	for _, glob := range []string{"*/muster.yaml", "testdata/*/muster.yaml"} {
		ms, _ := fs.Glob(os.DirFS(root), glob)
		sort.Strings(ms)
		for _, m := range ms {
			dir := path.Dir(m)
			if !strings.HasPrefix(path.Base(dir), "broken") {
				out = append(out, dir)
			}
		}
	}
	return out
}
