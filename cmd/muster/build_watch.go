package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/build"
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/watch"
)

// watchBuild builds, then builds again after every change to the package's content files (or its bases'),
// until interrupted. A failed build is reported and waited out: the next save builds again. The output
// folder is never watched, so writing it starts nothing. A package folder replaced (moved away and back,
// made again by a checkout) is built again and watched again; one gone for good stops the watch with an error.
func watchBuild(c *cli.Context, pkgDir string, opt build.Options) error {
	out, err := filepath.Abs(optString(c, "out"))
	if err != nil {
		return err
	}
	ignore := func(p string) bool { return content.Within(out, p) }
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	w, err := watch.New([]string{pkgDir}, watch.Options{Ignore: ignore})
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "muster build --watch: %v\n", err)
		return exitError{exitUsage}
	}
	defer w.Close()
	once := func() {
		err := buildOnce(c, pkgDir, opt)
		var ee exitError
		switch {
		case errors.As(err, &ee):
			fmt.Fprintln(c.App.ErrWriter, "muster build --watch: not built; waiting for the next change")
		case err != nil:
			fmt.Fprintf(c.App.ErrWriter, "muster build --watch: %v; waiting for the next change\n", err)
		}
		if pkg, _ := content.Load(pkgDir); pkg != nil {
			for b := pkg.Base; b != nil; b = b.Base {
				_ = w.Add(b.Dir) // a mod's base: its changes rebuild the mod too
			}
		}
	}
	once()
	fmt.Fprintf(c.App.ErrWriter, "muster build --watch: watching %s (Ctrl-C stops)\n", pkgDir)
	for {
		select {
		case <-ctx.Done():
			return nil
		case batch, ok := <-w.Changes():
			if !ok {
				return nil
			}
			fmt.Fprintf(c.App.ErrWriter, "muster build --watch: changed: %s\n", strings.Join(batch, ", "))
			once()
		case err := <-w.Lost():
			fmt.Fprintf(c.App.ErrWriter, "muster build --watch: %v; stopping (start it again once the folder is back)\n", err)
			return exitError{exitUsage}
		case <-w.Errors():
		}
	}
}
