package pdfcheck

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Read is Parse for a test: a PDF that does not parse fails it.
func Read(t testing.TB, b []byte) *Doc {
	t.Helper()
	d, err := Parse(b)
	if err != nil {
		t.Fatalf("pdfcheck: %v", err)
	}
	return d
}

// Text is the text poppler's pdftotext reads from a PDF, given its options: none for reading order, "-layout"
// for the page's layout, "-raw" for content-stream order (which keeps a label drawn across cell numbers whole).
// Without pdftotext the test is skipped (CI installs it).
func Text(t testing.TB, b []byte, opts ...string) string {
	t.Helper()
	tool := need(t, "pdftotext")
	out, err := exec.Command(tool, append(opts, file(t, b), "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", strings.Join(opts, " "), err)
	}
	return string(out)
}

// Word is a word pdftotext finds, with its page (from 0) and its box in points from the page's top-left.
type Word struct {
	Text                   string
	Page                   int
	XMin, YMin, XMax, YMax float64
}

var wordRe = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// Words reads every word of a PDF with its box (pdftotext -bbox), page by page. Without pdftotext the test
// is skipped.
func Words(t testing.TB, b []byte) []Word {
	t.Helper()
	var ws []Word
	for i, pg := range strings.Split(Text(t, b, "-bbox"), "<page ")[1:] {
		for _, m := range wordRe.FindAllStringSubmatch(pg, -1) {
			f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
			ws = append(ws, Word{m[5], i, f(m[1]), f(m[2]), f(m[3]), f(m[4])})
		}
	}
	return ws
}

// Check has qpdf check a PDF's structure (qpdf --check) and fails the test on an error or a warning, naming
// the PDF by name. Without qpdf it checks nothing and says so in the test's log (CI installs it).
func Check(t testing.TB, name string, b []byte) {
	t.Helper()
	tool, err := exec.LookPath("qpdf")
	if err != nil {
		t.Log("qpdf not installed: the PDF's structure is not checked")
		return
	}
	if out, err := exec.Command(tool, "--check", file(t, b)).CombinedOutput(); err != nil || bytes.Contains(out, []byte("WARNING")) {
		t.Errorf("qpdf --check %s: %v\n%s", name, err, out)
	}
}

// need finds a tool, or skips the test.
func need(t testing.TB, name string) string {
	t.Helper()
	tool, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed", name)
	}
	return tool
}

// file writes a PDF to the test's temporary folder for a tool to read.
func file(t testing.TB, b []byte) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(f, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}
