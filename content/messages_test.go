package content

import (
	"strings"
	"testing"
)

// Tab indentation is reported as such, at the tab (19.14: the parser said "found character that cannot
// start any token", a line early or late, without the word tab).
func TestTabIndentationIsNamed(t *testing.T) {
	cases := map[string]string{
		"kind: A\nstats:\n\tmovement: 1\n":  "x.yaml:3:1",
		"kind: A\nstats:\n  a: 1\n\tb: 2\n": "x.yaml:4:1",
		"\t- x\n":                           "x.yaml:1:1",
		"list:\n  - a\n  -\tb\n":            "x.yaml:3:4",
		"a:\n  b:\n    c: 1\n  \t  d: 2\n":  "x.yaml:4:3",
		"note: |\n  first\n\tsecond\n":      "x.yaml:3:1",
	}
	for src, pos := range cases {
		_, ds := Parse("x.yaml", []byte(src))
		if len(ds) != 1 || ds[0].Code != "syntax.tab" || ds[0].Pos.String() != pos || !strings.Contains(ds[0].Message, "tab") {
			t.Errorf("%q: want syntax.tab at %s naming the tab, got %v", src, pos, ds)
		}
	}
	// Tabs where YAML allows them are not errors: inside JSON (flow) and inside a value.
	for name, src := range map[string]string{"x.json": "{\n\t\"kind\": \"A\",\n\t\"x\": [\n\t\t1\n\t]\n}\n", "x.yaml": "a: \"x\\ty\"\nb: [1,\t2]\n"} {
		if _, ds := Parse(name, []byte(src)); len(ds) != 0 {
			t.Errorf("%q: %v", src, ds)
		}
	}
}

// A UTF-8 byte order mark is dropped: a JSON file saved by Notepad is read, and no message shows it as ï»¿.
func TestByteOrderMarkIsDropped(t *testing.T) {
	for _, name := range []string{"f.json", "f.yaml"} {
		src := "\ufeff{\"kind\": \"Force\", \"id\": \"f\"}\n"
		docs, ds := Parse(name, []byte(src))
		if len(ds) != 0 || len(docs) != 1 || docs[0].ID != "f" {
			t.Errorf("%s with a BOM: %d documents, %v", name, len(docs), ds)
			continue
		}
		if p := docs[0].PosOf("/id").String(); p != name+":1:25" {
			t.Errorf("%s: id at %s; columns count from the first character after the mark", name, p)
		}
		_, ds = Parse(name, []byte("\ufeff{\"kind\": \"Force\", \"id\": }\n"))
		for _, d := range ds {
			if strings.ContainsAny(d.Message, "ï»¿\ufeff") {
				t.Errorf("%s: the mark shows in %q", name, d.Message)
			}
		}
		if len(ds) == 0 && name == "f.json" {
			t.Errorf("%s: a syntax error after the mark must still be reported", name)
		}
	}
}
