// Package vassal turns a validated game package into a VASSAL module (.vmod): board images drawn by the
// same code as the printed maps, grids whose location names are muster's cell labels, a piece for every
// unit type and marker with its back as a flip layer, each scenario's set-up, holding boxes for entries
// and reinforcements, dead piles, charts, dice, a turn tracker and the scenario sheets.
//
// The module is built in memory and comes out byte for byte the same for the same package: fixed zip times
// and entry order, ids counted in order, muster's seal in the zip comment (for package output's writes).
package vassal

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/drawn"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/validate"
)

// VassalVersion is the VASSAL version the module declares; VASSAL reads buildFile.xml (rather than the
// older buildFile) from modules of 3.5 and later.
const VassalVersion = "3.7.0"

// DefaultDPI is the resolution of board and piece images when the options give none.
const DefaultDPI = digital.VassalDefaultDPI

// Limits on board images. VASSAL decodes a board image whole before it cuts it into tiles, 4 bytes a pixel
// in a Java heap of a few hundred megabytes, so a board beyond these is refused (an explicit --dpi) or drawn
// at a lower resolution (the default).
const (
	MaxBoardPixels = digital.VassalMaxBoardPixels // about 16.8 million pixels
	MaxBoardSide   = digital.VassalMaxBoardSide
	MinDPI         = digital.VassalMinDPI
	MaxDPI         = digital.VassalMaxDPI
)

// Options choose how the module is drawn.
type Options struct {
	// DPI is the resolution of boards and pieces, the same for all so that pieces fit their cells. 0 means
	// DefaultDPI, lowered as far as a board too large for VASSAL needs; a DPI given here is kept, and a
	// board too large at it is an error.
	DPI float64
	// Drawn, when not nil, shares board images with the build's other exporters: a board drawn already at the
	// same resolution is not drawn again.
	Drawn *drawn.Cache
}

// Module is an exported module: its files in zip order, and what was decided on the way.
type Module struct {
	Files  []output.File  // the zip's entries: Path is the entry's name; Output is empty
	DPI    float64        // the resolution used
	Boards []BoardRef     // the boards drawn from the content, in module order
	Notes  []string       // what the module holds and what it could not express, as in its notes page
	Games  []ScenarioGame // each scenario's saved game, in the Scenarios menu (predefined.go)
	Stats  Stats
}

// BoardRef says which content a board of the module shows.
type BoardRef struct {
	Name          string            // the Board's name
	Map           string            // the VASSAL map it is on
	Scenario      *content.Scenario // a scenario's map set, or nil
	Content       *content.Map      // a map or board on its own, or nil
	Width, Height int               // the image, in pixels
}

// Stats measure an export (for benchmarks).
type Stats struct {
	Total     time.Duration
	PNGEncode time.Duration // spent encoding PNG images (summed over workers)
	Games     time.Duration // spent writing the scenarios' saved games
	Images    int
	Pieces    int
}

// File returns an entry's data, or nil.
func (m *Module) File(name string) []byte {
	for _, f := range m.Files {
		if f.Path == name {
			return f.Data
		}
	}
	return nil
}

// Export builds the module of a checked package. Content VASSAL cannot represent (a grid its numbering
// cannot reproduce, a board too large, a set-up cell off the board) comes back as error diagnostics naming
// the content's file and line, and no module; a bad option or a failure of muster itself is an error.
func Export(c *validate.Checked, opt Options) (*Module, diag.List, error) {
	start := time.Now()
	if c == nil || c.Package() == nil {
		return nil, nil, errors.New("vassal: no package")
	}
	if c.Diags().HasErrors() {
		return nil, nil, errors.New("vassal: the package has errors; fix them first (muster validate lists them)")
	}
	if opt.DPI != 0 && (math.IsNaN(opt.DPI) || opt.DPI < MinDPI || opt.DPI > MaxDPI) {
		return nil, nil, fmt.Errorf("vassal: --dpi %g is out of range: use %d to %d", opt.DPI, MinDPI, MaxDPI)
	}
	x := newExporter(c.Package(), opt)
	if err := x.run(); err != nil {
		return nil, x.diags, err
	}
	if x.diags.HasErrors() {
		x.diags.Sort()
		return nil, x.diags, nil
	}
	m, err := x.module()
	if err != nil {
		return nil, x.diags, err
	}
	m.Stats = x.stats
	m.Stats.Total = time.Since(start)
	x.diags.Sort()
	return m, x.diags, nil
}

