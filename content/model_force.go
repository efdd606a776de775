package content

import (
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Force is an order of battle: which units a side fields, how many, and what was bought with points.
type Force struct {
	Meta    `yaml:",inline"`
	Faction string `yaml:"faction"`
	// Factions are the factions of a force drawn from several (allies under one command); with faction, all
	// of them.
	Factions []string `yaml:"factions"`
	// Grants are traits (System.traits) every unit of the force has.
	Grants  []string      `yaml:"grants"`
	Mix     string        `yaml:"mix"`
	Scale   string        `yaml:"scale"`
	Units   []ForceEntry  `yaml:"units"`
	Markers []ForceEntry  `yaml:"markers"`
	Items   []ItemEntry   `yaml:"items"`
	Points  *value.Number `yaml:"points"` // the total the source declares, checked against the computed one
}

// ForceEntry is one line of a force: a unit type and a count, with optional per-unit details.
type ForceEntry struct {
	Unit   string            `yaml:"unit"`
	Marker string            `yaml:"marker"`
	Count  int               `yaml:"count"`
	Name   string            `yaml:"name"`
	Group  string            `yaml:"group"` // legion, tribe, division
	Stats  map[string]Scalar `yaml:"stats"` // per-unit values replacing the type's (Alesia's SPs and QLs)
	Note   string            `yaml:"note"`
	At     diag.Pos          `yaml:"-"`
	Fields FieldPos          `yaml:"-"`
}

// ItemEntry is a purchase that is not a counter.
type ItemEntry struct {
	Item   string       `yaml:"item"`
	Unit   string       `yaml:"unit"` // the unit type it is for (ammunition for a weapon)
	Count  value.Number `yaml:"count"`
	Note   string       `yaml:"note"`
	At     diag.Pos     `yaml:"-"`
	Fields FieldPos     `yaml:"-"`
}
