package tts

import (
	"cmp"
	"fmt"
	"image"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/export/setup"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// design is one counter design: a unit type or marker (in a faction's colours when a mix line says so),
// its two faces as images, and how many copies the counter mix holds.
type design struct {
	key     string // "unit/ID", "unit/ID.faction" or "marker/ID"
	unitID  string
	marker  bool
	name    string
	faction string // "" for none
	classes []string
	desc    string // the tile's description: stats, classes
	counter counters.Counter
	count   int // copies in the package's set (the mixes' count, at least one)

	dpi         float64
	wpx, hpx    int
	front, back string // file names under images/
	bagName     string // the bag of the package's set it goes in
}

// planDesigns resolves every counter design (the mixes' and one for each unit type and marker no mix names)
// and settles each one's resolution.
func (x *exporter) planDesigns() error {
	cs, err := counters.FromPackage(x.pkg, counters.Options{AllTypes: true})
	if err != nil {
		return x.printerError(err, "counters")
	}
	for _, c := range cs {
		key := c.Kind + "/" + c.ID
		if d, dup := x.byKey[key]; dup {
			d.count += c.Count
			continue
		}
		d := &design{key: key, counter: c, name: c.Name, marker: c.Kind == counters.KindMarker, count: c.Count}
		d.unitID, d.faction = c.Of, c.Faction
		var stats map[string]content.Scalar
		var back *content.Back
		var meta *content.Meta
		if d.marker {
			m := x.pkg.Marker(d.unitID)
			if m == nil {
				continue
			}
			if d.faction == "" {
				d.faction = m.Faction
			}
			d.classes, stats, back, meta = m.Classes, m.Stats, m.Back, &m.Meta
		} else {
			u := x.pkg.UnitType(d.unitID)
			if u == nil {
				continue
			}
			if d.faction == "" {
				d.faction = u.Faction
			}
			d.classes, stats, back, meta = u.Classes, u.Stats, u.Back, &u.Meta
			if len(c.Own) > 0 {
				stats = maps.Clone(u.Stats)
				maps.Copy(stats, c.Own)
			}
		}
		d.desc = x.describe(d, stats, back)
		w, h := c.Width()/surface.Inch, c.Height()/surface.Inch
		dpi, ok := digital.TTSCounterDPI(w, h, x.opt.CounterDPI)
		if !ok {
			at := c.SizeAt
			if at.IsZero() {
				at = c.At
			}
			if at.IsZero() {
				at = posOf(meta, "")
			}
			e := x.diags.Errorf(at, "export.tts.counter-size", "counter %s is %gin x %gin: at %g dpi it is more than %d pixels a side, the largest image Tabletop Simulator loads",
				d.name, round2(w), round2(h), dpi, digital.TTSMaxImageSide)
			if best, ok := digital.TTSCounterDPI(w, h, 0); ok {
				e.Hint = fmt.Sprintf("export with --counter-dpi %g or less, or leave it out to let muster choose", best)
			} else {
				e.Hint = "make the counter smaller"
			}
			continue
		}
		d.dpi = dpi
		d.wpx, d.hpx = digital.Pixels(w, dpi), digital.Pixels(h, dpi)
		stem := "counter-" + content.Stem(c.Kind+"-"+c.ID, content.ExportStem)
		d.front, d.back = x.imageName(stem), x.imageName(stem+"-back")
		x.byKey[key] = d
		if k := c.Kind + "/" + c.Of; x.firstOf[k] == nil {
			x.firstOf[k] = d
		}
		x.designs = append(x.designs, d)
	}
	hexes := 0
	for _, d := range x.designs {
		if shape.IsHex(d.counter.Shape) {
			hexes++
		}
	}
	blocks, hidden := 0, 0
	for _, d := range x.designs {
		if b := d.counter.Block; b != nil {
			blocks++
			if b.Hidden {
				hidden++
			}
		}
	}
	if blocks > 0 {
		x.note("%s as tiles, the label on one face and the faction's blank side on the other. Tabletop Simulator shows a tile's faces to every player alike: the %d hidden from the opponent lie blank side up with their names hidden while face down; flip one (F) to read it out of the other side's sight, and turn it a quarter %s for each step it loses.", english.Count(blocks, "block design", "block designs"), hidden, x.pkg.System.Blocks.TurnOf())
	}
	if hexes > 0 {
		x.note("%s square tiles with white corners: Tabletop Simulator has no tile of muster's hexagonal outline in a known orientation.", english.Count(hexes, "hexagonal counter design is a", "hexagonal counter designs are"))
	}
	for _, d := range x.designs {
		d.count = max(d.count, 1)
		switch {
		case d.marker:
			d.bagName = "Markers"
		case d.faction != "":
			d.bagName = x.pkg.System.FactionName(d.faction)
		default:
			d.bagName = "Units"
		}
	}
	return nil
}

// faceJobs are the jobs that draw both faces of every design.
func (x *exporter) faceJobs() []*drawJob {
	var jobs []*drawJob
	for _, d := range x.designs {
		for _, back := range []bool{false, true} {
			face, file := &d.counter.Front, &d.front
			if back {
				face, file = &d.counter.Back, &d.back
			}
			draw := func() (*image.RGBA, error) { return d.drawFace(face) }
			if d.counter.Block != nil && !back {
				draw = d.drawLabel // a block: its label, every step on its edge; its back the faction's blank side
			}
			jobs = append(jobs, &drawJob{what: d.name,
				draw: draw,
				done: func(data []byte) error { *file = x.addImage(*file, data); return nil }})
		}
	}
	return jobs
}

// drawFace draws one face of a counter at the design's resolution, as the counter sheet prints it.
func (d *design) drawFace(f *counters.Face) (*image.RGBA, error) {
	s := surface.NewPNG(surface.PNGOptions{DPI: d.dpi})
	w, h := float64(d.wpx)/d.dpi*surface.Inch, float64(d.hpx)/d.dpi*surface.Inch
	s.BeginPage(w, h)
	if err := f.DrawRect(s, 0, 0, w, h, 0); err != nil {
		return nil, err
	}
	return s.PageImage(0)
}

// drawLabel draws a block's label at the design's resolution, its first step at the top.
func (d *design) drawLabel() (*image.RGBA, error) {
	s := surface.NewPNG(surface.PNGOptions{DPI: d.dpi})
	w, h := float64(d.wpx)/d.dpi*surface.Inch, float64(d.hpx)/d.dpi*surface.Inch
	s.BeginPage(w, h)
	if err := (counters.Label{C: &d.counter}).DrawRect(s, 0, 0, w, h, 0); err != nil {
		return nil, err
	}
	return s.PageImage(0)
}

// tile is a new copy of the design as a custom tile: its front up, its back underneath, its true size. A
// block hidden from the opponent lies face down (its faction's blank side up), and its name and description
// hide while it does (Tabletop Simulator shows a tile's two faces to every player alike: its owner flips it
// to read the label).
func (x *exporter) tile(d *design, g *guids) *objectState {
	o := x.plainTile(d, g)
	if b := d.counter.Block; b != nil && b.Hidden {
		o.Transform.RotZ = 180
		o.HideWhenFaceDown = true
		o.Description = strings.TrimSpace("A block hidden from the other side: its label is underneath; flip it (F) to read it, out of the other side's sight, and turn it a quarter " + b.Turn + " for each step it loses.\n" + o.Description)
	}
	return o
}

// blockTurn is the turn (degrees, Tabletop Simulator's RotY: clockwise seen from above) that stands a block
// on a step (from 0): the label turned the way the block turns to lose a step, that step's edge at the top.
func blockTurn(d *design, step int) float64 {
	if d.counter.Block == nil || step <= 0 {
		return 0
	}
	return -counters.EdgeRotation(d.counter.Block.Turn, step)
}

func (x *exporter) plainTile(d *design, g *guids) *objectState {
	sx, sz := tileScale(d.wpx, d.hpx, d.dpi)
	return &objectState{GUID: g.next(), Name: "Custom_Tile", Nickname: d.name, Description: d.desc, ColorDiffuse: white,
		Tags: x.tags(d), Grid: false, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
		Transform: transform{PosY: tableY, RotY: 180, ScaleX: sx, ScaleY: 1, ScaleZ: sz},
		CustomImage: &customImage{ImageURL: x.imageURL(d.front), ImageSecondaryURL: x.imageURL(d.back), ImageScalar: 1,
			CustomTile: &customTile{Type: tileType(d.counter.Shape), Thickness: counterThickness, Stackable: false, Stretch: true}}}
}

// tileScale is the X and Z scale that make a stretched custom tile (square, tileUnits a side at scale 1) an
// image of w x h pixels at dpi pixels an inch: its true width along X and its true height along Z.
func tileScale(w, h int, dpi float64) (float64, float64) {
	return float64(w) / dpi / tileUnits, float64(h) / dpi / tileUnits
}

// Tabletop Simulator's custom tile types.
const (
	tileBox    = 0
	tileCircle = 2
)

// tileType is the tile a counter's shape becomes: a round counter a circle (Tabletop Simulator cuts the image
// to it), anything else a box. A hexagonal counter stays a box with white corners: Tabletop Simulator's own
// hex tile has an orientation its documentation does not give, and its images must be RGB, without the
// transparency that would cut them out (the set's notes say so).
func tileType(sh string) int {
	if sh == shape.Round {
		return tileCircle
	}
	return tileBox
}

// tags are a tile's Tabletop Simulator tags: its faction and classes, for players' scripts and zones.
func (x *exporter) tags(d *design) []string {
	var out []string
	if d.marker {
		out = append(out, "marker")
	}
	if d.faction != "" {
		out = append(out, "faction:"+d.faction)
	}
	for _, c := range d.classes {
		out = append(out, "class:"+c)
	}
	return out
}

// describe is a tile's description: the stats on its front (and back), its faction and classes.
func (x *exporter) describe(d *design, stats map[string]content.Scalar, back *content.Back) string {
	var lines []string
	if s := x.statText(stats); s != "" {
		lines = append(lines, s)
	}
	if back != nil && back.Kind != "same" && (len(back.Stats) > 0 || back.Label != "") {
		l := "Back"
		if back.Label != "" {
			l += " (" + back.Label + ")"
		}
		if s := x.statText(back.Stats); s != "" {
			l += ": " + s
		}
		lines = append(lines, l)
	}
	var about []string
	if d.faction != "" {
		about = append(about, x.pkg.System.FactionName(d.faction))
	}
	for _, c := range d.classes {
		about = append(about, x.pkg.System.ClassName(c))
	}
	if len(about) > 0 {
		lines = append(lines, strings.Join(about, ", "))
	}
	return strings.Join(lines, "\n")
}

// statText lists stats in the System's order, then any others by name: "Attack 3*, Morale 4".
func (x *exporter) statText(stats map[string]content.Scalar) string {
	var parts []string
	done := map[string]bool{}
	if x.pkg.System != nil {
		for _, st := range x.pkg.System.Stats {
			if v, ok := stats[st.ID]; ok {
				parts = append(parts, cmp.Or(st.Name, st.ID)+" "+v.Text)
				done[st.ID] = true
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(stats)) {
		if !done[k] {
			parts = append(parts, k+" "+stats[k].Text)
		}
	}
	return strings.Join(parts, ", ")
}

// factionIndex orders factions as the System lists them.
func (x *exporter) factionIndex(id string) int {
	if x.pkg.System != nil {
		for i, f := range x.pkg.System.Factions {
			if f.ID == id {
				return i
			}
		}
	}
	return 1 << 20
}

// designFor finds the design of a unit type or marker as a side fields it (setup.DesignFor): in the colours of one of the
// side's factions when the mix has such a version, else the type's own.
func (x *exporter) designFor(id string, factions []string) *design {
	d, _ := setup.DesignFor(x.byKey, x.firstOf, id, factions)
	return d
}

// bag is a bag of tiles.
type bag struct {
	name   string
	tint   color
	order  int
	tiles  []*objectState
	copies int
}

// bags sorts designs into bags, one for each faction in the System's order, then units without a faction,
// then markers: copies of each design as add says.
func (x *exporter) bags(g *guids, add func(d *design) int) []*bag {
	byName := map[string]*bag{}
	var out []*bag
	for _, d := range x.designs {
		n := add(d)
		if n == 0 {
			continue
		}
		b, ok := byName[d.bagName]
		if !ok {
			b = &bag{name: d.bagName, tint: tintOf(d.counter.Front.Background), order: x.factionIndex(d.faction)}
			if d.marker {
				b.order = 1 << 22
			} else if d.faction == "" {
				b.order = 1 << 21
			}
			byName[d.bagName] = b
			out = append(out, b)
		}
		for i := 0; i < n; i++ {
			b.tiles = append(b.tiles, x.tile(d, g))
		}
		b.copies += n
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].order < out[j].order })
	return out
}

// object is the bag as a Tabletop Simulator bag, at (px, pz).
func (b *bag) object(g *guids, px, pz float64, desc string) *objectState {
	return &objectState{GUID: g.next(), Name: "Bag", Nickname: b.name, Description: desc, ColorDiffuse: b.tint,
		Grid: false, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
		Transform:        transform{PosX: px, PosY: tableY + 0.5, PosZ: pz, RotY: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1},
		ContainedObjects: b.tiles}
}

// tintOf is a counter background as a bag's colour.
func tintOf(c surface.Color) color {
	return color{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
}
