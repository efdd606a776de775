package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/serve"
)

// DefaultServePort is muster serve's port when --port is not given.
const DefaultServePort = 8420

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:      "serve",
		Usage:     "preview a package live in the browser: counters, maps, charts, scenario sheets and diagnostics, redrawn as you save",
		ArgsUsage: "PACKAGE_DIR",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "port", Value: DefaultServePort, Usage: "serve on 127.0.0.1:`PORT` (0: any free port)"},
		},
		Description: `Serves a page on 127.0.0.1 (this machine only) that shows every counter design front and back, the
counter sheet pages, each map, the charts and the scenario sheets, with the package's diagnostics at their
file:line:col. When a content file is saved, muster validates the package again, redraws only the pictures
whose content changed, and the page updates by itself. A package with errors shows them and keeps the last
good pictures. Nothing is written to disk; stop with Ctrl-C.

Examples:
   muster serve examples/highest-ground
   muster serve my-game --port 9000`,
		Action: func(c *cli.Context) error {
			args := c.Args().Slice()
			if len(args) != 1 {
				fmt.Fprintln(c.App.ErrWriter, "muster serve: name one package folder (e.g. muster serve examples/highest-ground)")
				return exitError{exitUsage}
			}
			if st, err := os.Stat(args[0]); err != nil || !st.IsDir() {
				fmt.Fprintf(c.App.ErrWriter, "muster serve: %s is not a package folder\n", args[0])
				return exitError{exitUsage}
			}
			ln, err := serve.Listen(c.Int("port"))
			if err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster serve: %v\n", err)
				return exitError{exitUsage}
			}
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
			defer stop()
			fmt.Fprintf(c.App.Writer, "muster serve: previewing %s at http://%s/ (Ctrl-C stops)\n", args[0], ln.Addr())
			s := serve.New(args[0], serve.Options{Logf: func(format string, a ...any) {
				fmt.Fprintf(c.App.ErrWriter, "muster serve: "+format+"\n", a...)
			}})
			if err := s.Serve(ctx, ln); err != nil {
				fmt.Fprintf(c.App.ErrWriter, "muster serve: %v\n", err)
				return exitError{exitUsage}
			}
			return nil
		},
	}
}
