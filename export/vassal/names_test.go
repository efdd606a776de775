package vassal

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/validate"
)

// Prototype and slot names come from content ids (issue 29, item 4): a faction renamed in the System keeps
// every prototype's name and every slot's name and gpid, so the pieces of a game started with the old module
// still find their prototypes and slots; only what shows the name (the faction's prototype, which gives it as
// a property) is redefined.
func TestNamesStableAcrossRenames(t *testing.T) {
	dir := copyPackage(t, "rampant")
	before := moduleNames(t, dir)
	sys := filepath.Join(dir, "system.yaml")
	b, err := os.ReadFile(sys)
	if err != nil {
		t.Fatal(err)
	}
	renamed := strings.Replace(string(b), "{id: roman, name: Rome,", "{id: roman, name: Roma (renamed),", 1)
	if renamed == string(b) {
		t.Fatal("the System has no faction Rome")
	}
	if err := os.WriteFile(sys, []byte(renamed), 0o644); err != nil {
		t.Fatal(err)
	}
	after := moduleNames(t, dir)
	if !slices.Equal(before.prototypes, after.prototypes) || !slices.Contains(after.prototypes, "Faction: roman") {
		t.Errorf("prototypes %q, were %q", after.prototypes, before.prototypes)
	}
	if len(before.slots) == 0 || len(before.slots) != len(after.slots) {
		t.Fatalf("%d slots, were %d", len(after.slots), len(before.slots))
	}
	for gpid, name := range before.slots {
		if after.slots[gpid] != name {
			t.Errorf("gpid %s: slot %q, was %q", gpid, after.slots[gpid], name)
		}
	}
}

type moduleIDs struct {
	prototypes []string
	slots      map[string]string // gpid -> slot name
}

func moduleNames(t *testing.T, dir string) moduleIDs {
	t.Helper()
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatal(err)
	}
	m, ds, err := Export(c, Options{})
	if err == nil && m == nil {
		err = errFromDiags(ds)
	}
	if err != nil {
		t.Fatal(err)
	}
	root, err := buildfile.Parse(bytes.NewReader(m.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	n := moduleIDs{slots: map[string]string{}}
	root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
		switch el.Class {
		case classPrototype:
			n.prototypes = append(n.prototypes, el.Attr("name"))
		case classPieceSlot, classCardSlot:
			n.slots[el.Attr("gpid")] = el.Attr("entryName")
		}
		return true
	})
	return n
}
