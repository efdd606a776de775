package analysis

import (
	"encoding/csv"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content/value"
)

// Decimal writes a probability (or any exact number) as a decimal of nine places, rounded: 1/3 is 0.333333333.
func Decimal(n value.Number) string {
	return n.Rat().FloatString(9)
}

// Exact writes an exact number as a whole number or a fraction in ASCII: 2/3, 1, 0.
func Exact(n value.Number) string {
	return n.Rat().RatString()
}

// Percent writes a probability as a percentage of one decimal: 1/3 is 33.3%.
func Percent(n value.Number) string {
	r := n.Rat()
	r.Mul(r, big.NewRat(100, 1))
	return r.FloatString(1) + "%"
}

// ------------------------------------------------------------------------------------------- tables

// TablesJSON is the tables report as JSON.
type TablesJSON struct {
	Schema  string      `json:"schema"`
	Package string      `json:"package"`
	Tables  []TableJSON `json:"tables"`
}

// TableJSON is one table's analysis.
type TableJSON struct {
	ID       string         `json:"id"`
	Name     string         `json:"name,omitempty"`
	Dice     string         `json:"dice,omitempty"`
	Rolls    string         `json:"rolls,omitempty"` // how many rolls the dice have (faces^dice)
	Analysed bool           `json:"analysed"`
	RankedBy string         `json:"rankedBy,omitempty"`
	Results  []ResultJSON   `json:"results,omitempty"`
	Columns  []ColumnJSON   `json:"columns,omitempty"`
	Modified []ModifiedJSON `json:"modified,omitempty"`
	Flags    []FlagJSON     `json:"flags,omitempty"`
	Notes    []string       `json:"notes,omitempty"`
}

// ResultJSON is a result the table prints, in rank order (the attacker's worst first).
type ResultJSON struct {
	Result string `json:"result"`
	Text   string `json:"text,omitempty"`
	Leaves bool   `json:"defenderLeaves"`
}

// ColumnJSON is one column's odds.
type ColumnJSON struct {
	Column   string        `json:"column"`
	Results  []OddsJSON    `json:"results"`
	Expected *ExpectedJSON `json:"expected,omitempty"`
}

// OddsJSON is one result's probability: as a decimal, exactly as a fraction, and the rolls that give it.
type OddsJSON struct {
	Result      string `json:"result"`
	Probability string `json:"probability"`
	Exact       string `json:"exact"`
	Totals      []int  `json:"totals"`
}

// ExpectedJSON is what a column costs each side on average, exactly.
type ExpectedJSON struct {
	AttackerSteps  string `json:"attackerSteps"`
	AttackerUnits  string `json:"attackerUnits"`
	AttackerShare  string `json:"attackerShare"`
	DefenderSteps  string `json:"defenderSteps"`
	DefenderUnits  string `json:"defenderUnits"`
	DefenderShare  string `json:"defenderShare"`
	DefenderLeaves string `json:"defenderLeaves"`
}

// ModifiedJSON is the table read with a combination of die-roll modifiers.
type ModifiedJSON struct {
	Modifiers []string     `json:"modifiers"`
	Roll      int          `json:"roll"`
	Columns   []ColumnJSON `json:"columns"`
}

// FlagJSON is a flag.
type FlagJSON struct {
	Code    string `json:"code"`
	Column  string `json:"column,omitempty"`
	Message string `json:"message"`
}

// JSON is the report as JSON, with its schema version.
func (r *TablesReport) JSON() TablesJSON {
	out := TablesJSON{Schema: TablesSchema, Package: r.Package, Tables: []TableJSON{}}
	for _, a := range r.Tables {
		t := TableJSON{ID: a.Table.ID, Name: a.Table.Name, Analysed: a.Analysed, RankedBy: a.RankedBy, Notes: a.Notes}
		if a.Analysed {
			t.Dice, t.Rolls = a.Dice.String(), a.Rolls.Total.String()
		}
		for _, res := range a.Results {
			rj := ResultJSON{Result: res.Text, Leaves: res.Leaves()}
			if res.Def != nil {
				rj.Text = res.Def.Text
			}
			t.Results = append(t.Results, rj)
		}
		t.Columns = columnsJSON(a.Columns)
		for _, m := range a.Modified {
			t.Modified = append(t.Modified, ModifiedJSON{Modifiers: m.Modifiers, Roll: m.Roll, Columns: columnsJSON(m.Columns)})
		}
		for _, f := range a.Flags {
			t.Flags = append(t.Flags, FlagJSON(f))
		}
		out.Tables = append(out.Tables, t)
	}
	return out
}

