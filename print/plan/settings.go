// Package plan is what a build will print, worked out without printing: the print settings in force, the
// counters resolved and laid out on their sheets, the map drawings and the files they go to, and a dry run of
// the text sheets. validate checks the plan, so a package that validates never fails to build on content;
// package build prints it.
package plan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/profile"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// Options are the command line's choices; a nil or zero field falls back to the package's print settings
// (muster.yaml `print:`), then to muster's defaults.
type Options struct {
	Paper       *value.Paper
	Backs       string // long-edge, short-edge, foldover, none
	BackOffset  *surface.Pt
	CounterSize *value.Length
	Margin      *value.Length
	Gutter      *value.Length
	Bleed       *value.Length
	Overlap     *value.Length // overlap of tiled map sheets; nil means maps.DefaultOverlap
	PNG         bool          // also write PNG previews
	FaceDPI     float64       // resolution of the per-face PNGs; 0 means 300
	PageDPI     float64       // resolution of the per-page PNGs; 0 means 100
	// Profile is the print service the build is for (--profile): its bleed replaces the package's, its
	// preflight (Preflight) must pass, and its page boxes, output intent and file layout are written.
	Profile *profile.Profile
	// TTSImageBaseURL is where a Tabletop Simulator set built into the output folder (the tts output) reads
	// its images from: the file:/// address of DIR/tts/images/, or where the designer uploads them.
	TTSImageBaseURL string
}

// Settings are the print settings in force, after the command line and the package's defaults.
type Settings struct {
	Paper       value.Paper
	Backs       sheet.Backs
	BackOffset  surface.Pt
	CounterSize float64 // points; used where the mix and its entries give none
	Margin      float64
	Gutter      float64
	Bleed       float64
	// Profile is the print service printed for (nil: none); see Options.Profile.
	Profile *profile.Profile
	// At says where each setting was written in the manifest (by its key: paper, counterSize, margin, ...);
	// a setting from the command line or muster's defaults has none.
	At map[string]diag.Pos
	// Flags are the settings the command line gave (by key), which may ask what the package cannot print.
	Flags map[string]bool
}

// Settle merges the options with the package's print defaults (muster.yaml `print:`). A setting that
// cannot be printed fails with a *diag.Failure: at the manifest's key when the package gave it (validate's
// print-settings check reports the same), with code print.options when the command line did.
func Settle(pkg *content.Package, opt Options) (Settings, error) {
	var pd content.PrintDefaults
	if pkg.Manifest != nil && pkg.Manifest.Print != nil {
		pd = *pkg.Manifest.Print
	}
	s := Settings{Paper: value.Letter, Margin: sheet.DefaultMargin, CounterSize: counters.DefaultSize, At: map[string]diag.Pos{}, Flags: map[string]bool{}}
	var ds diag.List
	// bad reports a setting: at the manifest when it came from there, else as the command line's.
	bad := func(key string, fromFlag bool, code, hint, format string, args ...any) {
		d := diag.Diagnostic{Severity: diag.Error, Code: code, Message: fmt.Sprintf(format, args...), Hint: hint}
		if fromFlag {
			d.Code = CodeOptions
			d.Message = "--" + flagOf(key) + ": " + d.Message
		} else {
			d.Pos = manifestPos(pkg, "/print/"+key)
		}
		ds.Add(d)
	}
	given := func(key string, v bool) {
		if v {
			s.At[key] = manifestPos(pkg, "/print/"+key)
		}
	}
	if pd.Paper != nil {
		s.Paper = *pd.Paper
		given("paper", true)
	}
	if opt.Paper != nil {
		s.Paper = *opt.Paper
		delete(s.At, "paper")
		s.Flags["paper"] = true
	}
	backs := pd.Backs
	if opt.Backs != "" {
		backs = opt.Backs
	}
	b, err := sheet.ParseBacks(backs)
	if err != nil {
		bad("backs", opt.Backs != "", "print-settings.backs", "", "%v", err)
	}
	s.Backs = b
	pick := func(key string, dst *float64, fromPkg, fromFlag *value.Length) {
		if fromPkg != nil {
			*dst = fromPkg.Points
			given(key, true)
		}
		if fromFlag != nil {
			*dst = fromFlag.Points
			delete(s.At, key)
			s.Flags[key] = true
		}
	}
	pick("counterSize", &s.CounterSize, pd.CounterSize, opt.CounterSize)
	pick("margin", &s.Margin, pd.Margin, opt.Margin)
	pick("gutter", &s.Gutter, pd.Gutter, opt.Gutter)
	pick("bleed", &s.Bleed, pd.Bleed, opt.Bleed)
	if p := opt.Profile; p != nil {
		s.Profile = p
		s.Flags["profile"] = true
		switch {
		case opt.Bleed == nil:
			// The service's bleed, whatever the package prints at home.
			s.Bleed = p.Bleed()
			delete(s.At, "bleed")
		case opt.Bleed.Points < p.Bleed()-1e-9:
			bad("bleed", true, "", "leave --bleed out to print the profile's", "%s is less than the %s the %s profile (%s) asks", opt.Bleed.Text, p.BleedText, p.Name, p.Service)
		}
	}
	if pd.BackOffset != "" {
		off, err := ParseOffset(pd.BackOffset)
		if err != nil {
			bad("backOffset", false, "print-settings.back-offset", "write X,Y with units, the reading from muster print-test", "print.backOffset: %v", err)
		}
		s.BackOffset = off
	}
	if opt.BackOffset != nil {
		s.BackOffset = *opt.BackOffset
	}
	if s.CounterSize <= 0 {
		bad("counterSize", opt.CounterSize != nil, "print-settings.counter-size", "give the side of a counter, e.g. 0.5in, or leave it out for the default", "the counter size must be more than zero")
	}
	if w, h := s.Paper.Width, s.Paper.Height; !(w > 0 && h > 0) || w > content.MaxPaperInches*surface.Inch || h > content.MaxPaperInches*surface.Inch {
		bad("paper", opt.Paper != nil, "print-settings.paper", "use a paper of at most 200 x 200in, e.g. 23x35in for a large map",
			"paper %s is larger than %d inches a side, the largest page PDF viewers open", PaperName(s), content.MaxPaperInches)
	}
	if len(ds) > 0 {
		return s, &diag.Failure{Diags: ds}
	}
	return s, nil
}

