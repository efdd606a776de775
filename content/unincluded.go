// Content files no include matches: a package lists its content by include globs, so a file the globs miss is
// silently not part of the game. Validation warns about each one (the unincluded check), naming it.

package content

import (
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// contentExts are the extensions of files that hold content documents.
var contentExts = map[string]bool{".yaml": true, ".yml": true, ".json": true}

// Include is the package's include globs (a spreadsheet include's file among them): its manifest's, or
// DefaultInclude.
func (p *Package) Include() []string {
	if p.Manifest != nil && len(p.Manifest.Include) > 0 {
		out := make([]string, len(p.Manifest.Include))
		for i, inc := range p.Manifest.Include {
			out[i] = inc.File
		}
		return out
	}
	return DefaultInclude
}

// Unincluded lists the content files (.yaml, .yml, .json) in the package's own folder that none of the
// include globs match, as slash-separated paths relative to the folder, sorted. The manifest, hidden files and
// folders (.muster, .git, .vscode), testdata and node_modules folders, and muster's own output (a folder
// holding a build record, files named like muster's staging files) are never content and are not listed; nor
// is anything behind a symbolic link.
func (p *Package) Unincluded(include []string) []string {
	if p.Dir == "" {
		return nil
	}
	root := realPath(p.Dir)
	var out []string
	_ = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := e.Name()
		if e.IsDir() {
			if path == root {
				return nil
			}
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, outputPrefix) || name == "testdata" || name == "node_modules" || isOutputFolder(path) {
				return filepath.SkipDir
			}
			return nil
		}
		if !e.Type().IsRegular() || strings.HasPrefix(name, ".") || strings.HasPrefix(name, outputPrefix) || !contentExts[strings.ToLower(filepath.Ext(name))] {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if rel == ManifestFile {
			return nil
		}
		for _, pat := range include {
			if matchGlob(filepath.ToSlash(pat), rel) {
				return nil
			}
		}
		out = append(out, rel)
		return nil
	})
	sort.Strings(out)
	return out
}