func columnsJSON(cs []ColumnOdds) []ColumnJSON {
	var out []ColumnJSON
	for _, c := range cs {
		cj := ColumnJSON{Column: c.Column, Results: []OddsJSON{}}
		for _, r := range c.Results {
			cj.Results = append(cj.Results, OddsJSON{Result: r.Result, Probability: Decimal(r.P), Exact: Exact(r.P), Totals: r.Totals})
		}
		if e := c.Expected; e != nil {
			cj.Expected = &ExpectedJSON{AttackerSteps: Exact(e.AttackerSteps), AttackerUnits: Exact(e.AttackerUnits),
				AttackerShare: Exact(e.AttackerShare), DefenderSteps: Exact(e.DefenderSteps), DefenderUnits: Exact(e.DefenderUnits),
				DefenderShare: Exact(e.DefenderShare), DefenderLeaves: Exact(e.DefenderLeaves)}
		}
		out = append(out, cj)
	}
	return out
}

// TablesCSVHeader is the tables CSV's first line.
var TablesCSVHeader = []string{"table", "column", "result", "probability", "exact", "modifiers", "roll", "totals"}

// WriteCSV writes one row per table, column and result (with no modifier, then each combination of die-roll
// modifiers, named in the modifiers column and adding roll to each total): the probability as a decimal of
// nine places and exactly, and the totals of the dice that give it. A table that is not analysed has no rows.
func (r *TablesReport) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(TablesCSVHeader); err != nil {
		return err
	}
	row := func(t string, c ColumnOdds, mods []string, roll int) error {
		for _, res := range c.Results {
			totals := make([]string, len(res.Totals))
			for i, n := range res.Totals {
				totals[i] = strconv.Itoa(n)
			}
			if err := cw.Write([]string{t, c.Column, res.Result, Decimal(res.P), Exact(res.P), strings.Join(mods, "+"),
				strconv.Itoa(roll), strings.Join(totals, " ")}); err != nil {
				return err
			}
		}
		return nil
	}
	for _, a := range r.Tables {
		for _, c := range a.Columns {
			if err := row(a.Table.ID, c, nil, 0); err != nil {
				return err
			}
		}
		for _, m := range a.Modified {
			for _, c := range m.Columns {
				if err := row(a.Table.ID, c, m.Modifiers, m.Roll); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// ------------------------------------------------------------------------------------------- scenarios

// ScenarioJSON is a scenario report as JSON.
type ScenarioJSON struct {
	Schema     string           `json:"schema"`
	Scenario   string           `json:"scenario"`
	Length     int              `json:"length"`
	Horizon    int              `json:"horizon"`
	Limit      string           `json:"limit,omitempty"`
	Sides      []SideJSON       `json:"sides"`
	Objectives []ObjectiveJSON  `json:"objectives"`
	Table      string           `json:"table,omitempty"`
	Odds       []OddsAttackJSON `json:"odds"`
	Sectors    []SectorJSON     `json:"sectors"`
	Losses     []LossesJSON     `json:"losses"`
	Notes      []string         `json:"notes"`
}

// SideJSON is a side's reach: the first turn for each cell it reaches by the horizon (by label), with the
// enemy standing where it set up (first) and on the open map (open).
type SideJSON struct {
	Side  string         `json:"side"`
	Units int            `json:"units"`
	Left  []string       `json:"left,omitempty"`
	First map[string]int `json:"first"`
	Open  map[string]int `json:"open"`
}

// ObjectiveJSON is an objective a side needs.
type ObjectiveJSON struct {
	Side      string   `json:"side"`
	Objective string   `json:"objective"`
	Name      string   `json:"name,omitempty"`
	Cells     []string `json:"cells"`
	First     int      `json:"first"` // the enemy standing; 0: not by the horizon
	Open      int      `json:"open"`  // no enemy in the way; 0: not by the horizon
	By        int      `json:"by"`    // 0: the scenario has no length
	Held      bool     `json:"held"`
	Late      bool     `json:"late"`      // out of reach in time even on the open map
	Contested bool     `json:"contested"` // in reach on the open map, not past the enemy standing
}

// OddsAttackJSON is a side's best turn-1 attack on one enemy stack.
type OddsAttackJSON struct {
	Side      string   `json:"side"`
	Target    string   `json:"target"`
	Defenders []string `json:"defenders"`
	Attackers []string `json:"attackers"`
	Attack    string   `json:"attack"`
	Defence   string   `json:"defence"`
	Column    string   `json:"column"`
	Roll      int      `json:"roll"`
	Terrain   string   `json:"terrain,omitempty"`
}

// SectorJSON is a sector's strengths by side, and the first side's ratio to the second's.
type SectorJSON struct {
	Sector   string            `json:"sector"`
	Strength map[string]string `json:"strength"`
	Ratio    string            `json:"ratio,omitempty"`
}

// LossesJSON is a side's replacements against expected losses.
type LossesJSON struct {
	Side              string `json:"side"`
	ReplacementSteps  int    `json:"replacementSteps"`
	ReplacementPoints string `json:"replacementPoints"`
	ReplacementTurns  []int  `json:"replacementTurns"`
	Attack            string `json:"attackColumn,omitempty"`
	AttackLoss        string `json:"attackLoss,omitempty"`
	Inflicts          string `json:"inflicts,omitempty"`
	Defend            string `json:"defendColumn,omitempty"`
	DefendLoss        string `json:"defendLoss,omitempty"`
}

// JSON is the report as JSON, with its schema version.
func (r *ScenarioReport) JSON() ScenarioJSON {
	out := ScenarioJSON{Schema: ScenarioSchema, Scenario: r.Scenario.ID, Length: r.Length, Horizon: r.Horizon, Limit: r.Limit,
		Sides: []SideJSON{}, Objectives: []ObjectiveJSON{}, Odds: []OddsAttackJSON{}, Sectors: []SectorJSON{}, Losses: []LossesJSON{},
		Notes: append([]string{}, r.Notes...)}
	for _, s := range r.Sides {
		sj := SideJSON{Side: s.Side.ID, Units: s.Units, Left: s.Left, First: map[string]int{}, Open: map[string]int{}}
		for i, t := range s.First {
			if t > 0 {
				sj.First[r.Set.Label(r.Cells[i])] = t
			}
		}
		for i, t := range s.Open {
			if t > 0 {
				sj.Open[r.Set.Label(r.Cells[i])] = t
			}
		}
		out.Sides = append(out.Sides, sj)
	}
	for _, o := range r.Objectives {
		oj := ObjectiveJSON{Side: o.Side, Objective: o.Objective, Name: o.Name, First: o.First, Open: o.Open, By: o.By, Held: o.Held,
			Late: o.Late(), Contested: o.Contested(), Cells: []string{}}
		for _, c := range o.Cells {
			oj.Cells = append(oj.Cells, r.Set.Label(c))
		}
		out.Objectives = append(out.Objectives, oj)
	}
	if r.Table != nil {
		out.Table = r.Table.ID
	}
	for _, o := range r.Odds {
		out.Odds = append(out.Odds, OddsAttackJSON{Side: o.Side, Target: r.Set.Label(o.Target), Defenders: o.Defenders, Attackers: o.Attackers,
			Attack: Exact(o.Attack), Defence: Exact(o.Defence), Column: o.Column.String(), Roll: o.Column.Modifier, Terrain: o.Terrain})
	}
	for _, s := range r.Sectors {
		sj := SectorJSON{Sector: s.Name, Strength: map[string]string{}}
		if len(r.Sides) >= 2 {
			sj.Ratio = s.Ratio(r.Sides[0].Side.ID, r.Sides[1].Side.ID)
		}
		for k, v := range s.Strength {
			sj.Strength[k] = Exact(v)
		}
		out.Sectors = append(out.Sectors, sj)
	}
	for _, l := range r.Losses {
		lj := LossesJSON{Side: l.Side, ReplacementSteps: l.Steps, ReplacementPoints: Exact(l.Points), ReplacementTurns: append([]int{}, l.Turns...),
			Attack: l.Attack, Defend: l.Defend}
		if l.HasExpected {
			lj.AttackLoss, lj.Inflicts, lj.DefendLoss = Exact(l.AttackLoss), Exact(l.Inflicts), Exact(l.DefendLoss)
		}
		out.Losses = append(out.Losses, lj)
	}
	return out
}

// ScenarioCSVHeader is the scenario CSV's first line.
var ScenarioCSVHeader = []string{"scenario", "side", "cell", "turn", "open", "objective"}

// WriteCSV writes one row per side and cell: the first turn the side can have a unit there, the enemy
// standing where it set up (empty when it cannot by the horizon), the same on the open map, and the
// objectives of the side's that the cell belongs to.
func (r *ScenarioReport) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(ScenarioCSVHeader); err != nil {
		return err
	}
	for _, s := range r.Sides {
		objs := map[int][]string{}
		for _, o := range r.Objectives {
			if o.Side != s.Side.ID {
				continue
			}
			for _, c := range o.Cells {
				i := r.ground.index[c]
				objs[i] = append(objs[i], o.Objective)
			}
		}
		for i, c := range r.Cells {
			turn, open := "", ""
			if len(s.First) > i && s.First[i] > 0 {
				turn = strconv.Itoa(s.First[i])
			}
			if len(s.Open) > i && s.Open[i] > 0 {
				open = strconv.Itoa(s.Open[i])
			}
			if err := cw.Write([]string{r.Scenario.ID, s.Side.ID, r.Set.Label(c), turn, open, strings.Join(objs[i], " ")}); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
