package vassal

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
)

// Toolbar hotkeys: every toolbar button of the module has a key, named in its tooltip. The buttons the play
// components add carry their own (Alt-U, Alt-M, Alt-N, Alt-1..., zoom, Alt-O); this pass gives the others
// theirs once the component tree is built, without a key two buttons share:
//
//	Counters (the palette)  Alt-C          Charts                Alt-H
//	the System's dice       Alt-D, Alt-Shift-D, Alt-Ctrl-D
//	Turn tracker            Alt-T (window), Alt-Right / Alt-Left (next / previous step)
//	each map window's button, in module order: F2 to F9 (further maps keep their button alone)

const (
	classPieceWindowT = "VASSAL.build.module.PieceWindow"
	classChartWindowT = "VASSAL.build.module.ChartWindow"
	classDiceT        = "VASSAL.build.module.DiceButton"
	classTurnT        = "VASSAL.build.module.turn.TurnTracker"
	classPlayerHandT  = "VASSAL.build.module.PlayerHand"
)

// hotkey is a key VASSAL's NamedKeyStroke writes ("keycode,modifiers") and its name for a tooltip.
type hotkey struct{ code, name string }

var (
	keyCounters = hotkey{"67,520", "Alt-C"}
	keyCharts   = hotkey{"72,520", "Alt-H"}
	keyDice     = []hotkey{{"68,520", "Alt-D"}, {"68,585", "Alt-Shift-D"}, {"68,650", "Alt-Ctrl-D"}}
	keyTurn     = hotkey{"84,520", "Alt-T"}
	keyNext     = hotkey{"39,520", "Alt-Right"}
	keyPrev     = hotkey{"37,520", "Alt-Left"}
)

// mapKey is the key of the n-th map window's button: F2 (keycode 113) to F9.
func mapKey(n int) (hotkey, bool) {
	if n > 7 {
		return hotkey{}, false
	}
	return hotkey{itoa(113+n) + ",0", "F" + itoa(2+n)}, true
}

// fillHotkeys gives every toolbar button of the module that has no key its key (see above), says it in the
// button's tooltip, and lists the keys in the notes.
func (x *exporter) fillHotkeys(root *buildfile.Element) {
	dice, maps := 0, 0
	var listed []string
	set := func(el *buildfile.Element, attr string, k hotkey, tooltipAttr, what string) {
		if el.Attr(attr) != "" {
			return
		}
		el.Set(attr, k.code)
		if label := cmp.Or(el.Attr("mapName"), el.Attr("name"), el.Attr("text")); label != "" && attr == "hotkey" {
			listed = append(listed, label+" "+k.name)
		}
		if tooltipAttr == "" {
			return
		}
		tip := strings.TrimSpace(el.Attr(tooltipAttr))
		if tip == "" {
			tip = what
		}
		el.Set(tooltipAttr, tip+" ("+k.name+")")
	}
	for _, el := range root.Children {
		switch el.Class {
		case classPieceWindowT:
			set(el, "hotkey", keyCounters, "tooltip", "Show the counters")
		case classChartWindowT:
			set(el, "hotkey", keyCharts, "tooltip", "Show the charts")
		case classDiceT:
			if dice < len(keyDice) {
				set(el, "hotkey", keyDice[dice], "tooltip", "Roll "+el.Attr("name"))
			}
			dice++
		case classTurnT:
			set(el, "hotkey", keyTurn, "tooltip", "Turn tracker")
			set(el, "nexthotkey", keyNext, "", "")
			set(el, "prevhotkey", keyPrev, "", "")
			if t := el.Attr("tooltip"); !strings.Contains(t, keyNext.name) {
				el.Set("tooltip", t+"; next step "+keyNext.name+", previous "+keyPrev.name)
			}
		case classMap, classPlayerHandT:
			if el.Attr("launch") != "true" {
				continue
			}
			if k, ok := mapKey(maps); ok {
				set(el, "hotkey", k, "tooltip", "Show or hide the "+el.Attr("mapName")+" window")
			}
			maps++
		}
	}
	if len(listed) > 0 {
		x.pageNote("Toolbar keys: %s; Turn steps on Alt-Right and back on Alt-Left where there is a turn tracker. Every button's tooltip names its key.", strings.Join(listed, ", "))
	}
}

// pageNote adds a line to the notes page's list of what the module holds (not to the notes an export prints).
func (x *exporter) pageNote(format string, args ...any) {
	x.pageNotes = append(x.pageNotes, fmt.Sprintf(format, args...))
}

// pageLimit adds a line to the notes page's list of what the module does not do.
func (x *exporter) pageLimit(format string, args ...any) {
	x.pageLimits = append(x.pageLimits, fmt.Sprintf(format, args...))
}
