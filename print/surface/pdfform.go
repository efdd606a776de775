package surface

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
)

// A reused drawing is a form XObject, made with fpdf's templates: drawn once per document (into the
// template's own fpdf page, with the same operators as a page) and placed with one Do wherever it is reused.

// pdfForm is one reused drawing of a document, drawn in place until it pays to make it a form. One that shows
// text is drawn in place at every placement: a reader may load the fonts of a form each time it draws it
// (poppler does: a counter sheet whose faces were forms rasterised 5 times and read as text 50 times slower).
// Any other is drawn in place until what that cost beyond placing a form reaches formCost, and placed as a
// form from then on.
type pdfForm struct {
	tpl     *formTemplate // nil until it is first placed as a form
	inPlace bool          // it shows text
	spent   int           // bytes its placements drawn in place have written beyond placementBytes each
}

// placementBytes is what placing a form writes: "q 1.0000 0 0 1.0000 x y cm /TPL<40 hex digits> Do Q". A
// drawing no larger (a unit symbol's box and cross) is always drawn in place.
const placementBytes = 90

// formCost is about what a form costs, in bytes of content drawn in place instead: fpdf writes each form as
// an object with a stream of its own, deflated by a new compressor (1.1 MB allocated and cleared). A drawing
// is drawn in place until that has cost as much, as one rents skis until renting has cost the price: a map
// cell's pattern (several kilobytes) becomes a form at its second placement, a plain cell (300 bytes) at its
// 25th. Measured against making every drawing a form at once (5,000 against 0): a sheet of 100 counters
// builds in 10 ms rather than 15, THG's build allocates 204 MB rather than 227, larger documents alike.
var formCost = 5000

// formTemplate is an fpdf template whose ID is worked out once: fpdf's is the SHA-1 of the template's content,
// computed again each time the template is placed or written, which for a large drawing placed on many pages
// would cost more than drawing it.
type formTemplate struct {
	fpdf.Template
	id    string
	frame Rect // the drawing's frame: the template spans it, its top-left corner at the template's
}

func (t *formTemplate) ID() string { return t.id }

// minFormSide is the smallest side of a form, in points: fpdf scales a template by its size.
const minFormSide = 0.01

func (p *PDF) reuse(key any, x, y float64, art, view Rect, draw func(Surface, Rect), form bool) {
	fm := p.forms[key]
	if fm == nil {
		fm = &pdfForm{}
		p.forms[key] = fm
	}
	if fm.tpl == nil && !fm.inPlace && (form || fm.spent >= formCost) {
		tpl, hasText := p.makeForm(art, draw)
		if p.err != nil {
			return
		}
		fm.tpl, fm.inPlace = tpl, hasText // text the placements before did not show (their view hid it)
	}
	if fm.tpl == nil {
		outerText, before := p.sawText, p.written
		p.sawText = false
		p.drawHere(x, y, art, view, draw)
		fm.spent += max(0, p.written-before-placementBytes)
		fm.inPlace = fm.inPlace || p.sawText
		p.sawText = outerText || p.sawText
		return
	}
	a := fm.tpl.frame
	p.f.UseTemplateScaled(fm.tpl, fpdf.PointType{X: x + a.X, Y: y + a.Y}, fpdf.SizeType{Wd: a.W, Ht: a.H})
	p.fpdfErr()
}

