package piece

import (
	"reflect"
	"strings"
	"testing"
)

func TestDefinitionNestsAndEscapes(t *testing.T) {
	basic, _ := Basic("legion.png", "Legio X; Equestris", "7")
	layer, _ := Layer("Flip", CtrlF, "Side", "legion-back.png", "+ (disrupted)", "Flip to the back", false)
	mark, _ := Marker([]string{"movement"}, []string{"3*"})
	proto, _ := Prototype("Faction: Rome")
	def, err := Piece{proto, layer, mark, basic}.Definition()
	if err != nil {
		t.Fatal(err)
	}
	// The add-piece command, its type with each level's tabs escaped once more than the level above.
	if !strings.HasPrefix(def, "+/null/prototype;Faction: Rome\temb2;Flip;130;F;") {
		t.Errorf("begins %q", def[:60])
	}
	for _, want := range []string{"\\\tmark;movement\\\\\tpiece;;;legion.png;Legio X\\; Equestris/", "\t-1\\\t3*\\\\\tnull;0;0;7;0"} {
		if !strings.Contains(def, want) {
			t.Errorf("no %q in %q", want, def)
		}
	}
	p, err := Parse(def)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, Piece{proto, layer, mark, basic}) {
		t.Errorf("parsed %q", p)
	}
	if again, _ := p.Definition(); again != def {
		t.Error("does not read back")
	}
}

func TestLayerFields(t *testing.T) {
	l, _ := Layer("Flip", CtrlF, "Side", "b.png", "+ (back)", "d", true)
	if l.State != "1" {
		t.Errorf("a flipped layer's state is %q", l.State)
	}
	f := strings.Split(strings.TrimPrefix(l.Type, LayerID), ";")
	if f[15] != "b.png" || f[16] != "+ (back)" || f[18] != "Side" || f[24] != "1" || f[25] != "false" || f[26] != CtrlF {
		t.Errorf("fields %q", f)
	}
}

func TestParseRefusesWhatVASSALCannotRead(t *testing.T) {
	for _, def := range []string{
		"piece;;;a.png;A",                 // not an add-piece command
		"+/null/piece;;;a.png;A",          // no state
		"+/null/a\tb\tc/x\ty\tz",          // three pieces at one level
		"+/null/prototype;P\tpiece;;;;/x", // no state for the inner piece
		"+/null/piece;;;;/x/y",            // more than id, type and state
	} {
		if _, err := Parse(def); err == nil {
			t.Errorf("Parse(%q) read it", def)
		}
	}
}

func TestKnown(t *testing.T) {
	for typ, want := range map[string]bool{"emb2;x": true, "piece;;;;": true, "stack": true, "nonsense;x": false, "macro;": true} {
		if _, ok := Known(typ); ok != want {
			t.Errorf("Known(%q) = %v", typ, ok)
		}
	}
}
