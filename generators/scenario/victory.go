package scenario

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/value"
)

// defaultLevels are the level names when the settings give none, worst for the scoring side first.
var defaultLevels = []string{"Decisive {winner} victory", "Marginal {winner} victory", "Draw", "Marginal {winner} victory", "Decisive {winner} victory"}

// victory writes the awards of the chosen templates, all scored for the first side (its gains count up, the
// other side's count down), and a level table that covers every score exactly once: its steps are a share of
// the points the forces and objectives put at stake, so bigger battles need bigger margins.
func (ru *run) victory() error {
	vg := ru.sg.Victory
	if vg == nil || len(vg.Templates) == 0 {
		return nil
	}
	for _, t := range vg.Templates {
		whole := map[string]func() error{"points-left": func() error { ru.pointsLeft(); return nil }, "control-objectives": ru.controlObjectives}[t]
		if whole == nil {
			continue
		}
		if len(vg.Templates) > 1 {
			return fmt.Errorf("victory: %s is a whole victory rule and takes no other template", t)
		}
		return whole()
	}
	a, b := &ru.sc.Sides[0], &ru.sc.Sides[1]
	an, bn := ru.sg.Sides[0].ShortName(), ru.sg.Sides[1].ShortName()
	v := &content.Victory{Score: a.ID, Measure: "points", Source: "generated: templates " + strings.Join(vg.Templates, ", ")}
	var potA, potB value.Number
	one := value.Int(1)
	for _, t := range vg.Templates {
		switch t {
		case "hold-objectives":
			for _, o := range ru.sc.Objectives {
				p := one
				if o.Points != nil {
					p = *o.Points
				}
				v.Awards = append(v.Awards,
					content.Award{Side: a.ID, Points: p, Per: fmt.Sprintf("%s held by %s at the end", o.ID, an), Objective: o.ID},
					content.Award{Side: a.ID, Points: value.Number{}.Sub(p), Per: fmt.Sprintf("%s held by %s at the end", o.ID, bn), Objective: o.ID})
				potA, potB = potA.Add(p), potB.Add(p)
			}
			if len(ru.sc.Objectives) > 0 {
				v.Conditions = append(v.Conditions, fmt.Sprintf("Objectives: each scores its points for %s when %s holds it at the end, and counts against %s when %s does.", an, an, an, bn))
			}
		case "destroy-vp":
			v.Awards = append(v.Awards,
				content.Award{Side: a.ID, Points: one, Per: fmt.Sprintf("point of %s units eliminated", bn), Of: b.ID, Counts: content.MeasurePoints},
				content.Award{Side: a.ID, Points: value.Int(-1), Per: fmt.Sprintf("point of %s units eliminated", an), Of: a.ID, Counts: content.MeasurePoints})
			potA = potA.Add(unitPoints(ru, 1))
			potB = potB.Add(unitPoints(ru, 0))
			v.Conditions = append(v.Conditions, "Casualties: every point of units eliminated (by the System's point costs) scores for the side that eliminated them.")
		case "exit-units":
			v.Awards = append(v.Awards,
				content.Award{Side: a.ID, Points: one, Per: fmt.Sprintf("%s unit exited by %s map side", an, english.Possessive(bn)), Edge: ru.edges[1].ID, Of: a.ID},
				content.Award{Side: a.ID, Points: value.Int(-1), Per: fmt.Sprintf("%s unit exited by %s map side", bn, english.Possessive(an)), Edge: ru.edges[0].ID, Of: b.ID})
			potA = potA.Add(value.Int(int64(unitCount(ru, 0))))
			potB = potB.Add(value.Int(int64(unitCount(ru, 1))))
			v.Conditions = append(v.Conditions, "Exits: every unit that leaves the map by the enemy's map side scores 1 point for its side.")
		default:
			return fmt.Errorf("victory: unknown template %q (use hold-objectives, exit-units, destroy-vp, or points-left alone)", t)
		}
	}
	names := vg.Levels
	if len(names) == 0 {
		names = defaultLevels
	}
	k := len(names) / 2
	// The decisive levels start at a third of what each side has at stake.
	stake := potA.Add(potB).Mul(value.Frac(1, 2))
	t := int64(1)
	if k > 0 {
		t = max(1, stake.Floor()/int64(3*k))
	}
	var bands []content.VictoryBand
	name := func(i int, winner string) string {
		w := map[string]string{a.ID: an, b.ID: bn}[winner]
		return strings.ReplaceAll(names[i], "{winner}", w)
	}
	num := func(x int64) *value.Number { n := value.Int(x); return &n }
	idx := 0
	for j := k; j >= 1; j-- { // the other side's levels, worst for the scoring side first
		bd := content.VictoryBand{Winner: b.ID}
		if len(names)%2 == 1 {
			bd.LessThan = num(-int64(j) * t)
			if j < k {
				bd.Min = num(-int64(j+1) * t)
			}
		} else {
			bd.LessThan = num(-int64(j-1) * t)
			if j < k {
				bd.Min = num(-int64(j) * t)
			}
		}
		bd.Name = name(idx, b.ID)
		idx++
		bands = append(bands, bd)
	}
	if len(names)%2 == 1 {
		bd := content.VictoryBand{Name: name(idx, ""), Min: num(-t), Max: num(t)}
		if k == 0 {
			bd.Min, bd.Max = nil, nil
		}
		idx++
		bands = append(bands, bd)
	}
	for j := 1; j <= k; j++ {
		bd := content.VictoryBand{Winner: a.ID}
		if len(names)%2 == 1 {
			bd.MoreThan = num(int64(j) * t)
			if j < k {
				bd.Max = num(int64(j+1) * t)
			}
		} else {
			if j == 1 {
				bd.Min = num(0)
			} else {
				bd.MoreThan = num(int64(j-1) * t)
			}
			if j < k {
				bd.Max = num(int64(j) * t)
			}
		}
		bd.Name = name(idx, a.ID)
		idx++
		bands = append(bands, bd)
	}
	var thresholds []string
	for i := range bands {
		bands[i].Text = bandText(&bands[i])
		thresholds = append(thresholds, bands[i].Text)
	}
	v.Levels = bands
	v.Description = fmt.Sprintf("%s points decide the battle: gains for %s count up, gains for %s count down; the levels read the total.", english.Possessive(an), an, bn)
	// The thresholds are the generator's: a share of what the forces and objectives put at stake, not a
	// table the rules print.
	v.Source += fmt.Sprintf("; the level thresholds (%s) are illustrative: derived by the generator from what the forces and objectives put at stake, not given by the rules",
		strings.Join(thresholds, "; "))
	ru.invented = append(ru.invented, "the victory levels' thresholds ("+strings.Join(thresholds, "; ")+"), derived from what the forces and objectives put at stake")
	ru.sc.Victory = v
	return nil
}

