package surface

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// With PageBoxes every page has a TrimBox and a BleedBox (the page where the drawing sets none); with an
// output intent the catalog names it, its ICC profile is embedded, and the trailer's /Info still names the
// information dictionary (fpdf v0.12 named the ICC stream).
func TestPageBoxesAndOutputIntent(t *testing.T) {
	icc := bytes.Repeat([]byte("icc profile bytes "), 20)
	p := NewPDF(PDFOptions{Title: "boxes", PageBoxes: true, OutputIntent: &OutputIntent{Condition: "sRGB IEC61966-2.1", Info: "sRGB", ICC: icc}})
	p.BeginPage(200, 300)
	p.Rect(10, 10, 20, 20, Fill)
	p.BeginPage(200, 300)
	p.SetPageBoxes(PageBoxes{Trim: Rect{X: 10, Y: 10, W: 180, H: 280}})
	p.BeginPage(100, 100)
	b, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	trims := regexp.MustCompile(`/TrimBox \[([^\]]*)\]`).FindAllStringSubmatch(s, -1)
	bleeds := regexp.MustCompile(`/BleedBox \[`).FindAllString(s, -1)
	if len(trims) != 3 || len(bleeds) != 3 {
		t.Fatalf("%d TrimBoxes, %d BleedBoxes for 3 pages", len(trims), len(bleeds))
	}
	if got := strings.Fields(trims[1][1]); strings.Join(got, " ") != "10.00 10.00 190.00 290.00" {
		t.Errorf("page 2 TrimBox %v", got)
	}
	if !strings.Contains(s, "/OutputIntents [\n<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (sRGB IEC61966-2.1)") {
		t.Error("no GTS_PDFX output intent in the catalog")
	}
	info := regexp.MustCompile(`/Info (\d+) 0 R`).FindStringSubmatch(s)
	if info == nil || !regexp.MustCompile(`(?m)^`+info[1]+` 0 obj\n<<\n/Producer `).MatchString(s) {
		t.Errorf("the trailer's /Info %v does not name the information dictionary", info)
	}
	// Without the options: no boxes until a page sets them, no output intent.
	q := NewPDF(PDFOptions{})
	q.BeginPage(100, 100)
	b, err = q.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte("/TrimBox")) || bytes.Contains(b, []byte("OutputIntent")) {
		t.Error("boxes or an output intent without asking")
	}
}
