package buildfile

import (
	"bytes"
	"strings"
	"testing"
)

func TestWriteAndParse(t *testing.T) {
	root := New("VASSAL.launch.BasicModule", "name", `A "B" & <C>`, "tabbed", "a\tb\nc")
	slot := New("VASSAL.build.widget.PieceSlot", "entryName", "x")
	slot.Text = "+/null/a\tb<c>&d/e"
	root.Add(New("VASSAL.build.module.Map", "mapName", "Main").Add(slot), New("entry"))
	data, err := Marshal(root)
	if err != nil {
		t.Fatal(err)
	}
	want := Header + "\n" + `<VASSAL.launch.BasicModule name="A &quot;B&quot; &amp; &lt;C&gt;" tabbed="a&#9;b&#10;c">
    <VASSAL.build.module.Map mapName="Main">
        <VASSAL.build.widget.PieceSlot entryName="x">+/null/a` + "\t" + `b&lt;c&gt;&amp;d/e</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.module.Map>
    <entry/>
</VASSAL.launch.BasicModule>
`
	if string(data) != want {
		t.Errorf("wrote\n%s\nwant\n%s", data, want)
	}
	back, err := Parse(bytes.NewReader(data), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if back.Attr("name") != `A "B" & <C>` || back.Attr("tabbed") != "a\tb\nc" {
		t.Errorf("attributes %v", back.Attrs)
	}
	if got := back.Children[0].Children[0]; got.Text != slot.Text || got.Line != 4 {
		t.Errorf("slot %q at line %d", got.Text, got.Line)
	}
	var paths []string
	back.Walk(func(_ *Element, p string, _ *Element) bool { paths = append(paths, p); return true })
	if strings.Join(paths, " ") != "GameModule GameModule/Map[Main] GameModule/Map[Main]/PieceSlot[x] GameModule/entry" {
		t.Errorf("paths %q", paths)
	}
}

func TestWriteRefusesWhatVASSALWouldReadDifferently(t *testing.T) {
	for _, e := range []*Element{
		{Class: "A", Text: " leading space"},
		{Class: "A", Text: "trailing tab\t"},
		{Class: "A", Attrs: []Attr{{"a", "\x01"}}},
		{Class: "A", Attrs: []Attr{{"a", "\xff"}}},
		{Class: "has space"},
		{Class: "A", Attrs: []Attr{{"1a", ""}}},
	} {
		if _, err := Marshal(e); err == nil {
			t.Errorf("wrote %+v", e)
		}
	}
}

func TestParseLimitsAndErrors(t *testing.T) {
	deep := strings.Repeat("<a>", 70) + strings.Repeat("</a>", 70)
	many := "<r>" + strings.Repeat("<a/>", 50) + "</r>"
	for name, c := range map[string]struct {
		doc string
		lim Limits
	}{
		"too deep":     {deep, DefaultLimits},
		"too many":     {many, Limits{Bytes: 1 << 20, Elements: 10, Depth: 8, Attrs: 8}},
		"too large":    {many, Limits{Bytes: 20, Elements: 100, Depth: 8, Attrs: 8}},
		"doctype":      {`<!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>`, DefaultLimits},
		"mismatch":     {"<a></b>", DefaultLimits},
		"two roots":    {"<a/><b/>", DefaultLimits},
		"no root":      {"  ", DefaultLimits},
		"unterminated": {"<a><b>", DefaultLimits},
	} {
		if _, err := Parse(strings.NewReader(c.doc), c.lim); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}
