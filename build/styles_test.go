package build

import (
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
)

// muster init's counters are in the classic style, measured in the PDF: on each counter, the factor line
// (attack-defense-movement, 3-4-4) is the largest text, in the bundled face's bold, at least 9pt; the
// unit-size mark (II) and the unit's name along the left edge, turned to read upwards, are small; the
// reduced back keeps the line (1-2-4) under its stripe. Nothing prints in the Go fonts.
func TestStarterCountersAreClassic(t *testing.T) {
	pkg := starter(t, "hex")
	_, files := runOnly(t, pkg, Options{}, "counters")
	d := pdfcheck.Read(t, files[CountersFile])
	fonts := d.Fonts()
	if !slices.Equal(fonts, []string{"utf8ibmplexsanscond", "utf8ibmplexsanscond-bold"}) {
		t.Errorf("the counters embed %v, want the bundled face's regular and bold only", fonts)
	}
	seen := map[string]bool{}
	for pi, p := range d.Pages {
		var factor, largest float64
		for _, r := range p.Rotated {
			largest = max(largest, r.Size)
			font := d.BaseFont(r.Font)
			switch {
			case r.Text == "3-4-4" || r.Text == "4-2-8" || r.Text == "1-2-4" || r.Text == "2-1-6":
				seen[r.Text] = true
				factor = r.Size
				if font != "utf8ibmplexsanscond-bold" || r.Size < 9 || r.Angle != 0 {
					t.Errorf("page %d: the factor line %q prints in %s at %.2fpt, turned %g°: want the bundled bold, 9pt or more, upright", pi+1, r.Text, font, r.Size, r.Angle)
				}
			case r.Text == "II":
				seen[r.Text] = true
				if font != "utf8ibmplexsanscond-bold" || r.Size > 6 {
					t.Errorf("page %d: the unit-size mark prints in %s at %.2fpt", pi+1, font, r.Size)
				}
			case r.Text == "Infantry" || r.Text == "Cavalry":
				seen[r.Text] = true
				if r.Angle != 90 || r.Size > 5 {
					t.Errorf("page %d: the name %q is turned %g° at %.2fpt: want along the left edge, reading upwards, small", pi+1, r.Text, r.Angle, r.Size)
				}
			}
		}
		if factor < largest {
			t.Errorf("page %d: the factor line (%.2fpt) is not the largest text (%.2fpt)", pi+1, factor, largest)
		}
	}
	for _, want := range []string{"3-4-4", "4-2-8", "1-2-4", "2-1-6", "II", "Infantry", "Cavalry"} {
		if !seen[want] {
			t.Errorf("no %q on the counter sheet (saw %v)", want, seen)
		}
	}
	if !strings.Contains(pdfcheck.Text(t, files[CountersFile]), "Reduced") {
		t.Error("the reduced back has no stripe")
	}
}
