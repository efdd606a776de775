package analysis

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// TablesSchema is the version of the tables report's JSON.
const TablesSchema = "muster.analysis.tables/1"

// TablesReport is the analysis of every combat table of a package.
type TablesReport struct {
	Package string
	Tables  []*TableAnalysis
}

// TableAnalysis is one combat table's exact odds.
type TableAnalysis struct {
	Table *content.Table
	Dice  value.Dice
	Rolls Dist
	// Rows are the totals each row is read for (Lo to Hi; math.MinInt or MaxInt for "or less", "or more").
	Rows []RowSpan
	// Results are the results the cells print, in rank order: the attacker's worst first.
	Results []Result
	// RankedBy says where the order comes from: the table's results, or the first appearance of each
	// result reading the columns left to right, each top to bottom.
	RankedBy string
	Columns  []ColumnOdds // with no die-roll modifier
	Modified []Modified   // every combination of the table's die-roll modifiers
	Flags    []Flag
	Notes    []string
	// Analysed is false when the table cannot be read by rolling its rows (Notes say why).
	Analysed bool
}

// RowSpan is the totals a row is read for.
type RowSpan struct {
	Label  string
	Lo, Hi int
}

// Result is one result a combat table prints, with what the table says it does (nil when it says nothing).
type Result struct {
	Text string
	Def  *content.ResultDef
}

// Leaves reports whether the result makes the defender leave its cell: a retreat, or all its units gone.
func (r Result) Leaves() bool {
	if r.Def == nil || r.Def.Defender == nil {
		return false
	}
	d := r.Def.Defender
	return d.Retreat > 0 || d.Share != nil && d.Share.Cmp(value.Int(1)) >= 0
}

// ColumnOdds is the probability of every result in one column.
type ColumnOdds struct {
	Column  string
	Results []ResultOdds // in rank order, only those with a probability above 0
	// Expected losses, when the table says what its results do (nil otherwise).
	Expected *Expected
}

// ResultOdds is one result's probability in a column, and the totals that give it.
type ResultOdds struct {
	Result string
	P      value.Number
	Totals []int
}

// Expected is what a column costs each side on average.
type Expected struct {
	AttackerSteps, AttackerUnits, AttackerShare value.Number
	DefenderSteps, DefenderUnits, DefenderShare value.Number
	// DefenderLeaves is the probability that the defender leaves its cell (retreats, or is eliminated).
	DefenderLeaves value.Number
}

// Modified is the table read with a combination of die-roll modifiers.
type Modified struct {
	Modifiers []string // ids (or texts) of the modifiers
	Roll      int      // what they add to the roll
	Columns   []ColumnOdds
}

// Flag codes.
const (
	FlagNotMonotone       = "not-monotone"       // a column worse for the attacker than the one before it
	FlagIdentical         = "identical-columns"  // two columns with the same odds of every result
	FlagUnreachableResult = "unreachable-result" // a result a column prints that no roll reads
	FlagUnreachableRow    = "unreachable-row"    // a row no roll reads
	FlagOffTable          = "off-table"          // a die-roll modifier pushes rolls past the rows
	FlagNoRow             = "no-row"             // a total between the rows that no row is read for
)

// Flag is something about a table a designer wants to know.
type Flag struct {
	Code    string
	Column  string // the column it is about, or ""
	Message string
}

// AnalyseTables analyses every combat table of a package (a table of type crt, or with combat settings), in
// the package's order. sys (may be nil) supplies the dice of a table that names none.
func AnalyseTables(pkg *content.Package) *TablesReport {
	r := &TablesReport{}
	if pkg.Manifest != nil {
		r.Package = pkg.Manifest.ID
	}
	for _, t := range pkg.Tables() {
		if t.Type != "crt" && t.Combat == nil {
			continue
		}
		r.Tables = append(r.Tables, AnalyseTable(t, pkg.System))
	}
	return r
}

