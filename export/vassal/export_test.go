package vassal

import (
	"archive/zip"
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/validate"
)

func TestExamplesExportAndPassTheChecker(t *testing.T) {
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			e := exampleModule(t, name)
			r := check.Bytes(e.zip, name+".vmod")
			for _, d := range r.Diags {
				t.Errorf("%s", d) // warnings too: muster's own modules should have none
			}
			pkg := e.checked.Package()
			root, err := buildfile.Parse(bytes.NewReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			count := map[string]int{}
			layers, slots := 0, 0
			root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
				count[buildfile.Short(el.Class)]++
				if el.Class == classPieceSlot {
					slots++
					p, err := piece.Parse(el.Text)
					if err != nil {
						t.Fatal(err)
					}
					for _, tr := range p {
						if strings.HasPrefix(tr.Type, piece.LayerID+flipCommand+";") { // not a block's steps
							layers++
						}
					}
				}
				return true
			})
			if count["Map"] == 0 || count["PieceWindow"] != 1 || count["TurnTracker"] != 1 {
				t.Errorf("components: %v", count)
			}
			if want := len(pkg.System.Dice); count["DiceButton"] != want {
				t.Errorf("%d dice buttons, want %d", count["DiceButton"], want)
			}
			backs := 0
			for _, u := range pkg.UnitTypes() {
				if u.Back != nil && u.Back.Kind != "same" {
					backs++
				}
			}
			if count["PieceSlot"] < e.mod.Stats.Pieces || (backs > 0) != (layers > 0) {
				t.Errorf("%d piece slots for %d designs, %d with a flip layer", count["PieceSlot"], e.mod.Stats.Pieces, layers)
			}
			if n := len(pkg.UnitTypes()) + len(pkg.Markers()); e.mod.Stats.Pieces < n {
				t.Errorf("%d designs for %d unit types and markers", e.mod.Stats.Pieces, n)
			}
			if len(pkg.Tables()) > 0 && count["ChartWindow"] != 1 {
				t.Error("tables but no chart window")
			}
			if got, want := count["BrowserPDFFile"], len(pkg.Scenarios()); got < want {
				t.Errorf("%d PDFs under Help for %d scenarios", got, want)
			}
			t.Logf("%d KiB, %d dpi, %d elements, %d piece slots, %d images", len(e.zip)>>10, int(e.mod.DPI), r.Elements, slots, e.mod.Stats.Images)
		})
	}
}

// Every unit a scenario's sides field is in the module once: set up in its cell, or waiting in a box of the
// order of battle board (a unit set up in a cell is not also in a box).
func TestEveryUnitOnceAtTheStart(t *testing.T) {
	for _, name := range []string{"highest-ground", "rampant", "prestags", "ancients"} {
		e := exampleModule(t, name)
		pkg := e.checked.Package()
		want := 0
		for _, sc := range pkg.Scenarios() {
			for i := range sc.Sides {
				for _, id := range sc.Sides[i].ForceIDs() {
					f := pkg.Force(id)
					for _, fe := range append(append([]content.ForceEntry(nil), f.Units...), f.Markers...) {
						want += max(fe.Count, 1)
					}
				}
			}
		}
		root, _ := buildfile.Parse(bytes.NewReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
		got := 0
		root.Walk(func(el *buildfile.Element, _ string, parent *buildfile.Element) bool {
			if el.Class == classPieceSlot && parent.Class == classSetupStack {
				got++
			}
			return true
		})
		if got != want {
			t.Errorf("%s: %d pieces set up or waiting, the forces field %d", name, got, want)
		}
	}
}

func TestSetupStacksStandOnTheirCells(t *testing.T) {
	// Rampant's Alesia scenario sets its legions up on the ramparts: each cell a stack, named by its label.
	e := exampleModule(t, "rampant")
	bf := string(e.mod.File("buildFile.xml"))
	for _, want := range []string{`<VASSAL.build.module.map.SetupStack name="0110" owningBoard="Siege of Alesia: an assault period (Rampant conversion)" useGridLocation="true" location="0110"`,
		`name="2010"`} {
		if !strings.Contains(bf, want) {
			t.Errorf("no %s", want)
		}
	}
}

func TestExportIsDeterministic(t *testing.T) {
	for _, name := range []string{"highest-ground", "rampant"} {
		e := exampleModule(t, name)
		m, _, err := Export(e.checked, Options{})
		if err != nil || m == nil {
			t.Fatal(err)
		}
		z, err := m.Zip()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(z, e.zip) {
			t.Errorf("%s: two exports differ (%d and %d bytes)", name, len(z), len(e.zip))
		}
	}
}

// withModule rewrites an exported module: its buildFile through edit, and without the named entries.
func withModule(t *testing.T, m *Module, edit func(string) string, drop ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range m.Files {
		skip := false
		for _, d := range drop {
			skip = skip || f.Path == d
		}
		if skip {
			continue
		}
		data := f.Data
		if f.Path == "buildFile.xml" && edit != nil {
			data = []byte(edit(string(data)))
		}
		w, _ := zw.Create(f.Path)
		w.Write(data)
	}
	zw.Close()
	return b.Bytes()
}

func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("%q is not in the buildFile", old)
	}
	return strings.Replace(s, old, new, 1)
}

