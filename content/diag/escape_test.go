package diag

import (
	"bytes"
	"strings"
	"testing"
)

// Text from content (an id, a file name) cannot drive the terminal: escape sequences, C1 controls, bidi
// overrides and stray bytes are written as visible escapes, in text and GitHub output alike (19.14).
func TestOutputEscapesTerminalControls(t *testing.T) {
	var l List
	id := "knight\x1b[2J\x1b]0;pwned\x07\u009b31m\u202eevil\nnext"
	d := l.Errorf(Pos{File: "units\x1b[31m.yaml", Line: 3, Col: 5}, "references.unknown", "unknown unit %s", id)
	d.Hint = "did you mean \"kn\x1bight\"?"
	d.Related = []Related{{Pos: Pos{File: "s.yaml", Line: 1}, Message: "used \xff\x9b here"}}
	l.Errorf(Pos{File: "plain.yaml", Line: 1, Col: 1}, "syntax", "café — ½ ⅔ “fine” text")
	var text, gh bytes.Buffer
	if err := WriteText(&text, l, false); err != nil {
		t.Fatal(err)
	}
	if err := WriteGitHub(&gh, l); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "github": gh.String()} {
		for _, bad := range []string{"\x1b", "\x07", "\u009b", "\u202e", "\xff", "\x9b"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s output holds %q:\n%q", name, bad, out)
			}
		}
		if !strings.Contains(out, `knight\x1b[2J\x1b]0;pwned\x07\u009b31m\u202eevil`) {
			t.Errorf("%s output does not show the escapes:\n%q", name, out)
		}
		if !strings.Contains(out, "café — ½ ⅔ “fine” text") {
			t.Errorf("%s output mangles ordinary text:\n%q", name, out)
		}
	}
	if lines := strings.Count(text.String(), "\n"); lines != 3 { // two diagnostics and the summary
		t.Errorf("a line break in a message must not start a new line of output: %d lines\n%s", lines, text.String())
	}
	if !strings.Contains(gh.String(), `evil%0Anext`) {
		t.Errorf("GitHub output encodes line breaks its own way: %q", gh.String())
	}
}

// On a terminal the text format colours the position and the severity; the content's own text is escaped
// first, so an escape sequence in a message stays visible as text and never colours anything.
func TestWriteTextColour(t *testing.T) {
	l := List{{Severity: Error, Code: "x.y", Message: "bad \x1b[31mred", Pos: Pos{File: "a.yaml", Line: 2, Col: 3}},
		{Severity: Warning, Code: "w", Message: "hmm", Pos: Pos{File: "b.yaml"}}}
	var plain, colour strings.Builder
	WriteTextStyled(&plain, l, TextStyle{})
	WriteTextStyled(&colour, l, TextStyle{Colour: true})
	if strings.Contains(plain.String(), "\x1b") {
		t.Errorf("plain text has escapes: %q", plain.String())
	}
	want := "\x1b[1ma.yaml:2:3\x1b[0m: \x1b[1;31merror\x1b[0m[x.y]: bad \\x1b[31mred\n\x1b[1mb.yaml\x1b[0m: \x1b[1;33mwarning\x1b[0m[w]: hmm\n"
	if !strings.HasPrefix(colour.String(), want) {
		t.Errorf("colour:\n got %q\nwant %q", colour.String(), want)
	}
	var q strings.Builder
	WriteTextStyled(&q, l, TextStyle{Quiet: true, Colour: true})
	if strings.Contains(q.String(), "warning") || strings.Contains(q.String(), "error,") {
		t.Errorf("quiet: %q", q.String())
	}
}

// SARIF artifact URIs are URI references: spaces, '#', '%' and non-ASCII letters are percent-encoded (as
// UTF-8), relative paths stay relative, absolute ones become file: URIs.
func TestFileURI(t *testing.T) {
	cases := map[string]string{
		"units.yaml":                "units.yaml",
		"my game/été #1/units.yaml": "my%20game/%C3%A9t%C3%A9%20%231/units.yaml",
		"../../a/b_c-d~e.yaml":      "../../a/b_c-d~e.yaml",
		"/tmp/a b/x.yaml":           "file:///tmp/a%20b/x.yaml",
		"100%/x:y.yaml":             "100%25/x%3Ay.yaml",
		"Ünïcødé/файл.yaml":         "%C3%9Cn%C3%AFc%C3%B8d%C3%A9/%D1%84%D0%B0%D0%B9%D0%BB.yaml",
	}
	for in, want := range cases {
		if got := FileURI(in); got != want {
			t.Errorf("FileURI(%q) = %q, want %q", in, got, want)
		}
	}
}
