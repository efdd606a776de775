package content

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Blocks, hidden units, draw pools and units that change sides: the pieces of block games (Columbia Games and
// their successors). A block stands on edge with its label facing its owner; its strength is the edge that is
// up, and it turns a quarter to lose a step. What a block is lives here as data; what its steps mean (the
// strength the rules see, a hit, a draw from a pool) is the rules engine's (content/rules).

// LabelEdges is how many edges a block's label has: a square label prints one step along each edge, so a
// block has at most this many steps.
const LabelEdges = 4

// MaxSteps bounds a steps count as written (`steps: 100000000` would be a list of a hundred million steps):
// anything above LabelEdges is an error anyway; this only keeps the model small.
const MaxSteps = 64

// Who does not see a unit's face (UnitType.Hidden, System.Hidden).
const (
	HiddenOpponent = "opponent" // only its owner sees its face: the opponent sees its back (the faction's blank side)
	HiddenNone     = "none"     // everyone sees its face
)

// Which way a block turns to lose a step (BlockDef.Turn).
const (
	TurnCounterclockwise = "counterclockwise" // Columbia's way: the edge on the right comes to the top
	TurnClockwise        = "clockwise"        // the edge on the left comes to the top
)

// What a label prints along its edges (BlockDef.Show).
const (
	ShowPips    = "pips"    // a pip for each point of strength: ••••
	ShowNumbers = "numbers" // the value in figures: 4
)

// Steps are a block's steps, as a unit type writes them: how many (`steps: 4`, the block stat's values 4, 3, 2,
// 1), or a list of each step's values, full strength first: a number alone is the block stat's value
// (`[4, 3, 2, 1]`), a mapping the step's values of several stats (`{strength: 3, fire: 2}`).
type Steps struct {
	Count int         // steps: N
	List  []BlockStep // steps: [...]
	At    diag.Pos
}

// BlockStep is one step of a block's step list.
type BlockStep struct {
	Value Scalar            // a number alone: the block stat's value at this step
	Stats map[string]Scalar // a mapping: the step's values
	At    diag.Pos
}

// Len is how many steps are written.
func (s *Steps) Len() int {
	if s == nil {
		return 0
	}
	if s.List != nil {
		return len(s.List)
	}
	return s.Count
}

// decodeSteps reads `steps:` as a count or a list.
func (d *decoder) decodeSteps(n *yaml.Node) Steps {
	s := Steps{At: d.doc.nodePos(n)}
	switch n.Kind {
	case yaml.ScalarNode:
		k, err := strconv.Atoi(strings.TrimSpace(n.Value))
		if err != nil {
			d.errorf(n, "decode.type", "%q is not a number of steps: write a whole number (steps: 4) or a list of each step's values", n.Value)
			return s
		}
		if k > MaxSteps {
			k = MaxSteps + 1 // too many, whatever the number: the blocks check says so
		}
		s.Count = k
	case yaml.SequenceNode:
		s.List = []BlockStep{}
		for i, c := range n.Content {
			if i > MaxSteps {
				break // the blocks check reports a list longer than the label has edges
			}
			c = deref(c)
			st := BlockStep{At: d.doc.nodePos(c)}
			switch c.Kind {
			case yaml.ScalarNode:
				st.Value = Scalar{Text: c.Value, Quoted: c.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0, At: d.doc.nodePos(c)}
			case yaml.MappingNode:
				st.Stats = map[string]Scalar{}
				for j := 0; j+1 < len(c.Content); j += 2 {
					v := deref(c.Content[j+1])
					sc := Scalar{At: d.doc.nodePos(v), NotScalar: v.Kind != yaml.ScalarNode}
					if v.Kind == yaml.ScalarNode {
						sc.Text, sc.Quoted = v.Value, v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0
					}
					st.Stats[c.Content[j].Value] = sc
				}
			default:
				d.errorf(c, "decode.type", "a step is a value (3) or a mapping of values ({strength: 3, fire: 2}), not a list")
				st.Value = Scalar{NotScalar: true, At: st.At} // reported: the rules skip it
			}
			s.List = append(s.List, st)
		}
	default:
		d.errorf(n, "decode.type", "steps is a number of steps (steps: 4) or a list of each step's values")
	}
	return s
}

// encodeSteps writes steps back as they were written: a count, or the list.
func encodeSteps(s Steps) *yaml.Node {
	if s.List == nil {
		return scalarNode("!!int", strconv.Itoa(s.Count))
	}
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	for _, st := range s.List {
		if st.Stats == nil {
			n.Content = append(n.Content, notation(st.Value.Text))
			continue
		}
		m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}
		for _, k := range slices.Sorted(maps.Keys(st.Stats)) {
			m.Content = append(m.Content, scalarNode("!!str", k), notation(st.Stats[k].Text))
		}
		n.Content = append(n.Content, m)
	}
	return n
}

