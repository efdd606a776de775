package symbols

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/muster-wargames/muster/print/surface"
)

// Every symbol the UnitType schema offers (but none and image) has a drawing.
func TestSchemaSymbolsDrawn(t *testing.T) {
	b, err := os.ReadFile("../../schema/unit-type.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var sch struct {
		Properties struct {
			Symbol struct {
				Enum []string `json:"enum"`
			} `json:"symbol"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(b, &sch); err != nil {
		t.Fatal(err)
	}
	if len(sch.Properties.Symbol.Enum) == 0 {
		t.Fatal("no symbol enum in the schema")
	}
	for _, name := range sch.Properties.Symbol.Enum {
		if name == "none" || name == "image" {
			continue
		}
		if !Known(name) {
			t.Errorf("the schema allows symbol %q, but symbols cannot draw it", name)
		}
	}
}

// Each symbol paints something inside its frame, and no two symbols look the same.
func TestSymbolsDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, name := range Names() {
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
