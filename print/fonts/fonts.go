// Package fonts loads the fonts a game package declares into the typefaces the printers draw text with, once
// per package, so that each file is read once per build and parsed once per process. It says what is wrong
// with the fonts it cannot load and the font names that name none, which validate reports and build refuses.
package fonts

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/surface"
)

// Set is a package's fonts, loaded.
type Set struct {
	byID map[string]*surface.Typeface
	// Text is the System's text font: what every text prints in where nothing names another; nil for the
	// embedded Go fonts.
	Text *surface.Typeface
	// Heading is the font of titles and headings: the System's heading font, else Text.
	Heading *surface.Typeface
	// TextAt and HeadingAt are where the System names them (textFont, headingFont; HeadingAt is TextAt when it
	// names no heading font).
	TextAt, HeadingAt diag.Pos
	// Problems are the fonts that cannot be loaded and the font names that name no font, each at the content
	// that names the file or the font, under the codes of validate's fonts check.
	Problems diag.List
}

// Get is the font of that id (a font the System declares, else one muster carries: BundledSans), or nil (for
// "", GoFonts, an id that names no font, or a font that cannot be loaded: Problems says so).
func (s *Set) Get(id string) *surface.Typeface {
	t, _ := s.lookup(id)
	return t
}

// lookup is the font of that id, and whether the id names one (GoFonts names the Go fonts, a nil typeface).
func (s *Set) lookup(id string) (*surface.Typeface, bool) {
	if id == "" {
		return nil, false
	}
	if s != nil {
		if t, ok := s.byID[id]; ok {
			return t, true
		}
	}
	return Builtin(id)
}

// Or is the font of that id, else def.
func (s *Set) Or(id string, def *surface.Typeface) *surface.Typeface {
	if t, ok := s.lookup(id); ok {
		return t
	}
	return def
}

type memoKey struct{}

// Of is the package's fonts, loaded the first time it is asked for and kept with the package.
func Of(pkg *content.Package) *Set {
	if pkg == nil {
		return &Set{}
	}
	return pkg.Memo(memoKey{}, func() any { return load(pkg) }).(*Set)
}

func load(pkg *content.Package) *Set {
	s := &Set{byID: map[string]*surface.Typeface{}}
	sys := pkg.System
	if sys == nil {
		return s
	}
	var ids []string
	for i := range sys.Fonts {
		fd := &sys.Fonts[i]
		ptr := content.Pointer("/fonts", i)
		if fd.ID == "" {
			continue // the schema requires it
		}
		if prev := sys.Font(fd.ID); prev != fd {
			e := s.Problems.Errorf(fd.Fields.Of("id", fd.At), "fonts.duplicate", "font %q is declared twice in the System", fd.ID)
			e.Hint = "give each font its own id"
			e.Related = []diag.Related{{Pos: prev.Fields.Of("id", prev.At), Message: "first declared here"}}
			continue
		}
		ids = append(ids, fd.ID)
		var files [4]*surface.FontFile
		ok := true
		for st, key := range content.FontStyles {
			name := fd.File(key)
			if name == "" {
				continue
			}
			f, d := readFont(pkg, sys.Doc, ptr+"/"+key, name, fd.Fields.Of(key, fd.At), fmt.Sprintf("font %s's %s face", fd.ID, styleWords[st]))
			if d != nil {
				s.Problems.Add(*d)
				ok = ok && st != 0
				continue
			}
			files[st] = f
		}
		if !ok || files[0] == nil {
			continue // the regular face is missing: the schema requires it, or it was reported
		}
		t, err := surface.NewTypeface(fd.ID, files[0], files[1], files[2], files[3])
		if err == nil {
			s.byID[fd.ID] = t
		}
	}
	named := func(id string, at diag.Pos, what string) {
		if _, ok := Builtin(id); id == "" || sys.Font(id) != nil || ok {
			return
		}
		e := s.Problems.Errorf(at, "fonts.unknown", "%s names font %q, which the System does not declare", what, id)
		if e.Hint = diag.DidYouMean(id, append(slices.Clone(ids), builtinIDs...)); e.Hint == "" {
			e.Hint = "declare it in the System's fonts (fonts: [{id: " + id + ", regular: fonts/" + id + ".ttf}]), name one muster carries (" + BundledSans + ", " + GoFonts + "), or leave the key out for the default"
			if len(ids) > 0 {
				e.Hint = fmt.Sprintf("the System declares %s; or leave the key out for the default", quoteList(ids))
			}
		}
	}
	sysAt := func(ptr string) diag.Pos {
		if sys.Doc == nil {
			return sys.At
		}
		return sys.Doc.PosOf(ptr)
	}
	named(sys.TextFont, sysAt("/textFont"), "the System's textFont")
	named(sys.HeadingFont, sysAt("/headingFont"), "the System's headingFont")
	for i := range sys.Faces {
		l := &sys.Faces[i]
		named(l.Font, l.Fields.Of("font", l.At), "face layout "+l.ID)
		for j := range l.Slots {
			sl := &l.Slots[j]
			named(sl.Font, sl.Fields.Of("font", sl.At), fmt.Sprintf("element %d of face layout %s", j+1, l.ID))
		}
	}
	for _, m := range pkg.Maps() {
		for j := range m.Labels {
			ml := &m.Labels[j]
			named(ml.Font, ml.Fields.Of("font", ml.At), fmt.Sprintf("map %s's label %q", m.ID, ml.Text))
		}
	}
	s.Text = s.Get(sys.TextFont)
	s.Heading = s.Or(sys.HeadingFont, s.Text)
	s.TextAt, s.HeadingAt = sysAt("/textFont"), sysAt("/headingFont")
	if sys.HeadingFont == "" {
		s.HeadingAt = s.TextAt
	}
	return s
}