// AnalyseTable works out a combat table's exact odds: every total of its dice (the table's, else the
// System's first) read on the row it falls in, for each column; the same with every combination of its
// die-roll modifiers; and the flags.
func AnalyseTable(t *content.Table, sys *content.System) *TableAnalysis {
	a := &TableAnalysis{Table: t}
	diceText := strings.TrimSpace(t.Dice)
	if diceText == "" && sys != nil && len(sys.Dice) > 0 {
		diceText = sys.Dice[0].String()
		a.Notes = append(a.Notes, fmt.Sprintf("The table names no dice: the System's first, %s, is rolled.", diceText))
	}
	if diceText == "" {
		a.Notes = append(a.Notes, "Neither the table nor the System names its dice: the table is not analysed.")
		return a
	}
	d, err := value.ParseDice(diceText)
	if err != nil {
		a.Notes = append(a.Notes, fmt.Sprintf("Its dice: %v; the table is not analysed.", err))
		return a
	}
	a.Dice = d
	a.Rolls, err = Roll(d)
	if err != nil {
		a.Notes = append(a.Notes, err.Error()+": the table is not analysed.")
		return a
	}
	for _, r := range t.Rows {
		lo, hi, ok := parseRowLabel(r.Label)
		if !ok {
			a.Notes = append(a.Notes, fmt.Sprintf("Row %q is not a die roll (1, 2-3, 12+): the table is not read by rolling its rows, and is not analysed.", r.Label))
			return a
		}
		for _, p := range a.Rows {
			if lo <= p.Hi && p.Lo <= hi {
				a.Notes = append(a.Notes, fmt.Sprintf("Rows %q and %q are read for the same roll: the table is not analysed.", p.Label, r.Label))
				return a
			}
		}
		a.Rows = append(a.Rows, RowSpan{Label: r.Label, Lo: lo, Hi: hi})
	}
	if len(a.Rows) == 0 || len(t.Columns) == 0 {
		a.Notes = append(a.Notes, "The table has no rows or no columns: it is not analysed.")
		return a
	}
	if lo, hi := a.rowRange(); a.Rolls.Min > hi || a.Rolls.Max() < lo || float64(a.covered(0)) < float64(len(a.Rolls.Counts))/2 {
		a.Notes = append(a.Notes, fmt.Sprintf("Its rows (%s to %s) do not cover the rolls of %s (%d to %d): the rows are not what is rolled, and the table is not analysed (its caption says how it is read).",
			a.Rows[0].Label, a.Rows[len(a.Rows)-1].Label, d, a.Rolls.Min, a.Rolls.Max()))
		return a
	}
	for _, r := range t.Rows {
		if len(r.Cells) != len(t.Columns) {
			a.Notes = append(a.Notes, fmt.Sprintf("Row %q has %d cells for %d columns: the table is not analysed.", r.Label, len(r.Cells), len(t.Columns)))
			return a
		}
	}
	a.Analysed = true
	a.rank()
	a.Columns = a.read(0)
	a.modified()
	a.flag()
	a.Notes = append(a.Notes, "Only what the table gives as data is applied (its dice, rows, columns and die-roll modifiers); a rule its caption or notes write as text is not.")
	if len(a.Modified) > 0 || a.offTable() {
		a.Notes = append(a.Notes, "A modified roll past the rows is read on the nearest row (the table does not say).")
	}
	return a
}

var rowLabelRe = regexp.MustCompile(`^\s*(≤|<=|≥|>=|<|>)?\s*([+-−]?\d+)\s*(?:(?:-|–|—|to)\s*([+-−]?\d+))?\s*(\+|or less|or lower|or fewer|or more|or higher|-)?\s*(?:\(.*\))?\s*$`)

// parseRowLabel reads a row's label as the totals it is read for: 3, 2-3, 12+, ≥12, ≤0, 0 or less, and any of
// them followed by a note in brackets ("7 (6 +1 vs disrupted)").
func parseRowLabel(s string) (lo, hi int, ok bool) {
	m := rowLabelRe.FindStringSubmatch(s)
	if m == nil {
		return 0, 0, false
	}
	num := func(t string) (int, bool) {
		t = strings.Replace(strings.TrimPrefix(t, "+"), "−", "-", 1)
		n, err := strconv.Atoi(t)
		return n, err == nil && n > -1_000_000 && n < 1_000_000
	}
	lo, ok = num(m[2])
	if !ok {
		return 0, 0, false
	}
	hi = lo
	if m[3] != "" {
		if hi, ok = num(m[3]); !ok || hi < lo {
			return 0, 0, false
		}
	}
	switch {
	case m[1] == "≤" || m[1] == "<=" || m[4] == "or less" || m[4] == "or lower" || m[4] == "or fewer" || m[4] == "-" && m[3] == "":
		if m[3] != "" {
			return 0, 0, false
		}
		lo = math.MinInt
	case m[1] == "<":
		lo, hi = math.MinInt, lo-1
	case m[1] == "≥" || m[1] == ">=" || m[4] == "+" || m[4] == "or more" || m[4] == "or higher":
		if m[3] != "" {
			return 0, 0, false
		}
		hi = math.MaxInt
	case m[1] == ">":
		lo, hi = lo+1, math.MaxInt
	}
	return lo, hi, true
}

