package vassal

import (
	"bytes"
	"cmp"
	"fmt"
	"html"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
	"github.com/muster-wargames/muster/output"
)

// Classes of the module's frame.
const (
	classModule        = "VASSAL.launch.BasicModule"
	classMap           = "VASSAL.build.module.Map"
	classBoardPicker   = "VASSAL.build.module.map.BoardPicker"
	classDocumentation = "VASSAL.build.module.Documentation"
)

// dateSaved is the moduledata's save time: fixed (1 January 1980, the zip epoch) so that exports are
// byte-identical.
const dateSaved = "315532800000"

// module assembles the buildFile, moduledata and the zip entries.
func (x *exporter) module() (*Module, error) {
	root, err := x.buildFile()
	if err != nil {
		return nil, err
	}
	md, err := x.moduleData()
	if err != nil {
		return nil, err
	}
	if err := x.predefinedSetups(root, md); err != nil {
		return nil, err
	}
	bf, err := buildfile.Marshal(root)
	if err != nil {
		return nil, fmt.Errorf("vassal: %w", err)
	}
	notes := x.notesPage()
	if err := x.addFile(notesFile, notes); err != nil {
		return nil, err
	}
	m := &Module{DPI: x.dpi, Notes: append(append([]string(nil), x.notes...), x.missing...), Games: x.games}
	for _, b := range x.boards {
		mp := boardsMapName
		if b.onMain {
			mp = mainMapName
		}
		m.Boards = append(m.Boards, BoardRef{Name: b.name, Map: mp, Scenario: b.scenario, Content: b.mapDoc, Width: b.pl.w, Height: b.pl.h})
	}
	m.Files = append(m.Files, output.File{Path: "moduledata", Data: md}, output.File{Path: "buildFile.xml", Data: bf})
	for _, name := range slices.Sorted(maps.Keys(x.files)) {
		m.Files = append(m.Files, output.File{Path: name, Data: x.files[name]})
	}
	return m, nil
}

// buildFile is the component tree.
func (x *exporter) buildFile() (*buildfile.Element, error) {
	desc := ""
	if x.pkg.Manifest != nil {
		desc = strings.Join(strings.Fields(x.pkg.Manifest.Description), " ")
	}
	version := "0.0"
	if x.pkg.Manifest != nil && x.pkg.Manifest.Version != "" {
		version = x.pkg.Manifest.Version
	}
	root := buildfile.New(classModule, "name", x.packageName(), "version", version, "VassalVersion", VassalVersion,
		"description", desc, "ModuleOther1", "exported by muster "+content.MusterVersion, "ModuleOther2", "")
	root.Add(
		buildfile.New("VASSAL.build.module.BasicCommandEncoder"),
		x.documentation(),
		x.playerRoster(),
		buildfile.New("VASSAL.build.module.GlobalOptions"),
		buildfile.New("VASSAL.build.module.Chatter"),
		buildfile.New("VASSAL.build.module.KeyNamer"),
		buildfile.New("VASSAL.build.module.properties.GlobalProperties").Add(x.globalProperties()...),
		buildfile.New("VASSAL.build.module.properties.GlobalTranslatableMessages"),
		buildfile.New("VASSAL.i18n.Language"),
		buildfile.New(classPrototypes).Add(x.prototypes...),
	)
	root.Add(x.palette)
	maps, err := x.maps()
	if err != nil {
		return nil, err
	}
	root.Add(maps...)
	root.Add(x.aids...)
	root.Add(x.playComponents()...)
	x.fillHotkeys(root)
	root.Set("nextPieceSlotId", itoa(x.nextGPID))
	return root, nil
}

// playerRoster lists the sides of the scenarios.
func (x *exporter) playerRoster() *buildfile.Element {
	pr := buildfile.New("VASSAL.build.module.PlayerRoster", "buttonText", "Retire", "buttonToolTip", "Switch sides, become observer, or release faction")
	for _, s := range x.sides {
		e := buildfile.New("entry")
		e.Text = strings.TrimSpace(s.name)
		if e.Text != "" {
			pr.Add(e)
		}
	}
	return pr
}

// documentation holds the notes page and the PDFs.
func (x *exporter) documentation() *buildfile.Element {
	d := buildfile.New(classDocumentation)
	d.Add(buildfile.New(classHelpFile, "title", "About this module (muster)", "fileName", notesFile, "fileType", "archive"))
	for _, dc := range x.docs {
		d.Add(buildfile.New(classPDFDoc, "title", dc.title, "pdfFile", dc.file))
	}
	return d
}

