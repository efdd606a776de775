// Package names numbers the names an exporter writes when they repeat, so that the VASSAL module and the
// Tabletop Simulator set number their boards, pieces and files the same way (their file stems are
// content.Stem's, by content.ExportStem).
package names

import "fmt"

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
