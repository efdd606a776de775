package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/export/tts"
	"github.com/muster-wargames/muster/export/vassal"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/validate"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "export a package for digital play (a VASSAL module, a Tabletop Simulator set) or as spreadsheets (csv)",
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
		}, {
			Name:      "tts",
			Usage:     "write a Tabletop Simulator set: saved objects and their images",
			ArgsUsage: "PACKAGE_DIR",
			Before:    checkFormat,
			Flags: append(outputFlags(),
				&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "the set's folder, `DIR` (default: the package folder's name with -tts)"},
				&cli.StringFlag{Name: "image-base-url", Usage: "where Tabletop Simulator reads the images: the `URL` of the uploaded images/ folder (default: its file:/// address on this disk)"},
				&cli.Float64Flag{Name: "dpi", Usage: fmt.Sprintf("resolution of the maps (default %d, lowered for a map too large for Tabletop Simulator)", digital.TTSDefaultMapDPI)},
				&cli.Float64Flag{Name: "counter-dpi", Usage: fmt.Sprintf("resolution of the counters (default %d)", digital.TTSDefaultCounterDPI)},
			),
			Description: `Validates the package exactly as muster validate does and refuses to export when there are errors. Then
writes into DIR a Tabletop Simulator set:
   <package>.json, .png         a saved object (and its picture) with every map and board, the counter mix
                                in a bag per faction, and the System's dice
   <package>-<scenario>.json    a saved object per scenario: its map with zones, entries and objectives, every
                                set-up unit standing on its cell, the other units in bags by zone, turn and entry
   images/                      the maps (cut into tiles of at most 4,096 pixels) and both faces of every
                                counter, PNG in RGB
   README.txt                   how to load the set, and what Tabletop Simulator cannot express
One unit of Tabletop Simulator's table is an inch: maps and counters are their printed size. The images are
named by their file:/// address unless --image-base-url gives where you upload them (the folder's URL, each
image its file name after it). Content Tabletop Simulator cannot represent is reported at its file and line,
and nothing is written. The folder is written as one transaction, as muster build writes its folder: muster
replaces only files it wrote (DIR/.muster-build.json records them) and refuses to overwrite anything else.

Examples:
   muster export tts examples/highest-ground -o thg-tts
   muster export tts examples/highest-ground -o thg-tts --image-base-url https://example.org/thg/images/`,
			Action: exportTTS,
		}, exportCSVCommand()},
	}
}

// exportTTS writes a Tabletop Simulator set.
func exportTTS(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) != 1 {
		fmt.Fprintln(c.App.ErrWriter, "muster export tts: name one package folder (e.g. muster export tts examples/highest-ground -o thg-tts)")
		return exitError{exitUsage}
	}
	dir := optString(c, "out")
	if dir == "" {
		dir = filepath.Base(filepath.Clean(args[0])) + "-tts"
	}
	var opt tts.Options
	if given := optString(c, "image-base-url"); given != "" {
		base, err := tts.CheckImageBaseURL(given)
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "muster export tts: --image-base-url: %v\n", strings.TrimPrefix(err.Error(), "tts: "))
			return exitError{exitUsage}
		}
		opt.ImageBaseURL = base
	} else {
		base, err := tts.FileURL(filepath.Join(dir, "images"))
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "muster export tts: the images' address in %s: %v\n", dir, err)
			return exitError{exitUsage}
		}
		opt.ImageBaseURL = base
	}
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"dpi", &opt.DPI}, {"counter-dpi", &opt.CounterDPI}} {
		if c.IsSet(f.name) {
			*f.dst = c.Float64(f.name)
			if *f.dst < digital.TTSMinDPI || *f.dst > digital.TTSMaxDPI {
				fmt.Fprintf(c.App.ErrWriter, "muster export tts: --%s %g is out of range: use %d to %d\n", f.name, *f.dst, digital.TTSMinDPI, digital.TTSMaxDPI)
				return exitError{exitUsage}
			}
		}
	}
	checked, warnings, err := loadChecked(c, args[0])
	if checked == nil {
		return err
	}
	set, ds, err := tts.Export(checked, opt)
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster export tts: %v\n", err)
		return exitError{exitFail}
	}
	all := append(append(diag.List{}, warnings...), ds...)
	all.Sort()
	if set == nil {
		if err := report(c, all); err != nil {
			return err
		}
		return exitError{exitFail}
	}
	for i := range set.Files {
		set.Files[i].Output = "tts"
	}
	folder, err := output.Commit(dir, []string{"tts"}, set.Files, output.Options{Package: args[0]})
	all = append(all, folder...)
	if err != nil {
		return outputFailure(c, "muster export tts", dir, all, err)
	}
	if len(all) > 0 {
		if err := report(c, all); err != nil {
			return err
		}
	}
	if optString(c, "format") == "text" && !optBool(c, "quiet") {
		for _, n := range set.Notes {
			fmt.Fprintf(c.App.Writer, "%s\n", n)
		}
		size, images := 0, 0
		for _, f := range set.Files {
			size += len(f.Data)
			if strings.HasPrefix(f.Path, "images/") {
				images++
			}
		}
		fmt.Fprintf(c.App.Writer, "wrote %s: %s, %s, %.1f MiB\n", dir, english.Count(len(set.Objects), "saved object"), english.Count(images, "image"), float64(size)/(1<<20))
	}
	return nil
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
	checked, warnings, err := loadChecked(c, args[0])
	if checked == nil {
		return err
	}
	m, ds, err := vassal.Export(checked, opt)
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster export vassal: %v\n", err)
		return exitError{exitFail}
	}
	all := append(append(diag.List{}, warnings...), ds...)
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
		fmt.Fprintf(c.App.Writer, "wrote %s: %s, %s, %g dpi, %.1f MiB\n", out, english.Count(len(m.Boards), "board"), english.Count(m.Stats.Pieces, "piece"), m.DPI, float64(len(data))/(1<<20))
	}
	return nil
}

// loadChecked validates a package exactly as muster validate does, for an export: the package as checked
// and its warnings; or nil and the exit, having reported the errors (or, under --strict, the warnings).
func loadChecked(c *cli.Context, dir string) (*validate.Checked, diag.List, error) {
	r := validate.Load(dir)
	checked, err := r.Checked()
	if err != nil {
		if err := report(c, r.Diags); err != nil {
			return nil, nil, err
		}
		return nil, nil, exitError{exitFail}
	}
	if optBool(c, "strict") && unexpectedWarnings(r.Diags) > 0 {
		return nil, nil, report(c, r.Diags) // warnings fail under --strict: nothing is exported
	}
	return checked, r.Diags, nil
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
