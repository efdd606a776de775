package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/build"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
	"github.com/urfave/cli/v2"
)

// buildRecord is the file in an output folder that lists what muster wrote there, per output, so a later
// build replaces its own files, removes its stale ones and never touches anything else.
const buildRecord = ".muster-build.json"

type record struct {
	Outputs map[string][]string `json:"outputs"`
}

func buildCommand() *cli.Command {
	return &cli.Command{
		Name:      "build",
		Usage:     "validate a package and print it: counter sheets, maps, charts, scenario sheets and rosters as PDF (and PNG previews)",
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
--only picks some of them; --png adds PNG previews under png/.

Files are built in a temporary folder next to DIR and moved into place only when all of them are ready.
muster records what it wrote in DIR/.muster-build.json and refuses to overwrite any file it did not write.

Examples:
   muster build examples/highest-ground -o out
   muster build examples/highest-ground -o out --paper a4 --backs short-edge --png
   muster build examples/prestags -o out --only maps --paper 23x35in
   muster build examples/highest-ground -o out --only charts,scenarios
   muster build my-game -o out --backs foldover --bleed 1/16in
   muster build my-game -o out --back-offset 0.5mm,-1mm    # the reading from muster print-test`,
		Action: func(c *cli.Context) error {
			args := c.Args().Slice()
			if len(args) != 1 {
				fmt.Fprintln(c.App.ErrWriter, "muster build: name one package folder (e.g. muster build examples/highest-ground -o out)")
				return exitError{exitUsage}
			}
			opt, err := buildOptions(c)
			if err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster build: %v\n", err)
				return exitError{exitUsage}
			}
			r := validate.Load(args[0])
			if r.Diags.HasErrors() || r.Pkg == nil {
				if err := report(c, r.Diags); err != nil {
					return err
				}
				return exitError{exitFail}
			}
			if len(r.Diags) > 0 { // warnings: show them, and stop on --strict
				if err := report(c, r.Diags); err != nil {
					return err
				}
			}
			res, err := build.Run(r.Pkg, opt, optSlice(c, "only"))
			if err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster build: %v\n", err)
				return exitError{exitFail}
			}
			dir := optString(c, "out")
			if err := commitOutputs(dir, res); err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster build: %v\n", err)
				return exitError{exitUsage}
			}
			if optString(c, "format") == "text" && !optBool(c, "quiet") {
				for _, n := range res.Notes {
					fmt.Fprintf(c.App.Writer, "%s\n", n)
				}
				fmt.Fprintf(c.App.Writer, "wrote %d files to %s\n", len(res.Files), dir)
			}
			return nil
		},
	}
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
		&cli.BoolFlag{Name: "png", Usage: "also write PNG previews: one per counter face, and one per page of every PDF"},
		&cli.StringSliceFlag{Name: "only", Usage: "build only these outputs (" + strings.Join(build.OutputNames(), ", ") + ")"},
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
		pt, err := build.ParseOffset(s)
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
	opt.PNG = optBool(c, "png")
	return opt, nil
}

