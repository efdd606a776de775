package english

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		irr  string
		want string
	}{
		{0, "unit", "", "0 units"},
		{1, "unit", "", "1 unit"},
		{2, "unit", "", "2 units"},
		{1, "page", "", "1 page"},
		{3, "hex", "", "3 hexes"},
		{1, "hex", "", "1 hex"},
		{2, "battery", "", "2 batteries"},
		{2, "day", "", "2 days"},
		{2, "box", "", "2 boxes"},
		{2, "staff", "staves", "2 staves"},
		{1, "file", "", "1 file"},
		{0, "file", "", "0 files"},
	} {
		if got := Count(c.n, c.noun, c.irr); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := List(c.in); got != c.want {
			t.Errorf("List(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := List([]string{"a", "b"}, "or"); got != "a or b" {
		t.Errorf("List or = %q", got)
	}
}

func TestPossessive(t *testing.T) {
	if got := Possessive("Roman Empire"); got != "Roman Empire's" {
		t.Error(got)
	}
	if got := Possessive("Steppe barbarians"); got != "Steppe barbarians'" {
		t.Error(got)
	}
}

func TestArticle(t *testing.T) {
	for in, want := range map[string]string{"cell": "a cell", "area": "an area", "place": "a place", "Objective": "an Objective"} {
		if got := Article(in); got != want {
			t.Errorf("Article(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSentences(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{[]string{"movement halved", "no air"}, "movement halved; no air."},
		{[]string{"Rail movement is unaffected.", "All units' attack strength is halved."}, "Rail movement is unaffected. All units' attack strength is halved."},
		{[]string{"Rail movement is unaffected.", "no air"}, "Rail movement is unaffected. No air."},
		{[]string{"marsh costs 1"}, "marsh costs 1."},
		{[]string{"Roads only (6.2)."}, "Roads only (6.2)."},
		{nil, ""},
	} {
		if got := Sentences(c.in); got != c.want {
			t.Errorf("Sentences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