func wantError(t *testing.T, data []byte, code, path, msg string) {
	t.Helper()
	r := check.Bytes(data, "bad.vmod")
	for _, d := range r.Diags {
		if d.Severity == diag.Error && d.Code == code && strings.HasPrefix(d.Message, path) && strings.Contains(d.Message, msg) {
			if d.Pos.Line == 0 {
				t.Errorf("%s: no line", d)
			}
			return
		}
	}
	var got []string
	for _, d := range r.Diags {
		got = append(got, d.Code+" "+d.Message)
	}
	t.Errorf("no %s error at %s saying %q; got %q", code, path, msg, got)
}

func TestCorruptedModulesFailWithTheElementPath(t *testing.T) {
	thg := exampleModule(t, "highest-ground")
	// A copy of a palette piece, set up on a cell board II does not have.
	slot := func(bf string) string {
		i := strings.Index(bf, "<VASSAL.build.widget.PieceSlot ")
		j := strings.Index(bf[i:], "</VASSAL.build.widget.PieceSlot>") + i + len("</VASSAL.build.widget.PieceSlot>")
		return strings.Replace(bf[i:j], `gpid="`, `gpid="9`, 1)
	}
	t.Run("set-up cell that does not exist", func(t *testing.T) {
		data := withModule(t, thg.mod, func(bf string) string {
			stack := `<VASSAL.build.module.map.SetupStack name="IIC99" owningBoard="Introductory Scenario" useGridLocation="true" location="IIC99">` +
				slot(bf) + `</VASSAL.build.module.map.SetupStack>`
			bf = strings.Replace(bf, `nextPieceSlotId="`, `nextPieceSlotId="99`, 1)
			return replaceOnce(t, bf, "<VASSAL.build.module.properties.GlobalProperties/>\n    </VASSAL.build.module.Map>",
				"<VASSAL.build.module.properties.GlobalProperties/>\n"+stack+"\n    </VASSAL.build.module.Map>")
		})
		wantError(t, data, check.CodeGrid, "GameModule/Map[Map]/SetupStack[IIC99]", `location "IIC99" is not a cell of board Introductory Scenario's grid`)
	})
	t.Run("bad escape", func(t *testing.T) {
		// In a prototype, and in a piece of the palette.
		data := withModule(t, thg.mod, func(bf string) string { return replaceOnce(t, bf, "\\\t", "\t") })
		wantError(t, data, check.CodePiece, "GameModule/PrototypesContainer/PrototypeDefinition[Piece]", "the piece definition") // the first prototype of several traits
		data = withModule(t, thg.mod, func(bf string) string {
			i := strings.Index(bf, "<VASSAL.build.module.PieceWindow")
			return bf[:i] + replaceOnce(t, bf[i:], "\\\t", "\t")
		})
		wantError(t, data, check.CodePiece, "GameModule/PieceWindow[Counters]/TabWidget[Counters]/PanelWidget[Mercenaries]/PieceSlot[", "the piece definition")
	})
	t.Run("missing image", func(t *testing.T) {
		d := thg.mod
		var img string
		for _, f := range d.Files {
			if strings.HasPrefix(f.Path, "images/piece-") {
				img = f.Path
				break
			}
		}
		data := withModule(t, d, nil, img)
		wantError(t, data, check.CodeImage, "GameModule/PieceWindow[Counters]/", strings.TrimPrefix(img, "images/")+" is not in the module's images/")
	})
	t.Run("unknown class", func(t *testing.T) {
		data := withModule(t, thg.mod, func(bf string) string {
			return replaceOnce(t, bf, "<VASSAL.build.module.map.PieceMover/>", "<VASSAL.build.module.map.PieceMover/><VASSAL.build.module.map.PieceTeleporter/>")
		})
		wantError(t, data, check.CodeClass, "GameModule/Map[Map]/PieceTeleporter", "is not a class VASSAL 3.7 has")
	})
	t.Run("duplicate gpid", func(t *testing.T) {
		// The palette's second slot given the first's id.
		var first string
		data := withModule(t, thg.mod, func(bf string) string {
			i := strings.Index(bf, "<VASSAL.build.module.PieceWindow")
			ids := regexp.MustCompile(`gpid="(\d+)"`).FindAllStringSubmatch(bf[i:], 2)
			if len(ids) < 2 {
				t.Fatalf("the palette has %d gpids", len(ids))
			}
			first = ids[0][1]
			return bf[:i] + replaceOnce(t, bf[i:], `gpid="`+ids[1][1]+`"`, `gpid="`+first+`"`)
		})
		wantError(t, data, check.CodeGPID, "GameModule/PieceWindow[Counters]/TabWidget[Counters]/PanelWidget[Mercenaries]/PieceSlot[", "gpid "+first+" is also the id of")
	})
	t.Run("set-up cell off the board", func(t *testing.T) {
		ram := exampleModule(t, "rampant")
		data := withModule(t, ram.mod, func(bf string) string { return replaceOnce(t, bf, `location="0110"`, `location="9910"`) })
		wantError(t, data, check.CodeGrid, "GameModule/Map[Map]/SetupStack[0110]", `location "9910" is at`)
	})
}

