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
