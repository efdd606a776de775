package validate

import (
	"fmt"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/surface"
)

// checkSafeMargins warns of the texts of the counters' faces that come closer to the cut than the System's
// safe margin (counters.Face.Unsafe, from the faces the sheet draws): once per element of the content, naming
// the counters it spoils.
func checkSafeMargins(p *Pass, cs []counters.Counter) {
	m := surface.NewDry(0)
	type finding struct {
		at      diag.Pos
		text    string
		least   float64
		designs []string
	}
	var found []*finding
	byAt := map[diag.Pos]*finding{}
	eachDesign(cs, func(c *counters.Counter, side string, face *counters.Face) {
		for _, pt := range face.Unsafe(m, c.Width(), c.Height()) {
			at := pt.At
			if at == (diag.Pos{}) {
				at = c.At // muster's own layout: the counter's line
			}
			f := byAt[at]
			if f == nil {
				f = &finding{at: at, text: pt.Text, least: face.Safe}
				byAt[at] = f
				found = append(found, f)
			}
			f.designs = append(f.designs, c.ID+" ("+side+")")
		}
	})
	for _, f := range found {
		more := ""
		if len(f.designs) > 1 {
			more = fmt.Sprintf(", and on %s more", english.Count(len(f.designs)-1, "counter face"))
		}
		p.Warnf(f.at, "safe", "this face element comes closer to the cut than the safe margin of %gpt: its text %q on counter %s%s, where a cut a little off the line cuts into it",
			f.least, f.text, f.designs[0], more).Hint = "move it in (x and y run from 0 to 1 across and down the face) or make it smaller; or set the System's safeMargin"
	}
}
