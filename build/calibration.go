package build

import (
	"bytes"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// CalibrationSheet is `muster print-test`'s one-page duplex calibration sheet on paper, printed for backs
// (long- or short-edge duplex), as sealed bytes for output.WriteFile: crosshairs and rulers on the front, the
// scales that read the printer's back offset behind them.
func CalibrationSheet(paper value.Paper, backs sheet.Backs) ([]byte, error) {
	pdf := surface.NewPDF(surface.PDFOptions{Title: "muster print test", Subject: "duplex calibration sheet " + output.Placeholder})
	if err := sheet.Calibration(pdf, surface.PaperSize(paper), backs); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := pdf.WriteTo(&buf); err != nil {
		return nil, err
	}
	return output.Seal(buf.Bytes())
}
