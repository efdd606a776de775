package formula

import (
	"fmt"
	"sort"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/types"
)

// The scopes a formula is written in: what each one sees, where the content uses it, and the words the
// reference (docs/formulas.md) prints for each name. The environments the compiler types formulas against are
// built from the same declarations (envType), and a test holds the two together, so the reference cannot
// drift from what a formula may name.

// Name is one variable or function of a scope, with the names inside it when it is a mapping.
type Name struct {
	Name   string
	Type   string // number, text, true/false, list of ..., mapping, function (...) -> ...
	Doc    string
	Fields []Name
}

// Scope is one environment formulas are compiled for.
type Scope struct {
	Kind    Kind
	Name    string // unit, group, pair, combat, victory
	Used    string // where the content writes formulas of this scope
	Names   []Name
	Example string // a formula of this scope, as the examples write it
}

// unitNames are what a unit formula sees besides the System's stats and derived values.
var unitNames = []Name{
	{Name: "STAT", Type: "number, text or true/false", Doc: "each stat the System declares, by its id (a value or int stat is a number, flags read as the formula's flagValues say; a grade, dice, enum or text stat is text; a bool stat true/false); a stat the unit does not have is 0, \"\" or false"},
	{Name: "DERIVED", Type: "number", Doc: "each derived value declared before the formula, by its id"},
	{Name: "stats", Type: "mapping", Doc: "every stat and derived value by id: stats[\"type\"] reaches a stat whose id a builtin hides"},
	{Name: "flags", Type: "mapping", Doc: "each stat's flag: \"\" (none), bracket, dot, star, dash, none, or absent when the unit has no such stat"},
	{Name: "classes", Type: "list of text", Doc: "the unit type's classes"},
	{Name: "has", Type: "function (class) -> true/false", Doc: "whether the unit has a class: has(\"leader\")"},
	{Name: "count", Type: "number", Doc: "how many units the force line holds (1 for a unit type)"},
	{Name: "stands", Type: "number", Doc: "the unit's stands stat, or 1"},
	{Name: "step", Type: "number", Doc: "the step a block is on: 1 at full strength, 2 after a hit ...; 0 for a counter (the block's stats are those of its step: its strength is the block stat's value there)"},
	{Name: "steps", Type: "number", Doc: "how many steps the block has; 0 for a counter"},
	{Name: "type", Type: "text", Doc: "the unit type's id"},
	{Name: "id", Type: "text", Doc: "the unit type's id (the same as type)"},
	{Name: "name", Type: "text", Doc: "the unit type's name"},
	{Name: "faction", Type: "text", Doc: "the unit type's faction"},
	{Name: "group", Type: "text", Doc: "the force line's group (a legion), or \"\""},
	{Name: "weather", Type: "text", Doc: "the turn's weather (a System weather id) where a movement mode's allowance is read for a turn; \"\" elsewhere: weather == 'mud' ? ceil(movement / 2) : movement"},
}

// groupUnitFields are what each element of a group's units has besides a unit's names.
var groupUnitFields = []Name{
	{Name: "points", Type: "number", Doc: "what the force line costs (unitPoints x count)"},
	{Name: "unitPoints", Type: "number", Doc: "what one unit of the line costs"},
	{Name: "side", Type: "text", Doc: "the id of the side the unit is on (in scenario and cell scopes)"},
}

var sideFields = []Name{
	{Name: "id", Type: "text", Doc: "the side's id"},
	{Name: "name", Type: "text", Doc: "the side's name"},
	{Name: "factions", Type: "list of text", Doc: "the side's factions"},
	{Name: "forces", Type: "list of text", Doc: "the ids of the forces the side fields"},
	{Name: "budget", Type: "number", Doc: "the side's point budget, or 0"},
	{Name: "stacking", Type: "number", Doc: "the side's stacking limit (PRESTAGS 11.1), or 0"},
	{Name: "vp", Type: "number", Doc: "the side's declared Victory Point total, or 0"},
	{Name: "panicLevel", Type: "number", Doc: "the side's Panic Level, or 0"},
	{Name: "panicPercent", Type: "number", Doc: "the Panic Level as a percentage of VP, or 0"},
	{Name: "routLimit", Type: "number", Doc: "the side's rout limit, or 0"},
	{Name: "trumps", Type: "number", Doc: "the side's trumps, or 0"},
	{Name: "exempt", Type: "list of text", Doc: "the exemptions the side enjoys in the scenario"},
}