// pointsLeft is De Gre's victory rule (12.): each side totals the cost points of its units left at the end,
// those retreated off the board included, and the higher total wins. No thresholds, no draw band.
func (ru *run) pointsLeft() {
	v := &content.Victory{Measure: "compare", Source: "generated: template points-left (the higher total of cost points left wins)"}
	for i, s := range ru.sc.Sides {
		n := ru.sg.Sides[i].ShortName()
		v.Awards = append(v.Awards, content.Award{Side: s.ID, Points: value.Int(1), Of: s.ID, Counts: content.MeasurePoints,
			Per: fmt.Sprintf("cost point of %s units left at the end, units retreated off the board included", n)})
	}
	v.Description = "At the end each side totals the cost points of its units left, those retreated off the board included; the higher total wins."
	v.Conditions = []string{"The side with the higher total of cost points left wins."}
	ru.sc.Victory = v
}

// controlObjectives decides the scenario by control of its objectives, with no points (a classic operational
// game): the first side wins at once if it ever controls every objective, at the end if it controls more than
// half of them; otherwise the second side wins.
func (ru *run) controlObjectives() error {
	n := len(ru.sc.Objectives)
	if n == 0 {
		return fmt.Errorf("victory: control-objectives needs objectives (objectives.count of at least 1)")
	}
	var ids []string
	for _, o := range ru.sc.Objectives {
		ids = append(ids, o.ID)
	}
	a, b := &ru.sc.Sides[0], &ru.sc.Sides[1]
	an, bn := ru.sg.Sides[0].ShortName(), ru.sg.Sides[1].ShortName()
	most := n/2 + 1
	v := &content.Victory{Source: "generated: template control-objectives (victory by control, no points)"}
	if n > 1 {
		v.Decide = append(v.Decide, content.Decision{Side: a.ID, Result: an + " sudden-death victory", When: content.DecideAny,
			Condition: content.Condition{Controls: ids}})
	}
	v.Decide = append(v.Decide,
		content.Decision{Side: a.ID, Result: an + " victory", Condition: content.Condition{Controls: ids, Count: most}},
		content.Decision{Side: b.ID, Result: bn + " victory", Condition: content.Condition{Not: &content.Condition{Controls: ids, Count: most, Of: a.ID}}})
	v.Description = fmt.Sprintf("%s wins at the end if it controls %d of the %s; %s wins otherwise.",
		an, most, english.Count(n, "objective"), bn)
	if n == 1 {
		v.Description = fmt.Sprintf("%s wins at the end if it controls the objective; %s wins otherwise.", an, bn)
	}
	if n > 1 {
		v.Description = fmt.Sprintf("%s wins at once if it ever controls all %d objectives. ", an, n) + v.Description
	}
	ru.sc.Victory = v
	return nil
}

