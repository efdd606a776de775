package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/validate"
)

// fixtureJSON is one fixture's outcome in `muster test --format json`.
type fixtureJSON struct {
	ID      string            `json:"id"`
	At      string            `json:"at"`
	Expect  string            `json:"expect"`
	Pass    bool              `json:"pass"`
	Why     string            `json:"why,omitempty"`
	Missing []string          `json:"missing,omitempty"`
	Diags   []diag.Diagnostic `json:"diagnostics,omitempty"`
}

func testCommand() *cli.Command {
	return &cli.Command{
		Name:      "test",
		Usage:     "run a package's content tests (Fixture documents) and report pass or fail for each",
		ArgsUsage: "PACKAGE_DIR [--format text|json] [-v]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "text or json"},
			&cli.BoolFlag{Name: "v", Usage: "also print the diagnostics of passing fixtures"},
		},
		Description: `A Fixture holds a force or a scenario and says whether it must pass (no errors) or fail, and which rules or
diagnostic codes must fire. Exit codes: 0 all fixtures pass, 1 a fixture fails or the package itself has errors
(muster validate lists them), 2 usage or I/O failure.

Examples:
   muster test examples/highest-ground`,
		Action: func(c *cli.Context) error {
			pos := c.Args().Slice()
			if len(pos) != 1 {
				return usageError(c, "name one package folder (e.g. muster test examples/highest-ground)")
			}
			format, err := reportFormat(c)
			if err != nil {
				return err
			}
			verbose := c.Bool("v")
			r, err := loadForReport(c, pos[0])
			if err != nil {
				return err
			}
			results := validate.RunFixtures(r)
			failed := 0
			var js []fixtureJSON
			w := io.Writer(c.App.Writer)
			if format == "text" {
				w = escaped{w}
			}
			for _, res := range results {
				if !res.Pass {
					failed++
				}
				if format == "json" {
					js = append(js, fixtureJSON{ID: res.Fixture.ID, At: res.Fixture.At.String(), Expect: res.Fixture.Expect,
						Pass: res.Pass, Why: res.Why, Missing: res.Missing, Diags: res.Diags})
					continue
				}
				word := "PASS"
				if !res.Pass {
					word = "FAIL"
				}
				fmt.Fprintf(w, "%s %s (%s)", word, res.Fixture.ID, res.Fixture.At)
				if res.Why != "" {
					fmt.Fprintf(w, ": %s", res.Why)
				}
				fmt.Fprintln(w)
				if !res.Pass || verbose {
					for _, d := range res.Diags {
						fmt.Fprintf(w, "    %s\n", d)
					}
				}
			}
			if format == "json" {
				if js == nil {
					js = []fixtureJSON{}
				}
				if err := writeJSON(w, struct {
					Schema   string        `json:"schema"`
					Fixtures []fixtureJSON `json:"fixtures"`
				}{testSchema, js}); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(w, "%s, %d passed, %d failed\n", english.Count(len(results), "fixture"), len(results)-failed, failed)
			}
			if failed > 0 || r.Diags.HasErrors() {
				// A fixture that passes in a package with errors proves little: the package fails too.
				return exitError{exitFail}
			}
			return nil
		},
	}
}
