// Package rules is a game's rules engine: it compiles a System's formulas (point costs, derived values, item
// costs, stacking exceptions, declared rules and their messages), prices unit types, force lines, items and
// whole forces as exact numbers, lays out a scenario's setup cell by cell, and evaluates the declared rules
// (count, percent, ratio, per-points, unique, check) on a force, a side, a scenario or a cell.
//
// It is the one definition of those semantics: validate reports what it finds, print/roster prints its
// prices, and the point-buy generator buys forces against the very same evaluation, so a generated force and
// a checked one can never disagree about what a rule means or what a unit costs.
//
// # What a percentage is taken of
//
// A percent rule (`percent: {classes: [artillery], max: 25}`) compares the points spent on the classes with a
// base: the points the group actually spends, its total ("a percentage of the total army", Fields of Honor),
// unless the rule says `of: budget`; then the group's budget when it has one (a scenario side's budget, or the
// budget of the one side that fields a force alone), else its total. A base of zero checks nothing.
// A per-points rule (`one per full 50 points`) counts full multiples of the budget when there is one, else of
// the points spent.
package rules
