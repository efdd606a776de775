package validate

import (
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// checks is every check and diagnostic code family muster has, in the order they run. A diagnostic's code
// begins with the name of its entry (`stacking.limit`, `schema.type`). Loading, the schema layer and decoding
// report the families at the top before any check runs; fixtures report theirs last.
var checks = []*Check{
	{Name: "io", Stage: StageLoad, Doc: "a file or folder could not be read\n\nThe path does not exist, is not readable, is not a regular file, or lies outside the package."},
	{Name: "syntax", Stage: StageLoad, Doc: "a file is not well-formed YAML or JSON\n\nAlso: binary data, keys that are not strings, duplicate keys, documents too large or too deeply nested (alias bombs)."},
	{Name: "package", Stage: StageLoad, Doc: "the manifest, its includes or its base package\n\nmuster.yaml must hold one Package document; every include must match a file; a mod's base must exist, have the id it names and a version in the range it asks for, and mods may not extend each other in a cycle."},
	{Name: "csv", Stage: StageLoad, Doc: "a spreadsheet (CSV) the manifest includes cannot be read as rows of its kind\n\n" +
		"csv.header: a column the kind does not have (with a did-you-mean over its keys and the System's stat ids), a column named twice, no id (or count) column; csv.ragged: a row with more or fewer cells than the header; csv.syntax: a stray quote, binary data; csv.kind: a spreadsheet included without a kind (or with one it cannot hold, or without the id of its counter mix or table); csv.both: a counter mix's lines or a table's rows written both in YAML and in the spreadsheet; csv.too-large, csv.too-many-problems: limits; csv.unwritten: what muster export csv cannot put in a cell (left in YAML); csv.encoding: a cell a spreadsheet decoded with the wrong character set (Â½ for ½, â€” for —), in any column; csv.spreadsheet-date: a date or a time a spreadsheet made of a fraction or a ratio (04/02/26 or 4/2/2026 for 4/2, 01:02:00 AM or 1:02 for 1:2), with what it most likely was. An id that lost its leading zeros (101 for 0101) is valid on its own: the reference it breaks says \"did the spreadsheet drop the leading zero?\". Every other problem of a value read from a cell is reported by the usual checks at that cell's line and column."},
	{Name: "id", Stage: StageLoad, Doc: "document ids are unique within a package and its base\n\nA mod that reuses a base id must say override: replace or merge."},
	{Name: "override", Stage: StageLoad, Doc: "a mod's override of a base document\n\nOnly a mod may override, and only what its base defines."},
	{Name: "schema", Stage: StageSchema, Doc: "the document does not match its kind's JSON Schema\n\nUnknown kinds and keys, missing required keys, values of the wrong type or outside their enum or pattern."},
	{Name: "value", Stage: StageDecode, Doc: "a value is not written in wargame notation\n\nNumbers (2½, 1/2), flagged values (3*, [4], .), dice (2d6), lengths (0.5in, 13mm), paper sizes and grades are typed when the package loads."},
	{Name: "decode", Stage: StageDecode, Doc: "a value has the wrong shape for the model\n\nReported only for documents that passed their schema: what the schema cannot say."},
	manifestCheck,
	statsCheck,
	referencesCheck,
	mapGridCheck,
	mapTerrainCheck,
	mapCellsCheck,
	mapHexsidesCheck,
	mapPathsCheck,
	mapCrossingsCheck,
	mapBridgesCheck,
	mapTabletopCheck,
	mapPlacesCheck,
	mapConnectionsCheck,
	mapArtCheck,
	mapLayoutCheck,
	placementLabelsCheck,
	formulasCheck,
	tablesCheck,
	sequenceCheck,
	movementCheck,
	situationalCheck,
	traitsCheck,
	commandCheck,
	supplyCheck,
	stackingCheck,
	budgetCheck,
	minimumsCheck,
	rulesCheck,
	victoryCheck,
	controlCheck,
	timingCheck,
	turnRecordCheck,
	replacementsCheck,
	placementCheck,
	setupCheck,
	blocksCheck,
	hiddenCheck,
	poolsCheck,
	pairCheck,
	analysisCheck,
	factionsCheck,
	scaleCheck,
	assetsCheck,
	fontsCheck,
	printSettingsCheck,
	counterFacesCheck,
	counterSheetsCheck,
	labelSheetsCheck,
	cardsCheck,
	mapSheetsCheck,
	mapLabelsCheck,
	sheetsCheck,
	printTextCheck,
	preflightCheck,
	unincludedCheck,
	fixtureRefsCheck,
	exportVassalCheck,
	exportTTSCheck,
	{Name: "fixtures", Stage: StageFixtures, Doc: "a content test's own content and outcome\n\nA fixture's force or scenario names unit types, markers, items and forces that exist; `muster test` reports each fixture as passing or failing with the reason."},
	{Name: "output", Stage: StageOutput, Doc: "writing outputs: build folders, generated files, exported schemas\n\nmuster never overwrites, moves or removes a file it cannot prove it wrote (the output folder's record holds each file's hash; a generated file carries its own seal), never writes outside the folder or into the package folder itself, and recovers an interrupted build from its journal. refused: a file muster did not write (or that was edited since) is in the way; busy: another build is writing the folder; record, kept, staging, cleanup: what it found and left alone."},
	{Name: "print", Stage: StageBuild, Doc: "build could not print what the command line asked for\n\n" +
		"A package that validates builds with its own print settings; these are the failures of the command line's choices (print.options: a --paper, --margin, --overlap or --counter-size that leaves no room; print.pages: more than 1,000 pages in a file) and of muster itself (print.internal: a bug, please report it)."},
	{Name: "export", Stage: StageExport, Doc: "exporting to digital play (a VASSAL module, a Tabletop Simulator set)\n\nWhat a module or set cannot express at the content that asks for it. VASSAL (export.vassal): a board too large for VASSAL at an explicit --dpi (board-size), a grid VASSAL cannot number as printed (grid), a set-up VASSAL cannot place (setup). Tabletop Simulator (export.tts): a map too large for its images at an explicit --dpi (map-size), a counter too large for one image (counter-size), a set-up it cannot place (setup). Nothing is written when any is found."},
	{Name: "vmod", Stage: StageExport, Doc: "the structure of a VASSAL module (muster export vassal --check)\n\nThe zip and its entries (bounded: no zip bombs, no names that climb out, nothing extracted), buildFile.xml and moduledata with a matching VassalVersion, every element a known class under an allowed parent, images present and, read from their headers, images VASSAL can load (a PNG, GIF, JPEG or SVG, of at most 268,435,456 pixels: VASSAL decodes an image at 4 bytes a pixel and runs in a 1024 MB heap by default), gpids unique, piece definitions that read back as written, prototypes defined, set-up stacks on cells of their board's grid, maps with their mover and key handling. Each problem names the element's path."},
	{Name: "diff", Stage: StageBuild, Doc: "muster diff could not compare two versions of a package\n\ngames: the two packages are different games (their manifests' ids differ); the diagnostic is at the new manifest's id, the old one's among its related places, and nothing is compared or written. A version with errors is reported by its own checks."},
	{Name: "internal", Stage: StageCheck, Doc: "a check failed inside muster\n\nA bug in muster, not in the content: please report it with the package."},
}

var manifestCheck = &Check{
	Name:  "manifest",
	Stage: StageCheck,
	Doc:   "the package has a manifest and exactly one System it names (or that it can find)\n\nAlso reports warnings the manifest expects (expectWarnings) that no longer occur (stale-expectation), a muster range this muster does not satisfy (muster), and, once, the findings of checks added since the release the package is written for (new-checks: a note, see docs/changes.md).",
	Package: func(p *Pass) {
		pkg := p.Pkg
		if pkg.Manifest == nil {
			return // loading already reported the missing or broken manifest
		}
		m := pkg.Manifest
		if m.System != "" && pkg.System == nil {
			if !pkg.Has(content.KindSystem, m.System) {
				e := p.Errorf(m.Doc.PosOf("/system"), "system", "the package names System %q, but no document defines it", m.System)
				e.Hint = diag.DidYouMean(m.System, pkg.IDs(content.KindSystem))
			}
			return
		}
		if pkg.System == nil {
			n := len(pkg.All(content.KindSystem))
			switch {
			case n == 0 && len(pkg.IDs(content.KindSystem)) == 0:
				p.Errorf(m.Doc.Pos(), "system", "the package has no System document: every game needs one (its stats, classes, terrain and rules)")
			case n > 1:
				p.Errorf(m.Doc.PosOf("/id"), "system", "the package has %d Systems; say which one it uses with `system:`", n)
			}
		}
	},
}

var statsCheck = &Check{
	Name:  "stats",
	Stage: StageCheck,
	Doc:   "every stat on a unit, marker, force entry or counter mix line is declared by the System and written as its type allows\n\nUnit types must give every stat the System marks required; a reduced back's stats are checked like the front's.",
	Package: func(p *Pass) {
		sys := p.Pkg.System
		if sys == nil {
			return
		}
		for _, u := range p.Pkg.UnitTypes() {
			checkStats(p, sys, u.Stats, u.At, "unit type "+u.ID, true)
			if u.Back != nil && u.Back.Kind == "reduced" {
				checkStats(p, sys, u.Back.Stats, u.Back.At, "the back of "+u.ID, false)
			}
		}
		for _, m := range p.Pkg.Markers() {
			checkStats(p, sys, m.Stats, m.At, "marker "+m.ID, false)
		}
		for _, f := range p.Pkg.Forces() {
			for _, e := range f.Units {
				checkStats(p, sys, e.Stats, e.At, "this force entry", false)
			}
		}
		for _, m := range p.Pkg.CounterMixes() {
			for _, e := range m.Counters {
				if e.Marker != "" && len(e.Stats) > 0 {
					e := p.Errorf(e.Fields.Of("stats", e.At), "unknown", "this counter mix line prints marker %q, which has no values of a line's own", e.Marker)
					e.Hint = "give the values in the Marker, or print a unit type here"
					continue
				}
				if u := p.Pkg.UnitType(e.Unit); u != nil && u.IsBlock() && len(e.Stats) > 0 {
					e := p.Errorf(e.Fields.Of("stats", e.At), "unknown", "this counter mix line gives block %s values of its own, but a block's label prints its steps", e.Unit)
					e.Hint = "give the values in the unit type's steps, or a set-up line's strength"
					continue
				}
				checkStats(p, sys, e.Stats, e.At, "this counter mix line", false)
			}
		}
	},
}

func checkStats(p *Pass, sys *content.System, stats map[string]content.Scalar, at diag.Pos, what string, required bool) {
	_, problems := sys.TypeStats(stats)
	for _, pr := range problems {
		if pr.Scalar.NotScalar {
			continue // a list or mapping where a value belongs: the schema reports it, at its place
		}
		if pr.Err != nil {
			p.Errorf(pr.Scalar.At, "value", "%v", pr.Err)
			continue
		}
		e := p.Errorf(pr.Scalar.At, "unknown", "%s has stat %q, which the System does not declare", what, pr.ID)
		e.Hint = diag.DidYouMean(pr.ID, sys.StatIDs())
		if e.Hint == "" {
			e.Hint = fmt.Sprintf("declare it in the System's stats, or use one of: %v", sys.StatIDs())
		}
	}
	if !required {
		return
	}
	for _, def := range sys.Stats {
		if _, ok := stats[def.ID]; def.Required && !ok {
			p.Errorf(at, "missing", "%s has no %s, which the System requires of every unit", what, def.ID)
		}
	}
}
