// Package engine loads modules in the real VASSAL engine: ../shared/vassal/check-vmod.sh beside the project's
// checkout (VASSAL built from its source, see its README) opens a .vmod as the Player does, starts its games
// and reports what VASSAL complains about. The tests of the exporters run every module they write through it.
package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Script is check-vmod.sh's path below the folder that holds the project's checkout.
const Script = "shared/vassal/check-vmod.sh"

// ErrAbsent is returned by Find when there is no ../shared/vassal beside the checkout (a checkout on its own).
var ErrAbsent = errors.New("no VASSAL checker: ../" + Script + " is not beside the checkout")

// ErrMissingDependency is what Run returns (wrapped, with the checker's words) when the checker is there but
// cannot run: java, xvfb or a jar is not installed (exit 2, "missing dependency"; install-deps.sh installs them).
var ErrMissingDependency = errors.New("the VASSAL checker's dependencies are not installed (run ../shared/vassal/install-deps.sh as root)")

// Find returns check-vmod.sh's absolute path, looking up from dir for the checkout's root (the folder with
// go.mod) and then in its parent; ErrAbsent when the checker is not there.
func Find(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		d = up
	}
	s := filepath.Join(filepath.Dir(d), filepath.FromSlash(Script))
	if _, err := os.Stat(s); err != nil {
		return "", ErrAbsent
	}
	return s, nil
}

// Report is check-vmod.sh's --json summary of one module (its README describes every field).
type Report struct {
	File          string   `json:"file"`
	VassalVersion string   `json:"vassalVersion"`
	Result        string   `json:"result"` // clean, problems or timeout
	Problems      []string `json:"problems"`
	Module        struct {
		Name                 string `json:"name"`
		Version              string `json:"version"`
		VassalVersionCreated string `json:"vassalVersionCreated"`
	} `json:"module"`
	Components map[string]int `json:"components"`
	Prototypes struct {
		OK     int `json:"ok"`
		Failed int `json:"failed"`
	} `json:"prototypes"`
	PieceSlots struct {
		OK                   int `json:"ok"`
		Failed               int `json:"failed"`
		ReencodedDifferently int `json:"reencodedDifferently"`
		DrawingNothing       int `json:"drawingNothing"`
	} `json:"pieceSlots"`
	Images struct {
		Named   int `json:"named"`
		Found   int `json:"found"`
		Missing int `json:"missing"`
	} `json:"images"`
	Grids []struct {
		Map          string `json:"map"`
		Board        string `json:"board"`
		Grid         string `json:"grid"`
		Locations    int    `json:"locations"`
		Inconsistent int    `json:"inconsistent"`
	} `json:"grids"`
	SetupStacks struct {
		Total      int `json:"total"`
		Resolved   int `json:"resolved"`
		Unresolved int `json:"unresolved"`
	} `json:"setupStacks"`
	NewGames         []Game   `json:"newGames"`
	PredefinedSetups []Game   `json:"predefinedSetups"`
	Notes            []string `json:"notes"`
}

// Game is a new game started for one board name (Boards, Chosen), or a predefined setup loaded (Name, File,
// Loaded): the pieces VASSAL placed on each map, and how many lie off every board.
type Game struct {
	Boards       string            `json:"boards"`
	Started      bool              `json:"started"`
	Chosen       map[string]string `json:"chosen"` // map name -> the board it got
	Name         string            `json:"name"`
	File         string            `json:"file"`
	Loaded       bool              `json:"loaded"`
	Problems     []string          `json:"problems"`
	PiecesPerMap map[string]int    `json:"piecesPerMap"`
	OffBoard     int               `json:"offBoard"`
	Total        int               `json:"total"`
}

// Run loads module (a .vmod file) with the checker at script and returns its report and its text output.
// Problems VASSAL reports are in the report (Result "problems"), not an error; an error is a checker that
// could not run: ErrMissingDependency (wrapped) when its dependencies are not installed, or a usage error,
// hang or crash with its output.
func Run(ctx context.Context, script, module string, args ...string) (*Report, string, error) {
	dir, err := os.MkdirTemp("", "check-vmod-")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "report.json")
	cmd := exec.CommandContext(ctx, script, append(append(append([]string(nil), args...), "--json", out), module)...)
	// VASSAL's windows stay on the checker's own virtual display.
	cmd.Env = withoutDisplay(os.Environ())
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	runErr := cmd.Run()
	text := buf.String()
	code := 0
	if runErr != nil {
		var ee *exec.ExitError
		if !errors.As(runErr, &ee) {
			return nil, text, fmt.Errorf("check-vmod: %w", runErr)
		}
		code = ee.ExitCode()
	}
	switch code {
	case 0, 1, 3:
	case 2:
		if strings.Contains(text, "missing dependency") {
			return nil, text, fmt.Errorf("%w:\n%s", ErrMissingDependency, strings.TrimSpace(text))
		}
		return nil, text, fmt.Errorf("check-vmod exited with status 2:\n%s", strings.TrimSpace(text))
	default:
		return nil, text, fmt.Errorf("check-vmod exited with status %d:\n%s", code, tail(text, 40))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, text, fmt.Errorf("check-vmod (status %d) wrote no report: %v\n%s", code, err, tail(text, 40))
	}
	r := &Report{}
	if err := json.Unmarshal(data, r); err != nil {
		return nil, text, fmt.Errorf("check-vmod's report: %w", err)
	}
	if code == 3 && r.Result != "timeout" {
		r.Result = "timeout"
	}
	return r, text, nil
}

func withoutDisplay(env []string) []string {
	out := env[:0:0]
	for _, e := range env {
		if !strings.HasPrefix(e, "DISPLAY=") {
			out = append(out, e)
		}
	}
	return out
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}