// commitOutputs writes the files into a staging folder beside dir, then moves them into dir. When dir does not
// exist the staging folder simply becomes it. Otherwise files muster wrote before are replaced (their old
// versions kept aside until every move has succeeded, and put back if one fails), files of the rebuilt outputs
// that are no longer produced are removed, and a file muster did not write stops the build before anything
// is touched.
func commitOutputs(dir string, res *build.Result) error {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	stage, err := os.MkdirTemp(parent, ".muster-build-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	if err := os.MkdirAll(filepath.Join(stage, "new"), 0o755); err != nil { // a build may write no file
		return err
	}
	for _, f := range res.Files {
		p := filepath.Join(stage, "new", filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}

	old := record{Outputs: map[string][]string{}}
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		rec := record{Outputs: map[string][]string{}}
		addRecord(&rec, res)
		if err := writeRecord(filepath.Join(stage, "new", buildRecord), rec); err != nil {
			return err
		}
		return os.Rename(filepath.Join(stage, "new"), dir)
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("%s is a file, not a folder", dir)
	}
	if b, err := os.ReadFile(filepath.Join(dir, buildRecord)); err == nil {
		if err := json.Unmarshal(b, &old); err != nil || old.Outputs == nil {
			return fmt.Errorf("%s is damaged: remove it (and muster's old outputs) or build into a new folder", filepath.Join(dir, buildRecord))
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	ours := map[string]bool{}
	for _, files := range old.Outputs {
		for _, f := range files {
			ours[f] = true
		}
	}
	// Refuse before touching anything.
	for _, f := range res.Files {
		target := filepath.Join(dir, filepath.FromSlash(f.Path))
		if fi, err := os.Lstat(target); err == nil {
			if !ours[f.Path] || !fi.Mode().IsRegular() {
				return fmt.Errorf("refusing to overwrite %s: muster did not write it (move it away or build into another folder)", target)
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}

	// Move the old versions aside, then the new ones in; undo on failure.
	type move struct{ from, to string }
	var done []move
	undo := func() {
		for i := len(done) - 1; i >= 0; i-- {
			os.Rename(done[i].to, done[i].from)
		}
	}
	mv := func(from, to string) error {
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if err := os.Rename(from, to); err != nil {
			return err
		}
		done = append(done, move{from, to})
		return nil
	}
	produced := map[string]bool{}
	for _, f := range res.Files {
		produced[f.Path] = true
	}
	var aside []string // old files of the rebuilt outputs: replaced or stale
	for _, name := range res.Outputs {
		aside = append(aside, old.Outputs[name]...)
	}
	for _, f := range res.Files {
		if ours[f.Path] {
			aside = append(aside, f.Path)
		}
	}
	sort.Strings(aside)
	seen := map[string]bool{}
	for _, rel := range aside {
		if seen[rel] {
			continue
		}
		seen[rel] = true
		from := filepath.Join(dir, filepath.FromSlash(rel))
		if fi, err := os.Lstat(from); err != nil || !fi.Mode().IsRegular() {
			continue // already gone
		}
		if err := mv(from, filepath.Join(stage, "old", filepath.FromSlash(rel))); err != nil {
			undo()
			return err
		}
	}
	for _, f := range res.Files {
		if err := mv(filepath.Join(stage, "new", filepath.FromSlash(f.Path)), filepath.Join(dir, filepath.FromSlash(f.Path))); err != nil {
			undo()
			return err
		}
	}
	rec := record{Outputs: map[string][]string{}}
	for k, v := range old.Outputs {
		rec.Outputs[k] = v
	}
	addRecord(&rec, res)
	if err := writeRecord(filepath.Join(dir, buildRecord), rec); err != nil {
		undo()
		return err
	}
	removeEmptyDirs(dir, aside, produced)
	return nil
}

func addRecord(rec *record, res *build.Result) {
	for _, name := range res.Outputs {
		rec.Outputs[name] = nil
	}
	// Files belong to the output whose name prefixes them; with one output so far they all belong to it.
	for _, f := range res.Files {
		owner := res.Outputs[0]
		for _, name := range res.Outputs {
			if strings.HasPrefix(f.Path, name) || strings.HasPrefix(f.Path, "png/"+name+"/") {
				owner = name
			}
		}
		rec.Outputs[owner] = append(rec.Outputs[owner], f.Path)
	}
}

func writeRecord(path string, rec record) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rec); err != nil {
		return err
	}
	return writeAtomic(path, b.Bytes())
}

// removeEmptyDirs removes folders that held only stale outputs (never dir itself, never a folder with
// anything in it).
func removeEmptyDirs(dir string, rels []string, produced map[string]bool) {
	var dirs []string
	for _, rel := range rels {
		if produced[rel] {
			continue
		}
		for d := filepath.Dir(filepath.FromSlash(rel)); d != "." && d != string(filepath.Separator); d = filepath.Dir(d) {
			dirs = append(dirs, d)
		}
	}
	sort.Slice(dirs, func(i, j int) bool { return len(dirs[i]) > len(dirs[j]) })
	for _, d := range dirs {
		os.Remove(filepath.Join(dir, d)) // fails, harmlessly, when not empty
	}
}

func printTestCommand() *cli.Command {
	return &cli.Command{
		Name:  "print-test",
		Usage: "write a duplex calibration sheet: measure how far your printer shifts the back of a page",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "print-test.pdf", Usage: "output `FILE`"},
			&cli.StringFlag{Name: "paper", Value: "letter", Usage: "paper: letter, a4, ... or WxH with a unit"},
			&cli.StringFlag{Name: "backs", Value: string(sheet.LongEdge), Usage: "how you print duplex: long-edge or short-edge"},
		},
		Description: `Print the sheet at 100% on both sides, flipped the way you will print counters. The front has crosshairs
and rulers (check them with a real ruler: if they are off, the printer scales); the back has x and y scales
behind each crosshair. Hold the sheet to the light: where the front's lines meet the back's scales is the
offset, in millimetres, to pass as muster build --back-offset Xmm,Ymm.`,
		Action: func(c *cli.Context) error {
			p, err := value.ParsePaper(c.String("paper"))
			if err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster print-test: %v\n", err)
				return exitError{exitUsage}
			}
			b, err := sheet.ParseBacks(c.String("backs"))
			if err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster print-test: %v\n", err)
				return exitError{exitUsage}
			}
			pdf := surface.NewPDF(surface.PDFOptions{Title: "muster print test"})
			if err := sheet.Calibration(pdf, surface.Size{W: p.Width, H: p.Height}, b); err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster print-test: %v\n", err)
				return exitError{exitUsage}
			}
			var buf bytes.Buffer
			if _, err := pdf.WriteTo(&buf); err != nil {
				return err
			}
			out := c.String("out")
			if err := writeAtomic(out, buf.Bytes()); err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster print-test: %v\n", err)
				return exitError{exitUsage}
			}
			fmt.Fprintf(c.App.Writer, "wrote %s: print it duplex (%s) at 100%%\n", out, b)
			return nil
		},
	}
}
