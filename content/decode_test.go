package content

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

func TestDecodeRangesAndPositions(t *testing.T) {
	src := "kind: Generator\nid: g\ntype: map\nmap:\n  settlements: {count: [1, 3], minSpacing: 4}\n  mix:\n    - {terrain: woods, share: 3/20, clusters: [2, 5]}\n"
	docs, ds := Parse("g.yaml", []byte(src))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	var g Generator
	var out diag.List
	decodeDocument(docs[0], &g, &out)
	if len(out) > 0 {
		t.Fatalf("decode: %v", out)
	}
	if g.Map == nil || g.Map.Settlements == nil || ints(g.Map.Settlements.Count) != "[1 3]" {
		t.Fatalf("settlements = %+v", g.Map)
	}
	m := g.Map.Mix[0]
	if ints(m.Clusters) != "[2 5]" || m.Share.String() != "3/20" {
		t.Errorf("mix = %+v", m)
	}
	if m.At.String() != "g.yaml:7:7" || m.Fields.Of("share", m.At).String() != "g.yaml:7:31" {
		t.Errorf("positions: entry %s, share %s", m.At, m.Fields.Of("share", m.At))
	}
	if reflect.TypeOf(g.Map.Settlements.Count).Kind() != reflect.Array {
		return // a slice takes any length; the schema bounds it
	}
	bad, _ := Parse("b.yaml", []byte("kind: Generator\nid: g\ntype: map\nmap: {settlements: {count: [1, 2, 3]}}\n"))
	var g2 Generator
	out = nil
	decodeDocument(bad[0], &g2, &out)
	if len(out) != 1 || out[0].Code != "decode.type" || out[0].Pos.String() != "b.yaml:4:28" {
		t.Errorf("a 3-item range: %v", out)
	}
}

// ints prints a range whether the model holds it as an array, a slice or a pointer to either.
func ints(v any) string {
	r := reflect.ValueOf(v)
	for r.Kind() == reflect.Pointer && !r.IsNil() {
		r = r.Elem()
	}
	return fmt.Sprint(r.Interface())
}

// A whole-number stat is held to the same bound as every other number muster reads (issue 19.9).
func TestIntStatBeyondMagnitudeIsRefused(t *testing.T) {
	def := StatDef{ID: "morale", Type: StatInt}
	if _, err := ParseStat(&def, Scalar{Text: "1000000000001"}); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a 13-digit whole-number stat: %v", err)
	}
	if v, err := ParseStat(&def, Scalar{Text: "1000000000000"}); err != nil || v.Value.Number.Cmp(value.Int(1_000_000_000_000)) != 0 {
		t.Errorf("the bound itself is allowed: %v %v", v, err)
	}
}
