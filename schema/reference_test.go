package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/reference.md is the generated reference, kept in the repository for readers; it must equal what
// `muster schema docs` prints. Regenerate it with: go run ./cmd/muster schema docs > docs/reference.md
func TestReferenceIsCurrent(t *testing.T) {
	got, err := Reference()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## UnitType", "| `stats` |", "## Scenario", "### sides", "| `stackingVariant` |", "`length`"} {
		if !strings.Contains(got, want) {
			t.Errorf("the reference lacks %q", want)
		}
	}
	saved, err := os.ReadFile(filepath.Join("..", "docs", "reference.md"))
	if err != nil {
		t.Fatalf("docs/reference.md: %v (write it with: go run ./cmd/muster schema docs > docs/reference.md)", err)
	}
	if string(saved) != got {
		t.Error("docs/reference.md is out of date: go run ./cmd/muster schema docs > docs/reference.md")
	}
}
