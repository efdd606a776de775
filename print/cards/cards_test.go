package cards

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/surface"
)

// load reads a package as validate would, without validating it (validate lies above print).
func load(t testing.TB, dir string) *content.Package {
	t.Helper()
	pkg, ds := content.Load(dir)
	if pkg == nil || ds.HasErrors() {
		t.Fatalf("loading %s: %v", dir, ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatalf("decoding %s: %v", dir, ds)
	}
	return pkg
}

// variant copies the test deck into a temporary folder with some files replaced, and loads it.
func variant(t testing.TB, files map[string]string) *content.Package {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("testdata", "deck")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return load(t, dir)
}

// problems resolves a package's cards and checks them as validate does: every diagnostic.
func problems(t testing.TB, pkg *content.Package) diag.List {
	t.Helper()
	decks, err := FromPackage(pkg, Options{SkipImages: true})
	var ds diag.List
	if f, ok := diag.AsFailure(err); ok {
		ds = append(ds, f.Diags...)
	} else if err != nil {
		t.Fatal(err)
	}
	return append(ds, Problems(decks)...)
}

func TestResolveTheTestDeck(t *testing.T) {
	pkg := load(t, filepath.Join("testdata", "deck"))
	decks, err := FromPackage(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(decks) != 1 || len(decks[0].Cards) != 3 {
		t.Fatalf("decks %+v", decks)
	}
	d := decks[0]
	if d.Size.W != 180 || d.Size.H != 252 || d.MinText != 6 {
		t.Errorf("deck size %+v, least text %g: want poker 180x252pt and 6pt", d.Size, d.MinText)
	}
	off := d.Cards[0]
	if off.ID != "offensive" || off.Count != 2 {
		t.Errorf("first card %s x%d", off.ID, off.Count)
	}
	if off.Front.Band == nil || off.Front.Band.Colour != surface.RGB(0xa8, 0x32, 0x2d) {
		t.Errorf("a red card's band: %+v, want the side's colour", off.Front.Band)
	}
	if tr := d.Cards[1]; tr.Front.Band == nil || tr.Front.Band.Colour != surface.RGB(0x5b, 0x4e, 0x3c) {
		t.Errorf("a card of no side's band: %+v, want the default layout's", tr.Front.Band)
	}
	texts := map[string]counters.Slot{}
	for _, sl := range off.Front.Slots {
		texts[sl.Text] = sl
	}
	for _, want := range []string{"Offensive", "4", "2", "Early war", "Red"} {
		if _, ok := texts[want]; !ok {
			t.Errorf("the front of offensive prints no %q: %+v", want, texts)
		}
	}
	if sl := texts["4"]; sl.Box != "circle" {
		t.Errorf("the ops value is not in a circle: %+v", sl)
	}
	para := texts["**Attack** with every *army* in one theatre."]
	if para.Kind != counters.ElemParagraph || para.MinSize != 6 || para.Source.Line != 8 {
		t.Errorf("the event text: %+v, want a paragraph of least size 6pt from cards.yaml line 8", para)
	}
	// A card without art: its text box takes the art's room too, from under the band to the text box's foot.
	lay := DefaultLayout(d.Doc, d.Size.W, d.MinText)
	var art, text content.FaceSlot
	for _, sl := range lay.Slots {
		switch sl.Show {
		case content.ShowArt:
			art = sl
		case content.ShowText:
			text = sl
		}
	}
	top := para.Y*d.Size.H - para.H*d.Size.W/2
	bottom := para.Y*d.Size.H + para.H*d.Size.W/2
	if wantTop := *art.Y*d.Size.H - art.H*d.Size.W/2; top < wantTop || top > wantTop+0.05*d.Size.W {
		t.Errorf("the text box of a card without art starts at %.1fpt; the art's box at %.1fpt", top, wantTop)
	}
	if wantBottom := *text.Y*d.Size.H + text.H*d.Size.W/2; math.Abs(bottom-wantBottom) > 1e-6 {
		t.Errorf("the text box of a card without art ends at %.1fpt, the layout's at %.1fpt", bottom, wantBottom)
	}
	if ps := Problems(decks); len(ps) != 0 {
		t.Errorf("problems on the test deck: %v", ps)
	}
}

// Every problem of a card or deck is reported at the content's line, with a did-you-mean where one helps.
func TestProblemsAtTheContent(t *testing.T) {
	long := strings.Repeat("The army advances through the mountain passes and the river valleys. ", 24)
	for _, tc := range []struct {
		name, file, text string
		code, at, hint   string
	}{
		{"unknown deck", "cards.yaml", "kind: Card\nid: x\ndeck: evnts\n", "cards.deck", "cards.yaml:3:7", `did you mean "events"?`},
		{"unknown side", "cards.yaml", "kind: Card\nid: x\nside: blu\n", "cards.side", "cards.yaml:3:7", `did you mean "blue"?`},
		{"unknown period", "cards.yaml", "kind: Card\nid: x\nperiod: mid\n", "cards.period", "cards.yaml:3:9", "early, late"},
		{"unknown value", "cards.yaml", "kind: Card\nid: x\nvalues: {opps: 2}\n", "cards.value", "cards.yaml:3:16", `did you mean "ops"?`},
		{"bad size", "deck.yaml", "kind: Deck\nid: events\nsize: poekr\n", "cards.size", "deck.yaml:3:7", `did you mean "poker"?`},
		{"back text too long", "deck.yaml", "kind: Deck\nid: events\nback:\n  text: \"" + long[:300] + "\"\n", "cards.text-size", "deck.yaml:4:9", "shorten the back's text"},
		{"text too long", "cards.yaml", "kind: Card\nid: x\ntitle: Long\ntext: \"" + long + "\"\n", "cards.text-size", "cards.yaml:4:7", "shorten the text"},
		{"unclosed bold", "cards.yaml", "kind: Card\nid: x\ntext: \"Move **two units.\"\n", "cards.markup", "cards.yaml:3:13", "close it"},
		{"a million cards", "cards.yaml", "kind: Card\nid: x\ncount: 1000000\n", "cards.count", "cards.yaml:3:8", "true count"},
		{"layout element", "deck.yaml", "kind: Deck\nid: events\nlayout:\n  slots:\n    - {show: titel, x: 0.5, y: 0.1}\n", "cards.element", "deck.yaml:5:14", `did you mean "title"?`},
		{"layout value", "deck.yaml", "kind: Deck\nid: events\nvalues: [{id: ops}]\nlayout:\n  slots:\n    - {stat: op, x: 0.5, y: 0.1}\n", "cards.value", "deck.yaml:6:14", `did you mean "ops"?`},
		{"text box without room", "deck.yaml", "kind: Deck\nid: events\nlayout:\n  slots:\n    - {show: text, x: 0.5, y: 0.5}\n", "cards.place", "deck.yaml:5:7", "w and h"},
		{"off the card", "deck.yaml", "kind: Deck\nid: events\nlayout:\n  slots:\n    - {show: text, x: 0.5, y: 0.5, w: 1.5, h: 0.5}\n", "cards.off-card", "deck.yaml:5:7", "move it in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{tc.file: tc.text}
			if tc.file == "deck.yaml" && !strings.Contains(tc.name, "layout value") {
				files["cards.yaml"] = "kind: Card\nid: c\nvalues: {ops: 1}\ntext: A card.\n"
			}
			if tc.name == "layout value" {
				files["cards.yaml"] = "kind: Card\nid: c\nvalues: {ops: 1}\n"
			}
			ds := problems(t, variant(t, files))
			var found *diag.Diagnostic
			for i := range ds {
				if ds[i].Code == tc.code {
					found = &ds[i]
					break
				}
			}
			if found == nil {
				t.Fatalf("no %s among %v", tc.code, ds)
			}
			if got := strings.TrimPrefix(found.Pos.String(), found.Pos.File[:len(found.Pos.File)-len(tc.file)]); got != tc.at {
				t.Errorf("%s at %s, want %s: %v", tc.code, got, tc.at, found)
			}
			if !strings.Contains(found.Hint, tc.hint) && !strings.Contains(found.Message, tc.hint) {
				t.Errorf("%v (hint %q): want %q", found, found.Hint, tc.hint)
			}
		})
	}
}

// Holds counts a deck's copies by period (in the deck's order, with when each enters) and side (either side
// first, then the System's factions), with totals, and says how hands are dealt and drawn.
func TestHolds(t *testing.T) {
	pkg := load(t, filepath.Join("testdata", "deck"))
	tab, notes := Holds(pkg, pkg.Deck("events"))
	want := [][]string{
		{"Early war", "–", "2", "–", "2"},
		{"Late war", "1", "–", "1", "2"},
		{"Total", "1", "2", "1", "4"},
	}
	if got := strings.Join(tab.Header, "|"); got != "Period|Either side|Red|Blue|Cards" {
		t.Errorf("header %s", got)
	}
	if len(tab.Rows) != len(want) {
		t.Fatalf("rows %q", tab.Rows)
	}
	for i, r := range want {
		if strings.Join(tab.Rows[i], "|") != strings.Join(r, "|") {
			t.Errorf("row %d: %q, want %q", i, tab.Rows[i], r)
		}
	}
	if !tab.Bold[2] {
		t.Error("the total is not bold")
	}
	all := strings.Join(notes, " ")
	for _, s := range []string{"Events holds 4 cards (3 designs).", "A hand holds at most 7 cards.", "Deal 7 cards at the start of each turn.", "when the draw pile is empty"} {
		if !strings.Contains(all, s) {
			t.Errorf("notes %q: no %q", notes, s)
		}
	}
}
