package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/validate"
)

// loadForReport loads and validates a package for roster, rules and test; it fails (exit 2) only when the
// package cannot be read at all, and otherwise prints the error count to stderr so a reader knows the
// figures come from content with problems.
func loadForReport(c *cli.Context, path string) (validate.Result, error) {
	r := validate.Load(path)
	if r.Pkg == nil {
		diag.WriteText(c.App.ErrWriter, r.Diags, true)
		return r, exitError{exitUsage}
	}
	if n := r.Diags.Count(diag.Error); n > 0 {
		fmt.Fprintf(c.App.ErrWriter, "muster: %s has %s (muster validate %s lists them)\n", path, english.Count(n, "error"), path)
	}
	return r, nil
}

func reportFormat(c *cli.Context) (string, error) {
	f := optString(c, "format")
	if f != "text" && f != "json" {
		fmt.Fprintf(c.App.ErrWriter, "muster %s: --format must be text or json, not %q\n", c.Command.Name, f)
		return "", exitError{exitUsage}
	}
	return f, nil
}

func rosterCommand() *cli.Command {
	return &cli.Command{
		Name:      "roster",
		Usage:     "list every force's units, counts and computed points, with the breakdown by formula",
		ArgsUsage: "PACKAGE_DIR [--force ID | --scenario ID] [--format text|json]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "force", Usage: "only this force"},
			&cli.StringFlag{Name: "scenario", Usage: "the forces and reinforcements of this scenario's sides, with their budgets"},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "text or json"},
		},
		Description: `Prices every force line with the System's point formulas (components such as a catapult's crew
included), adds items, and shows the declared total beside the computed one. A System whose forces are not
bought with points says what its rosters count instead (roster: {counts: vp}): PRESTAGS's rosters add up
Victory Points. With --scenario, each side's total counts what the scenario grants it (supplies).

Examples:
   muster roster examples/highest-ground
   muster roster examples/highest-ground --scenario introductory
   muster roster --format json examples/ancients --force standard-division`,
		Action: func(c *cli.Context) error {
			pos := c.Args().Slice()
			if len(pos) != 1 {
				return usageError(c, "name one package folder (e.g. muster roster examples/highest-ground)")
			}
			flags := map[string]string{"force": c.String("force"), "scenario": c.String("scenario")}
			if flags["force"] != "" && flags["scenario"] != "" {
				return usageError(c, "give --force or --scenario, not both")
			}
			format, err := reportFormat(c)
			if err != nil {
				return err
			}
			r, err := loadForReport(c, pos[0])
			if err != nil {
				return err
			}
			ro, err := rules.New(r.Pkg).Roster(flags["force"], flags["scenario"])
			if err != nil {
				return usageError(c, err.Error())
			}
			if format == "json" {
				return writeJSON(c.App.Writer, struct {
					Schema string `json:"schema"`
					*rules.Roster
				}{rosterSchema, ro})
			}
			return writeRoster(escaped{c.App.Writer}, ro)
		},
	}
}

// escaped is a text writer that escapes control characters (keeping line breaks and tabs), so an id or a name
// in the content can never move the cursor or recolour a terminal.
type escaped struct{ w io.Writer }

func (e escaped) Write(p []byte) (int, error) {
	if _, err := io.WriteString(e.w, diag.EscapeControls(string(p), false)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// The forms of the JSON outputs of roster, rules and test, each described by output/<form>.v1.schema.json
// (muster schema export); diagnostics are diag.JSONSchema.
const (
	rosterSchema = "muster/roster/v1"
	rulesSchema  = "muster/rules/v1"
	testSchema   = "muster/test/v1"
)

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writeRoster(w io.Writer, ro *rules.Roster) error {
	if ro.Counts != content.MeasurePoints {
		fmt.Fprintf(w, "counting %s (the System's roster), not points\n\n", ro.Name)
	}
	for i, f := range ro.Forces {
		if i > 0 {
			fmt.Fprintln(w)
		}
		title := f.ID
		if f.Name != "" {
			title += " — " + f.Name
		}
		if f.Side != "" {
			title += " (side " + f.Side + ")"
		}
		fmt.Fprintln(w, title)
		tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "  count\tunit\teach\t%s\thow\n", ro.Name)
		for _, l := range f.Lines {
			var how []string
			for _, b := range l.Breakdown {
				s := b.Rule + " = " + b.Text
				if b.Expr != "" {
					s = fmt.Sprintf("%s (%s) = %s", b.Rule, b.Expr, b.Text)
				}
				how = append(how, s)
			}
			name := l.Unit
			if l.Group != "" {
				name += " [" + l.Group + "]"
			}
			each := l.Each.String()
			if l.Unknown {
				how = append(how, "unknown unit type")
				each = "?"
			}
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%s\n", l.Count, name, each, l.Points, strings.Join(how, " + "))
		}
		for _, it := range f.Items {
			name := "item " + it.Item
			if it.Unit != "" {
				name += " for " + it.Unit
			}
			how := ""
			if it.Unpriced {
				how = "priced by a unit's stats, but no unit named: counted 0"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", it.Count, name, it.Each, it.Points, how)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		line := fmt.Sprintf("  %s, %s %s (units %s)", english.Count(f.Count, "unit"), f.Total, ro.Name, f.Units)
		if f.Declared != nil {
			mark := "matches"
			if f.Declared.Cmp(f.Total) != 0 {
				mark = "DIFFERS"
			}
			line += fmt.Sprintf("; declared %s (%s)", f.Declared, mark)
		}
		if f.Budget != nil {
			line += "; budget " + f.Budget.String()
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	if len(ro.Sides) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "totals by side")
	}
	for _, s := range ro.Sides {
		line := fmt.Sprintf("  %s: %s, %s %s", s.ID, english.Count(s.Count, "unit"), s.Total, ro.Name)
		if s.Granted.Sign() != 0 {
			line += fmt.Sprintf(" (%s bought, %s granted by the scenario)", s.Bought, s.Granted)
		}
		if s.Budget != nil {
			line += "; budget " + s.Budget.String()
		}
		for _, it := range s.Items {
			line += fmt.Sprintf("\n    granted: %s %s at %s = %s", it.Count, it.Item, it.Each, it.Points)
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}
