package errata

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/surface"
)

// faceDPI is the resolution the faces are compared at: fine enough that a changed digit or symbol changes
// pixels, coarse enough to draw every design of a large mix in well under a second.
const faceDPI = 96

// Counter is a counter design of the sheets (a unit type or marker as a mix line prints it) whose printed
// faces changed, or that one version prints and the other does not, or whose count changed.
type Counter struct {
	Key    string `json:"key"` // unit/ID or marker/ID, with .faction and own values as the mix prints them
	Kind   string `json:"kind"`
	ID     string `json:"id"` // the unit type or marker
	Name   string `json:"name"`
	Status string `json:"status"`
	// Front and Back say which faces print differently; Block that it is a block (it prints as a label).
	Front bool `json:"front,omitempty"`
	Back  bool `json:"back,omitempty"`
	Block bool `json:"block,omitempty"`
	// OldCount and NewCount are how many the sheets print.
	OldCount int      `json:"oldCount"`
	NewCount int      `json:"newCount"`
	Pos      diag.Pos `json:"pos"`
}

// Replace is how many copies a replacement sheet prints: every copy of a design whose faces changed or
// that is new, the added copies of one whose count rose.
func (c Counter) Replace() int {
	switch {
	case c.Status == Added || c.Front || c.Back:
		return c.NewCount
	case c.NewCount > c.OldCount:
		return c.NewCount - c.OldCount
	}
	return 0
}

// design is a counter design as the sheets print it: its copies and a digest of each face's pixels.
type design struct {
	c           *counters.Counter
	count       int
	front, back [32]byte
}

// designs draws every counter design of a package's mixes, front and back (a block's label at each step and
// its blank side), and keys them as the exporters do (kind/id).
func designs(p *content.Package) (map[string]*design, error) {
	cs, err := counters.FromPackage(p, counters.Options{})
	if err != nil {
		return nil, fmt.Errorf("errata: %s's counters: %w", p.Dir, err)
	}
	out := map[string]*design{}
	var order []*design
	for i := range cs {
		c := &cs[i]
		k := c.Kind + "/" + c.ID
		if d, ok := out[k]; ok {
			d.count += c.Count
			continue
		}
		d := &design{c: c, count: c.Count}
		out[k] = d
		order = append(order, d)
	}
	errs := parallel.Each(len(order), func(i int) error {
		d := order[i]
		var err error
		if b := d.c.Block; b != nil {
			h := sha256.New()
			for k := range max(len(b.Steps), 1) {
				px, err := pixels(d.c, counters.Label{C: d.c, Step: k})
				if err != nil {
					return err
				}
				h.Write(px)
			}
			copy(d.front[:], h.Sum(nil))
		} else if d.front, err = digest(d.c, &d.c.Front); err != nil {
			return err
		}
		d.back, err = digest(d.c, &d.c.Back)
		return err
	})
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("errata: %s: %w", order[i].c.Name, err)
		}
	}
	return out, nil
}

func digest(c *counters.Counter, f *counters.Face) ([32]byte, error) {
	px, err := pixels(c, f)
	if err != nil {
		return [32]byte{}, err
	}
	return sha256.Sum256(px), nil
}

// pixels draws a face at faceDPI, as its sheet prints it, and gives its size and pixels.
func pixels(c *counters.Counter, f interface {
	DrawRect(s surface.Surface, x, y, w, h, bleed float64) error
}) ([]byte, error) {
	s := surface.NewPNG(surface.PNGOptions{DPI: faceDPI})
	s.BeginPage(c.Width(), c.Height())
	if err := f.DrawRect(s, 0, 0, c.Width(), c.Height(), 0); err != nil {
		return nil, err
	}
	im, err := s.PageImage(0)
	if err != nil {
		return nil, err
	}
	b := im.Bounds()
	return append(fmt.Appendf(nil, "%dx%d:", b.Dx(), b.Dy()), im.Pix...), nil
}

// compareCounters lists the designs whose faces or counts differ, in the new sheets' order, then those gone.
func compareCounters(ov, nv Version, old, new map[string]*design) []Counter {
	var out []Counter
	mk := func(d *design, status string) Counter {
		return Counter{Key: d.c.Kind + "/" + d.c.ID, Kind: d.c.Kind, ID: d.c.Of, Name: d.c.Name, Status: status, Block: d.c.Block != nil, Pos: d.c.At.Start()}
	}
	keys := func(m map[string]*design) []string {
		ks := slices.Sorted(maps.Keys(m))
		slices.SortStableFunc(ks, func(a, b string) int { return comparePos(m[a].c.At, m[b].c.At) })
		return ks
	}
	for _, k := range keys(new) {
		nd := new[k]
		od, ok := old[k]
		if !ok {
			c := mk(nd, Added)
			c.Pos = nv.relabel(c.Pos)
			c.NewCount = nd.count
			out = append(out, c)
			continue
		}
		c := mk(nd, Changed)
		c.Pos = nv.relabel(c.Pos)
		c.OldCount, c.NewCount = od.count, nd.count
		c.Front, c.Back = od.front != nd.front, od.back != nd.back
		if c.Front || c.Back || c.OldCount != c.NewCount {
			out = append(out, c)
		}
	}
	for _, k := range keys(old) {
		if _, ok := new[k]; !ok {
			c := mk(old[k], Removed)
			c.Pos = ov.relabel(c.Pos)
			c.OldCount = old[k].count
			out = append(out, c)
		}
	}
	return out
}

// comparePos orders positions by file, line and column.
func comparePos(a, b diag.Pos) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
}
