package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/generators/scaffold"
	"github.com/muster-wargames/muster/internal/version"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

// Exit codes.
const (
	exitOK    = 0 // clean (warnings allowed)
	exitFail  = 1 // errors, or warnings with --strict
	exitUsage = 2 // bad usage or an I/O failure
)

// exitError carries an exit code through urfave/cli without printing anything more.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func run(args []string, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdout, stderr)
}

// runContext is run with a context that long-running commands (serve, build --watch) stop on.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	if len(args) > 0 {
		app.Metadata = map[string]any{"argv0": args[0]}
	}
	if len(args) > 1 && args[1] == completeCommand { // completion.go: what the shells' scripts ask
		answerCompletion(app, args[2:], stdout)
		return exitOK
	}
	err := app.RunContext(ctx, hoistFlags(app, args))
	var ee exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	default:
		fmt.Fprintf(stderr, "muster: %v\n", err)
		return exitUsage
	}
}

func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:      "muster",
		Usage:     "check, print and generate board wargame content",
		Version:   content.MusterVersion,
		Writer:    stdout,
		ErrWriter: stderr,
		Description: `muster reads a game package (a folder with a muster.yaml and YAML or JSON content files) and checks it
against JSON Schemas and the game's own rules, reporting problems as file:line:col: severity[code]: message.

Examples:
   muster validate examples/highest-ground
   muster validate --format json examples/highest-ground > report.json
   muster validate --strict --format github my-mod      # in CI: annotations on pull requests
   muster schema export schema-out                     # JSON Schemas for your editor`,
		EnableBashCompletion: true,
		HideHelpCommand:      true,
		Flags:                outputFlags(),
		ExitErrHandler:       func(*cli.Context, error) {}, // run() maps errors to exit codes; never os.Exit inside
		Before:               checkFormat,
		Commands: []*cli.Command{
			validateCommand(),
			buildCommand(),
			printTestCommand(),
			schemaCommand(),
			versionCommand(),
			completionCommand(),
			rosterCommand(), rulesCommand(), testCommand(), analyzeCommand(), diffCommand(),
			generateCommand(),
			exportCommand(),
			initCommand(), styleCommand(),
			serveCommand(),
			helpCommand(),
			manCommand(),
		},
	}
	installUsage(app) // usage.go: short usage lines on stderr, did-you-mean, exit 2
	return app
}

// hoistFlags moves the flags written after a command's positional arguments (`muster build PKG -o DIR`) in front
// of them, where urfave/cli v2 reads flags: it stops at the first positional argument. Whether a flag takes a
// value comes from the command's own flag definitions; everything after `--` stays positional, and the shell
// completion flag stays last, where urfave/cli looks for it.
func hoistFlags(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	complete := args[len(args)-1] == "--generate-bash-completion"
	if complete {
		args = args[:len(args)-1]
	}
	out := []string{args[0]}
	i := 1
	flags := app.Flags
	takes := valueFlags(flags)
	isFlag := func(a string) bool { return strings.HasPrefix(a, "-") && a != "-" && a != "--" }
	flagName := func(a string) (string, bool) {
		name, _, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		return name, hasVal
	}
	for i < len(args) && isFlag(args[i]) { // global flags, as written
		out = append(out, args[i])
		if name, hasVal := flagName(args[i]); !hasVal && takes[name] && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
		i++
	}
	cmds, found := app.Commands, false
	for i < len(args) {
		var cmd *cli.Command
		for _, c := range cmds {
			if c.HasName(args[i]) {
				cmd = c
			}
		}
		if cmd == nil {
			break
		}
		found = true
		out = append(out, args[i])
		i++
		flags = append(append([]cli.Flag{}, app.Flags...), cmd.Flags...)
		cmds = cmd.Subcommands
	}
	if !found {
		return append(args, completeFlag(complete)...)
	}
	takes = valueFlags(flags)
	var fl, pos []string
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i:]...)
			break
		}
		if !isFlag(a) {
			pos = append(pos, a)
			continue
		}
		fl = append(fl, a)
		if name, hasVal := flagName(a); !hasVal && takes[name] && i+1 < len(args) {
			i++
			fl = append(fl, args[i])
		}
	}
	out = append(append(out, fl...), pos...)
	return append(out, completeFlag(complete)...)
}

