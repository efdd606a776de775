package schema

import (
	"strings"
	"testing"
)

// A hex label written without quotes is read by YAML as a number: the message says what was read and how it
// was written, and the hint shows the quoted label (issue 19.2, 19.14: it used to say "found the number 65",
// the octal reading of 0101).
func TestNumberWhereTextIsExpectedShowsTheQuotedText(t *testing.T) {
	ds := check(t, "kind: Map\nid: m\ngrid: {type: hex, cols: 2, rows: 2}\ncells:\n  - {cell: 0101, terrain: clear}\n  - {cell: 0x1F, terrain: clear}\n  - {cell: 12, terrain: clear}\n")
	cases := []struct{ pos, message, hint string }{
		{"doc.yaml:5:12", "found the number 101 (written 0101)", `write "0101" in quotes to keep it as text`},
		{"doc.yaml:6:12", "found the number 31 (written 0x1F)", `write "0x1F" in quotes to keep it as text`},
		{"doc.yaml:7:12", "found the number 12", `write "12" in quotes to keep it as text`},
	}
	for _, c := range cases {
		d := find(ds, "schema.type", c.pos)
		if d == nil {
			t.Errorf("want schema.type at %s, got %v", c.pos, ds)
			continue
		}
		if !strings.HasSuffix(d.Message, c.message) || d.Hint != c.hint {
			t.Errorf("%s: got %q (%s), want ...%q (%s)", c.pos, d.Message, d.Hint, c.message, c.hint)
		}
	}
}
