package content

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content/diag"
)

// What a spreadsheet did to a file is an error at the cell: UTF-8 read as Windows-1252 in any column, a
// fraction made a date and a ratio made a time, with what the cell most likely was.
func TestCSVSpreadsheetDamageIsAnErrorAtTheCell(t *testing.T) {
	src := "id,name,movement,notes\n" +
		"a,Knights,1Â½,fine\n" + // line 2: ½ read as Windows-1252
		"b,Cavalry â€” light,2,\n" + // line 3: an em dash
		"c,Foot,04/02/26,\n" + // line 4: 4/2 read as a date by LibreOffice
		"d,Foot,01:02:00 AM,\n" + // line 5: 1:2 as a time
		"e,Foot,1:02,\n" + // line 6: 1:2 as Excel shows a time
		"f,Foot,4/2/2026,\n" + // line 7: Excel's date
		"g,Foot,2-Apr,\n" + // line 8: Excel's day and month
		"h,\"Caf\u00e9, fine\",1:2,½ 10:30 3/4 2026\n" + // line 9: nothing wrong
		"i,Foot,\"04/02/26\",\"2-Apr\"\n" // line 10: quoted, so text a spreadsheet kept as text
	_, ds := readUnits(t, src)
	want := map[string]string{
		"units.csv:2:11": `cell C2 reads "1Â½", which is "1½" decoded with the wrong character set`,
		"units.csv:3:3":  `cell B3 reads "Cavalry â€” light", which is "Cavalry — light"`,
		"units.csv:4:8":  `cell C4 reads "04/02/26", a date`,
		"units.csv:5:8":  `cell C5 reads "01:02:00 AM", a time`,
		"units.csv:6:8":  `cell C6 reads "1:02", a time`,
		"units.csv:7:8":  `cell C7 reads "4/2/2026", a date`,
		"units.csv:8:8":  `cell C8 reads "2-Apr", a date`,
	}
	hints := map[string]string{"units.csv:4:8": "was it 4/2?", "units.csv:5:8": "was it 1:2?", "units.csv:6:8": "was it 1:2?", "units.csv:7:8": "was it 4/2?"}
	got := map[string]bool{}
	for _, d := range ds {
		at := d.Pos.String()
		w, ok := want[at]
		if !ok || d.Severity != diag.Error || !strings.Contains(d.Message, w) {
			t.Errorf("unexpected %s", d)
			continue
		}
		if h := hints[at]; h != "" && !strings.HasPrefix(d.Hint, h) {
			t.Errorf("%s: hint %q, want it to start %q", at, d.Hint, h)
		}
		got[at] = true
	}
	for at, w := range want {
		if !got[at] {
			t.Errorf("no error at %s: %s", at, w)
		}
	}
}

// A cell written as a text formula (="0101", as muster export csv writes an id a spreadsheet would take for a
// number) reads as its text, at the text's place, when a spreadsheet saved it as it was.
func TestCSVTextFormulaReadsAsItsText(t *testing.T) {
	docs, ds := readUnits(t, "id,name,movement\n\"=\"\"0101\"\"\",\"=\"\"say \"\"\"\"hi\"\"\"\"\"\"\",\"=\"\"+1\"\"\"\n")
	if len(ds) != 0 || len(docs) != 1 {
		t.Fatalf("%d documents, %v", len(docs), ds)
	}
	m := docs[0].Value.(map[string]any)
	if m["id"] != "0101" || m["name"] != `say "hi"` || fmt.Sprint(m["stats"]) != "map[movement:1]" {
		t.Errorf("read %v", m)
	}
	if p := docs[0].PosOf("/id"); p.Col != 4 {
		t.Errorf("the id is at %s, want column 4", p)
	}
}

// An id that lost its leading zeros in a spreadsheet is named in the hint of the reference it breaks.
func TestDidYouMeanLeadingZero(t *testing.T) {
	for _, c := range []struct {
		word  string
		cands []string
		want  string
	}{
		{"101", []string{"0101", "0102"}, `did you mean "0101"? (did the spreadsheet drop the leading zero?`},
		{"0042", []string{"42", "43"}, `did you mean "42"? (did the spreadsheet drop the leading zero?`},
		{"A101", []string{"A0101"}, `did you mean "A0101"? (did the spreadsheet drop`},
		{"knight", []string{"knights"}, `did you mean "knights"?`},
	} {
		if got := diag.DidYouMean(c.word, c.cands); !strings.HasPrefix(got, c.want) {
			t.Errorf("DidYouMean(%q) = %q, want %q…", c.word, got, c.want)
		}
	}
}

// An include that points into an output folder inside the package says why it reads nothing.
func TestIncludeIntoAnOutputFolderSaysWhy(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"muster.yaml":               "kind: Package\nid: g\nversion: 1.0.0\nsystem: s\ninclude:\n  - system.yaml\n  - {file: sheets/unit-types.csv, kind: UnitType}\n",
		"system.yaml":               "kind: System\nid: s\nstats:\n  - {id: movement}\n",
		"sheets/unit-types.csv":     "id,movement\ninf,4\n",
		"sheets/.muster-build.json": "{}",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, ds := Load(dir)
	found := false
	for _, d := range ds {
		if d.Code == "package.include" && strings.Contains(d.Message, "sheets is an output folder") && strings.Contains(d.Hint, "move the files") {
			found = true
		}
	}
	if !found {
		t.Errorf("no reason given:\n%v", ds)
	}
}

// Any value muster writes into a spreadsheet reads back as itself (GuardCell and the reader's apostrophe and
// text formula agree), and the damage checks never fire on what muster wrote nor take more than one pass.
func FuzzGuardCellReadsBack(f *testing.F) {
	for _, s := range []string{"0101", "+1", "4/2", "1:2", `="x"`, `'=x`, "Â½", "01:02:00 AM", "2-Apr", "true", `a"b`, "-", "1e3", "=1+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if !utf8.ValidString(v) || strings.TrimSpace(v) != v || v == "" || strings.ContainsAny(v, "\r\n\x00") {
			return
		}
		if _, bad := mojibake(v); bad {
			return // a value that is itself mojibake is reported, rightly
		}
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		writeGuarded(w, []string{"id", "name"})
		writeGuarded(w, []string{"x", v})
		w.Flush()
		docs, ds := parseCSV("f.csv", b.Bytes(), KindUnitType, "", testStats, &valueBudget{})
		if len(docs) != 1 || len(ds) != 0 {
			t.Fatalf("%q written as %q: %d documents, %v", v, b.String(), len(docs), ds)
		}
		if got := docs[0].Value.(map[string]any)["name"]; got != v {
			t.Fatalf("%q written as %q read back as %q", v, b.String(), got)
		}
	})
}
