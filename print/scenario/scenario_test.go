package scenario

import (
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// The 11.1 format is signalled by the fields only it has: vp, panic level, leadership.
func TestFormat111(t *testing.T) {
	vp := value.Int(40)
	cases := []struct {
		side content.Side
		want bool
	}{
		{content.Side{ID: "a"}, false},
		{content.Side{ID: "a", VP: &vp}, true},
		{content.Side{ID: "a", PanicPercent: &vp}, true},
		{content.Side{ID: "a", Leadership: "Mt.Ex."}, true},
	}
	for _, c := range cases {
		sc := &content.Scenario{Sides: []content.Side{{ID: "b"}, c.side}}
		if got := Format111(sc); got != c.want {
			t.Errorf("%+v: %v, want %v", c.side, got, c.want)
		}
	}
}
