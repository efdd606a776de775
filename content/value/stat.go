package value

import (
	"errors"
	"fmt"
	"strings"
)

// Flag marks how a printed value is to be read. Games give these meanings in their System content; the model
// only records which mark was printed.
type Flag string

const (
	// FlagStar is a trailing asterisk: `3*` (The Highest Ground: a mercenary weapon's attack factor).
	FlagStar Flag = "star"
	// FlagBracket is a value in brackets: `[4]` (PRESTAGS: melee defence at half strength).
	FlagBracket Flag = "bracket"
	// FlagDot is a printed dot instead of a number: `.` (PRESTAGS: no offensive melee; counts as 1 for VP).
	FlagDot Flag = "dot"
	// FlagNone is a dash: `-` (De Gre: this stand has no firing range).
	FlagNone Flag = "none"
	// FlagSeeRules is an asterisk alone: `*` (De Gre: chariots' melee value, "see rules").
	FlagSeeRules Flag = "see-rules"
)

// AllFlags lists every flag, in the order the schema documents them.
var AllFlags = []Flag{FlagStar, FlagBracket, FlagDot, FlagNone, FlagSeeRules}

// Value is a number as printed on a counter or in a table: `3`, `2½`, `3*`, `[4]`, `.`, `-`, `*`.
// Number is meaningful unless the flag is dot, none or see-rules (for which it is zero).
type Value struct {
	Number Number
	Flag   Flag // "" for a plain number
	Text   string
}

// Plain reports whether the value is a bare number.
func (v Value) Plain() bool { return v.Flag == "" }

// HasNumber reports whether the value carries a number (plain, starred or bracketed).
func (v Value) HasNumber() bool { return v.Flag == "" || v.Flag == FlagStar || v.Flag == FlagBracket }

// String prints the value in its canonical notation.
func (v Value) String() string {
	switch v.Flag {
	case FlagStar:
		return v.Number.String() + "*"
	case FlagBracket:
		return "[" + v.Number.String() + "]"
	case FlagDot:
		return "."
	case FlagNone:
		return "-"
	case FlagSeeRules:
		return "*"
	}
	return v.Number.String()
}

// ParseValue reads a printed value.
func ParseValue(s string) (Value, error) {
	t := strings.TrimSpace(s)
	v := Value{Text: t}
	switch t {
	case ".":
		v.Flag = FlagDot
		return v, nil
	case "-", "–", "—":
		v.Flag = FlagNone
		return v, nil
	case "*":
		v.Flag = FlagSeeRules
		return v, nil
	}
	inner := t
	switch {
	case strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]"):
		v.Flag = FlagBracket
		inner = t[1 : len(t)-1]
	case strings.HasSuffix(t, "*"):
		v.Flag = FlagStar
		inner = t[:len(t)-1]
	}
	n, err := ParseNumber(inner)
	if errors.Is(err, ErrPrecision) {
		return Value{}, err
	}
	if err != nil {
		return Value{}, fmt.Errorf("%q is not a value: write a number (3, 2½, 1/2), or 3*, [4], '.', '-' or '*'", s)
	}
	v.Number = n
	return v, nil
}

// Grade is a letter rating such as Fields of Honor's A–E morale, fire and melee classes.
type Grade string

// ParseGrade reads a single capital letter A–Z; which letters a stat allows is the System's business.
func ParseGrade(s string) (Grade, error) {
	t := strings.TrimSpace(s)
	if len(t) != 1 || t[0] < 'A' || t[0] > 'Z' {
		return "", fmt.Errorf("%q is not a grade: write one capital letter such as A or E", s)
	}
	return Grade(t), nil
}

// Rank orders a grade within an ordered list of grades (best first); -1 if absent.
func (g Grade) Rank(order []string) int {
	for i, o := range order {
		if o == string(g) {
			return i
		}
	}
	return -1
}
