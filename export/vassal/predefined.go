package vassal

import (
	"cmp"
	"fmt"
	"strconv"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// Scenarios as saved games: the module's File > New Game menu holds a "Scenarios" menu with a predefined
// set-up (PredefinedSetup) per scenario, whose file is a saved game in the module written by muster. Loading
// it starts the game with the scenario's boards picked, every unit it sets up on its cell (on its back where
// it sets up on its back, the markers set on it in its stack), the units that wait in their boxes of the
// scenario's order of battle (reinforcements by turn, units available later by turn, entries, draw pools as
// face-down decks), the units that begin eliminated in their side's dead pile, the card decks on the card
// table, and the turn tracker at the first turn's first phase. A last item, "Choose the boards", starts a
// game as before, by picking a scenario's board.
//
// The saved game holds what a new game with the scenario's boards would place (the set-up stacks and draw
// piles of the boards in play, read from the module's own components), so the two agree; each piece is its
// slot's piece with its prototypes expanded, as VASSAL saves it, and keeps its slot's gpid, so that Refresh
// Counters updates it.

// Classes of the predefined set-ups and the turn levels.
const (
	classPredefinedSetup = "VASSAL.build.module.PredefinedSetup"
	scenariosMenu        = "Scenarios"
	chooseBoardsSetup    = "Choose the boards"
)

// ScenarioGame is one scenario's saved game in the module.
type ScenarioGame struct {
	Name     string            // the predefined set-up's name, as the Scenarios menu lists it
	File     string            // the saved game's entry in the module
	Scenario *content.Scenario // the scenario
}

// predefinedSetups writes every scenario's saved game into the module's files and adds the Scenarios menu to
// root (the module's built component tree).
func (x *exporter) predefinedSetups(root *buildfile.Element, moduleData []byte) error {
	if len(x.scenarios) == 0 {
		return nil
	}
	start := time.Now()
	defer func() { x.stats.Games += time.Since(start) }()
	protos, err := prototypeTraits(root)
	if err != nil {
		return err
	}
	menu := buildfile.New(classPredefinedSetup, "name", scenariosMenu, "description", "Start a scenario with every unit in place",
		"isMenu", "true", "useFile", "false", "file", "")
	for _, so := range x.scenarios {
		name := cmp.Or(so.sc.Name, so.sc.ID)
		file := "scenario-" + content.Stem(so.sc.ID, content.ExportStem) + ".vsav"
		g, err := x.scenarioGame(root, so, protos)
		if err != nil {
			return err
		}
		data, err := g.vsav(name, moduleData)
		if err != nil {
			return err
		}
		if err := x.addFile(file, data); err != nil {
			return err
		}
		menu.Add(buildfile.New(classPredefinedSetup, "name", name, "description", "Scenario "+so.sc.ID,
			"isMenu", "false", "useFile", "true", "file", file))
		x.games = append(x.games, ScenarioGame{Name: name, File: file, Scenario: so.sc})
	}
	// A predefined set-up takes the plain New Game out of VASSAL's menu; this one puts it back.
	menu.Add(buildfile.New(classPredefinedSetup, "name", chooseBoardsSetup, "description", "A new game: choose a scenario's board, and its set-up appears",
		"isMenu", "false", "useFile", "false", "file", ""))
	root.Add(menu)
	return nil
}

// prototypeTraits reads the module's prototypes: each one's traits without its basic piece.
func prototypeTraits(root *buildfile.Element) (map[string]piece.Piece, error) {
	out := map[string]piece.Piece{}
	var err error
	root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
		if err != nil || el.Class != classPrototype {
			return err == nil
		}
		p, perr := piece.Parse(el.Text)
		if perr != nil {
			err = fmt.Errorf("vassal: prototype %s: %w (a bug in muster)", el.Attr("name"), perr)
			return false
		}
		out[el.Attr("name")] = p[:len(p)-1]
		return true
	})
	return out, err
}

// expand replaces every Prototype trait of p by the prototype's traits, as VASSAL expands a piece it puts in
// a game.
func expand(p piece.Piece, protos map[string]piece.Piece, depth int) (piece.Piece, error) {
	if depth > 16 {
		return nil, fmt.Errorf("vassal: prototypes nested more than 16 deep (a bug in muster)")
	}
	var out piece.Piece
	for _, t := range p {
		if piece.Prefix(t.Type) != piece.PrototypeID {
			out = append(out, t)
			continue
		}
		name := seqenc.Decode(t.Type[len(piece.PrototypeID):], ';')[0]
		pt, ok := protos[name]
		if !ok {
			return nil, fmt.Errorf("vassal: no prototype %q (a bug in muster)", name)
		}
		inner, err := expand(pt, protos, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, inner...)
	}
	return out, nil
}

