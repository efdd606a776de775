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

// A block's mask and steps as VASSAL reads their types: the mask's key, image, command, inset display, the
// name the other side sees and side access, masked to its side (with VASSAL's own options) or to no one; the
// steps' levels, their names, reduce and restore on their keys, never looping, always active, on the level
// given; a level outside the steps, or images and names of different counts, are refused.
func TestBlockTraits(t *testing.T) {
	m, err := Hidden("Hide", CtrlM, "b-blank.png", "House Hart block", "House Hart", "d")
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != "obs;77,130;b-blank.png;Hide;I;House Hart block;side:;;d;true;;" || m.State != "House Hart;|0" {
		t.Errorf("mask %q, state %q", m.Type, m.State)
	}
	if m, _ := Hidden("Hide", CtrlM, "b.png", "x", "", "d"); m.State != "null;" {
		t.Errorf("unmasked state %q", m.State)
	}
	s, err := Steps("Step", []string{"s1.png", "s2.png", "s3.png"}, []string{"+ (3)", "+ (2)", "+ (1)"}, "Reduce a step", CtrlR, "Restore a step", CtrlU, "d", 1)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Split(strings.TrimPrefix(s.Type, LayerID), ";")
	// activate (3 fields), increase, decrease, reset, draw under/x/y, images, names, loop, name, random (2),
	// follow (3), version, always active, activate/increase/decrease keystrokes.
	if f[3] != "Reduce a step" || f[5] != "R" || f[6] != "Restore a step" || f[8] != "U" || f[15] != "s1.png,s2.png,s3.png" ||
		f[16] != "+ (3),+ (2),+ (1)" || f[17] != "false" || f[18] != "Step" || f[25] != "true" || f[27] != CtrlR || f[28] != CtrlU || s.State != "2" {
		t.Errorf("steps %q (%d fields), state %q", s.Type, len(f), s.State)
	}
	if _, err := Steps("Step", []string{"a"}, []string{"a"}, "r", CtrlR, "u", CtrlU, "d", 1); err == nil {
		t.Error("a level past the steps")
	}
	if _, err := Steps("Step", []string{"a", "b"}, []string{"a"}, "r", CtrlR, "u", CtrlU, "d", 0); err == nil {
		t.Error("two images, one name")
	}
}