// maps are the module's maps: the main map (scenario boards with their set-ups), the boards to arrange, the
// order of battle, the dead piles.
func (x *exporter) maps() ([]*buildfile.Element, error) {
	var out []*buildfile.Element
	var main, others []*buildfile.Element
	for _, b := range x.boards {
		if b.onMain {
			main = append(main, b.element())
		} else {
			others = append(others, b.element())
		}
	}
	if len(main) > 0 {
		var stacks []*buildfile.Element
		for _, so := range x.scenarios {
			stacks = append(stacks, so.stacks...)
		}
		setup := ""
		if len(x.scenarios) == 1 && len(main) > 1 {
			setup = boardSetup(mainMapName, so0(x).board.name)
		}
		m, err := x.mapElement(mainMapName, false, main, setup, stacks)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if len(others) > 0 {
		m, err := x.mapElement(boardsMapName, true, others, "", nil)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	var oobBoards, oobStacks []*buildfile.Element
	for _, so := range x.scenarios {
		if so.oobW == 0 {
			continue
		}
		oobBoards = append(oobBoards, buildfile.New(classBoard, "name", so.oobName, "image", so.oobFile, "reversible", "false"))
		oobStacks = append(oobStacks, so.oobStacks...)
	}
	if len(oobBoards) > 0 {
		setup := ""
		if len(oobBoards) > 1 && len(x.scenarios) == 1 {
			setup = boardSetup(oobMapName, x.scenarios[0].oobName)
		}
		m, err := x.mapElement(oobMapName, true, oobBoards, setup, oobStacks)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	for _, dp := range x.deadPiles {
		b := buildfile.New(classBoard, "name", dp.name, "reversible", "false", "width", itoa(deadPileSize),
			"height", itoa(deadPileSize*2/3), "color", "230,226,214")
		m, err := x.mapElement(dp.name, true, []*buildfile.Element{b}, "", nil)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	cards, err := x.cardMaps()
	if err != nil {
		return nil, err
	}
	return append(out, cards...), nil
}

func so0(x *exporter) *scenarioOut { return x.scenarios[0] }

// boardSetup is a BoardPicker's default layout of one board: what VASSAL writes for a board picked in the
// New Game wizard, so the wizard does not ask.
func boardSetup(mapName, board string) string {
	b, err := seqenc.Encode('/', board)
	if err != nil {
		return ""
	}
	s, err := seqenc.Encode('\t', mapName+"BoardPicker", b, "0", "0")
	if err != nil {
		return ""
	}
	return s
}

// mapElement is a Map with the components a playable map needs (VASSAL adds them only to maps made in its
// editor, not to maps built from a buildFile): piece moving, selection, menus, stacks, details on hover,
// zoom, scrolling.
func (x *exporter) mapElement(name string, launch bool, boards []*buildfile.Element, setup string, stacks []*buildfile.Element) (*buildfile.Element, error) {
	m := buildfile.New(classMap, "mapName", name, "description", "", "allowMultiple", "false",
		"backgroundcolor", "255,255,255", "buttonName", name, "changeFormat", "$message$", "color", "255,153,0",
		"createFormat", "$pieceName$ created in $location$ *", "edgeHeight", "0", "edgeWidth", "0",
		"hideKey", "", "hotkey", "", "icon", "/images/map.gif", "launch", fmt.Sprint(launch),
		"markMoved", "Always", "markUnmovedHotkey", altU, "markUnmovedIcon", "/images/unmoved.gif",
		"markUnmovedReport", "Moved markers cleared on "+name, "markUnmovedText", "", "markUnmovedTooltip", "Clear the moved markers of every piece on this map (Alt-U)",
		"moveKey", piece.CtrlShiftF12, "moveToFormat", "", "moveWithinFormat", "", "showKey", "",
		"thickness", "3", "tooltip", cond(launch, "Show or hide the "+name+" window", ""))
	for _, c := range []string{"ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
		"StackExpander", "PieceMover", "KeyBufferer"} {
		m.Add(buildfile.New("VASSAL.build.module.map." + c))
	}
	m.Add(
		buildfile.New("VASSAL.build.module.map.CounterDetailViewer", "version", "4", "description", "", "delay", "700",
			"showgraph", "true", "minDisplayPieces", "2", "showtext", "true", "summaryReportFormat", "$LocationName$",
			"counterReportFormat", "", "emptyHexReportForma", "$LocationName$", "fgColor", "0,0,0", "bgColor", "255,255,255",
			"borderWidth", "0", "fontSize", "11", "display", "from top-most layer only", "hotkey", "", "zoomlevel", "1.0"),
		x.zoomer(),
		buildfile.New("VASSAL.build.module.map.HighlightLastMoved", "color", "255,0,0", "thickness", "2", "enabled", "true"),
		buildfile.New("VASSAL.build.module.map.SelectionHighlighters"),
	)
	if ov := x.overview(name); ov != nil {
		m.Add(ov)
	}
	bp := buildfile.New(classBoardPicker, "title", "Choose boards", "slotWidth", "350", "slotHeight", "125",
		"slotScale", "0.2", "maxColumns", "0", "boardPrompt", "Select board", "addRowText", "Add row", "addColumnText", "Add column")
	bp.Add(boards...)
	if setup != "" {
		s := buildfile.New("setup")
		s.Text = setup
		bp.Add(s)
	}
	m.Add(bp)
	m.Add(buildfile.New("VASSAL.build.module.map.StackMetrics", "disabled", "false", "exSepX", "6", "exSepY", "18",
		"unexSepX", "2", "unexSepY", "4"))
	m.Add(buildfile.New("VASSAL.build.module.properties.GlobalProperties"))
	m.Add(stacks...)
	return m, nil
}

// moduleData is the moduledata entry: what VASSAL shows of a module before it opens it.
func (x *exporter) moduleData() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>` + "\n")
	b.WriteString(`<data version="1">` + "\n")
	version := "0.0"
	desc := ""
	if x.pkg.Manifest != nil {
		if x.pkg.Manifest.Version != "" {
			version = x.pkg.Manifest.Version
		}
		desc = strings.Join(strings.Fields(x.pkg.Manifest.Description), " ")
	}
	elem := func(name, text string) {
		b.WriteString("  <" + name + ">" + html.EscapeString(text) + "</" + name + ">\n")
	}
	elem("version", version)
	elem("extra1", "exported by muster "+content.MusterVersion)
	elem("extra2", "")
	elem("VassalVersion", VassalVersion)
	elem("dateSaved", dateSaved)
	elem("description", desc)
	elem("name", x.packageName())
	b.WriteString("</data>\n")
	return b.Bytes(), nil
}

// notesPage is the module's notes: what it holds, how to use it, and what VASSAL could not express.
func (x *exporter) notesPage() []byte {
	var b strings.Builder
	p := func(s string) { b.WriteString("<p>" + html.EscapeString(s) + "</p>\n") }
	li := func(s string) { b.WriteString("<li>" + html.EscapeString(s) + "</li>\n") }
	b.WriteString("<html><head><title>" + html.EscapeString(x.packageName()) + "</title></head><body>\n")
	b.WriteString("<h1>" + html.EscapeString(x.packageName()) + "</h1>\n")
	p(fmt.Sprintf("This module was exported by muster %s from the content package %s. Boards and pieces are drawn at %g dpi by the same code that prints the package's PDFs; every board's grid names its cells as the printed map labels them.", content.MusterVersion, x.pkg.ID, x.dpi))
	b.WriteString("<h2>What is in it</h2>\n<ul>\n")
	var onMain, others []string
	for _, bd := range x.boards {
		if bd.onMain {
			onMain = append(onMain, bd.name)
		} else {
			others = append(others, bd.name)
		}
	}
	if len(onMain) > 0 {
		li("Map: " + strings.Join(onMain, ", ") + ".")
	}
	if len(others) > 0 {
		li("Boards (a map of its own, for laying out boards as you like; VASSAL asks which at the start of a game): " + strings.Join(others, ", ") + ".")
	}
	li(fmt.Sprintf("Counters: %d pieces, a tab per faction and one for markers. Each piece carries its stats as properties (the stat's id; NAME_back for the back's), its faction (Faction, FactionName) and class_ID = true for each class, from the prototypes. Flip (Ctrl-F) shows the back; Eliminate (Ctrl-E) sends a unit to its side's dead pile; Delete (Ctrl-D) removes a piece.", len(x.pieces)))
	if len(x.scenarios) > 0 {
		li("Order of Battle: for each scenario, a box for every entry, zone set-up and reinforcement, holding those units. A unit the scenario sets up on its back starts flipped, with the markers set on it in its stack.")
	}
	if x.pkg.System != nil && x.pkg.System.Sequence != nil && len(x.pkg.System.Sequence.Phases) > 0 {
		li("Turn: the turn tracker steps through the sequence of play, phase by phase (and each player's), within each turn.")
	}
	if len(x.deadPiles) > 0 {
		var n []string
		for _, dp := range x.deadPiles {
			n = append(n, dp.name)
		}
		li("Dead piles: " + strings.Join(n, ", ") + ".")
	}
	for _, s := range x.cardNotes() {
		li(s)
	}
	for _, s := range x.pageNotes {
		li(s)
	}
	li("Play: a piece that moves shows a moved marker (an orange disc at its top-right corner): each map's Mark unmoved button (Alt-U) clears that map's, Clear moved (Alt-M) every map's, at the end of a phase. The chat log reports each move (from and to, by location name), flip, elimination and block step, each begun with the side of the piece's faction. Inventory: one per side (Alt-1, Alt-2, ...), its pieces map by map. Notes (Alt-N): public, private and delayed notes saved with the game. Zoom levels fit the counters (Ctrl-= and Ctrl--). To flip several pieces at once, select them and press Ctrl-F: VASSAL gives a key to every selected piece, so the module has no separate button for it.")
	li("Updates: every piece's id (gpid) is made from the content's ids (the scenario, the unit type or marker, the deck and card), not from its place in the module, so a new version of this module in which a counter changed keeps every piece's id: use Tools > Refresh Counters on a game in progress to bring its pieces up to date.")
	li("Charts (the pages of charts.pdf), dice buttons for the System's dice, a turn tracker, and the scenario sheets and other PDFs under Help.")
	b.WriteString("</ul>\n")
	if len(x.scenarios) > 0 {
		b.WriteString("<h2>Scenarios</h2>\n")
		p("To play a scenario, choose it under File > New Game > " + scenariosMenu + ": a saved game starts with its boards, every unit it sets up on its cell (on its back, with its markers, as the scenario says), the units that wait in their boxes of the order of battle (reinforcements and units available later by turn, entries, draw pools), the units that begin eliminated in their side's dead pile, and the turn tracker at turn 1. " + chooseBoardsSetup + " starts a game by choosing a scenario's board instead.")
		b.WriteString("<ul>\n")
		for _, so := range x.scenarios {
			s := fmt.Sprintf("%s: its board shows the deployment zones, entry edges and objectives; %d set-up stacks stand in their cells at the start of a new game when its board is in play.", cmp.Or(so.sc.Name, so.sc.ID), len(so.stacks))
			if so.sc.Length != nil && so.sc.Length.Turns > 0 {
				s += fmt.Sprintf(" Length: %d turns.", so.sc.Length.Turns)
			}
			li(s)
		}
		b.WriteString("</ul>\n")
		if len(x.scenarios) > 1 {
			p("This package has several scenarios: choose a scenario's board on the map at the start of a new game, and its set-up appears (VASSAL places the set-up stacks of the boards in play).")
		}
	}
	if len(x.notes) > 0 {
		b.WriteString("<h2>Notes</h2>\n<ul>\n")
		for _, n := range x.notes {
			li(n)
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("<h2>What VASSAL does not do here</h2>\n<ul>\n")
	for _, m := range x.limits() {
		li(m)
	}
	b.WriteString("</ul>\n</body></html>\n")
	return []byte(b.String())
}

// limits are what the module cannot express of the content, for the notes.
func (x *exporter) limits() []string {
	out := append([]string(nil), x.missing...)
	out = append(out, x.pageLimits...)
	out = append(out,
		"Rules are not enforced: stacking limits, movement costs, combat, victory conditions and point costs stay with the players (the scenario sheets and charts state them).",
		"Deployment zones, entry edges and objectives are drawn on the scenario boards, not separate VASSAL zones: a piece's location is always its cell.",
		"A unit's stats are fixed properties of its piece; they do not change when it is flipped (the back's values are the NAME_back properties).",
		"The content cannot say that a unit sets up on its back, so every piece starts on its front.",
		"The System lists no turn phases, so the turn tracker counts turns only.",
	)
	for _, b := range x.boards {
		if b.set.Network() {
			out = append(out, "On area and point-to-point maps every place is a location of the board: a piece dropped in an area, a place's circle or box, or a holding box (its CurrentZone), or else nearest a place, goes to the place's point and reports its name. Connections, their limits and stops, and capacities are drawn, not enforced.")
			break
		}
	}
	for _, b := range x.boards {
		if b.set.Type == "open" {
			out = append(out, "Open tabletops have no grid: pieces move freely; measure with the ruler (LOS thread) by eye, 1 inch = "+ftoa(x.dpi)+" pixels.")
			break
		}
	}
	for _, d := range x.pieces {
		if d.counter.Footprint == 2 {
			out = append(out, "Two-cell units are double-width pieces: they snap to one cell's centre; set-up places them between their two cells.")
			break
		}
	}
	sort.Strings(out[len(x.missing):])
	return out
}
