// Display names: what a player reads for a side, one function for each form of it, so that the scenario
// sheet, the map, the charts, the rosters, the digital-play exports and the generators' texts name a side
// alike. Factions and classes have theirs on the System (FactionName, ClassName).

package content

import (
	"cmp"
	"strings"
)

// DisplayName is the side's name as players read it: its name, else its id.
func (s *Side) DisplayName() string { return cmp.Or(s.Name, s.ID) }

// ShortName is the side's name without its parenthesis, where a label has room for little more: "Allied
// (Feudal kingdoms)" is "Allied".
func (s *Side) ShortName() string { return withoutParenthesis(s.DisplayName()) }

// BoxName is the side's name as a turn record box has room for: the first word of its name ("Southern" of
// "Southern Front"), or its id.
func (s *Side) BoxName() string {
	if f := strings.Fields(s.Name); len(f) > 0 {
		return strings.TrimRight(f[0], ",:;")
	}
	return s.ID
}

// SideName is the DisplayName of the scenario's side id, or id for a side the scenario does not have.
func (sc *Scenario) SideName(id string) string {
	for i := range sc.Sides {
		if sc.Sides[i].ID == id {
			return sc.Sides[i].DisplayName()
		}
	}
	return id
}

// DisplayName is the generated side's name as players read it: its name, else its id (the name the scenario's
// side will have).
func (s *SideGen) DisplayName() string { return cmp.Or(s.Name, s.ID) }

// ShortName is the generated side's name without its parenthesis, as Side.ShortName.
func (s *SideGen) ShortName() string { return withoutParenthesis(s.DisplayName()) }

// withoutParenthesis cuts a name at its first " (".
func withoutParenthesis(n string) string {
	if i := strings.Index(n, " ("); i > 0 {
		return n[:i]
	}
	return n
}
