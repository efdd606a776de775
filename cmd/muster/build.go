package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/build"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/export/tts"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/validate"
)

func buildCommand() *cli.Command {
	return &cli.Command{
		Name:      "build",
		Usage:     "validate a package and print it: counter sheets, maps, charts, scenario sheets and rosters as PDF (and PNG previews); with --only, a VASSAL module and a Tabletop Simulator set too",
		ArgsUsage: "PACKAGE_DIR",
		Flags:     buildFlags(),
		Before:    checkFormat,
		Description: `Validates the package exactly as muster validate does and refuses to print when there are errors. Then
writes into DIR:
   counters.pdf          every counter of the counter mixes, as many copies as the mix says, at 100% size,
                         with cut lines, crop marks and backs placed for duplex printing
   maps/<map id>.pdf     each map and geomorphic board to scale (a 0.48in hex is 0.48in), with terrain
                         patterns that read in black and white, labels, a legend and a title block; and
   maps/<scenario>.pdf   each scenario's map set composed from its boards, with objectives and entry edges.
                         A map larger than the paper is tiled with overlap (--overlap, default 0.5in), crop
                         marks, crosshairs and "sheet 2 of 6 (row 1, column 2)" labels; --paper 23x35in
                         prints it on one large sheet. Open tabletops print as a plan at a stated scale.
   charts.pdf            every table (CRTs, terrain effects, ...) as text, with sources and "illustrative"
                         marks, and each scenario's turn record and victory point record
   scenarios/<id>.pdf    a scenario sheet per scenario
   rosters.pdf           army rosters of the point-buy forces: units, counts, points, declared and computed totals
and, when --only names them (or --only all), the digital-play exports from the same content:
   <package>.vmod        a VASSAL module, as muster export vassal writes it
   tts/                  a Tabletop Simulator set, as muster export tts writes it (its images named by their
                         file:/// address in DIR/tts/images/, or under --image-base-url)
--only picks some of them (all: every one); --png adds PNG previews under png/.

Files are built in a temporary folder next to DIR and moved into place only when all of them are ready; if
anything fails, or muster is killed, DIR stays (or, on the next build, is put back) as it was. muster records
each file it wrote, with its SHA-256, in DIR/.muster-build.json: it replaces or removes only its own files
that nobody changed since, and refuses to overwrite any other file. One build at a time writes DIR.

Examples:
   muster build examples/highest-ground -o out
   muster build examples/highest-ground -o out --paper a4 --backs short-edge --png
   muster build examples/prestags -o out --only maps --paper 23x35in
   muster build examples/highest-ground -o out --only charts,scenarios
   muster build examples/highest-ground -o out --only all          # PDFs, the VASSAL module and the TTS set
   muster build examples/highest-ground -o out --only vassal,tts
   muster build my-game -o out --backs foldover --bleed 1/16in
   muster build my-game -o out --back-offset 0.5mm,-1mm    # the reading from muster print-test
   muster build my-game -o out --profile drivethrucards    # a print service's bleed, boxes and layout

--profile NAME prints for a print service (docs/profiles.md): its bleed, a TrimBox and a BleedBox on every
page, its file layout and PDF flavour, after a preflight (text inside its safe line, images at its
resolution, pieces at its least size) that fails the build at the content's line. Profiles:
` + profileList(),
		Action: func(c *cli.Context) error {
			args := c.Args().Slice()
			if len(args) != 1 {
				return usageError(c, "name one package folder (e.g. muster build examples/highest-ground -o out)")
			}
			opt, err := buildOptions(c)
			if err != nil {
				return usageError(c, err.Error())
			}
			if optBool(c, "watch") {
				return watchBuild(c, args[0], opt)
			}
			return buildOnce(c, args[0], opt)
		},
	}
}

// buildOnce validates the package, prints it and commits the files to the output folder.
func buildOnce(c *cli.Context, pkgDir string, opt build.Options) error {
	prog := startProgress(c.App.ErrWriter, progressOn(c.App.ErrWriter, optBool(c, "quiet")), time.After(time.Second))
	defer prog.finish()
	prog.set("muster build: validating " + pkgDir + " ...")
	r := validate.LoadFor(pkgDir, validate.Options{Profile: opt.Profile})
	checked, err := r.Checked()
	if err != nil {
		prog.finish()
		if err := report(c, r.Diags); err != nil {
			nothingBuilt(c, optString(c, "out"))
			return err
		}
		nothingBuilt(c, optString(c, "out"))
		return exitError{exitFail}
	}
	if optBool(c, "strict") && unexpectedWarnings(r.Diags) > 0 {
		prog.finish()
		err := report(c, r.Diags) // warnings fail under --strict: nothing is built
		nothingBuilt(c, optString(c, "out"))
		return err
	}
	prog.set("muster build: printing " + pkgDir + " ...")
	res, err := build.Run(checked, opt, optSlice(c, "only"))
	prog.set("muster build: writing " + optString(c, "out") + " ...")
	if err != nil {
		prog.finish()
		return buildFailure(c, r.Diags, err)
	}
	dir := optString(c, "out")
	var sum output.Summary
	warnings, err := output.Commit(dir, res.Outputs, res.Files, output.Options{Package: pkgDir, Summary: &sum})
	prog.finish()
	all := append(append(diag.List{}, r.Diags...), warnings...) // the package's warnings, then the folder's
	if err != nil {
		return outputFailure(c, "muster build", dir, all, err)
	}
	if len(all) > 0 {
		if err := report(c, all); err != nil {
			return err
		}
	}
	if optString(c, "format") == "text" && !optBool(c, "quiet") {
		for _, n := range res.Notes {
			fmt.Fprintf(c.App.Writer, "%s\n", n)
		}
		fmt.Fprintln(c.App.Writer, summaryLine(dir, sum, opt.PNG))
	}
	return nil
}

