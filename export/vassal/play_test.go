package vassal

import (
	"bytes"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// A module that plays well (issue 29, item 2): every piece carries the moved marker the maps' "mark unmoved"
// buttons clear, drawn inside its top-right corner; every piece reports its moves on the key every map gives
// it after a move (the maps' own move reports left empty, so a move is told once), a piece with a back its
// flip, a block its steps, a unit its elimination, each begun with its side's prefix; a global key command
// clears every moved marker with the key the marker clears on; there is an inventory per side, a notes
// window, and every map's zoom levels show a counter from small to large, starting at about 56 pixels (35 to 100 for the median piece slot, whose designs the exporter
// counts a little differently).
func TestModulePlaysWell(t *testing.T) {
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			e := exampleModule(t, name)
			root, err := buildfile.Parse(bytes.NewReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			im, err := png.DecodeConfig(bytes.NewReader(e.mod.File("images/" + movedImage)))
			if err != nil {
				t.Fatalf("the moved marker's image: %v", err)
			}
			reportKeys := func(p piece.Piece) map[string]string { // key -> format
				out := map[string]string{}
				for _, tr := range p {
					if strings.HasPrefix(tr.Type, piece.ReportID) {
						f := seqenc.Decode(strings.TrimPrefix(tr.Type, piece.ReportID), ';')
						for _, k := range seqenc.Decode(f[0], ',') {
							out[k] = f[1]
						}
					}
				}
				return out
			}
			protos := map[string]piece.Piece{}
			clearKeys := map[string]bool{}
			slots, flips, steps := 0, 0, 0
			var widths []int
			var maps, inventories, notes, gkcs []*buildfile.Element
			root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
				switch el.Class {
				case classPrototype:
					p, err := piece.Parse(el.Text)
					if err != nil {
						t.Fatalf("prototype %s: %v", el.Attr("name"), err)
					}
					protos[el.Attr("name")] = p
				case classPieceSlot:
					slots++
					p, err := piece.Parse(el.Text)
					if err != nil {
						t.Fatalf("%s: %v", el.Attr("entryName"), err)
					}
					w, _ := strconv.Atoi(el.Attr("width"))
					h, _ := strconv.Atoi(el.Attr("height"))
					widths = append(widths, w)
					marked := 0
					for i, tr := range p {
						if strings.HasPrefix(tr.Type, piece.MarkMovedID) {
							marked++
							f := seqenc.Decode(strings.TrimPrefix(tr.Type, piece.MarkMovedID), ';')
							x, _ := strconv.Atoi(f[1])
							y, _ := strconv.Atoi(f[2])
							if f[0] != movedImage || x < -w/2 || x+im.Width > w/2 || y < -h/2 || y+im.Height > h/2 || tr.State != "false" {
								t.Errorf("%s (%dx%d): moved marker %q at (%d, %d) of %dx%d, state %q", el.Attr("entryName"), w, h, f[0], x, y, im.Width, im.Height, tr.State)
							}
							clearKeys[f[10]] = true
						}
						if strings.HasPrefix(tr.Type, piece.LayerID) && strings.Contains(tr.Type, flipCommand) {
							flips++
							if k := reportKeys(p[:i]); !strings.Contains(k[piece.CtrlF], "flipped") {
								t.Errorf("%s flips but does not report it: %v", el.Attr("entryName"), k)
							}
						}
						if strings.HasPrefix(tr.Type, piece.LayerID) && strings.Contains(tr.Type, reduceCommand) {
							steps++
							if k := reportKeys(p[:i]); !strings.Contains(k[piece.CtrlR], "loses a step") || !strings.Contains(k[piece.CtrlU], "restores a step") {
								t.Errorf("%s loses steps but does not report them: %v", el.Attr("entryName"), k)
							}
						}
					}
					if marked != 1 {
						t.Errorf("%s has %d moved markers", el.Attr("entryName"), marked)
					}
				case classMap:
					maps = append(maps, el)
				case classInventory:
					inventories = append(inventories, el)
				case classNotes:
					notes = append(notes, el)
				case classGlobalKey:
					gkcs = append(gkcs, el)
				}
				return true
			})
			if slots == 0 {
				t.Fatal("no piece slots")
			}
			// Every piece reports its moves, on the key the maps give after a move.
			if k := reportKeys(protos[protoPiece]); !strings.Contains(k[piece.CtrlShiftF12], "moves $oldLocation$ -> $location$") || !strings.HasPrefix(k[piece.CtrlShiftF12], "$"+reportPrefix+"$") {
				t.Errorf("the Piece prototype's reports: %v", k)
			}
			factions := 0
			for n, p := range protos {
				if !strings.HasPrefix(n, "Faction: ") {
					continue
				}
				factions++
				prefix := ""
				for _, tr := range p {
					if tr.Type == piece.MarkerID+reportPrefix {
						prefix = tr.State
					}
				}
				if !strings.HasSuffix(prefix, ": ") || len(prefix) < 3 {
					t.Errorf("%s: report prefix %q", n, prefix)
				}
				if k := reportKeys(p); !strings.Contains(k[piece.CtrlE], "eliminated") {
					t.Errorf("%s does not report an elimination: %v", n, k)
				}
			}
			for _, m := range maps {
				if m.Attr("moveKey") != piece.CtrlShiftF12 || m.Attr("moveWithinFormat") != "" || m.Attr("moveToFormat") != "" || m.Attr("markUnmovedHotkey") == "" {
					t.Errorf("map %s: moveKey %q, its own move reports %q and %q, mark-unmoved hotkey %q", m.Attr("mapName"),
						m.Attr("moveKey"), m.Attr("moveWithinFormat"), m.Attr("moveToFormat"), m.Attr("markUnmovedHotkey"))
				}
				var z *buildfile.Element
				for _, c := range m.Children {
					if c.Class == classZoomer {
						z = c
					}
				}
				if z == nil {
					t.Fatalf("map %s has no zoomer", m.Attr("mapName"))
				}
				var levels []float64
				for _, s := range strings.Split(z.Attr("zoomLevels"), ",") {
					l, err := strconv.ParseFloat(s, 64)
					if err != nil || len(levels) > 0 && l <= levels[len(levels)-1] {
						t.Fatalf("map %s: zoom levels %q", m.Attr("mapName"), z.Attr("zoomLevels"))
					}
					levels = append(levels, l)
				}
				start, _ := strconv.Atoi(z.Attr("zoomStart")) // one-based, from the most zoomed in
				if len(levels) < 5 || start < 1 || start > len(levels) || z.Attr("zoomInKey") == "" || z.Attr("zoomOutKey") == "" {
					t.Fatalf("map %s: zoom levels %v, start %d, keys %q %q", m.Attr("mapName"), levels, start, z.Attr("zoomInKey"), z.Attr("zoomOutKey"))
				}
				mid := float64(medianInt(widths))
				if at := mid * levels[len(levels)-start]; at < 35 || at > 100 {
					t.Errorf("map %s: a counter %g px wide starts at %g px on screen (levels %v)", m.Attr("mapName"), mid, at, levels)
				}
				if lo, hi := mid*levels[0], mid*levels[len(levels)-1]; lo > 30 || hi < 120 {
					t.Errorf("map %s: a counter shows %g to %g px", m.Attr("mapName"), lo, hi)
				}
			}
			cleared := false
			for _, g := range gkcs {
				if clearKeys[g.Attr("hotkey")] && g.Attr("buttonHotkey") != "" && g.Attr("tooltip") != "" {
					cleared = true
				}
			}
			if !cleared {
				t.Errorf("no global key command sends the moved markers' clear key %v", clearKeys)
			}
			if factions > 0 && len(inventories) == 0 || len(notes) != 1 {
				t.Errorf("%d inventories for %d factions, %d notes windows", len(inventories), factions, len(notes))
			}
			for _, inv := range inventories {
				if !strings.Contains(inv.Attr("include"), "Faction==") || inv.Attr("hotkey") == "" {
					t.Errorf("inventory %s: filter %q, hotkey %q", inv.Attr("name"), inv.Attr("include"), inv.Attr("hotkey"))
				}
			}
			t.Logf("%d piece slots, %d flip, %d with steps; %d inventories", slots, flips, steps, len(inventories))
		})
	}
}

func medianInt(v []int) int {
	s := append([]int(nil), v...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
