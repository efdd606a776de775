// Victory conditions in words: what a structured decision (Victory.decide) asks, as the scenario sheet and
// digital play's notes print it.

package content

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content/english"
)

// Describe says a condition in words: "Southern controls Hollin and Vado", "reaches Marginal Victory (A) or a
// higher level", "one of: ...", "not: ...". side names a side by its id, place a location, objective or cell.
func (c *Condition) Describe(who string, side, place func(string) string) string {
	if c.Of != "" {
		who = side(c.Of)
	}
	var parts []string
	names := func(ps []string) []string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = place(p)
		}
		return out
	}
	count := func(verb string, ps []string) string {
		if c.Count > 0 && c.Count < len(ps) {
			return fmt.Sprintf("%s %s %d of %s", who, verb, c.Count, english.List(names(ps), "and"))
		}
		return fmt.Sprintf("%s %s %s", who, verb, english.List(names(ps), "and"))
	}
	if len(c.Controls) > 0 {
		parts = append(parts, count("controls", c.Controls))
	}
	if len(c.Holds) > 0 {
		parts = append(parts, count("occupies", c.Holds))
	}
	if c.Level != "" {
		parts = append(parts, fmt.Sprintf("%s reaches %s or a higher level", who, c.Level))
	}
	if c.Expr != "" {
		parts = append(parts, "("+strings.TrimSpace(c.Expr)+")")
	}
	if len(c.All) > 0 {
		var xs []string
		for i := range c.All {
			xs = append(xs, c.All[i].Describe(who, side, place))
		}
		parts = append(parts, "all of: "+strings.Join(xs, "; "))
	}
	if len(c.Any) > 0 {
		var xs []string
		for i := range c.Any {
			xs = append(xs, c.Any[i].Describe(who, side, place))
		}
		parts = append(parts, "one of: "+strings.Join(xs, "; or "))
	}
	if c.Not != nil {
		parts = append(parts, "not: "+c.Not.Describe(who, side, place))
	}
	return strings.Join(parts, ", and ")
}

// WhenText says when a decision is read: "at the end of the game" or "at any moment (sudden death)".
func (d *Decision) WhenText() string {
	if d.When == DecideAny {
		return "at any moment (sudden death)"
	}
	return "at the end of the game"
}
