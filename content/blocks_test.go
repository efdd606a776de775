package content

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
)

// A unit type's steps are a count or a list of values or mappings, each with its position; what is not a
// number of steps, or a list of lists, is a decode error at its value. A count or list far beyond a label's
// edges is kept small (the blocks check reports it), and steps and pools write back as they were written.
func TestDecodeSteps(t *testing.T) {
	decode := func(steps string) (*UnitType, diag.List) {
		t.Helper()
		docs, ds := Parse("u.yaml", []byte("kind: UnitType\nid: u\nsteps: "+steps+"\n"))
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		var u UnitType
		var out diag.List
		decodeDocument(docs[0], &u, &out)
		return &u, out
	}
	u, ds := decode("4")
	if len(ds) > 0 || u.Steps.Len() != 4 || u.Steps.List != nil || !u.IsBlock() {
		t.Errorf("steps: 4 = %+v %v", u.Steps, ds)
	}
	u, ds = decode("[4, 3, {strength: 2, initiative: B}]")
	if len(ds) > 0 || u.Steps.Len() != 3 || u.Steps.List[1].Value.Text != "3" || u.Steps.List[2].Stats["initiative"].Text != "B" {
		t.Fatalf("a list = %+v %v", u.Steps, ds)
	}
	if at := u.Steps.List[2].Stats["initiative"].At.String(); at != "u.yaml:3:41" {
		t.Errorf("a step's value at %s", at)
	}
	if _, ds = decode("four"); len(ds) != 1 || ds[0].Code != "decode.type" || ds[0].Pos.String() != "u.yaml:3:8" {
		t.Errorf("steps: four = %v", ds)
	}
	if _, ds = decode("[[4]]"); len(ds) != 1 || ds[0].Pos.String() != "u.yaml:3:9" {
		t.Errorf("a list of lists = %v", ds)
	}
	if u, _ = decode("100000000000"); u.Steps.Len() != MaxSteps+1 {
		t.Errorf("a huge count kept as %d", u.Steps.Len())
	}
	if u, _ = decode("[" + strings.Repeat("1, ", 10000) + "1]"); u.Steps.Len() != MaxSteps+1 {
		t.Errorf("a long list kept as %d steps", u.Steps.Len())
	}
	src := "kind: UnitType\nid: u\nsteps: [4, {initiative: B, strength: 3}]\n---\nkind: UnitType\nid: v\nsteps: 3\npair: u\nhidden: opponent\n"
	docs, ds := Parse("r.yaml", []byte(src))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var text []string
	for _, d := range docs {
		if err := roundTrip(d); err != nil {
			t.Error(err)
		}
		v := newOfKind(d.Kind)
		decodeDocument(d, v, &ds)
		out, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		text = append(text, string(out))
	}
	for _, want := range []string{"steps: [4, {initiative: B, strength: 3}]", "steps: 3", "pair: u", "hidden: opponent"} {
		if !strings.Contains(strings.Join(text, ""), want) {
			t.Errorf("%q not written back:\n%s", want, strings.Join(text, ""))
		}
	}
}

// Who sees a unit's face: its own hidden, else the System's, else a block hides from the opponent and a
// counter does not. A pair is found from either of its two.
func TestHiddenAndPairs(t *testing.T) {
	block := &UnitType{Steps: &Steps{Count: 3}}
	counter := &UnitType{}
	if !block.IsHidden(nil) || counter.IsHidden(nil) {
		t.Error("defaults: a block hidden, a counter not")
	}
	if block.IsHidden(&System{Hidden: HiddenNone}) || !counter.IsHidden(&System{Hidden: HiddenOpponent}) {
		t.Error("the System's hidden")
	}
	shown := &UnitType{Steps: &Steps{Count: 3}, Hidden: HiddenNone}
	if shown.IsHidden(&System{Hidden: HiddenOpponent}) {
		t.Error("the unit type's own hidden wins")
	}
	src := "kind: UnitType\nid: a\nfaction: x\npair: b\n---\nkind: UnitType\nid: b\nfaction: y\n---\nkind: UnitType\nid: c\n"
	docs, ds := Parse("p.yaml", []byte(src))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	pkg := &Package{}
	pkg.Docs = append(pkg.Docs, docs...)
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	if pkg.PairOf(pkg.UnitType("a")) != "b" || pkg.PairOf(pkg.UnitType("b")) != "a" || pkg.PairOf(pkg.UnitType("c")) != "" {
		t.Errorf("pairs: a %q, b %q, c %q", pkg.PairOf(pkg.UnitType("a")), pkg.PairOf(pkg.UnitType("b")), pkg.PairOf(pkg.UnitType("c")))
	}
}