func (a *TableAnalysis) rowRange() (lo, hi int) {
	lo, hi = math.MaxInt, math.MinInt
	for _, r := range a.Rows {
		lo, hi = min(lo, r.Lo), max(hi, r.Hi)
	}
	return lo, hi
}

// covered is how many totals of the roll (plus drm) a row is read for.
func (a *TableAnalysis) covered(drm int) int {
	n := 0
	for t := a.Rolls.Min; t <= a.Rolls.Max(); t++ {
		if a.rowOf(t+drm) >= 0 {
			n++
		}
	}
	return n
}

// rowOf is the row a total is read on, -1 for none.
func (a *TableAnalysis) rowOf(t int) int {
	for i, r := range a.Rows {
		if r.Lo <= t && t <= r.Hi {
			return i
		}
	}
	return -1
}

// readRow is the row a modified total is read on: its own, or past the rows the nearest; -1 for a total
// between rows that none is read for.
func (a *TableAnalysis) readRow(t int) int {
	if i := a.rowOf(t); i >= 0 {
		return i
	}
	lo, hi := a.rowRange()
	near := -1
	switch {
	case t < lo:
		for i, r := range a.Rows {
			if r.Lo == lo {
				near = i
			}
		}
	case t > hi:
		for i, r := range a.Rows {
			if r.Hi == hi {
				near = i
			}
		}
	}
	return near
}

// rank orders the results: as the table's results list them when they list every result the cells print,
// else by first appearance reading the columns left to right, each top to bottom.
func (a *TableAnalysis) rank() {
	t := a.Table
	var seen []string
	for j := range t.Columns {
		for _, r := range t.Rows {
			if c := r.Cells[j]; !slices.Contains(seen, c) {
				seen = append(seen, c)
			}
		}
	}
	defs := map[string]*content.ResultDef{}
	var listed []string
	if t.Combat != nil {
		for i := range t.Combat.Results {
			rd := &t.Combat.Results[i]
			defs[rd.Result] = rd
			listed = append(listed, rd.Result)
		}
	}
	all := true
	for _, s := range seen {
		if defs[s] == nil {
			all = false
		}
	}
	order := seen
	a.RankedBy = "first appearance (reading the columns left to right, each top to bottom); give the table's combat results to rank them yourself"
	if all && len(listed) > 0 {
		order = nil
		for _, s := range listed {
			if slices.Contains(seen, s) {
				order = append(order, s)
			}
		}
		a.RankedBy = "the table's combat results, from the attacker's worst to his best"
	} else if len(listed) > 0 {
		var missing []string
		for _, s := range seen {
			if defs[s] == nil {
				missing = append(missing, strconv.Quote(s))
			}
		}
		a.Notes = append(a.Notes, fmt.Sprintf("The table's combat results do not say what %s do%s: results are ranked by first appearance, and those results count for no loss.",
			strings.Join(missing, ", "), map[bool]string{true: "es", false: ""}[len(missing) == 1]))
	}
	for _, s := range order {
		a.Results = append(a.Results, Result{Text: s, Def: defs[s]})
	}
}

func (a *TableAnalysis) rankOf(s string) int {
	for i, r := range a.Results {
		if r.Text == s {
			return i
		}
	}
	return -1
}

// read is the odds of every column with drm added to each roll.
func (a *TableAnalysis) read(drm int) []ColumnOdds {
	t := a.Table
	out := make([]ColumnOdds, len(t.Columns))
	hasDefs := false
	for _, r := range a.Results {
		if r.Def != nil {
			hasDefs = true
		}
	}
	for j, col := range t.Columns {
		counts := make([]*big.Int, len(a.Results))
		totals := make([][]int, len(a.Results))
		for i := range counts {
			counts[i] = new(big.Int)
		}
		for k, n := range a.Rolls.Counts {
			total := a.Rolls.Min + k
			row := a.readRow(total + drm)
			if row < 0 || n.Sign() == 0 {
				continue
			}
			ri := a.rankOf(t.Rows[row].Cells[j])
			counts[ri].Add(counts[ri], n)
			totals[ri] = append(totals[ri], total)
		}
		co := ColumnOdds{Column: col}
		var ex Expected
		for i, c := range counts {
			if c.Sign() == 0 {
				continue
			}
			p := value.FromRat(new(big.Rat).SetFrac(c, a.Rolls.Total))
			co.Results = append(co.Results, ResultOdds{Result: a.Results[i].Text, P: p, Totals: totals[i]})
			ex.add(a.Results[i], p)
		}
		if hasDefs {
			co.Expected = &ex
		}
		out[j] = co
	}
	return out
}

