package build

import (
	"bytes"

	"github.com/muster-wargames/muster/content"
	an "github.com/muster-wargames/muster/content/analysis"
	"github.com/muster-wargames/muster/output"
	panalysis "github.com/muster-wargames/muster/print/analysis"
	"github.com/muster-wargames/muster/print/surface"
)

// analysisOptions are the report pages' settings: the package's paper (letter when it gives none) and its
// name for the footers.
func analysisOptions(pkg *content.Package) panalysis.Options {
	opt := panalysis.Options{Paper: surface.Size{W: 8.5 * surface.Inch, H: 11 * surface.Inch}}
	if m := pkg.Manifest; m != nil {
		opt.Title = m.Name
		if opt.Title == "" {
			opt.Title = m.ID
		}
		if m.Print != nil && m.Print.Paper != nil {
			opt.Paper = surface.PaperSize(*m.Print.Paper)
		}
	}
	return opt
}

// TablesPDF is `muster analyze tables`'s chart pages as sealed bytes for output.WriteFile.
func TablesPDF(pkg *content.Package, r *an.TablesReport) ([]byte, error) {
	pdf := surface.NewPDF(surface.PDFOptions{Title: "combat tables analysed", Subject: "muster analyze tables " + output.Placeholder})
	if err := panalysis.Tables(pdf, pkg, r, analysisOptions(pkg)); err != nil {
		return nil, err
	}
	return sealPDF(pdf)
}

// ScenariosPDF is `muster analyze scenario`'s report pages, one report per scenario, as sealed bytes.
func ScenariosPDF(pkg *content.Package, rs []*an.ScenarioReport) ([]byte, error) {
	pdf := surface.NewPDF(surface.PDFOptions{Title: "scenarios analysed", Subject: "muster analyze scenario " + output.Placeholder})
	for _, r := range rs {
		if err := panalysis.Scenario(pdf, pkg, r, analysisOptions(pkg)); err != nil {
			return nil, err
		}
	}
	return sealPDF(pdf)
}

func sealPDF(pdf *surface.PDF) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := pdf.WriteTo(&buf); err != nil {
		return nil, err
	}
	return output.Seal(buf.Bytes())
}
