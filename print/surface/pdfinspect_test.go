package surface

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// pdfObj is one indirect object of a PDF: its dictionary text and, for a
// stream, the (decompressed when FlateDecode) data.
type pdfObj struct {
	num  int
	dict string
	data []byte
	raw  []byte // stream bytes as stored
}

var objRe = regexp.MustCompile(`(?m)^(\d+) 0 obj\n`)
var lengthRe = regexp.MustCompile(`/Length (\d+)`)

// parsePDF walks the objects of an fpdf-written PDF (direct /Length values,
// no object streams) and inflates FlateDecode streams.
func parsePDF(t testing.TB, b []byte) map[int]*pdfObj {
	t.Helper()
	objs := map[int]*pdfObj{}
	pos := 0
	for {
		loc := objRe.FindSubmatchIndex(b[pos:])
		if loc == nil {
			break
		}
		n, _ := strconv.Atoi(string(b[pos+loc[2] : pos+loc[3]]))
		start := pos + loc[1]
		endobj := bytes.Index(b[start:], []byte("endobj"))
		stream := bytes.Index(b[start:], []byte("stream\n"))
		o := &pdfObj{num: n}
		if stream >= 0 && (endobj < 0 || stream < endobj) {
			o.dict = string(b[start : start+stream])
			m := lengthRe.FindStringSubmatch(o.dict)
			if m == nil {
				t.Fatalf("object %d: stream without direct /Length", n)
			}
			l, _ := strconv.Atoi(m[1])
			ds := start + stream + len("stream\n")
			if ds+l > len(b) {
				t.Fatalf("object %d: stream runs past the end", n)
			}
			o.raw = b[ds : ds+l]
			o.data = o.raw
			if strings.Contains(o.dict, "/FlateDecode") {
				zr, err := zlib.NewReader(bytes.NewReader(o.raw))
				if err != nil {
					t.Fatalf("object %d: zlib: %v", n, err)
				}
				o.data, err = io.ReadAll(zr)
				if err != nil {
					t.Fatalf("object %d: inflate: %v", n, err)
				}
			}
			pos = ds + l
		} else {
			if endobj < 0 {
				t.Fatalf("object %d: no endobj", n)
			}
			o.dict = string(b[start : start+endobj])
			pos = start + endobj
		}
		objs[n] = o
	}
	if len(objs) == 0 {
		t.Fatal("no PDF objects found")
	}
	return objs
}

var refRe = regexp.MustCompile(`(\d+) 0 R`)

// pdfPages returns the page objects in order.
func pdfPages(t testing.TB, objs map[int]*pdfObj) []*pdfObj {
	t.Helper()
	kids := regexp.MustCompile(`/Kids \[([^\]]*)\]`)
	for _, o := range objs {
		if strings.Contains(o.dict, "/Type /Pages") {
			m := kids.FindStringSubmatch(o.dict)
			if m == nil {
				t.Fatal("/Pages without /Kids")
			}
			var out []*pdfObj
			for _, r := range refRe.FindAllStringSubmatch(m[1], -1) {
				n, _ := strconv.Atoi(r[1])
				out = append(out, objs[n])
			}
			return out
		}
	}
	t.Fatal("no /Pages object")
	return nil
}

// pageContent returns the decompressed content stream of a page.
func pageContent(t testing.TB, objs map[int]*pdfObj, page *pdfObj) string {
	t.Helper()
	m := regexp.MustCompile(`/Contents (\d+) 0 R`).FindStringSubmatch(page.dict)
	if m == nil {
		t.Fatal("page without /Contents")
	}
	n, _ := strconv.Atoi(m[1])
	return string(objs[n].data)
}

// pageBox returns a page's box (inherited from /Pages for MediaBox) as text.
func pageBox(objs map[int]*pdfObj, page *pdfObj, name string) string {
	re := regexp.MustCompile(`/` + name + ` \[([^\]]*)\]`)
	if m := re.FindStringSubmatch(page.dict); m != nil {
		return m[1]
	}
	if name == "MediaBox" {
		for _, o := range objs {
			if strings.Contains(o.dict, "/Type /Pages") {
				if m := re.FindStringSubmatch(o.dict); m != nil {
					return m[1]
				}
			}
		}
	}
	return ""
}

// numbers parses a box such as "0 0 612.00 792.00".
func numbers(s string) []float64 {
	var out []float64
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}

func near(a, b []float64, eps float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if d := a[i] - b[i]; d > eps || d < -eps {
			return false
		}
	}
	return true
}
