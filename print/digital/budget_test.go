package digital

import (
	"strings"
	"testing"
)

// Each target's budget: a board's memory at 4 bytes a pixel against its target's limit, its tiles for
// Tabletop Simulator, and one page for the previews.
func TestBoardBudgets(t *testing.T) {
	v := VassalBoard("m01", 3300, 5100, 150)
	if v.Memory() != 3300*5100*4 || v.Within() {
		t.Errorf("VASSAL 3300 x 5100: %d bytes, within %v (the budget is %d)", v.Memory(), v.Within(), v.Budget())
	}
	if v := VassalBoard("m01", 3278, 5066, 149); !v.Within() {
		t.Errorf("VASSAL at 149 dpi: %s", v)
	}
	if v := VassalBoard("strip", 17000, 100, 150); v.Within() {
		t.Errorf("a side past %d pixels: %s", VassalMaxBoardSide, v)
	}
	tt := TTSBoard("m01", 3278, 5066, 149)
	if tt.Parts != 2 || tt.PartW != 3278 || tt.PartH != 2533 || !tt.Within() {
		t.Errorf("TTS: %+v", tt)
	}
	if s := tt.String(); !strings.Contains(s, "in 2 tiles of at most 3278 x 2533") || !strings.Contains(s, "63.3 MiB held (budget 64 MiB)") {
		t.Errorf("report line: %s", s)
	}
	p := BoardImage{Target: TargetPreview, Name: "m01", DPI: 100, W: 2200, H: 3400, Parts: 12, PartW: 850, PartH: 1100}
	if p.Memory() != 850*1100*4 || !p.Within() {
		t.Errorf("preview: one page held, %d bytes", p.Memory())
	}
	if d := PreviewDPI(100, 200*72, 200*72); 200*d*200*d > PreviewMaxPixels*1.0001 {
		t.Errorf("a 200in page at %g dpi is over the previews' budget", d)
	}
	if d := PreviewDPI(100, 612, 792); d != 100 {
		t.Errorf("a Letter page at %g dpi, not 100", d)
	}
}
