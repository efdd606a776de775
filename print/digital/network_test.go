package digital

import (
	"testing"

	"github.com/muster-wargames/muster/content"
)

// Places in pixels: points and shapes round to whole pixels from the map's corner; a place's problem is the
// first VASSAL would trip on.
func TestPlacesInPixels(t *testing.T) {
	r := 0.5
	g := &content.Geometry{Scale: 1, Places: []*content.Place{
		{ID: "area", Anchor: []float64{1, 1}, Polygon: [][]float64{{0, 0}, {2, 0}, {2, 2}, {0, 2}}},
		{ID: "round", Anchor: []float64{4, 1}, Radius: &r},
		{ID: "box", Anchor: []float64{6, 1}, Box: []float64{1, 0.5}},
		{ID: "dot", Anchor: []float64{8, 1}},
	}}
	pp := PlacesInPixels(g, 10, 20, 100)
	if pp.At[0] != (Pixel{110, 120}) || pp.At[3] != (Pixel{810, 120}) {
		t.Errorf("points: %v", pp.At)
	}
	if got := pp.Shapes[0]; len(got) != 4 || got[2] != (Pixel{210, 220}) {
		t.Errorf("area: %v", got)
	}
	if got := pp.Shapes[1]; len(got) != PlaceCircleSides || got[0] != (Pixel{460, 120}) {
		t.Errorf("circle: %d corners from %v", len(got), got[0])
	}
	if got := pp.Shapes[2]; len(got) != 4 || got[0] != (Pixel{560, 95}) || got[2] != (Pixel{660, 145}) {
		t.Errorf("box: %v", got)
	}
	if pp.Shapes[3] != nil {
		t.Errorf("dot: %v", pp.Shapes[3])
	}
	for i := range g.Places {
		if pr, _ := pp.Problem(i); pr != PlaceFine {
			t.Errorf("%s: %v", g.Places[i].ID, pr)
		}
	}
	for _, tc := range []struct {
		moved  int
		to     []float64
		want   PlaceProblem
		other  int
		reason string
	}{
		{3, []float64{4.1, 1.1}, PlaceInOther, 1, "the dot in the circle"},
		{0, []float64{0.004, 1}, PlaceOnItsOutline, -1, "the area's point on its edge"},
		{0, []float64{2.5, 1}, PlaceOnItsOutline, -1, "the area's point outside it"},
		{3, []float64{6.2, 1.1}, PlaceInOther, 2, "the dot in the box"},
	} {
		p := *g.Places[tc.moved]
		p.Anchor = tc.to
		h := &content.Geometry{Scale: 1, Places: append([]*content.Place(nil), g.Places...)}
		h.Places[tc.moved] = &p
		pp := PlacesInPixels(h, 10, 20, 100)
		if pr, j := pp.Problem(tc.moved); pr != tc.want || j != tc.other {
			t.Errorf("%s: %v, %d", tc.reason, pr, j)
		}
	}
	// Two dots on one pixel.
	h := &content.Geometry{Scale: 1, Places: []*content.Place{{ID: "a", Anchor: []float64{1, 1}}, {ID: "b", Anchor: []float64{1.004, 0.996}}}}
	if pr, j := PlacesInPixels(h, 0, 0, 100).Problem(1); pr != PlaceSamePixel || j != 0 {
		t.Errorf("same pixel: %v, %d", pr, j)
	}
}

// The export's default resolution: 150 dpi, lowered to a whole number for the largest board.
func TestVassalDPI(t *testing.T) {
	if dpi, ok := VassalDPI([][2]float64{{22, 17}, {11, 8.5}}); dpi != 150 || !ok {
		t.Errorf("a 22 x 17 in map: %g %v", dpi, ok)
	}
	if dpi, ok := VassalDPI([][2]float64{{96, 48}, {11, 8.5}}); dpi != 60 || !ok { // sqrt(16Mi / 4608) = 60.3
		t.Errorf("an 8 x 4 ft table: %g %v", dpi, ok)
	}
	if _, ok := VassalDPI([][2]float64{{1000, 1000}}); ok {
		t.Error("a 1000 in map fits")
	}
}
