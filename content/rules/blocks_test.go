package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/internal/fuzzbound"
)

func pos(line int) diag.Pos { return diag.Pos{File: "f", Line: line, Col: 1} }

// The Crown of the Marches' blocks as the rules read them: a count of steps runs down from it, a list is read
// as written, and a step's mapping lays its values over the unit type's.
func TestBlockSteps(t *testing.T) {
	e := examplePackage(t, "testdata/marches")
	for _, c := range []struct {
		id, steps string
	}{
		{"hart-levy", "4, 3, 2, 1"},
		{"hart-ashby", "3, 2, 1"},
		{"hart-archers", "3, 2, 1"},
		{"hart-knights", "3, 2, 1"},
	} {
		b := e.Block(c.id)
		if b == nil {
			t.Fatalf("%s is no block", c.id)
		}
		if got := b.Strengths(); got != c.steps {
			t.Errorf("%s: steps %s, want %s", c.id, got, c.steps)
		}
	}
	if e.Block("nobody") != nil {
		t.Error("an unknown unit type is a block")
	}
	// The knights' second step gives initiative B over their A; fire stays the unit type's.
	for step, want := range []string{"A", "B", "B"} {
		u := e.UnitAt("hart-knights", step)
		if got := u.data.Stats["initiative"].String(); got != want {
			t.Errorf("knights on step %d: initiative %s, want %s", step+1, got, want)
		}
		if got := u.data.Stats["strength"].String(); got != []string{"3", "2", "1"}[step] {
			t.Errorf("knights on step %d: strength %s", step+1, got)
		}
		if u.data.Step != step+1 || u.data.Steps != 3 {
			t.Errorf("knights on step %d: the formulas see step %d of %d", step+1, u.data.Step, u.data.Steps)
		}
	}
}

// A hit turns a block down one step; a hit on its last step eliminates it; a strength none of its steps has,
// or a unit type that is not a block, is an error that says so.
func TestHits(t *testing.T) {
	e := examplePackage(t, "testdata/marches")
	n := func(s string) *value.Number {
		v, err := value.ParseNumber(s)
		if err != nil {
			t.Fatal(err)
		}
		return &v
	}
	for _, c := range []struct {
		id       string
		strength *value.Number
		hits     int
		want     string
	}{
		{"hart-levy", nil, 0, "4"},
		{"hart-levy", nil, 1, "3"},
		{"hart-levy", nil, 3, "1"},
		{"hart-levy", nil, 4, "eliminated"},
		{"hart-levy", n("2"), 1, "1"},
		{"hart-levy", n("2"), 2, "eliminated"},
		{"hart-knights", n("3"), 9, "eliminated"},
	} {
		left, gone, err := e.Hit(c.id, c.strength, c.hits)
		got := left.String()
		if gone {
			got = "eliminated"
		}
		if err != nil || got != c.want {
			t.Errorf("%s at %v taking %d: %s (%v), want %s", c.id, c.strength, c.hits, got, err, c.want)
		}
	}
	for _, c := range []struct {
		id       string
		strength *value.Number
		hits     int
		want     string
	}{
		{"hart-knights", n("4"), 1, "no step of strength 4: its steps are 3, 2, 1"},
		{"nobody", nil, 1, `no unit type "nobody"`},
		{"hart-levy", nil, -1, "-1 hits"},
	} {
		if _, _, err := e.Hit(c.id, c.strength, c.hits); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s at %v taking %d: %v, want an error saying %q", c.id, c.strength, c.hits, err, c.want)
		}
	}
}

// A side's roster and its group count blocks at the strength its set-up gives them: House Hart's host is 64
// strength at full strength; set up, its archers in Kingsbury (3 to 2) and its six levies (4 to 2) stand
// lower: 64 - 1 - 12 = 51, and the four levies of its pool count at full strength: 51 + 4 = 55 (the levies
// were already in the 64).
func TestStrengthAtSetup(t *testing.T) {
	e := examplePackage(t, "testdata/marches")
	ro, err := e.Roster("", "crown-war")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range ro.Sides {
		got[s.ID] = s.Total.String()
	}
	if got["hart"] != "55" || got["wyvern"] != "62" {
		t.Errorf("crown war strengths %v, want hart 55, wyvern 62", got)
	}
	// What a victory award counts of a side (an award's counts: strength, e.g. "1 VP a step of the enemy's
	// eliminated") adds up the side's group as it sets up: the same 55.
	m, ok := e.Measure("strength")
	sc := e.pkg.Scenario("crown-war")
	if !ok || sc == nil {
		t.Fatal("no strength measure or crown-war")
	}
	for i := range sc.Sides {
		if sum := m.Sum(e.SideGroup(sc, &sc.Sides[i]).Lines, nil, nil); sum.String() != got[sc.Sides[i].ID] {
			t.Errorf("side %s's group counts %s strength, its roster %s", sc.Sides[i].ID, sum, got[sc.Sides[i].ID])
		}
	}
	fr, err := e.Roster("hart-host", "")
	if err != nil {
		t.Fatal(err)
	}
	if fr.Forces[0].Total.String() != "64" {
		t.Errorf("the host as ordered: %s, want 64", fr.Forces[0].Total)
	}
}

