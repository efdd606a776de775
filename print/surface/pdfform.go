package surface

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"github.com/go-pdf/fpdf"
)

// A reused drawing is a form XObject, made with fpdf's templates: drawn once per document (into the
// template's own fpdf page, with the same operators as a page) and placed with one Do wherever it is reused.

// pdfForm is one reused drawing of a document.
type pdfForm struct {
	tpl *formTemplate
	art Rect // the drawing's frame: the template spans it, its top-left corner at the template's
}

// formTemplate is an fpdf template whose ID is worked out once: fpdf's is the SHA-1 of the template's content,
// computed again each time the template is placed or written, which for a large drawing (a tiled map's
// artwork) placed on many pages would cost more than drawing it.
type formTemplate struct {
	fpdf.Template
	id string
}

func (t *formTemplate) ID() string { return t.id }

// minFormSide is the smallest side of a form, in points: fpdf scales a template by its size.
const minFormSide = 0.01

func (p *PDF) reuse(key any, x, y float64, art, _ Rect, draw func(Surface, Rect)) {
	fm := p.forms[key]
	if fm == nil {
		fm = p.makeForm(art, draw)
		if fm == nil {
			return
		}
		p.forms[key] = fm
	}
	a := fm.art
	p.f.UseTemplateScaled(fm.tpl, fpdf.PointType{X: x + a.X, Y: y + a.Y}, fpdf.SizeType{Wd: a.W, Ht: a.H})
	p.fpdfErr()
}

// makeForm draws a reused drawing into a new template. The template's page is the frame art, rounded out to
// the hundredth of a point fpdf writes its bounding box in.
func (p *PDF) makeForm(art Rect, draw func(Surface, Rect)) *pdfForm {
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
	var tplErr error
	t := p.doc.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: frame.W, Ht: frame.H}, func(tpl *fpdf.Tpl) {
		// A form starts from whatever state is in effect where it is placed: nothing is known.
		p.f, p.fh, p.gs, p.gsStack, p.fpdfFont = &tpl.Fpdf, frame.H, pdfGS{}, nil, ""
		if frame.X != 0 || frame.Y != 0 {
			p.transform(translateM(-frame.X, -frame.Y))
		}
		p.common.drawAlone(art, draw)
		tplErr = tpl.Error()
	})
	p.f, p.fh, p.gs, p.gsStack, p.fpdfFont = outer.f, outer.fh, outer.gs, outer.gsStack, outer.fpdfFont
	if tplErr != nil {
		p.setErr(fmt.Errorf("surface: pdf: %w", tplErr))
	}
	if p.err != nil {
		return nil
	}
	id := t.ID()
	if fm := p.formByID[id]; fm != nil && fm.art == frame {
		return fm // the same drawing under another key: one form
	}
	fm := &pdfForm{tpl: &formTemplate{Template: t, id: id}, art: frame}
	p.formByID[id] = fm
	return fm
}

// formsUsePageResources gives every form XObject of an fpdf-written PDF the document's resource dictionary
// (object 2, which every page uses), in place of the one fpdf writes for it. fpdf gives a template the
// document's fonts and its own images and templates, but not the graphics states (alpha) the document holds,
// which a form's content may set; the document's dictionary holds all of these. The form's dictionary is
// overwritten with a reference and spaces, so every byte offset, and the cross-reference table, stays valid.
// The objects are found through the cross-reference table, never by searching stream data.
func formsUsePageResources(pdf []byte) ([]byte, error) {
	offsets, err := xrefOffsets(pdf)
	if err != nil {
		return nil, err
	}
	formHead := []byte("/Type /XObject\n/Subtype /Form\n")
	resHead := []byte("/Resources \n")
	for _, off := range offsets {
		// An object's dictionary comes first; a form's is fpdf's: "<<[filter]/Type /XObject\n/Subtype
		// /Form\n/Formtype 1\n/BBox [...]\n/Resources \n<<...>>\n/Length n >>\nstream\n".
		obj := pdf[off:]
		head := obj[:min(len(obj), 128)]
		if i, st := bytes.Index(head, formHead), bytes.Index(head, []byte("stream\n")); i < 0 || st >= 0 && st < i {
			continue
		}
		end := bytes.Index(obj, []byte("\nstream\n")) // the dictionary before it is fpdf's text
		if end < 0 {
			return nil, fmt.Errorf("surface: pdf: form at %d has no stream", off)
		}
		dict := obj[:end]
		r := bytes.Index(dict, resHead)
		l := bytes.LastIndex(dict, []byte("\n/Length "))
		if r < 0 || l < r {
			return nil, fmt.Errorf("surface: pdf: form at %d has no resources", off)
		}
		res := dict[r+len(resHead) : l]
		if len(res) < len("2 0 R") || !bytes.HasPrefix(res, []byte("<<")) || !bytes.HasSuffix(res, []byte(">>")) {
			return nil, fmt.Errorf("surface: pdf: form at %d: unexpected resources %q", off, res)
		}
		n := copy(res, "2 0 R")
		for i := n; i < len(res); i++ {
			res[i] = ' '
		}
	}
	return pdf, nil
}

// xrefOffsets reads the byte offsets of the objects in use from a PDF's cross-reference table.
func xrefOffsets(pdf []byte) ([]int, error) {
	i := bytes.LastIndex(pdf, []byte("startxref\n"))
	if i < 0 {
		return nil, fmt.Errorf("surface: pdf: no startxref")
	}
	rest := pdf[i+len("startxref\n"):]
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 {
		return nil, fmt.Errorf("surface: pdf: bad startxref")
	}
	at, err := strconv.Atoi(string(rest[:nl]))
	if err != nil || at < 0 || at >= len(pdf) || !bytes.HasPrefix(pdf[at:], []byte("xref\n")) {
		return nil, fmt.Errorf("surface: pdf: bad startxref")
	}
	lines := bytes.Split(pdf[at:], []byte("\n"))
	var out []int
	// xref, then sections of "first count" and count entries "oooooooooo ggggg n ".
	for k := 1; k < len(lines); {
		f := bytes.Fields(lines[k])
		if len(f) != 2 {
			break // trailer
		}
		count, err := strconv.Atoi(string(f[1]))
		if err != nil || count < 0 || k+1+count > len(lines) {
			return nil, fmt.Errorf("surface: pdf: bad cross-reference section %q", lines[k])
		}
		for _, e := range lines[k+1 : k+1+count] {
			ef := bytes.Fields(e)
			if len(ef) != 3 || string(ef[2]) != "n" {
				continue
			}
			o, err := strconv.Atoi(string(ef[0]))
			if err != nil || o < 0 || o >= len(pdf) {
				return nil, fmt.Errorf("surface: pdf: bad cross-reference entry %q", e)
			}
			out = append(out, o)
		}
		k += 1 + count
	}
	return out, nil
}
