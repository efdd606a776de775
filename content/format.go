package content

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// A face format is how a counter face element combines values into one notation, written as text with a
// field in braces for each value: "{attack}-{movement}" prints 8-4, "({})" the element's own stat in
// parentheses, "{command} {initiative} {charisma?}" three ratings of which the last may be missing. A field
// names a stat of the System or one of the unit's own fields (FormatFields); `?` after its name prints
// nothing when the unit has no such value, where without it the unit is reported. "{{" and "}}" are literal
// braces.

// FormatFields are the fields a format may name besides the System's stats (a stat of the same id wins).
var FormatFields = []string{ShowName, ShowAbbr, ShowID, ShowSize, ShowEchelon, ShowFaction}

// Limits on a format, far above any counter's notation.
const (
	MaxFormatBytes  = 200
	MaxFormatFields = 12
)

// FormatPart is one piece of a parsed format: literal text, or a field.
type FormatPart struct {
	Literal  string // the text, for a literal part
	Field    string // the field's name; "" with Self
	IsField  bool
	Self     bool // {}: the element's own stat
	Optional bool // {name?}
	Offset   int  // the byte offset of the part in the format, for diagnostics
}

// Format is a parsed face format.
type Format struct {
	Parts []FormatPart
}

// Fields lists the fields the format names (Self as ""), in order.
func (f *Format) Fields() []FormatPart {
	var out []FormatPart
	for _, p := range f.Parts {
		if p.IsField {
			out = append(out, p)
		}
	}
	return out
}

// FormatError says where a format does not parse: Offset is a byte offset into it.
type FormatError struct {
	Offset int
	Msg    string
}

func (e *FormatError) Error() string { return e.Msg }

// ParseFormat reads a face format. It fails with a *FormatError at the first problem: a brace that is not
// closed or not opened, a field name that is not an id, a format longer than MaxFormatBytes or with more than
// MaxFormatFields fields, text that is not UTF-8.
func ParseFormat(s string) (*Format, error) {
	if len(s) > MaxFormatBytes {
		return nil, &FormatError{MaxFormatBytes, fmt.Sprintf("the format is %d bytes long: a counter's notation needs at most %d", len(s), MaxFormatBytes)}
	}
	if !utf8.ValidString(s) {
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 {
				return nil, &FormatError{i, "the format is not UTF-8 text"}
			}
			i += n
		}
	}
	f := &Format{}
	var lit strings.Builder
	litAt := 0
	flush := func() {
		if lit.Len() > 0 {
			f.Parts = append(f.Parts, FormatPart{Literal: lit.String(), Offset: litAt})
			lit.Reset()
		}
	}
	fields := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{':
			if lit.Len() == 0 {
				litAt = i
			}
			lit.WriteByte('{')
			i += 2
		case c == '}' && i+1 < len(s) && s[i+1] == '}':
			if lit.Len() == 0 {
				litAt = i
			}
			lit.WriteByte('}')
			i += 2
		case c == '}':
			return nil, &FormatError{i, "a } closes no field: write }} for a brace"}
		case c == '{':
			end := strings.IndexByte(s[i+1:], '}')
			if end < 0 {
				return nil, &FormatError{i, "a { opens a field that is never closed: write {stat}, or {{ for a brace"}
			}
			body := s[i+1 : i+1+end]
			p := FormatPart{IsField: true, Offset: i}
			if strings.HasSuffix(body, "?") {
				p.Optional, body = true, body[:len(body)-1]
			}
			if body == "" {
				p.Self = true
			} else if bad := badIDChar(body); bad >= 0 {
				return nil, &FormatError{i + 1 + bad, fmt.Sprintf("%q is not a field name: a field is a stat id (letters, digits, '.', '_', '-') or one of %s", s[i+1:i+1+end], strings.Join(FormatFields, ", "))}
			}
			p.Field = body
			if fields++; fields > MaxFormatFields {
				return nil, &FormatError{i, fmt.Sprintf("the format has more than %d fields", MaxFormatFields)}
			}
			flush()
			f.Parts = append(f.Parts, p)
			i += end + 2
		default:
			if lit.Len() == 0 {
				litAt = i
			}
			lit.WriteByte(c)
			i++
		}
	}
	flush()
	return f, nil
}

// badIDChar is the offset of the first character of s that an id may not have there, or -1.
func badIDChar(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if i > 0 {
			ok = ok || c == '.' || c == '_' || c == '-'
		}
		if !ok {
			return i
		}
	}
	return -1
}

// Expand fills the format's fields by look (Self asks for the element's own stat, as ""); it returns the text
// and the first field look has no value for that is not optional (missing), or "" when every field has one
// (an optional field without a value prints nothing).
func (f *Format) Expand(look func(field string) (string, bool)) (text string, missing string, ok bool) {
	var b strings.Builder
	ok = true
	for _, p := range f.Parts {
		if !p.IsField {
			b.WriteString(p.Literal)
			continue
		}
		v, found := look(p.Field)
		if !found {
			if !p.Optional && ok {
				ok, missing = false, p.Field
			}
			continue
		}
		b.WriteString(v)
	}
	return b.String(), missing, ok
}

// String writes the format back as text that parses to the same parts.
func (f *Format) String() string {
	var b strings.Builder
	for _, p := range f.Parts {
		if !p.IsField {
			b.WriteString(strings.NewReplacer("{", "{{", "}", "}}").Replace(p.Literal))
			continue
		}
		b.WriteByte('{')
		b.WriteString(p.Field)
		if p.Optional {
			b.WriteByte('?')
		}
		b.WriteByte('}')
	}
	return b.String()
}
