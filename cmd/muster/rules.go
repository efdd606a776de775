package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/validate"
)

func rulesCommand() *cli.Command {
	return &cli.Command{
		Name:      "rules",
		Usage:     "list every built-in check and declared rule that applies to a package, with its doc",
		ArgsUsage: "[PACKAGE_DIR] [--format text|json]",
		Flags:     []cli.Flag{&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "text or json; markdown for docs/checks.md"}},
		Description: `Without a package, lists every built-in check. With one, lists the checks that have something to look at
in it, then the System's declared rules (each under its diagnostic code, rules.<id>) and its point and
derived-value formulas.

Examples:
   muster rules
   muster rules examples/highest-ground
   muster rules --format markdown > docs/checks.md`,
		Action: func(c *cli.Context) error {
			pos := c.Args().Slice()
			if len(pos) > 1 {
				return usageError(c, "name at most one package folder (e.g. muster rules examples/highest-ground)")
			}
			if optString(c, "format") == "markdown" {
				if len(pos) > 0 {
					return usageError(c, "--format markdown lists every check (docs/checks.md), not a package's")
				}
				_, err := fmt.Fprint(c.App.Writer, validate.ChecksMarkdown())
				return err
			}
			format, err := reportFormat(c)
			if err != nil {
				return err
			}
			var rules []validate.RuleInfo
			if len(pos) == 0 {
				rules = validate.Rules(nil)
			} else {
				r, err := loadForReport(c, pos[0])
				if err != nil {
					return err
				}
				rules = validate.Rules(r.Pkg)
			}
			if format == "json" {
				return writeJSON(c.App.Writer, struct {
					Schema string              `json:"schema"`
					Rules  []validate.RuleInfo `json:"rules"`
				}{rulesSchema, rules})
			}
			w := escaped{c.App.Writer}
			kind := ""
			for _, r := range rules {
				if r.Kind != kind {
					kind = r.Kind
					fmt.Fprintln(w, map[string]string{"family": "Diagnostic code families (loading, schemas, decoding, fixtures):",
						"check": "\nBuilt-in checks:", "rule": "\nDeclared rules (System.rules):",
						"points": "\nPoint formulas:", "derived": "\nDerived values:"}[kind])
				}
				var extra []string
				if r.Scope != "" {
					extra = append(extra, "scope "+r.Scope)
				}
				if r.Severity != "" && r.Severity != "error" {
					extra = append(extra, r.Severity)
				}
				if r.Source != "" {
					extra = append(extra, r.Source)
				}
				if r.Expr != "" {
					extra = append(extra, "= "+strings.TrimSpace(r.Expr))
				}
				line := fmt.Sprintf("  %-28s %s", r.Name, r.Doc)
				if len(extra) > 0 {
					line += " [" + strings.Join(extra, "; ") + "]"
				}
				fmt.Fprintln(w, line)
			}
			return nil
		},
	}
}
