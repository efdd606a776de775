package content

import (
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Kinds of document, as written in a document's `kind` key.
const (
	KindPackage    = "Package"
	KindSystem     = "System"
	KindUnitType   = "UnitType"
	KindMarker     = "Marker"
	KindCounterMix = "CounterMix"
	KindMap        = "Map"
	KindForce      = "Force"
	KindScenario   = "Scenario"
	KindTable      = "Table"
	KindGenerator  = "Generator"
	KindFixture    = "Fixture"
	KindDeck       = "Deck"
	KindCard       = "Card"
)

// Kinds lists every kind in the order documents are resolved and printed.
var Kinds = []string{KindPackage, KindSystem, KindUnitType, KindMarker, KindCounterMix, KindMap, KindForce,
	KindScenario, KindTable, KindGenerator, KindFixture, KindDeck, KindCard}

// FieldPos records where each key's value of a mapping was written, so a diagnostic about one field (an
// unknown unit id in a force entry) points at that field's line and column rather than the entry's.
type FieldPos map[string]diag.Pos

// Of returns the position of a key's value, or fallback when the key was not written.
func (f FieldPos) Of(key string, fallback diag.Pos) diag.Pos {
	if p, ok := f[key]; ok {
		return p
	}
	return fallback
}

// Illustrative reports whether a source note says the data is not the published one: every printed page
// marks such data so that a reader can tell it from the rules' own.
func Illustrative(source string) bool {
	s := strings.ToLower(source)
	return strings.Contains(s, "illustrative") || strings.Contains(s, "not the published")
}

// Meta is what every document has: its kind and id, a display name, and provenance. Source says where the data
// comes from ("THG 2.1.2", or "illustrative, not the published chart") so a designer can tell published
// numbers from supplied ones.
type Meta struct {
	Kind   string `yaml:"kind"`
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Source string `yaml:"source"`
	Notes  string `yaml:"notes"`
	// Override is set by a mod on a document that replaces ("replace") or patches ("merge") the base
	// package's document of the same kind and id.
	Override string    `yaml:"override"`
	At       diag.Pos  `yaml:"-"`
	Doc      *Document `yaml:"-"`
}

// Meta returns the document's common fields; every kind implements Doc through its embedded Meta.
func (m *Meta) meta() *Meta { return m }

// Doc is any decoded document.
type Doc interface{ meta() *Meta }

// MetaOf returns the common fields of a decoded document.
func MetaOf(d Doc) *Meta { return d.meta() }

// ---------------------------------------------------------------------------------------------- Package

// Manifest is a package's `muster.yaml`: what the package is, which files it includes, and which package it
// extends when it is a mod.
type Manifest struct {
	Meta        `yaml:",inline"`
	Version     string    `yaml:"version"`
	Description string    `yaml:"description"`
	Authors     []string  `yaml:"authors"`
	License     string    `yaml:"license"`
	System      string    `yaml:"system"`
	Include     []Include `yaml:"include"`
	Extends     *Extends  `yaml:"extends"`
	// Muster is the releases of muster the package is written for, a version range (">=0.2"): the earliest
	// it admits is the release whose checks the package passed; checks added since are named when they find
	// something.
	Muster string `yaml:"muster"`
	// ExpectWarnings lists the warnings the package knowingly carries (published data that contradicts
	// itself), so tests can tell an expected warning from a new one.
	ExpectWarnings []ExpectedDiag `yaml:"expectWarnings"`
	Print          *PrintDefaults `yaml:"print"`
}

// Include is one entry of a manifest's include list: a glob of YAML or JSON content files (written as just the
// glob), or a spreadsheet of rows with the kind they hold — {file: units.csv, kind: UnitType}, and for the
// lines of a counter mix or the rows of a table the id of that document.
type Include struct {
	File string   `yaml:"file"` // the glob, or the spreadsheet's file (a glob for unit types and markers)
	Kind string   `yaml:"kind"` // UnitType, Marker, CounterMix or Table; "" for YAML and JSON files
	ID   string   `yaml:"id"`   // the counter mix or table the rows belong to
	At   diag.Pos `yaml:"-"`
}

func (i *Include) fromScalar(s string) { i.File = s }

// Extends names the base package of a mod: `package: highest-ground@^1.0` and where to find it.
type Extends struct {
	Package string   `yaml:"package"` // id@version-range
	Path    string   `yaml:"path"`    // relative to the mod's folder; default ../<id>
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
}

// ExpectedDiag matches a diagnostic by code and, optionally, by a substring of its message and its file.
type ExpectedDiag struct {
	Code     string   `yaml:"code"`
	Contains string   `yaml:"contains"`
	File     string   `yaml:"file"`
	Why      string   `yaml:"why"`
	At       diag.Pos `yaml:"-"`
	Fields   FieldPos `yaml:"-"`
}

// PrintDefaults are a package's defaults for `muster build`.
type PrintDefaults struct {
	Paper       *value.Paper  `yaml:"paper"`
	CounterSize *value.Length `yaml:"counterSize"`
	Backs       string        `yaml:"backs"`
	Margin      *value.Length `yaml:"margin"`
	Gutter      *value.Length `yaml:"gutter"`
	Bleed       *value.Length `yaml:"bleed"`
	// BackOffset shifts back pages to correct a printer's duplex misregistration: "X,Y" with units, the reading
	// from `muster print-test`. The --back-offset flag wins over it.
	BackOffset string `yaml:"backOffset"`
}
