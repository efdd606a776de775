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
	// MaxTextRunes bounds text printed as a paragraph: descriptions, notes, sources, rules (the longest in
	// the examples is 1,122 characters).
	MaxTextRunes = 20_000
)
