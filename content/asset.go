package content

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
)

// Limits on files that content names (a counter's image, a System symbol's image).
const (
	MaxAssetBytes  = 32 << 20 // bytes read from one file; the read itself stops here, whatever the size on disk says
	MaxImagePixels = 64 << 20 // width × height of one image, so decoding it cannot take gigabytes
)

// AssetDir is the folder that a file named by the value at ptr of doc (an `image:`) is relative to: the
// folder of the package that wrote that value. A mod's own documents resolve in the mod's folder; what a mod
// inherits from its base — a base document, or the base's values inside a document the mod merges — resolves
// in the base's folder.
func (p *Package) AssetDir(doc *Document, ptr string) string {
	if p == nil {
		return "."
	}
	if doc == nil {
		return p.Dir
	}
	file := doc.File
	if n := doc.Node(ptr); n != nil {
		file = doc.fileOf(n)
	}
	for q := p; q != nil; q = q.Base {
		for _, d := range q.own {
			if d.File == file {
				return q.Dir
			}
		}
	}
	for q := p; q != nil; q = q.Base {
		if q.ID == doc.Package {
			return q.Dir
		}
	}
	return p.Dir
}

// ResolveAsset is the path of a file named by the value at ptr of doc, inside the folder AssetDir gives, with
// its symbolic links resolved (so what is read is what was checked). It
// refuses (with ErrOutside) an absolute path, a path that climbs out of the folder with `..`, and a symbolic
// link on the way that leads out of it; a file that does not exist is an error that satisfies
// errors.Is(err, fs.ErrNotExist).
func (p *Package) ResolveAsset(doc *Document, ptr, file string) (string, error) {
	if strings.TrimSpace(file) == "" {
		return "", fmt.Errorf("no file named")
	}
	dir := p.AssetDir(doc, ptr)
	name := filepath.FromSlash(file)
	if filepath.IsAbs(name) || filepath.VolumeName(name) != "" || strings.HasPrefix(file, "/") || strings.HasPrefix(file, `\`) {
		return "", fmt.Errorf("%w: an absolute path; name the file relative to the package folder (%s)", ErrOutside, dir)
	}
	clean := filepath.Clean(name)
	if clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%w: the path climbs out of %s through a .. step", ErrOutside, dir)
	}
	full := filepath.Join(dir, clean)
	if _, err := os.Lstat(full); errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%w in %s", fs.ErrNotExist, dir)
	} else if err != nil {
		return "", unwrapPathErr(err)
	}
	target, err := filepath.EvalSymlinks(full)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%w: a symbolic link to nothing", fs.ErrNotExist)
	} else if err != nil {
		return "", unwrapPathErr(err)
	}
	if !Within(realPath(dir), realPath(target)) {
		return "", fmt.Errorf("%w: a symbolic link to %s", ErrOutside, target)
	}
	return target, nil
}

// ReadAsset reads a file named by the value at ptr of doc (an image), resolved by ResolveAsset. Only a
// regular file is read (a named pipe or a device is refused before a byte is read: ErrNotRegular), and at
// most MaxAssetBytes of it (ErrTooLarge), counted as it is read.
func (p *Package) ReadAsset(doc *Document, ptr, file string) ([]byte, error) {
	return p.readAsset(doc, ptr, file, MaxAssetBytes)
}

func (p *Package) readAsset(doc *Document, ptr, file string, limit int64) ([]byte, error) {
	full, err := p.ResolveAsset(doc, ptr, file)
	if err != nil {
		return nil, err
	}
	data, err := readRegular(full, limit)
	if err != nil {
		return nil, unwrapPathErr(err)
	}
	return data, nil
}

// SuggestAsset is a hint for a file that was not found: a file of the same folder whose name is close to the
// one written (did you mean ...?), else where the path is read from.
func SuggestAsset(dir, file string) string {
	sub := path.Dir(filepath.ToSlash(file))
	if entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(sub))); err == nil {
		var names []string
		for _, e := range entries {
			if !e.IsDir() {
				names = append(names, path.Join(sub, e.Name()))
			}
		}
		if h := diag.DidYouMean(path.Clean(filepath.ToSlash(file)), names); h != "" {
			return h
		}
	}
	return "the path is relative to the package folder " + dir
}
