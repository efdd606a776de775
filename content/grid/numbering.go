package grid

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// NumberingSpec describes a cell numbering scheme as data.
//
// Schemes:
//   - "ccrr" (the default): SPI style, zero-padded column then row, "0101"
//     is column 1 row 1 (pattern "{col:02}{row:02}" for Width 2);
//   - "letter": letter column then zero-padded row, "C08" is column C row 8
//     (pattern "{col:letter}{row:02}"); Width -1 gives unpadded rows ("C8");
//   - "pattern": Pattern, literal text with placeholders {col}, {row} and
//     {board}. A col or row placeholder may take a format: {row:02} pads
//     with zeros to 2 digits, {col:letter} writes letters.
//
// Letter columns (or rows) run A..Z, then AA, BB, ..., ZZ, then AAA, BBB...
// (doubled letters, as on ASL boards); A is always the first cell (index 0),
// whatever FirstCol says. Numbers are the 0-based index plus FirstCol or
// FirstRow (usually 1).
//
// With Boards, labels may carry a board prefix naming a geomorphic board:
// "IIC08" is board "II", cell "C08". Patterns without {board} get it
// prepended.
type NumberingSpec struct {
	Scheme  string
	Pattern string
	// Width is the number of digits of each zero-padded number (ccrr) or
	// of the row (letter); 0 means 2, -1 means no padding (letter only).
	Width              int
	FirstCol, FirstRow int
	Boards             []string
	// Cols and Rows, when positive, bound the cells a label may name:
	// parses that fall off such a grid are dropped, which resolves
	// board names that run into letters ("III01" on a 30-column map can
	// only be board II, column I).
	Cols, Rows int
}

// Numbering parses and formats cell labels; build it with NewNumbering. It
// is safe for concurrent use.
type Numbering struct {
	spec   NumberingSpec
	fields []field
	boards []string // longest first
}

type fieldKind uint8

const (
	fLiteral fieldKind = iota
	fCol
	fRow
	fBoard
)

type field struct {
	kind   fieldKind
	lit    string
	letter bool
	width  int  // zero-pad width for numbers
	fixed  bool // followed by another numeric field: exactly width digits
}

// NewNumbering checks spec and builds a Numbering.
func NewNumbering(spec NumberingSpec) (*Numbering, error) {
	w := spec.Width
	if w == 0 {
		w = 2
	}
	if spec.Cols < 0 || spec.Rows < 0 {
		return nil, errors.New("grid: numbering grid size must not be negative")
	}
	if w < -1 || w > 9 {
		return nil, fmt.Errorf("grid: numbering width %d out of range", spec.Width)
	}
	if spec.FirstCol < 0 || spec.FirstRow < 0 {
		return nil, errors.New("grid: numbering first column and row must not be negative")
	}
	var pattern string
	switch spec.Scheme {
	case "", "ccrr":
		if w < 1 {
			return nil, errors.New("grid: ccrr numbering needs a width of at least 1")
		}
		pattern = fmt.Sprintf("{col:0%d}{row:0%d}", w, w)
	case "letter":
		if w < 1 {
			pattern = "{col:letter}{row}"
		} else {
			pattern = fmt.Sprintf("{col:letter}{row:0%d}", w)
		}
	case "pattern":
		pattern = spec.Pattern
	default:
		return nil, fmt.Errorf("grid: unknown numbering scheme %q (want ccrr, letter or pattern)", spec.Scheme)
	}
	if len(spec.Boards) > 0 && !strings.Contains(pattern, "{board}") {
		pattern = "{board}" + pattern
	}
	fields, err := parsePattern(pattern)
	if err != nil {
		return nil, err
	}
	n := &Numbering{spec: spec, fields: fields}
	n.spec.Boards = append([]string(nil), spec.Boards...)
	seen := map[string]bool{}
	for _, b := range spec.Boards {
		if b == "" || seen[b] {
			return nil, fmt.Errorf("grid: board name %q empty or repeated", b)
		}
		seen[b] = true
	}
	n.boards = append([]string(nil), spec.Boards...)
	sort.SliceStable(n.boards, func(i, j int) bool { return len(n.boards[i]) > len(n.boards[j]) })
	hasBoard := false
	for _, f := range fields {
		hasBoard = hasBoard || f.kind == fBoard
	}
	if hasBoard && len(spec.Boards) == 0 {
		return nil, errors.New("grid: numbering pattern has {board} but no boards are listed")
	}
	return n, nil
}