func completeFlag(on bool) []string {
	if on {
		return []string{"--generate-bash-completion"}
	}
	return nil
}

// valueFlags lists the names (and aliases) of the flags that take a value.
func valueFlags(flags []cli.Flag) map[string]bool {
	out := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			out[n] = !isBool
		}
	}
	return out
}

// outputFlags are accepted both before and after the command name: `muster --format json validate` and
// `muster validate --format json` mean the same.
func outputFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output format: text, json, sarif or github"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print errors only, no warnings and no summary"},
		&cli.BoolFlag{Name: "strict", Usage: "treat warnings as errors (exit code 1), except those the package expects (expectWarnings)"},
		&cli.BoolFlag{Name: "verbose", Usage: "write the warnings the package expects in full (in text, each is one short line without it)"},
	}
}

// opt returns an output flag's value from the innermost context that set it.
func optString(c *cli.Context, name string) string {
	for _, x := range c.Lineage() {
		if x.IsSet(name) {
			return x.String(name)
		}
	}
	return c.String(name)
}

func optBool(c *cli.Context, name string) bool {
	for _, x := range c.Lineage() {
		if x.IsSet(name) {
			return x.Bool(name)
		}
	}
	return false
}

func checkFormat(c *cli.Context) error {
	f := optString(c, "format")
	for _, ok := range diag.Formats {
		if f == ok {
			return nil
		}
	}
	return usageError(c, fmt.Sprintf("unknown --format %q: use %s%s", f, strings.Join(diag.Formats, ", "), didYouMean(f, diag.Formats)))
}

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Flags:     append(outputFlags(), profileFlag()),
		Before:    checkFormat,
		Usage:     "check a package (or a content file inside one) against the schemas and the game's rules",
		ArgsUsage: "PACKAGE_DIR|FILE...",
		Description: `Loads each package with its base (for mods), checks every document against its JSON Schema, then runs
the engine checks. A file given alone is checked with the package it lives in.

Exit codes: 0 no errors (warnings allowed), 1 errors (or warnings with --strict), 2 usage or I/O failure.

Examples:
   muster validate examples/highest-ground
   muster validate examples/highest-ground/scenarios/introductory.yaml
   muster --format sarif validate my-mod > muster.sarif
   muster validate --profile die-cut my-game        # also the preflight of a print service (docs/profiles.md)`,
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageError(c, "name a package folder or content file (e.g. muster validate examples/highest-ground)")
			}
			prof, err := profileOption(c)
			if err != nil {
				return usageError(c, err.Error())
			}
			var all diag.List
			for _, p := range c.Args().Slice() {
				r := validate.LoadFor(p, validate.Options{Profile: prof})
				all.Extend(r.Diags)
			}
			all.Sort()
			return report(c, all)
		},
	}
}

// report renders diagnostics in the chosen format and turns them into an exit code. --quiet and --strict
// mean the same in every format: quiet shows errors only (and, in text, no summary); strict fails on a
// warning the package does not expect (one its manifest lists in expectWarnings never fails).
func report(c *cli.Context, l diag.List) error {
	w := c.App.Writer
	quiet := optBool(c, "quiet")
	shown := l
	if quiet {
		shown = onlyErrors(l)
	}
	var err error
	switch optString(c, "format") {
	case "json":
		err = diag.WriteJSON(w, shown)
	case "sarif":
		err = diag.WriteSARIF(w, shown, content.MusterVersion, ruleDocs())
	case "github":
		err = diag.WriteGitHub(w, shown)
	default:
		err = diag.WriteTextStyled(w, l, diag.TextStyle{Quiet: quiet, Colour: colourOn(w), Verbose: optBool(c, "verbose")})
	}
	if err != nil {
		return err
	}
	for _, d := range l {
		if d.Severity == diag.Error && strings.HasPrefix(d.Code, "io.") {
			return exitError{exitUsage}
		}
	}
	if l.HasErrors() || (optBool(c, "strict") && unexpectedWarnings(l) > 0) {
		return exitError{exitFail}
	}
	return nil
}

