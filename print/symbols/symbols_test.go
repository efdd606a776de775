package symbols

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// The UnitType schema's symbol pattern accepts every built-in name, alias and combination, and its description
// names the built-in symbols.
func TestSchemaSymbolsDrawn(t *testing.T) {
	b, err := os.ReadFile("../../schema/unit-type.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var sch struct {
		Properties struct {
			Symbol struct {
				Pattern     string `json:"pattern"`
				Description string `json:"description"`
			} `json:"symbol"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(b, &sch); err != nil {
		t.Fatal(err)
	}
	re, err := regexp.Compile(sch.Properties.Symbol.Pattern)
	if err != nil || sch.Properties.Symbol.Pattern == "" {
		t.Fatalf("no symbol pattern in the schema: %v", err)
	}
	for _, name := range append(Names(), "armour+infantry", "motorised+artillery", "hq+armour+infantry", "none", "image") {
		if !re.MatchString(name) {
			t.Errorf("the schema refuses symbol %q", name)
		}
	}
	for _, name := range Builtins() {
		if !strings.Contains(sch.Properties.Symbol.Description, name) {
			t.Errorf("the schema's description of symbol does not name %q", name)
		}
	}
}

// Each symbol paints something inside its frame, and no two symbols look the same.
func TestSymbolsDistinct(t *testing.T) {
	seen := map[string]string{}
	combos := []string{"armour+infantry", "motorised+artillery", "motorised+infantry", "airborne+infantry", "mountain+infantry", "hq+armour", "armour+anti-tank"}
	for _, name := range append(Builtins(), combos...) {
		p := surface.NewPNG(surface.PNGOptions{DPI: 144})
		p.BeginPage(40, 30)
		if !Draw(p, name, surface.Rect{X: 5, Y: 5, W: 30, H: 20}, surface.Black) {
			t.Fatalf("%s not drawn", name)
		}
		im, _ := p.PageImage(0)
		dark := 0
		for i := 0; i < len(im.Pix); i += 4 {
			if im.Pix[i] < 128 {
				dark++
			}
		}
		if dark < 50 {
			t.Errorf("%s paints almost nothing (%d px)", name, dark)
		}
		key := string(im.Pix)
		if other, ok := seen[key]; ok {
			t.Errorf("%s looks exactly like %s", name, other)
		}
		seen[key] = name
	}
	if Draw(surface.NewPNG(surface.PNGOptions{}), "dragon", surface.Rect{W: 1, H: 1}, surface.Black) {
		t.Error("unknown symbol reported as drawn")
	}
}

// Aliases and combinations resolve as built-in parts; a part that is none, twice, or too many parts are not
// symbols.
func TestCombinations(t *testing.T) {
	for _, name := range []string{"mechanised", "armoured-infantry", "armor", "motorized+artillery", "hq+infantry", "leader+cavalry"} {
		if !Known(name) {
			t.Errorf("%s is not known", name)
		}
	}
	for _, name := range []string{"infantry+infantry", "armour+dragon", "", "+", "a+b+c+d+e", "infantry+cavalry+armour+motorised+artillery"} {
		if Known(name) {
			t.Errorf("%q is known", name)
		}
	}
	if u := Unknown("armour+dragon"); u != "dragon" {
		t.Errorf("Unknown = %q", u)
	}
}

// A symbol is one reused drawing per name, size and colour, placed wherever it is: a hundred infantry symbols of
// two sizes on a PDF page each read back as their frame, where they were drawn (a box and a cross cost less
// drawn in place than placed as a form: the PDF draws them in place).
func TestSymbolDrawnOnce(t *testing.T) {
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(600, 600)
	var frames []surface.Rect
	for i := 0; i < 100; i++ {
		w := 30.0
		if i%2 == 1 {
			w = 15 // another size: another form
		}
		r := surface.Rect{X: 10 + float64(i%10)*50.5, Y: 10 + float64(i/10)*40.25, W: w, H: w * 2 / 3}
		Draw(p, "infantry", r, surface.Black)
		frames = append(frames, r)
	}
	b, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	d, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	rects, _ := d.Pages[0].Shapes()
	for _, r := range frames {
		found := false
		for _, got := range pdfcheck.Find(rects, r.X, r.Y, r.W, r.H, 0.001) {
			found = found || got.Stroke
		}
		if !found {
			t.Errorf("no frame stroked at %+v", r)
		}
	}
}
