package content

import "testing"

func TestSideNames(t *testing.T) {
	sc := &Scenario{Sides: []Side{
		{ID: "allied", Name: "Allied (Feudal kingdoms)"},
		{ID: "south", Name: "Southern Front, 1944"},
		{ID: "red"},
	}}
	cases := []struct {
		side                *Side
		display, short, box string
	}{
		{&sc.Sides[0], "Allied (Feudal kingdoms)", "Allied", "Allied"},
		{&sc.Sides[1], "Southern Front, 1944", "Southern Front, 1944", "Southern"},
		{&sc.Sides[2], "red", "red", "red"},
	}
	for _, c := range cases {
		if got := c.side.DisplayName(); got != c.display {
			t.Errorf("%s: DisplayName = %q, want %q", c.side.ID, got, c.display)
		}
		if got := c.side.ShortName(); got != c.short {
			t.Errorf("%s: ShortName = %q, want %q", c.side.ID, got, c.short)
		}
		if got := c.side.BoxName(); got != c.box {
			t.Errorf("%s: BoxName = %q, want %q", c.side.ID, got, c.box)
		}
		if got := sc.SideName(c.side.ID); got != c.display {
			t.Errorf("SideName(%s) = %q, want %q", c.side.ID, got, c.display)
		}
	}
	if got := sc.SideName("blue"); got != "blue" {
		t.Errorf("SideName of a side the scenario lacks = %q, want its id", got)
	}
	g := &SideGen{ID: "rome", Name: "Rome (and allies)"}
	if g.DisplayName() != "Rome (and allies)" || g.ShortName() != "Rome" || (&SideGen{ID: "x"}).ShortName() != "x" {
		t.Errorf("SideGen names: %q, %q", g.DisplayName(), g.ShortName())
	}
}