// onlyErrors is the errors of l.
func onlyErrors(l diag.List) diag.List {
	out := diag.List{}
	for _, d := range l {
		if d.Severity == diag.Error {
			out = append(out, d)
		}
	}
	return out
}

// unexpectedWarnings counts the warnings the package does not declare in expectWarnings: those --strict fails on.
func unexpectedWarnings(l diag.List) int {
	n := 0
	for _, d := range l {
		if d.Severity == diag.Warning && !d.Expected {
			n++
		}
	}
	return n
}

// ruleDocs describes every diagnostic code family for SARIF, from the one check list.
func ruleDocs() []diag.RuleDoc {
	var out []diag.RuleDoc
	for _, c := range validate.Checks() {
		out = append(out, diag.RuleDoc{ID: c.Name, Title: c.Title(), Detail: c.Detail(), HelpURI: validate.ChecksURL + "#" + validate.CheckAnchor(c.Name)})
	}
	return out
}

func schemaCommand() *cli.Command {
	return &cli.Command{
		Name:  "schema",
		Usage: "work with muster's JSON Schemas",
		Subcommands: []*cli.Command{{
			Name:  "docs",
			Usage: "print a Markdown reference of every kind's keys, types and descriptions (docs/reference.md is a copy)",
			Action: func(c *cli.Context) error {
				ref, err := schema.Reference()
				if err != nil {
					return err
				}
				_, err = io.WriteString(c.App.Writer, ref)
				return err
			},
		}, {
			Name:      "export",
			Usage:     "write the JSON Schemas to a folder, for editors and other validators",
			ArgsUsage: "DIR",
			Flags:     []cli.Flag{forceFlag(), &cli.BoolFlag{Name: "outputs", Usage: "write the schemas of muster's JSON outputs (diagnostics, roster, rules, test) instead of the content schemas"}},
			Description: `Writes every schema file (muster.schema.json dispatches on kind) into DIR, creating it. A package keeps
them in its own .muster/schemas (muster init writes them there), where the first line of each content
document points:
   # yaml-language-server: $schema=.muster/schemas/muster.schema.json      (in muster.yaml)
   # yaml-language-server: $schema=../.muster/schemas/muster.schema.json   (in units/*.yaml)
Each file carries a "$comment" with muster's seal (the hash of the file): muster overwrites a schema file
only while it is unchanged, and refuses a file it did not write unless --force.

With --outputs it writes instead the schemas of muster's own JSON outputs: diagnostics.v1.schema.json
(--format json of every command), roster.v1, rules.v1 and test.v1. Each output names its form in its
"schema" field ("muster/roster/v1"); a form a script could trip on gets a new name and a new file.

Examples:
   muster schema export my-game/.muster/schemas     # refresh a package's schemas after updating muster
   muster schema export --outputs ci/schemas        # the schemas of muster's JSON outputs, for CI scripts`,
			Action: func(c *cli.Context) error {
				if c.NArg() != 1 {
					return usageError(c, "name one folder to write the schemas to")
				}
				dir := c.Args().First()
				files, err := scaffold.SchemaFiles(".")
				if err != nil {
					return err
				}
				if c.Bool("outputs") { // the schemas of muster's own JSON outputs, for scripts that read them
					files = nil
					for _, name := range schema.OutputFiles() {
						b, err := schema.ReadOutput(name)
						if err == nil {
							b, err = output.SealJSON(b, "written by muster: muster schema export --outputs FOLDER refreshes it;")
						}
						if err != nil {
							return err
						}
						files = append(files, output.File{Path: path.Base(name), Data: b})
					}
				}
				if err := output.WriteFiles(dir, files, output.FileOptions{Force: c.Bool("force")}); err != nil {
					return outputFailure(c, "muster schema export", dir, nil, err)
				}
				if optString(c, "format") == "text" && !optBool(c, "quiet") {
					fmt.Fprintf(c.App.Writer, "wrote %s to %s\n", english.Count(len(files), "schema"), dir)
				}
				return nil
			},
		}},
	}
}