// scenarioGame is the saved game of a scenario: every map with its board for the scenario, and the pieces a
// new game with those boards places.
func (x *exporter) scenarioGame(root *buildfile.Element, so *scenarioOut, protos map[string]piece.Piece) (*savedGame, error) {
	g := &savedGame{}
	deadAt := map[int]string{} // side -> its dead pile's map
	for i, sd := range so.sc.Sides {
		for _, si := range x.sides {
			if si.id == sd.ID {
				deadAt[i] = si.dead.name
			}
		}
	}
	var boardCmds []string
	type moved struct {
		st   *buildfile.Element
		side int
	}
	var dead []moved
	for _, m := range root.Children {
		if m.Class != classMap && m.Class != classPlayerHand {
			continue
		}
		mapName := m.Attr("mapName")
		board, boardEl := x.boardFor(m, so)
		if board == "" {
			continue
		}
		boardCmds = append(boardCmds, boardSetup(mapName, board))
		var grid gridnum.Grid
		gridRead := false
		for _, st := range m.Children {
			if st.Class != classSetupStack && st.Class != classDrawPile {
				continue
			}
			if ob := st.Attr("owningBoard"); ob != "" && ob != board {
				continue
			}
			if side, ok := so.dead[st]; ok && deadAt[side] != "" {
				dead = append(dead, moved{st, side})
				continue
			}
			px, py := atoi(st.Attr("x")), atoi(st.Attr("y"))
			if st.Class == classSetupStack && st.Attr("useGridLocation") == "true" {
				if !gridRead {
					grid, gridRead = x.boardGridOf(boardEl, board), true
				}
				if grid != nil {
					if p, err := grid.Location(st.Attr("location")); err == nil {
						px, py = p.X, p.Y
					}
				}
			}
			if err := g.addStack(st, mapName, px, py, protos); err != nil {
				return nil, err
			}
		}
	}
	// The units eliminated at the start lie in their side's dead pile, where Eliminate sends a unit.
	for _, d := range dead {
		if err := g.addStack(d.st, deadAt[d.side], deadPileSize/2, deadPileSize/3, protos); err != nil {
			return nil, err
		}
	}
	g.after = append(g.after, boardCmds...)
	if hasClass(root, classSetupStack, classDrawPile) {
		// Only a module with set-up stacks or draw piles knows the command.
		g.after = append(g.after, setupStackNotNew)
	}
	tt, err := turnState(root)
	if err != nil {
		return nil, err
	}
	if tt != "" {
		g.after = append(g.after, tt)
	}
	return g, nil
}

// boardFor is the board a map shows in a scenario's game: the scenario's own board on the main map, its order
// of battle board on the order of battle map, else the board of the scenario's name, else the map's first
// board (a map without boards gets none).
func (x *exporter) boardFor(m *buildfile.Element, so *scenarioOut) (string, *buildfile.Element) {
	var boards []*buildfile.Element
	for _, bp := range m.Children {
		if bp.Class != classBoardPicker {
			continue
		}
		for _, b := range bp.Children {
			if b.Class == classBoard {
				boards = append(boards, b)
			}
		}
	}
	if len(boards) == 0 {
		return "", nil
	}
	want := so.board.name
	if m.Attr("mapName") == oobMapName && so.oobW > 0 {
		want = so.oobName
	}
	for _, b := range boards {
		if b.Attr("name") == want {
			return want, b
		}
	}
	return boards[0].Attr("name"), boards[0]
}

// boardGridOf reads the grid of a board of the module as VASSAL resolves a location name on it.
func (x *exporter) boardGridOf(el *buildfile.Element, name string) gridnum.Grid {
	for _, b := range x.boards {
		if b.name == name && b.grid != nil {
			g, _ := check.BoardGrid(el, b.pl.w, b.pl.h)
			return g
		}
	}
	return nil
}

