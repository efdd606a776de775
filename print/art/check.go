package art

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/fyne-io/oksvg"
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/surface"
	"golang.org/x/net/html/charset"
)

// Problem is something in an SVG that muster will not draw as the file shows it, or at all: a diagnostic's
// substance, at a line and column of the SVG (0 when not known). A warning still prints.
type Problem struct {
	Code    string // malformed, too-large, limit, entity, script, external, text, filter, unsupported, gradient
	Message string
	Hint    string
	Line    int
	Col     int
	Warning bool
}

func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("line %d:%d: %s", p.Line, p.Col, p.Message)
	}
	return p.Message
}

// The namespaces an SVG's elements and attributes are read in.
const (
	svgNS   = "http://www.w3.org/2000/svg"
	xlinkNS = "http://www.w3.org/1999/xlink"
)

// maxProblems bounds the problems one SVG reports: past it, the checking stops.
const maxProblems = 20

// drawnElements are the SVG elements the renderer (oksvg) draws or reads; it knows them by their local name
// alone, in any namespace, inside metadata too.
var drawnElements = map[string]bool{
	"svg": true, "g": true, "path": true, "rect": true, "circle": true, "ellipse": true, "line": true,
	"polyline": true, "polygon": true, "use": true, "linearGradient": true, "radialGradient": true, "stop": true,
	"defs": true, "style": true,
}

// textElements are SVG's text and font elements, which the renderer does not draw.
var textElements = map[string]bool{
	"text": true, "tspan": true, "textPath": true, "tref": true, "altGlyph": true, "altGlyphDef": true,
	"altGlyphItem": true, "glyphRef": true, "font": true, "font-face": true, "font-face-src": true,
	"font-face-uri": true, "font-face-format": true, "font-face-name": true, "glyph": true, "missing-glyph": true,
	"hkern": true, "vkern": true, "flowRoot": true, "flowPara": true, "flowRegion": true, "flowSpan": true,
}

// gradientInfo is what the check learns of a gradient.
type gradientInfo struct {
	id        string
	at        int // byte offset of the element
	opacities []float64
	stops     int
	openUntil bool // still open
}

// defInfo is an element directly inside defs (a gradient aside): what a use can draw.
type defInfo struct {
	id    string
	at    int
	elems int
}

type useInfo struct {
	id string
	at int
}

// checker is the pre-scan of one SVG: it reads the XML once, as the renderer will, and notes everything the
// renderer would draw otherwise than the file says, would not draw, or must not be asked to.
type checker struct {
	data     []byte
	problems []Problem
	stop     bool // a limit was passed, or too many problems: nothing more is read

	depth, elements, numbers int
	defsDepth, metaDepth     int // the depth of the defs or metadata being read, 0 outside
	root                     rootInfo
	gradients                map[string]*gradientInfo
	current                  *gradientInfo
	defs                     []*defInfo
	curDef                   *defInfo
	uses                     []useInfo
	styles                   int
	styleAt                  int
	styleEnd                 int // offset of the end of the style element, -1 before it
	styleText                strings.Builder
	inStyle                  bool
	classes                  map[string]map[string]string
	classUsed                int // offset of the first element with a class, -1 for none
	gradientRefs             []useInfo
	elems                    layout
}

// layout is where each element of an SVG starts and where its start tag ends, in document order: enough to
// find the element that made a path of the renderer's (see locate).
type layout struct {
	starts, ends []int
}

// rootInfo is what the svg element says of the picture's size and placing.
type rootInfo struct {
	viewBox     [4]float64
	hasViewBox  bool
	align       string // xMidYMid (default), xMinYMin, ..., none
	slice       bool
	width, high float64
}

// check reads an SVG and returns the problems found, what its root says and where its elements are.
func check(data []byte) ([]Problem, rootInfo, layout) {
	c := &checker{data: data, gradients: map[string]*gradientInfo{}, styleEnd: -1, classUsed: -1}
	c.root.align = "xMidYMid"
	if len(data) > content.MaxSVGBytes {
		c.add(-1, Problem{Code: "too-large", Message: fmt.Sprintf("is larger than %d MB", content.MaxSVGBytes>>20),
			Hint: "simplify the drawing (Inkscape: Path > Simplify) or save it as plain SVG without embedded images"})
		return c.problems, c.root, c.elems
	}
	if isUTF16(data) {
		// encoding/xml reads UTF-8 alone, and finds no element in UTF-16 text (it said "empty").
		c.add(-1, Problem{Code: "malformed", Message: "is saved as UTF-16 text, which the SVG renderer does not read: it reads UTF-8",
			Hint: "save it again as UTF-8 (Inkscape: Save As, Plain SVG; a text editor: Save As, encoding UTF-8)"})
		return c.problems, c.root, c.elems
	}
	c.read()
	if !c.stop {
		c.finish()
	}
	return c.problems, c.root, c.elems
}

