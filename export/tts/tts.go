// Package tts turns a validated game package into a Tabletop Simulator set: saved objects (JSON in
// Tabletop Simulator's save-file format) and the PNG images they name. The set holds every map and board and
// bags of the counters, drawn by the same code as the printed game; each scenario is a saved object of its
// own with its units standing on their cells.
//
// Sizes and positions follow the printed game in inches, one Tabletop Simulator unit to the inch: a map's
// tiles and every counter are custom tiles scaled to their true size, and a unit set up in a cell stands
// where the map's grid puts that cell's centre. The same package gives the same bytes.
package tts

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/drawn"
	"github.com/muster-wargames/muster/export/internal/names"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/validate"
)

// Options choose where the images are read from and how finely they are drawn.
type Options struct {
	// ImageBaseURL is where Tabletop Simulator reads the images from: the images/ folder of the set as a
	// file:/// address (the images stay on the designer's disk), or the address the designer uploads them
	// to. Every image is the base followed by its file name. Required.
	ImageBaseURL string
	// DPI is the resolution of every map; 0 means digital.TTSDefaultMapDPI, lowered for a map too large for
	// Tabletop Simulator. A map too large at the DPI given is an error.
	DPI float64
	// CounterDPI is the resolution of the counters; 0 means digital.TTSDefaultCounterDPI (lowered for a counter
	// larger than one image).
	CounterDPI float64
	// Drawn, when not nil, shares board images with the build's other exporters: a board drawn already at the
	// same resolution is not drawn again.
	Drawn *drawn.Cache
}

// Set is an exported Tabletop Simulator set.
type Set struct {
	Files   []output.File // sorted by path, relative to the set's folder; Output is empty (the caller names it)
	Objects []SavedObject // the saved objects, the package's set first
	Notes   []string      // what the set holds and what Tabletop Simulator cannot express (also in README.txt)
	// Boards are the maps' images, one for each map and scenario map set: their pixels and tiles within
	// Tabletop Simulator's budget (for the build report).
	Boards []digital.BoardImage
	Stats  Stats
}

// SavedObject is one saved object of the set and what it holds.
type SavedObject struct {
	File     string            // the JSON file
	Name     string            // what it is
	Scenario *content.Scenario // nil for the package's set
	Boards   int               // map tiles
	Units    int               // counters standing on the map
	Bags     int
	InBags   int // counters in the bags
	Dice     int
	Decks    int      // decks of cards
	Cards    int      // cards in the decks
	Hands    []string // the players' hands: "Side at Colour"
}

// Stats measure an export (for benchmarks).
type Stats struct {
	Total     time.Duration
	Draw      time.Duration // drawing images (summed over workers)
	PNGEncode time.Duration // encoding them (summed over workers)
	Images    int
	Pixels    int64
}

// Tabletop Simulator's world, as muster uses it.
const (
	// tileUnits is how many units a custom tile at scale 1 measures along each side. With Stretch on,
	// Tabletop Simulator "stretches the source image to make a symmetrical tile" (its knowledge base): the
	// tile is square whatever the image's shape, so muster sets the X and Z scales apart, from the image's
	// width and height (tileScale), and the tile measures the image's true size. With Stretch off the tile
	// would follow the image's aspect, but which side keeps the 2 units is written nowhere: the square tile
	// scaled per axis depends on no such guess.
	tileUnits = 2.0
	// tableY is the height of the table top boards lie on; Tabletop Simulator drops what is above it.
	tableY = 1.0
	// Thicknesses, in units (inches).
	boardThickness   = 0.1
	counterThickness = 0.1
	// gap between things laid out side by side, in inches.
	gap = 2.0
)

