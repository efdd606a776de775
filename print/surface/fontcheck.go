package surface

import (
	"encoding/binary"
	"fmt"
)

// checkTrueType reads the tables of a TrueType file that fpdf reads when it embeds the font in a PDF, and
// refuses a file it would trip on: fpdf trusts every offset and count in a font (a bad one panics, or loops
// for as long as the file says), prints to the terminal on formats it does not know, and follows composite
// glyphs without looking for loops. What it accepts, fpdf reads within the file's bounds, quietly, in time
// proportional to its size. It also returns what both backends need: the character map fpdf uses (format 4)
// and the glyphs' advance widths.
func checkTrueType(b []byte) (*ttInfo, error) {
	if len(b) < 12 {
		return nil, fontErr(FontMalformed, "is not a font: %d bytes is too short", len(b))
	}
	switch string(b[:4]) {
	case "\x00\x01\x00\x00", "true":
	case "OTTO":
		return nil, fontErr(FontPostScript, "is an OpenType font with PostScript (CFF) outlines, which muster cannot embed in a PDF")
	case "ttcf":
		return nil, fontErr(FontCollection, "is a TrueType collection of several fonts (.ttc), not one font")
	case "wOFF", "wOF2":
		return nil, fontErr(FontWeb, "is a WOFF web font, which muster cannot embed in a PDF")
	default:
		return nil, fontErr(FontMalformed, "is not a TrueType or OpenType font (it starts with %q)", printableTag(b[:4]))
	}
	t := &ttInfo{b: b, tables: map[string]ttTable{}}
	n := int(be16(b[4:]))
	if n == 0 || 12+16*n > len(b) {
		return nil, t.broken("its table directory lists %d tables, past the end of the file", n)
	}
	for i := 0; i < n; i++ {
		rec := b[12+16*i:]
		tag := string(rec[:4])
		off, size := int64(be32(rec[8:])), int64(be32(rec[12:]))
		if off+size > int64(len(b)) {
			return nil, t.broken("its %q table runs past the end of the file", tag)
		}
		if _, dup := t.tables[tag]; dup {
			return nil, t.broken("it has two %q tables", tag)
		}
		t.tables[tag] = ttTable{int(off), int(size)}
	}
	if _, ok := t.tables["glyf"]; !ok {
		if _, cff := t.tables["CFF "]; cff {
			return nil, fontErr(FontPostScript, "is an OpenType font with PostScript (CFF) outlines, which muster cannot embed in a PDF")
		}
		if _, cff := t.tables["CFF2"]; cff {
			return nil, fontErr(FontPostScript, "is an OpenType font with PostScript (CFF2) outlines, which muster cannot embed in a PDF")
		}
	}
	for _, step := range []func() error{t.head, t.maxp, t.hhea, t.os2, t.post, t.name, t.cmap, t.loca, t.glyf} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// ttInfo is what checkTrueType read.
type ttInfo struct {
	b         []byte
	tables    map[string]ttTable
	upem      int
	locaLong  bool
	numGlyphs int
	nHMetrics int
	runes     []uint16 // glyph of each BMP rune (0: none), as fpdf maps them
	offsets   []int    // each glyph's offset in glyf, and the end of the last
}

type ttTable struct{ off, size int }

func (t *ttInfo) broken(format string, args ...any) error {
	return fontErr(FontMalformed, "is a broken font: %s", fmt.Sprintf(format, args...))
}

// table is a table's bytes, or an error when it is missing or shorter than min.
func (t *ttInfo) table(tag string, min int) ([]byte, error) {
	tb, ok := t.tables[tag]
	if !ok {
		return nil, t.broken("it has no %q table", tag)
	}
	if tb.size < min {
		return nil, t.broken("its %q table is %d bytes, too short", tag, tb.size)
	}
	return t.b[tb.off : tb.off+tb.size], nil
}

func (t *ttInfo) head() error {
	h, err := t.table("head", 54)
	if err != nil {
		return err
	}
	t.upem = int(be16(h[18:]))
	if t.upem < 16 || t.upem > 16384 {
		return t.broken("its units per em are %d (16 to 16384)", t.upem)
	}
	switch be16(h[50:]) {
	case 0:
	case 1:
		t.locaLong = true
	default:
		return t.broken("its glyph locations are in an unknown format %d", be16(h[50:]))
	}
	if f := be16(h[52:]); f != 0 {
		return t.broken("its glyph data is in an unknown format %d", f)
	}
	return nil
}

func (t *ttInfo) maxp() error {
	m, err := t.table("maxp", 6)
	if err != nil {
		return err
	}
	t.numGlyphs = int(be16(m[4:]))
	if t.numGlyphs == 0 {
		return t.broken("it has no glyphs")
	}
	return nil
}

func (t *ttInfo) hhea() error {
	h, err := t.table("hhea", 36)
	if err != nil {
		return err
	}
	if f := be16(h[32:]); f != 0 {
		return t.broken("its horizontal metrics are in an unknown format %d", f)
	}
	t.nHMetrics = int(be16(h[34:]))
	if t.nHMetrics == 0 || t.nHMetrics > t.numGlyphs {
		return t.broken("it gives %d horizontal metrics for %d glyphs", t.nHMetrics, t.numGlyphs)
	}
	_, err = t.table("hmtx", 4*t.nHMetrics+2*(t.numGlyphs-t.nHMetrics))
	return err
}

// advance is glyph g's advance width in font units (the last metric's for glyphs past the metrics).
func (t *ttInfo) advance(g int) int {
	tb := t.tables["hmtx"]
	if g >= t.nHMetrics {
		g = t.nHMetrics - 1
	}
	a := int(be16(t.b[tb.off+4*g:]))
	if a >= 1<<15 { // as fpdf reads it
		a = 0
	}
	return a
}

func (t *ttInfo) os2() error {
	if _, ok := t.tables["OS/2"]; !ok {
		return nil
	}
	o, err := t.table("OS/2", 72)
	if err != nil {
		return err
	}
	if v := be16(o); v > 1 && len(o) < 90 {
		return t.broken("its OS/2 table of version %d is %d bytes, too short", v, len(o))
	}
	fsType := be16(o[8:])
	if fsType&0x000F == 0x0002 || fsType&0x0300 != 0 {
		what := "forbids embedding it in a document (restricted licence)"
		switch {
		case fsType&0x000F == 0x0002:
		case fsType&0x0100 != 0:
			what = "forbids embedding only the characters a document uses (no subsetting), which is how muster embeds fonts"
		default:
			what = "allows embedding only its bitmaps, not its outlines"
		}
		return fontErr(FontRestricted, "has licence bits (OS/2 fsType %#04x) that say its maker %s", fsType, what)
	}
	return nil
}

func (t *ttInfo) post() error {
	_, err := t.table("post", 32)
	return err
}

// name checks the name records fpdf reads: format 0, the strings inside the table, and the Windows Unicode
// ones of even length.
func (t *ttInfo) name() error {
	nm, err := t.table("name", 6)
	if err != nil {
		return err
	}
	if f := be16(nm); f != 0 {
		return t.broken("its name table is in format %d; muster reads format 0", f)
	}
	count, strOff := int(be16(nm[2:])), int(be16(nm[4:]))
	if 6+12*count > len(nm) {
		return t.broken("its name table lists %d names, past its end", count)
	}
	for i := 0; i < count; i++ {
		r := nm[6+12*i:]
		platform, enc, lang, id := be16(r), be16(r[2:]), be16(r[4:]), be16(r[6:])
		size, off := int(be16(r[8:])), int(be16(r[10:]))
		switch id {
		case 1, 2, 3, 4, 6:
		default:
			continue
		}
		if strOff+off+size > len(nm) {
			return t.broken("its name %d runs past the end of its name table", id)
		}
		if platform == 3 && enc == 1 && lang == 0x409 && size%2 != 0 {
			return t.broken("its name %d is %d bytes, an odd length for UTF-16", id, size)
		}
	}
	return nil
}

// cmap finds the character map fpdf uses (the first Unicode or Windows Unicode BMP subtable of format 4)
// and reads it as fpdf does.
func (t *ttInfo) cmap() error {
	cm, err := t.table("cmap", 4)
	if err != nil {
		return err
	}
	n := int(be16(cm[2:]))
	if 4+8*n > len(cm) {
		return t.broken("its character map lists %d subtables, past its end", n)
	}
	sub := -1
	for i := 0; i < n; i++ {
		r := cm[4+8*i:]
		platform, enc, off := be16(r), be16(r[2:]), int64(be32(r[4:]))
		if !(platform == 3 && enc == 1 || platform == 0) {
			continue
		}
		if off+2 > int64(len(cm)) {
			return t.broken("its character map's subtable %d lies past its end", i)
		}
		if be16(cm[off:]) == 4 {
			sub = int(off)
			break
		}
	}
	if sub < 0 {
		return fontErr(FontNoUnicode, "has no Unicode character map of format 4, the one muster reads to print text")
	}
	if sub+14 > len(cm) {
		return t.broken("its character map's format 4 subtable lies past its end")
	}
	length := int(be16(cm[sub+2:]))
	segX2 := int(be16(cm[sub+6:]))
	segs := segX2 / 2
	if segX2%2 != 0 || segs == 0 || 16+8*segs > length || sub+length > len(cm) {
		return t.broken("its character map's format 4 subtable (%d segments in %d bytes) is inconsistent", segs, length)
	}
	ends, starts := cm[sub+14:], cm[sub+16+2*segs:]
	deltas, ranges := cm[sub+16+4*segs:], cm[sub+16+6*segs:]
	rangesAt := t.tables["cmap"].off + sub + 16 + 6*segs // where fpdf's glyph positions count from, in the file
	rim := t.tables["cmap"].off + sub + length
	t.runes = make([]uint16, 0x10000)
	prevEnd := -1
	for s := 0; s < segs; s++ {
		start, end := int(be16(starts[2*s:])), int(be16(ends[2*s:]))
		delta, ro := int(int16(be16(deltas[2*s:]))), int(be16(ranges[2*s:]))
		if end <= prevEnd || start <= prevEnd && start <= end {
			return t.broken("its character map's segments overlap or are out of order (segment %d: U+%04X to U+%04X)", s, start, end)
		}
		prevEnd = end
		for c := start; c <= end; c++ {
			g := 0
			if ro == 0 {
				g = (c + delta) & 0xFFFF
			} else {
				pos := rangesAt + 2*s + ro + (c-start)*2
				if pos < rim {
					if pos+2 > len(t.b) {
						return t.broken("its character map points past the end of the file")
					}
					if g = int(be16(t.b[pos:])); g != 0 {
						g = (g + delta) & 0xFFFF
					}
				}
			}
			if g >= t.numGlyphs {
				return t.broken("its character map gives U+%04X glyph %d, but it has %d glyphs", c, g, t.numGlyphs)
			}
			t.runes[c] = uint16(g)
		}
	}
	return nil
}

// loca reads the glyphs' offsets: one more than there are glyphs, never decreasing, inside glyf.
func (t *ttInfo) loca() error {
	per := 2
	if t.locaLong {
		per = 4
	}
	lo, err := t.table("loca", per*(t.numGlyphs+1))
	if err != nil {
		return err
	}
	g, err := t.table("glyf", 0)
	if err != nil {
		return err
	}
	t.offsets = make([]int, t.numGlyphs+1)
	for i := range t.offsets {
		if t.locaLong {
			t.offsets[i] = int(be32(lo[4*i:]))
		} else {
			t.offsets[i] = 2 * int(be16(lo[2*i:]))
		}
		if i > 0 && t.offsets[i] < t.offsets[i-1] || t.offsets[i] > len(g) {
			return t.broken("its glyph %d lies outside its glyph table", max(i-1, 0))
		}
	}
	return nil
}

// Bounds on composite glyphs: fpdf visits a composite's parts, and theirs, for every use, so a part used
// many times over many levels multiplies the work.
const (
	maxGlyphParts   = 256     // parts of one composite glyph
	maxGlyphVisits  = 4096    // glyphs fpdf visits for one glyph, parts of parts counted each time
	maxAllVisits    = 1 << 20 // the same for every glyph together (a document that prints them all)
	maxGlyphNesting = 16
)

// glyf reads every composite glyph's parts: inside the glyph, naming glyphs that exist, without loops, and
// not multiplying beyond maxGlyphVisits.
func (t *ttInfo) glyf() error {
	g := t.b[t.tables["glyf"].off:]
	parts := make([][]int, t.numGlyphs)
	for i := 0; i < t.numGlyphs; i++ {
		d := g[t.offsets[i]:t.offsets[i+1]]
		if len(d) == 0 {
			continue
		}
		if len(d) < 10 {
			return t.broken("its glyph %d is %d bytes, shorter than a glyph's header", i, len(d))
		}
		if int16(be16(d)) >= 0 {
			continue // a simple glyph: fpdf copies it whole
		}
		pos := 10
		for more := true; more; {
			if pos+4 > len(d) {
				return t.broken("its composite glyph %d runs past its end", i)
			}
			flags, part := be16(d[pos:]), int(be16(d[pos+2:]))
			if part >= t.numGlyphs {
				return t.broken("its composite glyph %d uses glyph %d, but it has %d glyphs", i, part, t.numGlyphs)
			}
			if len(parts[i]) == maxGlyphParts {
				return t.broken("its composite glyph %d has more than %d parts", i, maxGlyphParts)
			}
			parts[i] = append(parts[i], part)
			pos += 4
			if flags&1 != 0 { // arguments are words
				pos += 4
			} else {
				pos += 2
			}
			switch {
			case flags&0x0008 != 0: // a scale
				pos += 2
			case flags&0x0040 != 0: // an x and a y scale
				pos += 4
			case flags&0x0080 != 0: // a 2 by 2 transform
				pos += 8
			}
			if pos > len(d) {
				return t.broken("its composite glyph %d runs past its end", i)
			}
			more = flags&0x0020 != 0
		}
	}
	visits := make([]int, t.numGlyphs) // 0: not yet counted; -1: being counted
	var count func(gl, depth int) (int, error)
	count = func(gl, depth int) (int, error) {
		switch v := visits[gl]; {
		case v > 0:
			return v, nil
		case v < 0:
			return 0, t.broken("its composite glyph %d is made of itself", gl)
		case depth > maxGlyphNesting:
			return 0, t.broken("its composite glyphs nest more than %d deep", maxGlyphNesting)
		}
		visits[gl] = -1
		n := 1
		for _, p := range parts[gl] {
			k, err := count(p, depth+1)
			if err != nil {
				return 0, err
			}
			if n += k; n > maxGlyphVisits {
				return 0, t.broken("its composite glyph %d is made of more than %d parts, counting their parts", gl, maxGlyphVisits)
			}
		}
		visits[gl] = n
		return n, nil
	}
	all := 0
	for gl := range parts {
		n, err := count(gl, 0)
		if err != nil {
			return err
		}
		if all += n; all > maxAllVisits {
			return t.broken("its composite glyphs are made of more than %d parts in all, counting their parts", maxAllVisits)
		}
	}
	return nil
}

func be16(b []byte) uint16 { return binary.BigEndian.Uint16(b) }
func be32(b []byte) uint32 { return binary.BigEndian.Uint32(b) }

func printableTag(b []byte) string {
	out := make([]byte, len(b))
	for i, c := range b {
		if c < 0x20 || c > 0x7E {
			c = '?'
		}
		out[i] = c
	}
	return string(out)
}
