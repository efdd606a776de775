package vassal

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/export/internal/names"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// Classes of the piece components.
const (
	classPieceWindow = "VASSAL.build.module.PieceWindow"
	classTabWidget   = "VASSAL.build.widget.TabWidget"
	classPanelWidget = "VASSAL.build.widget.PanelWidget"
	classPieceSlot   = "VASSAL.build.widget.PieceSlot"
	classPrototypes  = "VASSAL.build.module.PrototypesContainer"
	classPrototype   = "VASSAL.build.module.PrototypeDefinition"
)

// Names of the prototypes every piece uses.
const (
	protoPiece   = "Piece"
	markersTab   = "Markers"
	unitsTab     = "Units"
	flipCommand  = "Flip"
	layerName    = "Side"
	deleteName   = "Delete"
	deadCommand  = "Eliminate"
	deadPileSize = 480
	// A block's commands and its steps' layer.
	maskCommand    = "Hide"
	stepsLayer     = "Step"
	reduceCommand  = "Reduce a step"
	restoreCommand = "Restore a step"
)

// pieceDesign is one counter design: a unit type or marker (in a faction's colours when a mix line says so),
// its two faces as images and the traits that make it a VASSAL piece.
type pieceDesign struct {
	key       string // "unit/ID", "unit/ID.faction" or "marker/ID"
	unitID    string // the unit type or marker id
	marker    bool
	name      string
	faction   string // faction id, "" for none
	classes   []string
	stats     [][2]string // property name, value: the front's stats, then the back's as NAME_back
	counter   counters.Counter
	front     string // image names under images/
	back      string // "" when the counter has no back to flip to
	backLabel string
	w, h      int // pixels
	at        *content.Meta
	// A block: its label turned to each step (steps[0] is front), the faction's blank side it shows masked,
	// and whether it is hidden from the opponent (masked to its side as it sets up).
	steps     []string
	strengths []string
	blank     string
	hidden    bool
}

// start is how a piece starts: on its back, on a step of a block, masked to a side.
type start struct {
	flipped bool
	step    int
	owner   string // the side (a PlayerRoster entry) a hidden piece starts masked to; "" unmasked
}

// sideInfo is a side of some scenario, with its dead pile.
type sideInfo struct {
	id, name string
	dead     *deadPile
	factions []string // the factions it fields in some scenario, in scenario order
}

// deadPile is a map where eliminated pieces go.
type deadPile struct {
	name string // map and board name
}

// planSides gives every side of every scenario (by id) a dead pile, and every faction the dead pile of the
// first side that fields it; factions no side fields share one "Eliminated" pile.
func (x *exporter) planSides() error {
	piles := names.NewUnique("%s (%d)")
	byID := map[string]*sideInfo{}
	for _, sc := range x.pkg.Scenarios() {
		for _, sd := range sc.Sides {
			si, ok := byID[sd.ID]
			if !ok {
				si = &sideInfo{id: sd.ID, name: sd.DisplayName(), dead: &deadPile{name: piles.Take("Dead: " + sd.ShortName())}}
				byID[sd.ID] = si
				x.sides = append(x.sides, si)
				x.deadPiles = append(x.deadPiles, si.dead)
			}
			for _, f := range sd.Faction {
				if !slices.Contains(si.factions, f) {
					si.factions = append(si.factions, f)
				}
				if _, ok := x.factionSide[f]; !ok {
					x.factionSide[f] = si.name
				}
				if dp, ok := x.factionDP[f]; ok && dp != si.dead {
					x.note("Pieces of faction %s go to %s when eliminated; in some scenarios the faction is on another side.", f, dp.name)
					continue
				}
				x.factionDP[f] = si.dead
			}
		}
	}
	return nil
}

// eliminated is the dead pile of a faction's pieces.
func (x *exporter) eliminated(faction string) *deadPile {
	if dp, ok := x.factionDP[faction]; ok {
		return dp
	}
	for _, dp := range x.deadPiles {
		if dp.name == "Eliminated" {
			x.factionDP[faction] = dp
			return dp
		}
	}
	dp := &deadPile{name: "Eliminated"}
	x.deadPiles = append(x.deadPiles, dp)
	x.factionDP[faction] = dp
	return dp
}

