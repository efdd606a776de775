package grid

// PartKind says what a part of a label is.
type PartKind uint8

// Parts of a label.
const (
	PartText   PartKind = iota // literal text
	PartColumn                 // the column's number or letters
	PartRow                    // the row's number or letters
	PartBoard                  // the board's name
)

// Part is one piece of a numbering's labels, in the order written: literal text, the column, the row or the
// board name. Other tools that name cells their own way (a VASSAL grid numbering) read a scheme from these.
type Part struct {
	Kind PartKind
	Text string // PartText: the text
	// Letters is set on a column or row written as letters (A..Z, AA, BB, ...; A is index 0).
	Letters bool
	// Width pads a number with zeros to this many digits; 0 writes it as it is.
	Width int
}

// Parts returns the pieces of the labels the numbering writes. A number part's value is its 0-based index
// plus Spec().FirstCol or FirstRow.
func (n *Numbering) Parts() []Part {
	out := make([]Part, 0, len(n.fields))
	for _, f := range n.fields {
		p := Part{Letters: f.letter, Width: f.width}
		switch f.kind {
		case fLiteral:
			p = Part{Kind: PartText, Text: f.lit}
		case fCol:
			p.Kind = PartColumn
		case fRow:
			p.Kind = PartRow
		case fBoard:
			p = Part{Kind: PartBoard}
		}
		out = append(out, p)
	}
	return out
}
