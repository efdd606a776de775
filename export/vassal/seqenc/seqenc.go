// Package seqenc writes and reads VASSAL's delimited sequences (its SequenceEncoder), the flat text in which
// a module stores piece definitions, trait settings and board layouts. Every piece is such a sequence nested
// several levels deep, so the rules live here once and nothing is ever pasted together by hand.
package seqenc

import (
	"errors"
	"fmt"
	"strings"
)

// ErrTrailingBackslash is returned for a token that ends with a backslash and is not the last one: VASSAL
// would read its delimiter as escaped.
var ErrTrailingBackslash = errors.New("seqenc: a token that ends with a backslash cannot be followed by another")

// Encode joins tokens with delim as VASSAL's SequenceEncoder does: a delimiter inside a token gets a
// backslash before it; backslashes themselves are not escaped, so a token that starts with a backslash, or
// starts and ends with a single quote, is wrapped in single quotes, which the reader strips. With no tokens
// it returns "" (VASSAL's null), which Decode reads as one empty token.
//
// Because backslashes are not escaped, a token that ends with a backslash and is followed by another would
// read back as one token with a delimiter in it; Encode refuses it (ErrTrailingBackslash) rather than write
// something VASSAL would misread.
func Encode(delim byte, tokens ...string) (string, error) {
	if delim == '\\' || delim == '\'' {
		return "", fmt.Errorf("seqenc: %q cannot be a delimiter", delim)
	}
	var b strings.Builder
	for i, t := range tokens {
		if i > 0 {
			b.WriteByte(delim)
		}
		quote := quoted(t)
		if !quote && i < len(tokens)-1 && strings.HasSuffix(t, `\`) {
			return "", fmt.Errorf("%w: %q", ErrTrailingBackslash, t)
		}
		if quote {
			b.WriteByte('\'')
		}
		for j := 0; j < len(t); j++ {
			if t[j] == delim {
				b.WriteByte('\\')
			}
			b.WriteByte(t[j])
		}
		if quote {
			b.WriteByte('\'')
		}
	}
	return b.String(), nil
}

// MustEncode is Encode for tokens known to be safe (fixed text and numbers); it panics on an encoding error.
func MustEncode(delim byte, tokens ...string) string {
	s, err := Encode(delim, tokens...)
	if err != nil {
		panic(err)
	}
	return s
}

// quoted reports whether VASSAL wraps the token in single quotes.
func quoted(t string) bool {
	return t != "" && (t[0] == '\\' || len(t) >= 1 && t[0] == '\'' && t[len(t)-1] == '\'')
}

// Decode splits s as VASSAL's SequenceEncoder.Decoder does: a delimiter with a backslash before it belongs
// to the token (the backslash is dropped), and a token wrapped in single quotes loses them. "" is one empty
// token.
func Decode(s string, delim byte) []string {
	var out []string
	d := NewDecoder(s, delim)
	for d.More() {
		out = append(out, d.Next())
	}
	return out
}

// Decoder reads the tokens of a sequence one at a time, as VASSAL's Decoder does: after the last token More
// is false, and a sequence that ends with a delimiter has an empty last token.
type Decoder struct {
	s     string
	delim byte
	pos   int
	done  bool
}

// NewDecoder starts reading s.
func NewDecoder(s string, delim byte) *Decoder { return &Decoder{s: s, delim: delim} }

// More reports whether a token is left.
func (d *Decoder) More() bool { return !d.done }

// Next returns the next token; after the last one it returns "".
func (d *Decoder) Next() string {
	if d.done {
		return ""
	}
	if d.pos == len(d.s) {
		d.done = true
		return ""
	}
	var b strings.Builder
	start := d.pos
	for i := d.pos; i < len(d.s); i++ {
		if d.s[i] != d.delim {
			continue
		}
		if i > 0 && d.s[i-1] == '\\' {
			// An escaped delimiter: keep what came before without its backslash; the delimiter starts the
			// next piece.
			b.WriteString(d.s[start : i-1])
			start = i
			continue
		}
		b.WriteString(d.s[start:i])
		d.pos = i + 1
		return unquote(b.String())
	}
	b.WriteString(d.s[start:])
	d.pos = len(d.s)
	d.done = true
	return unquote(b.String())
}

// Rest returns what is left to read, undecoded.
func (d *Decoder) Rest() string {
	if d.done {
		return ""
	}
	return d.s[d.pos:]
}

func unquote(t string) string {
	if len(t) > 1 && t[0] == '\'' && t[len(t)-1] == '\'' {
		return t[1 : len(t)-1]
	}
	return t
}
