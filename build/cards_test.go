package build

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/validate"
)

// The card sheets as measured in the PDF, in every back mode: each poker card 2.5 x 3.5 in between its cut
// lines and its crop marks (within 0.01 in), every copy printed, each back exactly behind its front (computed
// here from the page, not from the layout's own arithmetic), and no text under the deck's 6pt.
func TestCardSheetsMeasured(t *testing.T) {
	pkg := example(t, filepath.Join("testdata", "marches"))
	decks := pkg.Package().Decks()
	if len(decks) != 1 {
		t.Fatalf("marches has %d decks, want 1", len(decks))
	}
	wantCopies := 0
	for _, c := range pkg.Package().Cards() {
		wantCopies += c.Copies()
	}
	const inch = 72.0
	const eps = 0.01 * inch
	W, H := 2.5*inch, 3.5*inch
	front := rgb(cards.DefaultFront)
	back := [3]float64{0.169, 0.176, 0.259} // the deck's back colour, #2b2d42
	for _, backs := range []string{"long-edge", "short-edge", "foldover"} {
		t.Run(backs, func(t *testing.T) {
			_, files := runOnly(t, pkg, Options{Backs: backs}, "cards")
			d := pdfcheck.Read(t, files[CardsFile])
			pdfcheck.Check(t, CardsFile, files[CardsFile])
			fronts := 0
			for pi, p := range d.Pages {
				if p.Width() != 612 || p.Height() != 792 {
					t.Fatalf("page %d is %gx%g, want letter", pi+1, p.Width(), p.Height())
				}
				rects, lines := p.Shapes()
				isBack := backs != "foldover" && pi%2 == 1
				var fr, br []pdfcheck.Rect
				for _, r := range rects {
					if r.Fill && r.RGB == front && pdfcheck.Near(r.W, W, eps) && pdfcheck.Near(r.H, H, eps) {
						fr = append(fr, r)
					}
					if r.Fill && r.RGB == back && pdfcheck.Near(r.W, W, eps) && pdfcheck.Near(r.H, H, eps) {
						br = append(br, r)
					}
				}
				if isBack {
					// The back page of a duplex sheet: a back where the previous page has each front.
					prev, _ := d.Pages[pi-1].Shapes()
					var pf []pdfcheck.Rect
					for _, r := range prev {
						if r.Fill && r.RGB == front && pdfcheck.Near(r.W, W, eps) && pdfcheck.Near(r.H, H, eps) {
							pf = append(pf, r)
						}
					}
					if len(br) != len(pf) || len(fr) != 0 {
						t.Fatalf("page %d: %d backs and %d fronts behind %d fronts", pi+1, len(br), len(fr), len(pf))
					}
					for _, f := range pf {
						x, y := 612-f.X-f.W, f.Y // turned over the long edge
						if backs == "short-edge" {
							x, y = f.X, 792-f.Y-f.H
						}
						if len(pdfcheck.Find(br, x, y, f.W, f.H, 0.002)) != 1 {
							t.Errorf("page %d: no back behind the front at (%.2f, %.2f)", pi+1, f.X, f.Y)
						}
					}
					continue
				}
				fronts += len(fr)
				if backs == "foldover" {
					if len(br) != len(fr) {
						t.Fatalf("page %d: %d fronts and %d backs", pi+1, len(fr), len(br))
					}
					for _, f := range fr {
						if len(pdfcheck.Find(br, 612-f.X-f.W, f.Y, f.W, f.H, 0.002)) != 1 {
							t.Errorf("page %d: no back across the fold from the front at (%.2f, %.2f)", pi+1, f.X, f.Y)
						}
					}
				}
				// Cut lines: every front's trim outlined, 2.5 x 3.5 in.
				cuts := 0
				for _, r := range rects {
					if r.Stroke && !r.Fill && r.RGB == rgb(sheet.CutColour) && (backs != "foldover" || r.X < 306) {
						if !pdfcheck.Near(r.W, W, eps) || !pdfcheck.Near(r.H, H, eps) {
							t.Errorf("page %d: a cut line of %.3f x %.3f in", pi+1, r.W/inch, r.H/inch)
						}
						cuts++
					}
				}
				if cuts != len(fr) {
					t.Errorf("page %d: %d cut outlines for %d cards", pi+1, cuts, len(fr))
				}
				// Crop marks: consecutive marks across the top are a card's width apart, down the side its height.
				var xs, ys []float64
				right := 0.0
				for _, f := range fr {
					right = math.Max(right, f.X+f.W)
				}
				for _, l := range lines {
					switch {
					case l.X1 == l.X2 && l.Y2 < fr[0].Y && l.X1 <= right+eps:
						xs = append(xs, l.X1)
					case l.Y1 == l.Y2 && l.X2 < fr[0].X:
						ys = append(ys, l.Y1)
					}
				}
				for _, v := range [][]float64{xs, ys} {
					sort.Float64s(v)
				}
				want := map[bool]float64{true: W, false: H}
				for k, v := range map[bool][]float64{true: xs, false: ys} {
					if len(v) < 2 {
						t.Fatalf("page %d: %d crop marks", pi+1, len(v))
					}
					for i := 1; i < len(v); i++ {
						if !pdfcheck.Near(v[i]-v[i-1], want[k], eps) {
							t.Errorf("page %d: crop marks %.3f in apart, want %.3f", pi+1, (v[i]-v[i-1])/inch, want[k]/inch)
						}
					}
				}
			}
			if fronts != wantCopies {
				t.Errorf("%d card fronts printed, want the deck's %d", fronts, wantCopies)
			}
			small := 0
			for pi, p := range d.Pages {
				for _, r := range p.TextRuns() {
					if r.Size < content.DefaultMinTextSize-1e-9 && strings.TrimSpace(r.Text) != "" && r.Text != "fold" {
						if small++; small < 5 {
							t.Errorf("page %d: %q at %gpt, under 6pt", pi+1, r.Text, r.Size)
						}
					}
				}
			}
			runs := 0
			for _, p := range d.Pages {
				runs += len(p.TextRuns())
			}
			if runs < 10*wantCopies {
				t.Errorf("only %d text runs read from the PDF", runs)
			}
		})
	}
}