func (ex *Expected) add(r Result, p value.Number) {
	if r.Def == nil {
		return
	}
	mul := func(acc *value.Number, n *value.Number) {
		if n != nil {
			*acc = acc.Add(n.Mul(p))
		}
	}
	if e := r.Def.Attacker; e != nil {
		mul(&ex.AttackerSteps, e.Steps)
		mul(&ex.AttackerUnits, e.Units)
		mul(&ex.AttackerShare, e.Share)
	}
	if e := r.Def.Defender; e != nil {
		mul(&ex.DefenderSteps, e.Steps)
		mul(&ex.DefenderUnits, e.Units)
		mul(&ex.DefenderShare, e.Share)
	}
	if r.Leaves() {
		ex.DefenderLeaves = ex.DefenderLeaves.Add(p)
	}
}

// modifiers are the table's die-roll modifiers.
func (a *TableAnalysis) modifiers() []*content.RollModifier {
	if a.Table.Combat == nil {
		return nil
	}
	var out []*content.RollModifier
	for i := range a.Table.Combat.Modifiers {
		out = append(out, &a.Table.Combat.Modifiers[i])
	}
	return out
}

func modName(m *content.RollModifier) string {
	if m.ID != "" {
		return m.ID
	}
	if m.Text != "" {
		return m.Text
	}
	return fmt.Sprintf("%+d", m.Roll)
}

// modified reads the table with every combination of its die-roll modifiers (each alone and all of them, when
// there are more than MaxModifierSets combinations).
func (a *TableAnalysis) modified() {
	ms := a.modifiers()
	if len(ms) == 0 {
		return
	}
	var sets [][]*content.RollModifier
	if 1<<min(len(ms), 30) <= MaxModifierSets {
		for mask := 1; mask < 1<<len(ms); mask++ {
			var set []*content.RollModifier
			for i, m := range ms {
				if mask&(1<<i) != 0 {
					set = append(set, m)
				}
			}
			sets = append(sets, set)
		}
	} else {
		for _, m := range ms {
			sets = append(sets, []*content.RollModifier{m})
		}
		sets = append(sets, ms)
		a.Notes = append(a.Notes, fmt.Sprintf("The table has %d die-roll modifiers: each is analysed alone, and all of them together (not every combination).", len(ms)))
	}
	for _, set := range sets {
		md := Modified{}
		for _, m := range set {
			md.Modifiers = append(md.Modifiers, modName(m))
			md.Roll += m.Roll
		}
		md.Columns = a.read(md.Roll)
		a.Modified = append(a.Modified, md)
	}
}

// offTable reports whether any modifier combination pushes a roll past the rows.
func (a *TableAnalysis) offTable() bool {
	for _, f := range a.Flags {
		if f.Code == FlagOffTable {
			return true
		}
	}
	return false
}