// Identity says which fonts the set holds, by id and by the hashes of their files, with the text and heading
// fonts: a key made with it (the live preview's) changes when a font file does.
func (s *Set) Identity() string {
	var b strings.Builder
	ids := slices.Sorted(maps.Keys(s.byID))
	for _, id := range ids {
		j, _ := s.byID[id].MarshalJSON()
		b.Write(j)
	}
	for _, t := range []*surface.Typeface{s.Text, s.Heading} {
		if t != nil {
			b.WriteString("|" + t.ID())
		} else {
			b.WriteString("|")
		}
	}
	return b.String()
}

// Origin is where the System names the document font that f belongs to: the heading font's place when f is
// only the heading font's, else the text font's.
func (s *Set) Origin(f *surface.FontFile) diag.Pos {
	if s.Heading != nil && s.Heading.Has(f) && (s.Text == nil || !s.Text.Has(f)) {
		return s.HeadingAt
	}
	return s.TextAt
}

var styleWords = [4]string{"regular", "bold", "italic", "bold italic"}

func quoteList(ids []string) string {
	out := ""
	for i, id := range ids {
		switch {
		case i == 0:
		case i == len(ids)-1:
			out += " and "
		default:
			out += ", "
		}
		out += fmt.Sprintf("%q", id)
	}
	return out
}

// readFont reads and parses one font file as the printers do, or says why it cannot, at the value that names
// it.
func readFont(pkg *content.Package, doc *content.Document, ptr, file string, at diag.Pos, what string) (*surface.FontFile, *diag.Diagnostic) {
	fail := func(code, hint, format string, args ...any) (*surface.FontFile, *diag.Diagnostic) {
		return nil, &diag.Diagnostic{Severity: diag.Error, Code: "fonts." + code, Pos: at, Hint: hint,
			Message: fmt.Sprintf("%s: %q ", what, file) + fmt.Sprintf(format, args...)}
	}
	b, err := pkg.ReadAsset(doc, ptr, file)
	dir := pkg.AssetDir(doc, ptr)
	switch {
	case errors.Is(err, content.ErrOutside):
		return fail("outside", "fonts are read only from inside the package folder: copy the file into the package (fonts/) and name it by its path there", "is %v", err)
	case errors.Is(err, fs.ErrNotExist):
		return fail("missing", content.SuggestAsset(dir, file), "was not found in %s", dir)
	case errors.Is(err, content.ErrTooLarge) || err == nil && len(b) > content.MaxFontBytes:
		return fail("too-large", "use a font with fewer characters, or a subset of this one (the characters the game prints)",
			"is larger than %d MB, the most muster reads for a font", content.MaxFontBytes>>20)
	case err != nil:
		return fail("unreadable", "", "cannot be read: %v", err)
	}
	f, err := surface.ParseFontFile(b)
	var fe *surface.FontError
	switch {
	case err == nil:
		return f, nil
	case errors.As(err, &fe) && fe.Problem == surface.FontPostScript:
		return fail("postscript", "use a TrueType (.ttf) version of the font: most fonts are published in both", "%v", err)
	case errors.As(err, &fe) && fe.Problem == surface.FontRestricted:
		return fail("licence", "choose a font whose licence allows embedding (most free fonts, such as those under the SIL Open Font License, do)", "%v", err)
	case errors.As(err, &fe) && (fe.Problem == surface.FontWeb || fe.Problem == surface.FontCollection):
		return fail("format", "use the font's .ttf file", "%v", err)
	}
	return fail("format", "use a TrueType font file (.ttf)", "%v", err)
}
