package vassal

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// The Crown of the Marches' blocks in VASSAL: every block piece (palette, set-up and pools alike) has a Mask
// that only its side sees through, showing the other side its faction's blank side, and a Step layer whose
// levels are its label turned to each step; a block set up at a lower strength starts on that step's level,
// every block set up or waiting in a pool starts masked to its side. Each draw pool is a face-down deck,
// shuffled, holding its units. The module loads in the real VASSAL engine, which decodes every piece.
func TestBlocksMaskedWithSteps(t *testing.T) {
	e := exampleModule(t, "testdata/marches")
	root, err := buildfile.Parse(bytes.NewReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	pkg := e.checked.Package()
	type found struct{ slots, masked, setUp, reduced int }
	var got found
	decks := map[string]bool{} // the card decks' draw and discard piles: not pools
	for _, d := range pkg.Decks() {
		decks[d.Name], decks[d.Name+": discards"] = true, true
	}
	piles := 0
	root.Walk(func(el *buildfile.Element, path string, parent *buildfile.Element) bool {
		if el.Class == classDrawPile && decks[el.Attr("name")] {
			return false
		}
		if el.Class == classDrawPile {
			piles++
			if el.Attr("faceDown") != "Always" || el.Attr("shuffle") != "Always" || el.Attr("drawFaceUp") != "false" {
				t.Errorf("pool %s: face down %s, shuffle %s, drawn face up %s", el.Attr("name"), el.Attr("faceDown"), el.Attr("shuffle"), el.Attr("drawFaceUp"))
			}
			if len(el.Children) != 4 {
				t.Errorf("pool %s holds %d blocks, want 4", el.Attr("name"), len(el.Children))
			}
		}
		if el.Class != classPieceSlot && el.Class != classCardSlot {
			return true
		}
		p, err := piece.Parse(el.Text)
		if err != nil {
			t.Fatalf("%s: %v", el.Attr("entryName"), err)
		}
		var mask, steps *piece.Trait
		var faction string
		for i := range p {
			switch {
			case strings.HasPrefix(p[i].Type, "obs;"):
				mask = &p[i]
			case strings.HasPrefix(p[i].Type, piece.LayerID) && strings.Contains(p[i].Type, reduceCommand):
				steps = &p[i]
			case strings.HasPrefix(p[i].Type, "prototype;Faction: "):
				// The prototype is named by the faction's id; the mask shows its name.
				faction = pkg.System.FactionName(strings.TrimPrefix(p[i].Type, "prototype;Faction: "))
			}
		}
		basic := seqenc.NewDecoder(p[len(p)-1].Type, ';')
		for range 3 {
			basic.Next()
		}
		image := basic.Next()
		if !strings.Contains(image, "-step1.png") {
			return true // a marker
		}
		got.slots++
		if mask == nil || steps == nil {
			t.Errorf("%s at %s: mask %v, steps %v", el.Attr("entryName"), path, mask != nil, steps != nil)
			return true
		}
		if !strings.Contains(mask.Type, ";side:;") || !strings.Contains(mask.Type, "-blank.png;") || !strings.Contains(mask.Type, faction+" block") {
			t.Errorf("%s: mask %s", el.Attr("entryName"), mask.Type)
		}
		owner, _, _ := strings.Cut(mask.State, ";")
		inPlay := parent != nil && (parent.Class == classSetupStack || parent.Class == classDrawPile)
		if inPlay {
			got.setUp++
			if owner == "null" || !strings.HasSuffix(faction, strings.TrimPrefix(owner, "House ")) {
				t.Errorf("%s in %s: masked to %q, want its side (%s)", el.Attr("entryName"), parent.Attr("name"), owner, faction)
			}
		} else if owner != "null" {
			t.Errorf("palette %s starts masked to %q", el.Attr("entryName"), owner)
		}
		if owner != "null" {
			got.masked++
		}
		if steps.State != "1" {
			got.reduced++
			// A levy of 4 steps set up at strength 2 stands on its third level; archers of 3 on their second.
			if want := map[bool]string{true: "3", false: "2"}[strings.Contains(image, "levy")]; steps.State != want {
				t.Errorf("%s set up at strength 2 on level %s, want %s", el.Attr("entryName"), steps.State, want)
			}
		}
		return true
	})
	units := 0
	for _, u := range pkg.UnitTypes() {
		if u.IsBlock() {
			units++
		}
	}
	if got.slots < units || piles != 2 {
		t.Errorf("%d block slots for %d block unit types, %d pools", got.slots, units, piles)
	}
	// The Crown War sets up 28 blocks, 9 of them at strength 2 (8 levies and Hart's archers), its pools hold
	// 8 and 2 sea raiders wait for turn 3: 38 masked to their sides.
	if got.setUp != 38 || got.masked != 38 || got.reduced != 9 {
		t.Errorf("%d blocks in play, %d masked, %d on a later step; want 38, 38 and 9", got.setUp, got.masked, got.reduced)
	}
	script := vassalChecker(t)
	r := loadInVASSAL(t, script, e.mod, e.zip, "marches-blocks")
	if r.Components["DrawPile"] != 2+len(decks) || r.Prototypes.Failed != 0 || r.PieceSlots.Failed != 0 || r.PieceSlots.ReencodedDifferently != 0 {
		t.Errorf("VASSAL: %d DrawPiles, %d prototypes and %d piece slots failed, %d re-encoded differently", r.Components["DrawPile"], r.Prototypes.Failed, r.PieceSlots.Failed, r.PieceSlots.ReencodedDifferently)
	}
}

// A counter hidden from the opponent (the System's hidden: opponent) is masked like a block: set up, it
// starts masked to its side, showing the other side its back, the faction's blank side; in the palette it
// starts unmasked. It has no steps.
func TestHiddenCountersMasked(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "area-good")
	if err := os.CopyFS(dir, os.DirFS(fixturePath("area-good"))); err != nil {
		t.Fatal(err)
	}
	sys := filepath.Join(dir, "system.yaml")
	b, err := os.ReadFile(sys)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sys, append(b, "hidden: opponent\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	c, m, _ := exportDir(t, dir, Options{})
	root, err := buildfile.Parse(bytes.NewReader(m.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	sc := c.Package().Scenarios()[0]
	setUp, palette := 0, 0
	root.Walk(func(el *buildfile.Element, path string, parent *buildfile.Element) bool {
		if el.Class != classPieceSlot || !strings.Contains(el.Attr("entryName"), "knight") {
			return true
		}
		p, err := piece.Parse(el.Text)
		if err != nil {
			t.Fatal(err)
		}
		var mask string
		var state string
		for _, tr := range p {
			if strings.HasPrefix(tr.Type, "obs;") {
				mask, state = tr.Type, tr.State
			}
			if strings.Contains(tr.Type, reduceCommand) {
				t.Errorf("a counter with steps: %s", tr.Type)
			}
		}
		img := strings.Split(strings.TrimPrefix(mask, "obs;"), ";")
		if mask == "" || len(img) < 2 || m.File("images/"+img[1]) == nil || !strings.Contains(mask, ";unit;") && !strings.Contains(mask, " unit;") {
			t.Errorf("%s at %s: mask %q (its image in the module: %v)", el.Attr("entryName"), path, mask, len(img) > 1 && m.File("images/"+img[1]) != nil)
			return true
		}
		owner, _, _ := strings.Cut(state, ";")
		if parent != nil && parent.Class == classSetupStack {
			setUp++
			if owner != sideName(sc, 0) && owner != sideName(sc, 1) {
				t.Errorf("a set-up knight masked to %q", owner)
			}
		} else {
			palette++
			if owner != "null" {
				t.Errorf("the palette's knight masked to %q", owner)
			}
		}
		return true
	})
	if setUp == 0 || palette == 0 {
		t.Errorf("%d set-up knights, %d in the palette", setUp, palette)
	}
}
