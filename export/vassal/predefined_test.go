package vassal

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// The scenarios as saved games, loaded in the real VASSAL engine: every example's module lists one predefined
// set-up per scenario (File > New Game > Scenarios), each loads cleanly and starts a game, no piece lies off
// its board, the main map holds exactly the units the scenario sets up on the map with the markers set on
// them, the dead piles exactly the units that begin eliminated, and the order of battle and the card table
// what a new game with the scenario's boards puts there, less the units that begin eliminated (which a new
// game leaves in a box of the order of battle).
func TestScenarioGamesInVASSAL(t *testing.T) {
	script := vassalChecker(t)
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := exampleModule(t, name)
			r := loadInVASSAL(t, script, e.mod, e.zip, name[strings.LastIndex(name, "/")+1:])
			pkg := e.checked.Package()
			withMap := 0
			for _, sc := range pkg.Scenarios() {
				if set, _ := pkg.MapSet(sc); set != nil {
					withMap++
				}
			}
			if len(r.PredefinedSetups) != withMap || len(e.mod.Games) != withMap {
				t.Fatalf("%d predefined set-ups loaded, %d saved games in the module; the package has %d scenarios with a map", len(r.PredefinedSetups), len(e.mod.Games), withMap)
			}
			root, err := buildfile.Parse(bytesReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			// Hexes a whole number of pixels high: every unit set up stands where a piece dropped there snaps.
			for _, n := range r.Notes {
				if strings.Contains(n, "from its snap point") {
					t.Errorf("VASSAL: %s", n)
				}
			}
			for i, ps := range r.PredefinedSetups {
				g := e.mod.Games[i]
				if ps.Name != g.Name || ps.File != g.File {
					t.Errorf("predefined set-up %d is %q (%s); the module's is %q (%s)", i, ps.Name, ps.File, g.Name, g.File)
				}
				if !ps.Loaded || ps.OffBoard != 0 || len(ps.Problems) != 0 {
					t.Errorf("%s: loaded %v, %d pieces off the board, problems %q", ps.Name, ps.Loaded, ps.OffBoard, ps.Problems)
				}
				want := scenarioPieces(pkg, g.Scenario)
				if got := ps.PiecesPerMap[mainMapName]; got != want.onMap {
					t.Errorf("%s: %d pieces on the map; the scenario sets up %d (units and their markers)", ps.Name, got, want.onMap)
				}
				dead := 0
				for m, n := range ps.PiecesPerMap {
					if strings.HasPrefix(m, "Dead: ") || m == "Eliminated" {
						dead += n
					}
				}
				if dead != want.dead {
					t.Errorf("%s: %d pieces in the dead piles; the scenario begins with %d eliminated", ps.Name, dead, want.dead)
				}
				// The order of battle and the cards: what a new game with the scenario's boards places.
				so := gameBoards(e.mod, g.Scenario)
				oob := placedOn(root, oobMapName, so) - want.dead
				if got := ps.PiecesPerMap[oobMapName]; got != oob {
					t.Errorf("%s: %d pieces on the order of battle; want %d", ps.Name, got, oob)
				}
				if got, want := ps.PiecesPerMap[cardsMapName], placedOn(root, cardsMapName, map[string]string{cardsMapName: cardsMapName}); got != want {
					t.Errorf("%s: %d cards on the card table; its decks hold %d", ps.Name, got, want)
				}
			}
		})
	}
}

// counted is what a scenario puts where.
type counted struct {
	onMap, dead int
}

// scenarioPieces counts, from the content alone, the pieces a scenario sets up on its map (each unit and the
// markers set on it) and those that begin eliminated.
func scenarioPieces(pkg *content.Package, sc *content.Scenario) counted {
	var c counted
	set, _ := pkg.MapSet(sc)
	for _, sd := range sc.Sides {
		for i := range sd.Setup {
			pl := &sd.Setup[i]
			fp := 1
			if u := pkg.UnitType(pl.Unit); u != nil {
				fp = u.Footprint
			}
			n := 0
			switch {
			case set != nil && set.Type == content.GridOpen:
				n = len(pl.UnitPoints())
			default:
				n = len(pl.UnitCells(fp))
			}
			c.onMap += n * (1 + len(pl.Markers))
		}
		for _, e := range sd.Eliminated {
			c.dead += max(e.Count, 1)
		}
	}
	return c
}

// gameBoards is the board each map shows in a scenario's game: the scenario's, and its order of battle.
func gameBoards(m *Module, sc *content.Scenario) map[string]string {
	out := map[string]string{}
	for _, b := range m.Boards {
		if b.Scenario == sc {
			out[b.Map] = b.Name
			out[oobMapName] = b.Name
		}
	}
	return out
}

// placedOn counts the pieces the set-up stacks and draw piles of a map hold for the board the map shows.
func placedOn(root *buildfile.Element, mapName string, chosen map[string]string) int {
	n := 0
	for _, m := range root.Children {
		if m.Attr("mapName") != mapName {
			continue
		}
		for _, st := range m.Children {
			if st.Class != classSetupStack && st.Class != classDrawPile {
				continue
			}
			if ob := st.Attr("owningBoard"); ob != "" && ob != chosen[mapName] {
				continue
			}
			n += slotsOf(st, classPieceSlot) + slotsOf(st, classCardSlot)
		}
	}
	return n
}

