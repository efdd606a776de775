package tts

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/export/internal/names"
	"github.com/muster-wargames/muster/export/setup"
)

// thumbSide is the longer side of a saved object's thumbnail, in pixels.
const thumbSide = 256

// The dice Tabletop Simulator has as objects of its own.
var ttsDice = map[int]string{4: "Die_4", 6: "Die_6", 8: "Die_8", 10: "Die_10", 12: "Die_12", 20: "Die_20"}

// buildSet makes the package's saved object: every map and board on its own in a row, the counters in a
// bag per faction (and one for markers) as many as the counter mix holds, and the System's dice.
func (x *exporter) buildSet() error {
	stem := content.Stem(x.pkg.ID, content.ExportStem)
	g := newGUIDs(stem)
	st := newSave()
	so := SavedObject{File: stem + ".json", Name: x.packageName()}
	var maps []*boardImage
	for _, b := range x.boards {
		if b.scenario == nil {
			maps = append(maps, b)
		}
	}
	// The boards in a row, centred on the table's middle.
	width, depth := 0.0, 0.0
	for i, b := range maps {
		w, h := b.sizeInches()
		width += w
		if i > 0 {
			width += gap
		}
		depth = math.Max(depth, h)
	}
	left := -width / 2
	for _, b := range maps {
		w, _ := b.sizeInches()
		objs := b.tileObjects(x, g, left+w/2, 0, b.drawing.Subtitle)
		st.ObjectStates = append(st.ObjectStates, objs...)
		so.Boards += len(objs)
		left += w + gap
	}
	// The bags in front of them, then the dice.
	bags := x.bags(g, func(d *design) int { return d.count })
	z := -depth/2 - gap - 1
	if len(maps) == 0 {
		z = 0
	}
	row := newRow(z)
	for _, b := range bags {
		st.ObjectStates = append(st.ObjectStates, b.object(g, row.next(3), z, english.Count(b.copies, "counter")+": "+b.name))
		so.Bags++
		so.InBags += b.copies
	}
	dice := x.dice(g, row)
	st.ObjectStates = append(st.ObjectStates, dice...)
	so.Dice = len(dice)
	row.centre(st.ObjectStates[len(st.ObjectStates)-len(bags)-len(dice):])
	var thumb []byte
	if len(maps) > 0 {
		thumb = maps[0].thumb
	} else if len(x.designs) > 0 {
		thumb = x.images[x.designs[0].front]
	}
	x.objects = append(x.objects, savedFile{SavedObject: so, state: st, thumb: thumb, depth: depth})
	return nil
}

// buildScenarios makes a saved object per scenario: its map set with the scenario's zones, entries and
// objectives, every unit set up in its cell, and the units that wait in a bag per group (set up in a zone,
// entering, reinforcements by turn), as the scenario sheet sorts them.
func (x *exporter) buildScenarios() error {
	pstem := content.Stem(x.pkg.ID, content.ExportStem)
	stems := names.NewUnique("%s-%d", pstem)
	for _, sc := range x.pkg.Scenarios() {
		var b *boardImage
		for _, bi := range x.boards {
			if bi.scenario == sc {
				b = bi
			}
		}
		stem := stems.Take(pstem + "-" + content.Stem(sc.ID, content.ExportStem))
		g := newGUIDs(stem)
		st := newSave()
		so := SavedObject{File: stem + ".json", Name: cmp.Or(sc.Name, sc.ID), Scenario: sc}
		var set *content.MapSet
		if b != nil {
			set = b.set
		}
		designs := func(id string, factions []string) (string, int, bool) {
			d := x.designFor(id, factions)
			if d == nil {
				return "", 0, false
			}
			return d.key, d.counter.Footprint, true
		}
		plan, ds := setup.Scenario(x.pkg, sc, set, designs, "export.tts.setup")
		x.diags.Extend(ds)
		if ds.HasErrors() {
			continue
		}
		depth := 0.0
		if b != nil {
			_, depth = b.sizeInches()
			objs := b.tileObjects(x, g, 0, 0, x.scenarioText(sc, b))
			st.ObjectStates = append(st.ObjectStates, objs...)
			so.Boards = len(objs)
			so.Units = x.standUnits(st, g, b, plan)
		}
		z := -depth/2 - gap - 1
		if b == nil {
			z = 0
		}
		row := newRow(z)
		first := len(st.ObjectStates)
		for _, h := range plan.Holdings {
			sd := sc.Sides[h.Side]
			bg := &bag{name: sd.ShortName() + ": " + h.Label, tint: x.sideTint(&sd)}
			var lines []string
			for _, u := range h.Units {
				d := x.byKey[u.Key]
				for i := 0; i < u.N; i++ {
					bg.tiles = append(bg.tiles, x.tile(d, g))
				}
				bg.copies += u.N
				lines = append(lines, fmt.Sprintf("%d x %s", u.N, d.name))
			}
			if bg.copies == 0 {
				lines = append(lines, "(empty: the scenario names no units for it)")
			}
			st.ObjectStates = append(st.ObjectStates, bg.object(g, row.next(3), z, strings.Join(lines, "\n")))
			so.Bags++
			so.InBags += bg.copies
		}
		dice := x.dice(g, row)
		st.ObjectStates = append(st.ObjectStates, dice...)
		so.Dice = len(dice)
		row.centre(st.ObjectStates[first:])
		var thumb []byte
		if b != nil {
			thumb = b.thumb
		}
		x.objects = append(x.objects, savedFile{SavedObject: so, state: st, thumb: thumb, depth: depth})
	}
	return nil
}

