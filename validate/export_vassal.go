package validate

import (
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/digital"
)

// exportVassalCheck reports maps whose cell labels a VASSAL module cannot reproduce, which `muster export
// vassal` refuses: whatever an exporter rejects is a validate check first.
var exportVassalCheck = &Check{
	Name:  "export-vassal",
	Stage: StageCheck,
	Doc: "a map's labels can be reproduced by a VASSAL grid numbering\n\nVASSAL names a cell by its column and row " +
		"with fixed text around them, in a location format where $ starts a property, a backslash escapes, quotes " +
		"at either end are stripped and a leading { runs a script; labels whose text holds those cannot be VASSAL's.",
	Applies: func(pkg *content.Package) bool { return len(pkg.Maps()) > 0 },
	Package: func(p *Pass) {
		for _, m := range p.Pkg.Maps() {
			g, err := m.Geometry()
			if err != nil || g.Numbering == nil {
				continue
			}
			if _, names, err := digital.VassalLocation(g.Numbering, g.Board); len(names) == 2 && err != nil {
				p.Warnf(docPos(m.Doc, "/grid/numbering", m.At), "numbering", "map %s: muster export vassal cannot name its cells: %v", m.ID, err).Hint =
					"write the labels with letters, digits and plain punctuation around the column and row"
			}
		}
	},
}
