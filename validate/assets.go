package validate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/art"
)

// assetsCheck reads every picture the content names the way the printers will, so that a missing, misplaced or
// undrawable image is a validate error at the `image:` value instead of a failed build.
var assetsCheck = &Check{
	Name:  "assets",
	Stage: StageCheck,
	Doc: "every image the content names is an SVG, PNG, JPEG or GIF file inside the package that the printers can draw\n\n" +
		"A unit type's image (symbol: image), a System symbol's image, a face layout element's image and the background " +
		"images of factions, unit types and backs are read as the printers read them: " +
		"relative to the folder of the package that names them (a mod's inherited images from its base), never " +
		"outside it (no absolute paths, no .., no links that leave the package), a regular file of at most 32 MB " +
		"in a format the printers draw, of at most 64 megapixels. An SVG (at most 20 MB) is checked as the printers " +
		"draw it, as vector paths: a diagnostic for each script (never run), external reference (never followed), " +
		"text or font, filter, foreignObject, embedded image, clip, mask, marker, pattern, hidden element, gradient the " +
		"printers cannot draw (by href, repeating, stroked, defined after its use, stops of differing opacity), CSS " +
		"beyond class rules, use of anything but a sole definition, or unit the renderer cannot read, with the SVG's " +
		"own line; entity declarations, more than 64 levels of nesting, 50,000 elements or 200,000 path numbers are " +
		"refused unread. Even-odd fills and bevel joins, which the renderer draws otherwise, are warnings. A raster image's pixels must decode (corrupt).",
	Applies: func(pkg *content.Package) bool {
		for _, u := range pkg.UnitTypes() {
			if u.Image != "" || u.Symbol == "image" || u.Background != "" || u.Back != nil && u.Back.Background != "" {
				return true
			}
		}
		for _, m := range pkg.Markers() {
			if m.Symbol == "image" || m.Back != nil && m.Back.Background != "" {
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
			for _, f := range pkg.System.Factions {
				if f.Background != "" {
					return true
				}
			}
		}
		return pkg.System != nil && len(pkg.System.Symbols) > 0
	},
	Package: func(p *Pass) {
		a := assetChecker{pass: p, seen: map[string]assetResult{}}
		for _, u := range p.Pkg.UnitTypes() {
			what := fmt.Sprintf("%s %s", u.Kind, u.ID)
			switch {
			case u.Image != "":
				a.image(u.Doc, "/image", u.Image, what)
			case u.Symbol == "image":
				p.Errorf(u.Doc.PosOf("/symbol"), "no-file", "%s %s has symbol: image but names no image file", u.Kind, u.ID).Hint =
					"add image: with the file's path in the package, such as image: symbols/knight.png"
			}
			if u.Background != "" {
				a.image(u.Doc, "/background", u.Background, what+"'s background")
			}
			if u.Back != nil && u.Back.Background != "" {
				a.image(u.Doc, "/back/background", u.Back.Background, what+"'s back background")
			}
		}
		for _, m := range p.Pkg.Markers() {
			if m.Symbol == "image" {
				p.Errorf(m.Doc.PosOf("/symbol"), "no-file", "Marker %s has symbol: image, but a marker has no image file of its own", m.ID).Hint =
					"declare the image as a symbol in the System (symbols: [{id: flag, image: art/flag.png}]) and write symbol: flag"
			}
			if m.Back != nil && m.Back.Background != "" {
				a.image(m.Doc, "/back/background", m.Back.Background, fmt.Sprintf("Marker %s's back background", m.ID))
			}
		}
		if sys := p.Pkg.System; sys != nil {
			for i, f := range sys.Factions {
				if f.Background != "" {
					a.image(sys.Doc, fmt.Sprintf("/factions/%d/background", i), f.Background, fmt.Sprintf("faction %s's background", f.ID))
				}
			}
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

// assetResult is what reading one file found: the problems that keep it from being read or drawn as it is
// (none when the picture is fine), each with a code, a message and maybe a place in the file.
type assetResult struct {
	path     string // the file, for the places in it
	problems []art.Problem
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
	for _, p := range r.problems {
		report := a.pass.Errorf
		if p.Warning {
			report = a.pass.Warnf
		}
		msg := p.Message
		if p.Line > 0 {
			msg += fmt.Sprintf(" (line %d of the SVG)", p.Line)
		}
		e := report(doc.PosOf(ptr), p.Code, "%s: image %q %s", what, file, msg)
		e.Hint = p.Hint
		if p.Line > 0 {
			e.Related = append(e.Related, diag.Related{Pos: diag.Pos{File: r.path, Line: p.Line, Col: p.Col}, Message: "here in " + path.Base(filepath.ToSlash(file))})
		}
	}
}

// readImage reads a picture as the printers will (art.Read: an SVG checked and parsed, a raster image's header
// decoded).
func readImage(pkg *content.Package, doc *content.Document, ptr, file, dir string) assetResult {
	res := assetResult{path: filepath.Join(dir, filepath.FromSlash(file))}
	one := func(code, message, hint string) assetResult {
		res.problems = []art.Problem{{Code: code, Message: message, Hint: hint}}
		return res
	}
	b, err := pkg.ReadAsset(doc, ptr, file)
	switch {
	case errors.Is(err, content.ErrOutside):
		return one("outside", "is "+err.Error(), "images are read only from inside the package folder: copy the file into the package and name it by its path there")
	case errors.Is(err, fs.ErrNotExist):
		return one("missing", "was not found in "+dir, suggestFile(dir, file))
	case errors.Is(err, content.ErrTooLarge):
		return one("too-large", fmt.Sprintf("is larger than %d MB (%v)", content.MaxAssetBytes>>20, err), "export the image at a lower resolution: a counter is printed about half an inch wide")
	case err != nil:
		return one("unreadable", "cannot be read: "+err.Error(), "")
	}
	pic, problems := art.Read(b)
	res.problems = problems
	// The PDF may copy a PNG's compressed pixels as they are: damage past the header shows nowhere else.
	if pic != nil && pic.Raster != nil {
		if err := decodeWhole(b); err != nil {
			res.problems = append(res.problems, art.Problem{Code: "corrupt", Message: fmt.Sprintf("is a damaged image: its pixels do not decode (%v)", err),
				Hint: "open it in an image editor and save it again"})
		}
	}
	return res
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
