package vassal

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ZipComment marks a module muster wrote, so that a later export may replace it and nothing else.
const ZipComment = "written by muster export vassal"

// zipTime is every entry's time: 1 January 1980, the earliest a zip can hold.
var zipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Zip writes the module as a .vmod: its entries in order, every one with the same fixed time, images stored
// as they are (PNG is compressed already), the rest deflated.
func (m *Module) Zip() ([]byte, error) {
	var b bytes.Buffer
	if err := m.WriteZip(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteZip is Zip into a writer.
func (m *Module) WriteZip(w io.Writer) error {
	zw := zip.NewWriter(w)
	for _, f := range m.Files {
		h := &zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: zipTime}
		if strings.HasSuffix(f.Name, ".png") {
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
	if err := zw.SetComment(ZipComment); err != nil {
		return err
	}
	return zw.Close()
}

// WriteModuleFile writes a module to path through a temporary file in the same folder and a rename, so no
// reader ever sees half a module and a failure leaves nothing behind. It refuses to replace a file that is
// not a module muster wrote.
func WriteModuleFile(path string, data []byte) error {
	if st, err := os.Lstat(path); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s exists and is not a regular file: muster will not replace it", path)
		}
		if !writtenByMuster(path, st.Size()) {
			return fmt.Errorf("%s exists and was not written by muster export vassal: muster will not overwrite it (remove it, or write to another file)", path)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Chmod(name, 0o644); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}

// writtenByMuster reports whether the file is a zip whose comment says muster wrote it. Only the zip's end
// record is read.
func writtenByMuster(path string, size int64) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	// The comment is at the very end: the end record is 22 bytes plus the comment.
	n := int64(22 + len(ZipComment))
	if size < n {
		return false
	}
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, size-n); err != nil {
		return false
	}
	return bytes.HasPrefix(buf, []byte("PK\x05\x06")) && string(buf[22:]) == ZipComment &&
		int(buf[20])|int(buf[21])<<8 == len(ZipComment)
}
