package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/build"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/scaffold"
	"github.com/muster-wargames/muster/print/sheet"
)

// Shell completion of flag values: `muster validate --format <TAB>` offers text, json, sarif and github.
// urfave/cli completes commands and flag names; a flag's values are muster's to know, so run() answers the
// completion request itself when the word before the cursor is a flag with a fixed set of values.

// completionFlag is the argument the completion scripts append (urfave/cli's).
const completionFlag = "--generate-bash-completion"

// flagValues lists the values of a flag (named without dashes) in the command words before it, or nil when
// any value goes (a folder, a number).
func flagValues(words []string, flag string) []string {
	command := ""
	for _, w := range words {
		if !strings.HasPrefix(w, "-") {
			command = w
			break
		}
	}
	switch flag {
	case "format", "f":
		if command == "test" || command == "roster" || command == "rules" {
			return []string{"text", "json"}
		}
		return diag.Formats
	case "grid":
		return scaffold.Grids
	case "from":
		return scaffold.Examples()
	case "only":
		return build.Selectable()
	case "backs":
		if command == "print-test" {
			return []string{string(sheet.LongEdge), string(sheet.ShortEdge)}
		}
		return []string{string(sheet.LongEdge), string(sheet.ShortEdge), string(sheet.Foldover), string(sheet.NoBacks)}
	case "paper":
		var out []string
		for name := range value.Papers {
			out = append(out, name)
		}
		sort.Strings(out)
		return out
	}
	return nil
}

// completeFlagValue answers a completion request (args end with completionFlag) whose last word is a flag
// with known values, and reports whether it did.
func completeFlagValue(args []string, w io.Writer) bool {
	n := len(args)
	if n < 3 || args[n-1] != completionFlag {
		return false
	}
	prev := args[n-2]
	if !strings.HasPrefix(prev, "-") || strings.Contains(prev, "=") {
		return false
	}
	vals := flagValues(args[1:n-2], strings.TrimLeft(prev, "-"))
	if vals == nil {
		return false
	}
	for _, v := range vals {
		fmt.Fprintln(w, v)
	}
	return true
}

// fishValueCompletions adds the flag values to the fish script urfave/cli writes (which completes flag names
// only).
func fishValueCompletions() string {
	var b strings.Builder
	b.WriteString("\n# flag values\n")
	for _, f := range []struct{ flag, cond string }{
		{"format", "not __fish_seen_subcommand_from test roster rules"}, {"grid", ""}, {"from", ""}, {"only", ""}, {"backs", ""}, {"paper", ""},
	} {
		vals := flagValues(nil, f.flag)
		cond := ""
		if f.cond != "" {
			cond = " -n '" + f.cond + "'"
		}
		fmt.Fprintf(&b, "complete -c muster%s -l %s -x -a '%s'\n", cond, f.flag, strings.Join(vals, " "))
	}
	b.WriteString("complete -c muster -n '__fish_seen_subcommand_from test roster rules' -l format -x -a 'text json'\n")
	return b.String()
}
