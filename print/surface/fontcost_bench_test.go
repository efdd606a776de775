package surface

import (
	"bytes"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
)

// What the PDF library (codeberg.org/go-pdf/fpdf v0.12.0) costs muster for each font face of each document,
// which muster cannot share between documents without forking it: AddUTF8FontFromBytes parses the TrueType
// file anew and names the face by the SHA-1 of its whole definition JSON-encoded (a width table of 65,536
// entries), and Output subsets and compresses the face again (a new zlib writer per stream). muster already
// adds a face to a document only when the document draws text in it (PDF.text), so these run once for each
// face a document shows: 28 times in The Highest Ground's build (9 documents, 2 to 4 faces each).
//
// empty is a one-page document with no text; add adds Go Regular; add-write also draws a line in it and writes
// the document (the subset and its streams).
func BenchmarkFontCostPerDocument(b *testing.B) {
	b.Run("empty", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f := newFpdf()
			f.AddPage()
			var buf bytes.Buffer
			if err := f.Output(&buf); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("add", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f := newFpdf()
			f.AddUTF8FontFromBytes("r", "", append([]byte(nil), goregular.TTF...))
			if err := f.Error(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("add-write", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			f := newFpdf()
			f.AddUTF8FontFromBytes("r", "", append([]byte(nil), goregular.TTF...))
			f.AddPage()
			f.SetFont("r", "", 10)
			f.Text(10, 10, "Infantry Legions 1-0 2-2-3 ½")
			var buf bytes.Buffer
			if err := f.Output(&buf); err != nil {
				b.Fatal(err)
			}
		}
	})
}
