package diag

import (
	"sort"
	"strings"

	"github.com/xrash/smetrics"
)

// Suggest returns the candidates closest to word by edit distance, best first, for "did you mean" hints. A
// candidate qualifies when its distance is small for its length (at most 1 for words of up to 3 letters, 2 for
// 4+, 3 for 10+), comparing case-insensitively and treating the look-alikes O/0 and l/1/I as equal.
// It returns at most max candidates.
func Suggest(word string, candidates []string, max int) []string {
	if word == "" || len(candidates) == 0 || max <= 0 {
		return nil
	}
	w := fold(word)
	limit := 1
	switch {
	case len(word) >= 10:
		limit = 3
	case len(word) >= 4:
		limit = 2
	}
	type scored struct {
		s string
		d int
	}
	var found []scored
	seen := map[string]bool{}
	for _, c := range candidates {
		if c == word || seen[c] {
			continue
		}
		seen[c] = true
		d := smetrics.WagnerFischer(w, fold(c), 1, 1, 1)
		if d <= limit {
			found = append(found, scored{c, d})
		}
	}
	sort.Slice(found, func(i, j int) bool {
		if found[i].d != found[j].d {
			return found[i].d < found[j].d
		}
		return found[i].s < found[j].s
	})
	var out []string
	for i := 0; i < len(found) && i < max; i++ {
		out = append(out, found[i].s)
	}
	return out
}

// DidYouMean formats the best suggestion as a hint, or "" when there is none.
//
// A candidate that differs from word only in the leading zeros of its numbers (0101 for 101, 42 for 0042) is
// the one meant, and the hint says how it most likely happened: a spreadsheet read the id as a number.
func DidYouMean(word string, candidates []string) string {
	if c, ok := zeroPadded(word, candidates); ok {
		return "did you mean " + quote(c) + "? (did the spreadsheet drop the leading zero? a spreadsheet reads an id such as 0101 as the number 101: keep the column as text)"
	}
	s := Suggest(word, candidates, 3)
	switch len(s) {
	case 0:
		return ""
	case 1:
		return "did you mean " + quote(s[0]) + "?"
	}
	q := make([]string, len(s))
	for i, c := range s {
		q[i] = quote(c)
	}
	return "did you mean " + strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1] + "?"
}

func quote(s string) string { return "\"" + s + "\"" }

var lookalike = strings.NewReplacer("o", "0", "O", "0", "l", "1", "I", "1", "i", "1")

func fold(s string) string { return lookalike.Replace(strings.ToLower(s)) }

// zeroPadded finds the one candidate that is word with its numbers' leading zeros added or taken off.
func zeroPadded(word string, candidates []string) (string, bool) {
	w := stripZeros(word)
	if w == word && !strings.ContainsAny(word, "0123456789") {
		return "", false
	}
	found := ""
	for _, c := range candidates {
		if c != word && stripZeros(c) == w {
			if found != "" && found != c {
				return "", false
			}
			found = c
		}
	}
	return found, found != ""
}

// stripZeros takes the leading zeros off every run of digits in s: A0101 → A101, 007 → 7, 0 stays 0.
func stripZeros(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] < '0' || s[i] > '9' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		run := strings.TrimLeft(s[i:j], "0")
		if run == "" {
			run = "0"
		}
		b.WriteString(run)
		i = j
	}
	return b.String()
}
