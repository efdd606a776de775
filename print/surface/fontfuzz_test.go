package surface

import (
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
)

// FuzzParseFontFile feeds font files, broken every way the fuzzer finds, to the font checker. Whatever it
// accepts fpdf must embed quietly (without a panic its guard has to catch, and without a word to the
// terminal), and both backends must draw the characters it maps. It never panics or hangs on anything.
func FuzzParseFontFile(f *testing.F) {
	f.Add(goregular.TTF)
	if b, err := os.ReadFile(testFontDir + "/LiberationSansNarrow-Bold.ttf"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("OTTO\x00\x01\x00\x00\x00\x00\x00\x00"))
	f.Add(goregular.TTF[:2000])
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4<<20 {
			return
		}
		if _, err := checkTrueType(data); err != nil {
			var fe *FontError
			if !errors.As(err, &fe) {
				t.Fatalf("not a FontError: %v", err)
			}
			return
		}
		// Accepted: fpdf reads it without a panic (fpdfReads recovers one, and says so). That fpdf prints
		// nothing to the terminal is not watched here (a fuzz worker's standard output is not ours to take):
		// the checker refuses each format on which fpdf's reader prints, which TestParseFontFileRefuses covers.
		ff, err := parseFontFile(data, sha256.Sum256(data))
		if err != nil {
			if strings.Contains(err.Error(), "fpdf, which embeds fonts in PDFs, cannot read it") {
				t.Fatalf("the checker accepted a font fpdf cannot read: %v", err)
			}
			return // sfnt refused it: still refused, with a FontError
		}
		tf, _ := NewTypeface("fuzz", ff, nil, nil, nil)
		var text strings.Builder
		for c := rune(0x20); c < 0xFFFE && text.Len() < 400; c++ {
			if ff.Printable(c) {
				text.WriteRune(c)
			}
		}
		for _, s := range []Surface{NewPDF(PDFOptions{}), NewPNG(PNGOptions{DPI: 20})} {
			s.BeginPage(400, 100)
			s.Text(10, 50, text.String(), Font{Size: 8, Typeface: tf}, Align{})
			if _, err := s.WriteTo(io.Discard); err != nil {
				t.Fatalf("%T: %v", s, err)
			}
		}
	})
}
