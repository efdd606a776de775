package digital

import "testing"

// A poker card's sheet: 300 dpi is too much for ten of them across 4,096 pixels; the resolution chosen is the
// largest whole dpi at which ten across and seven down fit. A card of 20in does not fit even at 24 dpi.
func TestTTSCardDPI(t *testing.T) {
	dpi, ok := TTSCardDPI(2.5, 3.5)
	if !ok || dpi != 163 || TTSSheetCols*Pixels(2.5, dpi) > TTSMaxImageSide || TTSSheetRows*Pixels(3.5, dpi) > TTSMaxImageSide {
		t.Errorf("poker: %g dpi (%v)", dpi, ok)
	}
	if TTSSheetCols*Pixels(2.5, dpi+1) <= TTSMaxImageSide && TTSSheetRows*Pixels(3.5, dpi+1) <= TTSMaxImageSide {
		t.Errorf("poker fits at %g dpi too", dpi+1)
	}
	if dpi, ok := TTSCardDPI(1, 1); !ok || dpi != TTSDefaultCounterDPI {
		t.Errorf("a 1in card: %g dpi (%v)", dpi, ok)
	}
	if _, ok := TTSCardDPI(20, 12); ok {
		t.Error("a 20in card fits")
	}
}
