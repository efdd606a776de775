package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A package written for an earlier release hears once which findings come from checks added since; a package
// written for this release, or with no such finding, hears nothing; one asking for a later muster is refused.
func TestNewChecksNote(t *testing.T) {
	saved := Changes
	defer func() { Changes = saved }()
	// As if muster 0.1.0 had added the stacking check's limit after a first release 0.0.1.
	Changes = []Change{{Version: "0.1.0", Codes: []string{"stacking.limit"}}}
	for _, tc := range []struct{ muster, want string }{
		{`">=0.0.1"`, "the package is written for muster 0.0.1; some of what is reported here is checked since: muster 0.1.0 added stacking.limit (2)"},
		{`"^0.1"`, ""},
		{`">=0.3"`, "manifest.muster: the package asks for muster >=0.3; this is muster 0.1.0"},
		{`"around 1"`, "manifest.muster: the package asks for muster \"around 1\": \"around\" is not a version range"},
	} {
		dir := copyTree(t, filepath.Join("testdata", "placement")) // sets up units over the limit twice: stacking.limit
		man := filepath.Join(dir, "muster.yaml")
		text, err := os.ReadFile(man)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(man, []byte(string(text)+"muster: "+tc.muster+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range Load(dir).Diags {
			if strings.HasPrefix(d.Code, "manifest.") {
				got = append(got, d.Code+": "+d.Message)
			}
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("muster %s: %v, want nothing", tc.muster, got)
		case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)):
			t.Errorf("muster %s: %q, want %q", tc.muster, got, tc.want)
		}
	}
}

// docs/changes.md lists every change of every release, under the release's heading.
func TestChangesDocListsEveryChange(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "docs", "changes.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(text)
	for _, c := range Changes {
		head := "## " + c.Version
		i := strings.Index(doc, head)
		if i < 0 {
			t.Errorf("docs/changes.md has no heading %q", head)
			continue
		}
		section := doc[i+len(head):]
		if j := strings.Index(section, "\n## "); j >= 0 {
			section = section[:j]
		}
		for _, code := range c.Codes {
			if !strings.Contains(section, "`"+code+"`") {
				t.Errorf("docs/changes.md's %s section does not name `%s`", c.Version, code)
			}
		}
	}
}
