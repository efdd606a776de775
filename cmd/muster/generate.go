package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators"
)

const generateHelp = `Runs one of the package's Generator documents with a seed and writes the result as a YAML content file:
the same package, generator and seed give the same file, byte for byte, on any machine. The file records
the generator, the seed and muster's version under generated:, and its second line is the command that makes
it again.

The result is checked with the whole validation pipeline, exactly as muster validate checks a file inside
the package, before anything is written; if it does not validate, nothing is written and the exit code is 1.
When the settings cannot be met (a budget too small for the units the rules require, more objectives than
the map has room for), the error says which constraint failed.

Where to put the file: inside the package folder, in a folder its muster.yaml includes (scenarios/ for a
scenario, boards/ or maps/ for a map), so that muster validate and muster build see it with its game. A file
written outside the package is still valid content, but muster validate FILE looks for the game in the
folders above the file: move it into the package (or generate it there) before validating or building.
Without -o the file goes to standard output, written as if it lived at the top of the package folder.

The file carries muster's seal, a comment holding the hash of the file: -o overwrites an existing file only
while it carries a seal that matches (muster wrote it, and nobody changed it since), and refuses anything else
(muster.yaml, a hand-written or edited scenario) unless --force.

Exit codes: 0 written, 1 the settings cannot be met or the result does not validate, 2 usage or I/O failure.`

func generateCommand() *cli.Command {
	flags := func(points bool) []cli.Flag {
		fs := append(outputFlags(),
			&cli.StringFlag{Name: "seed", Usage: "the seed: a whole number from 0 to 9223372036854775807 (required)"},
			&cli.StringFlag{Name: "generator", Usage: "the Generator document's `ID` (default: the package's only one of this kind)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` (default: standard output)"},
			forceFlag(),
		)
		if points {
			fs = append(fs, &cli.StringFlag{Name: "points", Usage: "points per side, instead of the settings' (e.g. 60)"})
		}
		return fs
	}
	sub := func(kind, usage, example string) *cli.Command {
		return &cli.Command{
			Name:        kind,
			Usage:       usage,
			ArgsUsage:   "PACKAGE_DIR --seed N",
			Flags:       flags(kind == "scenario"),
			Before:      checkFormat,
			Description: generateHelp + "\n\nExamples:\n" + example,
			Action:      func(c *cli.Context) error { return runGenerate(c, kind) },
		}
	}
	return &cli.Command{
		Name:  "generate",
		Usage: "generate a random map or scenario from a package's generator settings and a seed",
		Subcommands: []*cli.Command{
			sub("scenario", "generate a scenario: boards or a map, objectives, entries, point-bought forces and victory conditions",
				"   muster generate scenario examples/highest-ground --seed 7 -o examples/highest-ground/scenarios/random-7.yaml\n"+
					"   muster generate scenario examples/highest-ground --seed 7 --points 60 > s.yaml"),
			sub("map", "generate a map: terrain clusters, rivers, roads, settlements (or tabletop pieces)",
				"   muster generate map examples/highest-ground --generator thg-random-board --seed 3 -o examples/highest-ground/boards/V-3.yaml"),
		},
	}
}

func runGenerate(c *cli.Context, kind string) error {
	pos := c.Args().Slice()
	fl := map[string]string{}
	for _, n := range []string{"seed", "generator", "out", "points"} {
		if c.IsSet(n) {
			fl[n] = c.String(n)
		}
	}
	if len(pos) != 1 {
		return usageError(c, fmt.Sprintf("name one package folder (e.g. muster generate %s examples/highest-ground --seed 7)", kind))
	}
	pkgDir := pos[0]
	if st, err := os.Stat(pkgDir); err != nil || !st.IsDir() {
		return usageError(c, fmt.Sprintf("%s is not a package folder", pkgDir))
	}
	seedText, ok := fl["seed"]
	if !ok {
		return usageError(c, fmt.Sprintf("give a seed (--seed 7): the same seed makes the same %s again", kind))
	}
	seed, err := strconv.ParseInt(strings.TrimSpace(seedText), 10, 64)
	if err != nil || seed < 0 {
		return usageError(c, fmt.Sprintf("--seed %q is not a whole number from 0 to 9223372036854775807", seedText))
	}
	q := generators.Request{Kind: kind, Generator: fl["generator"], Seed: seed}
	if p, ok := fl["points"]; ok {
		n, err := value.ParseNumber(p)
		if err != nil || n.Cmp(value.Number{}) <= 0 {
			return usageError(c, fmt.Sprintf("--points %q is not a number of points above 0", p))
		}
		q.Points = &n
	}
	out, toFile := fl["out"]
	if toFile && strings.TrimSpace(out) == "" {
		return usageError(c, "-o needs a file name (leave it out to write to standard output)")
	}
	res, err := generators.Run(q, pkgDir, out, c.Bool("force"))
	var failed *generators.RunError
	if errors.As(err, &failed) {
		switch failed.Stage {
		case generators.Opening:
			if len(res.Diags) > 0 {
				_ = report(c, res.Diags)
			}
		case generators.Verifying:
			if !res.Diags.HasErrors() {
				fmt.Fprintf(c.App.ErrWriter, "muster generate %s: %v\n", kind, err)
				return exitError{exitUsage}
			}
			fmt.Fprintf(c.App.ErrWriter, "muster generate %s: %v:\n", kind, err)
			_ = diag.WriteText(c.App.ErrWriter, res.Diags, false)
			return exitError{exitFail}
		case generators.Writing:
			return outputFailure(c, "muster generate "+kind, out, nil, failed.Err)
		}
	}
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster generate %s: %v\n", kind, err)
		return exitError{exitFail}
	}
	if !toFile {
		_, err := c.App.Writer.Write(res.Data)
		return err
	}
	if optString(c, "format") == "text" && !optBool(c, "quiet") {
		fmt.Fprintf(c.App.Writer, "wrote %s %s (seed %d)\n", kind, out, seed)
		if !content.Within(pkgDir, out) {
			fmt.Fprintf(c.App.ErrWriter, "note: %s is outside the package %s: muster validate finds a file's game in the folders above it, so move the file into the package (a folder its muster.yaml includes) before validating or building it\n", out, pkgDir)
		}
	}
	return nil
}
