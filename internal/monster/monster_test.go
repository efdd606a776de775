package monster

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The published monster: seven maps of the most 0.6in hexes a 22 x 34in sheet holds, 5,000 counters, and a
// scenario setting up 1,500 units each in a hex of its own (the packages' validation is build's tests').
func TestWritePublished(t *testing.T) {
	if c, r := Published.Grid(); c != 41 || r != 55 {
		t.Errorf("22 x 34in of 0.6in hexes: %d x %d", c, r)
	}
	if c, r := PublishedLong.Grid(); c != 64 || r != 190 {
		t.Errorf("34 x 115in of 0.6in hexes: %d x %d", c, r)
	}
	dir := t.TempDir()
	if err := Write(filepath.Join("..", "..", "examples", "highest-ground"), dir, Published); err != nil {
		t.Fatal(err)
	}
	boards, _ := filepath.Glob(filepath.Join(dir, "boards", "*.yaml"))
	if len(boards) != 7 {
		t.Errorf("%d maps", len(boards))
	}
	mix, err := os.ReadFile(filepath.Join(dir, "counters.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, m := range regexp.MustCompile(`count: (\d+)`).FindAllStringSubmatch(string(mix), -1) {
		n := 0
		for _, d := range m[1] {
			n = 10*n + int(d-'0')
		}
		total += n
	}
	if total != 5000 {
		t.Errorf("%d counters", total)
	}
	sc, err := os.ReadFile(filepath.Join(dir, "scenarios", "battle.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cells := regexp.MustCompile(`"(\d{4})"`).FindAllStringSubmatch(string(sc), -1)
	seen := map[string]bool{}
	for _, c := range cells {
		seen[c[1]] = true
	}
	if len(cells) != 1500 || len(seen) != 1500 {
		t.Errorf("%d set-up cells, %d distinct", len(cells), len(seen))
	}
	if !strings.Contains(string(sc), "Illustrative") {
		t.Error("the scenario does not say it is illustrative")
	}
}
