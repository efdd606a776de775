package docs_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// cardsDPI is the resolution of the pictures of docs/cards.md.
const cardsDPI = 100

// The package the page's files go in: a System with the sides its cards name.
var cardsPackage = map[string]string{
	"muster.yaml": "kind: Package\nid: cards\nversion: 1.0.0\nsystem: cards\ninclude: [system.yaml, deck.yaml, cards.yaml]\n",
	"system.yaml": "kind: System\nid: cards\nfactions:\n  - {id: red, name: Red, colour: \"#a8322d\"}\n  - {id: blue, name: Blue, colour: \"#2f5d8a\"}\n",
}

var (
	fileComment  = regexp.MustCompile(`^file: ([a-z./]+)$`)
	errorComment = regexp.MustCompile(`^error: (\S+) at ([a-z.]+):(\d+)$`)
	sizeRow      = regexp.MustCompile("(?m)^\\| `([a-z]+)` \\| ([0-9.]+) x ([0-9.]+) \\|$")
)

// docs/cards.md: its deck and cards validate with nothing to say and draw as its picture shows; the text it
// says is too long is the error it names, at the line it names; its table of sizes is muster's; its layout's
// words are every word a card layout shows; nine poker cards go on a Letter or an A4 page as it says.
func TestCardsPage(t *testing.T) {
	md := readDoc(t, "cards.md")
	files := map[string]string{}
	for k, v := range cardsPackage {
		files[k] = v
	}
	type wrong struct {
		code, file string
		line       int
		text       string
	}
	var errs []wrong
	for _, f := range fences(md) {
		if m := fileComment.FindStringSubmatch(f.comment); m != nil {
			files[m[1]] = f.text
		}
		if m := errorComment.FindStringSubmatch(f.comment); m != nil {
			var line int
			fmt.Sscan(m[3], &line)
			errs = append(errs, wrong{m[1], m[2], line, f.text})
		}
	}
	if files["deck.yaml"] == "" || files["cards.yaml"] == "" || len(errs) == 0 {
		t.Fatalf("docs/cards.md shows no deck, cards or error")
	}
	dir := t.TempDir()
	writeFiles(t, dir, files)
	r := validate.Load(dir)
	if len(r.Diags) > 0 {
		t.Fatalf("the example of docs/cards.md does not validate --strict: %v", r.Diags)
	}
	pkg := r.Pkg
	decks, err := cards.FromPackage(pkg, cards.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The picture: the first card's front and the deck's back side by side.
	d := decks[0]
	w, h := d.Size.W, d.Size.H
	p := surface.NewPNG(surface.PNGOptions{DPI: cardsDPI})
	p.BeginPage(2*w+18, h)
	p.SetFill(surface.White)
	p.Rect(0, 0, 2*w+18, h, surface.Fill)
	if err := d.Cards[0].Front.DrawRect(p, 0, 0, w, h, 0); err != nil {
		t.Fatal(err)
	}
	if err := d.Back.DrawRect(p, w+18, 0, w, h, 0); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md, "](cards/offensive.png)") {
		t.Error("docs/cards.md does not show cards/offensive.png")
	}
	keepPicture(t, "cards/offensive.png", b.Bytes())

	for _, e := range errs {
		bad := map[string]string{e.file: e.text}
		dir := t.TempDir()
		writeFiles(t, dir, files)
		writeFiles(t, dir, bad)
		var found *diag.Diagnostic
		ds := validate.Load(dir).Diags
		for i := range ds {
			if ds[i].Code == e.code {
				found = &ds[i]
				break
			}
		}
		if found == nil || filepath.Base(found.Pos.File) != e.file || found.Pos.Line != e.line {
			t.Errorf("docs/cards.md says %s at %s:%d; validate says %v (of %v)", e.code, e.file, e.line, found, ds)
		}
	}

	rows := sizeRow.FindAllStringSubmatch(md, -1)
	if len(rows) != len(content.CardSizes) {
		t.Errorf("docs/cards.md lists %d sizes, muster has %d", len(rows), len(content.CardSizes))
	}
	for i, row := range rows {
		if i >= len(content.CardSizes) {
			break
		}
		s := content.CardSizes[i]
		if row[1] != s.Name || row[2] != fmt.Sprint(s.W/72) || row[3] != fmt.Sprint(s.H/72) {
			t.Errorf("docs/cards.md: %s is %s x %s in; muster's %s is %g x %g", row[1], row[2], row[3], s.Name, s.W/72, s.H/72)
		}
	}
	for _, word := range content.CardShows {
		if !strings.Contains(md, "`"+word+"`") {
			t.Errorf("docs/cards.md does not name the layout word %s", word)
		}
	}
	for _, paper := range []value.Paper{value.Letter, value.A4} {
		var pieces []sheet.Piece
		for i := 0; i < 20; i++ {
			pieces = append(pieces, sheet.Piece{Size: h, Width: w, Front: d.Cards[0].Front, Back: d.Back})
		}
		st := plan.Settings{Paper: paper, Backs: sheet.LongEdge, Margin: 0.5 * 72, At: map[string]diag.Pos{}, Flags: map[string]bool{}}
		l, err := sheet.Plan(pieces, plan.CardSheetOptions(st))
		if err != nil {
			t.Fatal(err)
		}
		if n := len(l.Sheets[0].Slots); n != 9 {
			t.Errorf("%s: %d poker cards a page, the page says nine", paper.Name, n)
		}
	}
}