// add records a problem at a byte offset of the SVG (-1 for none).
func (c *checker) add(at int, p Problem) {
	if len(c.problems) >= maxProblems {
		c.stop = true
		return
	}
	if at >= 0 {
		p.Line, p.Col = lineCol(c.data, at)
	}
	c.problems = append(c.problems, p)
}

// lineCol is the line and column (in characters) of a byte offset.
func lineCol(data []byte, at int) (int, int) {
	if at > len(data) {
		at = len(data)
	}
	before := data[:at]
	line := 1 + bytes.Count(before, []byte{'\n'})
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, 1 + len([]rune(string(before[start:])))
}

func (c *checker) limit(at int, what string, max int, hint string) {
	c.add(at, Problem{Code: "limit", Message: fmt.Sprintf("has more than %d %s: muster refuses to draw it", max, what), Hint: hint})
	c.stop = true
}

func (c *checker) read() {
	d := xml.NewDecoder(bytes.NewReader(c.data))
	d.CharsetReader = charset.NewReaderLabel
	for !c.stop {
		at := int(d.InputOffset())
		tok, err := d.Token()
		if err == io.EOF {
			if c.depth == 0 && c.elements == 0 {
				c.add(-1, Problem{Code: "malformed", Message: "is empty: it holds no svg element", Hint: "save the drawing again as SVG"})
			}
			return
		}
		if err != nil {
			line, col := d.InputPos()
			c.problems = append(c.problems, Problem{Code: "malformed", Message: "is not well-formed XML: " + xmlError(err),
				Hint: "open it in a browser or Inkscape and save it again as SVG", Line: line, Col: col})
			c.stop = true
			return
		}
		switch t := tok.(type) {
		case xml.Directive:
			if bytes.Contains(t, []byte("ENTITY")) {
				c.add(at, Problem{Code: "entity", Message: "declares XML entities (<!ENTITY ...>), which muster never expands",
					Hint: "save the drawing as plain SVG, without a DOCTYPE that declares entities"})
				c.stop = true
			}
		case xml.ProcInst:
			if t.Target == "xml-stylesheet" {
				c.add(at, Problem{Code: "external", Message: "links an external stylesheet (<?xml-stylesheet?>), which muster never reads",
					Hint: "put the styles in the elements' own attributes"})
			}
		case xml.StartElement:
			c.elems.starts = append(c.elems.starts, at)
			c.elems.ends = append(c.elems.ends, int(d.InputOffset()))
			c.start(t, at)
		case xml.EndElement:
			c.end(t, int(d.InputOffset()))
		case xml.CharData:
			if c.inStyle {
				c.styleText.Write(t)
			}
		}
	}
}

// xmlError is an XML syntax error in words, without encoding/xml's own line number (the position says it).
func xmlError(err error) string {
	if se, ok := err.(*xml.SyntaxError); ok {
		return se.Msg
	}
	return err.Error()
}

func isSVG(n xml.Name) bool { return n.Space == svgNS || n.Space == "" }

