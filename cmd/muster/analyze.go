package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/build"
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/analysis"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/output"
)

func analyzeCommand() *cli.Command {
	formatFlag := func() cli.Flag {
		return &cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "text, csv, json or pdf"}
	}
	outFlag := func(def string) cli.Flag {
		return &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "with --format pdf, the `FILE` to write (default " + def + ")"}
	}
	return &cli.Command{
		Name:  "analyze",
		Usage: "work out, exactly and before anyone plays, what the combat tables and the scenarios allow",
		Subcommands: []*cli.Command{
			{
				Name:      "tables",
				Usage:     "the exact odds of every result in every column of each combat table, expected losses and flags",
				ArgsUsage: "PACKAGE_DIR [--table ID] [--format text|csv|json|pdf] [-o FILE]",
				Flags:     []cli.Flag{&cli.StringFlag{Name: "table", Usage: "only this table"}, formatFlag(), outFlag("analysis-tables.pdf"), forceFlag()},
				Description: `Every total of each combat table's dice (the table's, else the System's) is read on its row, column by
column, with no die-roll modifier and with every combination of the table's modifiers: the probability of
each result, exactly. Where the table says what its results do, the expected losses of each side and the
probability that the defender leaves its cell. Flags: a column worse for the attacker than the one before
it, two identical columns, a row or result no roll reads, a modifier that pushes a roll past the rows.

--format csv prints one row per table, column and result: table,column,result,probability,... (see
docs/analysis.md); --format json the same with a schema version; --format pdf writes a chart page.

Examples:
   muster analyze tables examples/testdata/river-line
   muster analyze tables examples/prestags --format csv > crt.csv
   muster analyze tables examples/highest-ground --format pdf -o crt-odds.pdf`,
				Action: analyzeTables,
			},
			{
				Name:      "scenario",
				Usage:     "how soon each side can reach each cell, objectives in time, best turn-1 odds, sectors and losses",
				ArgsUsage: "PACKAGE_DIR [--scenario ID] [--format text|csv|json|pdf] [-o FILE]",
				Flags:     []cli.Flag{&cli.StringFlag{Name: "scenario", Usage: "only this scenario"}, formatFlag(), outFlag("analysis-SCENARIO.pdf"), forceFlag()},
				Description: `For each side and turn, the cells (or places) a unit of the side can stand in, from its set-up, entries
and reinforcements, moving as the rules engine costs each step (terrain, features, paths, zones of control,
movement modes), enemy units standing where they set up. Then: the objectives each side needs against the
turn its conditions are read, the best odds each side can make on turn 1 against each enemy stack, the
attack strength each side can bring into each third of the map, and replacements against expected losses.
The report says what it does not take into account.

--format csv prints scenario,side,cell,turn,open,objective: the first turn the side can have a unit in
the cell with the enemy standing (empty: not by the end), the same on the open map; --format json
everything, with a schema version; --format pdf a report page per scenario with the reachability maps.

Examples:
   muster analyze scenario examples/testdata/river-line --scenario autumn-offensive
   muster analyze scenario examples/highest-ground --scenario introductory --format pdf`,
				Action: analyzeScenarios,
			},
		},
	}
}

func analyzeFormat(c *cli.Context) (string, error) {
	f := c.String("format")
	if !slices.Contains([]string{"text", "csv", "json", "pdf"}, f) {
		return "", usageError(c, fmt.Sprintf("--format must be text, csv, json or pdf, not %q", f))
	}
	if c.String("out") != "" && f != "pdf" {
		return "", usageError(c, "-o writes the pdf: give --format pdf with it (text, csv and json go to standard output)")
	}
	return f, nil
}

func analyzeTables(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageError(c, "name one package folder (e.g. muster analyze tables examples/testdata/river-line)")
	}
	format, err := analyzeFormat(c)
	if err != nil {
		return err
	}
	r, err := loadForReport(c, c.Args().First())
	if err != nil {
		return err
	}
	rep := analysis.AnalyseTables(r.Pkg)
	if id := c.String("table"); id != "" {
		var keep []*analysis.TableAnalysis
		var ids []string
		for _, a := range rep.Tables {
			ids = append(ids, a.Table.ID)
			if a.Table.ID == id {
				keep = append(keep, a)
			}
		}
		if len(keep) == 0 {
			msg := fmt.Sprintf("the package has no combat table %q", id)
			if h := diag.DidYouMean(id, ids); h != "" {
				msg += " (" + h + ")"
			}
			return usageError(c, msg)
		}
		rep.Tables = keep
	}
	switch format {
	case "json":
		return writeJSON(c.App.Writer, rep.JSON())
	case "csv":
		return rep.WriteCSV(c.App.Writer)
	case "pdf":
		data, err := build.TablesPDF(r.Pkg, rep)
		if err != nil {
			return usageError(c, err.Error())
		}
		return writeAnalysisPDF(c, cmp.Or(c.String("out"), "analysis-tables.pdf"), data)
	}
	return writeTablesText(escaped{c.App.Writer}, rep)
}

