// Victory conditions in words: what a structured decision (Victory.decide) asks, as the scenario sheet and
// digital play's notes print it.

package content

import (
	"fmt"
	"slices"
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

// Places are the locations, objectives or cells the condition's leaves name, in order, at any depth.
func (c *Condition) Places() []string {
	out := append(append([]string{}, c.Controls...), c.Holds...)
	for _, subs := range [][]Condition{c.All, c.Any} {
		for i := range subs {
			out = append(out, subs[i].Places()...)
		}
	}
	if c.Not != nil {
		out = append(out, c.Not.Places()...)
	}
	return out
}

// Scores reports whether the scenario's victory reads objective o: it is worth points, an award counts it, or
// a decision names it (or its location or one of its cells) among the places a side must control or hold. An objective that
// scores nothing is only a landmark, and a sheet says so.
func (sc *Scenario) Scores(o *Objective) bool {
	if o.Points != nil {
		return true
	}
	v := sc.Victory
	if v == nil {
		return false
	}
	for _, a := range v.Awards {
		if a.Objective == o.ID {
			return true
		}
	}
	for i := range v.Decide {
		for _, p := range v.Decide[i].Places() {
			if p == o.ID || (o.Location != "" && p == o.Location) || slices.Contains(o.Cells, p) {
				return true
			}
		}
	}
	return false
}