// Export builds the set of a checked package. Content Tabletop Simulator cannot represent (a map too large
// at the resolution asked for, a counter too large for one image, a set-up cell off the map) comes back as
// error diagnostics at the content, and no set; a bad option or a failure of muster itself is an error.
func Export(c *validate.Checked, opt Options) (*Set, diag.List, error) {
	start := time.Now()
	if c == nil || c.Package() == nil {
		return nil, nil, errors.New("tts: no package")
	}
	if c.Diags().HasErrors() {
		return nil, nil, errors.New("tts: the package has errors; fix them first (muster validate lists them)")
	}
	base, err := CheckImageBaseURL(opt.ImageBaseURL)
	if err != nil {
		return nil, nil, err
	}
	opt.ImageBaseURL = base
	for _, d := range []struct {
		name string
		v    float64
	}{{"--dpi", opt.DPI}, {"--counter-dpi", opt.CounterDPI}} {
		if d.v != 0 && (math.IsNaN(d.v) || d.v < digital.TTSMinDPI || d.v > digital.TTSMaxDPI) {
			return nil, nil, fmt.Errorf("tts: %s %g is out of range: use %d to %d", d.name, d.v, digital.TTSMinDPI, digital.TTSMaxDPI)
		}
	}
	x := newExporter(c.Package(), opt)
	if err := x.run(); err != nil {
		return nil, x.diags, err
	}
	x.diags.Sort()
	if x.diags.HasErrors() {
		return nil, x.diags, nil
	}
	s, err := x.set()
	if err != nil {
		return nil, x.diags, err
	}
	s.Stats.Total = time.Since(start)
	return s, x.diags, nil
}

// CheckImageBaseURL checks an image base address (file:///, http:// or https://, with a path) and returns it
// as net/url writes it (a character a URL may not hold percent-encoded), ending in a slash. The images' names
// follow it, so an address with a query or a fragment (even an empty one: https://example.org/#) is refused:
// every image would have the same address.
func CheckImageBaseURL(base string) (string, error) {
	if strings.TrimSpace(base) == "" {
		return "", errors.New("tts: no image address: give the images' base URL (a file:/// address of the images folder, or where they are uploaded)")
	}
	if strings.ContainsAny(base, "\"\\\n\r\t") {
		return "", fmt.Errorf("tts: image address %q: it may not hold quotes, backslashes or line breaks (write a Windows path with forward slashes: file:///C:/...)", base)
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("tts: image address %q: %v", base, err)
	}
	switch u.Scheme {
	case "file":
		if u.Host != "" || !strings.HasPrefix(base, "file:///") {
			return "", fmt.Errorf("tts: image address %q: a file address has three slashes and an absolute path (file:///home/me/set/images/)", base)
		}
	case "http", "https":
		if u.Host == "" {
			return "", fmt.Errorf("tts: image address %q names no host", base)
		}
	default:
		return "", fmt.Errorf("tts: image address %q: use file:///, http:// or https://", base)
	}
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.ContainsAny(base, "?#") {
		return "", fmt.Errorf("tts: image address %q: image names follow the address, so it cannot have a query (?) or a fragment (#): every image would have the same address", base)
	}
	if u.User != nil {
		return "", fmt.Errorf("tts: image address %q: it may not hold a user name or password, which every player would see", base)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
		if u.RawPath != "" {
			u.RawPath += "/"
		}
	}
	return u.String(), nil
}

// FileURL is the file:/// address of a folder (made absolute), ending in a slash, as Tabletop Simulator names
// an image on this disk: built by net/url, so that a folder named p%20q, x#y or q?r is the folder itself and
// not another, or an address with a fragment.
func FileURL(folder string) (string, error) {
	abs, err := filepath.Abs(folder)
	if err != nil {
		return "", err
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/Users/... on Windows
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return (&url.URL{Scheme: "file", Path: p}).String(), nil
}

// exporter holds one export's state; names are given out in content order, so that the same package gives
// the same set.
type exporter struct {
	pkg     *content.Package
	opt     Options
	diags   diag.List
	stats   Stats
	statsMu sync.Mutex

	boards  []*boardImage // the package's maps, then the scenarios' map sets
	designs []*design
	byKey   map[string]*design
	// firstOf is the first design of each unit type or marker ("unit/id"), for a type the mix prints only
	// with values of a line's own.
	firstOf map[string]*design

	images     map[string][]byte // by file name under images/
	imageNames *names.Unique
	byHash     map[[32]byte]string
	objects    []savedFile
	decks      []*deckSet // cards.go
	notes      []string
	cannot     []string
}

// savedFile is a saved object on its way to JSON.
type savedFile struct {
	SavedObject
	state *saveState
	thumb []byte
	depth float64 // how deep its map lies on the table, in inches (what is beyond it is free)
	// farHandZ is where the far side's hand lies (z, inches), beyond what stands past the map; 0: just past it
	farHandZ float64
}

func newExporter(pkg *content.Package, opt Options) *exporter {
	return &exporter{pkg: pkg, opt: opt, byKey: map[string]*design{}, firstOf: map[string]*design{}, images: map[string][]byte{}, imageNames: names.NewUnique("%s-%d"), byHash: map[[32]byte]string{}}
}

func (x *exporter) run() error {
	steps := []func() error{x.planBoards, x.planDesigns, x.planDecks, x.draw, x.buildSet, x.buildScenarios, x.placeDecks, x.placeHands}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
		if x.diags.HasErrors() {
			return nil
		}
	}
	x.describeLimits()
	return nil
}