// buildPieces resolves every counter design (the mixes' and one for each unit type and marker no mix
// names), draws both faces and builds the prototypes.
func (x *exporter) buildPieces() error {
	cs, err := counters.FromPackage(x.pkg, counters.Options{AllTypes: true})
	if err != nil {
		return x.printerError(err, "counters")
	}
	stems := names.NewUnique("%s-%d")
	for _, c := range cs {
		key := c.Kind + "/" + c.ID
		if _, dup := x.byKey[key]; dup {
			continue
		}
		d := &pieceDesign{key: key, counter: c, name: c.Name, marker: c.Kind == counters.KindMarker}
		d.unitID, d.faction = c.Of, c.Faction
		var stats map[string]content.Scalar
		var back *content.Back
		if d.marker {
			m := x.pkg.Marker(d.unitID)
			if m == nil {
				continue
			}
			if d.faction == "" {
				d.faction = m.Faction
			}
			d.classes, stats, back, d.at = m.Classes, m.Stats, m.Back, &m.Meta
		} else {
			u := x.pkg.UnitType(d.unitID)
			if u == nil {
				continue
			}
			if d.faction == "" {
				d.faction = u.Faction
			}
			d.classes, stats, back, d.at = u.Classes, u.Stats, u.Back, &u.Meta
			if len(c.Own) > 0 {
				stats = maps.Clone(u.Stats)
				maps.Copy(stats, c.Own)
			}
		}
		d.stats = x.statProps(stats, "")
		if back != nil && len(back.Stats) > 0 {
			d.stats = append(d.stats, x.statProps(back.Stats, "_back")...)
		}
		if back != nil && back.Kind != "same" {
			d.backLabel = back.Label
			if d.backLabel == "" {
				d.backLabel = "back"
			}
		}
		stem := stems.Take(content.Stem(c.Kind+"-"+c.ID, content.ExportStem))
		d.front = "piece-" + stem + ".png"
		if d.backLabel != "" {
			d.back = "piece-" + stem + "-back.png"
		}
		if b := c.Block; b != nil {
			// A block: a label image per step (the first its front), and the blank side it shows masked.
			d.back, d.backLabel = "", ""
			for i := range b.Steps {
				d.steps = append(d.steps, fmt.Sprintf("piece-%s-step%d.png", stem, i+1))
			}
			if len(d.steps) > 0 {
				d.front = d.steps[0]
			}
			d.strengths = b.Strengths
			d.blank = "piece-" + stem + "-blank.png"
			d.hidden = b.Hidden
		} else if u := x.pkg.UnitType(d.unitID); !d.marker && u != nil && u.IsHidden(x.pkg.System) {
			// A counter hidden from the opponent: masked, it shows its back (validate holds it to the
			// faction's blank side), drawn for the mask when the counter has no back to flip to.
			d.hidden = true
			d.blank = d.back
			if d.blank == "" {
				d.blank = "piece-" + stem + "-blank.png"
			}
		}
		x.byKey[key] = d
		if k := c.Kind + "/" + c.Of; x.firstOf[k] == nil {
			x.firstOf[k] = d
		}
		x.pieces = append(x.pieces, d)
	}
	blocks, hidden := 0, 0
	for _, d := range x.pieces {
		switch {
		case len(d.steps) > 0:
			blocks++
		case d.hidden:
			hidden++
		}
	}
	if blocks > 0 {
		x.note("%s: masked (Hide, Ctrl-M), only their own side sees their labels, the other side their faction's blank side; Reduce a step (Ctrl-R) turns a block's label to its next step, Restore a step (Ctrl-U) back. Blocks set up or waiting in a pool start masked to their side.", english.Count(blocks, "block design", "block designs"))
	}
	if hidden > 0 {
		x.note("%s hidden from the opponent: masked (Hide, Ctrl-M) to their side as they set up, the other side sees their backs.", english.Count(hidden, "unit design is", "unit designs are"))
	}
	x.stats.Pieces = len(x.pieces)
	if err := x.drawPieces(); err != nil {
		return err
	}
	return x.buildPrototypes()
}

