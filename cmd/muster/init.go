package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/generators/scaffold"
	"github.com/muster-wargames/muster/internal/version"
	"github.com/muster-wargames/muster/output"
)

func initCommand() *cli.Command {
	return &cli.Command{
		Name:      "init",
		Usage:     "start a new game: a small complete package that validates and builds, with editor settings",
		ArgsUsage: "DIR [--grid hex|square|open] [--from EXAMPLE]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "grid", Value: scaffold.Grids[0], Usage: "the ground: " + strings.Join(scaffold.Grids, ", ")},
			&cli.StringFlag{Name: "from", Usage: "copy one of muster's example games instead (" + strings.Join(scaffold.Examples(), ", ") + ")"},
			&cli.StringFlag{Name: "id", Usage: "the package's `ID` (default: made from DIR's name)"},
		},
		Description: `Writes a new package into DIR, which must not exist or be empty: nothing is ever overwritten. The game is
small and complete: a System, two unit types with both faces, a counter sheet, a map with terrain and a river,
two forces, a scenario with its set-up and victory conditions, a content test, and a README with the next
steps. It validates with no problems and builds as it is.

Editors: the JSON Schemas go to DIR/.muster/schemas, every content document starts with a line pointing
there (# yaml-language-server: $schema=...), and DIR/.vscode/settings.json maps every content file to them,
so VS Code and Neovim complete and check every document of every file.

` + scaffold.FromHelp + `

Examples:
   muster init my-game
   muster init my-game --grid square
   muster init my-thg --from highest-ground`,
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError(c, "name one new folder (e.g. muster init my-game)")
			}
			dir := c.Args().First()
			grid := c.String("grid")
			if !contains(scaffold.Grids, grid) {
				return usageError(c, fmt.Sprintf("--grid %q: choose %s%s", grid, strings.Join(scaffold.Grids, ", "), didYouMean(grid, scaffold.Grids)))
			}
			id := c.String("id")
			if id == "" {
				id = scaffold.IDFor(filepath.Base(filepath.Clean(dir)))
			} else if !scaffold.ValidID(id) {
				return usageError(c, fmt.Sprintf("--id %q is not an id: letters, digits, '.', '_' and '-', starting with a letter or digit", id))
			}
			opt := scaffold.Options{Grid: grid, ID: id, Name: scaffold.NameFor(id), Dir: filepath.Base(filepath.Clean(dir))}
			var files []output.File
			var err error
			from := c.String("from")
			if from != "" {
				if c.IsSet("grid") {
					return usageError(c, "--grid and --from do not go together: an example has its own ground")
				}
				files, err = scaffold.FromExample(from, opt)
			} else {
				files, err = scaffold.New(opt)
			}
			if err != nil {
				return usageError(c, err.Error())
			}
			if err := output.CreateFolder(dir, files, output.FileOptions{}); err != nil {
				return outputFailure(c, "muster init", dir, nil, err)
			}
			if optString(c, "format") == "text" && !optBool(c, "quiet") {
				what := english.Article(grid) + " game"
				if from != "" {
					what = "a copy of the example " + from
				}
				argv0, _ := c.App.Metadata["argv0"].(string)
				m := howToRun(argv0)
				fmt.Fprintf(c.App.Writer, "wrote %s (%s) to %s\nnext:\n   %s validate %s\n   %s build %s -o %s-out\n",
					what, english.Count(len(files), "file"), dir, m, dir, m, dir, strings.TrimSuffix(dir, "/"))
			}
			return nil
		},
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// didYouMean is a " (did you mean ...?)" to append to a message, or "".
func didYouMean(s string, candidates []string) string {
	if h := diag.DidYouMean(s, candidates); h != "" {
		return " (" + h + ")"
	}
	return ""
}

// howToRun is the command that runs this muster again, for the next steps a command prints: "muster" when
// it was found on the PATH; the path it was started by when that is not on the PATH (./muster in an unpacked
// release, C:\Users\me\Downloads\muster_0.2.0\muster.exe); "go run ./cmd/muster" after go run in a checkout
// (go run builds into a temporary folder, which is gone when it ends).
func howToRun(argv0 string) string {
	if argv0 == "" || !strings.ContainsAny(argv0, `/\`) {
		return "muster"
	}
	if strings.Contains(filepath.ToSlash(argv0), "/go-build") {
		if in := version.Get(); in.Release && in.Module != "" {
			return "go run github.com/muster-wargames/muster/cmd/muster@" + in.Module
		}
		if _, err := os.Stat(filepath.Join("cmd", "muster", "main.go")); err == nil {
			return "go run ./cmd/muster"
		}
		return "go run github.com/muster-wargames/muster/cmd/muster@latest"
	}
	if onPath, err := exec.LookPath("muster"); err == nil {
		a, err1 := os.Stat(onPath)
		b, err2 := os.Stat(argv0)
		if err1 == nil && err2 == nil && os.SameFile(a, b) {
			return "muster"
		}
	}
	if runtime.GOOS == "windows" && strings.ContainsAny(argv0, " &()") {
		return `"` + argv0 + `"`
	}
	if strings.ContainsAny(argv0, " '\"$&;()") {
		return "'" + strings.ReplaceAll(argv0, "'", `'\''`) + "'"
	}
	return argv0
}