// printerError is what the export makes of a printer's error: the diagnostics of a *diag.Failure (content
// the printers cannot draw, at its file and line; no set is written), else an error.
func (x *exporter) printerError(err error, format string, args ...any) error {
	var f *diag.Failure
	if errors.As(err, &f) {
		x.diags.Extend(f.Diags)
		return nil
	}
	return fmt.Errorf("tts: "+format+": %w", append(args, err)...)
}

// imageURL is the address of an image of the set.
func (x *exporter) imageURL(name string) string { return x.opt.ImageBaseURL + url.PathEscape(name) }

// packageName is the package's display name.
func (x *exporter) packageName() string {
	if x.pkg.Manifest != nil && x.pkg.Manifest.Name != "" {
		return x.pkg.Manifest.Name
	}
	return x.pkg.ID
}

// set assembles the files: the images, each saved object's JSON and thumbnail, and README.txt.
func (x *exporter) set() (*Set, error) {
	s := &Set{Stats: x.stats, Notes: append(append([]string(nil), x.notes...), x.cannot...)}
	for _, b := range x.boards {
		s.Boards = append(s.Boards, digital.TTSBoard(b.name, b.w, b.h, b.dpi))
	}
	for _, name := range slices.Sorted(maps.Keys(x.images)) {
		s.Files = append(s.Files, output.File{Path: "images/" + name, Data: x.images[name]})
	}
	for _, o := range x.objects {
		data, err := marshal(o.state)
		if err != nil {
			return nil, err
		}
		s.Files = append(s.Files, output.File{Path: o.File, Data: data})
		if o.thumb != nil {
			s.Files = append(s.Files, output.File{Path: strings.TrimSuffix(o.File, ".json") + ".png", Data: o.thumb})
		}
		s.Objects = append(s.Objects, o.SavedObject)
	}
	s.Files = append(s.Files, output.File{Path: ReadmeName, Data: x.readme(s)})
	sort.Slice(s.Files, func(i, j int) bool { return s.Files[i].Path < s.Files[j].Path })
	return s, nil
}

// note adds a line to the notes.
func (x *exporter) note(format string, args ...any) {
	x.notes = append(x.notes, fmt.Sprintf(format, args...))
}

// cannotExpress records something Tabletop Simulator's set does not hold, for the notes.
func (x *exporter) cannotExpress(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	for _, l := range x.cannot {
		if l == line {
			return
		}
	}
	x.cannot = append(x.cannot, line)
}

// describeLimits notes what a Tabletop Simulator set never holds.
func (x *exporter) describeLimits() {
	x.cannotExpress("Rules are not enforced: stacking limits, movement, combat and victory are the players' to apply.")
	if len(x.pkg.Tables()) > 0 {
		x.cannotExpress("Charts and tables are not in the set: print charts.pdf (muster build), or add it in Tabletop Simulator as a Custom PDF.")
	}
	if len(x.pkg.Scenarios()) > 0 {
		x.cannotExpress("Scenario sheets, turn records and victory conditions are not in the set: each scenario's board says its length; print scenarios/<id>.pdf (muster build) for the rest.")
	}
	for _, m := range x.pkg.Maps() {
		if content.IsNetwork(m.Grid.Type) {
			x.note("Area and point-to-point maps have a snap point at each place: a counter dropped near a place moves to its point, where the scenario's units stand. Several counters in one place stack there; spread them by hand. Connections, their limits and stops are drawn, not enforced.")
			break
		}
	}
}

// posOf is where a document's value is, for a diagnostic.
func posOf(m *content.Meta, ptr string) diag.Pos {
	if m.Doc != nil && ptr != "" {
		return m.Doc.PosOf(ptr)
	}
	return m.At
}
