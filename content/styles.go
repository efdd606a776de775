package content

import (
	"embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/content/diag"
)

// The counter face styles muster ships, each a face layout written in the content language (styles/NAME.yaml):
// a System's face layout picks one by name (style: classic) and fills its roles with formats of its own stats
// (roles: {factors: "{attack}-{movement}"}); a designer who wants more copies one into the System's faces.
//
//go:embed styles/*.yaml
var styleFiles embed.FS

// Face style names.
const (
	StyleClassic          = "classic"
	StyleNumbersInCorners = "numbers-in-corners"
	StyleAncients         = "ancients"
)

// FaceStyles are the names of the face styles muster ships, in the order they are documented.
func FaceStyles() []string {
	return []string{StyleClassic, StyleNumbersInCorners, StyleAncients}
}

// FaceStyleSource is the YAML of a face style as muster ships it, and whether there is one of that name.
func FaceStyleSource(name string) ([]byte, bool) {
	if !slices.Contains(FaceStyles(), name) {
		return nil, false
	}
	b, err := styleFiles.ReadFile("styles/" + name + ".yaml")
	return b, err == nil
}

// A style file holds the front's layout and, as a second document, the layout of a reduced back, which leaves
// room at the top for the back's stripe (Reduced, Disrupted).
var faceStyles = sync.OnceValues(func() (map[string][2]*FaceLayout, error) {
	out := map[string][2]*FaceLayout{}
	for _, name := range FaceStyles() {
		b, _ := FaceStyleSource(name)
		docs, ds := Parse("styles/"+name+".yaml", b)
		if len(ds) > 0 || len(docs) < 1 || len(docs) > 2 {
			return nil, fmt.Errorf("face style %s: %v", name, ds)
		}
		var pair [2]*FaceLayout
		for i, d := range docs {
			var sl styleLayout
			decodeDocument(d, &sl, &ds)
			if len(ds) > 0 {
				return nil, fmt.Errorf("face style %s: %v", name, ds)
			}
			l := sl.FaceLayout
			l.ID = name
			for _, e := range sl.Slots {
				e.FaceSlot.Role = e.Role
				l.Slots = append(l.Slots, e.FaceSlot)
			}
			pair[i] = &l
		}
		out[name] = pair
	}
	return out, nil
})

// FaceStyle is the face layout of a style muster ships (shared: not to be changed), or nil.
func FaceStyle(name string) *FaceLayout { return faceStyle(name)[0] }

// FaceStyleBack is the layout of the reduced back of a style muster ships, nil when the style has none (its
// front serves).
func FaceStyleBack(name string) *FaceLayout { return faceStyle(name)[1] }

func faceStyle(name string) [2]*FaceLayout {
	m, err := faceStyles()
	if err != nil {
		panic(err) // the shipped styles are tested: they load
	}
	return m[name]
}

// styleLayout is a style file's layout: a face layout whose elements may have a role.
type styleLayout struct {
	FaceLayout `yaml:",inline"`
	Slots      []styleSlot `yaml:"slots"`
}

type styleSlot struct {
	FaceSlot `yaml:",inline"`
	Role     string `yaml:"role"`
}

// StyleBackSuffix ends the id of the reduced back's layout a style adds to the System for a layout that picks
// it (combat~reduced); no id written in content has it.
const StyleBackSuffix = "~reduced"

// StyleRoles are the roles of a face style, in its elements' order.
func (l *FaceLayout) StyleRoles() []string {
	var out []string
	for i := range l.Slots {
		if r := l.Slots[i].Role; r != "" && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// applyStyles lays out every face layout of the System that picks a style: its own elements first (so they
// keep their places in the file), then the style's, each role filled with the layout's format for it (an
// element whose role it does not fill prints what the style gives it, or nothing). The layout's own symbol,
// label, font, band and back win over the style's. A style muster does not ship, and a role the style does
// not have, are recorded in StyleProblems, at the content that names them.
func (s *System) applyStyles() {
	for i := range s.Faces {
		l := &s.Faces[i]
		if l.Style == "" {
			continue
		}
		ptr := Pointer("/faces", i)
		at := func(p string, fallback diag.Pos) diag.Pos {
			if s.Doc == nil {
				return fallback
			}
			return s.Doc.PosOf(p)
		}
		styleAt := l.Fields.Of("style", l.At)
		st := FaceStyle(l.Style)
		if st == nil {
			e := s.StyleProblems.Errorf(styleAt, "counter-faces.style", "face layout %s picks style %q, which muster does not ship", l.ID, l.Style)
			if e.Hint = diag.DidYouMean(l.Style, FaceStyles()); e.Hint == "" {
				e.Hint = "the styles are " + strings.Join(FaceStyles(), ", ") + " (muster style show NAME prints one)"
			}
			continue
		}
		roles := st.StyleRoles()
		if back := FaceStyleBack(l.Style); back != nil {
			for _, r := range back.StyleRoles() {
				if !slices.Contains(roles, r) {
					roles = append(roles, r)
				}
			}
		}
		for _, r := range slices.Sorted(maps.Keys(l.Roles)) {
			if slices.Contains(roles, r) {
				continue
			}
			keyAt := styleAt
			if s.Doc != nil {
				keyAt = s.Doc.KeyPos(ptr + "/roles/" + r)
			}
			e := s.StyleProblems.Errorf(keyAt, "counter-faces.style", "style %s has no role %q", l.Style, r)
			if e.Hint = diag.DidYouMean(r, roles); e.Hint == "" {
				e.Hint = "its roles are " + strings.Join(roles, ", ")
			}
		}
		if back := FaceStyleBack(l.Style); back != nil && l.Back == "" {
			bl := FaceLayout{ID: l.ID + StyleBackSuffix, Name: l.Name + " (reduced back)", BackOnly: true, Style: l.Style, Roles: l.Roles,
				Symbol: l.Symbol, Label: l.Label, Font: l.Font, Band: l.Band, At: l.At, Fields: l.Fields}
			fillStyle(&bl, back, styleAt, at, ptr)
			l.Back = bl.ID
			s.Faces = append(s.Faces, bl)
			l = &s.Faces[i] // the append may have moved the layouts
		}
		fillStyle(l, st, styleAt, at, ptr)
	}
}

// fillStyle gives a layout what its style does: the style's symbol, label, font and band where it gives none,
// and the style's elements after its own, their roles filled.
func fillStyle(l, st *FaceLayout, styleAt diag.Pos, at func(string, diag.Pos) diag.Pos, ptr string) {
	if l.Symbol == "" {
		l.Symbol = st.Symbol
	}
	if l.Label == "" {
		l.Label = st.Label
	}
	if l.Font == "" {
		l.Font = st.Font
	}
	if l.Band == nil && st.Band != nil {
		b := *st.Band
		b.At, b.Fields = styleAt, nil
		l.Band = &b
	}
	for _, sl := range st.Slots {
		sl.At, sl.Fields = styleAt, nil
		if sl.Role != "" {
			if f, ok := l.Roles[sl.Role]; ok {
				sl.Stat, sl.Text, sl.Show, sl.Format = "", "", "", f
				sl.At = at(ptr+"/roles/"+sl.Role, styleAt)
				sl.Fields = FieldPos{"format": sl.At}
			}
			if sl.Stat == "" && sl.Text == "" && sl.Show == "" && sl.Format == "" {
				continue // a role the layout leaves empty
			}
		}
		l.Slots = append(l.Slots, sl)
	}
}