func (a *TableAnalysis) flag() {
	t := a.Table
	add := func(code, col, format string, args ...any) {
		a.Flags = append(a.Flags, Flag{Code: code, Column: col, Message: fmt.Sprintf(format, args...)})
	}
	// Totals between the rows.
	var holes []string
	for tt := a.Rolls.Min; tt <= a.Rolls.Max(); tt++ {
		if a.rowOf(tt) < 0 {
			holes = append(holes, strconv.Itoa(tt))
		}
	}
	if len(holes) > 0 {
		add(FlagNoRow, "", "no row is read for a roll of %s", strings.Join(holes, ", "))
	}
	// Rows no roll reads, with or without modifiers.
	drms := []int{0}
	for _, m := range a.Modified {
		drms = append(drms, m.Roll)
	}
	reached := make([]bool, len(a.Rows))
	reachedPlain := make([]bool, len(a.Rows))
	for _, drm := range drms {
		for k, n := range a.Rolls.Counts {
			if n.Sign() == 0 {
				continue
			}
			if row := a.readRow(a.Rolls.Min + k + drm); row >= 0 {
				reached[row] = true
				if drm == 0 {
					reachedPlain[row] = true
				}
			}
		}
	}
	for i, r := range a.Rows {
		if !reached[i] {
			how := ""
			if len(a.Modified) == 0 {
				how = " (the table gives no die-roll modifier as data)"
			}
			add(FlagUnreachableRow, "", "row %q is read for no roll of %s%s", r.Label, a.Dice, how)
		}
	}
	// Results a column prints that no roll reads there.
	for j, col := range t.Columns {
		can := map[string]bool{}
		for i, r := range t.Rows {
			if reached[i] {
				can[r.Cells[j]] = true
			}
		}
		var lost []string
		for i, r := range t.Rows {
			if c := r.Cells[j]; !reached[i] && !can[c] && !slices.Contains(lost, c) {
				lost = append(lost, c)
			}
		}
		for _, c := range lost {
			add(FlagUnreachableResult, col, "%s at %s is printed only in rows no roll reads", c, col)
		}
	}
	// Modifiers that push rolls past the rows.
	lo, hi := a.rowRange()
	for _, m := range a.Modified {
		var off []string
		for k, n := range a.Rolls.Counts {
			tt := a.Rolls.Min + k
			if n.Sign() != 0 && (tt+m.Roll < lo || tt+m.Roll > hi) {
				off = append(off, strconv.Itoa(tt))
			}
		}
		if len(off) > 0 {
			add(FlagOffTable, "", "%s (%+d) pushes a roll of %s past the rows (%s to %s)", strings.Join(m.Modifiers, " and "), m.Roll,
				strings.Join(off, ", "), a.Rows[0].Label, a.Rows[len(a.Rows)-1].Label)
		}
	}
	// Columns worse than the one before, and identical columns.
	for j := 1; j < len(a.Columns); j++ {
		prev, cur := a.Columns[j-1], a.Columns[j]
		if k, pp, pc, ok := a.worse(prev, cur); ok {
			better := a.Results[k].Text
			if k < len(a.Results)-1 {
				better += " or better"
			}
			add(FlagNotMonotone, cur.Column, "%s is worse for the attacker than %s: %s is rolled %s of the time at %s against %s at %s", cur.Column, prev.Column,
				better, Percent(pc), cur.Column, Percent(pp), prev.Column)
		}
	}
	for i := range a.Columns {
		for j := i + 1; j < len(a.Columns); j++ {
			if sameOdds(a.Columns[i], a.Columns[j]) {
				add(FlagIdentical, a.Columns[j].Column, "%s and %s give every result with the same odds", a.Columns[i].Column, a.Columns[j].Column)
			}
		}
	}
}

// worse finds a rank k at which the column cur gives the attacker a result of rank k or better less often
// than prev does: the first such rank, the two probabilities.
func (a *TableAnalysis) worse(prev, cur ColumnOdds) (int, value.Number, value.Number, bool) {
	at := func(c ColumnOdds, k int) value.Number {
		var p value.Number
		for _, r := range c.Results {
			if a.rankOf(r.Result) >= k {
				p = p.Add(r.P)
			}
		}
		return p
	}
	for k := 1; k < len(a.Results); k++ {
		pp, pc := at(prev, k), at(cur, k)
		if pc.Cmp(pp) < 0 {
			return k, pp, pc, true
		}
	}
	return 0, value.Number{}, value.Number{}, false
}

func sameOdds(x, y ColumnOdds) bool {
	if len(x.Results) != len(y.Results) {
		return false
	}
	for i := range x.Results {
		if x.Results[i].Result != y.Results[i].Result || x.Results[i].P.Cmp(y.Results[i].P) != 0 {
			return false
		}
	}
	return true
}

// Column is the odds of the column labelled col (with no modifier), or nil.
func (a *TableAnalysis) Column(col string) *ColumnOdds {
	for i := range a.Columns {
		if a.Columns[i].Column == col {
			return &a.Columns[i]
		}
	}
	return nil
}

// P is the probability of a result in a column's odds (0 when it is not rolled there).
func (c *ColumnOdds) P(result string) value.Number {
	for _, r := range c.Results {
		if r.Result == result {
			return r.P
		}
	}
	return value.Number{}
}

// Sum is the column's probabilities added up: 1 for a table every roll reads.
func (c *ColumnOdds) Sum() value.Number {
	var s value.Number
	for _, r := range c.Results {
		s = s.Add(r.P)
	}
	return s
}
