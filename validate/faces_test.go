package validate

import (
	"fmt"
	"strings"
	"testing"
)

// faceSystem is a System whose one face layout is given by the test (indented under faces:, from line 9).
func faceSystem(faces string) string {
	return `kind: System
id: sys
stats:
  - {id: attack, type: value}
  - {id: movement, type: value}
  - {id: morale, type: int}
classes: [{id: combat}]
factions: [{id: blue, name: Blue, colour: "#335599"}]
faces:
` + faces
}

const faceUnits = `kind: UnitType
id: pz
name: Panzer
faction: blue
classes: [combat]
symbol: armour
echelon: division
stats: {attack: 8, movement: 4, morale: 3}
---
kind: UnitType
id: inf
name: Infantry
faction: blue
classes: [combat]
symbol: infantry
stats: {attack: 3, movement: 3}
`

// Every layout problem is a validate error at the content that causes it: an element that prints nothing or
// two things, has no place or two, a format that does not read or names no stat, a stat a counter does not
// have, values on a fog-of-war back, an element off the face (past a square's edge, into a hexagon's cut
// corner), a text too long for its room, a symbol muster cannot draw (on a unit no mix prints), a two-cell
// counter that is not a rectangle; a style muster does not ship, a role its style does not have. A text
// closer to the cut than the safe margin is a warning at its element. The good layout validates clean (its
// unit-size mark and circled morale moved in from 0.12 and 0.85 when the safe margin came: there they came
// within 1.5pt and 2.6pt of the cut, and the morale's circle is smaller, clear of the symbol).
func TestFaceLayoutProblems(t *testing.T) {
	good := `  - id: div
    slots:
      - {show: echelon, x: 0.5, y: 0.18, optional: true}
      - {format: "{attack}-{movement}", x: 0.5, y: 0.8, bold: true}
      - {stat: morale, x: 0.84, y: 0.45, box: circle, size: 0.5, optional: true}
      - {show: symbol, x: 0.5, y: 0.45, w: 0.5}
`
	mix := "kind: CounterMix\nid: m\ncounters:\n  - {unit: pz, count: 1}\n  - {unit: inf, count: 1}\n"
	for _, tc := range []struct {
		name       string
		faces      string
		units, mix string
		code, at   string // at: file:line:col
		says       string
	}{
		{"good", good, "", "", "", "", ""},
		{"nothing", "  - id: div\n    slots:\n      - {x: 0.5, y: 0.5, size: 2}\n", "", "", "counter-faces.element", "system.yaml:12:9", "prints nothing"},
		{"two things", "  - id: div\n    slots:\n      - {stat: attack, text: A, at: top-left}\n", "", "", "counter-faces.element", "system.yaml:12:9", "both stat and text"},
		{"no place", "  - id: div\n    slots:\n      - {stat: attack}\n", "", "", "counter-faces.place", "system.yaml:12:9", "no place"},
		{"both places", "  - id: div\n    slots:\n      - {stat: attack, at: top-left, x: 0.5, y: 0.5}\n", "", "", "counter-faces.place", "system.yaml:12:28", "both a place"},
		{"box at a place", "  - id: div\n    slots:\n      - {stat: attack, at: top-left, box: circle}\n", "", "", "counter-faces.place", "system.yaml:12:43", "box apply to an element placed"},
		{"symbol at a place", "  - id: div\n    slots:\n      - {show: symbol, at: centre}\n", "", "", "counter-faces.place", "system.yaml:12:28", "needs a position"},
		{"format", "  - id: div\n    slots:\n      - {format: \"{attack-{movement}\", x: 0.5, y: 0.5}\n", "", "", "counter-faces.format", "system.yaml:12:27", "not a field name"},
		{"format brace", "  - id: div\n    slots:\n      - {format: \"{attack}-{movement\", x: 0.5, y: 0.5}\n", "", "", "counter-faces.format", "system.yaml:12:28", "never closed"},
		{"format field", "  - id: div\n    slots:\n      - {format: \"{atack}-{movement}\", x: 0.5, y: 0.5}\n", "", "", "counter-faces.format", "system.yaml:12:20", `did you mean "attack"?`},
		{"missing stat", "  - id: div\n    slots:\n      - {stat: morale, at: top-right}\n", "", "", "counter-faces.missing-stat", "system.yaml:12:9", "(inf)"},
		{"missing echelon", "  - id: div\n    slots:\n      - {show: echelon, x: 0.5, y: 0.2}\n", "", "", "counter-faces.missing-stat", "system.yaml:12:9", "the echelon"},
		{"fog", good + "  - id: fogface\n    slots:\n      - {stat: attack, x: 0.5, y: 0.5}\n",
			strings.Replace(faceUnits, "stats: {attack: 8, movement: 4, morale: 3}", "stats: {attack: 8, movement: 4, morale: 3}\nback: {kind: fog, face: fogface}", 1), "",
			"counter-faces.fog", "system.yaml:18:16", "shows no values"},
		{"off the face", "  - id: div\n    slots:\n      - {text: EDGE, x: 0.98, y: 0.5, size: 1.2}\n", "", "", "counter-faces.off-face", "system.yaml:12:9", `"EDGE"`},
		{"hex corner", "  - id: div\n    slots:\n      - {text: C, x: 0.06, y: 0.1}\n", "", mix + "---\nkind: CounterMix\nid: h\nshape: hex\ncounters:\n  - {unit: pz, count: 1}\n",
			"counter-faces.off-face", "system.yaml:12:9", "(hex, front)"},
		{"safe margin", "  - id: div\n    slots:\n      - {text: EDGE, x: 0.5, y: 0.04, size: 0.5}\n", "", "", "counter-faces.safe", "system.yaml:12:9", `its text "EDGE" on counter pz (front), and on 1 counter face more`},
		{"safe margin set", "  - id: div\n    slots:\n      - {text: EDGE, x: 0.5, y: 0.04, size: 0.5}\nsafeMargin: 0pt\n", "", "", "", "", ""},
		{"style", "  - id: div\n    style: clasic\n", "", "", "counter-faces.style", "system.yaml:11:12", `did you mean "classic"?`},
		{"role", "  - id: div\n    style: classic\n    roles: {factor: \"{attack}\"}\n", "", "", "counter-faces.style", "system.yaml:12:13", `did you mean "factors"?`},
		{"fit", "  - id: div\n    slots:\n      - {text: A long name for a small room, x: 0.5, y: 0.5, w: 0.2}\n", "", "", "counter-faces.fit", "system.yaml:12:9", "does not fit"},
		{"symbol", good, faceUnits + "---\nkind: UnitType\nid: x\nclasses: [combat]\nsymbol: armour+infantri\nstats: {attack: 1, movement: 1, morale: 1}\n", "",
			"counter-faces.symbol", "units.yaml:21:9", `did you mean "infantry"?`},
		{"overlap", "  - id: div\n    slots:\n      - {text: AAA, x: 0.5, y: 0.5}\n      - {text: BBB, x: 0.52, y: 0.52}\n", "", "",
			"counter-faces.overlap", "system.yaml:13:9", `the placed text "BBB"`},
		{"image", good + "  - id: pic\n    slots:\n      - {image: art/crest.png, x: 0.5, y: 0.5, w: 0.4}\n",
			strings.Replace(faceUnits, "classes: [combat]\nsymbol: armour", "classes: [combat]\nface: pic\nsymbol: armour", 1), "",
			"assets.missing", "system.yaml:18:17", "crest.png"},
		{"shape", good, faceUnits + "---\nkind: UnitType\nid: w\nfootprint: 2\nclasses: [combat]\nstats: {attack: 1, movement: 1, morale: 1}\n",
			"kind: CounterMix\nid: m\nshape: round\ncounters:\n  - {unit: w, count: 1}\n", "counter-sheets.shape", "mix.yaml:3:8", "covers two cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			units, m := tc.units, tc.mix
			if units == "" {
				units = faceUnits
			}
			if m == "" {
				m = mix
			}
			dir := writePkg(t, map[string]string{"muster.yaml": testManifest, "system.yaml": faceSystem(tc.faces), "units.yaml": units, "mix.yaml": m})
			r := Load(dir)
			var found []string
			hit := false
			for _, d := range r.Diags {
				if !strings.HasPrefix(d.Code, "counter-") && !strings.HasPrefix(d.Code, "schema") && !strings.HasPrefix(d.Code, "references") && !strings.HasPrefix(d.Code, "assets") {
					continue
				}
				at := fmt.Sprintf("%s:%d:%d", d.Pos.File[len(dir)+1:], d.Pos.Line, d.Pos.Col)
				found = append(found, at+" "+d.Code+" "+d.Message+" ("+d.Hint+")")
				if d.Code == tc.code && at == tc.at && strings.Contains(d.Message+" ("+d.Hint+")", tc.says) {
					hit = true
				}
			}
			if tc.code == "" {
				if len(found) > 0 {
					t.Errorf("the good layout is reported:\n%s", strings.Join(found, "\n"))
				}
				return
			}
			if !hit {
				t.Errorf("want %s at %s saying %q; got:\n%s", tc.code, tc.at, tc.says, strings.Join(found, "\n"))
			}
		})
	}
}
