package vassal

import (
	"cmp"
	"fmt"
	"image"
	"math"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/drawn"
	"github.com/muster-wargames/muster/export/internal/names"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
)

// Maps of the module.
const (
	mainMapName   = "Map"
	boardsMapName = "Boards"
	classBoard    = "VASSAL.build.module.map.boardPicker.Board"
)

// boardImage is one board of the module: a map or board on its own, or a scenario's map set with the
// scenario's zones, entries and objectives drawn on it.
type boardImage struct {
	name     string // the Board's name in VASSAL
	file     string // under images/
	drawing  *maps.Drawing
	set      *content.MapSet
	scenario *content.Scenario // nil for a map on its own
	mapDoc   *content.Map      // a map on its own
	onMain   bool              // on the main map (else on the boards map)
	turnable bool              // a geomorphic board the player may turn

	pl   placement
	grid *buildfile.Element // nil on an open tabletop
	net  *network           // an area or point-to-point map's places
}

// where is the content a board comes from, for diagnostics.
func (b *boardImage) where() diag.Pos {
	if b.scenario != nil && len(b.set.Boards) > 1 {
		return posOf(&b.scenario.Meta, "/map")
	}
	return posOf(&b.set.Boards[0].Map.Meta, "/grid")
}

// planBoards lists the boards: each scenario's map set on the main map; on the boards map, every map a
// scenario does not show as it is (geomorphic boards to arrange, maps no scenario uses). A package without
// scenarios shows its maps on the main map.
func (x *exporter) planBoards() error {
	boardNames := names.NewUnique("%s (%d)")
	shown := map[*content.Map]bool{}
	for _, sc := range x.pkg.Scenarios() {
		set, _ := x.pkg.MapSet(sc)
		if set == nil {
			continue
		}
		d, err := maps.ForScenario(x.pkg, sc)
		if err != nil {
			return x.printerError(err, "scenario %s", sc.ID)
		}
		d.HideUnits = true
		name := boardNames.Take(cmp.Or(sc.Name, sc.ID))
		x.boards = append(x.boards, &boardImage{name: name, file: "board-scenario-" + content.Stem(sc.ID, content.ExportStem) + ".png",
			drawing: d, set: set, scenario: sc, onMain: true})
		if len(set.Boards) == 1 && set.Boards[0].Rotate == 0 {
			shown[set.Boards[0].Map] = true
		}
	}
	haveScenarios := len(x.boards) > 0
	for _, m := range x.pkg.Maps() {
		if shown[m] {
			continue
		}
		d, err := maps.ForMap(x.pkg, m)
		if err != nil {
			return fmt.Errorf("vassal: map %s: %w", m.ID, err)
		}
		name := cmp.Or(m.Name, m.ID)
		if m.Board != "" {
			name = m.Board
		}
		x.boards = append(x.boards, &boardImage{name: boardNames.Take(name), file: "board-" + content.Stem(m.ID, content.ExportStem) + ".png",
			drawing: d, set: d.Set, mapDoc: m, onMain: !haveScenarios, turnable: m.Board != ""})
	}
	return nil
}

// chooseDPI settles the resolution: the option's, or DefaultDPI lowered until every board fits VASSAL.
func (x *exporter) chooseDPI() error {
	limit := math.Inf(1)
	var worst *boardImage
	for _, b := range x.boards {
		f := b.drawing.MapFrame()
		fit := digital.VassalFitDPI(f.W/surface.Inch, f.H/surface.Inch)
		if fit < limit {
			limit, worst = fit, b
		}
	}
	if x.opt.DPI > 0 {
		x.dpi = x.opt.DPI
		for _, b := range x.boards {
			w, h := b.drawing.FramePixels(x.dpi)
			if int64(w)*int64(h) > MaxBoardPixels || w > MaxBoardSide || h > MaxBoardSide {
				f := b.drawing.MapFrame()
				fit := math.Floor(digital.VassalFitDPI(f.W/surface.Inch, f.H/surface.Inch))
				d := x.diags.Errorf(b.where(), "export.vassal.board-size", "board %s is %d x %d pixels at %g dpi, more than VASSAL can load (%d pixels, %d on a side)", b.name, w, h, x.dpi, MaxBoardPixels, MaxBoardSide)
				d.Hint = fmt.Sprintf("export with --dpi %g or less, or leave --dpi out to let muster choose", fit)
			}
		}
		return nil
	}
	x.dpi = DefaultDPI
	if limit < DefaultDPI {
		x.dpi = math.Floor(limit)
		if x.dpi < MinDPI {
			x.diags.Errorf(worst.where(), "export.vassal.board-size", "board %s is too large for VASSAL even at %d dpi", worst.name, MinDPI)
			return nil
		}
		x.note("Boards and pieces are drawn at %g dpi, not %d: board %s would be more than VASSAL can load at %d dpi.", x.dpi, DefaultDPI, worst.name, DefaultDPI)
	}
	x.wholeHexes()
	return nil
}