// groupNames are what a rule of force, side, scenario or cell scope sees.
var groupNames = []Name{
	{Name: "units", Type: "list of units", Doc: "the group's units, each with a unit formula's names (not has) and these:", Fields: groupUnitFields},
	{Name: "totals", Type: "mapping", Doc: "sums over the units (value x count) of units, points, stands and each numeric stat and derived value: totals.vp"},
	{Name: "count", Type: "function (class, unit type or marker) -> number", Doc: "how many units of a class, unit type or marker the group holds: count(\"baggage\")"},
	{Name: "points", Type: "number", Doc: "what the group's units and items cost"},
	{Name: "budget", Type: "number", Doc: "the group's point budget, or 0"},
	{Name: "hasBudget", Type: "true/false", Doc: "whether the group has a budget"},
	{Name: "items", Type: "mapping", Doc: "how many of each System item the group buys: items.ammo"},
	{Name: "side", Type: "mapping", Doc: "the side (side, scenario and cell scopes; empty otherwise):", Fields: sideFields},
	{Name: "scenario", Type: "mapping", Doc: "the scenario:", Fields: []Name{
		{Name: "id", Type: "text", Doc: "the scenario's id"},
		{Name: "turns", Type: "number", Doc: "its length in turns, or 0"},
		{Name: "sides", Type: "list of text", Doc: "its sides' ids"},
	}},
	{Name: "mapset", Type: "mapping", Doc: "the scenario's ground:", Fields: []Name{
		{Name: "map", Type: "text", Doc: "its one map's id, or \"\""},
		{Name: "boards", Type: "list of text", Doc: "its boards' map ids"},
	}},
	{Name: "force", Type: "mapping", Doc: "the force (force scope):", Fields: []Name{
		{Name: "id", Type: "text", Doc: "the force's id"},
		{Name: "faction", Type: "text", Doc: "its faction"},
		{Name: "declared", Type: "number", Doc: "the points total it declares, or 0"},
	}},
	{Name: "cell", Type: "text", Doc: "the cell's label (cell scope)"},
}

// pairNames are what a pair formula sees: two units.
var pairNames = []Name{
	{Name: "leader", Type: "unit", Doc: "the first unit of the pair (the leader), with a unit formula's names: leader.initiative"},
	{Name: "unit", Type: "unit", Doc: "the second (a unit he commands), likewise: unit.ql"},
}

var combatantFields = []Name{
	{Name: "type", Type: "text", Doc: "the unit's type id (\"\" when the combat does not say)"},
	{Name: "faction", Type: "text", Doc: "its unit type's faction (\"\" when the combat does not say)"},
	{Name: "classes", Type: "list of text", Doc: "its classes"},
	{Name: "across", Type: "list of text", Doc: "the hexside features it attacks across"},
	{Name: "flipped", Type: "true/false", Doc: "whether it is on its back"},
	{Name: "markers", Type: "list of text", Doc: "the markers on it"},
}

// combatNames are what a column shift's condition sees: one attack.
var combatNames = []Name{
	{Name: "attack", Type: "number", Doc: "the attack strength"},
	{Name: "defence", Type: "number", Doc: "the defence strength"},
	{Name: "terrain", Type: "text", Doc: "the defender's terrain id"},
	{Name: "attackers", Type: "list of combatants", Doc: "the attacking units, each with:", Fields: combatantFields},
	{Name: "defenders", Type: "list of combatants", Doc: "the defending units, likewise"},
	{Name: "across", Type: "list of text", Doc: "the hexside features any attacker attacks across"},
	{Name: "attacker", Type: "mapping", Doc: "the attacking side:", Fields: []Name{
		{Name: "faction", Type: "text", Doc: "the faction every attacker has (\"\" when they differ or the combat does not say)"}}},
	{Name: "defender", Type: "mapping", Doc: "the defending side:", Fields: []Name{
		{Name: "faction", Type: "text", Doc: "the faction every defender has, likewise"}}},
	{Name: "weather", Type: "text", Doc: "the weather of the turn (a weather id of the System; \"\" when the combat does not say): weather == 'mud'"},
}

// victoryNames are what a victory condition's formula sees: the state of the game.
var victoryNames = []Name{
	{Name: "side", Type: "text", Doc: "the id of the side the decision is for"},
	{Name: "turn", Type: "number", Doc: "the turn the state is read on (the last at the end of the game)"},
	{Name: "end", Type: "true/false", Doc: "whether the game has ended"},
	{Name: "controls", Type: "function (place) -> text", Doc: "the id of the side that controls a place (location, objective or cell), or \"\""},
	{Name: "occupies", Type: "function (place) -> text", Doc: "the id of the side whose units stand on a place, or \"\""},
	{Name: "level", Type: "function (side) -> text", Doc: "the name of the victory level a side has reached, or \"\""},
	{Name: "controlled", Type: "function (side) -> number", Doc: "how many of the scenario's objectives and locations a side controls"},
	{Name: "adjacent", Type: "function (place, place) -> true/false", Doc: "whether two cells are next to each other, or a connection joins two places of an area or point-to-point map"},
	{Name: "distance", Type: "function (place, place) -> number", Doc: "the steps between two cells, or the fewest connections between two places (-1 when none join them or a name is no place)"},
}

