package engine

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// ZoneProbe.java asks VASSAL's own ZonedGrid which of a board's zones holds each point (findZone, what a
// piece's CurrentZone reads): the real engine's path parsing (PolygonEditor) and insideness (java.awt.Polygon)
// on the zones exactly as buildFile.xml has them. It needs only the checker's vassal.jar, its classpath and a
// JDK; it is compiled for each call into a temporary folder and runs without a display.
//
//go:embed ZoneProbe.java
var zoneProbe []byte

// Zone is a zone as buildFile.xml writes it: its name and its path ("x,y;x,y;...").
type Zone struct{ Name, Path string }

// Point is a point of a board, in pixels.
type Point struct{ X, Y int }

// FindZones returns, for each point, the name of the first zone that holds it as VASSAL's ZonedGrid finds it
// ("" for none). script is check-vmod.sh (Find); ErrMissingDependency (wrapped) when java or javac is not
// installed.
func FindZones(ctx context.Context, script string, zones []Zone, points []Point) ([]string, error) {
	dir := filepath.Dir(script)
	cpData, err := os.ReadFile(filepath.Join(dir, "classpath"))
	if err != nil {
		return nil, fmt.Errorf("zone probe: %w", err)
	}
	cp := filepath.Join(dir, "vassal.jar")
	for _, j := range strings.Split(strings.TrimSpace(string(cpData)), ":") {
		if j != "" {
			cp += ":" + j
		}
	}
	for _, tool := range []string{"java", "javac"} {
		if _, err := exec.LookPath(tool); err != nil {
			return nil, fmt.Errorf("%w: %s is not installed", ErrMissingDependency, tool)
		}
	}
	tmp, err := os.MkdirTemp("", "zone-probe-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "ZoneProbe.java")
	if err := os.WriteFile(src, zoneProbe, 0o644); err != nil {
		return nil, err
	}
	if out, err := exec.CommandContext(ctx, "javac", "-nowarn", "-encoding", "UTF-8", "-d", tmp, "-cp", cp, src).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("zone probe: javac: %v\n%s", err, out)
	}
	var in bytes.Buffer
	for _, z := range zones {
		if strings.ContainsAny(z.Name+z.Path, "\t\n") {
			return nil, fmt.Errorf("zone probe: zone %q: a tab or a line break in its name or path", z.Name)
		}
		fmt.Fprintf(&in, "Z\t%s\t%s\n", z.Name, z.Path)
	}
	for _, p := range points {
		fmt.Fprintf(&in, "P\t%d\t%d\n", p.X, p.Y)
	}
	cmd := exec.CommandContext(ctx, "java", "-Djava.awt.headless=true", "-Duser.language=en", "-cp", cp+":"+tmp, "ZoneProbe")
	cmd.Env = withoutDisplay(os.Environ())
	cmd.Stdin = &in
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("zone probe: %v\n%s", err, tail(stderr.String(), 20))
	}
	lines := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
	if len(points) == 0 {
		return nil, nil
	}
	if len(lines) != len(points) {
		return nil, fmt.Errorf("zone probe: %d answers for %d points\n%s", len(lines), len(points), tail(stderr.String(), 20))
	}
	out := make([]string, len(points))
	for i, l := range lines {
		switch {
		case l == "-":
		case strings.HasPrefix(l, "="):
			out[i] = l[1:]
		default:
			return nil, errors.New("zone probe: unexpected answer " + strconv.Quote(l))
		}
	}
	return out, nil
}
