package build

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/surface"
)

// Error is how a build fails: every problem as a diagnostic (a code, a message in the designer's words, the
// content's file, line and column where one is at fault, a hint), so the command line renders a failed build
// like a failed validation, in the user's --format. A package that validate passes builds, so with content
// at fault these are validate's own codes (a printer refuses what validate reports); `print.options` is a
// choice of the command line (an overlap, a paper) the content cannot satisfy, and `print.internal` a bug.
type Error struct {
	Output string    // the output that failed ("maps"), "" when the build failed before any output ran
	Diags  diag.List // at least one error
}

func (e *Error) Error() string {
	var lines []string
	for _, d := range e.Diags {
		s := d.Message
		if !d.Pos.IsZero() {
			s = d.Pos.String() + ": " + s
		}
		if d.Hint != "" {
			s += " (" + d.Hint + ")"
		}
		lines = append(lines, s)
	}
	msg := strings.Join(lines, "\n")
	if e.Output != "" {
		msg = e.Output + ": " + msg
	}
	return msg
}

// Codes of the build's own diagnostics.
const (
	CodeOptions  = plan.CodeOptions  // the command line asks for what cannot be printed
	CodeInternal = plan.CodeInternal // a printer failed: a bug in muster
)

// failure turns any error of an output into a build Error: a diag.Failure keeps its diagnostics, the known
// errors of the printers become diagnostics, anything else is a failure of muster itself, said as such.
func failure(output string, err error, at diag.Pos) *Error {
	var be *Error
	if errors.As(err, &be) {
		if be.Output == "" {
			be.Output = output
		}
		return be
	}
	e := &Error{Output: output}
	if f, ok := diag.AsFailure(err); ok {
		e.Diags = append(e.Diags, f.Diags...)
		return e
	}
	var room *maps.RoomError
	var pages *maps.PagesError
	var limit *surface.PageLimitError
	switch {
	case errors.As(err, &room):
		// The package's own paper leaves room (validate's map-sheets check lays every map out on it): the
		// command line's paper, margin or overlap does not.
		d := diag.Diagnostic{Severity: diag.Error, Code: CodeOptions, Message: err.Error()}
		if room.OverlapWider {
			d.Hint = "choose a smaller --overlap, smaller --margin, or larger --paper"
		} else {
			d.Hint = "choose a smaller --margin or larger --paper"
		}
		e.Diags.Add(d)
	case errors.As(err, &pages):
		e.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: "map-sheets.pages", Pos: at, Message: err.Error(),
			Hint: "print it on larger paper (--paper), or make the map smaller"})
	case errors.As(err, &limit):
		e.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: "print.pages", Pos: at,
			Message: fmt.Sprintf("it would print on more than %d pages, the most muster prints in one file", content.MaxPages)})
	default:
		e.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeInternal, Pos: at,
			Message: fmt.Sprintf("printing failed (a bug in muster; please report it with the package): %v", err)})
	}
	return e
}

// unprintable reports the text a surface drew with runes its font lacks (validate's print-text check reports
// them first; this is the printers' own refusal, so a missing glyph never prints as a silent empty box).
func unprintable(pkg *content.Package, texts []surface.UnprintableText) error {
	if len(texts) == 0 {
		return nil
	}
	var ds diag.List
	for _, t := range texts {
		var rs []string
		for _, r := range t.Runes {
			rs = append(rs, fmt.Sprintf("%q (U+%04X)", r, r))
		}
		d := ds.Errorf(findText(pkg, t.Text, t.Runes[0]), "print-text.glyph", "the text %q has characters the font %s cannot print: %s", short(t.Text), t.Font, strings.Join(rs, ", "))
		d.Hint = "write them with characters the font has, or print the text in a font that has them"
	}
	return &diag.Failure{Diags: ds}
}

// short cuts a text for a message.
func short(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}

// findText is where the package writes the text a printer drew, or failing that the first string holding the
// rune: the printers draw content's own strings (sometimes with words of their own around them).
func findText(pkg *content.Package, text string, r rune) diag.Pos {
	var byRune diag.Pos
	var found diag.Pos
	for p := pkg; p != nil && found.IsZero(); p = p.Base {
		for _, d := range p.Docs {
			walkStrings(d.Value, "", func(ptr, s string) bool {
				switch {
				case strings.Contains(s, text) || strings.Contains(text, s) && strings.ContainsRune(s, r):
					found = d.PosOf(ptr)
					return false
				case byRune.IsZero() && strings.ContainsRune(s, r):
					byRune = d.PosOf(ptr)
				}
				return true
			})
			if !found.IsZero() {
				break
			}
		}
	}
	if found.IsZero() {
		return byRune
	}
	return found
}

// walkStrings calls f with every string of a document's JSON value and its pointer, until f returns false.
func walkStrings(v any, ptr string, f func(ptr, s string) bool) bool {
	switch x := v.(type) {
	case string:
		return f(ptr, x)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !walkStrings(x[k], content.Pointer(ptr, k), f) {
				return false
			}
		}
	case []any:
		for i, e := range x {
			if !walkStrings(e, content.Pointer(ptr, i), f) {
				return false
			}
		}
	}
	return true
}
