// Package pointbuy buys a side's force with points: unit types drawn at random from the side's factions and
// classes until the budget is spent to within the balance tolerance, keeping every rule the System declares for
// a force or side (percentage limits, counts, baggage ratios, one per N points, unique types, formula checks)
// and the counters the mix supplies. Costs come from the System's own formulas, priced by validate.MakeRoster.
package pointbuy

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/validate"
)

// pricingForce is the id of the force a Catalog prices every unit type with.
const pricingForce = "muster-generator-pricing"

// Catalog is what a package's unit types and items cost, and the rules a bought force must keep. Build it once
// per package with NewCatalog; it is read-only afterwards and safe to share between goroutines.
type Catalog struct {
	pkg       *content.Package
	sys       *content.System
	unitCost  map[string]value.Number
	itemCost  map[string]value.Number    // items with a fixed cost
	itemUnit  map[[2]string]value.Number // items priced by the unit they are for: [item, unit]
	perUnit   map[string]bool            // items priced by a unit
	decl      *formula.Decl
	rules     []*rule
	derived   []*formula.Program
	unitTypes []*content.UnitType // sorted by id
	unitEnvs  map[string]formula.Env
	// unitsInEnv is set when a rule's formulas read the units list or totals, so the Group environment must
	// carry every unit; otherwise counts, points and items are enough.
	unitsInEnv bool
	hasRatio   bool
}

// rule is a declared rule that applies to a force or a side, compiled.
type rule struct {
	def         *content.RuleDef
	when, check *formula.Program
	plus        *formula.Program
}

// NewCatalog prices every unit type and item of a decoded package through validate.MakeRoster (the System's
// point formulas, components included) and compiles the System's force and side rules.
func NewCatalog(pkg *content.Package) (*Catalog, error) {
	sys := pkg.System
	if sys == nil {
		return nil, fmt.Errorf("the package has no System")
	}
	c := &Catalog{pkg: pkg, sys: sys, unitCost: map[string]value.Number{}, itemCost: map[string]value.Number{},
		itemUnit: map[[2]string]value.Number{}, perUnit: map[string]bool{}}
	c.unitTypes = pkg.UnitTypes()
	sort.Slice(c.unitTypes, func(i, j int) bool { return c.unitTypes[i].ID < c.unitTypes[j].ID })
	var b strings.Builder
	b.WriteString("kind: Force\nid: " + pricingForce + "\nunits:\n")
	for _, u := range c.unitTypes {
		fmt.Fprintf(&b, "  - {unit: %q}\n", u.ID)
	}
	b.WriteString("items:\n")
	for _, it := range sys.Items {
		if it.CostExpr != "" {
			c.perUnit[it.ID] = true
			for _, u := range c.unitTypes {
				fmt.Fprintf(&b, "  - {item: %q, unit: %q, count: 1}\n", it.ID, u.ID)
			}
		} else {
			fmt.Fprintf(&b, "  - {item: %q, count: 1}\n", it.ID)
		}
	}
	docs, ds := content.Parse("<pricing>", []byte(b.String()))
	if ds.HasErrors() {
		return nil, fmt.Errorf("pricing: %v", ds)
	}
	// A package of the same documents plus the pricing force, decoded on its own: the package itself is not
	// touched.
	cp := &content.Package{ID: pkg.ID, Dir: pkg.Dir, Base: pkg.Base, Docs: append(append([]*content.Document{}, pkg.Docs...), docs...)}
	cp.Decode(nil)
	ro, err := validate.MakeRoster(cp, pricingForce, "")
	if err != nil || len(ro.Forces) != 1 {
		return nil, fmt.Errorf("pricing: %v", err)
	}
	for _, l := range ro.Forces[0].Lines {
		n, err := value.ParseNumber(l.Each)
		if err != nil {
			return nil, fmt.Errorf("pricing %s: %q is not a cost", l.Unit, l.Each)
		}
		c.unitCost[l.Unit] = n
	}
	for _, it := range ro.Forces[0].Items {
		n, err := value.ParseNumber(it.Each)
		if err != nil {
			return nil, fmt.Errorf("pricing item %s: %q is not a cost", it.Item, it.Each)
		}
		if it.Unit != "" {
			c.itemUnit[[2]string{it.Item, it.Unit}] = n
		} else {
			c.itemCost[it.Item] = n
		}
	}
	if err := c.compile(); err != nil {
		return nil, err
	}
	return c, nil
}

// UnitCost is what one unit of a type costs (0 for an unknown type).
func (c *Catalog) UnitCost(id string) value.Number { return c.unitCost[id] }

// ItemCost is what one item costs, bought for a unit when its cost depends on the unit (ammunition).
func (c *Catalog) ItemCost(item, unit string) value.Number {
	if c.perUnit[item] {
		return c.itemUnit[[2]string{item, unit}]
	}
	return c.itemCost[item]
}

func (c *Catalog) compile() error {
	sys := c.sys
	d := &formula.Decl{Stats: sys.Stats}
	for _, x := range sys.Classes {
		d.Classes = append(d.Classes, x.ID)
	}
	d.Units = c.pkg.IDs(content.KindUnitType)
	d.Markers = c.pkg.IDs(content.KindMarker)
	for _, it := range sys.Items {
		d.Items = append(d.Items, it.ID)
	}
	// Derived values, each seeing those declared before it (as the validator compiles them).
	for i, x := range sys.Derived {
		d.Derived = nil
		for _, y := range sys.Derived[:i] {
			d.Derived = append(d.Derived, y.ID)
		}
		p, err := formula.Compile(formula.Source{Text: x.Expr}, formula.Unit, formula.Number, d)
		if err != nil {
			p = nil // the formulas check reports it
		}
		c.derived = append(c.derived, p)
	}
	d.Derived = nil
	for _, y := range sys.Derived {
		d.Derived = append(d.Derived, y.ID)
	}
	c.decl = d
	for i := range sys.Rules {
		x := &sys.Rules[i]
		scope := x.Scope
		if scope == "" {
			scope = "force"
		}
		if scope != "force" && scope != "side" || x.Severity == "warning" || x.Severity == "info" {
			continue
		}
		r := &rule{def: x}
		var err *formula.Error
		if x.When != "" {
			if r.when, err = formula.Compile(formula.Source{Text: x.When}, formula.Group, formula.Bool, d); err != nil {
				return fmt.Errorf("rule %s (when): %s", x.ID, err.Message)
			}
		}
		if x.Check != "" {
			if r.check, err = formula.Compile(formula.Source{Text: x.Check}, formula.Group, formula.Bool, d); err != nil {
				return fmt.Errorf("rule %s: %s", x.ID, err.Message)
			}
		}
		if x.Ratio != nil && x.Ratio.Plus != "" {
			if r.plus, err = formula.Compile(formula.Source{Text: x.Ratio.Plus}, formula.Group, formula.Number, d); err != nil {
				return fmt.Errorf("rule %s (plus): %s", x.ID, err.Message)
			}
		}
		c.rules = append(c.rules, r)
		for _, t := range []string{x.When, x.Check} {
			if strings.Contains(t, "units") || strings.Contains(t, "totals") {
				c.unitsInEnv = true
			}
		}
		if x.Ratio != nil {
			c.hasRatio = true
			if strings.Contains(x.Ratio.Plus, "units") || strings.Contains(x.Ratio.Plus, "totals") {
				c.unitsInEnv = true
			}
		}
	}
	c.unitEnvs = map[string]formula.Env{}
	for _, u := range c.unitTypes {
		c.unitEnvs[u.ID] = c.unitEnv(u)
	}
	return nil
}
