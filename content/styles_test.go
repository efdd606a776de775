package content

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every style muster ships loads, front and reduced back, in the content language; its file says how to pick
// it and names each of its roles; its elements print in the bundled face.
func TestShippedStylesLoad(t *testing.T) {
	for _, name := range FaceStyles() {
		st := FaceStyle(name)
		if st == nil || len(st.Slots) == 0 {
			t.Fatalf("style %s does not load", name)
		}
		src, _ := FaceStyleSource(name)
		if !strings.Contains(string(src), "style: "+name) {
			t.Errorf("style %s's file does not show how to pick it", name)
		}
		for _, r := range st.StyleRoles() {
			if !strings.Contains(string(src), "role: "+r) {
				t.Errorf("style %s: role %s", name, r)
			}
		}
		if st.Font != "plex-sans-condensed" {
			t.Errorf("style %s prints in %q", name, st.Font)
		}
	}
	if FaceStyle("nope") != nil {
		t.Error("a style muster does not ship")
	}
	if FaceStyleBack(StyleClassic) == nil || FaceStyleBack(StyleNumbersInCorners) != nil {
		t.Error("classic has a reduced back of its own; numbers-in-corners's nine places leave room for the stripe")
	}
}

// A layout that picks a style prints its own elements, then the style's, each role filled with the layout's
// format at the place the layout writes it; a role given "" prints nothing, one left out prints what the style
// gives it (classic's id: the abbreviation) or nothing; the layout's own symbol and label win; the reduced
// back's layout is added for it, never a face's by class.
func TestStyleIsLaidOut(t *testing.T) {
	dir := t.TempDir()
	sys := `kind: System
id: s
stats: [{id: attack, type: value}, {id: movement, type: value}, {id: range, type: value}]
faces:
  - id: combat
    style: classic
    label: name
    roles:
      factors: "{attack}-{movement}"
      top-right: ""
    slots:
      - {text: "*", x: 0.9, y: 0.9}
`
	for name, data := range map[string]string{"muster.yaml": "kind: Package\nid: p\nname: P\nversion: 1.0.0\nsystem: s\n", "system.yaml": sys} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkg, ds := Load(dir)
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); len(ds) > 0 {
		t.Fatal(ds)
	}
	s := pkg.System
	if len(s.StyleProblems) > 0 {
		t.Fatal(s.StyleProblems)
	}
	l := &s.Faces[0]
	var got []string
	for _, sl := range l.Slots {
		got = append(got, cmpOr(sl.Format, sl.Text, sl.Show, sl.Stat))
	}
	want := []string{"*", "echelon", "symbol", "abbr", "{attack}-{movement}"}
	if !slices.Equal(got, want) {
		t.Errorf("the layout's elements are %q, want %q", got, want)
	}
	f := l.Slots[len(l.Slots)-1]
	if f.At.Line != 9 || f.At.Col != 16 || f.Fields.Of("format", f.At) != f.At {
		t.Errorf("the factor line is at %s, want the role's value (system.yaml:9:16)", f.At)
	}
	if l.Label != "name" || l.Symbol != "none" || l.Font != "plex-sans-condensed" {
		t.Errorf("label %q, symbol %q, font %q", l.Label, l.Symbol, l.Font)
	}
	if l.Back != "combat"+StyleBackSuffix || len(s.Faces) != 2 || !s.Faces[1].BackOnly || s.Faces[1].ID != l.Back {
		t.Fatalf("the reduced back: %q, %d layouts", l.Back, len(s.Faces))
	}
	if b := s.Faces[1].Slots; b[len(b)-1].Format != "{attack}-{movement}" {
		t.Errorf("the back's factor line is %q", b[len(b)-1].Format)
	}
}

func cmpOr(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
