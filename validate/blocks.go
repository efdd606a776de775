package validate

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
)

// Blocks, hidden units, draw pools and pairs of units that change sides (issue 28): what the content says of
// them holds together before anything is printed or exported. The semantics (a block's steps, what a draw
// finds in its pool) are the rules engine's; these checks report what it cannot read.

var blocksCheck = &Check{
	Name:  "blocks",
	Stage: StageCheck,
	Doc: "blocks have steps their labels can print and the rules can read\n\n" +
		"A unit type with steps needs the System's block stat, a numeric stat (stat); it has 1 to 4 steps, one along each edge of its square label (steps; " +
		"a step list longer than the label has edges: edges), each step's strength a value of that stat (value), its first step agreeing with its stats (front), " +
		"each step weaker than the one before (order, a warning); a block has no back to print (back: its other side is the faction's blank side) and covers one cell (footprint). " +
		"A mix prints blocks on square labels (shape) of a size from 3/8in to 2in with a bleed of at most 1/8in and a gap of at least twice the bleed (label); " +
		"a set-up line's strength is one of its block's steps (strength).",
	Applies: func(pkg *content.Package) bool {
		if pkg.System != nil && pkg.System.Blocks != nil {
			return true
		}
		for _, u := range pkg.UnitTypes() {
			if u.IsBlock() {
				return true
			}
		}
		return false
	},
	Package:  checkBlocks,
	Scenario: checkBlockStrengths,
}

func checkBlocks(p *Pass) {
	sys := p.Pkg.System
	if sys != nil && sys.Blocks != nil {
		b := sys.Blocks
		at := b.Fields.Of("stat", b.At)
		switch def := sys.Stat(b.Stat); {
		case def == nil:
			e := p.Errorf(at, "stat", "the System's block stat %q is not one of its stats", b.Stat)
			e.Hint = diag.DidYouMean(b.Stat, sys.StatIDs())
		case def.Type != content.StatInt && def.Type != content.StatValue:
			p.Errorf(at, "stat", "the System's block stat %s is a %s stat: a block's strength is a number (an int or value stat)", b.Stat, def.Type)
		}
		if b.Rating != "" {
			at := b.Fields.Of("rating", b.At)
			f, err := content.ParseFormat(b.Rating)
			if err != nil {
				p.Errorf(at, "rating", "the System's blocks rating %q does not read: %v", b.Rating, err)
			} else {
				for _, fp := range f.Fields() {
					if sys.Stat(fp.Field) == nil {
						e := p.Errorf(at, "rating", "the System's blocks rating names %q, which is not one of its stats", fp.Field)
						e.Hint = diag.DidYouMean(fp.Field, sys.StatIDs())
					}
				}
			}
		}
		if b.Face != "" && !slices.ContainsFunc(sys.Faces, func(f content.FaceLayout) bool { return f.ID == b.Face }) {
			var ids []string
			for _, f := range sys.Faces {
				ids = append(ids, f.ID)
			}
			e := p.Errorf(b.Fields.Of("face", b.At), "face", "the System's labels are drawn with face %q, which it does not declare", b.Face)
			e.Hint = diag.DidYouMean(b.Face, ids)
		}
	}
	for _, u := range p.Pkg.UnitTypes() {
		if !u.IsBlock() {
			continue
		}
		_, problems := rules.BlockOf(sys, u)
		for _, pr := range problems {
			var e *diag.Diagnostic
			if pr.Warning {
				e = p.Warnf(pr.At, pr.Code, "%s", pr.Message)
			} else {
				e = p.Errorf(pr.At, pr.Code, "%s", pr.Message)
			}
			e.Hint = pr.Hint
		}
		if u.Back != nil {
			e := p.Errorf(posOfMeta(&u.Meta, "/back"), "back", "unit type %s is a block: its other side is its faction's blank side, so it has no back to print", u.ID)
			e.Hint = "leave back out: a block loses steps by turning, and its label prints every step"
		}
		if u.Footprint > 1 {
			p.Errorf(posOfMeta(&u.Meta, "/footprint"), "footprint", "unit type %s is a block: a block stands in one cell or place", u.ID)
		}
	}
	for _, m := range p.Pkg.CounterMixes() {
		if l := m.Labels; l != nil {
			checkLabelSheet(p, l)
		}
		for _, en := range m.Counters {
			if u := p.Pkg.UnitType(en.Unit); u.IsBlock() {
				if sh := en.Shape; sh != "" && sh != content.ShapeSquare {
					p.Errorf(en.Fields.Of("shape", en.At), "shape", "%s is a block: its label is square, not %s", u.ID, sh)
				}
				if l := en.Size; l != nil {
					labelSize(p, l, en.Fields.Of("size", en.At), "this line's label")
				}
			}
		}
	}
}

// checkLabelSheet checks a mix's label settings.
func checkLabelSheet(p *Pass, l *content.LabelSheet) {
	if l.Size != nil {
		labelSize(p, l.Size, l.Fields.Of("size", l.At), "the mix's labels")
	}
	bleed := content.DefaultLabelBleed
	if l.Bleed != nil {
		bleed = *l.Bleed
		if bleed.Points > content.MaxLabelBleed.Points {
			e := p.Errorf(l.Fields.Of("bleed", l.At), "label", "a label bleed of %s prints over the next label: at most %s", bleed.Text, content.MaxLabelBleed.Text)
			e.Hint = "1/16in is usual"
		}
	}
	if l.Gap != nil && l.Gap.Points < 2*bleed.Points {
		e := p.Errorf(l.Fields.Of("gap", l.At), "label", "a gap of %s between labels leaves no room for two bleeds of %s", l.Gap.Text, bleed.Text)
		e.Hint = fmt.Sprintf("give a gap of at least %gpt (twice the bleed), or a smaller bleed", 2*bleed.Points)
	}
}

// labelSize reports a label side outside the sizes of blocks.
func labelSize(p *Pass, l *value.Length, at diag.Pos, what string) {
	if l.Points < content.MinLabelSize.Points || l.Points > content.MaxLabelSize.Points {
		e := p.Errorf(at, "label", "%s are %s: a block's label is from %s to %s", what, l.Text, content.MinLabelSize.Text, content.MaxLabelSize.Text)
		e.Hint = "the standard sticker sizes of blocks are " + english.List(content.StandardLabels, "and")
	}
}

// checkBlockStrengths checks the strengths set-up lines give.
func checkBlockStrengths(p *Pass, sc *content.Scenario) {
	for i := range sc.Sides {
		s := &sc.Sides[i]
		for _, pl := range s.Setup {
			if pl.Strength == nil {
				continue
			}
			at := pl.Fields.Of("strength", pl.At)
			u := p.Pkg.UnitType(pl.Unit)
			if u == nil {
				continue // references report it
			}
			if !u.IsBlock() {
				e := p.Errorf(at, "strength", "side %s sets %s up at strength %s, but %s is not a block: it has no steps", s.ID, pl.Unit, pl.Strength, pl.Unit)
				e.Hint = "give the unit type steps, or set it up flipped to start it on its back"
				continue
			}
			b, _ := rules.BlockOf(p.Pkg.System, u)
			if len(b.Steps) == 0 {
				continue // the steps are reported
			}
			if _, ok := b.StepOf(*pl.Strength); !ok {
				e := p.Errorf(at, "strength", "side %s sets %s up at strength %s, which is none of its steps' (%s)", s.ID, pl.Unit, pl.Strength, b.Strengths())
				e.Hint = "give one of its steps' strengths"
			}
		}
	}
}

var hiddenCheck = &Check{
	Name:  "hidden",
	Stage: StageCheck,
	Doc: "a unit hidden from the opponent shows its faction's blank side\n\n" +
		"A unit type (or the System for every unit type) that says hidden: opponent sets up face down: its back is its faction's blank side, " +
		"so a hidden counter's back may be blank or fog (the faction alone), not reduced values, a marker or the front again (back).",
	Applies: func(pkg *content.Package) bool {
		for _, u := range pkg.UnitTypes() {
			if u.Hidden != "" || u.IsBlock() {
				return true
			}
		}
		return pkg.System != nil && pkg.System.Hidden != ""
	},
	Package: func(p *Pass) {
		for _, u := range p.Pkg.UnitTypes() {
			if u.IsBlock() || !u.IsHidden(p.Pkg.System) || u.Back == nil {
				continue
			}
			switch u.Back.Kind {
			case "", "blank", "fog":
				if u.Back.Kind == "" && (len(u.Back.Stats) > 0 || u.Back.Marker != "") {
					break
				}
				continue
			}
			why := "the System hides every unit's face"
			if u.Hidden != "" {
				why = "it says hidden: opponent"
			}
			e := p.Errorf(posOfMeta(&u.Meta, "/back"), "back", "unit type %s is hidden from the opponent (%s): its back is its faction's blank side, not a %s back", u.ID, why, cmp.Or(u.Back.Kind, "reduced"))
			e.Hint = "leave back out (the faction's blank side prints), write back: {kind: fog} to print the faction's name, or hidden: none"
		}
	},
}

var poolsCheck = &Check{
	Name:     "pools",
	Stage:    StageCheck,
	Requires: []Requirement{Engine},
	Doc: "draw pools hold units their side fields, and every draw finds units to draw\n\n" +
		"A pool's units are unit types (unknown) its side's forces field (force), each in one pool (twice: a unit in two pools), not more than the forces field once set-up lines take theirs (count); " +
		"its ids are unique in the scenario (id); when is setup, a turn or a list of them within the scenario's length (when); " +
		"a draw asks for no more units than its pool holds (draw: a draw larger than its pool, or than what earlier draws leave) and finds its pool not empty (empty: a draw from an empty pool).",
	Applies: func(pkg *content.Package) bool {
		return anySide(pkg, func(s *content.Side) bool { return len(s.Pools) > 0 })
	},
	Scenario: checkPools,
}

func checkPools(p *Pass, sc *content.Scenario) {
	e := Get(p, Engine)
	ids := map[string]diag.Pos{}
	inPool := map[string]string{} // unit type -> the first pool listing it
	for i := range sc.Sides {
		s := &sc.Sides[i]
		if len(s.Pools) == 0 {
			continue
		}
		fielded := map[string]int{}
		for _, f := range e.SideForces(s) {
			for _, en := range f.Units {
				if en.Unit != "" {
					fielded[en.Unit] += rules.EntryCount(en.Count)
				}
			}
		}
		setUp := map[string]int{}
		for _, pl := range s.Setup {
			n := max(pl.Count, 1)
			if len(pl.Cells) > 0 {
				n = len(pl.UnitCells(1))
			}
			setUp[pl.Unit] += n
		}
		for j := range s.Pools {
			pool := &s.Pools[j]
			if prev, dup := ids[pool.ID]; dup && pool.ID != "" {
				d := p.Errorf(pool.Fields.Of("id", pool.At), "id", "scenario %s has two pools %q", sc.ID, pool.ID)
				d.Related = []diag.Related{{Pos: prev, Message: "the first"}}
			} else {
				ids[pool.ID] = pool.Fields.Of("id", pool.At)
			}
			for _, pu := range pool.Units {
				at := pu.Fields.Of("unit", pu.At)
				if p.Pkg.UnitType(pu.Unit) == nil {
					d := p.Errorf(at, "unknown", "pool %s holds %q, which no UnitType defines", pool.ID, pu.Unit)
					d.Hint = diag.DidYouMean(pu.Unit, p.Pkg.IDs(content.KindUnitType))
					continue
				}
				if first, twice := inPool[pu.Unit]; twice && first != pool.ID {
					d := p.Errorf(at, "twice", "%s is in pool %s and in pool %s: a unit is in one pool", pu.Unit, first, pool.ID)
					d.Hint = "draw it from one of them"
				} else if !twice {
					inPool[pu.Unit] = pool.ID
				}
				if fielded[pu.Unit] == 0 {
					d := p.Errorf(at, "force", "pool %s holds %s, but side %s's forces field none", pool.ID, pu.Unit, s.ID)
					d.Hint = "a pool holds units of its side's forces that are not set up"
				}
			}
			draws, badWhen := pool.Draws()
			for _, w := range badWhen {
				d := p.Errorf(w.At, "when", "pool %s draws %q: when is setup, a turn (3) or a list of them", pool.ID, w.Text)
				d.Hint = "write when: setup, when: 3 or when: [setup, 3, 5]"
			}
			if sc.Length != nil && sc.Length.Turns > 0 {
				for _, d := range draws {
					if d.Turn > sc.Length.Turns {
						p.Errorf(d.At, "when", "pool %s draws on turn %d, but scenario %s lasts %s", pool.ID, d.Turn, sc.ID, english.Count(sc.Length.Turns, "turn"))
					}
				}
			}
		}
		// Units in pools and set up together, more than the side's forces field.
		counts := rules.PoolCounts(s)
		for j := range s.Pools {
			for _, pu := range s.Pools[j].Units {
				have := fielded[pu.Unit]
				if n := counts[pu.Unit] + setUp[pu.Unit]; have > 0 && n > have {
					d := p.Errorf(pu.Fields.Of("count", pu.At), "count", "side %s's pools hold %d %s and its set-up places %d: %d, but its forces field %d", s.ID, counts[pu.Unit], pu.Unit, setUp[pu.Unit], n, have)
					d.Hint = "a unit in a pool is not set up as well"
					counts[pu.Unit] = 0 // once per unit type
				}
			}
		}
		for _, d := range rules.Draws(s) {
			pool := d.Pool
			at := d.Draw.At
			switch {
			case d.Empty() && d.First:
				de := p.Errorf(at, "empty", "pool %s is empty: its draw %s finds no unit to draw", pool.ID, d.Draw.DrawText())
				de.Hint = "give the pool units, or leave the pool out"
			case d.Empty():
				de := p.Errorf(at, "empty", "pool %s's draw %s finds the pool empty: earlier draws took all %s", pool.ID, d.Draw.DrawText(), english.Count(pool.Size(), "unit"))
				de.Hint = "draw fewer, or fewer times"
			case d.Short() && d.First:
				de := p.Errorf(pool.Fields.Of("draw", pool.At), "draw", "pool %s draws %d %s, but it holds %s", pool.ID, d.Takes, d.Draw.DrawText(), english.Count(d.Holds, "unit"))
				de.Hint = fmt.Sprintf("draw at most %d, or put more units in the pool", d.Holds)
			case d.Short():
				de := p.Errorf(at, "draw", "pool %s's draw %s asks for %d units, but earlier draws leave %d of its %d", pool.ID, d.Draw.DrawText(), d.Takes, d.Holds, pool.Size())
				de.Hint = "draw fewer, or fewer times"
			}
		}
	}
}

var pairCheck = &Check{
	Name:  "pair",
	Stage: StageCheck,
	Doc: "pairs of units that change sides: two unit types of different factions, one of them in play\n\n" +
		"A unit type's pair is another unit type (unknown, self) of another faction (faction), and the two name each other or only one names the other (mismatch); " +
		"a scenario sets up at most one of the two (both: both units of a pair set up).",
	Applies: func(pkg *content.Package) bool {
		for _, u := range pkg.UnitTypes() {
			if u.Pair != "" {
				return true
			}
		}
		return false
	},
	Package: func(p *Pass) {
		for _, u := range p.Pkg.UnitTypes() {
			if u.Pair == "" {
				continue
			}
			at := posOfMeta(&u.Meta, "/pair")
			o := p.Pkg.UnitType(u.Pair)
			switch {
			case u.Pair == u.ID:
				p.Errorf(at, "self", "unit type %s is paired with itself", u.ID).Hint = "name the unit type of the same unit on the other side"
			case o == nil:
				e := p.Errorf(at, "unknown", "unit type %s is paired with %q, which no UnitType defines", u.ID, u.Pair)
				e.Hint = diag.DidYouMean(u.Pair, p.Pkg.IDs(content.KindUnitType))
			case o.Faction == u.Faction:
				e := p.Errorf(at, "faction", "unit types %s and %s are a pair but both of faction %s: a pair changes sides", u.ID, o.ID, u.Faction)
				e.Hint = "give each the faction of its side"
			case o.Pair != "" && o.Pair != u.ID:
				e := p.Errorf(at, "mismatch", "unit type %s is paired with %s, which is paired with %s", u.ID, o.ID, o.Pair)
				e.Hint = "a pair is two unit types that name each other (or one names the other)"
			}
		}
		// Two unit types naming one: the one has two pairs.
		named := map[string]string{}
		for _, u := range p.Pkg.UnitTypes() {
			if u.Pair == "" {
				continue
			}
			if first, ok := named[u.Pair]; ok && first != u.ID {
				if o := p.Pkg.UnitType(u.Pair); o != nil && o.Pair == "" {
					p.Errorf(posOfMeta(&u.Meta, "/pair"), "mismatch", "unit types %s and %s are both paired with %s: a unit has one pair", first, u.ID, u.Pair)
				}
				continue
			}
			named[u.Pair] = u.ID
		}
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		type placed struct {
			side string
			at   diag.Pos
		}
		first := map[string]placed{}
		for i := range sc.Sides {
			s := &sc.Sides[i]
			for _, pl := range s.Setup {
				if _, ok := first[pl.Unit]; !ok {
					first[pl.Unit] = placed{s.ID, pl.Fields.Of("unit", pl.At)}
				}
			}
		}
		reported := map[string]bool{}
		for i := range sc.Sides {
			s := &sc.Sides[i]
			for _, pl := range s.Setup {
				u := p.Pkg.UnitType(pl.Unit)
				other := p.Pkg.PairOf(u)
				o, ok := first[other]
				if other == "" || !ok || reported[u.ID] || reported[other] {
					continue
				}
				reported[u.ID] = true
				e := p.Errorf(pl.Fields.Of("unit", pl.At), "both", "scenario %s sets up %s (side %s) and %s (side %s), a pair of one unit on two sides: one of the two is in play", sc.ID, u.ID, s.ID, other, o.side)
				e.Related = []diag.Related{{Pos: o.at, Message: other + " set up here"}}
				e.Hint = "set up one of them; the other waits for the unit to change sides"
			}
		}
	},
}

// posOfMeta is the position of a value of a document, or of the document when it was not read from a file.
func posOfMeta(m *content.Meta, ptr string) diag.Pos {
	if m.Doc == nil {
		return m.At
	}
	return m.Doc.PosOf(ptr)
}