// Draws are made set-up first, then turn by turn; each takes what it asks for or what is left, and a draw
// that finds its pool empty or short says so.
func TestPoolDraws(t *testing.T) {
	sc := func(s string) content.Scalar { return content.Scalar{Text: s} }
	side := &content.Side{Pools: []content.Pool{
		{ID: "late", Units: []content.PoolUnit{{Unit: "a", Count: 3}}, Draw: 2, When: []content.Scalar{sc("4"), sc("2"), sc("6")}},
		{ID: "early", Units: []content.PoolUnit{{Unit: "b"}, {Unit: "c"}}, Draw: 1},
	}}
	var got []string
	for _, d := range Draws(side) {
		s := d.Pool.ID + "@" + d.Draw.DrawText()
		if d.Empty() {
			s += " empty"
		}
		if d.Short() {
			s += " short"
		}
		got = append(got, s)
	}
	want := "early@at set-up, late@on turn 2, late@on turn 4 short, late@on turn 6 empty"
	if strings.Join(got, ", ") != want {
		t.Errorf("draws %s\nwant  %s", strings.Join(got, ", "), want)
	}
	if c := PoolCounts(side); c["a"] != 3 || c["b"] != 1 || c["c"] != 1 {
		t.Errorf("pool counts %v", c)
	}
}

// What BlockOf reports: more steps than a label has edges (at the fifth step), no block stat, a step weaker
// than none before it.
func TestBlockProblems(t *testing.T) {
	sys := &content.System{Blocks: &content.BlockDef{Stat: "strength"},
		Stats: []content.StatDef{{ID: "strength", Type: content.StatInt}}}
	list := func(vals ...string) *content.Steps {
		s := &content.Steps{List: []content.BlockStep{}}
		for i, v := range vals {
			s.List = append(s.List, content.BlockStep{Value: content.Scalar{Text: v, At: pos(i + 1)}, At: pos(i + 1)})
		}
		return s
	}
	codes := func(u *content.UnitType, sys *content.System) (string, *Block) {
		b, ps := BlockOf(sys, u)
		var out []string
		for _, p := range ps {
			out = append(out, p.Code+"@"+p.At.String())
		}
		return strings.Join(out, " "), b
	}
	got, b := codes(&content.UnitType{Meta: content.Meta{ID: "x"}, Steps: list("5", "4", "3", "2", "1")}, sys)
	if got != "edges@f:5:1" || len(b.Steps) != content.LabelEdges {
		t.Errorf("five steps: %s, %d steps kept", got, len(b.Steps))
	}
	if got, _ := codes(&content.UnitType{Meta: content.Meta{ID: "x"}, Steps: &content.Steps{Count: 3}}, &content.System{}); !strings.HasPrefix(got, "stat@") {
		t.Errorf("no block stat: %s", got)
	}
	if got, _ := codes(&content.UnitType{Meta: content.Meta{ID: "x"}, Steps: list("3", "3")}, sys); got != "order@f:2:1" {
		t.Errorf("a step no weaker: %s", got)
	}
	if got, _ := codes(&content.UnitType{Meta: content.Meta{ID: "x"}, Steps: list("3", "two")}, sys); got != "value@f:2:1" {
		t.Errorf("a step not a number: %s", got)
	}
	if got, _ := codes(&content.UnitType{Meta: content.Meta{ID: "x"}, Steps: &content.Steps{Count: 0}}, sys); !strings.HasPrefix(got, "steps@") {
		t.Errorf("no steps: %s", got)
	}
}

// FuzzBlock reads any steps a unit type may write and any hits at any strength: BlockOf never keeps more
// steps than a label has edges, a hit never panics, and every problem is at the content.
//
//	go test -fuzz FuzzBlock -fuzztime 30s ./content/rules/
func FuzzBlock(f *testing.F) {
	for _, s := range []string{"4", "[4, 3, 2, 1]", "[{strength: 3, fire: 2}, 2]", "[5, 4, 3, 2, 1, 0]", "100000000000", "[x, [1]]", "{a: 1}", "[3, 3]", "0", "-2"} {
		f.Add(s, 2, "2")
	}
	f.Fuzz(func(t *testing.T, steps string, hits int, strength string) {
		fuzzbound.Run(t, func() error { return fuzzBlock(steps, hits, strength) })
	})
}

func fuzzBlock(steps string, hits int, strength string) error {
	src := "kind: System\nid: s\nstats: [{id: strength, type: int}, {id: fire, type: int}]\nblocks: {stat: strength}\n---\nkind: UnitType\nid: u\nstats: {strength: 4}\nsteps: " + steps + "\n"
	docs, ds := content.Parse("f.yaml", []byte(src))
	if ds.HasErrors() || len(docs) != 2 {
		return nil
	}
	pkg := &content.Package{Docs: docs}
	for _, d := range pkg.Decode(nil) {
		if d.Pos.File != "f.yaml" {
			return fmt.Errorf("a problem not at the content: %v", d)
		}
	}
	u := pkg.UnitType("u")
	if u == nil || pkg.System == nil {
		return nil
	}
	b, ps := BlockOf(pkg.System, u)
	for _, p := range ps {
		if p.At.File != "f.yaml" {
			return fmt.Errorf("%s not at the content: %s", p.Code, p.Message)
		}
	}
	if b != nil && len(b.Steps) > content.LabelEdges {
		return fmt.Errorf("%d steps kept", len(b.Steps))
	}
	e := New(pkg)
	var st *value.Number
	if v, err := value.ParseNumber(strength); err == nil {
		st = &v
	}
	e.Hit("u", st, hits%100)
	e.UnitAt("u", hits%8)
	return nil
}