func parsePattern(p string) ([]field, error) {
	var out []field
	counts := map[fieldKind]int{}
	for len(p) > 0 {
		i := strings.IndexAny(p, "{}")
		if i < 0 {
			out = append(out, field{kind: fLiteral, lit: p})
			break
		}
		if p[i] == '}' {
			return nil, fmt.Errorf("grid: numbering pattern: unmatched }")
		}
		if i > 0 {
			out = append(out, field{kind: fLiteral, lit: p[:i]})
		}
		j := strings.IndexByte(p[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("grid: numbering pattern: unmatched {")
		}
		name, format, _ := strings.Cut(p[i+1:i+j], ":")
		var f field
		switch name {
		case "col":
			f.kind = fCol
		case "row":
			f.kind = fRow
		case "board":
			f.kind = fBoard
			if format != "" {
				return nil, fmt.Errorf("grid: numbering pattern: {board} takes no format")
			}
		default:
			return nil, fmt.Errorf("grid: numbering pattern: unknown placeholder {%s}", name)
		}
		switch {
		case format == "" || f.kind == fBoard:
		case format == "letter":
			f.letter = true
		default:
			w, err := strconv.Atoi(format)
			if err != nil || w < 1 || w > 9 {
				return nil, fmt.Errorf("grid: numbering pattern: bad format %q (want letter or a width such as 02)", format)
			}
			f.width = w
		}
		counts[f.kind]++
		out = append(out, f)
		p = p[i+j+1:]
	}
	if counts[fCol] != 1 || counts[fRow] != 1 || counts[fBoard] > 1 {
		return nil, errors.New("grid: numbering pattern needs exactly one {col}, one {row} and at most one {board}")
	}
	for i := 0; i+1 < len(out); i++ {
		a, b := &out[i], out[i+1]
		if a.kind != fCol && a.kind != fRow || b.kind != fCol && b.kind != fRow {
			continue
		}
		switch {
		case a.letter && b.letter:
			return nil, errors.New("grid: numbering pattern: two letter fields side by side cannot be told apart")
		case !a.letter && !b.letter:
			if a.width == 0 {
				return nil, errors.New("grid: numbering pattern: a number followed directly by another needs a width, e.g. {col:02}{row:02}")
			}
			a.fixed = true
		}
	}
	return out, nil
}

// Spec returns the spec the numbering was built from.
func (n *Numbering) Spec() NumberingSpec {
	s := n.spec
	s.Boards = append([]string(nil), s.Boards...)
	return s
}

// Format returns the label of c without a board, or "" if c cannot be
// written (a negative index or number). Parse only returns cells with
// non-negative indexes.
func (n *Numbering) Format(c Cell) string {
	var buf [32]byte
	b, err := n.appendLabel(buf[:0], "", c)
	if err != nil {
		return ""
	}
	return string(b)
}

// AppendFormat appends the label of c (without a board) to dst; it appends
// nothing if c cannot be written.
func (n *Numbering) AppendFormat(dst []byte, c Cell) []byte {
	b, err := n.appendLabel(dst, "", c)
	if err != nil {
		return dst
	}
	return b
}

// FormatBoard returns the label of c on the named board.
func (n *Numbering) FormatBoard(board string, c Cell) (string, error) {
	if len(n.boards) == 0 {
		return "", errors.New("grid: numbering has no boards")
	}
	if !n.isBoard(board) {
		return "", fmt.Errorf("grid: unknown board %q", board)
	}
	b, err := n.appendLabel(nil, board, c)
	return string(b), err
}

func (n *Numbering) isBoard(b string) bool {
	for _, x := range n.boards {
		if x == b {
			return true
		}
	}
	return false
}

func (n *Numbering) appendLabel(dst []byte, board string, c Cell) ([]byte, error) {
	for _, f := range n.fields {
		switch f.kind {
		case fLiteral:
			dst = append(dst, f.lit...)
		case fBoard:
			dst = append(dst, board...)
		case fCol, fRow:
			idx, first := c.Col, n.spec.FirstCol
			if f.kind == fRow {
				idx, first = c.Row, n.spec.FirstRow
			}
			if f.letter {
				if idx < 0 {
					return dst, fmt.Errorf("grid: cell %v has no letter", c)
				}
				ch := byte('A' + idx%26)
				for k := 0; k <= idx/26; k++ {
					dst = append(dst, ch)
				}
				continue
			}
			v := idx + first
			if v < 0 {
				return dst, fmt.Errorf("grid: cell %v has a negative number", c)
			}
			for k := ndigits(v); k < f.width; k++ {
				dst = append(dst, '0')
			}
			dst = strconv.AppendInt(dst, int64(v), 10)
		}
	}
	return dst, nil
}

func ndigits(v int) int {
	d := 1
	for v >= 10 {
		v /= 10
		d++
	}
	return d
}

// ParseError reports a label that does not parse.
type ParseError struct {
	Label  string
	Reason string
}

func (e *ParseError) Error() string { return fmt.Sprintf("grid: label %q: %s", e.Label, e.Reason) }

type parseResult struct {
	found     int
	board     string
	col, row  int
	ambiguous bool
}

// Parse parses a label without a board (as written by Format).
func (n *Numbering) Parse(label string) (Cell, error) {
	var r parseResult
	n.match(label, 0, false, "", 0, 0, &r)
	if err := r.err(label); err != nil {
		return Cell{}, err
	}
	return Cell{r.col, r.row}, nil
}

// ParseBoard parses a label with a board prefix (as written by FormatBoard)
// and returns the board name and the cell.
func (n *Numbering) ParseBoard(label string) (string, Cell, error) {
	if len(n.boards) == 0 {
		return "", Cell{}, &ParseError{label, "numbering has no boards"}
	}
	var r parseResult
	n.match(label, 0, true, "", 0, 0, &r)
	if err := r.err(label); err != nil {
		return "", Cell{}, err
	}
	return r.board, Cell{r.col, r.row}, nil
}

func (r *parseResult) err(label string) error {
	switch {
	case r.found == 0:
		return &ParseError{label, "does not match the numbering"}
	case r.ambiguous:
		return &ParseError{label, "is ambiguous"}
	}
	return nil
}

// match tries every way of matching s against fields[i:], recording the
// distinct complete parses in r. Only canonical spellings (exactly as Format
// writes them) match, so a parse is unique unless board names and letters
// run together.
func (n *Numbering) match(s string, i int, boards bool, board string, col, row int, r *parseResult) {
	if i == len(n.fields) {
		if s != "" || col < 0 || row < 0 ||
			n.spec.Cols > 0 && col >= n.spec.Cols || n.spec.Rows > 0 && row >= n.spec.Rows {
			return
		}
		if r.found > 0 && (r.board != board || r.col != col || r.row != row) {
			r.ambiguous = true
		}
		if r.found == 0 {
			r.board, r.col, r.row = board, col, row
		}
		r.found++
		return
	}
	f := n.fields[i]
	switch f.kind {
	case fLiteral:
		if strings.HasPrefix(s, f.lit) {
			n.match(s[len(f.lit):], i+1, boards, board, col, row, r)
		}
	case fBoard:
		if !boards {
			n.match(s, i+1, boards, board, col, row, r)
			return
		}
		for _, b := range n.boards {
			if strings.HasPrefix(s, b) {
				n.match(s[len(b):], i+1, boards, b, col, row, r)
			}
		}
	case fCol, fRow:
		first := n.spec.FirstCol
		if f.kind == fRow {
			first = n.spec.FirstRow
		}
		set := func(v int) {
			if f.kind == fCol {
				col = v
			} else {
				row = v
			}
		}
		if f.letter {
			m := 0
			for m < len(s) && s[m] == s[0] && s[m] >= 'A' && s[m] <= 'Z' {
				m++
			}
			for k := 1; k <= m; k++ {
				set((k-1)*26 + int(s[0]-'A'))
				n.match(s[k:], i+1, boards, board, col, row, r)
			}
			return
		}
		m := 0
		for m < len(s) && m < 18 && s[m] >= '0' && s[m] <= '9' {
			m++
		}
		lo := 1
		if f.fixed {
			lo, m = f.width, min(m, f.width)
		}
		for k := lo; k <= m; k++ {
			v := 0
			for _, ch := range s[:k] {
				v = v*10 + int(ch-'0')
			}
			if k != max(f.width, ndigits(v)) {
				continue // not canonical: stray or missing leading zeros
			}
			set(v - first)
			n.match(s[k:], i+1, boards, board, col, row, r)
		}
	}
}

// Check verifies that every cell of a cols x rows grid (on every board)
// formats to a label that parses back to it, so that a scheme and a map
// size are compatible (for example ccrr width 2 allows at most 100 columns).
func (n *Numbering) Check(cols, rows int) error {
	boards := n.spec.Boards
	for col := 0; col < cols; col++ {
		for row := 0; row < rows; row++ {
			c := Cell{col, row}
			l := n.Format(c)
			if got, err := n.Parse(l); err != nil || got != c {
				return fmt.Errorf("grid: cell %v label %q does not parse back (%v, %v)", c, l, got, err)
			}
			for _, b := range boards {
				l, err := n.FormatBoard(b, c)
				if err != nil {
					return err
				}
				if gb, got, err := n.ParseBoard(l); err != nil || got != c || gb != b {
					return fmt.Errorf("grid: cell %v on board %q label %q does not parse back (%q %v, %v)", c, b, l, gb, got, err)
				}
			}
		}
	}
	return nil
}
