package docs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/build/errata"
	"github.com/muster-wargames/muster/validate"
)

var diffBlock = regexp.MustCompile("(?s)<!-- diff: (\\S+) (\\S+) -->\n```\n(.*?)```\n")

// docs/diff.md's example is what muster diff --content-only prints now for the BAR's attack changed from 2*
// to 3* in a copy of The Highest Ground (MUSTER_UPDATE_DOCS=1 rewrites it).
func TestDiffPage(t *testing.T) {
	md := readDoc(t, "diff.md")
	m := diffBlock.FindStringSubmatch(md)
	if m == nil {
		t.Fatal("docs/diff.md has no example block")
	}
	const attack = `stats: {movement: 1, range: 4, attack: "2*", morale: 1, defense: 2}`
	name, file := m[1], m[2]
	src := filepath.Join("..", "examples", name)
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, filepath.FromSlash(file))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(b), attack, strings.Replace(attack, `"2*"`, `"3*"`, 1), 1)
	if changed == string(b) {
		t.Fatalf("%s has no %q", file, attack)
	}
	if err := os.WriteFile(p, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	version := func(dir, shown string) errata.Version {
		c, err := validate.Load(dir).Checked()
		if err != nil {
			t.Fatal(err)
		}
		return errata.Version{Checked: c, Dir: dir, Shown: shown}
	}
	r, ds, err := errata.Compare(version(src, "v1.0:examples/"+name), version(dir, "examples/"+name), errata.Options{})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	var out bytes.Buffer
	if err := r.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	got := filepath.ToSlash(out.String())
	if got == m[3] {
		return
	}
	if update() {
		keepGenerated(t, "diff.md", []byte(strings.Replace(md, m[0], "<!-- diff: "+name+" "+file+" -->\n```\n"+got+"```\n", 1)))
		return
	}
	t.Errorf("docs/diff.md's example is not what muster diff prints now (MUSTER_UPDATE_DOCS=1 go test ./docs/):\n%s", got)
}
