// Package buildfile is a VASSAL module's buildFile.xml as a tree of elements (a Java class name, attributes,
// text), knowing nothing of what the classes mean. It writes the same bytes for the same tree and reads a
// file back within fixed limits, with each element's line and path for diagnostics.
package buildfile

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Attr is one attribute. Order is kept: it is the order written.
type Attr struct {
	Name, Value string
}

// Element is one component of the buildFile: its class (the tag), attributes, text (piece definitions) and
// children.
type Element struct {
	Class    string
	Attrs    []Attr
	Text     string
	Children []*Element

	// Line and Col are where the element starts, when it was read (Parse); 0 for a built tree.
	Line, Col int
}

// New returns an element of a class with attributes given as name, value pairs.
func New(class string, nameValues ...string) *Element {
	e := &Element{Class: class}
	for i := 0; i+1 < len(nameValues); i += 2 {
		e.Attrs = append(e.Attrs, Attr{nameValues[i], nameValues[i+1]})
	}
	return e
}

// Add appends children and returns e.
func (e *Element) Add(children ...*Element) *Element {
	e.Children = append(e.Children, children...)
	return e
}

// Set sets an attribute, replacing its value if it is there, appending it if not.
func (e *Element) Set(name, value string) *Element {
	for i := range e.Attrs {
		if e.Attrs[i].Name == name {
			e.Attrs[i].Value = value
			return e
		}
	}
	e.Attrs = append(e.Attrs, Attr{name, value})
	return e
}

// Get returns an attribute's value and whether the element has it.
func (e *Element) Get(name string) (string, bool) {
	for _, a := range e.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// Attr returns an attribute's value, "" when the element does not have it.
func (e *Element) Attr(name string) string {
	v, _ := e.Get(name)
	return v
}

// Short is the class name without its Java package: Map for VASSAL.build.module.Map.
func Short(class string) string {
	if i := strings.LastIndexByte(class, '.'); i >= 0 {
		return class[i+1:]
	}
	return class
}

// nameAttrs are the attributes that name a component, in the order they are tried for a path.
var nameAttrs = []string{"name", "mapName", "entryName", "chartName", "title", "label"}

// Label is the element's part of a path: its short class, and its name in brackets when it has one
// (Map[Main Map]).
func (e *Element) Label() string {
	s := Short(e.Class)
	for _, a := range nameAttrs {
		if v, ok := e.Get(a); ok && v != "" {
			return s + "[" + v + "]"
		}
	}
	return s
}

// Walk calls f for e and every descendant, parents first, with the element's path (GameModule/Map[Main]/...).
// The root's path segment is GameModule whatever its class. f returns false to skip an element's children.
func (e *Element) Walk(f func(el *Element, path string, parent *Element) bool) {
	var walk func(el *Element, path string, parent *Element)
	walk = func(el *Element, path string, parent *Element) {
		if !f(el, path, parent) {
			return
		}
		for _, c := range el.Children {
			walk(c, path+"/"+c.Label(), el)
		}
	}
	walk(e, "GameModule", nil)
}

// ----------------------------------------------------------------------------------------------- writing

// Header is the XML declaration VASSAL writes.
const Header = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>`

// Write writes the tree as VASSAL lays out a buildFile: the declaration, then one element per line indented
// by four spaces a level, attributes in their order, a piece definition as the element's text on its line.
// It fails on text VASSAL would read differently: invalid UTF-8, characters XML cannot hold, and element
// text that begins or ends with white space (VASSAL trims it).
func Write(w io.Writer, root *Element) error {
	var b bytes.Buffer
	b.WriteString(Header)
	b.WriteByte('\n')
	if err := writeElement(&b, root, 0); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Marshal is Write into a byte slice.
func Marshal(root *Element) ([]byte, error) {
	var b bytes.Buffer
	if err := Write(&b, root); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeElement(b *bytes.Buffer, e *Element, depth int) error {
	if !validName(e.Class) {
		return fmt.Errorf("buildfile: %q is not a class name", e.Class)
	}
	indent := strings.Repeat("    ", depth)
	b.WriteString(indent)
	b.WriteByte('<')
	b.WriteString(e.Class)
	for _, a := range e.Attrs {
		if !validName(a.Name) {
			return fmt.Errorf("buildfile: %s: %q is not an attribute name", e.Label(), a.Name)
		}
		b.WriteByte(' ')
		b.WriteString(a.Name)
		b.WriteString(`="`)
		if err := escape(b, a.Value, true); err != nil {
			return fmt.Errorf("buildfile: %s, attribute %s: %w", e.Label(), a.Name, err)
		}
		b.WriteByte('"')
	}
	if e.Text == "" && len(e.Children) == 0 {
		b.WriteString("/>\n")
		return nil
	}
	b.WriteByte('>')
	if e.Text != "" {
		if strings.TrimSpace(e.Text) != e.Text {
			return fmt.Errorf("buildfile: %s: its text begins or ends with white space, which VASSAL trims", e.Label())
		}
		if err := escape(b, e.Text, false); err != nil {
			return fmt.Errorf("buildfile: %s: %w", e.Label(), err)
		}
	}
	if len(e.Children) > 0 {
		b.WriteByte('\n')
		for _, c := range e.Children {
			if err := writeElement(b, c, depth+1); err != nil {
				return err
			}
		}
		b.WriteString(indent)
	}
	b.WriteString("</")
	b.WriteString(e.Class)
	b.WriteString(">\n")
	return nil
}

