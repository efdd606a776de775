package rules

import (
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// SideScore is what one side of a scenario can score: the lowest and the highest total its awards allow, as
// a victory point record must run. An award is bounded by what it counts: once (1), the units of the side it
// names (`of`, or its own side for exits by an edge: how many, or their points, stands or another measure,
// `counts`), or the cells of its objective or location (1 when it has none). An objective's own points count
// once for each side that may hold it, unless an award names the objective.
type SideScore struct {
	Side      string
	Low, High value.Number
	// Unbounded are the awards that say nothing a bound can be read from (a `per` in words only): with any, the
	// range is not known and Low and High count the other awards only.
	Unbounded []*content.Award
}

// Known reports whether every award of the side is bounded.
func (s SideScore) Known() bool { return len(s.Unbounded) == 0 }

// ScoreRanges is what each side can score in a scenario that keeps points: the scored side alone when the
// levels read one side's points (victory.score), else every side with awards or objective points, in the
// scenario's order. Nil for a ratio of victory points (PRESTAGS 11.2: each side records the enemy's losses)
// and for a scenario that awards nothing.
func (e *Engine) ScoreRanges(sc *content.Scenario) []SideScore {
	v := sc.Victory
	if v == nil || v.Measure == "ratio" {
		return nil
	}
	byID := map[string]*SideScore{}
	var order []string
	score := func(side string) *SideScore {
		if v.Score != "" && side != v.Score {
			return nil
		}
		if s, ok := byID[side]; ok {
			return s
		}
		byID[side] = &SideScore{Side: side}
		order = append(order, side)
		return byID[side]
	}
	add := func(s *SideScore, pts, n value.Number) {
		x := pts.Mul(n)
		if x.Sign() < 0 {
			s.Low = s.Low.Add(x)
		} else {
			s.High = s.High.Add(x)
		}
	}
	set, _ := e.pkg.MapSet(sc)
	awarded := map[string]bool{}
	for i := range v.Awards {
		a := &v.Awards[i]
		if a.Objective != "" {
			awarded[a.Objective] = true
		}
		s := score(a.Side)
		if s == nil {
			continue
		}
		n, ok := e.awardCount(sc, set, a)
		if !ok {
			s.Unbounded = append(s.Unbounded, a)
			continue
		}
		add(s, a.Points, n)
	}
	for _, o := range sc.Objectives {
		if o.Points == nil || awarded[o.ID] {
			continue
		}
		sides := o.Sides
		if len(sides) == 0 {
			for _, sd := range sc.Sides {
				sides = append(sides, sd.ID)
			}
		}
		for _, id := range sides {
			if s := score(id); s != nil {
				add(s, *o.Points, value.Int(1))
			}
		}
	}
	out := make([]SideScore, 0, len(order))
	for _, sd := range sc.Sides { // in the scenario's order
		for _, id := range order {
			if id == sd.ID {
				out = append(out, *byID[id])
			}
		}
	}
	return out
}

// awardCount is the most times an award can score, and whether it says enough to tell.
func (e *Engine) awardCount(sc *content.Scenario, set *content.MapSet, a *content.Award) (value.Number, bool) {
	switch {
	case a.Once:
		return value.Int(1), true
	case a.Of != "" || a.Edge != "":
		of := a.Of
		if of == "" {
			of = a.Side // exits by an edge: the side's own units
		}
		var side *content.Side
		for i := range sc.Sides {
			if sc.Sides[i].ID == of {
				side = &sc.Sides[i]
			}
		}
		m, ok := e.Measure(a.Counts)
		if side == nil || !ok {
			return value.Number{}, false
		}
		return m.Sum(e.SideGroup(sc, side).Lines, a.Units, a.Classes), true
	case a.Objective != "":
		for _, o := range sc.Objectives {
			if o.ID == a.Objective {
				return value.Int(int64(max(len(o.Cells), 1))), true
			}
		}
		return value.Number{}, false
	case a.Location != "":
		if set != nil {
			if l, _ := set.Location(a.Location); l != nil {
				return value.Int(int64(max(len(l.Cells), 1))), true
			}
		}
		return value.Int(1), true
	}
	return value.Number{}, false
}