// manifestPos is where the manifest writes a key, or the manifest itself.
func manifestPos(pkg *content.Package, ptr string) diag.Pos {
	if pkg.Manifest == nil {
		return diag.Pos{File: pkg.Dir}
	}
	if pkg.Manifest.Doc == nil {
		return pkg.Manifest.At
	}
	return pkg.Manifest.Doc.PosOf(ptr)
}

// flagOf is the command-line flag of a print setting.
func flagOf(key string) string {
	switch key {
	case "counterSize":
		return "counter-size"
	case "backOffset":
		return "back-offset"
	}
	return key
}

// ParseOffset reads a back offset "X,Y" with units on each (1.5mm,-0.5mm; 0.02in,0in); a bare 0 is allowed.
func ParseOffset(s string) (surface.Pt, error) {
	xs, ys, ok := strings.Cut(s, ",")
	if !ok {
		return surface.Pt{}, fmt.Errorf("%q is not a back offset: write X,Y with units, e.g. 1.5mm,-0.5mm", s)
	}
	x, err1 := signedLength(xs)
	y, err2 := signedLength(ys)
	if err := errors.Join(err1, err2); err != nil {
		return surface.Pt{}, fmt.Errorf("%q is not a back offset: %v", s, err)
	}
	if x > 72 || x < -72 || y > 72 || y < -72 {
		return surface.Pt{}, fmt.Errorf("back offset %q is more than an inch: check the units (mm or in)", s)
	}
	return surface.Pt{X: x, Y: y}, nil
}

func signedLength(s string) (float64, error) {
	t := strings.TrimSpace(s)
	sign := 1.0
	switch {
	case strings.HasPrefix(t, "-"), strings.HasPrefix(t, "−"):
		sign = -1
		t = strings.TrimLeft(t, "-−")
	case strings.HasPrefix(t, "+"):
		t = t[1:]
	}
	if t == "0" {
		return 0, nil
	}
	l, err := value.ParseLength(t)
	if err != nil {
		return 0, err
	}
	return sign * l.Points, nil
}

// Codes of the build's own diagnostics.
const (
	CodeOptions  = "print.options"  // the command line asks for what cannot be printed
	CodeInternal = "print.internal" // a printer failed: a bug in muster
)