// runOnly builds some outputs of a checked package.
func runOnly(t testing.TB, pkg *validate.Checked, opt Options, only ...string) (*Result, map[string][]byte) {
	t.Helper()
	res, err := Run(pkg, opt, only)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range res.Files {
		files[f.Path] = f.Data
	}
	return res, files
}

// A card with a bleed: the sheets leave room for it, the PDF's BleedBox says so, and each card's background
// reaches into it.
func TestCardBleed(t *testing.T) {
	pkg := example(t, filepath.Join("testdata", "marches"))
	bleed := 0.125 * 72
	opt := Options{Bleed: &value.Length{Points: bleed, Text: "0.125in"}}
	_, files := runOnly(t, pkg, opt, "cards")
	d := pdfcheck.Read(t, files[CardsFile])
	rects, _ := d.Pages[0].Shapes()
	n := 0
	for _, r := range rects {
		if r.Fill && r.RGB == rgb(cards.DefaultFront) && pdfcheck.Near(r.W, 180+2*bleed, 0.01) && pdfcheck.Near(r.H, 252+2*bleed, 0.01) {
			n++
		}
	}
	if n == 0 {
		t.Fatal("no card background reaches into the bleed")
	}
	if d.Pages[0].BleedBox == nil {
		t.Error("no BleedBox")
	}
}

// BenchmarkCards110 builds cards.pdf of a deck of 110 cards (Paths of Glory's size), each with an event text and
// SVG art.
func BenchmarkCards110(b *testing.B) {
	pkg := deck110(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Run(pkg, Options{}, []string{"cards"}); err != nil {
			b.Fatal(err)
		}
	}
}

