package names

import "testing"

// A repeat is numbered from 2, a numbered name that is itself taken moves on, and taken names count.
func TestUnique(t *testing.T) {
	u := NewUnique("%s-%d", "thg")
	for _, c := range [][2]string{{"board", "board"}, {"board", "board-2"}, {"board-3", "board-3"}, {"board", "board-4"}, {"thg", "thg-2"}} {
		if got := u.Take(c[0]); got != c[1] {
			t.Errorf("Take(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	if got := NewUnique("%s (%d)").Take("x"); got != "x" {
		t.Errorf("first x = %q", got)
	}
}
