package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `muster style list` names each style with its roles; `muster style show NAME` prints the style as muster
// ships it, YAML a designer copies into a System's faces and edits: pasted as the starter game's layouts (the
// front's and the reduced back's, their roles made formats or left out) it validates. A name
// that is no style is a usage error with a suggestion.
func TestStyleCommand(t *testing.T) {
	code, out, errs := runMuster(t, "style", "list")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"classic", "roles: top-left, top-right, id, factors", "numbers-in-corners", "ancients"} {
		if !strings.Contains(out, want) {
			t.Errorf("style list lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = runMuster(t, "style", "show", "classic")
	if code != 0 || !strings.Contains(out, "{role: factors, x: 0.5, y: 0.77, size: 1.2, bold: true, w: 0.76}") {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	// Copied into the starter game as its layout, with the factor line's role made a format: it validates.
	dir := filepath.Join(t.TempDir(), "g")
	if code, _, errs := runMuster(t, "init", dir); code != 0 {
		t.Fatal(errs)
	}
	// The front's layout takes the place of the style, the reduced back's (the second document) is a layout
	// of its own that the front names as its back.
	front, back, _ := strings.Cut(out, "\n---")
	indent := func(doc string) []string {
		var out []string
		for _, l := range strings.Split(doc, "\n") {
			if strings.HasPrefix(l, "#") || l == "" || strings.Contains(l, "role: top-") {
				continue
			}
			l = strings.Replace(l, "role: factors,", `format: "{attack}-{defense}-{movement}",`, 1)
			l = strings.Replace(l, "role: id, ", "", 1)
			out = append(out, "    "+l)
		}
		return out
	}
	layout := append([]string{"    back: unit-reduced"}, indent(front)...)
	layout = append(append(layout, "  - id: unit-reduced"), indent(back)...)
	sysFile := filepath.Join(dir, "system.yaml")
	b, err := os.ReadFile(sysFile)
	if err != nil {
		t.Fatal(err)
	}
	old := "    style: classic\n    roles: {factors: \"{attack}-{defense}-{movement}\"}\n"
	if !strings.Contains(string(b), old) {
		t.Fatalf("the starter's layout is not the classic style:\n%s", b)
	}
	copied := strings.Replace(string(b), old, strings.Join(layout, "\n")+"\n", 1)
	if err := os.WriteFile(sysFile, []byte(copied), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runMuster(t, "validate", dir); code != 0 || !strings.Contains(out+errs, "no problems") {
		t.Errorf("the copied style does not validate (exit %d):\n%s%s\n%s", code, out, errs, copied)
	}
	code, _, errs = runMuster(t, "style", "show", "clasic")
	if code != 2 || !strings.Contains(errs, `did you mean "classic"?`) {
		t.Errorf("exit %d: %s", code, errs)
	}
}
