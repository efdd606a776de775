package vassal

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
)

func parseBuildFile(t *testing.T, e *exported) *buildfile.Element {
	t.Helper()
	root, err := buildfile.Parse(bytes.NewReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// keyNames are the names the tooltips give the keys.
var keyNames = map[string]string{"67,520": "Alt-C", "72,520": "Alt-H", "68,520": "Alt-D", "68,585": "Alt-Shift-D",
	"68,650": "Alt-Ctrl-D", "84,520": "Alt-T", "79,520": "Alt-O", "79,585": "Alt-Shift-O", "85,520": "Alt-U", "77,520": "Alt-M",
	"78,520": "Alt-N", "113,0": "F2", "114,0": "F3", "115,0": "F4", "116,0": "F5", "117,0": "F6", "118,0": "F7", "119,0": "F8", "120,0": "F9"}

// TestToolbarHotkeys: in every example's module, every toolbar button of the module's own (palette, charts,
// dice, turn tracker, map windows, overview, inventories, notes, global key commands) has a hotkey that no
// other button has, and its tooltip names it; the turn tracker steps on Alt-Right and Alt-Left.
func TestToolbarHotkeys(t *testing.T) {
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			e := exampleModule(t, name)
			root := parseBuildFile(t, e)
			owner := map[string]string{}
			check := func(el *buildfile.Element, attr, tipAttr string, max int, n *int) {
				*n++
				if max > 0 && *n > max {
					return // beyond the keys there are: the button alone
				}
				k := el.Attr(attr)
				label := el.Label()
				if k == "" {
					t.Errorf("%s has no %s", label, attr)
					return
				}
				if o, dup := owner[k]; dup {
					t.Errorf("%s and %s share the key %s", o, label, k)
				}
				owner[k] = label
				if kn, ok := keyNames[k]; tipAttr != "" && (!ok || !strings.Contains(el.Attr(tipAttr), kn)) {
					t.Errorf("%s: tooltip %q does not name its key %s (%s)", label, el.Attr(tipAttr), k, kn)
				}
			}
			var dice, maps, one int
			for _, el := range root.Children {
				switch el.Class {
				case classPieceWindowT, classChartWindowT:
					check(el, "hotkey", "tooltip", 0, &one)
				case classDiceT:
					check(el, "hotkey", "tooltip", 3, &dice)
				case classTurnT:
					check(el, "hotkey", "tooltip", 0, &one)
					check(el, "nexthotkey", "", 0, &one)
					check(el, "prevhotkey", "", 0, &one)
				case classMap, classPlayerHandT:
					for _, ch := range el.Children {
						if ch.Class == classGlobalMap {
							check(ch, "hotkey", "tooltip", 0, &one)
						}
					}
					if el.Attr("launch") == "true" {
						check(el, "hotkey", "tooltip", 8, &maps)
					}
				case classInventory, classNotes:
					check(el, "hotkey", "", 0, &one)
				case classGlobalKey:
					check(el, "buttonHotkey", "", 0, &one)
				}
			}
			if one == 0 {
				t.Fatal("no toolbar button checked")
			}
		})
	}
}

// TestOverviewOnLargeMaps: a map whose largest board is bigger than a laptop's window has an overview
// window (GlobalMap) that shows it about 320 pixels on its longer side; a map that fits has none.
func TestOverviewOnLargeMaps(t *testing.T) {
	seen := false
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			e := exampleModule(t, name)
			size := map[string][2]int{}
			for _, b := range e.mod.Boards {
				s := size[b.Map]
				size[b.Map] = [2]int{max(s[0], b.Width), max(s[1], b.Height)}
			}
			for _, el := range parseBuildFile(t, e).Children {
				if el.Class != classMap {
					continue
				}
				s, ok := size[el.Attr("mapName")]
				if !ok {
					continue
				}
				var gm *buildfile.Element
				for _, ch := range el.Children {
					if ch.Class == classGlobalMap {
						gm = ch
					}
				}
				large := s[0] > 1200 || s[1] > 900
				if large != (gm != nil) {
					t.Errorf("map %s (%dx%d): overview %v", el.Attr("mapName"), s[0], s[1], gm != nil)
					continue
				}
				if gm == nil {
					continue
				}
				seen = true
				var scale float64
				if _, err := fmt.Sscan(gm.Attr("scale"), &scale); err != nil {
					t.Fatal(err)
				}
				if side := scale * float64(max(s[0], s[1])); side < 300 || side > 340 {
					t.Errorf("map %s: the overview is %.0f pixels on its longer side", el.Attr("mapName"), side)
				}
			}
		})
	}
	if !seen {
		t.Error("no example has an overview")
	}
}

// TestPaletteBySetUpGroup: a faction whose forces put its units in set-up groups has a tab per group in the
// palette, in the order the forces name them, holding the unit types whose first grouped force entry is in
// it; the river line's Southern Front has southern-front and guards-army.
func TestPaletteBySetUpGroup(t *testing.T) {
	e := exampleModule(t, "testdata/river-line")
	pkg := e.checked.Package()
	group := map[string]string{} // unit name -> its first group
	for _, f := range pkg.Forces() {
		for _, en := range f.Units {
			ut := pkg.UnitType(en.Unit)
			if en.Group == "" || ut == nil {
				continue
			}
			if _, ok := group[ut.Name]; !ok {
				group[ut.Name] = en.Group
			}
		}
	}
	var palette *buildfile.Element
	for _, el := range parseBuildFile(t, e).Children {
		if el.Class == classPieceWindowT {
			palette = el
		}
	}
	if palette == nil || len(palette.Children) != 1 {
		t.Fatal("no palette")
	}
	tabs := map[string][]string{}
	slots := 0
	for _, faction := range palette.Children[0].Children {
		for _, g := range faction.Children {
			if g.Class != classPanelWidget {
				continue
			}
			tabs[faction.Attr("entryName")] = append(tabs[faction.Attr("entryName")], g.Attr("entryName"))
			for _, s := range g.Children {
				slots++
				if want := group[s.Attr("entryName")]; want != "" && want != g.Attr("entryName") {
					t.Errorf("%s is in tab %s, not %s", s.Attr("entryName"), g.Attr("entryName"), want)
				}
			}
		}
	}
	if got := strings.Join(tabs["Southern Front"], ","); got != "southern-front,guards-army" {
		t.Errorf("Southern Front's tabs: %s", got)
	}
	if slots == 0 {
		t.Error("no grouped slots")
	}
}
