package content

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseFormat(t *testing.T) {
	vals := map[string]string{"attack": "8", "movement": "4", "": "3", "initiative": "5", "name": "Foote"}
	look := func(f string) (string, bool) { v, ok := vals[f]; return v, ok }
	for _, tc := range []struct{ in, want, missing string }{
		{"{attack}-{movement}", "8-4", ""},
		{"({})", "(3)", ""},
		{"{attack}-{movement}-{initiative}", "8-4-5", ""},
		{"{{{attack}}}", "{8}", ""},
		{"{command?} {initiative}", " 5", ""},
		{"{command} {initiative}", " 5", "command"},
		{"L{}", "L3", ""},
		{"", "", ""},
		{"×{name}", "×Foote", ""},
	} {
		f, err := ParseFormat(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		got, missing, ok := f.Expand(look)
		if got != tc.want || missing != tc.missing || ok != (tc.missing == "") {
			t.Errorf("%q -> %q (missing %q, ok %v), want %q (missing %q)", tc.in, got, missing, ok, tc.want, tc.missing)
		}
		if again, err := ParseFormat(f.String()); err != nil || !sameParts(again, f) {
			t.Errorf("%q written back as %q does not read the same: %v", tc.in, f.String(), err)
		}
	}
	for _, tc := range []struct {
		in     string
		offset int
		says   string
	}{
		{"{attack", 0, "never closed"},
		{"8}-4", 1, "closes no field"},
		{"{at tack}", 3, "not a field name"},
		{"{-x}", 1, "not a field name"},
		{"a\xffb", 1, "UTF-8"},
		{strings.Repeat("{a}", 13), 36, "more than 12 fields"},
		{strings.Repeat("x", 201), 200, "at most 200"},
	} {
		_, err := ParseFormat(tc.in)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Offset != tc.offset || !strings.Contains(fe.Msg, tc.says) {
			t.Errorf("%q: error %v, want one at offset %d saying %q", tc.in, err, tc.offset, tc.says)
		}
	}
}

// sameParts compares two formats' parts, ignoring offsets.
func sameParts(a, b *Format) bool {
	strip := func(f *Format) []FormatPart {
		var out []FormatPart
		for _, p := range f.Parts {
			p.Offset = 0
			// Literal runs may be split differently around escaped braces; join neighbours.
			if n := len(out); n > 0 && !p.IsField && !out[n-1].IsField {
				out[n-1].Literal += p.Literal
				continue
			}
			out = append(out, p)
		}
		return out
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

// FuzzParseFormat: any text either parses to a format that writes back to text parsing the same, with every
// offset inside the text, or fails with a *FormatError inside it; nothing panics.
func FuzzParseFormat(f *testing.F) {
	for _, s := range []string{"{attack}-{movement}", "({})", "{{x}}", "{a?} {b}", "{", "}", "{a b}", "L{}", "•{x}•"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fm, err := ParseFormat(s)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > len(s) || fe.Msg == "" {
				t.Fatalf("%q: error %#v", s, err)
			}
			return
		}
		fields := 0
		for _, p := range fm.Parts {
			if p.Offset < 0 || p.Offset >= len(s) {
				t.Fatalf("%q: part %+v outside the text", s, p)
			}
			if p.IsField {
				fields++
			}
		}
		if fields > MaxFormatFields {
			t.Fatalf("%q: %d fields", s, fields)
		}
		back := fm.String()
		again, err := ParseFormat(back)
		if err != nil && len(back) <= MaxFormatBytes {
			t.Fatalf("%q written back as %q: %v", s, back, err)
		}
		if err == nil && !sameParts(again, fm) {
			t.Fatalf("%q written back as %q reads %+v, not %+v", s, back, again.Parts, fm.Parts)
		}
		text, _, _ := fm.Expand(func(string) (string, bool) { return "v", true })
		if len(text) > len(s)*2+1 {
			t.Fatalf("%q expands to %q", s, text)
		}
	})
}