// exporter holds one export's state. Names and ids are given out in content order, so that the same
// package gives the same module.
type exporter struct {
	docJobs []*docJob // the documents, rendered beside the boards (renderBoards), added by buildAids
	pkg     *content.Package
	opt     Options
	dpi     float64
	diags   diag.List
	stats   Stats

	files   map[string][]byte // images and documents, by zip name
	notes   []string          // lines of the notes page
	missing []string          // what VASSAL cannot express, for the notes

	nextGPID  int            // above every gpid given out: the module's nextPieceSlotId
	gpidKeys  map[string]int // slot key -> how many times asked
	gpidsUsed map[int]bool

	// built parts
	pieces []*pieceDesign
	byKey  map[string]*pieceDesign // "unit/id", "unit/id.faction", "marker/id"
	// firstOf is the first design of each unit type or marker ("unit/id"), for a type the mix prints only
	// with values of a line's own.
	firstOf     map[string]*pieceDesign
	prototypes  []*buildfile.Element
	boards      []*boardImage
	sides       []*sideInfo
	deadPiles   []*deadPile
	factionDP   map[string]*deadPile // faction id -> its dead pile
	factionSide map[string]string    // faction id -> the name of the first side that fields it
	scenarios   []*scenarioOut
	aids        []*buildfile.Element
	docs        []doc
	palette     *buildfile.Element
	// the decks (cards.go)
	decks     []*deckOut
	cardBoard *buildfile.Element
	handMaps  []*buildfile.Element
	games     []ScenarioGame // the scenarios' saved games (predefined.go)
	// the zone properties the terrain zones carry, which the module declares (zones.go)
	zoneProps map[string]bool
	// lines for the notes page only (not the export's notes a command prints): what the module holds
	// (pageNotes) and what it does not (pageLimits)
	pageNotes, pageLimits []string
}

func newExporter(pkg *content.Package, opt Options) *exporter {
	return &exporter{pkg: pkg, opt: opt, files: map[string][]byte{}, byKey: map[string]*pieceDesign{}, firstOf: map[string]*pieceDesign{},
		factionDP: map[string]*deadPile{}, factionSide: map[string]string{}, nextGPID: 1,
		gpidKeys: map[string]int{}, gpidsUsed: map[int]bool{}}
}

func (x *exporter) run() error {
	steps := []func() error{x.planBoards, x.chooseDPI, x.planSides, x.buildPieces, x.addMovedImage, x.buildCards, x.buildPalette, x.renderBoards, x.terrainZones, x.buildScenarios, x.buildAids}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
		if x.diags.HasErrors() {
			return nil
		}
	}
	return nil
}

// printerError is what the export makes of a printer's error: the diagnostics of a *diag.Failure (content
// the printers cannot print, at its file and line; the export then writes no module), else an error.
func (x *exporter) printerError(err error, format string, args ...any) error {
	var f *diag.Failure
	if errors.As(err, &f) {
		x.diags.Extend(f.Diags)
		return nil
	}
	return fmt.Errorf("vassal: "+format+": %w", append(args, err)...)
}

// gpid gives out the piece-slot id of the slot key names: derived from the key (content ids: the scenario,
// the unit type or marker, the deck and card, never a value or a position in the module), so that a package
// whose one counter changed exports a module in which every other piece keeps its gpid and VASSAL's Refresh
// Counters can update running games. A key asked for again (copies of a unit in one box) is told apart by
// its occurrence. An id is a number from gpidBase up (VASSAL's editor reads gpids as whole numbers);
// two keys hashing alike (about one chance in two thousand for a thousand pieces) take the next free number,
// the later key in the export's order yielding, so only then does an id depend on another piece.
func (x *exporter) gpid(key string) string {
	x.gpidKeys[key]++
	if n := x.gpidKeys[key]; n > 1 {
		key += "#" + itoa(n)
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	id := gpidBase + int(h.Sum64()%gpidSpan)
	for x.gpidsUsed[id] {
		id = gpidBase + (id-gpidBase+1)%gpidSpan
	}
	x.gpidsUsed[id] = true
	x.nextGPID = max(x.nextGPID, id+1)
	return itoa(id)
}

// The range of gpids: numbers from gpidBase, below gpidBase+gpidSpan (well under 2^31, VASSAL's int).
const (
	gpidBase = 1000
	gpidSpan = 1_000_000_000
)

// addFile records a zip entry; names are unique by construction, a clash is a bug.
func (x *exporter) addFile(name string, data []byte) error {
	if _, dup := x.files[name]; dup {
		return fmt.Errorf("vassal: two files named %s (a bug in muster)", name)
	}
	x.files[name] = data
	return nil
}

// packageName is the package's display name.
func (x *exporter) packageName() string {
	if x.pkg.Manifest != nil && x.pkg.Manifest.Name != "" {
		return x.pkg.Manifest.Name
	}
	return x.pkg.ID
}

// posOf is where a document's value is, for a diagnostic.
func posOf(m *content.Meta, ptr string) diag.Pos {
	if m.Doc != nil && ptr != "" {
		return m.Doc.PosOf(ptr)
	}
	return m.At
}

// identifier makes a VASSAL property name (letters, digits and _, not starting with a digit).
func identifier(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
			b.WriteRune(r)
		case r >= '0' && r <= '9':
			if i == 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

func itoa(n int) string { return fmt.Sprint(n) }

// ftoa writes a number so that Java's Double.valueOf reads back the same double.
func ftoa(f float64) string {
	s := fmt.Sprintf("%v", f)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}
