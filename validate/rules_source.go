package validate

import (
	"os"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/validate/diag"
	"go.yaml.in/yaml/v3"
)

// exprFiles holds the raw text of content files, to place errors inside block and quoted YAML scalars.
type exprFiles map[string][]string

func (c exprFiles) lines(file string) []string {
	if l, ok := c[file]; ok {
		return l
	}
	b, err := os.ReadFile(file)
	var l []string
	if err == nil {
		l = strings.Split(string(b), "\n")
	}
	c[file] = l
	return l
}

// exprSource returns an expression's Source with its exact file position: the YAML node at ptr in doc gives
// the scalar's start; for a plain one-line scalar an offset is a column further on, for quoted and block
// scalars the raw file text is walked alongside the value (escapes, folded lines, indentation). Where the two
// cannot be aligned, positions fall back to the scalar's start.
func (c exprFiles) exprSource(doc *content.Document, ptr, text string, fallback diag.Pos) formula.Source {
	src := formula.Source{Text: text, Pos: fallback}
	if doc == nil {
		return src
	}
	n := doc.Node(ptr)
	if n == nil || n.Kind != yaml.ScalarNode || n.Value != text {
		return src
	}
	start := doc.NodePos(n)
	src.Pos = start
	if n.Style == 0 && !strings.ContainsRune(text, '\n') {
		if lines := c.lines(start.File); start.Line-1 < len(lines) && strings.HasPrefix(runeSuffix(lines[start.Line-1], start.Col-1), text) {
			return src // plain, on one line: columns add up
		}
	}
	lines := c.lines(start.File)
	if len(lines) < start.Line {
		return src
	}
	// Map every rune offset of the value to a line and column of the file.
	at := make([]diag.Pos, 0, utf8.RuneCountInString(text)+1)
	line, col := start.Line, start.Col // 1-based; col counts runes
	raw := []rune(lines[line-1])
	i := col - 1
	switch {
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		i++ // the opening quote
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		line++ // content starts on the next line
		if line-1 >= len(lines) {
			return src
		}
		raw = []rune(lines[line-1])
		i = 0
	}
	block := n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0
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
		line++
		if line-1 >= len(lines) {
			return false
		}
		raw = []rune(lines[line-1])
		i = 0
		skipIndent()
		for i >= len(raw) { // blank lines inside a block scalar
			line++
			if line-1 >= len(lines) {
				return false
			}
			raw = []rune(lines[line-1])
			i = 0
			skipIndent()
		}
		return true
	}
	for _, r := range text {
		if i >= len(raw) && (r == ' ' || r == '\n') {
			// A line break folded to a space, or kept in a literal block.
			at = append(at, diag.Pos{File: start.File, Line: line, Col: i + 1})
			if !nextLine() {
				return src
			}
			continue
		}
		if i < len(raw) && raw[i] == '\\' && n.Style&yaml.DoubleQuotedStyle != 0 {
			at = append(at, diag.Pos{File: start.File, Line: line, Col: i + 1})
			i += 2 // a simple escape: \" \\ \t
			continue
		}
		if i < len(raw) && raw[i] == '\'' && n.Style&yaml.SingleQuotedStyle != 0 && r == '\'' {
			at = append(at, diag.Pos{File: start.File, Line: line, Col: i + 1})
			i += 2
			continue
		}
		if i >= len(raw) || raw[i] != r {
			return src // cannot align: fall back to the scalar's start
		}
		at = append(at, diag.Pos{File: start.File, Line: line, Col: i + 1})
		i++
	}
	at = append(at, diag.Pos{File: start.File, Line: line, Col: i + 1})
	src.At = func(off int) diag.Pos {
		if off < 0 {
			off = 0
		}
		if off >= len(at) {
			off = len(at) - 1
		}
		return at[off]
	}
	src.Pos = at[0]
	return src
}

func runeSuffix(s string, n int) string {
	r := []rune(s)
	if n > len(r) {
		return ""
	}
	return string(r[n:])
}