// Scopes lists every scope, in the order the reference prints them.
func Scopes() []Scope {
	return []Scope{
		{Kind: Unit, Name: "unit", Used: "System points, derived values, item costs (costExpr), stacking exceptions (units), movement modes' allowances", Names: unitNames, Example: "ceil(melee / 2) + fire"},
		{Kind: Group, Name: "group", Used: "System rules (when, check, ratio.plus, {placeholders} in message), at force, side, scenario or cell scope", Names: groupNames, Example: "side.vp == totals.vp"},
		{Kind: Pair, Name: "pair", Used: "System pairs (expr)", Names: pairNames, Example: "leader.initiative + ceil(unit.ql / 2)"},
		{Kind: Combat, Name: "combat", Used: "a Table's combat shifts (when)", Names: combatNames, Example: "all(attackers, 'river' in .across)"},
		{Kind: Victory, Name: "victory", Used: "a Scenario's victory decide conditions (expr)", Names: victoryNames, Example: "controls('moscow') == side || controlled(side) >= 2"},
	}
}

// ScopeOf is the scope of a kind.
func ScopeOf(k Kind) Scope {
	for _, s := range Scopes() {
		if s.Kind == k {
			return s
		}
	}
	return Scope{}
}

// Functions are the functions every scope has, with what they do: muster's own (exact floor, ceil and round;
// bounded replace, join and matches) and the expr language's that muster keeps.
var Functions = []Name{
	{Name: "floor, ceil, round", Type: "function (number) -> number", Doc: "rounding, exact on fractions: ceil(7 / 2) is 4 (round takes halves up)"},
	{Name: "abs, min, max", Type: "function", Doc: "absolute value, least and greatest of numbers"},
	{Name: "sum, len", Type: "function", Doc: "sum(list, .x * .count) adds a value over a list; len(list) counts its elements"},
	{Name: "all, any, none, one", Type: "function (list, predicate) -> true/false", Doc: "whether every, some, no or exactly one element holds: all(units, .melee > 0)"},
	{Name: "count", Type: "function (list, predicate) -> number", Doc: "how many elements hold (in the pair, combat and victory scopes; the unit and group scopes have their own count)"},
	{Name: "filter, map", Type: "function", Doc: "the elements that hold; each element's value"},
	{Name: "replace, join", Type: "function", Doc: "replace(text, old, new) and join(list, glue) on text, bounded in size"},
	{Name: "x in list, matches", Type: "operator", Doc: "membership (\"cavalry\" in classes) and a regular expression (name matches \"^Leg\")"},
	{Name: "a ? b : c, and, or, not", Type: "operator", Doc: "choice and logic; + - * / % ** arithmetic (/ is exact division)"},
}

// names lists a scope's names as the compiler types them, mappings with their keys (for a variable the scope
// does not have, and for the reference test).
func typeNames(t types.Map) []string {
	var out []string
	for k := range t {
		if strings.HasPrefix(k, "__") {
			continue
		}
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// scopeHint says what a scope, or a mapping in it, has: the answer to a name a formula wrote that is not
// there ("side has: budget, exempt, factions, …").
func scopeHint(text string, col int, k Kind, d *Decl, field bool) string {
	env := d.envType(k)
	if !field {
		return fmt.Sprintf("the %s scope has: %s", ScopeOf(k).Name, strings.Join(typeNames(env), ", "))
	}
	tree, err := parseOnly(text)
	if err != nil {
		return ""
	}
	var hint string
	ast.Find(tree.Node, func(n ast.Node) bool {
		m, ok := n.(*ast.MemberNode)
		if !ok || hint != "" {
			return false
		}
		p, ok := m.Property.(*ast.StringNode)
		if !ok || p.Location().From+1 != col {
			return false
		}
		path, t := memberPath(m.Node, env, d.listElems(k))
		if t == nil {
			return false
		}
		hint = fmt.Sprintf("%s has: %s", path, strings.Join(typeNames(t), ", "))
		return true
	})
	return hint
}

// memberPath resolves the mapping a member expression reads from (side, scenario.mapset, a unit in a
// predicate) and names it.
func memberPath(n ast.Node, env types.Map, elems map[string]types.Map) (string, types.Map) {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		if t, ok := env[x.Value].(types.Map); ok {
			return x.Value, t
		}
		if t, ok := elems[x.Value]; ok {
			return "an element of " + x.Value, t
		}
	case *ast.MemberNode:
		path, t := memberPath(x.Node, env, elems)
		if t == nil {
			return "", nil
		}
		s, ok := x.Property.(*ast.StringNode)
		if !ok {
			return path, t // an index into a list of mappings
		}
		if nt, ok := t[s.Value].(types.Map); ok {
			return path + "." + s.Value, nt
		}
		if nt, ok := elems[s.Value]; ok {
			return "an element of " + path + "." + s.Value, nt
		}
	case *ast.PointerNode:
		// A predicate's element (.x): a unit of the group's units, a combatant.
		for _, name := range []string{"units", "attackers"} {
			if t, ok := elems[name]; ok {
				return "an element of " + name, t
			}
		}
	}
	return "", nil
}
