package content

import (
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/diag"
)

// ValuePositions maps every character offset of the string value at ptr to its line and column in the file,
// so a diagnostic can point at one character inside a value: a map row's 41st cell, a formula's unknown name.
// The text is read from the document's own copy of its file. Plain scalars, quoted ones (escapes and doubled
// quotes step over two characters) and block scalars (folded and kept line breaks, indentation) are aligned
// with the value; where they cannot be, ok is false. Offsets past the end clamp to the end of the value.
func (d *Document) ValuePositions(ptr string) (at func(offset int) diag.Pos, ok bool) {
	n := d.Node(ptr)
	if n == nil || n.Kind != yaml.ScalarNode {
		return nil, false
	}
	text := n.Value
	start := d.nodePos(n)
	file := start.File
	line, col := start.Line, start.Col // 1-based; col counts runes
	src, ok := d.SourceLine(file, line)
	if !ok {
		return nil, false
	}
	raw := []rune(src)
	i := col - 1
	quoted := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0
	block := n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0
	switch {
	case quoted:
		i++ // the opening quote
	case block:
		line++ // content starts on the next line
		if src, ok = d.SourceLine(file, line); !ok {
			return nil, false
		}
		raw, i = []rune(src), 0
	}
	indent := -1 // a block scalar's indentation: more is part of the text
	skipIndent := func() {
		for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t') && (indent < 0 || i < indent) {
			i++
		}
	}
	if block {
		skipIndent()
		indent = i
	}
	nextLine := func() bool {
		for {
			line++
			s, ok := d.SourceLine(file, line)
			if !ok {
				return false
			}
			raw, i = []rune(s), 0
			skipIndent()
			if i < len(raw) { // blank lines inside a block scalar are skipped
				return true
			}
		}
	}
	pos := make([]diag.Pos, 0, utf8.RuneCountInString(text)+1)
	here := func() diag.Pos { return diag.Pos{File: file, Line: line, Col: i + 1, Path: d.base + ptr} }
	for _, r := range text {
		switch {
		case i >= len(raw) && (r == ' ' || r == '\n'):
			// A line break folded to a space, or kept in a literal block.
			pos = append(pos, here())
			if !nextLine() {
				return nil, false
			}
			continue
		case i < len(raw) && raw[i] == '\\' && n.Style&yaml.DoubleQuotedStyle != 0:
			pos = append(pos, here())
			i += 2 // a simple escape: \" \\ \t
			continue
		case i < len(raw) && raw[i] == '\'' && n.Style&yaml.SingleQuotedStyle != 0 && r == '\'':
			pos = append(pos, here())
			i += 2
			continue
		case i >= len(raw) || raw[i] != r:
			return nil, false // cannot align
		}
		pos = append(pos, here())
		i++
	}
	pos = append(pos, here())
	return func(off int) diag.Pos {
		off = max(0, min(off, len(pos)-1))
		return pos[off]
	}, true
}

// CharPos is the position of the character at offset inside the string value at ptr. It falls back to the
// value's own position when the value cannot be aligned with its text, and to fallback without a document.
func (d *Document) CharPos(ptr string, offset int, fallback diag.Pos) diag.Pos {
	if d == nil {
		return fallback
	}
	if at, ok := d.ValuePositions(ptr); ok {
		return at(offset)
	}
	return d.PosOf(ptr)
}