// renderBoards draws every board image on the pool's workers (package parallel) and fits its grid.
func (x *exporter) renderBoards() error {
	type result struct {
		data []byte
		enc  time.Duration
	}
	res := make([]result, len(x.boards))
	keys := make([]drawn.Key, len(x.boards))
	for i, b := range x.boards {
		keys[i] = b.key(x.dpi)
	}
	x.opt.Drawn.Want(keys)
	// The module's documents are rendered on the same workers, after the boards (buildAids adds them).
	x.docJobs = x.planDocs()
	nb := len(x.boards)
	// Largest boards first, so that the last to finish is a small one (the documents are sized 0).
	area := func(i int) int {
		if i >= nb {
			return 0
		}
		w, h := x.boards[i].drawing.FramePixels(x.dpi)
		return w * h
	}
	errs := parallel.EachLargestFirst(nb+len(x.docJobs), area, func(i int) error {
		if i >= nb {
			j := x.docJobs[i-nb]
			j.files, j.err = j.render()
			return nil
		}
		b := x.boards[i]
		px, py, dx, dy := b.drawing.PixelOrigin(x.dpi)
		// The board is drawn once for the build: the Tabletop Simulator set of the same build takes it from
		// Options.Drawn when it shows the board at the same resolution.
		im, err := x.opt.Drawn.Get(b.key(x.dpi), func() (*image.RGBA, error) {
			s := surface.NewPNG(surface.PNGOptions{DPI: x.dpi})
			defer s.Release()
			if err := b.drawing.DrawFrame(s, dx, dy); err != nil {
				return nil, err
			}
			return s.PageImage(0)
		})
		if err != nil {
			return err
		}
		w, h := b.drawing.FramePixels(x.dpi)
		if im.Bounds().Dx() != w || im.Bounds().Dy() != h {
			return fmt.Errorf("vassal: board %s: image is %v, expected %dx%d (a bug in muster)", b.name, im.Bounds().Size(), w, h)
		}
		b.pl = placement{set: b.set, k: x.dpi / surface.Inch, px0: px, py0: py, w: w, h: h, scale: b.drawing.Scale}
		res[i].data, res[i].enc, err = encodePNG(im)
		x.opt.Drawn.Done(im)
		return err
	})
	for k, j := range x.docJobs {
		if e := errs[nb+k]; e != nil { // a panic
			j.err = e
		}
	}
	for i, b := range x.boards {
		if errs[i] != nil {
			return x.printerError(errs[i], "board %s", b.name)
		}
		x.stats.PNGEncode += res[i].enc
		x.stats.Images++
		if err := x.addFile("images/"+b.file, res[i].data); err != nil {
			return err
		}
		if b.set.Type == content.GridOpen {
			continue
		}
		var g *buildfile.Element
		var err error
		if b.set.Network() {
			g, b.net, err = b.pl.networkGrid(x.dpi)
		} else {
			g, err = b.pl.gridElement()
		}
		if err != nil {
			var ge *gridError
			if asGridError(err, &ge) {
				x.diags.Errorf(posOf(&ge.board.Map.Meta, ge.ptr), "export.vassal.grid", "%s", ge.msg).Hint =
					cmp.Or(ge.hint, "VASSAL names cells by a column and a row, as numbers or letters, with fixed text around them")
				continue
			}
			return err
		}
		b.grid = g
	}
	return nil
}

// key names the board's image for the build's other exporters (package drawn).
func (b *boardImage) key(dpi float64) drawn.Key {
	if b.scenario != nil {
		return drawn.Key{Kind: "scenario", ID: b.scenario.ID, DPI: dpi}
	}
	return drawn.Key{Kind: "map", ID: b.mapDoc.ID, DPI: dpi}
}

func asGridError(err error, ge **gridError) bool {
	g, ok := err.(*gridError)
	if ok {
		*ge = g
	}
	return ok
}

// boardElement is the Board of a board image.
func (b *boardImage) element() *buildfile.Element {
	e := buildfile.New(classBoard, "name", b.name, "image", b.file, "reversible", fmt.Sprint(b.turnable))
	if b.grid != nil {
		e.Add(b.grid)
	}
	return e
}

// note adds a line to the notes page.
func (x *exporter) note(format string, args ...any) {
	x.notes = append(x.notes, fmt.Sprintf(format, args...))
}

// cannot records something VASSAL's module cannot express, for the notes page.
func (x *exporter) cannot(format string, args ...any) {
	x.missing = append(x.missing, fmt.Sprintf(format, args...))
}
