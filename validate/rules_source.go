package validate

import (
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/formula"
)

// exprSource is an expression's Source with its exact file position: each character of the formula maps to
// its line and column, also inside quoted and block scalars (see content.Document.ValuePositions).
func exprSource(doc *content.Document, ptr, text string, fallback diag.Pos) formula.Source {
	src := formula.Source{Text: text, Pos: fallback}
	if doc == nil {
		return src
	}
	if n := doc.Node(ptr); n == nil || n.Value != text {
		return src
	}
	src.Pos = doc.PosOf(ptr)
	if at, ok := doc.ValuePositions(ptr); ok {
		src.Pos, src.At = at(0), at
	}
	return src
}