// BlockDef is a System's blocks: the stat a block's steps set (its strength, which the rules see), which way a
// block turns to lose a step, and what its label prints.
type BlockDef struct {
	// Stat is the stat a block's step sets: its strength. A unit type's steps are this stat's values, and the
	// rules (formulas, rosters, awards) see the value of the step in play.
	Stat string `yaml:"stat"`
	// Turn is which way a block turns to lose a step: counterclockwise (the default, as Columbia's rules turn
	// them) or clockwise. The label prints each next step on the edge that turning brings to the top.
	Turn string `yaml:"turn"`
	// Show is what a label prints along its edges: pips (the default) or numbers.
	Show string `yaml:"show"`
	// Rating is how an edge prints the other values a step gives, after its strength: a face format of stats
	// ("{initiative}{fire}" prints B2, a combat rating); default each value the step gives, in the System's
	// stat order.
	Rating string `yaml:"rating"`
	// Face is the face layout (a face id) the middle of a label is drawn with; default the one the unit's
	// counter would have. Its elements that show the block stat are left out: the edges print it.
	Face   string   `yaml:"face"`
	Text   string   `yaml:"text"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// TurnOf is the System's turn, counterclockwise when it says none.
func (b *BlockDef) TurnOf() string {
	if b == nil || b.Turn == "" {
		return TurnCounterclockwise
	}
	return b.Turn
}

// ShowOf is what the System's labels print along their edges, pips when it says none.
func (b *BlockDef) ShowOf() string {
	if b == nil || b.Show == "" {
		return ShowPips
	}
	return b.Show
}

// LabelSheet is how a counter mix prints its blocks' labels: the sticker's size, its own bleed, and the sheet
// of self-adhesive label paper they are printed on (`labels.pdf`).
type LabelSheet struct {
	// Size is a label's side: one of the standard sticker sizes of blocks (5/8in, 3/4in, 1in), or another.
	Size *value.Length `yaml:"size"`
	// Bleed is the label's colour printed past its cut line on every edge, so that a sticker cut a little off
	// the line still shows no paper.
	Bleed *value.Length `yaml:"bleed"`
	// Gap is the paper between two labels' cut lines (at least twice the bleed).
	Gap *value.Length `yaml:"gap"`
	// Margin is the blank paper at each edge of the sheet.
	Margin *value.Length `yaml:"margin"`
	// Paper is the label paper's size; default the package's paper.
	Paper  *value.Paper `yaml:"paper"`
	At     diag.Pos     `yaml:"-"`
	Fields FieldPos     `yaml:"-"`
}

// Default label sheet settings.
var (
	DefaultLabelSize  = value.Length{Points: 54, Text: "3/4in"}    // Columbia's usual block
	DefaultLabelBleed = value.Length{Points: 4.5, Text: "1/16in"}  // a sticker cut up to 1/16in off its line shows no paper
	DefaultLabelGap   = value.Length{Points: 13.5, Text: "3/16in"} // two bleeds and room for the blade
	MinLabelSize      = value.Length{Points: 27, Text: "3/8in"}    // smaller than any block
	MaxLabelSize      = value.Length{Points: 144, Text: "2in"}     // larger than any block
	MaxLabelBleed     = value.Length{Points: 9, Text: "1/8in"}     // more would print over the next label's bleed
)

// StandardLabels are the standard sticker sizes of blocks, as written.
var StandardLabels = []string{"5/8in", "3/4in", "1in"}

// Pool is a cup of a side's units drawn at random during play (Columbia's "draw 4 of 13 into a region"):
// the units in it, and its draws. Units in a pool are fielded by the side's forces but not set up; they
// come into play only by a draw.
type Pool struct {
	ID    string     `yaml:"id"`
	Name  string     `yaml:"name"`
	Units []PoolUnit `yaml:"units"`
	// Draw is how many units each draw takes from the pool, at random.
	Draw int `yaml:"draw"`
	// Into is the place (a cell label, an area or place, a holding box) the drawn units go to.
	Into string `yaml:"into"`
	// When are the draws: `setup` (the default: once, when the game begins), a turn (`3`), or a list of them
	// (`[setup, 3, 5]`): a draw on each.
	When   []Scalar `yaml:"when"`
	Note   string   `yaml:"note"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// PoolUnit is some units of one type in a pool: written as the unit type's id alone (one unit) or
// {unit: ID, count: N}.
type PoolUnit struct {
	Unit   string   `yaml:"unit"`
	Count  int      `yaml:"count"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

func (u *PoolUnit) fromScalar(s string) { u.Unit = s }

func (u *PoolUnit) shorthandKey() string { return "unit" }

// PoolSetup is the word for a draw at set-up in a pool's when.
const PoolSetup = "setup"

// PoolDraw is one draw of a pool: at set-up (Turn 0) or on a turn.
type PoolDraw struct {
	Turn int
	At   diag.Pos
}

// Draws are the pool's draws in the order written (a set-up draw when it says no when), and the values of
// when that are neither `setup` nor a whole turn number of 1 or more (the pools check reports them).
func (p *Pool) Draws() (draws []PoolDraw, bad []Scalar) {
	if len(p.When) == 0 {
		return []PoolDraw{{At: p.Fields.Of("draw", p.At)}}, nil
	}
	for _, w := range p.When {
		t := strings.TrimSpace(w.Text)
		if t == PoolSetup && !w.NotScalar {
			draws = append(draws, PoolDraw{At: w.At})
			continue
		}
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 || w.NotScalar {
			bad = append(bad, w)
			continue
		}
		draws = append(draws, PoolDraw{Turn: n, At: w.At})
	}
	return draws, bad
}

// Size is how many units the pool holds.
func (p *Pool) Size() int {
	n := 0
	for _, u := range p.Units {
		n += max(u.Count, 1)
	}
	return n
}

// DrawText is a draw as a sheet prints it: "at set-up", "on turn 3".
func (d PoolDraw) DrawText() string {
	if d.Turn == 0 {
		return "at set-up"
	}
	return fmt.Sprintf("on turn %d", d.Turn)
}

// IsBlock reports whether the unit type is a block: it has steps.
func (u *UnitType) IsBlock() bool { return u != nil && u.Steps != nil }

// HiddenFrom is who does not see the unit's face: HiddenOpponent or "" (everyone sees it). The unit type's own
// hidden wins; else the System's; else a block is hidden from the opponent (its label faces its owner) and a
// counter is not.
func (u *UnitType) HiddenFrom(sys *System) string {
	h := u.Hidden
	if h == "" && sys != nil {
		h = sys.Hidden
	}
	if h == "" && u.IsBlock() {
		h = HiddenOpponent
	}
	if h == HiddenOpponent {
		return HiddenOpponent
	}
	return ""
}

// IsHidden reports whether the unit's face is hidden from the opponent.
func (u *UnitType) IsHidden(sys *System) bool { return u.HiddenFrom(sys) == HiddenOpponent }

// PairOf is the unit type the unit alternates sides with (UnitType.Pair, written on either of the two): ""
// when it has none. A pair names each other, or one names the other.
func (p *Package) PairOf(u *UnitType) string {
	if u == nil {
		return ""
	}
	if u.Pair != "" {
		return u.Pair
	}
	for _, o := range p.UnitTypes() {
		if o.Pair == u.ID && o.ID != u.ID {
			return o.ID
		}
	}
	return ""
}

// BlockStat is the stat a block's steps set (System.blocks.stat), "" when the System declares none.
func (s *System) BlockStat() string {
	if s == nil || s.Blocks == nil {
		return ""
	}
	return s.Blocks.Stat
}
