package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/build"
	"github.com/muster-wargames/muster/build/errata"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/validate"
)

func diffCommand() *cli.Command {
	return &cli.Command{
		Name:      "diff",
		Usage:     "list the errata between two versions of a package, and print a replacement counter sheet",
		ArgsUsage: "OLD NEW [-o FILE.pdf] [--content-only] [--format text|json]",
		Before:    checkFormat,
		Flags: append(outputFlags(),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the replacement counter sheet, `FILE.pdf`: the counters whose printed faces changed or are new, fronts and backs in register"},
			&cli.BoolFlag{Name: "content-only", Usage: "compare the content and the printed counters only, not the VASSAL module and Tabletop Simulator set (their exports take seconds)"},
			forceFlag(),
		),
		Description: `OLD and NEW are two versions of one game's package: each a package folder, or a folder as a git revision
holds it, written REV:PATH (git's own notation, PATH as you would name the folder from here):
   muster diff v1.0:examples/rampant examples/rampant     # the last release against the working tree
   muster diff HEAD~3:. .                                 # run inside the package's folder
   muster diff old-rampant/ examples/rampant
A REV:PATH is read with git archive into a temporary folder, removed afterwards; the repository is only
read. A mod's base is read at the same revision.

Both versions are validated as muster validate does; one with errors is reported and nothing is compared.
The errata list, by id: every unit type, block, marker and card added or removed, and each value that
changed (old -> new, at its line in NEW); the counters whose printed faces changed (drawn and compared),
with how many copies the sheets print; each scenario whose start changed (units moved, set up or lifted,
units waiting off the map in other numbers); the other documents that changed (the System, maps, forces,
tables). Then, unless --content-only: the VASSAL pieces that changed, by slot name and gpid (muster keeps
a piece's gpid across exports, so VASSAL's Refresh Counters updates running games), and the prototypes;
and the Tabletop Simulator objects, by nickname and GUID, in each saved object.

-o writes the replacement counter sheet: every copy of each design whose faces changed or that is new (the
added copies of one whose count rose), laid out as muster build prints the counter sheets. Blocks print as
labels and are listed, not on this sheet.

Examples:
   muster diff v1.0:examples/rampant examples/rampant -o errata-counters.pdf
   muster diff --format json old/ new/ > errata.json`,
		Action: diffAction,
	}
}

func diffAction(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) != 2 {
		return usageError(c, "name two versions of a package: folders, or REV:PATH for a git revision (e.g. muster diff v1.0:examples/rampant examples/rampant)")
	}
	format := optString(c, "format")
	if format != "text" && format != "json" {
		return usageError(c, fmt.Sprintf("--format must be text or json, not %q", format))
	}
	out := c.String("out")
	if out != "" {
		if err := output.CheckFile(out, c.Bool("force"), nil); err != nil {
			return outputFailure(c, "muster diff", out, nil, err)
		}
	}
	var versions [2]errata.Version
	for i, a := range args {
		v, closeFn, err := diffVersion(c, a)
		if closeFn != nil {
			defer closeFn()
		}
		if err != nil {
			return err
		}
		versions[i] = v
	}
	rep, ds, err := errata.Compare(versions[0], versions[1], errata.Options{Digital: !c.Bool("content-only")})
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster diff: %v\n", err)
		return exitError{exitFail}
	}
	if ds.HasErrors() {
		return report(c, ds)
	}
	var sheet []byte
	copies := 0
	if out != "" {
		replace := map[string]int{}
		for _, ct := range rep.Counters {
			if !ct.Block {
				replace[ct.Key] = ct.Replace()
			}
		}
		sheet, _, err = build.ReplacementCounters(versions[1].Checked, func(ct *counters.Counter) int {
			n := replace[ct.Kind+"/"+ct.ID]
			delete(replace, ct.Kind+"/"+ct.ID) // every copy on the first line that prints the design
			copies += n
			return n
		})
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "muster diff: the replacement sheet: %v\n", err)
			return exitError{exitFail}
		}
	}
	if format == "json" {
		if err := writeJSON(c.App.Writer, rep); err != nil {
			return err
		}
	} else {
		if err := rep.WriteText(escaped{c.App.Writer}); err != nil {
			return err
		}
	}
	switch {
	case out == "":
	case sheet == nil:
		fmt.Fprintf(c.App.ErrWriter, "muster diff: no counter to replace: %s not written\n", out)
	default:
		if err := output.WriteFile(out, sheet, output.FileOptions{Force: c.Bool("force")}); err != nil {
			return outputFailure(c, "muster diff", out, nil, err)
		}
		fmt.Fprintf(c.App.ErrWriter, "wrote %s: %s\n", out, english.Count(copies, "replacement counter"))
	}
	return nil
}

// diffVersion loads one version: a package folder, or REV:PATH read from git. closeFn removes what it read.
func diffVersion(c *cli.Context, arg string) (errata.Version, func(), error) {
	dir, shown := arg, arg
	var closeFn func()
	if st, err := os.Stat(arg); err != nil || !st.IsDir() {
		rev, path, ok := strings.Cut(arg, ":")
		if !ok {
			if err != nil {
				return errata.Version{}, nil, usageError(c, fmt.Sprintf("%s: no such folder (a git revision is written REV:PATH)", arg))
			}
			return errata.Version{}, nil, usageError(c, fmt.Sprintf("%s is not a folder", arg))
		}
		r, err := errata.ReadRevision(c.Context, rev, path)
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "muster diff: %v\n", err)
			return errata.Version{}, nil, exitError{exitUsage}
		}
		closeFn = func() { _ = r.Close() }
		dir = r.Dir
	}
	v := errata.Version{Dir: dir, Shown: shown}
	res := validate.Load(dir)
	checked, err := res.Checked()
	if err != nil {
		ds := v.Relabel(res.Diags)
		if len(ds) == 0 {
			fmt.Fprintf(c.App.ErrWriter, "muster diff: %s: %v\n", shown, err)
			return v, closeFn, exitError{exitFail}
		}
		if rerr := report(c, ds); rerr != nil {
			return v, closeFn, rerr
		}
		return v, closeFn, exitError{exitFail}
	}
	v.Checked = checked
	return v, closeFn, nil
}
