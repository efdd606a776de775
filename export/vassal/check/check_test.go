package check

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content/diag"
)

// A small module, written by hand: just enough for every check to have something to look at.
const tinyBuildFile = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.launch.BasicModule name="Tiny" version="1.0" VassalVersion="3.7.0" nextPieceSlotId="3">
    <VASSAL.build.module.BasicCommandEncoder/>
    <VASSAL.build.module.PrototypesContainer>
        <VASSAL.build.module.PrototypeDefinition name="P" description="">+/null/delete;Delete;68,130;	piece;;;;/	null;0;0;;0</VASSAL.build.module.PrototypeDefinition>
    </VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.PieceWindow name="Counters">
        <VASSAL.build.widget.PanelWidget entryName="All">
            <VASSAL.build.widget.PieceSlot entryName="A" gpid="1" width="10" height="10">+/null/prototype;P	piece;;;a.png;A/	null;0;0;1;0</VASSAL.build.widget.PieceSlot>
        </VASSAL.build.widget.PanelWidget>
    </VASSAL.build.module.PieceWindow>
    <VASSAL.build.module.Map mapName="Main">
        <VASSAL.build.module.map.ForwardToKeyBuffer/>
        <VASSAL.build.module.map.MenuDisplayer/>
        <VASSAL.build.module.map.PieceMover/>
        <VASSAL.build.module.map.KeyBufferer/>
        <VASSAL.build.module.map.BoardPicker>
            <VASSAL.build.module.map.boardPicker.Board name="B" image="board.png">
                <VASSAL.build.module.map.boardPicker.board.SquareGrid x0="5" y0="5" dx="10" dy="10">
                    <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering first="H" hType="A" hOff="0" vType="N" vLeading="1" vOff="1"/>
                </VASSAL.build.module.map.boardPicker.board.SquareGrid>
            </VASSAL.build.module.map.boardPicker.Board>
        </VASSAL.build.module.map.BoardPicker>
        <VASSAL.build.module.map.StackMetrics/>
        <VASSAL.build.module.map.SetupStack name="C02" owningBoard="B" useGridLocation="true" location="C02">
            <VASSAL.build.widget.PieceSlot entryName="A" gpid="2" width="10" height="10">+/null/piece;;;a.png;A/null;0;0;2;0</VASSAL.build.widget.PieceSlot>
        </VASSAL.build.module.map.SetupStack>
    </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>