func TestBoardTooLargeAtAGivenDPI(t *testing.T) {
	c, err := validate.Load(examplePath("fields-of-honor")).Checked()
	if err != nil {
		t.Fatal(err)
	}
	m, ds, err := Export(c, Options{DPI: 300})
	if err != nil {
		t.Fatal(err)
	}
	if m != nil {
		t.Fatal("a module was made with boards VASSAL cannot load")
	}
	found := false
	for _, d := range ds {
		if d.Code == "export.vassal.board-size" && strings.HasSuffix(d.Pos.File, filepath.Join("maps", "isandlwana.yaml")) && d.Pos.Line > 0 && strings.Contains(d.Message, "Isandlwana") {
			found = true
			if !strings.Contains(d.Hint, "--dpi") {
				t.Errorf("hint %q", d.Hint)
			}
		}
	}
	if !found {
		t.Errorf("no board-size error at isandlwana.yaml: %v", ds)
	}
	// Left to choose, muster draws it at a resolution VASSAL can load, and says so.
	e := exampleModule(t, "fields-of-honor")
	if e.mod.DPI >= DefaultDPI || e.mod.DPI < MinDPI {
		t.Errorf("dpi %g", e.mod.DPI)
	}
	if !strings.Contains(string(e.mod.File(notesFile)), "not 150") {
		t.Error("the notes do not say the resolution was lowered")
	}
}

// copyPackage copies an example package into a temporary folder, so a test can change its content.
func copyPackage(t *testing.T, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(name))
	must.Do(t, os.CopyFS(dst, os.DirFS(examplePath(name))))
	return dst
}

func TestNumberingVASSALCannotReproduce(t *testing.T) {
	dir := copyPackage(t, "prestags")
	// A small extra map whose labels hold a $: VASSAL's location format reads $...$ as a property.
	extra := "kind: Map\nid: extra\nname: Extra\ngrid:\n  type: hex\n  cols: 4\n  rows: 3\n  cellSize: 0.6in\n" +
		"  numbering: {scheme: pattern, pattern: \"{col:02}${row:02}\"}\nlegend: {\".\": clear}\nterrain: [\"....\", \"....\", \"....\"]\n"
	file := filepath.Join(dir, "map", "extra.yaml")
	if err := os.WriteFile(file, []byte(extra), 0o644); err != nil {
		t.Fatal(err)
	}
	r := validate.Load(dir)
	c, err := r.Checked()
	if err != nil {
		t.Fatalf("the package does not validate: %v", r.Diags)
	}
	m, ds, err := Export(c, Options{DPI: 40})
	if err != nil {
		t.Fatal(err)
	}
	if m != nil {
		t.Fatal("a module was made")
	}
	for _, d := range ds {
		if d.Code == "export.vassal.grid" && strings.HasSuffix(d.Pos.File, filepath.Join("map", "extra.yaml")) && d.Pos.Line == 9 && strings.Contains(d.Message, "$") {
			return
		}
	}
	t.Errorf("no grid error at extra.yaml:9: %v", ds)
}

// The module carries muster's seal, so package output may replace it later, and the checker reads it as
// any module.
func TestModuleIsSealed(t *testing.T) {
	e := exampleModule(t, "highest-ground")
	if !output.Sealed(e.zip) {
		t.Fatal("the module carries no seal")
	}
	z, err := zip.NewReader(bytes.NewReader(e.zip), int64(len(e.zip)))
	if err != nil || !strings.HasPrefix(z.Comment, "written by muster export vassal muster-sha256:") {
		t.Fatalf("comment %q %v", z.Comment, err)
	}
}

func TestPNGEncoderReadsBack(t *testing.T) {
	for _, opaque := range []bool{true, false} {
		im := image.NewRGBA(image.Rect(3, 5, 40, 33))
		for y := 5; y < 33; y++ {
			for x := 3; x < 40; x++ {
				a := uint8(255)
				if !opaque {
					a = uint8(x * 6)
				}
				im.SetRGBA(x, y, color.RGBA{uint8(x * 5 % 256 * int(a) / 255), uint8(y * 7 % 256 * int(a) / 255), 0, a})
			}
		}
		data, _, err := encodePNG(im)
		if err != nil {
			t.Fatal(err)
		}
		back, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		// image/png's own encoding is the reference: it converts premultiplied pixels the same way.
		var ref bytes.Buffer
		if err := png.Encode(&ref, im); err != nil {
			t.Fatal(err)
		}
		want, _ := png.Decode(&ref)
		if back.Bounds().Dx() != 37 || back.Bounds().Dy() != 28 {
			t.Fatalf("size %v", back.Bounds())
		}
		for y := 0; y < 28; y++ {
			for x := 0; x < 37; x++ {
				r1, g1, b1, a1 := want.At(x, y).RGBA()
				r2, g2, b2, a2 := back.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
					t.Fatalf("opaque %v: pixel %d,%d differs", opaque, x, y)
				}
			}
		}
	}
}
