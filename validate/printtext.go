package validate

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content"
)

var printTextCheck = &Check{
	Name:  "print-text",
	Stage: StageCheck,
	Doc: fmt.Sprintf("every text muster prints has glyphs in its fonts and a printable length\n\n"+
		"Names, labels, stats, titles, table cells, descriptions, sources and rules are printed in the System's text and heading fonts (regular, bold, italic and bold italic), by default the embedded Go fonts, "+
		"which draw Latin, Greek, Cyrillic and common symbols: a character they lack would print as an empty box, so it is an error naming the text, the character and the fonts. "+
		"A name, abbreviation, label, title or table cell is at most %d characters, any other text at most %d. "+
		"Not checked: formulas, file names, a document's own notes and expectWarnings (never printed), fixtures and generator settings.",
		content.MaxNameRunes, content.MaxTextRunes),
	Package: checkPrintText,
}

// nameKeys hold text printed on one line or in one box, and say what it is.
var nameKeys = map[string]string{"id": "id", "name": "name", "abbr": "abbreviation", "label": "label", "title": "title",
	"text": "text", "size": "size", "prefix": "prefix", "corner": "corner heading", "columns": "column heading", "cells": "cell",
	"date": "date", "leadership": "leadership"}

// unprintedKeys hold what muster never prints: formulas, file names, diagnostics' texts, notes to designers.
var unprintedKeys = map[string]bool{"expr": true, "costExpr": true, "check": true, "when": true, "plus": true, "message": true,
	"image": true, "include": true, "path": true, "extends": true, "expectWarnings": true, "colour": true, "pattern": true, "kind": true, "override": true,
	"font": true, "textFont": true, "headingFont": true, "regular": true, "bold": true, "italic": true, "boldItalic": true} // font ids and files

// exceptionUnits are the expressions of stacking exceptions (`units: "has('cohort') && sp <= 3"`).
var exceptionUnits = regexp.MustCompile(`^/(stacking|stackingVariants/\d+)/exceptions/\d+/units$`)

func checkPrintText(p *Pass) {
	unprintable := printFonts(p.Pkg)
	printedTexts(p.Pkg, func(d *content.Document, ptr, key, s string) {
		checkText(p, d, ptr, key, s, unprintable)
	})
}

// printedTexts calls f with every text of the content that muster may print, in document order: the
// manifest's name, and every string of the other documents but fixtures', generators', notes and formulas.
func printedTexts(pkg *content.Package, f func(d *content.Document, ptr, key, s string)) {
	for _, d := range pkg.Docs {
		switch d.Kind {
		case content.KindFixture, content.KindGenerator:
			continue // tests and generator settings are never printed
		case content.KindPackage:
			if pkg.Manifest != nil && d == pkg.Manifest.Doc {
				if name, ok := d.Value.(map[string]any)["name"].(string); ok {
					f(d, "/name", "name", name)
				}
			}
			continue
		}
		walkText(d.Value, "", "", func(ptr, key, s string) {
			if ptr == "/notes" && d.Kind != content.KindTable || exceptionUnits.MatchString(ptr) {
				return // a document's own notes are for designers; an exception's units are a formula
			}
			f(d, ptr, key, s)
		})
	}
}

// walkText calls f with every string of a document's value that muster may print, with its pointer and the
// key that holds it (a list's items have their list's key), in key order.
func walkText(v any, ptr, key string, f func(ptr, key, s string)) {
	switch x := v.(type) {
	case string:
		f(ptr, key, x)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			if !unprintedKeys[k] {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			walkText(x[k], content.Pointer(ptr, k), k, f)
		}
	case []any:
		for i, e := range x {
			walkText(e, content.Pointer(ptr, i), key, f)
		}
	}
}

// checkText reports a text the fonts cannot draw (at its first such character) or too long to print.
func checkText(p *Pass, d *content.Document, ptr, key, s string, unprintable func(string) ([]rune, [][]string)) {
	paragraph := d.Kind == content.KindCard && ptr == "/text" // a card's event text is a paragraph
	if n := utf8.RuneCountInString(s); nameKeys[key] != "" && !paragraph && n > content.MaxNameRunes {
		e := p.Errorf(d.PosOf(ptr), "length", "this %s is %d characters long: muster prints at most %d characters on one line or in one box", nameKeys[key], n, content.MaxNameRunes)
		e.Hint = "shorten it; a longer text belongs in a description or notes"
		return // a text this long is not searched for glyphs too
	} else if n > content.MaxTextRunes {
		e := p.Errorf(d.PosOf(ptr), "length", "this text is %d characters long: muster prints at most %d characters in a paragraph", n, content.MaxTextRunes)
		e.Hint = "shorten it, or split it"
		return
	}
	runes, faces := unprintable(s)
	if len(runes) == 0 {
		return
	}
	var list []string
	for _, r := range runes {
		list = append(list, fmt.Sprintf("%q (U+%04X)", r, r))
	}
	first := strings.IndexRune(s, runes[0])
	e := p.Errorf(d.CharPos(ptr, utf8.RuneCountInString(s[:first]), d.PosOf(ptr)), "glyph",
		"%q: the fonts muster prints with (%s) have no glyph for %s, which would print as an empty box",
		shorten(s), strings.Join(faces[0], ", "), strings.Join(list, ", "))
	e.Hint = "write it with Latin, Greek or Cyrillic letters and common symbols, which the Go fonts have"
	if p.Pkg.System != nil && (p.Pkg.System.TextFont != "" || p.Pkg.System.HeadingFont != "") {
		e.Hint = "write it with characters the fonts have, or choose a text font (and heading font) that has them"
	}
}

// shorten cuts a text for a message.
func shorten(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}