`

const tinyModuleData = `<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>1.0</version><VassalVersion>3.7.0</VassalVersion><name>Tiny</name></data>`

// tinyPNG is a 40x40 white PNG.
var tinyPNG = func() []byte {
	var b bytes.Buffer
	im := image.NewRGBA(image.Rect(0, 0, 40, 40))
	for i := range im.Pix {
		im.Pix[i] = 255
	}
	png.Encode(&b, im)
	return b.Bytes()
}()

type entry struct {
	name string
	data []byte
}

func tinyEntries() []entry {
	return []entry{{"moduledata", []byte(tinyModuleData)}, {"buildFile.xml", []byte(tinyBuildFile)},
		{"images/a.png", tinyPNG}, {"images/board.png", tinyPNG}}
}

func zipOf(t testing.TB, es []entry) []byte { return zipWith(t, es, zip.Deflate) }

// storedZip is zipOf without compression: quick to make, for the fuzz targets.
func storedZip(t testing.TB, es []entry) []byte { return zipWith(t, es, zip.Store) }

func zipWith(t testing.TB, es []entry, method uint16) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range es {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(e.data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func errorsOf(r Result) []string {
	var out []string
	for _, d := range r.Diags {
		if d.Severity == diag.Error {
			out = append(out, d.Code+": "+d.Message)
		}
	}
	return out
}

func TestTinyModulePasses(t *testing.T) {
	r := Bytes(zipOf(t, tinyEntries()), "tiny.vmod")
	if errs := errorsOf(r); len(errs) > 0 {
		t.Fatalf("errors: %q", errs)
	}
	if r.Pieces != 2 {
		t.Errorf("%d pieces, want 2", r.Pieces)
	}
}

// replaceIn returns the tiny module with one string of its buildFile replaced.
func replaceIn(t *testing.T, old, new string) []byte {
	t.Helper()
	if !strings.Contains(tinyBuildFile, old) {
		t.Fatalf("%q is not in the tiny buildFile", old)
	}
	es := tinyEntries()
	es[1].data = []byte(strings.Replace(tinyBuildFile, old, new, 1))
	return zipOf(t, es)
}

func expectError(t *testing.T, data []byte, code, inMessage string) {
	t.Helper()
	r := Bytes(data, "m.vmod")
	for _, d := range r.Diags {
		if d.Severity == diag.Error && d.Code == code && strings.Contains(d.Message, inMessage) {
			return
		}
	}
	t.Errorf("no %s error mentioning %q; got %q", code, inMessage, errorsOf(r))
}

func TestTinyModuleCorrupted(t *testing.T) {
	cases := []struct {
		name, old, new, code, msg string
	}{
		{"unknown class", "<VASSAL.build.module.map.StackMetrics/>", "<VASSAL.build.module.map.StackMetrics/><VASSAL.build.module.map.Nope/>", CodeClass,
			"GameModule/Map[Main]/Nope: VASSAL.build.module.map.Nope is not a class VASSAL 3.7 has"},
		{"class in the wrong place", "<VASSAL.build.module.BasicCommandEncoder/>", "<VASSAL.build.module.BasicCommandEncoder/><VASSAL.build.module.map.PieceMover/>", CodeClass,
			"GameModule/PieceMover: PieceMover is not allowed inside BasicModule"},
		{"missing image", `image="board.png"`, `image="nope.png"`, CodeImage, "GameModule/Map[Main]/BoardPicker/Board[B]: board image nope.png"},
		{"duplicate gpid", `gpid="2"`, `gpid="1"`, CodeGPID, "SetupStack[C02]/PieceSlot[A]: gpid 1 is also the id of GameModule/PieceWindow[Counters]/PanelWidget[All]/PieceSlot[A]"},
		{"gpid not below next", `nextPieceSlotId="3"`, `nextPieceSlotId="2"`, CodeGPID, "gpid 2 is not below nextPieceSlotId 2"},
		{"bad escape", "+/null/prototype;P\tpiece", "+/null/prototype;P\\\\\tpiece", CodePiece, "PieceSlot[A]: the piece definition"},
		{"unknown trait", "+/null/prototype;P\tpiece", "+/null/nosuch;P\tpiece", CodePiece, `type "nosuch;"`},
		{"unknown prototype", "+/null/prototype;P\tpiece", "+/null/prototype;Q\tpiece", CodePiece, `prototype "Q" is not defined`},
		{"set-up cell not on the grid", `location="C02"`, `location="C2"`, CodeGrid, `GameModule/Map[Main]/SetupStack[C02]: location "C2" is not a cell`},
		{"set-up cell off the board", `location="C02"`, `location="Z09"`, CodeGrid, `location "Z09" is at 255,85, off the 40x40 board B`},
		{"no piece mover", "<VASSAL.build.module.map.PieceMover/>", "", CodeMap, "the map has no PieceMover"},
		{"old version", `VassalVersion="3.7.0"`, `VassalVersion="3.4.2"`, CodeVersion, "older than 3.5"},
		{"bad number", `x0="5"`, `x0="5.5"`, CodeAttr, `x0="5.5" is not a whole number`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectError(t, replaceIn(t, c.old, c.new), c.code, c.msg) })
	}
}

// pngClaiming is tinyPNG with a header that claims w x h pixels (its checksum right): a decoder that believed
// it would allocate w*h*4 bytes.
func pngClaiming(w, h uint32) []byte {
	b := bytes.Clone(tinyPNG)
	binary.BigEndian.PutUint32(b[16:], w) // the IHDR chunk's data starts after the signature, length and type
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// --check reads every image a module names from its header (never its pixels): a board whose header claims
// 60000 x 60000 pixels (14.4 GB at the 4 bytes a pixel VASSAL keeps) and a piece image that is not an image
// are errors, where the check used to say VASSAL could load the module (issue 26, item 5).
func TestImagesVASSALCannotLoad(t *testing.T) {
	for _, c := range []struct {
		name, file string
		data       []byte
		msg        string
	}{
		{"a board of 60000 x 60000", "images/board.png", pngClaiming(60000, 60000),
			"image board.png is a PNG of 60000 x 60000 pixels, 14.4 GB once VASSAL decodes it at 4 bytes a pixel: more than the 1024 MB heap"},
		{"a piece image that is not an image", "images/a.png", []byte("<html>not a picture</html>"), "image a.png is not a PNG, GIF or JPEG VASSAL can read"},
		{"just past the heap", "images/a.png", pngClaiming(16385, 16384), "16385 x 16384 pixels"},
	} {
		t.Run(c.name, func(t *testing.T) {
			es := tinyEntries()
			for i := range es {
				if es[i].name == c.file {
					es[i].data = c.data
				}
			}
			z := zipOf(t, es)
			var r Result
			if used := allocated(func() { r = Bytes(z, "m.vmod") }); used > 16<<20 {
				t.Errorf("checking allocated %d MB", used>>20)
			}
			found := 0
			for _, d := range r.Diags {
				if d.Severity == diag.Error && d.Code == CodeImage && strings.Contains(d.Message, c.msg) {
					found++
				}
			}
			if found != 1 { // once, though two pieces name a.png
				t.Errorf("%d errors saying %q: %q", found, c.msg, errorsOf(r))
			}
		})
	}
	// An image as large as the heap holds passes.
	es := tinyEntries()
	es[3].data = pngClaiming(16384, 16384)
	if errs := errorsOf(Bytes(zipOf(t, es), "m.vmod")); len(errs) > 0 {
		t.Errorf("16384 x 16384: %q", errs)
	}
}

func TestMissingEntries(t *testing.T) {
	es := tinyEntries()
	expectError(t, zipOf(t, es[1:]), CodeMissing, "no moduledata")
	expectError(t, zipOf(t, []entry{es[0], {"buildFile", es[1].data}}), CodeMissing, "buildFile but no buildFile.xml")
	es[0].data = []byte(strings.Replace(tinyModuleData, "3.7.0", "3.6.0", 1))
	expectError(t, zipOf(t, es), CodeVersion, "moduledata 3.6.0")
	expectError(t, []byte("not a zip at all"), CodeZip, "not a readable zip")
}

// patchSizes sets the declared uncompressed size of an entry in both its local and its central header.
func patchSizes(t *testing.T, z []byte, name string, size uint32) {
	t.Helper()
	n := 0
	for i := 0; i+46 < len(z); i++ {
		switch {
		case bytes.HasPrefix(z[i:], []byte("PK\x03\x04")) && string(z[i+30:i+30+len(name)]) == name:
			binary.LittleEndian.PutUint32(z[i+22:], size)
			n++
		case bytes.HasPrefix(z[i:], []byte("PK\x01\x02")) && string(z[i+46:i+46+len(name)]) == name:
			binary.LittleEndian.PutUint32(z[i+24:], size)
			n++
		}
	}
	if n != 2 {
		t.Fatalf("patched %d headers of %s", n, name)
	}
}

// allocated measures the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

func TestZipBomb(t *testing.T) {
	// 200 MB of spaces after the buildFile deflate to some hundreds of kilobytes.
	es := tinyEntries()
	es[1].data = append([]byte(tinyBuildFile), bytes.Repeat([]byte{' '}, 200<<20)...)
	honest := zipOf(t, es)
	lying := bytes.Clone(honest)
	patchSizes(t, lying, "buildFile.xml", 2048) // the header says 2 KB
	lim := DefaultLimits
	lim.Entry = 4 << 20
	for _, c := range []struct {
		name string
		z    []byte
		want string
	}{{"honest", honest, "declares 209717"}, {"lying", lying, "inflates to more than the 2048 bytes it declares"}} {
		var r Result
		used := allocated(func() { r = File(bytes.NewReader(c.z), int64(len(c.z)), "bomb.vmod", lim) })
		errs := errorsOf(r)
		if len(errs) == 0 || !strings.Contains(strings.Join(errs, " "), c.want) {
			t.Errorf("%s bomb: %q, want an error saying %q", c.name, errs, c.want)
		}
		if used > 32<<20 {
			t.Errorf("%s bomb: checking allocated %d MB", c.name, used>>20)
		}
	}
}

func TestHugeDeclaredEntry(t *testing.T) {
	z := zipOf(t, tinyEntries())
	patchSizes(t, z, "buildFile.xml", 2<<30-1) // a 2 GB entry, as declared
	var r Result
	used := allocated(func() { r = Bytes(z, "huge.vmod") })
	expectError(t, z, CodeZip, "declares 2147483647 bytes")
	if used > 16<<20 {
		t.Errorf("checking allocated %d MB", used>>20)
	}
	_ = r
}

func TestPathTraversalNamesExtractNothing(t *testing.T) {
	dir := t.TempDir()
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	es := tinyEntries()
	for _, n := range []string{"../evil.txt", "../../evil.txt", "/tmp/evil-abs.txt", `images\..\..\evil.txt`, "C:/evil.txt", "images/../../evil.txt"} {
		es = append(es, entry{n, []byte("evil")})
	}
	z := zipOf(t, es)
	r := Bytes(z, "evil.vmod")
	bad := 0
	for _, d := range r.Diags {
		if d.Code == CodeEntry {
			bad++
		}
	}
	if bad != 6 {
		t.Errorf("%d unsafe names reported, want 6: %q", bad, errorsOf(r))
	}
	for _, p := range []string{filepath.Join(dir, "evil.txt"), filepath.Join(work, "evil.txt"), "/tmp/evil-abs.txt"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written", p)
		}
	}
	if ents := must.ReadDir(t, work); len(ents) > 0 {
		t.Errorf("the check wrote %d files into the working folder", len(ents))
	}
}

func TestElementLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<VASSAL.launch.BasicModule VassalVersion="3.7.0">`)
	for i := 0; i < 100; i++ {
		b.WriteString("<VASSAL.build.module.Chatter>")
	}
	es := tinyEntries()
	es[1].data = []byte(b.String())
	expectError(t, zipOf(t, es), CodeMissing, "nested more than")
}

