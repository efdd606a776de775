package validate

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/surface"
)

// exportTTSCheck reports maps and counters `muster export tts` cannot make into Tabletop Simulator images:
// whatever an exporter refuses is a validate check first. Like export-vassal it warns (the package still
// prints); the export itself refuses with an error at the same place.
var exportTTSCheck = &Check{
	Name:  "export-tts",
	Stage: StageCheck,
	Doc: fmt.Sprintf("every map, counter and card can be made into Tabletop Simulator images\n\n"+
		"Tabletop Simulator loads no image over %d pixels a side: a larger map is cut into tiles, but muster gives one map at most %d million pixels "+
		"(a map is drawn at %d dpi, or less as its size needs, down to %d, and a hex map a little less where that makes every hex a whole number of pixels high), and a counter must be one image (at %d dpi, or less, down to %d). "+
		"A map or counter past these cannot be exported; nor can a deck whose cards do not fit %d x %d on one such image at %d dpi (card-size).",
		digital.TTSMaxImageSide, digital.TTSMaxMapPixels>>20, digital.TTSDefaultMapDPI, digital.TTSMinDPI, digital.TTSDefaultCounterDPI, digital.TTSMinDPI,
		digital.TTSSheetCols, digital.TTSSheetRows, digital.TTSMinDPI),
	Requires: []Requirement{Printing},
	Applies: func(pkg *content.Package) bool {
		return len(pkg.Maps())+len(pkg.UnitTypes())+len(pkg.Markers())+len(pkg.Decks()) > 0
	},
	Package: func(p *Pass) {
		pp := Get(p, Printing)
		for _, dp := range pp.drawings {
			f := dp.drawing.MapFrame()
			w, h := f.W/surface.Inch, f.H/surface.Inch
			if _, ok := digital.TTSMapDPI(w, h, 0); !ok {
				p.Warnf(dp.at, "map-size", "%s is %gin x %gin: muster export tts cannot draw it for Tabletop Simulator even at %d dpi", dp.what, round2(w), round2(h), digital.TTSMinDPI).Hint =
					"make the map smaller, or split it into boards a scenario composes"
			}
		}
		// Every counter the export draws (the mixes' and one of each unit type and marker they leave out),
		// said once for each place its size is given.
		cs, _ := counters.FromPackage(p.Pkg, counters.Options{AllTypes: true, SkipImages: true})
		type tooLarge struct {
			first    *counters.Counter
			w, h     float64
			others   int
			designed map[string]bool
		}
		var order []diag.Pos
		byPlace := map[diag.Pos]*tooLarge{}
		for i := range cs {
			c := &cs[i]
			w, h := c.Width()/surface.Inch, c.Height()/surface.Inch
			if _, ok := digital.TTSCounterDPI(w, h, 0); ok {
				continue
			}
			at := c.SizeAt
			if at.IsZero() {
				at = c.At
			}
			tl := byPlace[at]
			switch {
			case tl == nil:
				byPlace[at] = &tooLarge{first: c, w: w, h: h, designed: map[string]bool{c.Kind + "/" + c.ID: true}}
				order = append(order, at)
			case !tl.designed[c.Kind+"/"+c.ID]:
				tl.designed[c.Kind+"/"+c.ID] = true
				tl.others++
			}
		}
		for _, at := range order {
			tl := byPlace[at]
			what := "counter " + tl.first.Name
			if tl.others > 0 {
				what = fmt.Sprintf("counter %s (and %d more)", tl.first.Name, tl.others)
			}
			p.Warnf(at, "counter-size", "%s is %gin x %gin: muster export tts cannot make it one Tabletop Simulator image (%d pixels a side) even at %d dpi",
				what, round2(tl.w), round2(tl.h), digital.TTSMaxImageSide, digital.TTSMinDPI).Hint = "make the counter smaller"
		}
		// Each deck's cards on card sheets (a size that is no card size is the cards check's to report).
		for _, d := range p.Pkg.Decks() {
			size, err := content.ParseCardSize(d.Size)
			if err != nil {
				continue
			}
			w, h := size.W/surface.Inch, size.H/surface.Inch
			if _, ok := digital.TTSCardDPI(w, h); !ok {
				p.Warnf(d.Doc.PosOf("/size"), "card-size", "the cards of deck %s are %gin x %gin: muster export tts cannot put %d x %d of them on one Tabletop Simulator card sheet (%d pixels a side) even at %d dpi",
					d.ID, round2(w), round2(h), digital.TTSSheetCols, digital.TTSSheetRows, digital.TTSMaxImageSide, digital.TTSMinDPI).Hint = "make the cards smaller"
			}
		}
	},
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }
