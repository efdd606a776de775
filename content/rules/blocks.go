package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Blocks: what a block's steps mean. A block is on one of its steps, full strength first; its stats are the
// unit type's with that step's values over them, so its strength (the System's block stat) and any value a
// step gives are what every formula, roster, award and cell rule sees. A hit turns it down one step; a hit on
// its last step eliminates it. The printers and exporters read the steps here too, so a label prints what the
// rules count.

// Block is a block unit type's steps as the rules read them.
type Block struct {
	Type *content.UnitType
	// Stat is the System's block stat (nil when the System declares none, or an unknown one: the blocks
	// check reports it); the steps' strengths are its values.
	Stat  *content.StatDef
	Steps []Step
}

// Step is one step of a block.
type Step struct {
	// Strength is the block stat's value at this step.
	Strength value.Number
	// Layer is what the step writes over the unit type's stats: the block stat's value, or the step's
	// mapping of values.
	Layer map[string]content.Scalar
	At    diag.Pos
}

// BlockProblem is something wrong with how a unit type writes its steps, at the content.
type BlockProblem struct {
	At      diag.Pos
	Code    string // the blocks check's code: stat, steps, edges, value, front, order
	Warning bool
	Message string
	Hint    string
}

// BlockOf reads a unit type's steps; nil for a unit type that is not a block. The problems say what the
// blocks check reports; the steps that could be read are kept (at most content.LabelEdges of them).
func BlockOf(sys *content.System, u *content.UnitType) (*Block, []BlockProblem) {
	if !u.IsBlock() {
		return nil, nil
	}
	var ps []BlockProblem
	bad := func(at diag.Pos, code, hint, format string, args ...any) {
		ps = append(ps, BlockProblem{At: at, Code: code, Message: fmt.Sprintf(format, args...), Hint: hint})
	}
	b := &Block{Type: u}
	statID := sys.BlockStat()
	if statID != "" {
		if def := sys.Stat(statID); def != nil && (def.Type == content.StatInt || def.Type == content.StatValue) {
			b.Stat = def
		}
	}
	s := u.Steps
	what := "unit type " + u.ID
	if statID == "" {
		bad(s.At, "stat", "name it in the System: blocks: {stat: strength}",
			"%s has steps, but the System names no block stat: the stat a block's steps set (its strength)", what)
	}
	n := s.Len()
	tooMany := n > content.LabelEdges // then only that is said: the steps kept are not all the content's
	switch {
	case n < 1:
		bad(s.At, "steps", "a block has 1 to 4 steps: steps: 4, or a list of their values", "%s has %d steps: a block has at least one", what, n)
		return b, ps
	case n > content.LabelEdges:
		at := s.At
		if s.List != nil && len(s.List) > content.LabelEdges {
			at = s.List[content.LabelEdges].At
		}
		count := fmt.Sprint(n)
		if n > content.MaxSteps {
			count = fmt.Sprintf("more than %d", content.MaxSteps)
		}
		bad(at, "edges", fmt.Sprintf("give at most %d steps: a block of more steps needs a second block", content.LabelEdges),
			"%s has %s steps, but its label has %d edges: a block prints one step along each edge", what, count, content.LabelEdges)
		n = content.LabelEdges
	}
	parse := func(sc content.Scalar) (value.Number, error) {
		if sc.NotScalar {
			return value.Number{}, fmt.Errorf("a list or mapping where a value belongs")
		}
		if b.Stat != nil {
			ts, err := content.ParseStat(b.Stat, sc)
			if err != nil {
				return value.Number{}, err
			}
			if !ts.Value.Plain() {
				return value.Number{}, fmt.Errorf("%s is written %q: a step's strength is a plain number", b.Stat.ID, sc.Text)
			}
			return ts.Value.Number, nil
		}
		return value.ParseNumber(strings.TrimSpace(sc.Text))
	}
	layer := func(v value.Number) map[string]content.Scalar {
		if statID == "" {
			return nil
		}
		return map[string]content.Scalar{statID: {Text: v.String(), At: s.At}}
	}
	if s.List == nil {
		for i := 0; i < n; i++ {
			v := value.Int(int64(n - i))
			b.Steps = append(b.Steps, Step{Strength: v, Layer: layer(v), At: s.At})
		}
	} else {
		for i := 0; i < n; i++ {
			st := s.List[i]
			step := Step{At: st.At}
			switch {
			case st.Stats != nil:
				step.Layer = st.Stats
				sc, ok := st.Stats[statID]
				if !ok {
					if statID != "" {
						bad(st.At, "value", fmt.Sprintf("give it: {%s: 3, ...}", statID), "step %d of %s gives no %s (its strength)", i+1, u.ID, statID)
					}
					continue
				}
				v, err := parse(sc)
				if err != nil {
					bad(sc.At, "value", "", "step %d of %s: %v", i+1, u.ID, err)
					continue
				}
				step.Strength = v
			case st.Value.NotScalar:
				continue // a list where a step belongs: the decoder reported it
			default:
				v, err := parse(st.Value)
				if err != nil {
					bad(st.Value.At, "value", "", "step %d of %s: %v", i+1, u.ID, err)
					continue
				}
				step.Strength = v
				step.Layer = map[string]content.Scalar{}
				if statID != "" {
					step.Layer[statID] = st.Value
				}
			}
			b.Steps = append(b.Steps, step)
		}
	}
	if len(b.Steps) == 0 || tooMany {
		return b, ps
	}
	// The front is the block at full strength: its stats and its first step agree.
	for _, id := range slices.Sorted(maps.Keys(b.Steps[0].Layer)) {
		sc, ok := u.Stats[id]
		def := sys.Stat(id)
		if !ok || def == nil {
			continue
		}
		front, err1 := content.ParseStat(def, sc)
		first, err2 := content.ParseStat(def, b.Steps[0].Layer[id])
		if err1 != nil || err2 != nil || front.String() == first.String() {
			continue
		}
		bad(sc.At, "front", fmt.Sprintf("write %s: %s, or leave it out of the stats (the first step gives it)", id, first.String()),
			"%s has %s %s, but its first step (full strength) gives %s", what, id, front.String(), first.String())
	}
	for i := 1; i < len(b.Steps); i++ {
		if b.Steps[i].Strength.Cmp(b.Steps[i-1].Strength) >= 0 {
			ps = append(ps, BlockProblem{At: b.Steps[i].At, Code: "order", Warning: true,
				Message: fmt.Sprintf("step %d of %s has strength %s, no less than step %d's %s: a hit should leave a block weaker", i+1, u.ID, b.Steps[i].Strength, i, b.Steps[i-1].Strength),
				Hint:    "list the steps from full strength down"})
		}
	}
	return b, ps
}

