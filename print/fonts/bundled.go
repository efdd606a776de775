package fonts

import (
	"embed"
	"fmt"
	"slices"
	"sync"

	"github.com/muster-wargames/muster/print/surface"
)

// The fonts muster carries, which a System names by these ids without declaring them (a font it declares
// under the same id wins).
const (
	// BundledSans is IBM Plex Sans Condensed (Regular and Bold, SIL Open Font License 1.1, plex/OFL.txt): a
	// condensed sans with open shapes, a flat-footed 1 and tall figures, legible on a counter at 6 to 9 points.
	// The counter face styles print in it.
	BundledSans = "plex-sans-condensed"
	// GoFonts is the embedded Go fonts, muster's default where the System names no text font.
	GoFonts = "go"
)

// The TrueType files of IBM Plex Sans Condensed 3.000, as IBM publishes them in the npm package
// @ibm/plex-sans-condensed 2.0.0 (its complete WOFF files, unwrapped to the TrueType tables they hold), and
// the licence that ships with them.
//
//go:embed plex/IBMPlexSansCondensed-Regular.ttf plex/IBMPlexSansCondensed-Bold.ttf plex/OFL.txt
var plex embed.FS

var bundled = sync.OnceValues(func() (*surface.Typeface, error) {
	var files [2]*surface.FontFile
	for i, name := range []string{"Regular", "Bold"} {
		b, err := plex.ReadFile("plex/IBMPlexSansCondensed-" + name + ".ttf")
		if err != nil {
			return nil, err
		}
		if files[i], err = surface.ParseFontFile(b); err != nil {
			return nil, fmt.Errorf("the bundled %s face: %w", name, err)
		}
	}
	return surface.NewTypeface(BundledSans, files[0], files[1], nil, nil)
})

// Bundled is the bundled text face, IBM Plex Sans Condensed, parsed once per process.
func Bundled() *surface.Typeface {
	t, err := bundled()
	if err != nil {
		panic(err) // the embedded files are tested: they parse
	}
	return t
}

// BundledLicence is the licence of the bundled face (the SIL Open Font License 1.1, with IBM's copyright).
func BundledLicence() string {
	b, _ := plex.ReadFile("plex/OFL.txt")
	return string(b)
}

// Builtin is the typeface of a font id muster carries (nil for the Go fonts) and true; false for any other id.
func Builtin(id string) (*surface.Typeface, bool) {
	switch id {
	case BundledSans:
		return Bundled(), true
	case GoFonts:
		return nil, true
	}
	return nil, false
}

// BuiltinIDs are the font ids muster carries.
func BuiltinIDs() []string { return slices.Clone(builtinIDs) }

var builtinIDs = []string{BundledSans, GoFonts}
