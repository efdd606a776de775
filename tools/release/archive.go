package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"sort"
	"time"
)

// File is one entry of an archive, named with slashes below the archive's top folder.
type File struct {
	Name string
	Data []byte
	Mode fs.FileMode
}

// sorted is files by name, so that an archive's order never depends on how it was put together.
func sorted(files []File) []File {
	out := append([]File(nil), files...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// TarGz is a gzipped tar of files under the folder top, every entry dated at and owned by nobody in
// particular (uid and gid 0, no user names), the gzip header without a name or time.
func TarGz(top string, files []File, at time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gz)
	dirs := map[string]bool{}
	for _, f := range sorted(files) {
		for _, d := range parents(top + "/" + f.Name) {
			if dirs[d] {
				continue
			}
			dirs[d] = true
			if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: at, Format: tar.FormatPAX}); err != nil {
				return nil, err
			}
		}
		h := &tar.Header{Typeflag: tar.TypeReg, Name: top + "/" + f.Name, Mode: int64(f.Mode.Perm()), Size: int64(len(f.Data)), ModTime: at, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Zip is a zip of files under the folder top, every entry dated at (in UTC), deflated.
func Zip(top string, files []File, at time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	dirs := map[string]bool{}
	for _, f := range sorted(files) {
		for _, d := range parents(top + "/" + f.Name) {
			if dirs[d] {
				continue
			}
			dirs[d] = true
			h := &zip.FileHeader{Name: d + "/", Method: zip.Store, Modified: at.UTC()}
			h.SetMode(fs.ModeDir | 0o755)
			if _, err := zw.CreateHeader(h); err != nil {
				return nil, err
			}
		}
		h := &zip.FileHeader{Name: top + "/" + f.Name, Method: zip.Deflate, Modified: at.UTC()}
		h.SetMode(f.Mode.Perm())
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// parents are the folders above a slash-separated path, outermost first: a/b/c → a, a/b.
func parents(p string) []string {
	var out []string
	for i := 0; i < len(p); i++ {
		if p[i] == '/' {
			out = append(out, p[:i])
		}
	}
	return out
}

// Sum is a file whose checksum is listed.
type Sum struct {
	Name string
	Data []byte
}

// Checksums is a sha256sum file: "<hex>  <name>" a line, in name order, which `sha256sum -c` checks.
func Checksums(files []Sum) []byte {
	s := append([]Sum(nil), files...)
	sort.Slice(s, func(i, j int) bool { return s[i].Name < s[j].Name })
	var b bytes.Buffer
	for _, f := range s {
		fmt.Fprintf(&b, "%x  %s\n", sha256.Sum256(f.Data), f.Name)
	}
	return b.Bytes()
}