// statProps lists a unit's stats as VASSAL properties, in the System's order, then any others by name.
func (x *exporter) statProps(stats map[string]content.Scalar, suffix string) [][2]string {
	var out [][2]string
	done := map[string]bool{}
	if x.pkg.System != nil {
		for _, st := range x.pkg.System.Stats {
			if v, ok := stats[st.ID]; ok {
				out = append(out, [2]string{identifier(st.ID) + suffix, v.Text})
				done[st.ID] = true
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(stats)) {
		if !done[k] {
			out = append(out, [2]string{identifier(k) + suffix, stats[k].Text})
		}
	}
	return out
}

// drawPieces draws both faces of every design at the module's resolution.
func (x *exporter) drawPieces() error {
	type result struct {
		front, back []byte
		steps       [][]byte // a block's label at each step after the first
		w, h        int
		enc         time.Duration
	}
	res := make([]result, len(x.pieces))
	draw := func(c *counters.Counter, f *counters.Face) ([]byte, int, int, time.Duration, error) {
		// A hexagonal or round counter is drawn on a clear page, so the piece shows its outline on the board.
		s := surface.NewPNG(surface.PNGOptions{DPI: x.dpi, Transparent: !shape.Plain(c.Shape)})
		s.BeginPage(c.Width(), c.Height())
		if err := f.DrawRect(s, 0, 0, c.Width(), c.Height(), 0); err != nil {
			return nil, 0, 0, 0, err
		}
		im, err := s.PageImage(0)
		if err != nil {
			return nil, 0, 0, 0, err
		}
		data, enc, err := encodePNG(im)
		return data, im.Bounds().Dx(), im.Bounds().Dy(), enc, err
	}
	// drawLabel draws a block's label turned to a step (from 0), as the block stands after losing that many.
	drawLabel := func(c *counters.Counter, step int) ([]byte, int, int, time.Duration, error) {
		s := surface.NewPNG(surface.PNGOptions{DPI: x.dpi})
		s.BeginPage(c.Width(), c.Height())
		if err := (counters.Label{C: c, Step: step}).DrawRect(s, 0, 0, c.Width(), c.Height(), 0); err != nil {
			return nil, 0, 0, 0, err
		}
		im, err := s.PageImage(0)
		if err != nil {
			return nil, 0, 0, 0, err
		}
		data, enc, err := encodePNG(im)
		return data, im.Bounds().Dx(), im.Bounds().Dy(), enc, err
	}
	errs := parallel.Each(len(x.pieces), func(i int) error {
		d := x.pieces[i]
		r := &res[i]
		var enc time.Duration
		var err error
		if d.counter.Block != nil {
			// A block: its label at each step, and its faction's blank side as the back.
			for k := range d.steps {
				var b []byte
				if err == nil {
					b, r.w, r.h, enc, err = drawLabel(&d.counter, k)
					r.enc += enc
				}
				if k == 0 {
					r.front = b
				} else {
					r.steps = append(r.steps, b)
				}
			}
			if err == nil {
				r.back, _, _, enc, err = draw(&d.counter, &d.counter.Back)
				r.enc += enc
			}
			return err
		}
		r.front, r.w, r.h, enc, err = draw(&d.counter, &d.counter.Front)
		r.enc += enc
		if err == nil && (d.back != "" || d.blank != "") {
			r.back, _, _, enc, err = draw(&d.counter, &d.counter.Back)
			r.enc += enc
		}
		return err
	})
	for i, d := range x.pieces {
		r := res[i]
		if errs[i] != nil {
			return x.printerError(errs[i], "%s", d.name)
		}
		d.w, d.h = r.w, r.h
		x.stats.PNGEncode += r.enc
		if err := x.addFile("images/"+d.front, r.front); err != nil {
			return err
		}
		x.stats.Images++
		if d.back != "" {
			if err := x.addFile("images/"+d.back, r.back); err != nil {
				return err
			}
			x.stats.Images++
		}
		for k, b := range r.steps {
			if err := x.addFile("images/"+d.steps[k+1], b); err != nil {
				return err
			}
			x.stats.Images++
		}
		if d.blank != "" && d.blank != d.back {
			if err := x.addFile("images/"+d.blank, r.back); err != nil {
				return err
			}
			x.stats.Images++
		}
	}
	return nil
}

// Prototype and slot names come from content ids, not display names, so that a module exported after a
// faction, class or unit is renamed still names the prototypes its running games' pieces use, and every slot
// says which design it holds (issue 29, item 4: updates that keep games).
func factionProto(id string) string { return "Faction: " + id }
func classProto(id string) string   { return "Class: " + id }

// slotName is a piece slot's name: its design's key, "unit:ID" (with ".faction" for a faction's version)
// or "marker:ID".
func slotName(d *pieceDesign) string { return strings.Replace(d.key, "/", ":", 1) }

// cardSlotName is a card slot's name: "card:DECK:CARD".
func cardSlotName(deck, card string) string { return "card:" + deck + ":" + card }

// buildPrototypes makes the prototypes: Piece (Delete) for all, one per faction (its name as properties,
// Eliminate to its dead pile) and one per class (a class_ID property).
func (x *exporter) buildPrototypes() error {
	add := func(name, desc string, traits ...piece.Trait) error {
		basic, err := piece.Basic("", "", "")
		if err != nil {
			return err
		}
		def, err := append(piece.Piece(traits), basic).Definition()
		if err != nil {
			return fmt.Errorf("vassal: prototype %s: %w", name, err)
		}
		e := buildfile.New(classPrototype, "name", name, "description", desc)
		e.Text = def
		x.prototypes = append(x.prototypes, e)
		return nil
	}
	del, err := piece.Delete(deleteName, piece.CtrlD, "Delete the piece")
	if err != nil {
		return err
	}
	play, err := x.playTraits()
	if err != nil {
		return err
	}
	if err := add(protoPiece, "every piece: Delete (Ctrl-D), the moved report, ReportPrefix (\"\" unless its faction's prototype sets it)", append([]piece.Trait{del}, play...)...); err != nil {
		return err
	}
	var factions, classes []string
	seenF, seenC := map[string]bool{}, map[string]bool{}
	for _, d := range x.pieces {
		if d.faction != "" && !seenF[d.faction] && !d.marker {
			seenF[d.faction] = true
			factions = append(factions, d.faction)
		}
		for _, c := range d.classes {
			if !seenC[c] {
				seenC[c] = true
				classes = append(classes, c)
			}
		}
	}
	sort.SliceStable(factions, func(i, j int) bool { return x.factionIndex(factions[i]) < x.factionIndex(factions[j]) })
	for _, f := range factions {
		mk, err := piece.Marker([]string{"Faction", "FactionName"}, []string{f, x.pkg.System.FactionName(f)})
		if err != nil {
			return err
		}
		dp := x.eliminated(f)
		st, err := piece.SendTo(deadCommand, piece.CtrlE, dp.name, dp.name, deadPileSize/2, deadPileSize/3, "Send to the dead pile")
		if err != nil {
			return err
		}
		prefix, err := piece.Marker([]string{reportPrefix}, []string{x.reportPrefix(f)})
		if err != nil {
			return err
		}
		elim, err := piece.Report([]string{piece.CtrlE}, "$"+reportPrefix+"$$oldPieceName$ eliminated (to $mapName$)", "Report the elimination")
		if err != nil {
			return err
		}
		if err := add(factionProto(f), "faction "+f+" ("+x.pkg.System.FactionName(f)+"): its name as properties and the prefix of its reports, Eliminate (Ctrl-E) to "+dp.name, mk, prefix, elim, st); err != nil {
			return err
		}
	}
	for _, c := range classes {
		mk, err := piece.Marker([]string{"class_" + identifier(c)}, []string{"true"})
		if err != nil {
			return err
		}
		if err := add(classProto(c), "class "+c+" ("+x.pkg.System.ClassName(c)+"): property class_"+identifier(c)+" = true", mk); err != nil {
			return err
		}
	}
	return nil
}

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

// piece is the design's trait stack, outermost first, as it starts (st).
func (x *exporter) piece(d *pieceDesign, gpid string, st start) (piece.Piece, error) {
	flipped := st.flipped
	var p piece.Piece
	addProto := func(name string) error {
		t, err := piece.Prototype(name)
		p = append(p, t)
		return err
	}
	if d.faction != "" && !d.marker {
		if err := addProto(factionProto(d.faction)); err != nil {
			return nil, err
		}
	}
	for _, c := range d.classes {
		if err := addProto(classProto(c)); err != nil {
			return nil, err
		}
	}
	if err := addProto(protoPiece); err != nil {
		return nil, err
	}
	mm, err := x.movedMarker(d)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.name, err)
	}
	p = append(p, mm)
	if d.blank != "" {
		// A block or a hidden unit: masked to its side when it sets up hidden, its face seen by that side only.
		t, err := piece.Hidden(maskCommand, piece.CtrlM, d.blank, x.blockName(d), cond(d.hidden, st.owner, ""), "Hide the piece's face from the other side")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		p = append(p, t)
	}
	if len(d.steps) > 0 {
		// A block's steps: the rotations of its label.
		names := make([]string, len(d.steps))
		for i := range d.steps {
			names[i] = "+ (" + d.strengths[i] + ")"
		}
		lost, err := piece.Report([]string{piece.CtrlR}, "$"+reportPrefix+"$$oldPieceName$ loses a step: $newPieceName$ ($location$)", "Report a step lost")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		back, err := piece.Report([]string{piece.CtrlU}, "$"+reportPrefix+"$$oldPieceName$ restores a step: $newPieceName$ ($location$)", "Report a step restored")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		t, err := piece.Steps(stepsLayer, d.steps, names, reduceCommand, piece.CtrlR, restoreCommand, piece.CtrlU, "Turn the block to its next step down, or back up", min(max(st.step, 0), len(d.steps)-1))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		p = append(p, lost, back, t)
	}
	if d.back != "" {
		flip, err := piece.Report([]string{piece.CtrlF}, "$"+reportPrefix+"$$oldPieceName$ flipped: $newPieceName$ ($location$)", "Report the flip")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		t, err := piece.Layer(flipCommand, piece.CtrlF, layerName, d.back, "+ ("+d.backLabel+")", "Flip to the "+d.backLabel, flipped)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		p = append(p, flip, t)
	}
	for _, kv := range d.stats {
		t, err := piece.Marker([]string{kv[0]}, []string{kv[1]})
		if err != nil {
			return nil, fmt.Errorf("%s: stat %s: %w", d.name, kv[0], err)
		}
		p = append(p, t)
	}
	b, err := piece.Basic(d.front, d.name, gpid)
	if err != nil {
		return nil, err
	}
	return append(p, b), nil
}

