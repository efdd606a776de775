// Package formula is muster's expression language for point costs, derived values and declared rules: expr-lang
// expressions compiled and type-checked when a package loads against the names its System declares, and
// evaluated with a bounded budget so that no formula can stop validation.
//
// # Two environments
//
// A Unit formula (System.points, System.derived, a stacking exception's `units`, an item's costExpr, priced for
// the unit its item line names) sees one unit:
//
//	<stat>      every stat the System declares whose id is an identifier: value and int stats as numbers
//	            (3*, [4] keep their number; `.`, `-` and `*` count 0 unless the formula's flagValues says
//	            otherwise, e.g. PRESTAGS VP counts a dot melee as 1), grade, dice, text and enum stats as
//	            strings ("A", "2d6"), bool stats as booleans; a stat the unit does not give is 0, "" or false
//	stats       the same values as a map, for stat ids that are not identifiers: stats["sp-max"]
//	flags       the flag each stat was printed with: "", "star", "bracket", "dot", "none", "see-rules", or
//	            "absent" when the unit does not give the stat: flags.melee == "dot"
//	<derived>   every derived value the System declares (in declaration order: a derived formula sees the
//	            ones declared before it), as numbers
//	classes     the unit's classes (a list of strings); has("cohort") is true when it has that class
//	count       how many units the force line holds (1 for a unit type on its own)
//	stands      the unit's `stands` stat when the System declares one, else 1
//	step, steps the step a block is on (1 at full strength) and how many it has, 0 for a counter; a block's
//	            stats are those of its step, so its strength (the System's block stat) is its current strength
//	type, id    the unit type's id; name its display name; faction its faction; group the force line's group
//
// A Group formula (System.rules, item costExpr) sees a force, a scenario side, a whole scenario or one cell:
//
//	units       the force lines, each a map with everything a Unit formula sees (.morale, .classes, .count,
//	            .type, .group, .vp ...) plus .points (the line's points: unit cost x count) and .unitPoints;
//	            in cell and scenario scope also .side
//	totals      totals.units (units counted), totals.points, totals.stands, and for every numeric stat and
//	            derived value the sum over units of value x count: totals.morale, totals.vp
//	count(x)    units of the unit type, marker or class x (a string literal is checked at load time)
//	points      the group's computed points (units and items); budget the side's budget (0 when there is
//	            none; hasBudget says whether there is one)
//	items       items bought or granted, by id: items["defence-supplies"] (0 when none)
//	side        side.id, side.budget, side.stacking, side.vp, side.panicLevel, side.panicPercent,
//	            side.routLimit, side.trumps ("" or 0 outside a scenario)
//	scenario    scenario.id, scenario.turns (0 when no length is given), scenario.sides (side ids)
//	mapset      mapset.map (a single map's id) and mapset.boards (board ids in placement order)
//	force       force.id, force.faction, force.declared (the force's declared `points`, 0 when none)
//	cell        the cell label, in cell scope
//
// Both environments have floor, ceil and round (exact on rationals: a result within 1e-9 of a whole number is
// that number, so ceil(7/2) is 4 and ceil(0.1*30) is 3), min, max, abs and sum (sum(units, .points)), and expr's
// list builtins (all, any, none, filter, map, len, ...). count is muster's, not expr's: write
// len(filter(units, ...)) for a count by predicate.
//
// # Numbers
//
// Expr's `/` always yields a floating-point number. Formulas are evaluated in float64 and each result is turned
// back into an exact value.Number by finding the simplest fraction (denominator up to 10,000) within 1e-9 of
// it, so costs of 1/4 or 1/3 point add up exactly when the caller sums the Numbers. Division by zero is a run
// time error, not an infinity.
//
// # Limits
//
// Every limit counts work or bytes, never time, so a formula is accepted or stopped the same way on every
// machine and under any load (limits.go holds the numbers). Before parsing, an expression may have at most
// MaxLength characters and nest brackets and prefix operators (-, +, !, not) at most MaxDepth deep: expr's
// parser recurses on both, and a deep enough expression would overflow the stack. A parsed expression has at
// most MaxNodes syntax nodes, and a `matches` pattern at most MaxPattern steps once its repetitions are
// multiplied out.
//
// An evaluation may take at most MaxSteps steps: each run of a predicate body (all, filter, map, sum ...)
// counts its syntax nodes. Every text, list or map handed to an operator or function counts its bytes
// against MaxBytes before the operator copies or compares it, so doubling a string with `let`, `+`, reduce or
// nested replace is stopped after a few doublings; replace, join and `matches` check the size of their result
// (or the work of the match) before doing it. expr's own memory budget (MaxMemory elements) bounds the lists,
// ranges and maps an evaluation builds. Stopping names the limit: "the expression ran too long and was
// stopped (more than 5000000 steps)". A panic inside evaluation becomes an error.
package formula
