package main

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/validate"
)

func exportCSVCommand() *cli.Command {
	return &cli.Command{
		Name:      "csv",
		Usage:     "write the unit types, markers, counter mixes' lines and tables as spreadsheets (CSV)",
		ArgsUsage: "PACKAGE_DIR",
		Flags:     append(outputFlags(), &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "csv", Usage: "output `DIR`"}),
		Before:    checkFormat,
		Description: `Validates the package, then writes into DIR unit-types.csv, markers.csv, counter-mixes/<id>.csv and
tables/<id>.csv in the forms muster reads back (a manifest include such as {file: unit-types.csv, kind:
UnitType}), each value as it is written in the package. What a cell cannot hold (a unit's components) is a
warning; a counter mix's or table's other keys (its name, counter size, title) stay in YAML. Like build, it
replaces only files it wrote itself.

A value a spreadsheet would read as a number, a date or a time and save back otherwise (0101, +1, 4/2, 1:2)
is written as ="0101", which Excel and LibreOffice show and save as the text; a value that would run as a
formula (=, +, -, @ first) gets an apostrophe. Reading a CSV back, muster reports at its cell what a
spreadsheet did to it: a date or time where the file had 4/2 or 1:2, text read in the wrong character set (Â½).

Example:
   muster export csv examples/highest-ground -o sheets`,
		Action: func(c *cli.Context) error {
			args := c.Args().Slice()
			if len(args) != 1 {
				fmt.Fprintln(c.App.ErrWriter, "muster export csv: name one package folder (e.g. muster export csv examples/highest-ground -o sheets)")
				return exitError{exitUsage}
			}
			r := validate.Load(args[0])
			checked, err := r.Checked()
			if err != nil {
				if err := report(c, r.Diags); err != nil {
					return err
				}
				return exitError{exitFail}
			}
			sheets, ds := content.ExportCSV(checked.Package())
			files := make([]output.File, len(sheets))
			for i, f := range sheets {
				files[i] = output.File{Path: f.Path, Output: "csv", Data: f.Data}
			}
			dir := optString(c, "out")
			warnings, err := output.Commit(dir, []string{"csv"}, files, output.Options{Package: args[0]})
			all := append(append(append(diag.List{}, r.Diags...), ds...), warnings...)
			if err != nil {
				return outputFailure(c, "muster export csv", dir, all, err)
			}
			if len(all) > 0 {
				if err := report(c, all); err != nil {
					return err
				}
			}
			if optString(c, "format") == "text" && !optBool(c, "quiet") {
				fmt.Fprintf(c.App.Writer, "wrote %d files to %s; to read them, include in muster.yaml:\n", len(files), dir)
				if inside, rel := insidePackage(args[0], dir); inside {
					fmt.Fprintf(c.App.Writer, "(%s is inside the package, and muster never reads its own output folders as content: move the files to a folder of their own first, such as %s, and include them from there)\n", dir, ownFolder(rel))
				}
				for _, f := range sheets {
					inc := fmt.Sprintf("  - {file: %s, kind: %s", f.Include.File, f.Include.Kind)
					if f.Include.ID != "" {
						inc += ", id: " + f.Include.ID
					}
					fmt.Fprintln(c.App.Writer, inc+"}")
				}
			}
			return nil
		},
	}
}

// insidePackage reports whether the folder dir is inside the package folder pkg (or is it), and its path
// relative to pkg with slashes.
func insidePackage(pkg, dir string) (bool, string) {
	p, err1 := filepath.Abs(pkg)
	d, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return false, ""
	}
	rel, err := filepath.Rel(p, d)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false, ""
	}
	return true, filepath.ToSlash(rel)
}

// ownFolder is a folder beside the output folder rel to move its spreadsheets into.
func ownFolder(rel string) string {
	name := "sheets"
	if path.Base(rel) == name {
		name = "data"
	}
	return path.Join(path.Dir(rel), name) + "/"
}