// gamePiece is a piece of a saved game as its AddPiece command gives it.
type gamePiece struct {
	id, typ, state string
}

// readGame reads a scenario's saved game from the module: its commands and its pieces by id.
func readGame(t *testing.T, m *Module, g ScenarioGame) ([]string, map[string]gamePiece) {
	t.Helper()
	data := m.File(g.File)
	if data == nil {
		t.Fatalf("no %s in the module", g.File)
	}
	text, err := ReadSavedGame(data, 1<<28)
	if err != nil {
		t.Fatal(err)
	}
	cmds := SavedGameCommands(text)
	if len(cmds) < 2 || cmds[0] != beginSave || cmds[len(cmds)-1] != endSave {
		t.Fatalf("%s: the saved game does not run from begin_save to end_save: %d commands", g.File, len(cmds))
	}
	pieces := map[string]gamePiece{}
	for _, c := range cmds {
		if !strings.HasPrefix(c, "+/") {
			continue
		}
		f := seqenc.Decode(c[2:], '/')
		if len(f) != 3 {
			t.Fatalf("an AddPiece of %d fields: %.80q", len(f), c)
		}
		if _, dup := pieces[f[0]]; dup {
			t.Fatalf("piece id %s twice", f[0])
		}
		pieces[f[0]] = gamePiece{f[0], f[1], f[2]}
	}
	return cmds, pieces
}

// The river line's Autumn Offensive as a saved game, read back without VASSAL: both maps of the module get
// the scenario's boards, every unit set up stands on its cell as the module's grid names it (with the markers
// set on it in its stack), the corps set up on its back starts flipped, every piece keeps its slot's gpid and
// expands its prototypes, the unit lost in the summer lies in the Northern Army's dead pile, the decks hold
// their cards, and the turn starts at turn 1, first phase.
func TestScenarioGameRiverLine(t *testing.T) {
	e := exampleModule(t, "testdata/river-line")
	var g ScenarioGame
	for _, sg := range e.mod.Games {
		if sg.Scenario.ID == "autumn-offensive" {
			g = sg
		}
	}
	if g.File == "" {
		t.Fatalf("no saved game for autumn-offensive: %+v", e.mod.Games)
	}
	cmds, pieces := readGame(t, e.mod, g)
	root, err := buildfile.Parse(bytesReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var board *buildfile.Element
	var ref BoardRef
	for _, b := range e.mod.Boards {
		if b.Scenario == g.Scenario {
			ref = b
		}
	}
	for _, m := range root.Children {
		if m.Class == classMap && m.Attr("mapName") == mainMapName {
			m.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
				if el.Class == classBoard && el.Attr("name") == ref.Name {
					board = el
				}
				return true
			})
		}
	}
	if board == nil {
		t.Fatalf("no board %q", ref.Name)
	}
	grid, ds := check.BoardGrid(board, ref.Width, ref.Height)
	if grid == nil {
		t.Fatal(ds)
	}
	if !strings.Contains(string(e.mod.File(notesFile)), "File &gt; New Game &gt; "+scenariosMenu) {
		t.Error("the notes page does not say where the scenarios start")
	}
	joined := strings.Join(cmds, "\n")
	for _, want := range []string{boardSetup(mainMapName, ref.Name), boardSetup(oobMapName, ref.Name), setupStackNotNew, "TURNTurnTracker0\t0|1;0;false;-1"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the saved game lacks %q", want)
		}
	}
	// The content: what stands in each cell (units and markers) and which units stand there on their backs.
	wantAt, flippedAt := map[string]int{}, map[string]int{}
	for _, sd := range g.Scenario.Sides {
		for i := range sd.Setup {
			pl := &sd.Setup[i]
			for _, labels := range pl.UnitCells(1) {
				wantAt[labels[0]] += 1 + len(pl.Markers)
				if pl.Flipped {
					flippedAt[labels[0]]++
				}
			}
		}
	}
	gpids := map[string]bool{}
	root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
		if el.Class == classPieceSlot || el.Class == classCardSlot {
			gpids[el.Attr("gpid")] = true
		}
		return true
	})
	gotAt, gotFlipped := map[string]int{}, map[string]int{}
	deadNorth := 0
	cards := 0
	for _, p := range pieces {
		switch {
		case p.typ == "stack":
			st := seqenc.Decode(p.state, ';')
			if st[0] != mainMapName {
				continue
			}
			at, err := grid.LocationName(gridPoint(atoi(st[1]), atoi(st[2])))
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range st[3 : len(st)-1] {
				gotAt[at]++
				q, ok := pieces[id]
				if !ok {
					t.Fatalf("stack %s holds %s, which the game does not add before it", p.id, id)
				}
				pp, err := piece.Parse("+/" + seqenc.MustEncode('/', q.id, q.typ, q.state))
				if err != nil {
					t.Fatal(err)
				}
				for _, tr := range pp {
					if piece.Prefix(tr.Type) == piece.PrototypeID {
						t.Errorf("piece %s keeps a prototype trait %q: VASSAL saves pieces expanded", id, tr.Type)
					}
					if piece.Prefix(tr.Type) == piece.LayerID && strings.Contains(tr.Type, ";"+flipCommand+";") && tr.State == "1" {
						gotFlipped[at]++
					}
				}
				b := seqenc.Decode(pp[len(pp)-1].State, ';')
				if b[0] != mainMapName || b[1] != st[1] || b[2] != st[2] || !gpids[b[3]] {
					t.Errorf("piece %s's state %q: not at its stack %s,%s of %s, or a gpid no slot has", id, pp[len(pp)-1].State, st[1], st[2], mainMapName)
				}
			}
		case strings.HasPrefix(p.typ, "deck;"):
			st := seqenc.Decode(p.state, ';')
			if len(st) == 5 {
				cards += len(seqenc.Decode(st[4], ','))
			}
		default:
			if strings.Contains(p.state, "Dead: Northern Army;") {
				deadNorth++
			}
		}
	}
	for label, n := range wantAt {
		if gotAt[label] != n {
			t.Errorf("%s: %d pieces; the scenario sets up %d there", label, gotAt[label], n)
		}
	}
	for label, n := range gotAt {
		if wantAt[label] == 0 {
			t.Errorf("%s: %d pieces, where the scenario sets up none", label, n)
		}
	}
	for label, n := range flippedAt {
		if gotFlipped[label] != n {
			t.Errorf("%s: %d pieces on their backs; the scenario sets up %d flipped", label, gotFlipped[label], n)
		}
	}
	if len(flippedAt) == 0 {
		t.Error("the river line sets up no unit flipped: the test lost its subject")
	}
	if deadNorth != 1 {
		t.Errorf("%d pieces in the Northern Army's dead pile; the scenario begins with 1 eliminated", deadNorth)
	}
	if cards != slotsOf(root, classCardSlot) {
		t.Errorf("the decks hold %d cards; the module has %d", cards, slotsOf(root, classCardSlot))
	}
}

