// Package english composes the small pieces of English that muster's sentences are made of: a count with its
// noun ("1 unit", "3 units", "0 units") and a list joined as prose ("a, b and c"). Every sentence a printer,
// generator or command composes from a number takes its noun from here, so it reads right for 0, 1 and many.
package english

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Plural is the plural of a regular English noun phrase, by its last word: unit → units, hex → hexes,
// battery → batteries, box → boxes. Irregular nouns take Count's explicit form.
func Plural(noun string) string {
	if noun == "" {
		return noun
	}
	lower := strings.ToLower(noun)
	switch {
	case strings.HasSuffix(lower, "s"), strings.HasSuffix(lower, "x"), strings.HasSuffix(lower, "z"),
		strings.HasSuffix(lower, "ch"), strings.HasSuffix(lower, "sh"):
		return noun + "es"
	case strings.HasSuffix(lower, "y") && len(lower) > 1 && !strings.ContainsRune("aeiou", rune(lower[len(lower)-2])):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}

// Noun is the noun for a count: singular for exactly one, the plural otherwise (0 units, 1 unit, 2 units).
// plural may be left out for a regular noun.
func Noun(n int, singular string, plural ...string) string {
	if n == 1 || n == -1 {
		return singular
	}
	if len(plural) > 0 && plural[0] != "" {
		return plural[0]
	}
	return Plural(singular)
}

// Count is a number with its noun: Count(1, "unit") is "1 unit", Count(3, "hex") is "3 hexes",
// Count(2, "staff", "staves") is "2 staves".
func Count(n int, singular string, plural ...string) string {
	return strconv.Itoa(n) + " " + Noun(n, singular, plural...)
}

// List joins items as prose: "a", "a and b", "a, b and c"; conj replaces "and" when given ("or").
func List(items []string, conj ...string) string {
	and := "and"
	if len(conj) > 0 && conj[0] != "" {
		and = conj[0]
	}
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + and + " " + items[len(items)-1]
}

// Possessive is a name with its possessive ending: "Roman Empire's", "Steppe barbarians'".
func Possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// Article is a noun with its indefinite article: "a cell", "an area".
func Article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiouAEIOU", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// Sentences joins clauses a writer gave as a list into text that ends once: phrases ("movement halved", "no
// air") are joined with semicolons and end with a period; where any of them is already a sentence (it ends
// with . ! or ?), each is a sentence of its own, joined with a space, so that none ends ".;" or "..".
func Sentences(items []string) string {
	var kept []string
	sentences := false
	for _, s := range items {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		kept = append(kept, s)
		sentences = sentences || endsSentence(s)
	}
	if len(kept) == 0 {
		return ""
	}
	if !sentences {
		return strings.Join(kept, "; ") + "."
	}
	for i, s := range kept {
		if !endsSentence(s) {
			s += "."
		}
		if r, size := utf8.DecodeRuneInString(s); unicode.IsLower(r) {
			s = string(unicode.ToUpper(r)) + s[size:]
		}
		kept[i] = s
	}
	return strings.Join(kept, " ")
}

func endsSentence(s string) bool {
	s = strings.TrimRight(s, `"')]”’`)
	return strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?")
}
