package diag

import (
	"bytes"
	"strings"
	"testing"
)

func TestSortIsStableAndDropsDuplicates(t *testing.T) {
	var l List
	l.Errorf(Pos{File: "b.yaml", Line: 2, Col: 1}, "x", "second file")
	l.Warnf(Pos{File: "a.yaml", Line: 10, Col: 3}, "y", "later line")
	l.Errorf(Pos{File: "a.yaml", Line: 2, Col: 7}, "z", "same line, later column")
	l.Errorf(Pos{File: "a.yaml", Line: 2, Col: 1}, "z", "first")
	l.Errorf(Pos{File: "a.yaml", Line: 2, Col: 1}, "z", "first") // exact duplicate
	l.Sort()
	var got []string
	for _, d := range l {
		got = append(got, d.Message)
	}
	want := "first|same line, later column|later line|second file"
	if strings.Join(got, "|") != want {
		t.Errorf("order = %v, want %s", got, want)
	}
	if l.Summary() != "3 errors, 1 warning" {
		t.Errorf("summary = %q", l.Summary())
	}
	if (List{}).Summary() != "no problems" {
		t.Error("empty summary")
	}
}

func TestSuggest(t *testing.T) {
	cases := []struct {
		word  string
		cands []string
		want  string
	}{
		{"IICo8", []string{"IIC08", "IIC09", "IIB08"}, "IIC08"},
		{"moral", []string{"morale", "movement"}, "morale"},
		{"colr", []string{"colour", "classes"}, "colour"},
		{"Unittype", []string{"UnitType", "Map"}, "UnitType"},
		{"zzz", []string{"morale"}, ""},
		{"cavalri", []string{"cavalry", "artillery"}, "cavalry"},
	}
	for _, c := range cases {
		got := Suggest(c.word, c.cands, 1)
		if (len(got) == 0 && c.want != "") || (len(got) > 0 && got[0] != c.want) {
			t.Errorf("Suggest(%q) = %v, want %q", c.word, got, c.want)
		}
	}
	if h := DidYouMean("IIC0", []string{"IIC01", "IIC02", "IIC03", "IIC04"}); h != `did you mean "IIC01", "IIC02" or "IIC03"?` {
		t.Errorf("DidYouMean with several = %q", h)
	}
}

func TestTextOutput(t *testing.T) {
	var l List
	d := l.Errorf(Pos{File: "u.yaml", Line: 3, Col: 5}, "schema.unknown-key", "unknown key %q", "colr")
	d.Hint = `did you mean "colour"?`
	d.Related = []Related{{Pos: Pos{File: "s.yaml", Line: 1, Col: 1}, Message: "declared here"}}
	var b bytes.Buffer
	if err := WriteText(&b, l, false); err != nil {
		t.Fatal(err)
	}
	want := "u.yaml:3:5: error[schema.unknown-key]: unknown key \"colr\" (did you mean \"colour\"?) [s.yaml:1:1: declared here]\n1 error, 0 warnings\n"
	if b.String() != want {
		t.Errorf("text =\n%q\nwant\n%q", b.String(), want)
	}
	b.Reset()
	WriteGitHub(&b, l)
	if !strings.HasPrefix(b.String(), "::error file=u.yaml,line=3,col=5,endLine=3,title=schema.unknown-key::unknown key") {
		t.Errorf("github = %q", b.String())
	}
	// Where the source gives the value's end, the annotation spans it.
	l[0].Pos.EndLine, l[0].Pos.EndCol = 4, 9
	b.Reset()
	WriteGitHub(&b, l)
	if !strings.HasPrefix(b.String(), "::error file=u.yaml,line=3,col=5,endLine=4,endColumn=9,title=schema.unknown-key::") {
		t.Errorf("github = %q", b.String())
	}
}

// The zero Severity is not an error in disguise: it is invalid, and JSON refuses to write it.
func TestZeroSeverityIsInvalid(t *testing.T) {
	var s Severity
	if s.Valid() || s.String() != "invalid" {
		t.Errorf("zero severity: valid=%v string=%q", s.Valid(), s)
	}
	for _, ok := range []Severity{Error, Warning, Info} {
		if !ok.Valid() {
			t.Errorf("%s is not valid", ok)
		}
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, List{{Code: "x", Message: "no severity"}}); err == nil {
		t.Error("JSON wrote a diagnostic with no severity")
	}
}

// SARIF carries the end of a region and marks warnings the package expects as suppressed in source, with
// the package's reason.
func TestSARIFRegionsAndSuppressions(t *testing.T) {
	l := List{
		{Severity: Warning, Code: "victory.gap", Message: "a hole", Pos: Pos{File: "s.yaml", Line: 3, Col: 5, EndLine: 3, EndCol: 9, Path: "/victory"},
			Expected: true, Related: []Related{{Pos: Pos{File: "muster.yaml", Line: 9}, Message: ExpectedNote + "the published table has it"}}},
	}
	var b bytes.Buffer
	if err := WriteSARIF(&b, l, "test", nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"endLine": 3`, `"endColumn": 9`, `"kind": "inSource"`, `"justification": "the published table has it"`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("SARIF lacks %s:\n%s", want, b.String())
		}
	}
	b.Reset()
	if err := WriteJSON(&b, l); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"path": "/victory"`, `"endCol": 9`, `"expected": true`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b.String())
		}
	}
}

// A warning the package expects is one short line without --verbose, and the summary says how many there are.
func TestExpectedWarningsOneLine(t *testing.T) {
	l := List{{Severity: Warning, Code: "victory.gap", Pos: Pos{File: "s.yaml", Line: 7, Col: 3}, Expected: true,
		Message: strings.Repeat("scenario intro's victory levels leave no level for a score of 5 ", 4), Hint: "close the gap",
		Related: []Related{{Pos: Pos{File: "muster.yaml", Line: 9}, Message: ExpectedNote + "as printed"}}}}
	var b strings.Builder
	if err := WriteTextStyled(&b, l, TextStyle{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "s.yaml:7:3: warning[victory.gap] (expected): scenario intro's") ||
		len([]rune(lines[0])) > 160 || strings.Contains(lines[0], "close the gap") || lines[1] != "0 errors, 1 warning (1 expected by the package: --verbose writes them in full)" {
		t.Errorf("got:\n%s", b.String())
	}
	b.Reset()
	if err := WriteTextStyled(&b, l, TextStyle{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "close the gap") || !strings.Contains(b.String(), "as printed") {
		t.Errorf("verbose: %s", b.String())
	}
}
