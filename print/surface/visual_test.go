package surface

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/print/pixelcheck"
)

// TestSampleCrossBackend renders the sample page with both backends at 50 DPI,
// rasterises the PDF with pdftoppm and compares the two images pixel by
// pixel. With MUSTER_SURFACE_SAMPLE_DIR set the files are kept there for a
// human to look at.
func TestSampleCrossBackend(t *testing.T) {
	dir := os.Getenv("MUSTER_SURFACE_SAMPLE_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	pdf := pdfBytes(t, drawSample)
	pdfPath := filepath.Join(dir, "sample.pdf")
	if err := os.WriteFile(pdfPath, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dpi := range []float64{50, 150} {
		b := pngBytes(t, dpi, drawSample)
		name := "sample-png-50.png"
		if dpi == 150 {
			name = "sample-png-150.png"
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tool, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Skip("pdftoppm not installed")
	}
	out, err := exec.Command(tool, "-png", "-r", "50", "-singlefile", pdfPath, filepath.Join(dir, "sample-pdf-50")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	ref := decodePNGFile(t, filepath.Join(dir, "sample-pdf-50.png"))
	got, err := png.Decode(bytes.NewReader(pngBytes(t, 50, drawSample)))
	if err != nil {
		t.Fatal(err)
	}
	if ref.Bounds() != got.Bounds() {
		t.Fatalf("pdftoppm %v, PNG backend %v", ref.Bounds(), got.Bounds())
	}
	// Anti-aliasing differs; shapes must not.
	d := pixelcheck.Compare(ref, got)
	t.Logf("PDF vs PNG at 50 dpi: %v", d)
	if !d.Agree() {
		t.Errorf("backends disagree: %v", d)
	}
}

func decodePNGFile(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	im, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return im
}
