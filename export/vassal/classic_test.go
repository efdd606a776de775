package vassal

import (
	"bytes"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// The river line's module, read back: the turn tracker steps through the System's sequence of play inside
// each turn; in the Autumn Offensive the corps set up on their backs in 1209 and 0407 start with their flip
// layer active (and no other set-up piece does), and the volunteer brigade's stack in 1503 holds its Out of
// Supply marker above it.
func TestRiverLineModuleSaysSetupStateAndPhases(t *testing.T) {
	e := exampleModule(t, "testdata/river-line")
	pkg := e.checked.Package()
	root, err := buildfile.Parse(bytes.NewReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, st := range pkg.System.Sequence.Steps() {
		want = append(want, st.Name())
	}
	var phases *buildfile.Element
	flipped := map[string]int{}
	var stack1503 []string
	root.Walk(func(el *buildfile.Element, _ string, parent *buildfile.Element) bool {
		switch {
		case el.Class == classListTurn:
			if parent.Class != classCounterTurn {
				t.Errorf("the phase level is inside %s, not the turn counter", parent.Class)
			}
			phases = el
		case el.Class == classPieceSlot && parent.Class == classSetupStack:
			p, err := piece.Parse(el.Text)
			if err != nil {
				t.Fatal(err)
			}
			for _, tr := range p {
				if strings.HasPrefix(tr.Type, piece.LayerID) && tr.State == "1" {
					flipped[parent.Attr("name")]++
				}
			}
			if parent.Attr("name") == "1503" {
				stack1503 = append(stack1503, el.Attr("entryName"))
			}
		}
		return true
	})
	if phases == nil {
		t.Fatal("no phase level in the turn tracker")
	}
	if got := seqenc.Decode(phases.Attr("list"), ','); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("phases %q, want %q", got, want)
	}
	if len(want) < 8 {
		t.Errorf("only %d steps: each player's turn should bring its own", len(want))
	}
	if flipped["1209"] != 1 || flipped["0407"] != 1 || len(flipped) != 2 {
		t.Errorf("pieces set up on their backs: %v, want 1209 and 0407", flipped)
	}
	if len(stack1503) != 2 || !strings.Contains(strings.ToLower(stack1503[1]), "supply") {
		t.Errorf("1503's stack: %q, want the brigade then its Out of Supply marker", stack1503)
	}
}