// Strengths are the steps' strengths, full strength first, as text: "4, 3, 2, 1".
func (b *Block) Strengths() string {
	var parts []string
	for _, s := range b.Steps {
		parts = append(parts, s.Strength.String())
	}
	return strings.Join(parts, ", ")
}

// StepOf is the step (from 0, full strength) a block of this strength is on: the first whose strength it is.
func (b *Block) StepOf(strength value.Number) (int, bool) {
	for i, s := range b.Steps {
		if s.Strength.Cmp(strength) == 0 {
			return i, true
		}
	}
	return 0, false
}

// Hit turns a block on step `step` (from 0) down by hits steps: the step it is left on, or eliminated when a
// hit falls on its last step.
func (b *Block) Hit(step, hits int) (after int, eliminated bool) {
	after = step + hits
	if after >= len(b.Steps) {
		return len(b.Steps) - 1, true
	}
	return after, false
}

// Block is a unit type's block as the engine reads it (nil when the type is unknown or not a block).
func (e *Engine) Block(id string) *Block {
	u := e.pkg.UnitType(id)
	if u == nil {
		return nil
	}
	b, _ := BlockOf(e.sys, u)
	return b
}

// UnitAt is a block on a step (from 0): the unit type with that step's values over its stats, priced and
// with its derived values, as every formula sees it. A step that is not the block's, or a unit type that is
// not a block, gives the unit type itself (Unit).
func (e *Engine) UnitAt(id string, step int) *Unit {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.unitAt(id, step)
}