func gridPoint(x, y int) gridnum.Point { return gridnum.Point{X: x, Y: y} }

// The decks of a saved game have the types VASSAL itself gives the module's draw piles (Deck.getType, as
// VASSAL 3.8 saved a new game of the river line's module; the card's size, WxH, is the module's).
func TestDeckTypesAsVASSALSavesThem(t *testing.T) {
	e := exampleModule(t, "testdata/river-line")
	root, err := buildfile.Parse(bytesReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Fortunes of War":           "deck;true;242,239,230;WxH;Always;Always;true;true;false;;;;Fortunes of War;;;;true;false;;;10;;false;;false;;$Title$ ($PeriodName$);Title;false;;Shuffle;Reverse;;Draw multiple cards;Draw specific cards;Face up;Face down;;;;;Save Deck;;Deck Saved;Load Deck;;Deck Loaded;false;",
		"Fortunes of War: discards": "deck;true;242,239,230;WxH;Never;Never;true;true;false;Shuffle into the draw pile;Fortunes of War;$playerSide$ shuffles the discards into the draw pile;Fortunes of War: discards;;;;true;false;;;10;;false;;false;;$Title$ ($PeriodName$);Title;false;;Shuffle;Reverse;;Draw multiple cards;Draw specific cards;Face up;Face down;;;;;Save Deck;;Deck Saved;Load Deck;;Deck Loaded;false;",
	}
	seen := 0
	root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
		if el.Class != classDrawPile {
			return true
		}
		w, ok := want[el.Attr("name")]
		if !ok {
			return true
		}
		seen++
		w = strings.Replace(w, "WxH", el.Attr("width")+";"+el.Attr("height"), 1)
		got, faceDown, err := deckType(el)
		if err != nil {
			t.Fatal(err)
		}
		if got != w {
			t.Errorf("deck %s:\n got %s\nwant %s", el.Attr("name"), got, w)
		}
		if faceDown != (el.Attr("faceDown") == "Always") {
			t.Errorf("deck %s: face down %v", el.Attr("name"), faceDown)
		}
		return true
	})
	if seen != len(want) {
		t.Errorf("found %d of the %d draw piles", seen, len(want))
	}
}

// A saved game reads back as it was written, and in VASSAL's obfuscation: the header, the key, the text XOR
// the key in hex.
func TestObfuscation(t *testing.T) {
	if got := string(obfuscate("AB", 0x5a)); got != "!VCSK5a1b18" {
		t.Errorf("obfuscate: %s", got)
	}
	for _, s := range []string{"", "begin_save\x1bend_save", "é ½ \\ /"} {
		got, err := deobfuscate(obfuscate(s, 0x81))
		if err != nil || got != s {
			t.Errorf("%q: %q, %v", s, got, err)
		}
	}
	for _, bad := range []string{"!VCSK5", "!VCSKzz", "!VCSK"} {
		if _, err := deobfuscate([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
