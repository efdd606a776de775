package validate

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/art"
	"github.com/muster-wargames/muster/print/surface"
)

// pictureFiles reads the picture files a check looks at as the printers will, each file once however many
// values name it, and reports what is wrong with one at every value that names it: the assets check's images
// of counters and sheets (content.ReadAsset), or map-art's backgrounds and tiles (mapArt: content.ReadArt,
// which reads larger files, and a warning for a large PNG the PDF cannot copy as it is).
type pictureFiles struct {
	pass   *Pass
	mapArt bool
	seen   map[string]pictureResult
}

// pictureResult is what reading a file found: the picture, when it can be drawn, and the problems (errors and
// warnings, maybe with a place in an SVG).
type pictureResult struct {
	pic      *art.Picture
	path     string // the file, for the places in it
	problems []art.Problem
}

// read reads the picture named by the value at ptr of doc (what names the value in a message), reports what
// is wrong with it at that value, and returns it when it can be drawn.
func (a *pictureFiles) read(doc *content.Document, ptr, file, what string) *art.Picture {
	pkg := a.pass.Pkg
	dir := pkg.AssetDir(doc, ptr)
	key := dir + "\x00" + file
	r, done := a.seen[key]
	if !done {
		r = readPicture(pkg, doc, ptr, file, dir, a.mapArt)
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
		e := report(docPos(doc, ptr, diag.Pos{}), p.Code, "%s: image %q %s", what, file, msg)
		e.Hint = p.Hint
		if p.Line > 0 {
			e.Related = append(e.Related, diag.Related{Pos: diag.Pos{File: r.path, Line: p.Line, Col: p.Col}, Message: "here in " + path.Base(filepath.ToSlash(file))})
		}
	}
	return r.pic
}

// readPicture reads a picture as the printers draw it (art.Read: SVG art checked and parsed, a raster image's
// header read), and decodes a raster image's pixels, which the printers do not: the PDF may copy a PNG's
// compressed pixels as they are, so damage past the header would show nowhere else.
func readPicture(pkg *content.Package, doc *content.Document, ptr, file, dir string, mapArt bool) pictureResult {
	r := pictureResult{path: filepath.Join(dir, filepath.FromSlash(file))}
	fail := func(code, message, hint string) pictureResult {
		r.pic, r.problems = nil, append(r.problems, art.Problem{Code: code, Message: message, Hint: hint})
		return r
	}
	read, noun := pkg.ReadAsset, "images are"
	tooLarge := fmt.Sprintf("is larger than %d MB", content.MaxAssetBytes>>20)
	smaller := "export the image at a lower resolution: a counter is printed about half an inch wide"
	if mapArt {
		read, noun = pkg.ReadArt, "art is"
		tooLarge = fmt.Sprintf("is larger than %d MB, the most muster reads for a map's art", content.MaxArtBytes>>20)
		smaller = "export it at a lower resolution (150 to 200 pixels an inch print well), or as JPEG"
	}
	data, err := read(doc, ptr, file)
	switch {
	case errors.Is(err, content.ErrOutside):
		return fail("outside", "is "+err.Error(), noun+" read only from inside the package folder: copy the file into the package and name it by its path there")
	case errors.Is(err, fs.ErrNotExist):
		return fail("missing", "was not found in "+dir, content.SuggestAsset(dir, file))
	case errors.Is(err, content.ErrTooLarge):
		return fail("too-large", tooLarge, smaller)
	case err != nil:
		return fail("unreadable", "cannot be read: "+err.Error(), "")
	}
	r.pic, r.problems = art.Read(data)
	if r.pic == nil || r.pic.Raster == nil {
		return r
	}
	if err := decodeWhole(data); err != nil {
		return fail("corrupt", fmt.Sprintf("is a damaged image: its pixels do not decode (%v)", err), "open it in an image editor and save it again")
	}
	if w, h := int(r.pic.Width), int(r.pic.Height); mapArt && w*h >= slowArtPixels && bytes.HasPrefix(data, []byte("\x89PNG")) && !surface.PDFCopiesPNG(data) {
		r.problems = append(r.problems, art.Problem{Code: "slow", Warning: true,
			Message: fmt.Sprintf("is a PNG of %d x %d pixels with transparency, 16-bit colour or interlacing: every PDF that prints it decodes it and encodes it again, seconds each time", w, h),
			Hint:    "save it as an 8-bit RGB PNG without transparency (or as JPEG): the PDF then holds it as it is"})
	}
	return r
}

// decodeWhole decodes an image's pixels.
func decodeWhole(data []byte) (err error) {
	defer func() { // decoders should not panic, but never let one escape
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	_, _, err = image.Decode(bytes.NewReader(data))
	return err
}
