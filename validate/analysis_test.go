package validate

import (
	"path/filepath"
	"strings"
	"testing"
)

// An objective a side cannot reach before the scenario ends is a warning at the objective's line; one it can
// reach is not; a scenario of 10,000 turns is analysed to muster's limit, and says so; a generator's bestOdds
// band must name two columns of the combat table, the lower first.
func TestAnalysisUnreachable(t *testing.T) {
	r := Load(filepath.Join("testdata", "analysis", "unreachable"))
	var got []string
	for _, d := range r.Diags {
		if strings.HasPrefix(d.Code, "analysis.") {
			got = append(got, filepath.Base(d.Pos.File)+":"+itoa(d.Pos.Line)+":"+itoa(d.Pos.Col)+" "+d.Code+" "+d.Message)
		}
	}
	want := []string{
		"generators.yaml:8:13 analysis.band generator band-backwards: the band runs from 4:1 to 1:1, but 4:1 comes after 1:1 in crt: give the lower column first",
		"generators.yaml:20:21 analysis.band generator band-off-the-table: \"9:1\" is not a column of crt (1:2, 1:1, 2:1, 3:1, 4:1, 5:1, 6:1)",
		"scenarios.yaml:23:5 analysis.unreachable side south of scenario one-week-dash cannot reach hollin (Hollin) by turn 1, the scenario's last, even with no enemy in the way",
		"scenarios.yaml:50:10 analysis.limit scenario long-war has 10000 turns: reachability is worked out to turn 1000 only (muster's limit)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