// makeForm draws a reused drawing into a new template, and says whether it showed text (then the template is
// never placed, so fpdf never writes it, and makeForm returns nil). The template's page is the frame art,
// rounded out to the hundredth of a point fpdf writes its bounding box in.
func (p *PDF) makeForm(art Rect, draw func(Surface, Rect)) (*formTemplate, bool) {
	x0, y0 := math.Floor(art.X*100)/100, math.Floor(art.Y*100)/100
	x1, y1 := math.Ceil((art.X+art.W)*100)/100, math.Ceil((art.Y+art.H)*100)/100
	frame := Rect{X: x0, Y: y0, W: math.Max(x1-x0, minFormSide), H: math.Max(y1-y0, minFormSide)}

	type drawingInto struct {
		f        *fpdf.Fpdf
		fh       float64
		gs       pdfGS
		gsStack  []pdfGS
		fpdfFont string
	}
	outer := drawingInto{p.f, p.fh, p.gs, p.gsStack, p.fpdfFont}
	outerText := p.sawText
	p.sawText = false
	var tplErr error
	// fpdf starts a template in the font, colours and line style of the document it is made from: made from
	// the document, every form would select the document's font and name it in its resources.
	if p.tplBase == nil {
		p.tplBase = newFpdf()
	}
	t := p.tplBase.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: frame.W, Ht: frame.H}, func(tpl *fpdf.Tpl) {
		// A form starts from whatever state is in effect where it is placed: nothing is known.
		p.f, p.fh, p.gs, p.gsStack, p.fpdfFont = &tpl.Fpdf, frame.H, pdfGS{}, nil, ""
		if frame.X != 0 || frame.Y != 0 {
			p.transform(translateM(-frame.X, -frame.Y))
		}
		p.common.drawAlone(art, draw)
		tplErr = tpl.Error()
	})
	p.f, p.fh, p.gs, p.gsStack, p.fpdfFont = outer.f, outer.fh, outer.gs, outer.gsStack, outer.fpdfFont
	hasText := p.sawText
	p.sawText = outerText
	if tplErr != nil {
		p.setErr(fmt.Errorf("surface: pdf: %w", tplErr))
	}
	if p.err != nil || hasText {
		return nil, hasText
	}
	// The form's name: its content and size (fpdf would name it by its content alone).
	h := sha1.New()
	h.Write(t.Bytes())
	fmt.Fprintf(h, "\n%g %g", frame.W, frame.H)
	id := hex.EncodeToString(h.Sum(nil))
	if ft := p.formByID[id]; ft != nil {
		return ft, false // the same drawing under another key: one form
	}
	ft := &formTemplate{Template: t, id: id, frame: frame}
	p.formByID[id] = ft
	return ft, false
}

// formResources writes each form XObject's resource dictionary, in place of the one fpdf writes for it.
// fpdf gives a template every font of the document and its own images and templates (with object numbers
// that are wrong for an image first drawn inside it), and none of the graphics states (alpha) or shadings (gradients) its content
// sets. A form gets instead what its content names (contents holds each form's content by template ID), with
// the objects the document's own dictionary (object 2, which every page uses) gives those names: a viewer
// that loads a form's fonts each time it is drawn (poppler does) loads only those it needs, none for a map's
// cell. The new dictionary is padded with spaces to the old one's length, so every byte offset, and the
// cross-reference table, stays valid; when it would not fit, the form uses the document's dictionary. The
// objects are found through the cross-reference table, never by searching stream data.
func formResources(pdf []byte, contents map[string][]byte) ([]byte, error) {
	offsets, err := xrefOffsets(pdf)
	if err != nil {
		return nil, err
	}
	if len(offsets) <= 2 || offsets[2] < 0 {
		return nil, errors.New("surface: pdf: no resource dictionary")
	}
	// The document's names: /F... fonts, /GS.. graphics states, /I... images and /TPL... forms.
	docRes := objectDict(pdf[offsets[2]:])
	refs := map[string]string{}
	formObj := map[int]string{} // object number to template ID
	for _, m := range resourceRefRe.FindAllSubmatch(docRes, -1) {
		name, ref := string(m[1]), string(m[2])
		refs[name] = ref + " 0 R"
		if id, ok := strings.CutPrefix(name, "TPL"); ok {
			n, _ := strconv.Atoi(ref)
			formObj[n] = id
		}
	}
	resHead := []byte("/Resources \n")
	for n, off := range offsets {
		id, ok := formObj[n]
		if !ok || off < 0 {
			continue
		}
		// A form's dictionary is fpdf's text: "<<[filter]/Type /XObject\n/Subtype /Form\n/Formtype 1\n/BBox
		// [...]\n/Resources \n<<...>>\n/Length n >>\nstream\n".
		end := bytes.Index(pdf[off:], []byte("\nstream\n"))
		if end < 0 {
			return nil, fmt.Errorf("surface: pdf: form object %d has no stream", n)
		}
		dict := pdf[off : off+end]
		r := bytes.Index(dict, resHead)
		l := bytes.LastIndex(dict, []byte("\n/Length "))
		if !bytes.Contains(dict, []byte("/Subtype /Form\n")) || r < 0 || l < r {
			return nil, fmt.Errorf("surface: pdf: object %d is not a form with resources", n)
		}
		old := dict[r+len(resHead) : l]
		if len(old) < len("2 0 R") || !bytes.HasPrefix(old, []byte("<<")) || !bytes.HasSuffix(old, []byte(">>")) {
			return nil, fmt.Errorf("surface: pdf: form object %d: unexpected resources %q", n, old)
		}
		content, ok := contents[id]
		if !ok {
			return nil, fmt.Errorf("surface: pdf: form object %d is no form of this document", n)
		}
		res, err := namedResources(content, refs)
		if err != nil {
			return nil, fmt.Errorf("surface: pdf: form object %d: %w", n, err)
		}
		if len(res) > len(old) {
			res = []byte("2 0 R")
		}
		k := copy(old, res)
		for i := k; i < len(old); i++ {
			old[i] = ' '
		}
	}
	return pdf, nil
}

