// Package pointbuy buys a side's force with points: unit types drawn at random from the side's factions and
// classes until the budget is spent to within the balance tolerance, keeping every rule the System declares for
// a force or side (percentage limits, counts, baggage ratios, one per N points, unique types, formula checks)
// and the counters the mix supplies. Prices and rule semantics are the rules engine's (content/rules), the very
// evaluation validate applies to the result, so a bought force cannot disagree with the check that follows.
package pointbuy

import (
	"fmt"
	"sort"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
)

// Catalog is what a package's unit types and items cost, and the rules a bought force must keep. Build it once
// per package with NewCatalog; it is read-only afterwards and safe to share between goroutines.
type Catalog struct {
	pkg       *content.Package
	eng       *rules.Engine
	unitCost  map[string]value.Number
	units     map[string]*rules.Unit
	itemCost  map[[2]string]value.Number // [item, unit] -> cost; unit "" for items with a fixed cost
	perUnit   map[string]bool            // items priced by the unit they are for
	rules     []*rules.Rule              // the force and side rules that are errors, in declaration order
	unitTypes []*content.UnitType        // sorted by id
	hasRatio  bool
}

// NewCatalog prices every unit type and item of a decoded package with the rules engine (the System's point
// formulas, components included) and takes the System's force and side rules.
func NewCatalog(pkg *content.Package) (*Catalog, error) {
	if pkg.System == nil {
		return nil, fmt.Errorf("the package has no System")
	}
	eng := rules.New(pkg)
	if ds := eng.CompileDiags(); ds.HasErrors() {
		for _, d := range ds {
			if d.Severity == diag.Error {
				return nil, fmt.Errorf("%s: %s", d.Pos, d.Message)
			}
		}
	}
	c := &Catalog{pkg: pkg, eng: eng, unitCost: map[string]value.Number{}, units: map[string]*rules.Unit{},
		itemCost: map[[2]string]value.Number{}, perUnit: map[string]bool{}}
	c.unitTypes = pkg.UnitTypes()
	sort.Slice(c.unitTypes, func(i, j int) bool { return c.unitTypes[i].ID < c.unitTypes[j].ID })
	for _, u := range c.unitTypes {
		if ru := eng.Unit(u.ID); ru != nil {
			c.units[u.ID] = ru
			c.unitCost[u.ID] = ru.Cost
		}
	}
	for _, it := range pkg.System.Items {
		if eng.PricedByUnit(it.ID) {
			c.perUnit[it.ID] = true
			for _, u := range c.unitTypes {
				c.itemCost[[2]string{it.ID, u.ID}] = eng.ItemCost(it.ID, u.ID)
			}
		} else {
			c.itemCost[[2]string{it.ID, ""}] = eng.ItemCost(it.ID, "")
		}
	}
	for _, r := range eng.Rules() {
		s := r.Scope()
		if r.Broken || s != rules.ScopeForce && s != rules.ScopeSide || r.Def.Severity == "warning" || r.Def.Severity == "info" {
			continue
		}
		c.rules = append(c.rules, r)
		c.hasRatio = c.hasRatio || r.Def.Ratio != nil && r.Def.Ratio.Per > 0
	}
	return c, nil
}

// UnitCost is what one unit of a type costs (0 for an unknown type).
func (c *Catalog) UnitCost(id string) value.Number { return c.unitCost[id] }

// ItemCost is what one item costs, bought for a unit when its cost depends on the unit (ammunition).
func (c *Catalog) ItemCost(item, unit string) value.Number {
	if !c.perUnit[item] {
		unit = ""
	}
	return c.itemCost[[2]string{item, unit}]
}

// hasItem reports whether the System sells an item (for any unit, when it is priced by the unit).
func (c *Catalog) hasItem(item string) bool {
	_, fixed := c.itemCost[[2]string{item, ""}]
	return fixed || c.perUnit[item]
}
