package grid

import (
	"reflect"
	"testing"
)

func TestParts(t *testing.T) {
	cases := []struct {
		spec NumberingSpec
		want []Part
	}{
		{NumberingSpec{Scheme: "ccrr"}, []Part{{Kind: PartColumn, Width: 2}, {Kind: PartRow, Width: 2}}},
		{NumberingSpec{Scheme: "letter", Width: -1}, []Part{{Kind: PartColumn, Letters: true}, {Kind: PartRow}}},
		{NumberingSpec{Scheme: "letter", Boards: []string{"II"}}, []Part{{Kind: PartBoard}, {Kind: PartColumn, Letters: true}, {Kind: PartRow, Width: 2}}},
		{NumberingSpec{Scheme: "pattern", Pattern: "R{row:03}-{col:letter}!"}, []Part{{Kind: PartText, Text: "R"}, {Kind: PartRow, Width: 3}, {Kind: PartText, Text: "-"}, {Kind: PartColumn, Letters: true}, {Kind: PartText, Text: "!"}}},
	}
	for _, c := range cases {
		n, err := NewNumbering(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := n.Parts(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v: %+v, want %+v", c.spec, got, c.want)
		}
	}
}