// blockName is what the other side sees of a masked piece: its faction's block, or its faction's unit.
func (x *exporter) blockName(d *pieceDesign) string {
	what := "block"
	if len(d.steps) == 0 {
		what = "unit"
	}
	if d.faction == "" {
		return strings.ToUpper(what[:1]) + what[1:]
	}
	return x.pkg.System.FactionName(d.faction) + " " + what
}

func cond(ok bool, a, b string) string {
	if ok {
		return a
	}
	return b
}

// slot is a PieceSlot holding a new copy of the design; key names the slot for its gpid (see gpid).
func (x *exporter) slot(d *pieceDesign, flipped bool, key string) (*buildfile.Element, error) {
	return x.slotAs(d, start{flipped: flipped}, key)
}

// slotAs is a PieceSlot holding a new copy of the design as it starts.
func (x *exporter) slotAs(d *pieceDesign, st start, key string) (*buildfile.Element, error) {
	return x.slotOf(classPieceSlot, d, st, key)
}

// slotOf is a slot of a class (a PieceSlot, or a CardSlot in a deck) holding a new copy of the design.
func (x *exporter) slotOf(class string, d *pieceDesign, st start, key string) (*buildfile.Element, error) {
	gpid := x.gpid(key + "/" + d.key)
	p, err := x.piece(d, gpid, st)
	if err != nil {
		return nil, err
	}
	def, err := p.Definition()
	if err != nil {
		return nil, fmt.Errorf("vassal: piece %s: %w", d.name, err)
	}
	e := buildfile.New(class, "entryName", slotName(d), "gpid", gpid, "height", itoa(d.h), "width", itoa(d.w))
	e.Text = def
	return e, nil
}