// standUnits puts the plan's placed units on the board (its frame centred on the table), each stack's units
// one above the other with the markers set on each above it, and says how many counters it placed.
func (x *exporter) standUnits(st *saveState, g *guids, b *boardImage, plan *setup.Plan) int {
	level := map[[2]float64]int{}
	n := 0
	for _, u := range plan.Placed {
		var px, py, turn float64
		switch {
		case u.PlacePoint != nil:
			// A place of an area or point-to-point map (a two-place unit stands in its first place).
			px, py = b.pointPixel(*u.PlacePoint)
		case u.Point != nil:
			px, py = float64(b.px0)+u.Point.X*b.dpi, float64(b.py0)+u.Point.Y*b.dpi
		case len(u.Cells) == 2:
			// A two-cell unit lies across its cells, its long side along the line between their centres.
			ax, ay := b.cellPixel(u.Cells[0])
			cx, cy := b.cellPixel(u.Cells[1])
			px, py = (ax+cx)/2, (ay+cy)/2
			turn = math.Atan2(cy-ay, cx-ax) * 180 / math.Pi
			if turn > 90 {
				turn -= 180
			} else if turn <= -90 {
				turn += 180
			}
		case len(u.Cells) == 1:
			px, py = b.cellPixel(u.Cells[0])
		default:
			continue
		}
		wx, wz := b.world(0, 0, px, py)
		at := [2]float64{round4(wx), round4(wz)}
		// The unit, then the markers set on it, one above the other.
		for i, key := range append([]string{u.Key}, u.Markers...) {
			t := x.tile(x.byKey[key], g)
			t.Transform.PosX, t.Transform.PosZ = wx, wz
			t.Transform.PosY = tableY + boardThickness/2 + counterThickness*(float64(level[at])+0.5)
			rot := turn
			if i == 0 {
				rot += blockTurn(x.byKey[key], u.Step) // a block set up below full strength
			}
			t.Transform.RotY = math.Mod(180+rot+720, 360)
			if i == 0 && u.Flipped {
				t.Transform.RotZ = 180 // face down: its back up, as Flip (F) turns it
			}
			level[at]++
			if i == 0 && len(u.Labels) > 0 {
				t.Description = strings.TrimSpace("Set up in " + strings.Join(u.Labels, " and ") + "\n" + t.Description)
			}
			st.ObjectStates = append(st.ObjectStates, t)
			n++
		}
	}
	return n
}

// scenarioText is the description of a scenario's board: what it is, how long it lasts.
func (x *exporter) scenarioText(sc *content.Scenario, b *boardImage) string {
	lines := []string{cmp.Or(sc.Name, sc.ID), b.drawing.Subtitle}
	if l := sc.Length; l != nil {
		if l.Turns > 0 {
			lines = append(lines, fmt.Sprintf("%d turns", l.Turns))
		}
		if l.Note != "" {
			lines = append(lines, l.Note)
		}
	}
	return strings.Join(lines, "\n")
}

// sideTint is the colour of a side's bags: its first faction's counters'.
func (x *exporter) sideTint(sd *content.Side) color {
	for _, f := range sd.Faction {
		for _, d := range x.designs {
			if d.faction == f && !d.marker {
				return tintOf(d.counter.Front.Background)
			}
		}
	}
	return white
}

// dice are the System's dice as Tabletop Simulator's own: of each kind, as many as one roll takes. A die
// Tabletop Simulator does not have is noted.
func (x *exporter) dice(g *guids, r *row) []*objectState {
	if x.pkg.System == nil {
		return nil
	}
	need := map[int]int{}
	var order []int
	for _, d := range x.pkg.System.Dice {
		if _, ok := ttsDice[d.Sides]; !ok {
			x.cannotExpress("Tabletop Simulator has no %d-sided die: roll %s with a die roller or a custom die.", d.Sides, d.String())
			continue
		}
		if _, ok := need[d.Sides]; !ok {
			order = append(order, d.Sides)
		}
		need[d.Sides] = max(need[d.Sides], d.Count)
	}
	var out []*objectState
	for _, sides := range order {
		for i := 0; i < min(need[sides], 10); i++ {
			out = append(out, &objectState{GUID: g.next(), Name: ttsDice[sides], Nickname: fmt.Sprintf("d%d", sides), ColorDiffuse: white,
				Grid: false, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
				Transform: transform{PosX: r.next(1.5), PosY: tableY + 0.5, PosZ: r.z, ScaleX: 1, ScaleY: 1, ScaleZ: 1}})
		}
	}
	return out
}

// row lays things out left to right along a line of the table.
type row struct {
	z, x float64
}

func newRow(z float64) *row { return &row{z: z} }

// next is the centre of the next thing, w inches wide.
func (r *row) next(w float64) float64 {
	c := r.x + w/2
	r.x += w
	return c
}

// centre moves what the row laid out so that the row is centred on the table's middle.
func (r *row) centre(objs []*objectState) {
	for _, o := range objs {
		o.Transform.PosX -= r.x / 2
	}
}

// newSave is an empty saved object.
func newSave() *saveState {
	return &saveState{Gravity: 0.5, PlayArea: 0.5, Tags: []string{}, TabStates: map[string]string{}, ObjectStates: []*objectState{}}
}
