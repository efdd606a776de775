package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/build"
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/scaffold"
	"github.com/muster-wargames/muster/print/sheet"
)

// Shell completion. Every shell's script (`muster completion SHELL`) asks muster itself:
//
//	muster __complete WORD... CURRENT
//
// with the words before the cursor and the word being completed, and muster prints the candidates one a line
// ("value<TAB>description"), or a single directive the shell answers with its own file completion: ":dirs"
// (a package folder) or ":files" (a content file, an output file). What a word is comes from the command tree
// and the flags' definitions; which ids a flag takes (--generator, --scenario, --force) from the package named
// on the line. There is no help command among a command's candidates: an argument is never a help request.

// completeCommand is the hidden first argument of a completion request.
const completeCommand = "__complete"

// Directives a completion request may answer with instead of candidates.
const (
	completeDirs  = ":dirs"
	completeFiles = ":files"
)

// argKinds says what each command's positional arguments are, by the command's full name.
var argKinds = map[string]string{
	"validate": completeFiles, "build": completeDirs, "serve": completeDirs, "roster": completeDirs,
	"rules": completeDirs, "test": completeDirs, "export vassal": completeDirs, "export tts": completeDirs,
	"export csv": completeDirs, "generate map": completeDirs, "generate scenario": completeDirs,
	"init": completeDirs, "schema export": completeDirs,
}

// multiArgs are the commands that take more than one positional argument.
var multiArgs = map[string]bool{"validate": true}

// completionShells are the shells `muster completion` writes a script for.
var completionShells = []string{"bash", "zsh", "fish", "powershell"}

// complete answers a completion request: words are the words typed before the cursor, after the program's
// name; cur is the word at the cursor, as far as it is typed.
func complete(app *cli.App, words []string, cur string) []string {
	path := []string{}       // the command names seen: generate, scenario
	var cmd *cli.Command     // the innermost command, nil for the app
	subs := app.Commands     // what may come next as a command name
	flags := app.Flags       // the flags valid here
	var args []string        // the positional arguments seen
	set := map[string]bool{} // the flags given, by every name
	pending := ""            // a flag awaiting its value (the word at the cursor)
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			args = append(args, words[i+1:]...)
			break
		}
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			name, _, hasVal := strings.Cut(strings.TrimLeft(w, "-"), "=")
			f := findFlag(flags, name)
			if f != nil {
				for _, n := range f.Names() {
					set[n] = true
				}
			}
			if f != nil && takesValue(f) && !hasVal {
				if i+1 < len(words) {
					i++
				} else {
					pending = f.Names()[0]
				}
			}
			continue
		}
		if len(args) == 0 {
			if c := findCommand(subs, w); c != nil {
				cmd, subs, path = c, c.Subcommands, append(path, c.Name)
				flags = append(append([]cli.Flag{}, app.Flags...), c.Flags...)
				continue
			}
		}
		args = append(args, w)
	}
	full := strings.Join(path, " ")
	switch {
	case pending != "":
		return flagValueCandidates(full, pending, args, cur)
	case strings.HasPrefix(cur, "-"):
		return flagCandidates(flags, cur)
	case cmd == nil && len(args) == 0 || cmd != nil && len(cmd.Subcommands) > 0 && len(args) == 0:
		return commandCandidates(subs, cur)
	case full == "help":
		return helpCandidates(app, args, cur)
	case full == "completion":
		if len(args) == 0 {
			return prefixed(completionShells, cur)
		}
		return nil
	case full == "export vassal" && set["check"]:
		return []string{completeFiles}
	}
	if kind, ok := argKinds[full]; ok && (len(args) == 0 || multiArgs[full]) {
		return []string{kind}
	}
	return nil
}

// findFlag is the flag of that name (or alias) among flags, or nil.
func findFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

// findCommand is the command of that name among cmds (never the help command: muster has none below the top).
func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

func takesValue(f cli.Flag) bool {
	_, isBool := f.(*cli.BoolFlag)
	return !isBool
}

// commandCandidates are the visible commands starting with cur, with their usage.
func commandCandidates(cmds []*cli.Command, cur string) []string {
	var out []string
	for _, c := range cmds {
		if !c.Hidden && strings.HasPrefix(c.Name, cur) {
			out = append(out, c.Name+"\t"+c.Usage)
		}
	}
	return out
}

