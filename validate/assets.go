package validate

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // the printers draw GIF,
	_ "image/jpeg" // JPEG
	_ "image/png"  // and PNG images (print/surface); the check reads them as the printers do
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// assetsCheck reads every image the content names the way the printers will, so that a missing, misplaced or
// undrawable image is a validate error at the `image:` value instead of a failed build.
var assetsCheck = &Check{
	Name:  "assets",
	Stage: StageCheck,
	Doc: "every image the content names is a PNG, JPEG or GIF file inside the package\n\n" +
		"A unit type's image (symbol: image), a System symbol's image and a face layout element's image are read as the printers read them: " +
		"relative to the folder of the package that names them (a mod's inherited images from its base), never " +
		"outside it (no absolute paths, no .., no links that leave the package), a regular file of at most 32 MB " +
		"in a format the printers draw, of at most 64 megapixels.",
	Applies: func(pkg *content.Package) bool {
		for _, u := range pkg.UnitTypes() {
			if u.Image != "" || u.Symbol == "image" {
				return true
			}
		}
		for _, m := range pkg.Markers() {
			if m.Symbol == "image" {
				return true
			}
		}
		if pkg.System != nil {
			for _, f := range pkg.System.Faces {
				for _, s := range f.Slots {
					if s.Image != "" {
						return true
					}
				}
			}
		}
		return pkg.System != nil && len(pkg.System.Symbols) > 0
	},
	Package: func(p *Pass) {
		a := assetChecker{pass: p, seen: map[string]assetResult{}}
		for _, u := range p.Pkg.UnitTypes() {
			switch {
			case u.Image != "":
				a.image(u.Doc, "/image", u.Image, fmt.Sprintf("%s %s", u.Kind, u.ID))
			case u.Symbol == "image":
				p.Errorf(u.Doc.PosOf("/symbol"), "no-file", "%s %s has symbol: image but names no image file", u.Kind, u.ID).Hint =
					"add image: with the file's path in the package, such as image: symbols/knight.png"
			}
		}
		for _, m := range p.Pkg.Markers() {
			if m.Symbol == "image" {
				p.Errorf(m.Doc.PosOf("/symbol"), "no-file", "Marker %s has symbol: image, but a marker has no image file of its own", m.ID).Hint =
					"declare the image as a symbol in the System (symbols: [{id: flag, image: art/flag.png}]) and write symbol: flag"
			}
		}
		if sys := p.Pkg.System; sys != nil {
			for i, s := range sys.Symbols {
				if s.Image != "" {
					a.image(sys.Doc, fmt.Sprintf("/symbols/%d/image", i), s.Image, fmt.Sprintf("symbol %s", s.ID))
				}
			}
			for i, f := range sys.Faces {
				for j, s := range f.Slots {
					if s.Image != "" {
						a.image(sys.Doc, fmt.Sprintf("/faces/%d/slots/%d/image", i, j), s.Image, fmt.Sprintf("face %s", f.ID))
					}
				}
			}
		}
	},
}

// assetChecker checks images, each file once however many values name it.
type assetChecker struct {
	pass *Pass
	seen map[string]assetResult
}

// assetResult is what reading one file found: a diagnostic code and message, or "" when the image is fine.
type assetResult struct {
	code, message, hint string
}

func (a *assetChecker) image(doc *content.Document, ptr, file, what string) {
	pkg := a.pass.Pkg
	dir := pkg.AssetDir(doc, ptr)
	key := dir + "\x00" + file
	r, done := a.seen[key]
	if !done {
		r = readImage(pkg, doc, ptr, file, dir)
		a.seen[key] = r
	}
	if r.code == "" {
		return
	}
	e := a.pass.Errorf(doc.PosOf(ptr), r.code, "%s: image %q %s", what, file, r.message)
	e.Hint = r.hint
}

// readImage reads and decodes one image's header as the printers will.
func readImage(pkg *content.Package, doc *content.Document, ptr, file, dir string) assetResult {
	b, err := pkg.ReadAsset(doc, ptr, file)
	switch {
	case errors.Is(err, content.ErrOutside):
		return assetResult{"outside", "is " + err.Error(), "images are read only from inside the package folder: copy the file into the package and name it by its path there"}
	case errors.Is(err, fs.ErrNotExist):
		return assetResult{"missing", "was not found in " + dir, suggestFile(dir, file)}
	case errors.Is(err, content.ErrTooLarge):
		return assetResult{"too-large", fmt.Sprintf("is larger than %d MB (%v)", content.MaxAssetBytes>>20, err), "export the image at a lower resolution: a counter is printed about half an inch wide"}
	case err != nil:
		return assetResult{"unreadable", "cannot be read: " + err.Error(), ""}
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return assetResult{"format", "is not a PNG, JPEG or GIF image, the formats the printers draw (" + err.Error() + ")", "save it as PNG"}
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > content.MaxImagePixels {
		return assetResult{"size", fmt.Sprintf("is a %s of %d × %d pixels; the most the printers draw is %d megapixels", strings.ToUpper(format), cfg.Width, cfg.Height, content.MaxImagePixels>>20), "export the image at a lower resolution"}
	}
	return assetResult{}
}

// suggestFile proposes a file of the same folder whose name is close to the one written.
func suggestFile(dir, file string) string {
	sub := path.Dir(filepath.ToSlash(file))
	entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(sub)))
	if err != nil {
		return "the path is relative to the package folder " + dir
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, path.Join(sub, e.Name()))
		}
	}
	if h := diag.DidYouMean(path.Clean(filepath.ToSlash(file)), names); h != "" {
		return h
	}
	return "the path is relative to the package folder " + dir
}