func (c *checker) start(t xml.StartElement, at int) {
	c.depth++
	c.elements++
	if c.depth > content.MaxSVGDepth {
		c.limit(at, "levels of nested elements", content.MaxSVGDepth, "flatten the groups (Inkscape: Object > Ungroup)")
		return
	}
	if c.elements > content.MaxSVGElements {
		c.limit(at, "elements", content.MaxSVGElements, "simplify the drawing")
		return
	}
	local := t.Name.Local
	if c.curDef != nil {
		c.curDef.elems++
	}
	if c.depth == 1 {
		if local != "svg" || !isSVG(t.Name) {
			c.add(at, Problem{Code: "malformed", Message: fmt.Sprintf("is not an SVG: its root element is <%s>", local), Hint: "save the drawing as SVG"})
			c.stop = true
			return
		}
		c.readRoot(t, at)
		c.attrs(t, at)
		return
	}
	if c.defsDepth > 0 && c.depth == c.defsDepth+1 && local != "linearGradient" && local != "radialGradient" {
		c.curDef = &defInfo{id: attr(t, "id"), at: at, elems: 1}
		c.defs = append(c.defs, c.curDef)
	}
	if c.metaDepth > 0 || !isSVG(t.Name) {
		// Metadata and other namespaces (Inkscape's, RDF) are not drawn; but the renderer draws an element by
		// its local name wherever it is.
		if drawnElements[local] {
			c.add(at, Problem{Code: "unsupported", Message: fmt.Sprintf("has a <%s> inside metadata or another namespace, which the renderer would draw", t.Name.Local),
				Hint: "delete it, or move it out into the drawing"})
		}
		if c.metaDepth == 0 {
			c.metaDepth = c.depth
		}
		return
	}
	switch {
	case local == "svg":
		c.add(at, Problem{Code: "unsupported", Message: "nests an <svg> in the drawing, which the renderer cannot place", Hint: "ungroup the inner drawing into the outer one"})
	case local == "metadata":
		c.metaDepth = c.depth
		return
	case local == "script":
		c.add(at, Problem{Code: "script", Message: "holds a <script>, which muster never runs", Hint: "delete the script: a printed counter cannot move"})
	case local == "foreignObject":
		c.add(at, Problem{Code: "unsupported", Message: "holds a <foreignObject> (HTML inside the SVG), which muster does not draw", Hint: "draw it with SVG shapes"})
	case local == "filter" || strings.HasPrefix(local, "fe"):
		c.add(at, Problem{Code: "filter", Message: fmt.Sprintf("holds a filter (<%s>), which muster does not draw", local), Hint: "remove the filter (blur, shadow) or export that part as a PNG"})
	case textElements[local]:
		c.add(at, Problem{Code: "text", Message: fmt.Sprintf("holds text or a font (<%s>), which muster does not draw from SVG", local),
			Hint: "turn the text into paths (Inkscape: Path > Object to Path), or print it with a face layout element"})
	case local == "image":
		c.add(at, Problem{Code: "unsupported", Message: "holds an <image>, which muster does not draw inside SVG art", Hint: "name the PNG or JPEG file in the content instead, or trace it into paths"})
	case local == "style":
		c.styles++
		if c.styles > 1 {
			c.add(at, Problem{Code: "unsupported", Message: "has more than one <style> element; the renderer reads only the last", Hint: "merge them into one"})
		}
		c.inStyle, c.styleAt = true, at
		c.styleText.Reset()
	case local == "defs":
		if c.defsDepth == 0 {
			c.defsDepth = c.depth
		}
	case local == "linearGradient" || local == "radialGradient":
		c.gradient(t, at)
	case local == "stop":
		c.stopEl(t, at)
	case local == "use":
		c.use(t, at)
	case drawnElements[local] || local == "title" || local == "desc":
	default:
		c.add(at, Problem{Code: "unsupported", Message: fmt.Sprintf("holds a <%s>, which the renderer does not draw", local), Hint: unsupportedHint(local)})
	}
	c.attrs(t, at)
}

func unsupportedHint(local string) string {
	switch local {
	case "clipPath", "mask":
		return "apply the clip or mask to the paths (Inkscape: Path > Intersection), or export that part as a PNG"
	case "pattern", "hatch":
		return "fill with a colour or a gradient"
	case "marker":
		return "turn the markers into paths (Inkscape: Path > Stroke to Path)"
	case "symbol", "a", "switch":
		return "ungroup it into plain shapes"
	}
	if strings.HasPrefix(local, "animate") || local == "set" {
		return "delete the animation: a printed counter cannot move"
	}
	return "draw it with paths, rectangles, circles, ellipses, lines, polygons and groups"
}

func (c *checker) end(t xml.EndElement, at int) {
	if c.curDef != nil && c.depth == c.defsDepth+1 {
		c.curDef = nil
	}
	if c.depth == c.defsDepth {
		c.defsDepth = 0
	}
	if c.depth == c.metaDepth {
		c.metaDepth = 0
	}
	switch t.Name.Local {
	case "style":
		if c.inStyle {
			c.inStyle = false
			c.styleEnd = at
			c.css(c.styleText.String(), c.styleAt)
		}
	case "linearGradient", "radialGradient":
		if g := c.current; g != nil {
			c.current = nil
			g.openUntil = false
			c.gradientDone(g)
		}
	}
	c.depth--
}

func attr(t xml.StartElement, local string) string {
	for _, a := range t.Attr {
		if a.Name.Local == local && (a.Name.Space == "" || a.Name.Space == svgNS) {
			return a.Value
		}
	}
	return ""
}

