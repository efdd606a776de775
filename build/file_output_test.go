package build

import (
	"strings"
	"testing"
)

// Each file names the output that made it, so the output folder's record never guesses from paths: with
// --only maps, every file (PDFs and PNG previews alike) is the maps output's; in a full build each file
// belongs to the output whose name its path starts with.
func TestFilesNameTheirOutput(t *testing.T) {
	pkg := example(t, "highest-ground")
	res, err := Run(pkg, Options{PNG: true, PageDPI: 10, FaceDPI: 20}, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, f := range res.Files {
		want := strings.TrimSuffix(strings.SplitN(strings.TrimPrefix(f.Path, "png/"), "/", 2)[0], ".pdf")
		if f.Output != want {
			t.Errorf("%s: output %q, want %q", f.Path, f.Output, want)
		}
		seen[f.Output]++
	}
	for _, name := range res.Outputs {
		if name == "cards" && len(pkg.Package().Decks()) == 0 {
			continue // a game without cards prints none
		}
		if seen[name] == 0 && name != "labels" { // labels: nothing for a package without blocks
			t.Errorf("no file of output %s", name)
		}
	}
	res, err = Run(pkg, Options{}, []string{"maps"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		if f.Output != "maps" {
			t.Errorf("--only maps: %s is %q's", f.Path, f.Output)
		}
	}
}