// validName accepts the names VASSAL uses: Java class names and attribute names (letters, digits, '.', '_',
// '-', '#'), starting with a letter or '_'.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
		case i > 0 && (r >= '0' && r <= '9' || r == '.' || r == '-'):
		default:
			return false
		}
	}
	return true
}

// escape writes s as XML character data. In attributes, tabs and line breaks are written as character
// references so that attribute-value normalisation keeps them.
func escape(b *bytes.Buffer, s string, attr bool) error {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return errors.New("not UTF-8 text")
		}
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"' && attr:
			b.WriteString("&quot;")
		case r == '\r':
			b.WriteString("&#13;")
		case (r == '\t' || r == '\n') && attr:
			b.WriteString("&#" + strconv.Itoa(int(r)) + ";")
		case r == '\t' || r == '\n':
			b.WriteRune(r)
		case !xmlChar(r):
			return fmt.Errorf("character U+%04X cannot be written in XML", r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return nil
}

// xmlChar reports whether XML 1.0 allows the character.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// ----------------------------------------------------------------------------------------------- reading

// Limits bound what Parse reads, so a hostile buildFile cannot exhaust memory or time.
type Limits struct {
	Bytes    int64 // the document
	Elements int   // elements in all
	Depth    int   // nesting
	Attrs    int   // attributes of one element
}

// DefaultLimits are generous for real modules (the largest have some tens of thousands of elements).
var DefaultLimits = Limits{Bytes: 64 << 20, Elements: 500_000, Depth: 64, Attrs: 256}

// ParseError is a document that is not well-formed XML or breaks a limit.
type ParseError struct {
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return e.Msg
}

// Parse reads a buildFile. Element text is kept as VASSAL reads it: the text between the children, joined
// and trimmed.
func Parse(r io.Reader, lim Limits) (*Element, error) {
	cr := &countingReader{r: r, max: lim.Bytes}
	d := xml.NewDecoder(cr)
	d.Strict = true
	d.CharsetReader = nil
	var stack []*Element
	var texts []*strings.Builder
	var root *Element
	n := 0
	for {
		tok, err := d.Token()
		line, col := d.InputPos()
		if err == io.EOF {
			break
		}
		if err != nil {
			if cr.over {
				return nil, &ParseError{Msg: fmt.Sprintf("the buildFile is larger than %d bytes", lim.Bytes)}
			}
			l, c := d.InputPos()
			return nil, &ParseError{Line: l, Col: c, Msg: err.Error()}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n++
			if n > lim.Elements {
				return nil, &ParseError{Line: line, Col: col, Msg: fmt.Sprintf("more than %d elements", lim.Elements)}
			}
			if len(stack) >= lim.Depth {
				return nil, &ParseError{Line: line, Col: col, Msg: fmt.Sprintf("elements nested more than %d deep", lim.Depth)}
			}
			if len(t.Attr) > lim.Attrs {
				return nil, &ParseError{Line: line, Col: col, Msg: fmt.Sprintf("more than %d attributes on one element", lim.Attrs)}
			}
			if t.Name.Space != "" {
				return nil, &ParseError{Line: line, Col: col, Msg: fmt.Sprintf("element %s:%s has a namespace prefix", t.Name.Space, t.Name.Local)}
			}
			e := &Element{Class: t.Name.Local, Line: line, Col: col}
			for _, a := range t.Attr {
				name := a.Name.Local
				if a.Name.Space != "" {
					name = a.Name.Space + ":" + name
				}
				if _, dup := e.Get(name); dup {
					return nil, &ParseError{Line: line, Col: col, Msg: fmt.Sprintf("attribute %s given twice", name)}
				}
				e.Attrs = append(e.Attrs, Attr{name, a.Value})
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, &ParseError{Line: line, Col: col, Msg: "more than one root element"}
				}
				root = e
			} else {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, e)
			}
			stack = append(stack, e)
			texts = append(texts, &strings.Builder{})
		case xml.EndElement:
			if len(stack) == 0 {
				return nil, &ParseError{Line: line, Col: col, Msg: "unexpected end tag"}
			}
			e := stack[len(stack)-1]
			e.Text = strings.TrimSpace(texts[len(texts)-1].String())
			stack, texts = stack[:len(stack)-1], texts[:len(texts)-1]
		case xml.CharData:
			if len(stack) == 0 {
				if len(bytes.TrimSpace(t)) > 0 {
					return nil, &ParseError{Line: line, Col: col, Msg: "text outside the root element"}
				}
				continue
			}
			texts[len(texts)-1].Write(t)
		case xml.Directive:
			return nil, &ParseError{Line: line, Col: col, Msg: "a DOCTYPE or other directive; a buildFile has none"}
		}
	}
	if root == nil {
		return nil, &ParseError{Msg: "no root element"}
	}
	if len(stack) > 0 {
		return nil, &ParseError{Msg: "the document ends inside an element"}
	}
	return root, nil
}

type countingReader struct {
	r    io.Reader
	n    int64
	max  int64
	over bool
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.n >= c.max {
		c.over = true
		return 0, errors.New("too large")
	}
	if int64(len(p)) > c.max-c.n {
		p = p[:c.max-c.n]
	}
	k, err := c.r.Read(p)
	c.n += int64(k)
	return k, err
}