// readRoot reads the svg element's size and preserveAspectRatio.
func (c *checker) readRoot(t xml.StartElement, at int) {
	if vb := attr(t, "viewBox"); vb != "" {
		f := strings.FieldsFunc(vb, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
		ok := len(f) == 4
		for i := 0; ok && i < 4; i++ {
			v, err := strconv.ParseFloat(f[i], 64)
			ok = err == nil && finite(v)
			c.root.viewBox[i] = v
		}
		vw, vh := c.root.viewBox[2], c.root.viewBox[3]
		switch {
		case !ok || !(vw > 0) || !(vh > 0):
			c.add(at, Problem{Code: "malformed", Message: fmt.Sprintf("has a viewBox %q that is not four numbers with a width and height above 0", vb), Hint: "write viewBox=\"0 0 WIDTH HEIGHT\""})
			ok = false
		case vw < surface.MinViewBox || vh < surface.MinViewBox:
			c.add(at, Problem{Code: "limit", Message: fmt.Sprintf("has a viewBox %q smaller than %g unit across: the renderer keeps coordinates to 1/64 of a unit, so muster refuses to draw it", vb, surface.MinViewBox),
				Hint: "scale the drawing up (Inkscape: Document Properties, scale), so that its viewBox is at least 1 unit wide and high"})
			ok = false
		case !inRange(c.root.viewBox[:]...):
			c.add(at, Problem{Code: "limit", Message: fmt.Sprintf("has a viewBox %q with numbers beyond ±%.0f, which the renderer cannot hold", vb, surface.MaxCoordinate), Hint: "scale the drawing down"})
			ok = false
		}
		c.root.hasViewBox = ok
	}
	if par := strings.Fields(attr(t, "preserveAspectRatio")); len(par) > 0 {
		if par[0] == "defer" {
			par = par[1:]
		}
		valid := map[string]bool{"none": true, "xMinYMin": true, "xMidYMin": true, "xMaxYMin": true, "xMinYMid": true, "xMidYMid": true,
			"xMaxYMid": true, "xMinYMax": true, "xMidYMax": true, "xMaxYMax": true}
		if len(par) == 0 || !valid[par[0]] || len(par) > 2 || (len(par) == 2 && par[1] != "meet" && par[1] != "slice") {
			c.add(at, Problem{Code: "malformed", Message: fmt.Sprintf("has a preserveAspectRatio %q that SVG does not define", attr(t, "preserveAspectRatio")), Hint: "write, for example, xMidYMid meet"})
		} else {
			c.root.align = par[0]
			c.root.slice = len(par) == 2 && par[1] == "slice"
		}
	}
	for _, k := range []string{"width", "height"} {
		v := strings.TrimSpace(attr(t, k))
		if v == "" {
			continue
		}
		n, ok := svgLength(v)
		if !ok && !c.root.hasViewBox {
			c.add(at, Problem{Code: "unsupported", Message: fmt.Sprintf("gives its %s as %q and no viewBox: the renderer cannot tell its size", k, v), Hint: "add a viewBox (Inkscape: Document Properties, with scale 1)"})
		}
		if k == "width" {
			c.root.width = n
		} else {
			c.root.high = n
		}
	}
}

// svgLength reads a length as the renderer does: a number, maybe in px (a user unit).
func svgLength(v string) (float64, bool) {
	v = strings.TrimSuffix(strings.TrimSpace(v), "px")
	n, err := strconv.ParseFloat(v, 64)
	return n, err == nil && finite(n)
}

func (c *checker) gradient(t xml.StartElement, at int) {
	g := &gradientInfo{id: attr(t, "id"), at: at, openUntil: true}
	c.current = g
	if g.id != "" {
		c.gradients[g.id] = g
	}
	switch s := strings.TrimSpace(attr(t, "spreadMethod")); s {
	case "", "pad":
	default:
		c.add(at, Problem{Code: "gradient", Message: fmt.Sprintf("has a gradient %q that repeats (spreadMethod %s), which muster draws only padded", g.id, s),
			Hint: "use spreadMethod=\"pad\" and give the gradient the stops it needs"})
	}
	for _, a := range t.Attr {
		switch a.Name.Local {
		case "href":
			c.add(at, Problem{Code: "gradient", Message: fmt.Sprintf("has a gradient %q that takes its stops from another (href %s), which the renderer does not follow", g.id, a.Value),
				Hint: "copy the stops into the gradient (Inkscape writes gradients this way: save as plain SVG, or edit the file)"})
		case "x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy":
			c.fraction(a.Name.Local, a.Value, at)
		case "gradientTransform":
			c.numberList("gradientTransform", a.Value, at)
		}
	}
}

// fraction checks a number the renderer reads as a fraction (0.5 or 50%): it must be a finite number within
// MaxCoordinate.
func (c *checker) fraction(k, v string, at int) {
	v = strings.TrimSuffix(strings.TrimSpace(v), "%")
	if n, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil || !finite(n) || hexOrWord(v) {
		c.add(at, Problem{Code: "malformed", Message: fmt.Sprintf("gives %s as %q, which is not a finite number", k, short(v)), Hint: "write it as a plain number, or a percentage"})
	} else if !inRange(n) {
		c.add(at, Problem{Code: "limit", Message: fmt.Sprintf("gives %s as %q, beyond ±%.0f, which the renderer cannot hold", k, short(v), surface.MaxCoordinate), Hint: "scale the drawing down"})
	}
}

// numberList checks a list of numbers (a transform's, a dash pattern's): each finite and within MaxCoordinate.
func (c *checker) numberList(k, v string, at int) {
	if hexOrWord(v) {
		c.add(at, Problem{Code: "malformed", Message: fmt.Sprintf("gives %s as %q, with a number that is not finite or not decimal", k, short(v)), Hint: "write plain decimal numbers"})
		return
	}
	if _, big := scanNumbers(v, len(v)+1); big {
		c.add(at, Problem{Code: "limit", Message: fmt.Sprintf("has numbers beyond ±%.0f in %s, which the renderer cannot hold", surface.MaxCoordinate, k), Hint: "scale the drawing down"})
	}
}

// hexOrWord reports whether numbers hold what strconv reads and SVG does not: NaN, Inf, hexadecimal floats.
func hexOrWord(v string) bool {
	l := strings.ToLower(v)
	return strings.Contains(l, "nan") || strings.Contains(l, "inf") || strings.Contains(l, "0x")
}

// inRange reports whether every v is a finite number within ±MaxCoordinate.
func inRange(vs ...float64) bool {
	for _, v := range vs {
		if !(v >= -surface.MaxCoordinate && v <= surface.MaxCoordinate) {
			return false
		}
	}
	return true
}

func (c *checker) stopEl(t xml.StartElement, at int) {
	g := c.current
	if g == nil {
		return
	}
	g.stops++
	for _, k := range []string{"offset", "stop-opacity"} {
		if v := attr(t, k); v != "" {
			c.fraction(k, v, at)
		}
	}
	op := 1.0
	if v := strings.TrimSpace(attr(t, "stop-opacity")); v != "" {
		if n, err := strconv.ParseFloat(v, 64); err == nil {
			op = n
		}
	}
	g.opacities = append(g.opacities, op)
}

func (c *checker) gradientDone(g *gradientInfo) {
	if g.stops > surface.MaxGradientStops {
		c.add(g.at, Problem{Code: "limit", Message: fmt.Sprintf("has a gradient %q of %d stops, more than the %d muster draws", g.id, g.stops, surface.MaxGradientStops),
			Hint: "give the gradient fewer stops: a smooth blend needs a few"})
		return
	}
	if g.stops == 0 {
		c.add(g.at, Problem{Code: "gradient", Message: fmt.Sprintf("has a gradient %q with no stops", g.id), Hint: "give the gradient its stops (<stop offset=\"0\" stop-color=\"...\"/>)"})
		return
	}
	for _, o := range g.opacities[1:] {
		if o != g.opacities[0] {
			c.add(g.at, Problem{Code: "gradient", Message: fmt.Sprintf("has a gradient %q whose stops differ in stop-opacity, which muster cannot print (a PDF shading has one opacity)", g.id),
				Hint: "give every stop the same stop-opacity, and fade the shape with opacity instead"})
			return
		}
	}
}

func (c *checker) use(t xml.StartElement, at int) {
	if c.defsDepth > 0 {
		c.add(at, Problem{Code: "unsupported", Message: "has a <use> inside defs, which the renderer cannot draw", Hint: "put the used shapes themselves into the definition"})
		return
	}
	href := ""
	for _, a := range t.Attr {
		if a.Name.Local == "href" {
			href = strings.TrimSpace(a.Value)
		}
	}
	if id, ok := strings.CutPrefix(href, "#"); ok {
		c.uses = append(c.uses, useInfo{id: id, at: at})
	} else if href == "" {
		c.add(at, Problem{Code: "unsupported", Message: "has a <use> that names nothing (no href)", Hint: "delete it"})
	}
}

// attrs checks an element's attributes: event handlers, links, and the presentation properties the renderer
// reads otherwise than SVG, or not at all.
func (c *checker) attrs(t xml.StartElement, at int) {
	var styleProps map[string]string
	var classes []string
	for _, a := range t.Attr {
		name := a.Name.Local
		lname := strings.ToLower(name)
		switch {
		case strings.HasPrefix(lname, "on") && a.Name.Space == "":
			c.add(at, Problem{Code: "script", Message: fmt.Sprintf("has an event handler (%s), a script muster never runs", name), Hint: "delete the attribute"})
		case lname == "href" && (a.Name.Space == "" || a.Name.Space == xlinkNS):
			if !strings.HasPrefix(strings.TrimSpace(a.Value), "#") {
				c.add(at, Problem{Code: "external", Message: fmt.Sprintf("refers to %q outside the file, which muster never follows", short(a.Value)), Hint: "draw what it shows inside the SVG"})
			}
		case lname == "style" && a.Name.Space == "":
			styleProps = map[string]string{}
			for k, v := range declarations(a.Value) {
				styleProps[k] = v
				c.prop(t.Name.Local, k, v, true, at)
			}
		case lname == "class" && a.Name.Space == "":
			classes = strings.Fields(a.Value)
			if c.classUsed < 0 {
				c.classUsed = at
			}
		case a.Name.Space == "" || a.Name.Space == svgNS:
			c.prop(t.Name.Local, lname, a.Value, false, at)
			c.number(t.Name.Local, lname, a.Value, at)
		}
	}
	for _, cl := range classes {
		for k := range c.classes[cl] {
			if _, ok := styleProps[k]; ok {
				c.add(at, Problem{Code: "unsupported", Message: fmt.Sprintf("sets %s both in a style attribute and in class %s: the renderer lets the class win, unlike SVG", k, cl),
					Hint: "set it in one place"})
			}
		}
	}
}

func short(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// declarations reads a style attribute's or CSS rule's declarations.
func declarations(s string) map[string]string {
	out := map[string]string{}
	for _, d := range strings.Split(s, ";") {
		k, v, ok := strings.Cut(d, ":")
		if !ok {
			continue
		}
		out[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return out
}

var urlRe = regexp.MustCompile(`^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)$`)

// prop checks one presentation property of an element, from an attribute, a style attribute (inStyle) or a
// CSS rule (element "").
func (c *checker) prop(element, k, v string, inStyle bool, at int) {
	v = strings.TrimSpace(v)
	lv := strings.ToLower(v)
	bad := func(code, msg, hint string) { c.add(at, Problem{Code: code, Message: msg, Hint: hint}) }
	switch k {
	case "fill", "stroke":
		if strings.HasPrefix(lv, "url(") {
			m := urlRe.FindStringSubmatch(v)
			if m == nil {
				if strings.HasPrefix(strings.Trim(strings.TrimSpace(v[4:]), `'"`), "#") {
					bad("unsupported", fmt.Sprintf("paints with %q, a gradient with a fallback colour, which the renderer paints black", short(v)), "write only url(#id)")
				} else {
					bad("external", fmt.Sprintf("paints with %q outside the file, which muster never follows", short(v)), "use a gradient of the same file")
				}
				return
			}
			if k == "stroke" {
				bad("gradient", fmt.Sprintf("strokes with a gradient (%s), which muster does not draw", v), "stroke with a colour, or turn the stroke into a path (Inkscape: Path > Stroke to Path)")
				return
			}
			if element != "" {
				c.gradientRefs = append(c.gradientRefs, useInfo{id: m[1], at: at})
			}
			return
		}
		switch lv {
		case "currentcolor", "inherit":
			bad("unsupported", fmt.Sprintf("paints with %s, which the renderer does not read", v), "write the colour itself")
			return
		}
		if _, err := parseColour(v); err != nil {
			bad("malformed", fmt.Sprintf("paints with %q, which is not a colour the renderer reads", short(v)), "write the colour as #rrggbb")
		}
	case "fill-rule":
		if lv == "evenodd" {
			c.add(at, Problem{Code: "unsupported", Warning: true, Message: "fills by the even-odd rule, which the renderer does not read: it fills by the non-zero rule, and a part drawn inside another in the same direction is filled rather than left as a hole",
				Hint: "check the printed art, or draw holes in the opposite direction (Inkscape: Path > Reverse) and set fill-rule:nonzero"})
		}
	case "stroke-linejoin":
		if lv == "bevel" {
			c.add(at, Problem{Code: "unsupported", Warning: true, Message: "joins strokes with bevels, which muster draws as miters (the renderer gives a stroke without a join a bevel, so muster cannot tell them apart)",
				Hint: "use miter or round joins"})
		}
	case "stroke-dasharray":
		if lv == "none" {
			return
		}
		f := strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' })
		if len(f) > surface.MaxDashEntries {
			c.add(at, Problem{Code: "limit", Message: fmt.Sprintf("has a dash pattern of %d lengths, more than the %d muster draws", len(f), surface.MaxDashEntries), Hint: "shorten the dash pattern"})
			return
		}
		for _, d := range f {
			n, ok := svgLength(d)
			if !ok || n < 0 || hexOrWord(d) {
				bad("malformed", fmt.Sprintf("gives stroke-dasharray as %q: %q is not a length of 0 or more", short(v), short(d)), "write the dashes and gaps as plain numbers: 4 2")
				return
			}
			if !inRange(n) {
				bad("limit", fmt.Sprintf("gives stroke-dasharray as %q, with lengths beyond ±%.0f, which the renderer cannot hold", short(v), surface.MaxCoordinate), "scale the drawing down")
				return
			}
		}
	case "stroke-dashoffset":
		if n, ok := svgLength(v); !ok {
			bad("malformed", fmt.Sprintf("gives %s as %q, which is not a number", k, short(v)), "write it as a plain number")
		} else if n != 0 {
			bad("unsupported", "starts its dashes at an offset (stroke-dashoffset), which muster does not draw", "draw the dashes from their start, or turn the stroke into paths (Inkscape: Path > Stroke to Path)")
		}
	case "filter":
		if lv != "none" {
			bad("filter", fmt.Sprintf("applies a filter (%s), which muster does not draw", short(v)), "remove the filter (blur, shadow) or export that part as a PNG")
		}
	case "mask", "clip-path":
		if lv != "none" {
			bad("unsupported", fmt.Sprintf("applies a %s (%s), which the renderer does not draw", k, short(v)), unsupportedHint("mask"))
		}
	case "marker", "marker-start", "marker-mid", "marker-end":
		if lv != "none" {
			bad("unsupported", fmt.Sprintf("has markers (%s), which the renderer does not draw", k), unsupportedHint("marker"))
		}
	case "display":
		if lv == "none" {
			bad("unsupported", "hides an element (display:none), which the renderer would draw anyway", "delete the hidden element")
		}
	case "visibility":
		if lv == "hidden" || lv == "collapse" {
			bad("unsupported", "hides an element (visibility:hidden), which the renderer would draw anyway", "delete the hidden element")
		}
	case "mix-blend-mode":
		if lv != "normal" {
			bad("unsupported", fmt.Sprintf("blends with %s, which the renderer does not draw", v), "use plain colours or opacity")
		}
	case "paint-order":
		if strings.HasPrefix(lv, "stroke") || strings.HasPrefix(lv, "markers") {
			bad("unsupported", "paints the stroke under the fill (paint-order), which the renderer does not do", "draw the stroke as a shape of its own under the fill")
		}
	case "vector-effect":
		if lv != "none" {
			bad("unsupported", fmt.Sprintf("has vector-effect %s, which the renderer does not read", v), "delete it")
		}
	case "transform-origin", "transform-box":
		bad("unsupported", fmt.Sprintf("sets %s, which the renderer does not read", k), "write the transform about the origin (translate, rotate, translate back)")
	case "stop-color", "stop-opacity":
		if inStyle {
			bad("gradient", fmt.Sprintf("gives a gradient stop's %s in a style, which the renderer does not read", k), fmt.Sprintf("write it as an attribute: %s=\"%s\"", k, v))
		}
	case "opacity", "fill-opacity", "stroke-opacity", "stroke-width", "stroke-miterlimit":
		if strings.HasSuffix(lv, "%") || strings.HasSuffix(lv, "em") || strings.HasSuffix(lv, "ex") || strings.HasSuffix(lv, "in") ||
			(k != "opacity" && (strings.HasSuffix(lv, "mm") || strings.HasSuffix(lv, "cm") || strings.HasSuffix(lv, "pt"))) {
			bad("unsupported", fmt.Sprintf("gives %s as %q, in a unit the renderer does not read", k, short(v)), "write it as a plain number (user units)")
		} else if _, ok := svgLength(v); !ok {
			bad("malformed", fmt.Sprintf("gives %s as %q, which is not a number", k, short(v)), "write it as a plain number")
		}
	}
}

// parseColour reads a colour as the renderer does, never letting it panic.
func parseColour(v string) (col any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return oksvg.ParseSVGColor(v)
}

var geometry = map[string]bool{"x": true, "y": true, "width": true, "height": true, "rx": true, "ry": true, "cx": true,
	"cy": true, "r": true, "x1": true, "y1": true, "x2": true, "y2": true}

// number counts the numbers of path data and point lists, and checks the size of every coordinate (and of a
// transform's numbers): within surface.MaxCoordinate, and finite.
func (c *checker) number(element, k, v string, at int) {
	if k == "transform" {
		c.numberList(k, v, at)
		return
	}
	count := k == "d" && element == "path" || k == "points" && (element == "polyline" || element == "polygon")
	if !count && !(geometry[k] && element != "svg" && element != "linearGradient" && element != "radialGradient" && element != "stop") {
		return
	}
	if hexOrWord(v) {
		c.add(at, Problem{Code: "malformed", Message: fmt.Sprintf("gives %s as %q, with a number that is not finite or not decimal", k, short(v)), Hint: "write plain decimal numbers"})
		return
	}
	n, big := scanNumbers(v, content.MaxSVGNumbers-c.numbers+1)
	if count {
		c.numbers += n
	}
	if c.numbers > content.MaxSVGNumbers {
		c.limit(at, "numbers in its paths and point lists", content.MaxSVGNumbers, "simplify the paths (Inkscape: Path > Simplify)")
		return
	}
	if big {
		c.add(at, Problem{Code: "unsupported", Message: fmt.Sprintf("has coordinates beyond ±%.0f in %s, which the renderer cannot hold", surface.MaxCoordinate, k), Hint: "scale the drawing down"})
	}
}

// scanNumbers counts the numbers in s, up to max, and says whether one is beyond surface.MaxCoordinate.
func scanNumbers(s string, max int) (n int, big bool) {
	for i := 0; i < len(s) && n < max; {
		ch := s[i]
		if !(ch >= '0' && ch <= '9' || ch == '.' || ch == '-' || ch == '+') {
			i++
			continue
		}
		j, dot, exp := i+1, ch == '.', false
		for ; j < len(s); j++ {
			d := s[j]
			switch {
			case d >= '0' && d <= '9':
			case d == '.' && !dot && !exp:
				dot = true
			case (d == 'e' || d == 'E') && !exp:
				exp = true
			case (d == '-' || d == '+') && (s[j-1] == 'e' || s[j-1] == 'E'):
			default:
				goto done
			}
		}
	done:
		tok := s[i:j]
		i = j
		if tok == "-" || tok == "+" || tok == "." {
			continue
		}
		n++
		if len(tok) > 7 || exp {
			if f, err := strconv.ParseFloat(tok, 64); err == nil && !inRange(f) || errors.Is(err, strconv.ErrRange) {
				big = true
			}
		}
	}
	return n, big
}

var (
	selectorRe = regexp.MustCompile(`^\.[A-Za-z_][A-Za-z0-9_-]*$`)
	cssURLRe   = regexp.MustCompile(`url\(\s*['"]?([^'")\s]*)`)
)

// css checks a style element's rules: the renderer reads rules of classes (.name { fill: red }) only.
func (c *checker) css(text string, at int) {
	if strings.Contains(text, "/*") {
		c.add(at, Problem{Code: "unsupported", Message: "has comments in its <style>, which the renderer misreads", Hint: "delete the comments"})
		return
	}
	for _, m := range cssURLRe.FindAllStringSubmatch(text, -1) {
		if !strings.HasPrefix(m[1], "#") {
			c.add(at, Problem{Code: "external", Message: fmt.Sprintf("refers to %q outside the file in its <style>, which muster never follows", short(m[1])), Hint: "draw it inside the SVG"})
		}
	}
	if strings.Contains(text, "@") {
		switch {
		case strings.Contains(text, "@import"):
			c.add(at, Problem{Code: "external", Message: "imports a stylesheet (@import), which muster never reads", Hint: "put the styles in the file"})
		case strings.Contains(text, "@font-face"):
			c.add(at, Problem{Code: "text", Message: "embeds a font (@font-face), which muster does not draw from SVG", Hint: "turn the text into paths (Inkscape: Path > Object to Path)"})
		default:
			c.add(at, Problem{Code: "unsupported", Message: "has an @-rule in its <style>, which the renderer does not read", Hint: "write plain class rules (.name { fill: #c00 })"})
		}
		return
	}
	c.classes = map[string]map[string]string{}
	for _, rule := range strings.Split(text, "}") {
		rule = strings.TrimSpace(rule)
		if rule == "" {
			continue
		}
		sel, body, ok := strings.Cut(rule, "{")
		if !ok {
			c.add(at, Problem{Code: "malformed", Message: fmt.Sprintf("has a <style> rule %q without its braces", short(rule)), Hint: "write .name { property: value }"})
			continue
		}
		decls := declarations(body)
		for _, s := range strings.Split(sel, ",") {
			s = strings.TrimSpace(s)
			if !selectorRe.MatchString(s) {
				c.add(at, Problem{Code: "unsupported", Message: fmt.Sprintf("styles %q in its <style>: the renderer reads rules of classes (.name) only", short(s)),
					Hint: "give the elements a class and style the class, or set the properties on the elements"})
				continue
			}
			m := c.classes[s[1:]]
			if m == nil {
				m = map[string]string{}
				c.classes[s[1:]] = m
			}
			for k, v := range decls {
				m[k] = v
			}
		}
		for k, v := range decls {
			c.prop("", k, v, true, at)
		}
	}
}

// finish checks what needs the whole file: uses and gradients named before they are defined.
func (c *checker) finish() {
	if c.classUsed >= 0 && c.styles > 0 && c.classUsed < c.styleAt {
		c.add(c.classUsed, Problem{Code: "unsupported", Message: "uses a class before the <style> that defines it: the renderer reads the style only where it stands",
			Hint: "move the <style> to the start of the file"})
	}
	for _, r := range c.gradientRefs {
		g := c.gradients[r.id]
		switch {
		case g == nil:
			c.add(r.at, Problem{Code: "gradient", Message: fmt.Sprintf("paints with gradient #%s, which the file does not define (the renderer paints it black)", r.id), Hint: "define the gradient, or paint with a colour"})
		case g.at > r.at:
			c.add(r.at, Problem{Code: "gradient", Message: fmt.Sprintf("paints with gradient #%s before the file defines it (the renderer paints it black)", r.id), Hint: "move the gradient's definition (the defs) to the start of the file"})
		}
	}
	for _, u := range c.uses {
		if len(c.defs) != 1 || c.defs[0].id != u.id {
			c.add(u.at, Problem{Code: "unsupported", Message: fmt.Sprintf("uses #%s, but the renderer draws a use only of the single definition in defs (this file defines %d)", u.id, len(c.defs)),
				Hint: "copy the shapes instead of using them (Inkscape: Edit > Clone > Unlink Clone)"})
			continue
		}
		c.elements += c.defs[0].elems
		if c.elements > content.MaxSVGElements {
			c.limit(u.at, "elements, counting what each use draws", content.MaxSVGElements, "use the definition fewer times")
			return
		}
	}
}