// deck110 writes a package of 110 cards with texts of 100 to 300 characters and five SVG pictures, and
// validates it.
func deck110(t testing.TB) *validate.Checked {
	t.Helper()
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("muster.yaml", "kind: Package\nid: pog\nversion: 1.0.0\nsystem: pog\ninclude: [system.yaml, deck.yaml, cards.yaml]\n")
	write("system.yaml", "kind: System\nid: pog\nfactions:\n  - {id: ap, name: Allied Powers, colour: \"#2f5d8a\"}\n  - {id: cp, name: Central Powers, colour: \"#5a5a5a\"}\n")
	write("deck.yaml", "kind: Deck\nid: strategy\nname: Strategy cards\nvalues:\n  - {id: ops, name: Operations}\n  - {id: sr, name: Strategic redeployment}\n"+
		"periods:\n  - {id: mobilization, name: Mobilization}\n  - {id: limited, name: Limited war}\n  - {id: total, name: Total war}\nhand: {size: 7}\n")
	for i := 0; i < 5; i++ {
		write(fmt.Sprintf("art/a%d.svg", i), fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" fill="#e8ddc4"/>`+
			`<path d="M%d 80 L80 %d L%d 80 Z" fill="#a8322d" stroke="#222" stroke-width="2"/><circle cx="80" cy="60" r="%d" fill="#2f5d8a"/></svg>`, 10+i*5, 10+i*3, 150-i*5, 8+i))
	}
	var b strings.Builder
	words := strings.Fields("Play on a front where your armies stand: each army may attack **once** with one more die, and a *fort* in the way is besieged at once. The other side may then redeploy two corps by rail")
	sides := []string{"ap", "cp"}
	periods := []string{"mobilization", "limited", "total"}
	for i := 0; i < 110; i++ {
		n := 18 + i%30
		text := strings.Join(words[:min(n, len(words))], " ") + "."
		fmt.Fprintf(&b, "---\nkind: Card\nid: c%03d\ntitle: Card %d\nvalues: {ops: %d, sr: %d}\nside: %s\nperiod: %s\nimage: art/a%d.svg\ntext: %q\n",
			i+1, i+1, 2+i%4, 4+i%2, sides[i%2], periods[i%3], i%5, text)
	}
	write("cards.yaml", b.String())
	return loadPackage(t, dir)
}

func TestDeck110Builds(t *testing.T) {
	pkg := deck110(t)
	_, files := runOnly(t, pkg, Options{}, "cards")
	d := pdfcheck.Read(t, files[CardsFile])
	if len(d.Pages) != 2*int(math.Ceil(110.0/9)) {
		t.Errorf("%d pages, want %d sheets of nine fronts and their backs", len(d.Pages), int(math.Ceil(110.0/9)))
	}
}

// Hostile decks: a million copies of a card, a card text of a megabyte, and an event text that does not fit its
// box at 6pt. Each is a diagnostic at the card's file and line from validate, in time and memory that do not
// grow with the numbers, and the printers refuse it on their own, so nothing is written.
func TestHostileDecks(t *testing.T) {
	for _, tc := range []struct {
		name, card, code string
		line             int
	}{
		{"a million cards", "kind: Card\nid: many\ntitle: Many\ncount: 1000000\n", "cards.count", 4},
		{"a megabyte of text", "kind: Card\nid: long\ntitle: Long\ntext: \"" + strings.Repeat("word ", 200_000) + "\"\n", "cards.text-size", 4},
		{"an event too long for its box at 6pt", "kind: Card\nid: long\ntitle: Long\ntext: \"" + strings.Repeat("The army advances through the passes and the valleys. ", 32) + "\"\n", "cards.text-size", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range map[string]string{
				"muster.yaml": "kind: Package\nid: hostile\nversion: 1.0.0\nsystem: s\ninclude: [system.yaml, deck.yaml, cards.yaml]\n",
				"system.yaml": "kind: System\nid: s\n",
				"deck.yaml":   "kind: Deck\nid: d\n",
				"cards.yaml":  tc.card,
			} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := validate.Load(dir)
			var found *diag.Diagnostic
			for i := range r.Diags {
				if r.Diags[i].Code == tc.code {
					found = &r.Diags[i]
				}
			}
			if found == nil || found.Pos.Line != tc.line || filepath.Base(found.Pos.File) != "cards.yaml" {
				t.Fatalf("want %s at cards.yaml:%d, got %v", tc.code, tc.line, r.Diags)
			}
			if _, err := r.Checked(); err == nil {
				t.Fatal("a hostile deck validated")
			}
			raw := loadRaw(t, dir)
			// The printer refuses it on its own, in memory that does not grow with the count or the text (a
			// million cards are never laid out, a megabyte is never wrapped): well under 64 MB.
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			if _, _, err := plan.PlanCards(raw, plan.Settings{Paper: value.Letter, Backs: sheet.LongEdge, At: map[string]diag.Pos{}, Flags: map[string]bool{}}, false); err == nil {
				t.Error("the card printer planned a hostile deck")
			}
			runtime.ReadMemStats(&after)
			if used := after.TotalAlloc - before.TotalAlloc; used > 64<<20 {
				t.Errorf("planning the hostile deck allocated %d MB", used>>20)
			}
			be := buildError(t, raw, Options{}, "cards")
			if be.Diags[0].Pos.Line != tc.line {
				t.Errorf("build refused at %v, want line %d", be.Diags[0].Pos, tc.line)
			}
		})
	}
}
