package counters

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/surface"
)

func load(t testing.TB, dir string) *content.Package {
	t.Helper()
	// content.Load and Decode, not validate.Load: these tests are about drawing, and cmd/muster's tests
	// check that the fixtures validate.
	pkg, ds := content.Load(filepath.Join("testdata", dir))
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatalf("fixture %s does not load:\n%v", dir, ds)
	}
	return pkg
}

func resolve(t testing.TB, dir string) []Counter {
	t.Helper()
	cs, err := FromPackage(load(t, dir), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func find(t testing.TB, cs []Counter, id string) *Counter {
	t.Helper()
	for i := range cs {
		if cs[i].ID == id {
			return &cs[i]
		}
	}
	t.Fatalf("no counter %s", id)
	return nil
}

func slotText(f Face) map[string]string {
	out := map[string]string{}
	for _, s := range f.Slots {
		if s.Stars > 0 {
			out[s.Where] = strings.Repeat("★", s.Stars)
		} else {
			out[s.Where] = s.Text
		}
	}
	return out
}

func TestTHGLayoutAndFlags(t *testing.T) {
	cs := resolve(t, "thg")
	// The counts of the mix are kept, the size comes from the manifest's print settings.
	foote := find(t, cs, "foote-levies")
	if foote.Count != 14 || foote.Size != 36 {
		t.Errorf("foote levies: count %d size %g, want 14 and 36", foote.Count, foote.Size)
	}
	want := map[string]string{"top-left": "1", "top-right": "3", "bottom-left": "3*", "bottom-centre": "1", "bottom-right": "2"}
	sec := find(t, cs, "infantry-section")
	if got := slotText(sec.Front); !equal(got, want) {
		t.Errorf("infantry section front %v, want %v", got, want)
	}
	// The disrupted side: the back's own values, the others from the front, a stripe with the label.
	wantBack := map[string]string{"top-left": "1", "top-right": "3", "bottom-left": "2*", "bottom-centre": "0", "bottom-right": "1"}
	if got := slotText(sec.Back); !equal(got, wantBack) || sec.Back.Stripe != "Disrupted" || sec.Back.Symbol != "infantry" {
		t.Errorf("infantry section back %v stripe %q symbol %q", got, sec.Back.Stripe, sec.Back.Symbol)
	}
	// Leaders use the leader layout (first whose classes match) with the L prefix from the stat.
	capt := find(t, cs, "captain")
	if got := slotText(capt.Front); got["centre-right"] != "L4" || got["bottom-left"] != "1*" {
		t.Errorf("captain %v", got)
	}
	if capt.Back.Blank != true {
		t.Error("a unit without a back prints a blank back")
	}
	emp := find(t, cs, "emperor")
	if !equal(slotText(emp.Back), slotText(emp.Front)) || emp.Front.Symbol != "hq" {
		t.Error("back: same must repeat the front")
	}
	// Faction colours: the Romans' text colour is their own; the Allies get the readable one.
	leg := find(t, cs, "legion")
	if leg.Front.Background != surface.RGB(0xa8, 0x32, 0x2d) || leg.Front.Text != surface.White {
		t.Errorf("legion colours %v on %v", leg.Front.Text, leg.Front.Background)
	}
	if kn := find(t, cs, "knight-levies"); kn.Front.Text != surface.ReadableOn(kn.Front.Background) {
		t.Error("text colour must be the readable one")
	}
	bag := find(t, cs, "baggage")
	if !bag.Back.Blank || bag.Back.Background != bag.Front.Background {
		t.Error("blank back in the faction colour")
	}
	// Markers: text faces; a marker back shows the other marker.
	f1 := find(t, cs, "fort-1")
	if f1.Kind != KindMarker || f1.Front.Caption != "Stake" || f1.Back.Caption != "Ditch & Berm" || f1.Count != 54 {
		t.Errorf("fort-1: %+v", f1)
	}
	if sm := find(t, cs, "sm-roman"); sm.Back.Caption != "Strategic Movement" || sm.Count != 40 {
		t.Error("a marker without a back prints the same face on both sides")
	}
}

func TestPRESTAGSFlagsAsWritten(t *testing.T) {
	cs := resolve(t, "prestags")
	if got := slotText(find(t, cs, "li").Front); got["bottom-left"] != "[4]" || got["top-left"] != "" {
		t.Errorf("light infantry %v (melee only layout)", got)
	}
	lb := find(t, cs, "lb")
	// The dot melee (3.36) prints as a bullet: a printed dot, large enough to see on a counter.
	want := map[string]string{"top-left": "3", "top-right": "4", "bottom-left": "•", "bottom-right": "5"}
	if got := slotText(lb.Front); !equal(got, want) {
		t.Errorf("longbow (fire unit) %v, want %v", got, want)
	}
	if lb.Front.Label != "LB" {
		t.Errorf("label %q: the layout asks for the abbreviation", lb.Front.Label)
	}
	if ch := find(t, cs, "ch"); ch.Size != 45 {
		t.Errorf("a mix entry's size wins: %g", ch.Size)
	}
}

func TestRampantStars(t *testing.T) {
	cs := resolve(t, "rampant")
	c := find(t, cs, "caesar")
	got := slotText(c.Front)
	if got["top-centre"] != "★★★" || got["bottom-left"] != "15" || got["bottom-right"] != "3" {
		t.Errorf("caesar %v", got)
	}
	if c.Size != 45 {
		t.Errorf("size %g, want 5/8in", c.Size)
	}
	if got := slotText(find(t, cs, "labienus").Front); got["bottom-right"] != "" || got["top-centre"] != "★★" {
		t.Errorf("labienus %v", got)
	}
	co := find(t, cs, "cohort")
	if co.Back.Stripe != "Disordered" || !equal(slotText(co.Back), slotText(co.Front)) {
		t.Error("a reduced back without stats repeats the values under its stripe")
	}
}

// A System without face layouts gets the default: values along the bottom edge.
func TestDefaultLayout(t *testing.T) {
	pkg, ds := content.Load("../../content/testdata/mods/base")
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	cs, err := FromPackage(pkg, Options{Size: 54})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Count != 20 || cs[0].Size != 54 {
		t.Fatalf("%+v", cs)
	}
	if got := slotText(cs[0].Front); got["bottom-left"] != "1" || got["bottom-right"] != "2" {
		t.Errorf("default layout %v", got)
	}
	if cs[0].Front.Background != DefaultBackground && cs[0].Front.Background.A == 0 {
		t.Error("no background")
	}
}

func TestImages(t *testing.T) {
	pkg := load(t, "images")
	cs, err := FromPackage(pkg, Options{Mixes: []string{"good"}})
	if err != nil {
		t.Fatal(err)
	}
	if cs[0].Front.Image == nil {
		t.Fatal("image not read")
	}
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(100, 100)
	if err := cs[0].Front.Draw(p, 10, 10, 36, 0); err != nil {
		t.Fatal(err)
	}
	for _, mix := range []string{"bad", "missing"} {
		_, err := FromPackage(pkg, Options{Mixes: []string{mix}})
		if err == nil || !strings.Contains(err.Error(), "image art/") {
			t.Errorf("%s image: error %v", mix, err)
		}
	}
	// A corrupt image that slips past the config check still fails as an error at drawing time.
	f := Face{Background: surface.White, Text: surface.Black, Image: []byte("\x89PNG\r\n\x1a\ngarbage"), SymbolAt: SymbolCentre}
	if err := f.Draw(p, 0, 0, 36, 0); err == nil {
		t.Error("a corrupt image must be an error")
	}
}

// Long names shrink to fit the counter, then give way to the abbreviation, then are cut.
func TestFitText(t *testing.T) {
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(100, 100)
	width := 36 * (1 - 2*padFrac)
	for _, tc := range []struct{ text, alt string }{
		{"Foote Levies", ""},
		{"Gallic Warband of the Arverni from Gergovia", "GW"},
		{"Gallic Warband of the Arverni from Gergovia and beyond the hills", ""},
	} {
		s, fs := fitText(p, tc.text, tc.alt, width, 36*labelFrac, surface.Font{Style: surface.Bold})
		if w := p.MeasureText(s, surface.Font{Style: surface.Bold, Size: fs}); w > width+0.01 || fs < minFont || s == "" {
			t.Errorf("%q -> %q at %g pt is %g wide (room %g)", tc.text, s, fs, w, width)
		}
	}
	if s, _ := fitText(p, "Gallic Warband of the Arverni from Gergovia", "GW", width, 36*labelFrac, surface.Font{Style: surface.Bold}); s != "GW" {
		t.Errorf("got %q, want the abbreviation", s)
	}
}

func equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// Markers that name each other as their backs do not loop.
func TestMarkerBackCycle(t *testing.T) {
	pkg := load(t, "thg")
	a, b := pkg.Marker("fort-1"), pkg.Marker("fort-2")
	b.Back = &content.Back{Kind: "marker", Marker: "fort-1"}
	cs, err := FromPackage(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c := find(t, cs, "fort-2"); c.Back.Caption != "Stake" || a.Back.Marker != "fort-2" {
		t.Errorf("fort-2 back %q", c.Back.Caption)
	}
	a.Back = &content.Back{Kind: "marker", Marker: "nope"}
	if _, err := FromPackage(pkg, Options{}); err == nil {
		t.Error("a back naming a missing marker must be an error")
	}
}

// A counter mix line's faction prints a unit type in that faction's colours: one generic type, two armies.
func TestMixLineFaction(t *testing.T) {
	pkg := load(t, "thg")
	mix := pkg.CounterMixes()[0]
	mix.Counters = append(mix.Counters,
		content.MixEntry{Unit: "foote-levies", Count: 2, Faction: "roman"},
		content.MixEntry{Unit: "foote-levies", Count: 3, Faction: "mercenary"})
	cs, err := FromPackage(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Counter{}
	for _, c := range cs {
		byID[c.ID] = c
	}
	plain, red, sand := byID["foote-levies"], byID["foote-levies.roman"], byID["foote-levies.mercenary"]
	if red.Count != 2 || sand.Count != 3 || plain.Count != 14 {
		t.Fatalf("counts plain/roman/mercenary = %d/%d/%d, want 14/2/3", plain.Count, red.Count, sand.Count)
	}
	if red.Front.Background.Hex() != "#a8322d" || red.Front.Text.Hex() != "#ffffff" {
		t.Errorf("roman line colours = %s on %s", red.Front.Text.Hex(), red.Front.Background.Hex())
	}
	if sand.Front.Background.Hex() != "#d8c27a" || plain.Front.Background.Hex() == sand.Front.Background.Hex() {
		t.Errorf("mercenary line background = %s, the type's own = %s", sand.Front.Background.Hex(), plain.Front.Background.Hex())
	}
	if red.Name != plain.Name || red.Front.Slots[0].Text != plain.Front.Slots[0].Text {
		t.Error("a faction line must keep the unit's name and values")
	}
}

// AllTypes adds a counter for every unit type and marker the mixes leave out, once, at the default size.
func TestAllTypes(t *testing.T) {
	pkg := load(t, "thg")
	// The mix leaves out its first two lines' units.
	mix := pkg.CounterMixes()[0]
	mix.Counters = mix.Counters[2:]
	cs, err := FromPackage(pkg, Options{AllTypes: true})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := FromPackage(pkg, Options{})
	seen := map[string]int{}
	for _, c := range cs {
		seen[c.Kind+"/"+c.ID]++
	}
	for _, u := range pkg.UnitTypes() {
		if seen[KindUnit+"/"+u.ID] != 1 {
			t.Errorf("unit %s: %d counters", u.ID, seen[KindUnit+"/"+u.ID])
		}
	}
	for _, m := range pkg.Markers() {
		if seen[KindMarker+"/"+m.ID] != 1 {
			t.Errorf("marker %s: %d counters", m.ID, seen[KindMarker+"/"+m.ID])
		}
	}
	if len(cs) != len(plain)+2 {
		t.Errorf("%d counters with AllTypes, %d without", len(cs), len(plain))
	}
	for _, c := range cs[len(plain):] {
		if c.Count != 0 || c.Size <= 0 {
			t.Errorf("added %s: count %d size %g", c.ID, c.Count, c.Size)
		}
	}
}