// addStack adds the pieces of a set-up stack (or draw pile) at (px, py) of a map, then the stack (or deck)
// that holds them.
func (g *savedGame) addStack(st *buildfile.Element, mapName string, px, py int, protos map[string]piece.Piece) error {
	var ids []string
	for _, sl := range st.Children {
		if sl.Class != classPieceSlot && sl.Class != classCardSlot {
			continue
		}
		p, err := piece.Parse(sl.Text)
		if err != nil {
			return fmt.Errorf("vassal: saved game: piece %s: %w (a bug in muster)", sl.Attr("entryName"), err)
		}
		p, err = expand(p, protos, 0)
		if err != nil {
			return err
		}
		id := g.newID()
		basic := &p[len(p)-1]
		basic.State, err = seqenc.Encode(';', mapName, itoa(px), itoa(py), sl.Attr("gpid"), "1", "UniqueID", id)
		if err != nil {
			return fmt.Errorf("vassal: saved game: piece %s: %w", sl.Attr("entryName"), err)
		}
		typ, err := p.Type()
		if err != nil {
			return err
		}
		state, err := p.State()
		if err != nil {
			return err
		}
		if err := g.addPiece(id, typ, state); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if st.Class == classDrawPile {
		typ, faceDown, err := deckType(st)
		if err != nil {
			return err
		}
		state := []string{mapName, itoa(px), itoa(py), strconv.FormatBool(faceDown)}
		if len(ids) > 0 {
			list, err := seqenc.Encode(',', ids...)
			if err != nil {
				return err
			}
			state = append(state, list)
		}
		s, err := seqenc.Encode(';', state...)
		if err != nil {
			return err
		}
		return g.addPiece(g.newID(), typ, s)
	}
	if len(ids) == 0 {
		return nil
	}
	s, err := seqenc.Encode(';', append(append([]string{mapName, itoa(px), itoa(py)}, ids...), stackLayerNone)...)
	if err != nil {
		return err
	}
	return g.addPiece(g.newID(), "stack", s)
}

// deckType is the type of the deck a draw pile makes (Deck.getType, from the DrawPile's settings and VASSAL's
// defaults for those the module leaves out), and whether its cards start face down.
func deckType(dp *buildfile.Element) (string, bool, error) {
	get := func(name, def string) string {
		if v, ok := dp.Get(name); ok {
			return v
		}
		return def
	}
	faceDown := get("faceDown", "Always")
	fields := []string{
		get("draw", "true"), get("color", "0,0,0"), get("width", "40"), get("height", "40"),
		faceDown, get("shuffle", "Always"), get("allowMultiple", "false"), get("allowSelect", "false"),
		get("reversible", "false"), get("reshuffleCommand", ""), get("reshuffleTarget", ""), get("reshuffleMessage", ""),
		dp.Attr("name"), get("shuffleMessage", ""), get("reverseMessage", ""), get("faceDownMessage", ""),
		get("drawFaceUp", "false"), get("canSave", "false"), get("shuffleHotkey", ""), get("reshuffleHotkey", ""),
		get("maxStack", "10"), get("countExpressions", ""), get("expressionCounting", "false"), get("deckGlobalCommands", ""),
		get("hotkeyOnEmpty", "false"), get("emptyHotkey", ""), get("selectDisplayProperty", "$BasicName$"), get("selectSortProperty", ""),
		get("restrictOption", "false"), get("restrictExpression", ""), get("shuffleCommand", "Shuffle"), get("reverseCommand", "Reverse"),
		get("reverseHotkey", ""), get("drawMultipleMessage", "Draw multiple cards"), get("drawSpecificMessage", "Draw specific cards"),
		get("faceUpMessage", "Face up"), get("faceDownMessage2", "Face down"), "", "", "", "",
		"Save Deck", "", "Deck Saved", "Load Deck", "", "Deck Loaded", "false", "",
	}
	s, err := seqenc.Encode(';', fields...)
	if err != nil {
		return "", false, fmt.Errorf("vassal: saved game: deck %s: %w", dp.Attr("name"), err)
	}
	return "deck;" + s, faceDown != "Never" && faceDown != "Face up", nil
}

// turnState is the turn tracker's restore command at the first turn's first phase (TurnTracker's SetTurn:
// "TURN", the tracker's id, a tab, its state), or "" when the module has no turn tracker.
func turnState(root *buildfile.Element) (string, error) {
	for _, c := range root.Children {
		if c.Class != classTurnTracker {
			continue
		}
		levels := []string{"0"} // the current level
		for _, l := range c.Children {
			s, err := levelState(l)
			if err != nil {
				return "", err
			}
			if s != "" {
				levels = append(levels, s)
			}
		}
		state, err := seqenc.Encode('|', levels...)
		if err != nil {
			return "", fmt.Errorf("vassal: saved game: the turn: %w", err)
		}
		// The module's one turn tracker is VASSAL's TurnTracker0.
		return seqenc.Encode('\t', "TURNTurnTracker0", state)
	}
	return "", nil
}

// levelState is a turn level's state at its start: a counter at its first value, a list at its first item,
// every item active; then its sub-levels'.
func levelState(l *buildfile.Element) (string, error) {
	var sub []string
	for _, c := range l.Children {
		s, err := levelState(c)
		if err != nil {
			return "", err
		}
		if s != "" {
			sub = append(sub, s)
		}
	}
	switch l.Class {
	case classCounterTurn:
		start := l.Attr("start")
		if start == "" {
			start = "1"
		}
		loopLimit := l.Attr("loopLimit")
		if loopLimit == "" {
			loopLimit = "-1"
		}
		return seqenc.Encode(';', append([]string{start, "0", cmp.Or(l.Attr("loop"), "false"), loopLimit}, sub...)...)
	case classListTurn:
		items := seqenc.Decode(l.Attr("list"), ',')
		active := make([]string, len(items))
		for i := range active {
			active[i] = "true"
		}
		a, err := seqenc.Encode(',', active...)
		if err != nil {
			return "", err
		}
		return seqenc.Encode(';', append([]string{"0", "0", "0", a}, sub...)...)
	}
	return "", nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// hasClass reports whether the tree holds an element of one of the classes.
func hasClass(root *buildfile.Element, classes ...string) bool {
	found := false
	root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
		for _, c := range classes {
			if el.Class == c {
				found = true
			}
		}
		return !found
	})
	return found
}
