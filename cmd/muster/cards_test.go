package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A hostile deck on the command line: a card of a million copies, a card whose event text is a megabyte. The
// build reports each at its line of the card's file, exits 1 and writes nothing.
func TestBuildRefusesHostileDecks(t *testing.T) {
	for _, tc := range []struct{ name, card, want string }{
		{"a million cards", "kind: Card\nid: many\ntitle: Many\ncount: 1000000\n", "cards.yaml:4:8: error[cards.count]"},
		{"a megabyte of text", "kind: Card\nid: long\ntitle: Long\ntext: \"" + strings.Repeat("word ", 200_000) + "\"\n", "cards.yaml:4:7: error[cards.text-size]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range map[string]string{
				"muster.yaml": "kind: Package\nid: hostile\nversion: 1.0.0\nsystem: s\ninclude: [system.yaml, deck.yaml, cards.yaml]\n",
				"system.yaml": "kind: System\nid: s\n",
				"deck.yaml":   "kind: Deck\nid: d\n",
				"cards.yaml":  tc.card,
			} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, stderr := runCLI(t, "build", dir, "-o", out)
			if code != 1 || !strings.Contains(stdout, tc.want) {
				t.Errorf("exit %d, want 1 and %q:\n%s%s", code, tc.want, stdout, stderr)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("the build wrote %s (%v)", out, err)
			}
		})
	}
}
