package validate

import (
	"fmt"
	"strings"
	"testing"
)

// networkPackage writes an area map of cols x rows areas (a jittered lattice: neighbours share their corners
// exactly), a connection between every two that touch plus distant ones up to links in all, and a scenario
// that sets units up in the areas, one side on each half.
func networkPackage(t testing.TB, cols, rows, links, units int) string {
	var m strings.Builder
	fmt.Fprintf(&m, "kind: Map\nid: big\ngrid: {type: area, width: %din, height: %din}\nareas:\n", cols, rows)
	corner := func(x, y int) string {
		jx, jy := 0.0, 0.0
		if x > 0 && x < cols {
			jx = float64((x*7+y*3)%5-2) * 0.05
		}
		if y > 0 && y < rows {
			jy = float64((x*5+y*11)%5-2) * 0.05
		}
		return fmt.Sprintf("[%g, %g]", float64(x)+jx, float64(y)+jy)
	}
	id := func(x, y int) string { return fmt.Sprintf("a%d-%d", x, y) }
	for y := 0; y < rows; y++ {
		for x := 0; x < cols; x++ {
			fmt.Fprintf(&m, "  - {id: %s, terrain: lowland, stats: {supply: 3}, polygon: [%s, %s, %s, %s]}\n", id(x, y),
				corner(x, y), corner(x+1, y), corner(x+1, y+1), corner(x, y+1))
		}
	}
	m.WriteString("connections:\n")
	n := 0
	for y := 0; y < rows; y++ {
		for x := 0; x < cols; x++ {
			if x+1 < cols {
				fmt.Fprintf(&m, "  - {between: [%s, %s], type: border}\n", id(x, y), id(x+1, y))
				n++
			}
			if y+1 < rows {
				fmt.Fprintf(&m, "  - {between: [%s, %s], type: border}\n", id(x, y), id(x, y+1))
				n++
			}
		}
	}
	seen := map[[2]int]bool{}
	for k := 0; n < links && k < 100*links; k++ {
		a, b := k%(cols*rows), (k*37+k/(cols*rows)*11+cols*rows/2)%(cols*rows)
		ax, ay, bx, by := a%cols, a/cols, b%cols, b/cols
		if key := [2]int{min(a, b), max(a, b)}; !seen[key] && (ax-bx > 1 || bx-ax > 1 || ay-by > 1 || by-ay > 1) {
			seen[key] = true
			fmt.Fprintf(&m, "  - {between: [%s, %s], type: lane, distant: true}\n", id(ax, ay), id(bx, by))
			n++
		}
	}
	var sc strings.Builder
	sc.WriteString("kind: Scenario\nid: war\nmap: {map: big}\nsides:\n")
	for side, name := range []string{"west", "east"} {
		fmt.Fprintf(&sc, "  - id: %s\n    faction: [%s]\n    setup:\n", name, name)
		for k := 0; k < units/2; k++ {
			x := k % (cols / 2)
			if side == 1 {
				x += cols / 2
			}
			fmt.Fprintf(&sc, "      - {unit: %s-foot, cells: [%s]}\n", name, id(x, (k/(cols/2))%rows))
		}
	}
	return writePkg(t, map[string]string{
		"muster.yaml": "kind: Package\nid: big\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": `kind: System
id: sys
grid: area
factions: [{id: west}, {id: east}]
terrain: [{id: lowland}]
features: [{id: border, on: hexside}, {id: lane, on: path}]
placeStats: [{id: supply, type: int}]
stacking: {capacity: {stat: supply}}
`,
		"units.yaml":    "kind: UnitType\nid: west-foot\nfaction: west\nstats: {}\n---\nkind: UnitType\nid: east-foot\nfaction: east\nstats: {}\n",
		"map.yaml":      m.String(),
		"scenario.yaml": sc.String(),
	})
}

// The benchmark's package is valid content: no error (400 units in 200 areas of supply 3 break no capacity).
func TestNetworkBenchmarkPackageIsValid(t *testing.T) {
	r := Load(networkPackage(t, 20, 10, 600, 400))
	for _, d := range r.Diags {
		if d.Severity.String() == "error" {
			t.Errorf("%v", d)
		}
	}
}

// Issue 27's target: a 200-area map with 600 connections and 400 units set up validates in < 100 ms.
func BenchmarkValidateAreaMap200(b *testing.B) {
	dir := networkPackage(b, 20, 10, 600, 400)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := Load(dir); r.Diags.HasErrors() {
			b.Fatal(r.Diags)
		}
	}
}