// summaryLine says what a build did to its folder: the files it wrote (named when a few among many it kept),
// the files it kept as they were, and those it removed because it no longer makes them, saying so when they
// are the PNG previews of a build without --png.
func summaryLine(dir string, s output.Summary, png bool) string {
	var parts []string
	switch {
	case len(s.Written) == 0 && len(s.Removed) == 0:
		return fmt.Sprintf("%s is up to date: %s unchanged", dir, english.Count(len(s.Kept), "file"))
	case len(s.Written) > 0 && len(s.Written) <= 3 && len(s.Kept) > 0:
		parts = append(parts, fmt.Sprintf("wrote %s to %s", strings.Join(s.Written, ", "), dir))
	case len(s.Written) > 0:
		parts = append(parts, fmt.Sprintf("wrote %s to %s", english.Count(len(s.Written), "file"), dir))
	default:
		parts = append(parts, fmt.Sprintf("wrote nothing new to %s", dir))
	}
	if len(s.Kept) > 0 {
		parts = append(parts, fmt.Sprintf("kept %d unchanged", len(s.Kept)))
	}
	if len(s.Removed) > 0 {
		pngs := 0
		for _, p := range s.Removed {
			if strings.HasSuffix(p, ".png") {
				pngs++
			}
		}
		switch {
		case pngs > 0 && !png && pngs == len(s.Removed):
			parts = append(parts, fmt.Sprintf("removed %s (build with --png to keep them)", english.Count(pngs, "PNG preview")))
		case pngs > 0 && !png:
			parts = append(parts, fmt.Sprintf("removed %s no longer made, %d of them PNG previews (build with --png to keep them)", english.Count(len(s.Removed), "file"), pngs))
		case len(s.Removed) <= 3:
			parts = append(parts, fmt.Sprintf("removed %s (no longer made)", strings.Join(s.Removed, ", ")))
		default:
			parts = append(parts, fmt.Sprintf("removed %s no longer made", english.Count(len(s.Removed), "file")))
		}
	}
	return strings.Join(parts, "; ")
}

func buildFlags() []cli.Flag {
	return append(outputFlags(),
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "build", Usage: "output `DIR`"},
		&cli.StringFlag{Name: "paper", Usage: "paper: letter, a4, legal, tabloid, a3, a5 or WxH with a unit (8.5x11in); default from the package, else letter"},
		&cli.StringFlag{Name: "backs", Usage: "backs: long-edge, short-edge, foldover or none; default from the package, else long-edge"},
		&cli.StringFlag{Name: "back-offset", Usage: "shift back pages by `X,Y` (e.g. 0.5mm,-1mm) to correct duplex misregistration; see muster print-test"},
		&cli.StringFlag{Name: "counter-size", Usage: "counter size where the mix gives none (1/2in, 5/8in, 16mm)"},
		&cli.StringFlag{Name: "margin", Usage: "page margin (default 0.5in; maps 0.25in)"},
		&cli.StringFlag{Name: "overlap", Usage: "overlap of tiled map sheets (default 0.5in)"},
		&cli.StringFlag{Name: "gutter", Usage: "space between counters (default 0: counters share cut lines)"},
		&cli.StringFlag{Name: "bleed", Usage: "background printed past each cut edge (e.g. 1/16in); widens the gutter"},
		profileFlag(),
		&cli.BoolFlag{Name: "png", Usage: "also write PNG previews: one per counter face, and one per page of every PDF"},
		&cli.StringSliceFlag{Name: "only", Usage: "build only these outputs (" + strings.Join(build.Selectable(), ", ") + "; vassal and tts only when named)"},
		&cli.StringFlag{Name: "image-base-url", Usage: "the tts output: where Tabletop Simulator reads the images, the `URL` of the uploaded tts/images/ folder (default: its file:/// address)"},
		&cli.BoolFlag{Name: "watch", Usage: "build, then build again whenever a content file changes, until interrupted"},
	)
}