// flagCandidates are the long names of flags starting with cur (short aliases are not offered: one name each).
func flagCandidates(flags []cli.Flag, cur string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range flags {
		name := f.Names()[0]
		if len(name) == 1 {
			name = "-" + name
		} else {
			name = "--" + name
		}
		if seen[name] || !strings.HasPrefix(name, cur) {
			continue
		}
		seen[name] = true
		usage := ""
		if d, ok := f.(cli.DocGenerationFlag); ok {
			usage = d.GetUsage()
		}
		out = append(out, name+"\t"+strings.ReplaceAll(usage, "`", ""))
	}
	if strings.HasPrefix("--help", cur) && !seen["--help"] {
		out = append(out, "--help\tshow help")
	}
	return out
}

// helpCandidates are the commands `muster help WORD...` may name next.
func helpCandidates(app *cli.App, args []string, cur string) []string {
	cmds := app.Commands
	for _, a := range args {
		c := findCommand(cmds, a)
		if c == nil {
			return nil
		}
		cmds = c.Subcommands
	}
	return commandCandidates(cmds, cur)
}

// flagValueCandidates are the values a flag of the command full may take: a fixed list, the package's ids, or
// a directive for a path.
func flagValueCandidates(full, flag string, args []string, cur string) []string {
	pkg := ""
	if len(args) > 0 {
		pkg = args[0]
	}
	switch {
	case flag == "out":
		if full == "build" || full == "export tts" || full == "export csv" {
			return []string{completeDirs}
		}
		return []string{completeFiles}
	case flag == "generator" && strings.HasPrefix(full, "generate "):
		return prefixed(packageIDs(pkg, func(p *content.Package) []string { return p.GeneratorIDs(strings.TrimPrefix(full, "generate ")) }), cur)
	case flag == "scenario":
		return prefixed(packageIDs(pkg, func(p *content.Package) []string { return p.IDs(content.KindScenario) }), cur)
	case flag == "force" && full == "roster":
		return prefixed(packageIDs(pkg, func(p *content.Package) []string { return p.IDs(content.KindForce) }), cur)
	case flag == "only":
		// A list: complete the word after the last comma, keeping what is before it.
		done, last := "", cur
		if i := strings.LastIndex(cur, ","); i >= 0 {
			done, last = cur[:i+1], cur[i+1:]
		}
		var out []string
		for _, v := range prefixed(flagValues(full, flag), last) {
			out = append(out, done+v)
		}
		return out
	}
	return prefixed(flagValues(full, flag), cur)
}

// packageIDs reads the package at dir (without checking it) and lists ids of it; nil when there is none.
func packageIDs(dir string, ids func(*content.Package) []string) []string {
	if dir == "" {
		return nil
	}
	p, _ := content.Load(dir)
	if p == nil {
		return nil
	}
	return ids(p)
}

// prefixed are the values starting with cur.
func prefixed(vals []string, cur string) []string {
	var out []string
	for _, v := range vals {
		if strings.HasPrefix(v, cur) {
			out = append(out, v)
		}
	}
	return out
}

