// Package content is muster's model of a game: the loader that reads a package's YAML and JSON files with
// every node's file:line:col, the typed kinds (System, UnitType, CounterMix, Map, Force, Scenario, ...), and
// packages and mods that extend a base. Every command reads content through this package, so validation,
// printing and the generators all see the same resolved Package.
package content