// FuzzCheckZip reads arbitrary bytes as a module: never a panic, always within the limits.
func FuzzCheckZip(f *testing.F) {
	f.Add(zipOf(f, tinyEntries()))
	f.Add(storedZip(f, tinyEntries()))
	f.Add([]byte("PK\x05\x06" + strings.Repeat("\x00", 18)))
	f.Add([]byte("not a zip"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := Limits{Entries: 1000, Entry: 1 << 20, Total: 4 << 20, Elements: 10_000}
		File(bytes.NewReader(data), int64(len(data)), "fuzz.vmod", lim)
	})
}

// FuzzCheckBuildFile reads arbitrary text as the buildFile of an otherwise good module.
func FuzzCheckBuildFile(f *testing.F) {
	f.Add(tinyBuildFile)
	f.Add(`<VASSAL.launch.BasicModule VassalVersion="3.7.0"><VASSAL.build.module.Map mapName="x"/></VASSAL.launch.BasicModule>`)
	f.Add(`<a><b/></a>`)
	f.Fuzz(func(t *testing.T, bf string) {
		es := tinyEntries()
		es[1].data = []byte(bf)
		z := storedZip(t, es)
		lim := Limits{Entries: 100, Entry: 1 << 20, Total: 4 << 20, Elements: 10_000}
		File(bytes.NewReader(z), int64(len(z)), "fuzz.vmod", lim)
	})
}

