package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/vassal"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/validate"
	"github.com/urfave/cli/v2"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "export a package for digital play (vassal) or as spreadsheets (csv)",
		Subcommands: []*cli.Command{{
			Name:      "vassal",
			Usage:     "write a VASSAL module (.vmod), or check one",
			ArgsUsage: "PACKAGE_DIR | --check FILE.vmod",
			Before:    checkFormat,
			Flags: append(outputFlags(),
				&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "the module to write, `GAME.vmod` (default: the package folder's name)"},
				&cli.Float64Flag{Name: "dpi", Usage: "resolution of boards and pieces (default 150, lowered for a board too large for VASSAL)"},
				&cli.BoolFlag{Name: "check", Usage: "check a module instead: muster export vassal --check FILE.vmod"},
				forceFlag(),
			),
			Description: `Validates the package exactly as muster validate does and refuses to export when there are errors. Then
writes a VASSAL 3.7 module: every map and board drawn as in the PDFs, with a grid whose location names are
the printed cell labels; each scenario's map set, set-up and order of battle; a piece for every unit type and
marker (its back as a Flip layer, its stats as properties); dead piles, charts, dice, a turn tracker, and
the scenario sheets. Content VASSAL cannot represent is reported at its file and line, and nothing is
written. The module is written whole or not at all; it carries muster's seal, and a file muster cannot prove
it wrote is replaced only with --force.

--check reads any .vmod (in memory, extracting nothing) and reports what VASSAL would trip over, each
problem with its element's path in buildFile.xml.

Examples:
   muster export vassal examples/highest-ground -o thg.vmod
   muster export vassal examples/fields-of-honor -o foh.vmod --dpi 50
   muster export vassal --check thg.vmod`,
			Action: exportVassal,
		}, exportCSVCommand()},
	}
}

func exportVassal(c *cli.Context) error {
	args := c.Args().Slice()
	if optBool(c, "check") {
		if len(args) != 1 {
			fmt.Fprintln(c.App.ErrWriter, "muster export vassal --check: name one module (e.g. muster export vassal --check thg.vmod)")
			return exitError{exitUsage}
		}
		return checkModule(c, args[0])
	}
	if len(args) != 1 {
		fmt.Fprintln(c.App.ErrWriter, "muster export vassal: name one package folder (e.g. muster export vassal examples/highest-ground -o thg.vmod)")
		return exitError{exitUsage}
	}
	out := optString(c, "out")
	if out == "" {
		out = filepath.Base(filepath.Clean(args[0])) + ".vmod"
	}
	var opt vassal.Options
	if c.IsSet("dpi") {
		opt.DPI = c.Float64("dpi")
		if opt.DPI < vassal.MinDPI || opt.DPI > vassal.MaxDPI {
			fmt.Fprintf(c.App.ErrWriter, "muster export vassal: --dpi %g is out of range: use %d to %d\n", opt.DPI, vassal.MinDPI, vassal.MaxDPI)
			return exitError{exitUsage}
		}
	}
	r := validate.Load(args[0])
	if r.Diags.HasErrors() || r.Pkg == nil {
		if err := report(c, r.Diags); err != nil {
			return err
		}
		return exitError{exitFail}
	}
	checked, err := r.Checked()
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster export vassal: %v\n", err)
		return exitError{exitFail}
	}
	m, ds, err := vassal.Export(checked, opt)
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster export vassal: %v\n", err)
		return exitError{exitFail}
	}
	all := append(append(diag.List{}, r.Diags...), ds...)
	all.Sort()
	if m == nil {
		if err := report(c, all); err != nil {
			return err
		}
		return exitError{exitFail}
	}
	data, err := m.Zip()
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster export vassal: %v\n", err)
		return exitError{exitFail}
	}
	if len(all) > 0 {
		if err := report(c, all); err != nil {
			return err
		}
	}
	if err := output.WriteFile(out, data, output.FileOptions{Force: c.Bool("force")}); err != nil {
		return outputFailure(c, "muster export vassal", out, nil, err)
	}
	if optString(c, "format") == "text" && !optBool(c, "quiet") {
		for _, n := range m.Notes {
			fmt.Fprintf(c.App.Writer, "%s\n", n)
		}
		fmt.Fprintf(c.App.Writer, "wrote %s: %s, %s, %g dpi, %.1f MiB\n", out, countOf(len(m.Boards), "board"), countOf(m.Stats.Pieces, "piece"), m.DPI, float64(len(data))/(1<<20))
	}
	return nil
}

// checkModule checks a .vmod and reports what it finds.
func checkModule(c *cli.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster export vassal --check: %v\n", err)
		return exitError{exitUsage}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		fmt.Fprintf(c.App.ErrWriter, "muster export vassal --check: %s is not a file\n", path)
		return exitError{exitUsage}
	}
	res := check.File(f, st.Size(), path, check.DefaultLimits)
	if err := report(c, res.Diags); err != nil {
		return err
	}
	if optString(c, "format") == "text" && !optBool(c, "quiet") && !res.Diags.HasErrors() {
		fmt.Fprintf(c.App.Writer, "%s: %d components, %d pieces: VASSAL can load it\n", path, res.Elements, res.Pieces)
	}
	return nil
}

// countOf is "1 board", "5 boards".
func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