var (
	// resourceRefRe is an entry of fpdf's resource dictionary: /F<id> 5 0 R, /GS1 9 0 R, /I<id>..., /TPL<id>..., /Sh1....
	resourceRefRe = regexp.MustCompile(`/((?:F|GS|I|TPL|Sh)[0-9A-Za-z]+) (\d+) 0 R`)
	// contentNameRe is a resource named in a content stream fpdf and this package write.
	contentNameRe = regexp.MustCompile(`/((?:F|GS|I|TPL|Sh)[0-9A-Za-z]+) (?:[0-9.]+ Tf|gs|Do|sh)\b`)
)

// namedResources is a resource dictionary for what content names, with the document's references.
func namedResources(content []byte, refs map[string]string) ([]byte, error) {
	var fonts, states, xobjects, shadings []string
	seen := map[string]bool{}
	for _, m := range contentNameRe.FindAllSubmatch(content, -1) {
		name := string(m[1])
		if seen[name] {
			continue
		}
		seen[name] = true
		ref, ok := refs[name]
		if !ok {
			return nil, fmt.Errorf("names /%s, which the document does not have", name)
		}
		e := "/" + name + " " + ref
		switch {
		case strings.HasPrefix(name, "GS"):
			states = append(states, e)
		case strings.HasPrefix(name, "F"):
			fonts = append(fonts, e)
		case strings.HasPrefix(name, "Sh"):
			shadings = append(shadings, e)
		default:
			xobjects = append(xobjects, e)
		}
	}
	b := []byte("<<")
	for _, part := range []struct {
		key     string
		entries []string
	}{{"/Font", fonts}, {"/ExtGState", states}, {"/XObject", xobjects}, {"/Shading", shadings}} {
		if len(part.entries) == 0 {
			continue
		}
		sort.Strings(part.entries)
		b = append(b, part.key+" <<"...)
		b = append(b, strings.Join(part.entries, " ")...)
		b = append(b, ">>"...)
	}
	return append(b, ">>"...), nil
}

// objectDict is the dictionary an object (at the start of b) begins with, up to its stream or its end.
func objectDict(b []byte) []byte {
	end := len(b)
	for _, stop := range []string{"\nstream\n", "endobj"} {
		if i := bytes.Index(b, []byte(stop)); i >= 0 && i < end {
			end = i
		}
	}
	return b[:end]
}

// xrefOffsets reads a PDF's cross-reference table: the byte offset of each object by number, -1 for one not
// in use.
func xrefOffsets(pdf []byte) ([]int, error) {
	i := bytes.LastIndex(pdf, []byte("startxref\n"))
	if i < 0 {
		return nil, errors.New("surface: pdf: no startxref")
	}
	rest := pdf[i+len("startxref\n"):]
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 {
		return nil, errors.New("surface: pdf: bad startxref")
	}
	at, err := strconv.Atoi(string(rest[:nl]))
	if err != nil || at < 0 || at >= len(pdf) || !bytes.HasPrefix(pdf[at:], []byte("xref\n")) {
		return nil, errors.New("surface: pdf: bad startxref")
	}
	lines := bytes.Split(pdf[at:], []byte("\n"))
	var out []int
	// "xref", then sections of "first count" and count entries "oooooooooo ggggg n".
	for k := 1; k < len(lines); {
		f := bytes.Fields(lines[k])
		if len(f) != 2 {
			break // the trailer
		}
		first, err1 := strconv.Atoi(string(f[0]))
		count, err2 := strconv.Atoi(string(f[1]))
		if err1 != nil || err2 != nil || first < 0 || count < 0 || k+1+count > len(lines) {
			return nil, fmt.Errorf("surface: pdf: bad cross-reference section %q", lines[k])
		}
		for j, e := range lines[k+1 : k+1+count] {
			n := first + j
			for len(out) <= n {
				out = append(out, -1)
			}
			ef := bytes.Fields(e)
			if len(ef) != 3 || string(ef[2]) != "n" {
				continue
			}
			o, err := strconv.Atoi(string(ef[0]))
			if err != nil || o < 0 || o >= len(pdf) {
				return nil, fmt.Errorf("surface: pdf: bad cross-reference entry %q", e)
			}
			out[n] = o
		}
		k += 1 + count
	}
	return out, nil
}