// An area map's grid as muster writes it: a zone per area holding a region at the area's point, and the
// regions of every place behind the zones. The checker reads it and places set-up stacks by region name.
func TestRegionGrids(t *testing.T) {
	const square = `<VASSAL.build.module.map.boardPicker.board.SquareGrid x0="5" y0="5" dx="10" dy="10">
                    <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering first="H" hType="A" hOff="0" vType="N" vLeading="1" vOff="1"/>
                </VASSAL.build.module.map.boardPicker.board.SquareGrid>`
	const regions = `<VASSAL.build.module.map.boardPicker.board.ZonedGrid>
                    <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="West" path="0,0;20,0;20,40;0,40" locationFormat="$gridLocation$" useParentGrid="false" useHighlight="false" highlightProperty="">
                        <VASSAL.build.module.map.boardPicker.board.RegionGrid snapto="true" visible="false" fontsize="9">
                            <VASSAL.build.module.map.boardPicker.board.Region name="West" originx="10" originy="20"/>
                        </VASSAL.build.module.map.boardPicker.board.RegionGrid>
                    </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
                    <VASSAL.build.module.map.boardPicker.board.RegionGrid snapto="true" visible="false" fontsize="9">
                        <VASSAL.build.module.map.boardPicker.board.Region name="West" originx="10" originy="20"/>
                        <VASSAL.build.module.map.boardPicker.board.Region name="East box" originx="30" originy="20"/>
                    </VASSAL.build.module.map.boardPicker.board.RegionGrid>
                </VASSAL.build.module.map.boardPicker.board.ZonedGrid>`
	withRegions := func(location string) []byte {
		es := tinyEntries()
		bf := strings.Replace(tinyBuildFile, square, regions, 1)
		bf = strings.Replace(bf, `location="C02"`, `location="`+location+`"`, 1)
		if bf == tinyBuildFile {
			t.Fatal("the tiny buildFile has changed")
		}
		es[1].data = []byte(bf)
		return zipOf(t, es)
	}
	for _, loc := range []string{"West", "East box"} {
		r := Bytes(withRegions(loc), "m.vmod")
		if len(r.Diags) > 0 {
			t.Errorf("set up in %s: %v", loc, r.Diags)
		}
	}
	expectError(t, withRegions("North"), CodeGrid, `location "North" is not a cell of board B's grid`)
}

// A player's hand needs no StackMetrics (VASSAL gives it HandMetrics, which lays its cards out in a row); a map
// still does.
func TestPlayerHandMakesItsOwnMetrics(t *testing.T) {
	hand := `<VASSAL.build.module.PlayerHand mapName="Red: hand" side="Red">
        <VASSAL.build.module.map.ForwardToKeyBuffer/>
        <VASSAL.build.module.map.MenuDisplayer/>
        <VASSAL.build.module.map.PieceMover/>
        <VASSAL.build.module.map.KeyBufferer/>
        <VASSAL.build.module.map.BoardPicker>
            <VASSAL.build.module.map.boardPicker.Board name="Red: hand" width="400" height="100"/>
        </VASSAL.build.module.map.BoardPicker>
    </VASSAL.build.module.PlayerHand>
</VASSAL.launch.BasicModule>`
	data := replaceIn(t, "</VASSAL.launch.BasicModule>", hand)
	if errs := errorsOf(Bytes(data, "hand.vmod")); len(errs) > 0 {
		t.Errorf("a hand without StackMetrics: %q", errs)
	}
	expectError(t, replaceIn(t, "<VASSAL.build.module.map.StackMetrics/>", ""), CodeMap, "the map has no StackMetrics")
}