// optSlice is optString for a repeatable flag; each value may also be a comma-separated list.
func optSlice(c *cli.Context, name string) []string {
	var vals []string
	for _, x := range c.Lineage() {
		if x.IsSet(name) {
			vals = x.StringSlice(name)
			break
		}
	}
	var out []string
	for _, v := range vals {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

func buildOptions(c *cli.Context) (build.Options, error) {
	var opt build.Options
	if s := optString(c, "paper"); s != "" {
		p, err := value.ParsePaper(s)
		if err != nil {
			return opt, err
		}
		opt.Paper = &p
	}
	if s := optString(c, "backs"); s != "" {
		if _, err := sheet.ParseBacks(s); err != nil {
			return opt, err
		}
		opt.Backs = s
	}
	if s := optString(c, "back-offset"); s != "" {
		pt, err := plan.ParseOffset(s)
		if err != nil {
			return opt, err
		}
		opt.BackOffset = &pt
	}
	lengths := []struct {
		flag string
		dst  **value.Length
	}{{"counter-size", &opt.CounterSize}, {"margin", &opt.Margin}, {"gutter", &opt.Gutter}, {"bleed", &opt.Bleed}, {"overlap", &opt.Overlap}}
	for _, l := range lengths {
		if s := optString(c, l.flag); s != "" {
			v, err := value.ParseLength(s)
			if err != nil {
				return opt, fmt.Errorf("--%s: %v", l.flag, err)
			}
			*l.dst = &v
		}
	}
	p, err := profileOption(c)
	if err != nil {
		return opt, err
	}
	opt.Profile = p
	opt.PNG = optBool(c, "png")
	if s := optString(c, "image-base-url"); s != "" {
		base, err := tts.CheckImageBaseURL(s)
		if err != nil {
			return opt, fmt.Errorf("--image-base-url: %s", strings.TrimPrefix(err.Error(), "tts: "))
		}
		opt.TTSImageBaseURL = base
	} else {
		base, err := tts.FileURL(filepath.Join(optString(c, "out"), build.TTSDir, "images"))
		if err != nil {
			return opt, err
		}
		opt.TTSImageBaseURL = base
	}
	for _, o := range optSlice(c, "only") {
		if !slices.Contains(build.Selectable(), o) {
			msg := fmt.Sprintf("--only: unknown output %q: choose from %s", o, strings.Join(build.Selectable(), ", "))
			if h := diag.DidYouMean(o, build.Selectable()); h != "" {
				msg += " (" + h + ")"
			}
			return opt, errors.New(msg)
		}
	}
	return opt, nil
}

func printTestCommand() *cli.Command {
	return &cli.Command{
		Name:  "print-test",
		Usage: "write a duplex calibration sheet: measure how far your printer shifts the back of a page",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "print-test.pdf", Usage: "output `FILE`"},
			&cli.StringFlag{Name: "paper", Value: "letter", Usage: "paper: letter, a4, ... or WxH with a unit"},
			&cli.StringFlag{Name: "backs", Value: string(sheet.LongEdge), Usage: "how you print duplex: long-edge or short-edge"},
			forceFlag(),
		},
		Description: `Print the sheet at 100% on both sides, flipped the way you will print counters. The front has crosshairs
and rulers (check them with a real ruler: if they are off, the printer scales); the back has x and y scales
behind each crosshair. Hold the sheet to the light: where the front's lines meet the back's scales is the
offset, in millimetres, to pass as muster build --back-offset Xmm,Ymm.`,
		Action: func(c *cli.Context) error {
			p, err := value.ParsePaper(c.String("paper"))
			if err != nil {
				return usageError(c, err.Error())
			}
			b, err := sheet.ParseBacks(c.String("backs"))
			if err != nil {
				return usageError(c, err.Error())
			}
			data, err := build.CalibrationSheet(p, b)
			if err != nil {
				return usageError(c, err.Error())
			}
			out := c.String("out")
			if err := output.WriteFile(out, data, output.FileOptions{Force: c.Bool("force")}); err != nil {
				return outputFailure(c, "muster print-test", out, nil, err)
			}
			fmt.Fprintf(c.App.Writer, "wrote %s: print it duplex (%s) at 100%%\n", out, b)
			return nil
		},
	}
}

// buildFailure renders a failed build like a failed validation, in the user's --format: the package's
// warnings, then the build's diagnostics (each at the content at fault, or print.options for what a flag
// asked). Exit 2 when only the command line's choices are at fault, else 1.
func buildFailure(c *cli.Context, warnings diag.List, err error) error {
	var be *build.Error
	if !errors.As(err, &be) {
		fmt.Fprintf(c.App.ErrWriter, "muster build: %v\n", err)
		return exitError{exitFail}
	}
	l := append(append(diag.List{}, warnings...), be.Diags...)
	l.Sort()
	if rerr := report(c, l); rerr != nil {
		var ee exitError
		if !errors.As(rerr, &ee) {
			return rerr
		}
	}
	for _, d := range be.Diags {
		if d.Code != build.CodeOptions {
			return exitError{exitFail}
		}
	}
	return exitError{exitUsage}
}

// nothingBuilt says, in text, that a build refused for the package's problems wrote nothing: the output folder
// is as it was.
func nothingBuilt(c *cli.Context, out string) {
	if optString(c, "format") == "text" && !optBool(c, "quiet") {
		fmt.Fprintf(c.App.Writer, "nothing built: %s is as it was\n", out)
	}
}