// outputFailure reports an error of package output (a refusal, a busy folder, an I/O failure) with the
// warnings found before it: in the text format the warnings on standard output and the error on standard
// error, in the other formats all of them as diagnostics on standard output, so JSON users get JSON. The
// exit code is 2, as for every usage or I/O failure.
func outputFailure(c *cli.Context, prefix, path string, warnings diag.List, err error) error {
	if optString(c, "format") == "text" {
		if len(warnings) > 0 {
			_ = diag.WriteTextStyled(c.App.Writer, warnings, diag.TextStyle{Quiet: optBool(c, "quiet"), Colour: colourOn(c.App.Writer), Verbose: optBool(c, "verbose")})
		}
		fmt.Fprintf(c.App.ErrWriter, "%s: %v\n", prefix, err)
		return exitError{exitUsage}
	}
	d := diag.Diagnostic{Severity: diag.Error, Code: "output.write", Message: err.Error(), Pos: diag.Pos{File: path}}
	var refused *output.RefusedError
	var busy *output.BusyError
	switch {
	case errors.As(err, &refused):
		d.Code, d.Pos.File = "output.refused", refused.Path
	case errors.As(err, &busy):
		d.Code, d.Pos.File = "output.busy", busy.Path
	}
	l := append(append(diag.List{}, warnings...), d)
	if rerr := report(c, l); rerr != nil {
		var ee exitError
		if !errors.As(rerr, &ee) {
			return rerr
		}
	}
	return exitError{exitUsage}
}

// forceFlag lets a command overwrite a single file muster cannot prove it wrote.
func forceFlag() cli.Flag {
	return &cli.BoolFlag{Name: "force", Usage: "overwrite the file even if muster cannot prove it wrote it (it carries no muster seal, or was changed since)"}
}

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print muster's version, the commit it was built from and the Go that built it",
		Action: func(c *cli.Context) error {
			fmt.Fprint(c.App.Writer, version.Get())
			return nil
		},
	}
}

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh, fish or powershell)",
		ArgsUsage: "bash|zsh|fish|powershell",
		Description: `The script completes commands, options, option values, package folders and the ids a package
declares (muster generate scenario PKG --generator <TAB> offers its generators).

Examples:
   source <(muster completion bash)                                    # in ~/.bashrc
   source <(muster completion zsh)                                     # in ~/.zshrc, after compinit
   muster completion fish > ~/.config/fish/completions/muster.fish
   muster completion powershell | Out-String | Invoke-Expression       # in $PROFILE`,
		Action: func(c *cli.Context) error {
			s, ok := completionScript(c.Args().First())
			if !ok || c.NArg() != 1 {
				return usageError(c, "name a shell: "+strings.Join(completionShells, ", "))
			}
			_, err := io.WriteString(c.App.Writer, s)
			return err
		},
	}
}

// helpCommand is `muster help [COMMAND [SUBCOMMAND]]`: the help that --help shows. It is the only help
// command: below the top, a word is an argument (a folder named help or h), never a request for help.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show the help of muster or of a command (muster help build, muster help generate scenario)",
		ArgsUsage: "[COMMAND [SUBCOMMAND]]",
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return cli.ShowAppHelp(c)
			}
			cmds, path := c.App.Commands, []string{c.App.Name}
			for _, a := range c.Args().Slice() {
				cmd := findCommand(cmds, a)
				if cmd == nil {
					return unknownCommand(c, a, cmds)
				}
				path, cmds = append(path, cmd.Name), cmd.Subcommands
			}
			return c.App.RunContext(c.Context, append(path, "--help"))
		},
	}
}

// manCommand prints the manual page, generated from the commands' own help.
func manCommand() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print muster's manual page (troff): muster man > muster.1 && man ./muster.1",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError(c, "muster man takes no arguments")
			}
			s, err := c.App.ToManWithSection(1)
			if err != nil {
				return err
			}
			_, err = io.WriteString(c.App.Writer, s)
			return err
		},
	}
}
