package validate

import (
	"fmt"

	"github.com/muster-wargames/muster/content"
)

// assetsCheck reads every picture the content names the way the printers will, so that a missing, misplaced or
// undrawable image is a validate error at the `image:` value instead of a failed build.
var assetsCheck = &Check{
	Name:  "assets",
	Stage: StageCheck,
	Doc: "every image the content names is an SVG, PNG, JPEG or GIF file inside the package that the printers can draw\n\n" +
		"A unit type's image (symbol: image), a System symbol's image, a face layout element's image, the background " +
		"images of factions, unit types and backs, and a card's art, a card layout element's image and a deck's back image are read as the printers read them: " +
		"relative to the folder of the package that names them (a mod's inherited images from its base), never " +
		"outside it (no absolute paths, no .., no links that leave the package), a regular file of at most 32 MB " +
		"in a format the printers draw, of at most 64 megapixels. An SVG (at most 20 MB) is checked as the printers " +
		"draw it, as vector paths: a diagnostic for each script (never run), external reference (never followed), " +
		"text or font, filter, foreignObject, embedded image, clip, mask, marker, pattern, hidden element, gradient the " +
		"printers cannot draw (by href, repeating, stroked, defined after its use, stops of differing opacity), CSS " +
		"beyond class rules, use of anything but a sole definition, or unit the renderer cannot read, with the SVG's " +
		"own line; entity declarations, more than 64 levels of nesting, 50,000 elements or 200,000 path numbers are " +
		"refused unread. So is art past the limits every printer draws within (print/surface's limits), at the line of " +
		"the element past them: coordinates beyond ±10,000,000 units (as written, and once transformed), NaN, Inf or " +
		"hexadecimal numbers, a viewBox under 1 unit across, a stroke wider than the drawing, a dash pattern of more " +
		"than 64 lengths or cutting a path into more than 65,536 dashes, a gradient of more than 256 stops, shapes whose " +
		"boxes add up to more than 256 times the viewBox; and an SVG saved as UTF-16. " +
		"Even-odd fills and bevel joins, which the renderer draws otherwise, are warnings. A raster image's pixels must decode (corrupt).",
	Applies: func(pkg *content.Package) bool {
		for _, u := range pkg.UnitTypes() {
			if u.Image != "" || u.Symbol == "image" || u.Background != "" || u.Back != nil && u.Back.Background != "" {
				return true
			}
		}
		for _, m := range pkg.Markers() {
			if m.Symbol == "image" || m.Back != nil && m.Back.Background != "" {
				return true
			}
		}
		if pkg.System != nil {
			for _, f := range pkg.System.Faces {
				for _, s := range f.Slots {
					if s.Image != "" {
						return true
					}
				}
			}
			for _, f := range pkg.System.Factions {
				if f.Background != "" {
					return true
				}
			}
		}
		for _, c := range pkg.Cards() {
			if c.Image != "" {
				return true
			}
		}
		for _, d := range pkg.Decks() {
			if d.Back != nil && d.Back.Image != "" || d.Layout != nil {
				return true
			}
		}
		return pkg.System != nil && len(pkg.System.Symbols) > 0
	},
	Package: func(p *Pass) {
		a := pictureFiles{pass: p, seen: map[string]pictureResult{}}
		for _, u := range p.Pkg.UnitTypes() {
			what := fmt.Sprintf("%s %s", u.Kind, u.ID)
			switch {
			case u.Image != "":
				a.read(u.Doc, "/image", u.Image, what)
			case u.Symbol == "image":
				p.Errorf(u.Doc.PosOf("/symbol"), "no-file", "%s %s has symbol: image but names no image file", u.Kind, u.ID).Hint =
					"add image: with the file's path in the package, such as image: symbols/knight.png"
			}
			if u.Background != "" {
				a.read(u.Doc, "/background", u.Background, what+"'s background")
			}
			if u.Back != nil && u.Back.Background != "" {
				a.read(u.Doc, "/back/background", u.Back.Background, what+"'s back background")
			}
		}
		for _, m := range p.Pkg.Markers() {
			if m.Symbol == "image" {
				p.Errorf(m.Doc.PosOf("/symbol"), "no-file", "Marker %s has symbol: image, but a marker has no image file of its own", m.ID).Hint =
					"declare the image as a symbol in the System (symbols: [{id: flag, image: art/flag.png}]) and write symbol: flag"
			}
			if m.Back != nil && m.Back.Background != "" {
				a.read(m.Doc, "/back/background", m.Back.Background, fmt.Sprintf("Marker %s's back background", m.ID))
			}
		}
		if sys := p.Pkg.System; sys != nil {
			for i, f := range sys.Factions {
				if f.Background != "" {
					a.read(sys.Doc, fmt.Sprintf("/factions/%d/background", i), f.Background, fmt.Sprintf("faction %s's background", f.ID))
				}
			}
			for i, s := range sys.Symbols {
				if s.Image != "" {
					a.read(sys.Doc, fmt.Sprintf("/symbols/%d/image", i), s.Image, fmt.Sprintf("symbol %s", s.ID))
				}
			}
			for i, f := range sys.Faces {
				for j, s := range f.Slots {
					if s.Image != "" {
						a.read(sys.Doc, fmt.Sprintf("/faces/%d/slots/%d/image", i, j), s.Image, fmt.Sprintf("face %s", f.ID))
					}
				}
			}
		}
		for _, d := range p.Pkg.Decks() {
			if d.Back != nil && d.Back.Image != "" {
				a.read(d.Doc, "/back/image", d.Back.Image, fmt.Sprintf("the back of deck %s", d.ID))
			}
			if d.Layout != nil {
				for j, s := range d.Layout.Slots {
					if s.Image != "" {
						a.read(d.Doc, fmt.Sprintf("/layout/slots/%d/image", j), s.Image, fmt.Sprintf("the card layout of deck %s", d.ID))
					}
				}
			}
		}
		for _, c := range p.Pkg.Cards() {
			if c.Image != "" {
				a.read(c.Doc, "/image", c.Image, fmt.Sprintf("card %s", c.ID))
			}
		}
	},
}
