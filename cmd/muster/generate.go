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
			fs = append(fs, &cli.StringFlag{Name: "points", Usage: "points per side, instead of the settings' (e.g. 60)"},
				&cli.BoolFlag{Name: "balanced", Usage: "try seeds from --seed up until every objective is within reach of every side and the best turn-1 odds lie in the generator's bestOdds band (muster analyze's reading); the scenario records why its seed was kept"})
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

// generateOptions are what one `muster generate map|scenario` was asked, read and checked from its command
// line (generateOptionsFrom) before anything runs, so the parsing is tested apart from the run.
type generateOptions struct {
	Kind    string // map or scenario
	PkgDir  string
	Request generators.Request
	Out     string // the file to write; "" is standard output
	Force   bool
}

// generateOptionsFrom reads a generate's arguments and the flags given (by name, as written): the options,
// or the usage problem to report, in the order a user meets them.
func generateOptionsFrom(kind string, args []string, flags map[string]string, force bool) (generateOptions, string) {
	if len(args) != 1 {
		return generateOptions{}, fmt.Sprintf("name one package folder (e.g. muster generate %s examples/highest-ground --seed 7)", kind)
	}
	o := generateOptions{Kind: kind, PkgDir: args[0], Force: force}
	if st, err := os.Stat(o.PkgDir); err != nil || !st.IsDir() {
		return generateOptions{}, fmt.Sprintf("%s is not a package folder", o.PkgDir)
	}
	seedText, ok := flags["seed"]
	if !ok {
		return generateOptions{}, fmt.Sprintf("give a seed (--seed 7): the same seed makes the same %s again", kind)
	}
	seed, err := strconv.ParseInt(strings.TrimSpace(seedText), 10, 64)
	if err != nil || seed < 0 {
		return generateOptions{}, fmt.Sprintf("--seed %q is not a whole number from 0 to 9223372036854775807", seedText)
	}
	o.Request = generators.Request{Kind: kind, Generator: flags["generator"], Seed: seed}
	if p, ok := flags["points"]; ok {
		n, err := value.ParseNumber(p)
		if err != nil || n.Cmp(value.Number{}) <= 0 {
			return generateOptions{}, fmt.Sprintf("--points %q is not a number of points above 0", p)
		}
		o.Request.Points = &n
	}
	out, toFile := flags["out"]
	if toFile && strings.TrimSpace(out) == "" {
		return generateOptions{}, "-o needs a file name (leave it out to write to standard output)"
	}
	o.Out = out
	return o, ""
}

func runGenerate(c *cli.Context, kind string) error {
	fl := map[string]string{}
	for _, n := range []string{"seed", "generator", "out", "points"} {
		if c.IsSet(n) {
			fl[n] = c.String(n)
		}
	}
	o, problem := generateOptionsFrom(kind, c.Args().Slice(), fl, c.Bool("force"))
	if problem != "" {
		return usageError(c, problem)
	}
	o.Request.Balanced = kind == "scenario" && c.Bool("balanced")
	return generate(c, o)
}

// generate runs a generate whose command line has been read.
func generate(c *cli.Context, o generateOptions) error {
	kind, pkgDir, out, seed := o.Kind, o.PkgDir, o.Out, o.Request.Seed
	toFile := out != ""
	res, err := generators.Run(o.Request, pkgDir, out, o.Force)
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
