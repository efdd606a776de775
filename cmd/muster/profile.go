package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/print/profile"
)

// profileFlag is --profile, for build and validate.
func profileFlag() cli.Flag {
	return &cli.StringFlag{Name: "profile", Usage: "print for a print service `NAME` (" + strings.Join(profile.Names(), ", ") + "): its bleed, page boxes, file layout and preflight; see docs/profiles.md"}
}

// profileOption reads --profile: nil when not given, an error with a did-you-mean for a name that is none.
func profileOption(c *cli.Context) (*profile.Profile, error) {
	name := optString(c, "profile")
	if name == "" {
		return nil, nil
	}
	p, err := profile.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("--profile: %v", err)
	}
	return p, nil
}

// profileList is the profiles, one a line, for --help.
func profileList() string {
	var b strings.Builder
	for _, p := range profile.All() {
		fmt.Fprintf(&b, "   %-16s %s: %s\n", p.Name, p.Service, p.Describe())
	}
	return strings.TrimRight(b.String(), "\n")
}
