package vassal

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/muster-wargames/muster/output"
)

// zipComment marks a module muster wrote: the zip's comment carries muster's seal (package output), so a
// later export may replace the file and nothing else may.
var zipComment = "written by muster export vassal " + output.Placeholder

// zipTime is every entry's time: 1 January 1980, the earliest a zip can hold.
var zipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Zip writes the module as a .vmod: its entries in order, every one with the same fixed time, images, PDFs and
// saved games stored as they are (each is compressed already: deflating them again costs time for no bytes),
// the rest deflated, and muster's seal in the zip's comment.
func (m *Module) Zip() ([]byte, error) {
	var b bytes.Buffer
	if err := m.writeZip(&b); err != nil {
		return nil, err
	}
	return output.Seal(b.Bytes())
}

// stored reports whether a module entry is compressed already: a PNG, a PDF (its streams are deflated), a
// saved game (a zip itself).
func stored(name string) bool {
	for _, ext := range []string{".png", ".pdf", ".vsav"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

func (m *Module) writeZip(w io.Writer) error {
	zw := zip.NewWriter(w)
	for _, f := range m.Files {
		h := &zip.FileHeader{Name: f.Path, Method: zip.Deflate, Modified: zipTime}
		if stored(f.Path) {
			h.Method = zip.Store
		}
		h.SetMode(0o644)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return fmt.Errorf("vassal: zip: %w", err)
		}
		if _, err := fw.Write(f.Data); err != nil {
			return fmt.Errorf("vassal: zip: %w", err)
		}
	}
	if err := zw.SetComment(zipComment); err != nil {
		return err
	}
	return zw.Close()
}
