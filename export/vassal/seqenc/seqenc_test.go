package seqenc

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestEncodeDecodeExamples(t *testing.T) {
	cases := []struct {
		delim  byte
		tokens []string
		want   string
	}{
		// VASSAL's own example: {A,{B,C}} is A,B\,C.
		{',', []string{"A", MustEncode(',', "B", "C")}, `A,B\,C`},
		{';', []string{"piece", "", "", "front.png", "Roman Legion"}, "piece;;;front.png;Roman Legion"},
		{';', []string{"a;b", "c"}, `a\;b;c`},
		{';', []string{""}, ""},
		{';', []string{"x", ""}, "x;"},
		{';', []string{"", "x"}, ";x"},
		{';', []string{`\back`, "x"}, `'\back';x`},       // a leading backslash is quoted
		{';', []string{"'quoted'", "x"}, `''quoted'';x`}, // so is a token in quotes
		{';', []string{"'", "x"}, `''';x`},
		{';', []string{`a\;b`}, `a\\;b`}, // a backslash before a delimiter in the data
		{'\t', []string{"emb2;Flip", "piece;;;a.png;A"}, "emb2;Flip\tpiece;;;a.png;A"},
		{'\t', []string{"prototype;P", "emb2;x\tpiece;;;a.png;A"}, "prototype;P\temb2;x\\\tpiece;;;a.png;A"},
	}
	for _, c := range cases {
		got, err := Encode(c.delim, c.tokens...)
		if err != nil {
			t.Fatalf("%q: %v", c.tokens, err)
		}
		if got != c.want {
			t.Errorf("Encode(%q, %q) = %q, want %q", c.delim, c.tokens, got, c.want)
		}
		if back := Decode(got, c.delim); !reflect.DeepEqual(back, c.tokens) {
			t.Errorf("Decode(%q) = %q, want %q", got, back, c.tokens)
		}
	}
}

func TestNestedLevelsReEscape(t *testing.T) {
	// Three levels: each wraps the inner one and escapes its tabs once more.
	inner := MustEncode('\t', "mark;a", "piece;;;;")
	mid := MustEncode('\t', "emb2;x", inner)
	outer := MustEncode('\t', "prototype;p", mid)
	if want := "prototype;p\temb2;x\\\tmark;a\\\\\tpiece;;;;"; outer != want {
		t.Fatalf("nested = %q, want %q", outer, want)
	}
	l1 := Decode(outer, '\t')
	l2 := Decode(l1[1], '\t')
	l3 := Decode(l2[1], '\t')
	if !reflect.DeepEqual([]string{l1[0], l2[0], l3[0], l3[1]}, []string{"prototype;p", "emb2;x", "mark;a", "piece;;;;"}) {
		t.Fatalf("levels = %q %q %q", l1, l2, l3)
	}
}

func TestTrailingBackslashRefused(t *testing.T) {
	if _, err := Encode(';', `a\`, "b"); !errors.Is(err, ErrTrailingBackslash) {
		t.Fatalf("err = %v, want ErrTrailingBackslash", err)
	}
	// Last, it reads back: nothing follows.
	if s, err := Encode(';', "b", `a\`); err != nil || !reflect.DeepEqual(Decode(s, ';'), []string{"b", `a\`}) {
		t.Fatalf("last token with a trailing backslash: %q %v", s, err)
	}
	// Quoted (it starts with a backslash), it reads back wherever it is.
	if s, err := Encode(';', `\a\`, "b"); err != nil || !reflect.DeepEqual(Decode(s, ';'), []string{`\a\`, "b"}) {
		t.Fatalf("quoted token with a trailing backslash: %q %v", s, err)
	}
}

func TestDecoderIsVASSALs(t *testing.T) {
	// Reading as VASSAL does, including its quirks.
	cases := map[string][]string{
		"":         {""},
		";":        {"", ""},
		"a;":       {"a", ""},
		`a\;b;c`:   {"a;b", "c"},
		`\;x;y`:    {";x", "y"},
		`'a;b`:     {"'a", "b"},
		`'a';b`:    {"a", "b"},
		`a\\;b`:    {`a\;b`},
		`x\`:       {`x\`},
		"''":       {""},
		"'":        {"'"},
		`a\;\;b;c`: {"a;;b", "c"},
	}
	for in, want := range cases {
		if got := Decode(in, ';'); !reflect.DeepEqual(got, want) {
			t.Errorf("Decode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDecoderMoreAndRest(t *testing.T) {
	d := NewDecoder("a;b;c", ';')
	if d.Next() != "a" || d.Rest() != "b;c" || !d.More() {
		t.Fatal("after the first token")
	}
	d.Next()
	d.Next()
	if d.More() || d.Next() != "" {
		t.Fatal("after the last token")
	}
}

// FuzzRoundTrip: whatever Encode accepts, Decode gives back.
func FuzzRoundTrip(f *testing.F) {
	f.Add("a;b;c", byte(';'))
	f.Add("'x'\x00\\y\x00", byte('\t'))
	f.Add("\\;\x00'", byte(','))
	f.Add("", byte('/'))
	f.Fuzz(func(t *testing.T, joined string, delim byte) {
		if delim == '\\' || delim == '\'' || delim == 0 {
			return
		}
		tokens := strings.Split(joined, "\x00")
		s, err := Encode(delim, tokens...)
		if err != nil {
			if !errors.Is(err, ErrTrailingBackslash) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if got := Decode(s, delim); !reflect.DeepEqual(got, tokens) {
			t.Fatalf("Encode(%q) = %q reads back as %q", tokens, s, got)
		}
		// Nested in another sequence as its first token, it survives too.
		outer, err := Encode('\t', s, "z")
		if err != nil {
			return // s ends with a backslash: refused at this level, as VASSAL would misread it
		}
		if got := Decode(outer, '\t'); len(got) != 2 || got[0] != s || got[1] != "z" {
			t.Fatalf("nested %q reads back as %q", s, got)
		}
	})
}
