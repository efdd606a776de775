// Package names gives the things an exporter writes names that are safe and unique: file stems that are safe
// in file names and URLs, and names numbered when they repeat. The VASSAL module and the Tabletop Simulator
// set name their boards, pieces and files the same way.
package names

import (
	"fmt"
	"strings"
)

// Stem makes a name safe as part of a file name and of a URL: lower-case letters, digits, - and _; anything
// else becomes -, and a name with nothing left is "x".
func Stem(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r - 'A' + 'a')
		default:
			b.WriteByte('-')
		}
	}
	t := strings.Trim(b.String(), "-")
	if t == "" {
		t = "x"
	}
	return t
}

// Unique numbers names that repeat: the first "board" stays "board", the second becomes "board-2" (with the
// format "%s-%d") or "board (2)" (with "%s (%d)").
type Unique struct {
	format string
	seen   map[string]int
}

// NewUnique makes names unique with a format of the name and its number; taken are names already in use.
func NewUnique(format string, taken ...string) *Unique {
	u := &Unique{format: format, seen: map[string]int{}}
	for _, t := range taken {
		u.seen[t] = 1
	}
	return u
}

// Take returns name, numbered if it was taken before.
func (u *Unique) Take(name string) string {
	if u.seen[name] == 0 {
		u.seen[name] = 1
		return name
	}
	for {
		u.seen[name]++
		numbered := fmt.Sprintf(u.format, name, u.seen[name])
		if u.seen[numbered] == 0 {
			u.seen[numbered] = 1
			return numbered
		}
	}
}
