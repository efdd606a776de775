package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

func styleCommand() *cli.Command {
	return &cli.Command{
		Name:  "style",
		Usage: "list the counter face styles muster ships, or print one to copy into a System's faces",
		Description: `A System's face layout picks a style by name (style: classic) and fills its roles with formats of its
own stats (roles: {factors: "{attack}-{movement}"}). Each style is a face layout written in the content
language: print one, copy it into the System's faces and change what you like.

Examples:
   muster style list
   muster style show classic`,
		Subcommands: []*cli.Command{
			{
				Name:  "list",
				Usage: "list the styles, each with its roles",
				Action: func(c *cli.Context) error {
					if c.Args().Present() {
						return usageError(c, "takes no arguments (muster style show NAME prints one)")
					}
					for _, name := range content.FaceStyles() {
						roles := content.FaceStyle(name).StyleRoles()
						if _, err := fmt.Fprintf(c.App.Writer, "%-20s roles: %s\n", name, strings.Join(roles, ", ")); err != nil {
							return err
						}
					}
					return nil
				},
			},
			{
				Name:      "show",
				Usage:     "print a style's face layout, as YAML to copy into a System's faces",
				ArgsUsage: "NAME",
				Action: func(c *cli.Context) error {
					if c.NArg() != 1 {
						return usageError(c, "name one style: "+strings.Join(content.FaceStyles(), ", "))
					}
					name := c.Args().First()
					b, ok := content.FaceStyleSource(name)
					if !ok {
						msg := fmt.Sprintf("muster ships no style %q (the styles are %s)", name, strings.Join(content.FaceStyles(), ", "))
						if hint := diag.DidYouMean(name, content.FaceStyles()); hint != "" {
							msg += ": " + hint
						}
						return usageError(c, msg)
					}
					_, err := c.App.Writer.Write(b)
					return err
				},
			},
		},
	}
}
