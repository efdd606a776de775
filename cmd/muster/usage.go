package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
)

// Usage errors: a misspelt command, an unknown flag, a missing argument. muster says what is wrong and how the
// command is used in two short lines on standard error and exits 2; it never prints the whole help, and never
// on standard output, where a JSON or SARIF reader is waiting.

// usageError reports a usage problem of the command c is running.
func usageError(c *cli.Context, msg string) error {
	w := c.App.ErrWriter
	name := commandPath(c)
	fmt.Fprintf(w, "%s: %s\n", name, msg)
	fmt.Fprintf(w, "usage: %s\n", usageLine(c))
	return exitError{exitUsage}
}

// commandPath is "muster build", "muster generate map", or "muster".
func commandPath(c *cli.Context) string {
	if c.Command != nil && c.Command.HelpName != "" {
		return c.Command.HelpName
	}
	if c.Command != nil && c.Command.Name != "" {
		return "muster " + c.Command.Name
	}
	return "muster"
}

// usageLine is the command with its options and arguments, and where to read more.
func usageLine(c *cli.Context) string {
	name := commandPath(c)
	cmd := c.Command
	if cmd == nil || name == "muster" {
		return "muster [--format text|json|sarif|github] COMMAND [options] ARGS (muster --help lists the commands)"
	}
	var subs []string
	for _, s := range cmd.Subcommands {
		if !s.Hidden && s.Name != "help" {
			subs = append(subs, s.Name)
		}
	}
	if len(subs) > 0 {
		return fmt.Sprintf("%s %s ... (%s --help for more)", name, strings.Join(subs, "|"), name)
	}
	args := cmd.ArgsUsage
	if args == "" {
		args = "[ARGS]"
	}
	return fmt.Sprintf("%s [options] %s (%s --help for more)", name, args, name)
}

// installUsage makes every command report usage errors the short way: flag errors, unknown commands and
// unknown subcommands, with a did-you-mean where one is close.
func installUsage(app *cli.App) {
	app.OnUsageError = func(c *cli.Context, err error, _ bool) error { return flagError(c, err) }
	app.Action = func(c *cli.Context) error {
		if c.Args().Present() {
			return unknownCommand(c, c.Args().First(), app.Commands)
		}
		// muster alone: the help, as a usage error (on standard error, exit 2).
		saved := c.App.Writer
		c.App.Writer = c.App.ErrWriter
		_ = cli.ShowAppHelp(c)
		c.App.Writer = saved
		return exitError{exitUsage}
	}
	var walk func([]*cli.Command)
	walk = func(cmds []*cli.Command) {
		for _, cmd := range cmds {
			// No help subcommand below the top (urfave/cli would add one, h and help, to every command): an
			// argument named help or h is an argument, and completion never offers them.
			cmd.HideHelpCommand = true
			cmd.OnUsageError = func(c *cli.Context, err error, _ bool) error { return flagError(c, err) }
			if len(cmd.Subcommands) > 0 && cmd.Action == nil {
				subs := cmd.Subcommands
				cmd.Action = func(c *cli.Context) error {
					if c.Args().Present() {
						return unknownCommand(c, c.Args().First(), subs)
					}
					return usageError(c, "name a subcommand")
				}
			}
			walk(cmd.Subcommands)
		}
	}
	walk(app.Commands)
}

// unknownCommand reports a command name that is not one of cmds.
func unknownCommand(c *cli.Context, name string, cmds []*cli.Command) error {
	var names []string
	for _, cmd := range cmds {
		if !cmd.Hidden && cmd.Name != "help" {
			names = append(names, cmd.Names()...)
		}
	}
	msg := fmt.Sprintf("unknown command %q", name)
	if strings.HasPrefix(name, "-") {
		msg = fmt.Sprintf("unknown option %q", name)
	}
	return usageError(c, msg+didYouMean(name, names))
}

// flagError reports a flag the command does not have, or one missing its value.
func flagError(c *cli.Context, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		dashed := func(n string) string {
			if len(n) == 1 {
				return "-" + n
			}
			return "--" + n
		}
		var flags []string
		all := c.App.Flags
		if c.Command != nil {
			all = append(append([]cli.Flag{}, c.Command.Flags...), all...)
		}
		for _, f := range all {
			for _, n := range f.Names() {
				flags = append(flags, dashed(n))
			}
		}
		msg = "unknown option " + dashed(name) + didYouMean(dashed(name), flags)
	}
	return usageError(c, msg)
}

// colourOn says whether w is a terminal that should get colour: a character device, NO_COLOR unset or empty
// (https://no-color.org), and TERM not dumb.
func colourOn(w any) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(f)
}

// isTerminal reports whether f is a character device (a terminal, as far as muster needs to know) that
// understands ANSI escapes: on Windows, a console whose virtual-terminal processing is on or could be turned on.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && ansiConsole(f)
}