// flagValues lists the fixed values of a flag (its first name) of the command full, or nil when any value
// goes (a number, a path, an id).
func flagValues(full, flag string) []string {
	switch flag {
	case "format":
		if full == "test" || full == "roster" || full == "rules" {
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
		if full == "print-test" {
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

// answerCompletion answers `muster __complete WORD... CURRENT` on w.
func answerCompletion(app *cli.App, args []string, w io.Writer) {
	if len(args) == 0 {
		return
	}
	cur := args[len(args)-1]
	if cur == `""` { // Windows PowerShell 5 passes an empty word quoted
		cur = ""
	}
	for _, c := range complete(app, args[:len(args)-1], cur) {
		fmt.Fprintln(w, c)
	}
}

// completionScript is the script of a shell.
func completionScript(shell string) (string, bool) {
	switch shell {
	case "bash":
		return bashCompletion, true
	case "zsh":
		return zshCompletion, true
	case "fish":
		return fishCompletion, true
	case "powershell", "pwsh":
		return powershellCompletion, true
	}
	return "", false
}

// bash (3.2 as macOS ships it, and 4–5): folders and files are bash's own completion, so names with spaces and
// the trailing / come out as bash does them.
const bashCompletion = `# bash completion for muster: source <(muster completion bash)
_muster_complete() {
  local cur="${COMP_WORDS[COMP_CWORD]}" out IFS=$'\n'
  out=$("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur" 2>/dev/null) || return 0
  case "$out" in
    :dirs) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
    :files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
    *) COMPREPLY=($(compgen -W "$(printf '%s\n' "$out" | cut -f1)" -- "$cur")) ;;
  esac
}
complete -F _muster_complete muster muster.exe
`

// zsh 5: candidates with their descriptions; folders and files by zsh's own _path_files.
const zshCompletion = `#compdef muster
# zsh completion for muster: source <(muster completion zsh) after compinit, or save as _muster in $fpath
_muster() {
  local -a out descr
  local line
  out=("${(@f)$("${words[1]}" __complete "${(@Q)words[2,CURRENT-1]}" "${(Q)words[CURRENT]}" 2>/dev/null)}")
  case "${out[1]}" in
    :dirs) _path_files -/ ;;
    :files) _path_files ;;
    *)
      for line in "${out[@]}"; do
        [[ -z "$line" ]] && continue
        if [[ "$line" == *$'\t'* ]]; then
          descr+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
        else
          descr+=("${line//:/\\:}")
        fi
      done
      (( ${#descr} )) && _describe -t values muster descr
      ;;
  esac
}
if [[ "${funcstack[1]}" == _muster ]]; then _muster "$@"; else compdef _muster muster; fi
`

// fish 3 and 4: candidates with descriptions after a tab, as fish reads them.
const fishCompletion = `# fish completion for muster: muster completion fish > ~/.config/fish/completions/muster.fish
function __muster_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l out ($tokens[1] __complete $tokens[2..-1] "$cur" 2>/dev/null)
    switch "$out[1]"
        case :dirs
            __fish_complete_directories "$cur"
        case :files
            __fish_complete_path "$cur"
        case '*'
            printf '%s\n' $out
    end
end
complete -c muster -f -a '(__muster_complete)'
`

// PowerShell 5.1 and 7: a native argument completer; folders and files from the file system provider.
const powershellCompletion = `# PowerShell completion for muster: muster completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName muster, muster.exe -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $words = @()
    foreach ($e in $commandAst.CommandElements | Select-Object -Skip 1) {
        if ($e.Extent.EndOffset -lt $cursorPosition -or ($e.Extent.EndOffset -eq $cursorPosition -and $wordToComplete -eq '')) {
            $words += $e.Extent.Text
        }
    }
    $cur = $wordToComplete
    if ($cur -eq '' -and ($PSVersionTable.PSVersion.Major -lt 7 -or $PSNativeCommandArgumentPassing -eq 'Legacy')) { $cur = '""' }
    $exe = $commandAst.CommandElements[0].Extent.Text
    $out = @(& $exe __complete @words $cur 2>$null)
    if ($out.Count -gt 0 -and ($out[0] -eq ':dirs' -or $out[0] -eq ':files')) {
        $items = if ($out[0] -eq ':dirs') { Get-ChildItem -Directory -Path "$wordToComplete*" -ErrorAction SilentlyContinue } else { Get-ChildItem -Path "$wordToComplete*" -ErrorAction SilentlyContinue }
        foreach ($i in $items) {
            $name = Resolve-Path -Relative $i.FullName
            if ($i.PSIsContainer) { $name += [IO.Path]::DirectorySeparatorChar }
            if ($name -match '\s') { $name = "'" + $name + "'" }
            [System.Management.Automation.CompletionResult]::new($name, $name, 'ProviderItem', $name)
        }
        return
    }
    foreach ($line in $out) {
        if ($line -eq '') { continue }
        $parts = $line -split "\t", 2
        $tip = if ($parts.Count -gt 1 -and $parts[1] -ne '') { $parts[1] } else { $parts[0] }
        [System.Management.Automation.CompletionResult]::new($parts[0], $parts[0], 'ParameterValue', $tip)
    }
}
`