func writeAnalysisPDF(c *cli.Context, out string, data []byte) error {
	if err := output.WriteFile(out, data, output.FileOptions{Force: c.Bool("force")}); err != nil {
		return outputFailure(c, "muster analyze", out, nil, err)
	}
	fmt.Fprintf(c.App.Writer, "wrote %s\n", out)
	return nil
}

func writeTablesText(w io.Writer, rep *analysis.TablesReport) error {
	if len(rep.Tables) == 0 {
		fmt.Fprintln(w, "the package has no combat table")
	}
	for i, a := range rep.Tables {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s", a.Table.ID)
		if a.Table.Name != "" {
			fmt.Fprintf(w, " — %s", a.Table.Name)
		}
		fmt.Fprintln(w)
		if a.Analysed {
			fmt.Fprintf(w, "  %s, %s rolls; results ranked by %s\n", a.Dice, a.Rolls.Total, a.RankedBy)
			tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', tabwriter.AlignRight)
			fmt.Fprint(tw, "  \t")
			for _, c := range a.Columns {
				fmt.Fprintf(tw, "%s\t", c.Column)
			}
			fmt.Fprintln(tw)
			for _, res := range a.Results {
				fmt.Fprintf(tw, "  %s\t", res.Text)
				for _, c := range a.Columns {
					fmt.Fprintf(tw, "%s\t", analysis.Percent(c.P(res.Text)))
				}
				fmt.Fprintln(tw)
			}
			if len(a.Columns) > 0 && a.Columns[0].Expected != nil {
				for _, row := range []struct {
					label string
					get   func(*analysis.Expected) string
				}{
					{"defender leaves", func(e *analysis.Expected) string { return analysis.Percent(e.DefenderLeaves) }},
					{"attacker steps", func(e *analysis.Expected) string { return e.AttackerSteps.String() }},
					{"defender steps", func(e *analysis.Expected) string { return e.DefenderSteps.String() }},
					{"defender share", func(e *analysis.Expected) string { return e.DefenderShare.String() }},
				} {
					fmt.Fprintf(tw, "  %s\t", row.label)
					for _, c := range a.Columns {
						fmt.Fprintf(tw, "%s\t", row.get(c.Expected))
					}
					fmt.Fprintln(tw)
				}
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			if len(a.Modified) > 0 {
				fmt.Fprintf(w, "  with die-roll modifiers: %s (--format csv or json for their odds)\n", english.Count(len(a.Modified), "combination"))
			}
		}
		for _, f := range a.Flags {
			fmt.Fprintf(w, "  flag %s: %s\n", f.Code, f.Message)
		}
		for _, n := range a.Notes {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
	}
	return nil
}

func analyzeScenarios(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageError(c, "name one package folder (e.g. muster analyze scenario examples/testdata/river-line)")
	}
	format, err := analyzeFormat(c)
	if err != nil {
		return err
	}
	r, err := loadForReport(c, c.Args().First())
	if err != nil {
		return err
	}
	scs := r.Pkg.Scenarios()
	if id := c.String("scenario"); id != "" {
		sc := r.Pkg.Scenario(id)
		if sc == nil {
			msg := fmt.Sprintf("the package has no scenario %q", id)
			if h := diag.DidYouMean(id, r.Pkg.IDs(content.KindScenario)); h != "" {
				msg += " (" + h + ")"
			}
			return usageError(c, msg)
		}
		scs = []*content.Scenario{sc}
	}
	if len(scs) == 0 {
		return usageError(c, "the package has no scenario")
	}
	e := rules.New(r.Pkg)
	var reps []*analysis.ScenarioReport
	for _, sc := range scs {
		rep, err := analysis.AnalyseScenario(e, sc, analysis.Options{})
		if err != nil {
			var limit *analysis.LimitError
			if errors.As(err, &limit) || len(scs) == 1 {
				return usageError(c, err.Error())
			}
			fmt.Fprintf(c.App.ErrWriter, "muster analyze scenario: %v\n", err)
			continue
		}
		reps = append(reps, rep)
	}
	switch format {
	case "json":
		var out []analysis.ScenarioJSON
		for _, rep := range reps {
			out = append(out, rep.JSON())
		}
		if len(out) == 1 {
			return writeJSON(c.App.Writer, out[0])
		}
		return writeJSON(c.App.Writer, out)
	case "csv":
		for i, rep := range reps {
			var b strings.Builder
			if err := rep.WriteCSV(&b); err != nil {
				return err
			}
			text := b.String()
			if i > 0 {
				_, text, _ = strings.Cut(text, "\n") // one header
			}
			if _, err := io.WriteString(c.App.Writer, text); err != nil {
				return err
			}
		}
		return nil
	case "pdf":
		data, err := build.ScenariosPDF(r.Pkg, reps)
		if err != nil {
			return usageError(c, err.Error())
		}
		out := c.String("out")
		if out == "" {
			out = "analysis-scenarios.pdf"
			if len(reps) == 1 {
				out = "analysis-" + reps[0].Scenario.ID + ".pdf"
			}
		}
		return writeAnalysisPDF(c, out, data)
	}
	w := escaped{c.App.Writer}
	for i, rep := range reps {
		if i > 0 {
			fmt.Fprintln(w)
		}
		writeScenarioText(w, rep)
	}
	return nil
}

func writeScenarioText(w io.Writer, r *analysis.ScenarioReport) {
	sc := r.Scenario
	fmt.Fprintf(w, "%s", sc.ID)
	if sc.Name != "" {
		fmt.Fprintf(w, " — %s", sc.Name)
	}
	length := "no length"
	if r.Length > 0 {
		length = english.Count(r.Length, "turn")
	}
	if r.Horizon > 0 {
		fmt.Fprintf(w, " (%s; reachability to turn %d)\n", length, r.Horizon)
	} else {
		fmt.Fprintf(w, " (%s)\n", length)
	}
	if r.Limit != "" {
		fmt.Fprintf(w, "  limit: %s\n", r.Limit)
	}
	for _, s := range r.Sides {
		byTurn := map[int]int{}
		never := 0
		for _, t := range s.First {
			if t > 0 {
				byTurn[t]++
			} else {
				never++
			}
		}
		var parts []string
		total := 0
		for t := 1; t <= r.Horizon; t++ {
			if byTurn[t] > 0 {
				total += byTurn[t]
				parts = append(parts, fmt.Sprintf("turn %d: %d", t, total))
			}
		}
		if len(s.First) == 0 && len(s.Open) == 0 {
			fmt.Fprintf(w, "  side %s (%s): reachability not worked out\n", s.Side.ID, english.Count(s.Units, "unit"))
		} else {
			fmt.Fprintf(w, "  side %s (%s): cells reached by %s; never: %d\n", s.Side.ID, english.Count(s.Units, "unit"), strings.Join(parts, ", "), never)
		}
		for _, l := range s.Left {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
	for _, o := range r.Objectives {
		turn := func(t int) string {
			if t > 0 {
				return "turn " + strconv.Itoa(t)
			}
			return "never"
		}
		status := ""
		switch {
		case o.Held:
			status = " (held at the start)"
		case o.Late():
			status = " — CANNOT BE REACHED IN TIME"
		case o.Contested():
			status = " — only by fighting through"
		}
		fmt.Fprintf(w, "  objective %s for %s: first reached %s (open map: %s)%s\n", o.Objective, o.Side, turn(o.First), turn(o.Open), status)
	}
	if r.Table != nil {
		odds, _ := r.Table.Odds()
		for _, o := range r.Odds {
			col := o.Column.String()
			if odds != nil {
				col = o.Column.Why(odds)
			}
			fmt.Fprintf(w, "  turn 1: %s attacks %s (%s) with %s against %s: %s\n", o.Side, r.Set.Label(o.Target), strings.Join(o.Defenders, ", "),
				o.Attack, o.Defence, col)
		}
		for _, s := range r.Sectors {
			var parts []string
			for _, sd := range r.Sides {
				parts = append(parts, fmt.Sprintf("%s %s", sd.Side.ID, s.Strength[sd.Side.ID]))
			}
			ratio := ""
			if len(r.Sides) >= 2 {
				if q := s.Ratio(r.Sides[0].Side.ID, r.Sides[1].Side.ID); q != "" {
					ratio = fmt.Sprintf(" (%s to %s %s)", r.Sides[0].Side.ID, r.Sides[1].Side.ID, q)
				}
			}
			fmt.Fprintf(w, "  sector %s: %s%s\n", s.Name, strings.Join(parts, ", "), ratio)
		}
		for _, l := range r.Losses {
			fmt.Fprintf(w, "  %s: replacements %d steps, %s points over turns %v", l.Side, l.Steps, l.Points, l.Turns)
			if l.HasExpected {
				fmt.Fprintf(w, "; attacking at %s loses %s steps and inflicts %s; defending at %s loses %s", cmp.Or(l.Attack, "-"), l.AttackLoss, l.Inflicts, cmp.Or(l.Defend, "-"), l.DefendLoss)
			}
			fmt.Fprintln(w)
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
}
