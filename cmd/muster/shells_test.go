package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The completion scripts in the real shells, typed into a terminal (tmux) as a person would: `muster build
// <Tab>` offers folders and never h or help, `muster build exa<Tab>` completes to examples/, and `--generator
// <Tab>` offers the package's generator ids. CI installs bash, zsh, fish and tmux (.ci/run); elsewhere a
// missing one skips.
func TestCompletionInRealShells(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the shells under tmux take a few seconds")
	}
	need := func(tool string) {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is not installed: .ci/run installs it (apt-get install %s)", tool, tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	need("tmux")
	env := musterOnPath(t)
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	shells := []struct {
		name  string
		start string // the command tmux runs
		setup string // typed first
	}{
		{"bash", "bash --norc --noprofile", `PS1='$ '; source <(muster completion bash)`},
		{"zsh", "zsh -f", `PROMPT='$ '; autoload -U compinit && compinit -u -D; source <(muster completion zsh)`},
		{"fish", "fish --no-config", `set -g fish_autosuggestion_enabled 0; function fish_prompt; printf '$ '; end; muster completion fish | source`},
	}
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			need(sh.name)
			home := t.TempDir()
			term := &tmuxTerm{t: t, socket: filepath.Join(home, "tmux.sock"), env: append(env, "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home, "XDG_CACHE_HOME="+home, "TERM=xterm-256color")}
			term.run("-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50", "-c", repo, sh.start)
			t.Cleanup(func() { term.tryRun("kill-server") })
			term.send(sh.setup, "Enter")
			term.send("clear", "Enter")
			term.waitFor("prompt", regexp.MustCompile(`(?m)^\$ ?$`))

			// muster build <Tab>: the folders here, and no help command.
			term.send("muster build ", "Tab", "Tab")
			screen := term.waitFor("the folders", regexp.MustCompile(`examples/`))
			for _, want := range []string{"content/", "cmd/"} {
				if !strings.Contains(screen, want) {
					t.Errorf("muster build <Tab> does not offer %s:\n%s", want, screen)
				}
			}
			if regexp.MustCompile(`(?m)(^|\s)(h|help)(\s|$)`).MatchString(screen) || strings.Contains(screen, "README.md") {
				t.Errorf("muster build <Tab> offers a help command or a file:\n%s", screen)
			}
			term.clearLine()

			// muster build exa<Tab> completes the folder.
			term.send("muster build exa", "Tab")
			term.waitFor("examples/ completed", regexp.MustCompile(`(?m)^\$ muster build examples/ *$`))
			term.clearLine()

			// The package's generator ids: one is completed, two are offered.
			term.send("muster generate scenario examples/highest-ground --generator ", "Tab")
			term.waitFor("the generator id", regexp.MustCompile(`(?m)^\$ muster generate scenario examples/highest-ground --generator thg-random *$`))
			term.clearLine()
			term.send("muster generate scenario examples/ancients --generator ", "Tab")
			term.waitFor("the ids' common start", regexp.MustCompile(`--generator ancients-random-`))
			term.send("", "Tab", "Tab") // bash lists on a second Tab; zsh and fish list at once (fish elides the common start)
			term.waitFor("the generator ids", regexp.MustCompile(`random-battle(.|\n)*random-points`))
			term.clearLine()
		})
	}
}

// tmuxTerm is a terminal in a tmux server of its own.
type tmuxTerm struct {
	t      *testing.T
	socket string
	env    []string
}

func (m *tmuxTerm) tryRun(args ...string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-S", m.socket}, args...)...)
	cmd.Env = m.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (m *tmuxTerm) run(args ...string) string {
	m.t.Helper()
	out, err := m.tryRun(args...)
	if err != nil {
		m.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// send types text (literally) and then the named keys.
func (m *tmuxTerm) send(text string, keys ...string) {
	m.t.Helper()
	if text != "" {
		m.run("send-keys", "-l", text)
	}
	for _, k := range keys {
		m.run("send-keys", k)
		time.Sleep(300 * time.Millisecond) // a second Tab after the first has been answered
	}
}

// clearLine ends what is typed and clears the screen, so the next step reads only its own output.
func (m *tmuxTerm) clearLine() {
	m.t.Helper()
	// A Ctrl-C that lands while a completion still runs (a second Tab on a loaded machine) stops that instead
	// of clearing the line (zsh: "Killed by signal in _muster"): it is sent again until the prompt is empty.
	empty := regexp.MustCompile(`(?:\A|\n)\$ ?\n\z`)
	for try := 0; try < 5; try++ {
		m.run("send-keys", "C-c")
		if m.poll(empty, 5*time.Second) {
			break
		}
	}
	m.waitFor("an empty prompt", empty)
	m.send("clear", "Enter")
	m.waitFor("a clear screen", regexp.MustCompile(`\A\$ *\n*\z`))
}

// poll reads the screen until re matches it or d has passed.
func (m *tmuxTerm) poll(re *regexp.Regexp, d time.Duration) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		screen := strings.TrimLeft(strings.TrimRight(m.run("capture-pane", "-p"), "\n")+"\n", "\n")
		if re.MatchString(screen) {
			return true
		}
	}
	return false
}

// waitFor reads the screen until re matches it (and fails the test after a generous while): the screen.
func (m *tmuxTerm) waitFor(what string, re *regexp.Regexp) string {
	m.t.Helper()
	var screen string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		screen = strings.TrimRight(m.run("capture-pane", "-p"), "\n") + "\n"
		screen = strings.TrimLeft(screen, "\n")
		if re.MatchString(screen) {
			return screen
		}
	}
	m.t.Fatalf("%s never showed (%s); the screen:\n%s", what, re, screen)
	return ""
}