// buildPalette builds the piece window, before the scenarios: should two slot keys hash alike (see gpid),
// the palette's slot keeps its id.
func (x *exporter) buildPalette() error {
	var err error
	x.palette, err = x.pieceWindow()
	return err
}

// pieceWindow is the palette: a tab per faction (by set-up group, palette.go), then the markers.
func (x *exporter) pieceWindow() (*buildfile.Element, error) {
	tabs := map[string][]*pieceDesign{}
	var order []string
	for _, d := range x.pieces {
		tab := unitsTab
		switch {
		case d.marker:
			tab = markersTab
		case d.faction != "":
			tab = x.pkg.System.FactionName(d.faction)
		}
		if _, ok := tabs[tab]; !ok {
			order = append(order, tab)
		}
		tabs[tab] = append(tabs[tab], d)
	}
	rank := func(tab string) int {
		switch tab {
		case markersTab:
			return 1 << 21
		case unitsTab:
			return 1 << 20
		}
		if x.pkg.System != nil {
			for i, f := range x.pkg.System.Factions {
				if cmp.Or(f.Name, f.ID) == tab {
					return i
				}
			}
		}
		return 1 << 19
	}
	sort.SliceStable(order, func(i, j int) bool { return rank(order[i]) < rank(order[j]) })
	tw := buildfile.New(classTabWidget, "entryName", "Counters")
	for _, tab := range order {
		pw, err := x.factionPanel(tab, tabs[tab])
		if err != nil {
			return nil, err
		}
		tw.Add(pw)
	}
	w := buildfile.New(classPieceWindow, "name", "Counters", "text", "Counters", "tooltip", "Show the counters",
		"hidden", "false", "icon", "", "hotkey", "", "scale", "1.0", "defaultWidth", "0")
	return w.Add(tw), nil
}
