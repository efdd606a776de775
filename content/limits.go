package content

// Limits on what a package may ask muster to print. They lie far above any real game (The Highest Ground ten
// times over is 2,840 counters and ten boards of 30 x 40 hexes, 12,000 cells) and low enough that a build
// stays within about 1 GB of memory. validate reports content beyond them, naming the content and the limit,
// and the printers refuse the same numbers (they read them from here), so nothing past them is ever drawn.
const (
	// MaxCounters bounds the counters one build prints, every counter mix together (THG x10: 2,840).
	MaxCounters = 20_000
	// MaxMapCells bounds the cells of one map, and of one scenario's map set composed of boards (THG x10:
	// 12,000; a 300 x 333 map).
	MaxMapCells = 100_000
	// MaxPages bounds the pages of one printed file: a counter sheet, a map tiled onto pages, a chart or
	// scenario sheet (THG's composed map on letter: 6 pages; its counters: 4).
	MaxPages = 1_000
	// MaxPaperInches bounds each side of the paper: PDF viewers refuse pages above 200 inches (14,400 pt).
	MaxPaperInches = 200
	// MaxTurns bounds the turns of a scenario, and so the boxes of its printed turn record.
	MaxTurns = 1_000
	// MaxNameRunes bounds text printed on one line or in one box: names, abbreviations, labels, titles,
	// table headers and cells, marker texts (the longest in the examples is 122 characters).
	MaxNameRunes = 500
	// MaxFontBytes bounds one font file a package names (a Latin font is 100 to 500 KB; a font with every
	// CJK character, which a PDF would embed only in part, about 16 MB).
	MaxFontBytes = 20 << 20
	// MaxTextRunes bounds text printed as a paragraph: descriptions, notes, sources, rules (the longest in
	// the examples is 1,122 characters).
	MaxTextRunes = 20_000
)

// Limits on an SVG file that content names (a unit's art, a face's background). An SVG is checked against them
// before it is parsed, so a hostile file (nested a hundred thousand deep, a path of a million points) is
// refused in time and memory proportional to the part of it read before the limit; no entity is ever
// expanded (encoding/xml expands none, and a file that declares one is refused).
const (
	// MaxSVGBytes bounds the size of one SVG file (a detailed silhouette is a few kilobytes).
	MaxSVGBytes = 20 << 20
	// MaxSVGElements bounds the elements of one SVG, counting each use of a definition as its elements.
	MaxSVGElements = 50_000
	// MaxSVGDepth bounds how deeply an SVG's elements nest (Inkscape's layers and groups: a dozen).
	MaxSVGDepth = 64
	// MaxSVGNumbers bounds the numbers of an SVG's path data and point lists together: 100,000 points.
	MaxSVGNumbers = 200_000
)
