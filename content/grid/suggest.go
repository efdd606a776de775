package grid

import "sort"

// Suggest returns the labels closest to label, for "did you mean" messages:
// those within an edit distance of 2 (optimal string alignment
// Damerau-Levenshtein: insertions, deletions, substitutions and swaps of
// neighbouring characters cost 1), where the look-alike substitutions O/o/0,
// l/1/I/i/| and a change of letter case cost only ½. Results are ordered
// by distance, then as in labels; an exact match comes first alone.
func Suggest(label string, labels []string) []string {
	type cand struct {
		s    string
		cost int
		i    int
	}
	var cs []cand
	var row0, row1, row2 []int
	for i, l := range labels {
		if l == label {
			return []string{l}
		}
		if d := len(l) - len(label); d > 2 || d < -2 {
			continue
		}
		c := editCost(label, l, &row0, &row1, &row2)
		if c <= 4 {
			cs = append(cs, cand{l, c, i})
		}
	}
	sort.SliceStable(cs, func(a, b int) bool { return cs[a].cost < cs[b].cost })
	out := make([]string, 0, len(cs))
	seen := map[string]bool{}
	for _, c := range cs {
		if !seen[c.s] {
			seen[c.s] = true
			out = append(out, c.s)
		}
	}
	return out
}

// editCost is twice the weighted OSA distance between a and b.
func editCost(a, b string, r0, r1, r2 *[]int) int {
	n := len(b) + 1
	grow := func(r *[]int) []int {
		if cap(*r) < n {
			*r = make([]int, n)
		}
		return (*r)[:n]
	}
	prev2, prev, cur := grow(r0), grow(r1), grow(r2)
	for j := range prev {
		prev[j] = 2 * j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = 2 * i
		for j := 1; j < n; j++ {
			c := min(prev[j]+2, cur[j-1]+2, prev[j-1]+subCost(a[i-1], b[j-1]))
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				c = min(c, prev2[j-2]+2)
			}
			cur[j] = c
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[n-1]
}

func subCost(x, y byte) int {
	switch {
	case x == y:
		return 0
	case lookAlike(x) != 0 && lookAlike(x) == lookAlike(y):
		return 1
	case x|0x20 == y|0x20 && x|0x20 >= 'a' && x|0x20 <= 'z':
		return 1
	}
	return 2
}

func lookAlike(c byte) byte {
	switch c {
	case 'O', 'o', '0':
		return '0'
	case 'l', '1', 'I', 'i', '|':
		return '1'
	}
	return 0
}
