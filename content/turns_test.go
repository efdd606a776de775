package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

// A turn box counts units before their abbreviation, and where the abbreviation begins with a digit it says
// "1 × 1G": "1 1G" read as a number.
func TestBoxLinesCountAbbreviations(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "river-line")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples", "testdata", "river-line"))); err != nil {
		t.Fatal(err)
	}
	units := filepath.Join(dir, "units.yaml")
	text := string(must.ReadFile(t, units))
	must.WriteFile(t, units, []byte(strings.Replace(text, "abbr: Gds\n", "abbr: 1G\n", 1)))
	pkg := loadMaps(t, dir)
	sc := pkg.Scenario("autumn-offensive")
	var lines []string
	for _, b := range sc.TurnRecord() {
		lines = append(lines, b.BoxLines(pkg, sc)...)
	}
	all := strings.Join(lines, " | ")
	if !strings.Contains(all, "Avail. Southern: 1 × 1G") || !strings.Contains(all, "+ Southern: 1 Tank") {
		t.Errorf("the turn record says: %s", all)
	}
}