func bandText(b *content.VictoryBand) string {
	var lo, hi string
	switch {
	case b.Min != nil:
		lo = b.Min.String()
	case b.MoreThan != nil:
		lo = "over " + b.MoreThan.String()
	}
	switch {
	case b.Max != nil:
		hi = b.Max.String()
	case b.LessThan != nil:
		hi = "under " + b.LessThan.String()
	}
	switch {
	case lo == "" && hi == "":
		return "any score"
	case lo == "":
		return strings.ToUpper(hi[:1]) + hi[1:]
	case hi == "":
		if b.Min != nil {
			return lo + " or more"
		}
		return strings.ToUpper(lo[:1]) + lo[1:]
	}
	return lo + " to " + hi
}

// unitPoints is what side i's units cost (items left out).
func unitPoints(ru *run, i int) value.Number {
	var p value.Number
	for _, l := range ru.out.Forces[i].Units {
		p = p.Add(ru.g.cat.UnitCost(l.Unit).Mul(value.Int(int64(max(l.Count, 1)))))
	}
	return p
}

func unitCount(ru *run, i int) int {
	n := 0
	for _, l := range ru.out.Forces[i].Units {
		n += max(l.Count, 1)
	}
	return n
}

// illustrative writes into the scenario which of its values are the generator's and not the rules': the
// settings the Generator's `illustrative` names, with the values this seed gave them, and the victory levels'
// thresholds, which the generator always derives. The sheet prints the scenario's description and source,
// so a player reads them there.
func (ru *run) illustrative() error {
	sg := ru.sg
	for _, key := range sg.Illustrative {
		var t string
		switch key {
		case "objectives.count":
			if og := sg.Objectives; og != nil {
				t = english.Count(len(ru.sc.Objectives), "objective")
				if og.Count.Dice.Count > 0 {
					t += " (rolled on " + og.Count.String() + ")"
				}
			}
		case "objectives.spacing":
			if og := sg.Objectives; og != nil {
				switch {
				case og.Spacing != nil:
					t = "objectives at least " + og.Spacing.String() + " apart"
				case og.MinSpacing > 0:
					t = "objectives at least " + english.Count(og.MinSpacing, "cell") + " apart"
				}
			}
		case "objectives.points":
			if og := sg.Objectives; og != nil && og.Points.Sign() != 0 {
				t = og.Points.String() + " points for each objective"
			}
		case "points":
			if len(ru.sc.Sides) > 0 && ru.sc.Sides[0].Budget != nil {
				t = ru.sc.Sides[0].Budget.String() + " points a side"
			}
		case "balance":
			if sg.Balance != nil {
				t = "forces within " + sg.Balance.String() + " of the budget of each other"
			}
		case "take":
			for _, sd := range sg.Sides {
				for _, p := range sd.Take {
					what := p.Unit
					if u := ru.g.pkg.UnitType(p.Unit); u != nil && u.Name != "" {
						what = u.Name
					}
					most := 1
					if len(p.Count) > 0 {
						most = p.Count[len(p.Count)-1]
					}
					if what == "" {
						what = english.Noun(most, english.List(p.Classes, "or"))
					}
					ru.invented = append(ru.invented, fmt.Sprintf("%s takes %s %s", sd.DisplayName(), rangeText(p.Count), what))
				}
			}
		case "length":
			if ru.sc.Length != nil && len(sg.Length) > 0 {
				t = english.Count(ru.sc.Length.Turns, "turn") + " (rolled from " + rangeText(sg.Length) + ")"
			}
		case "entry":
			if sg.Entry != nil && sg.Entry.Method != "" {
				t = "entry edges by the " + sg.Entry.Method + " method"
			}
		case "armies":
			t = "the armies each side may draw"
		default:
			return fmt.Errorf("illustrative: unknown setting %q", key)
		}
		if t != "" {
			ru.invented = append(ru.invented, t)
		}
	}
	if len(ru.invented) == 0 {
		return nil
	}
	text := "Illustrative, this package's and not the rules': " + english.List(ru.invented) + "."
	ru.sc.Description = strings.TrimSpace(ru.sc.Description + " " + text)
	return nil
}

func rangeText(r []int) string {
	switch {
	case len(r) == 0:
		return ""
	case len(r) == 1 || r[0] == r[1]:
		return fmt.Sprint(r[0])
	}
	return fmt.Sprintf("%d to %d", r[0], r[1])
}