func (e *Engine) unitAt(id string, step int) *Unit {
	b := e.Block(id)
	if b == nil || step <= 0 || step >= len(b.Steps) {
		return e.unit(id, nil)
	}
	return e.unitStep(id, b, step)
}

// StrengthUnit is a block set up at a strength (the unit type itself when strength is nil or not one of its
// steps': the blocks check reports that).
func (e *Engine) StrengthUnit(id string, strength *value.Number) *Unit {
	if strength == nil {
		return e.Unit(id)
	}
	if b := e.Block(id); b != nil {
		if i, ok := b.StepOf(*strength); ok {
			return e.UnitAt(id, i)
		}
	}
	return e.Unit(id)
}

// Hit is what hits do to a block of a unit type at a strength (nil: full strength): the strength it is left
// with, or eliminated. It fails for a unit type that is not a block, or a strength none of its steps has.
func (e *Engine) Hit(id string, strength *value.Number, hits int) (left value.Number, eliminated bool, err error) {
	b := e.Block(id)
	if b == nil {
		if e.pkg.UnitType(id) == nil {
			return value.Number{}, false, fmt.Errorf("there is no unit type %q", id)
		}
		return value.Number{}, false, fmt.Errorf("%s is not a block: it has no steps to lose", id)
	}
	if len(b.Steps) == 0 {
		return value.Number{}, false, fmt.Errorf("%s has no steps the rules can read", id)
	}
	step := 0
	if strength != nil {
		i, ok := b.StepOf(*strength)
		if !ok {
			return value.Number{}, false, fmt.Errorf("%s has no step of strength %s: its steps are %s", id, strength, b.Strengths())
		}
		step = i
	}
	if hits < 0 {
		return value.Number{}, false, fmt.Errorf("%d hits: a block takes none or more", hits)
	}
	after, gone := b.Hit(step, hits)
	return b.Steps[after].Strength, gone, nil
}

// reduced is some blocks of a side set up below full strength: their unit type, the step and how many.
type reduced struct {
	id   string
	step int
	n    int
}

// setupSteps are the blocks a side's set-up puts below full strength (placements with a strength that is one
// of the block's steps after its first), in set-up order.
func (e *Engine) setupSteps(s *content.Side) []*reduced {
	var out []*reduced
	for _, pl := range s.Setup {
		if pl.Strength == nil {
			continue
		}
		b := e.Block(pl.Unit)
		if b == nil {
			continue
		}
		i, ok := b.StepOf(*pl.Strength)
		if !ok || i == 0 {
			continue
		}
		n := max(pl.Count, 1)
		if len(pl.Cells) > 0 {
			n = len(pl.UnitCells(1))
		} else if len(pl.Points) > 0 {
			n = len(pl.Points)
		}
		out = append(out, &reduced{id: pl.Unit, step: i, n: n})
	}
	return out
}

// atSetup moves the blocks a set-up puts below full strength out of the lines of their type (at full
// strength) into lines of their step, priced there, taking as many as the lines hold; what it took is
// subtracted from rs, so that a side's forces can be split one after the other.
func (e *Engine) atSetup(lines []Line, rs []*reduced) []Line {
	if len(rs) == 0 {
		return lines
	}
	out := make([]Line, 0, len(lines)+len(rs))
	for _, l := range lines {
		var split []Line
		for _, r := range rs {
			if r.n == 0 || l.Unit == nil || l.Count == 0 || l.Unit.Type.ID != r.id || l.Unit.data.Step > 1 {
				continue
			}
			take := min(r.n, l.Count)
			u := e.UnitAt(r.id, r.step)
			if u == nil {
				continue
			}
			r.n -= take
			l.Count -= take
			l.Points = l.Unit.Cost.Mul(value.Int(int64(l.Count)))
			split = append(split, Line{Entry: l.Entry, Unit: u, Count: take, Points: u.Cost.Mul(value.Int(int64(take))), Side: l.Side})
		}
		if l.Count > 0 || len(split) == 0 {
			out = append(out, l)
		}
		out = append(out, split...)
	}
	return out
}
