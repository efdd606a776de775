package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// pieceSlot checks a slot's id and its piece.
func (c *checker) pieceSlot(el *buildfile.Element, p string) {
	id, ok := el.Get("gpid")
	switch {
	case !ok || id == "":
		c.errorf(CodeGPID, el, p, "the piece slot has no gpid")
	default:
		if first, dup := c.gpids[id]; dup {
			c.errorf(CodeGPID, el, p, "gpid %s is also the id of %s", id, first)
		} else {
			c.gpids[id] = fmt.Sprintf("%s (line %d)", p, el.Line)
		}
		if n, err := strconv.Atoi(id); err != nil {
			c.warnf(CodeGPID, el, p, "gpid %q is not a number; VASSAL gives out numbers", id)
		} else if c.hasNext && n >= c.nextGPID {
			c.errorf(CodeGPID, el, p, "gpid %d is not below nextPieceSlotId %d: VASSAL would give the next new slot the same id", n, c.nextGPID)
		}
	}
	for _, a := range []string{"width", "height"} {
		if v, ok := el.Get(a); ok {
			if _, err := strconv.Atoi(v); err != nil {
				c.warnf(CodeAttr, el, p, "%s=%q is not a whole number (VASSAL uses a default)", a, v)
			}
		}
	}
	c.definition(el, p, true)
}

// selfEncoded are traits whose whole type VASSAL writes with one SequenceEncoder (by delimiter), so it
// must read back as written.
var selfEncoded = map[string]byte{
	piece.BasicID: ';', piece.LayerID: ';', piece.DeleteID: ';', piece.SendToID: ';', piece.PrototypeID: ';',
}

// definition checks the piece a slot or prototype holds as text.
func (c *checker) definition(el *buildfile.Element, p string, slot bool) {
	def := el.Text
	if def == "" {
		c.errorf(CodePiece, el, p, "no piece definition")
		return
	}
	pc, err := piece.Parse(def)
	if err != nil {
		c.errorf(CodePiece, el, p, "the piece definition does not read: %v", err)
		return
	}
	if again, err := pc.Definition(); err != nil || again != def {
		c.errorf(CodePiece, el, p, "the piece definition does not read back as written (a misplaced escape): VASSAL would read %d traits and write %s", len(pc), shorten(again))
		return
	}
	for i, t := range pc {
		prefix, ok := piece.Known(t.Type)
		if !ok {
			c.errorf(CodePiece, el, p, "trait %d has type %q, which VASSAL 3.7 does not know", i+1, shorten(prefix))
			continue
		}
		if i == len(pc)-1 && prefix != piece.BasicID {
			c.errorf(CodePiece, el, p, "the innermost trait is %s, not a basic piece (piece;)", prefix)
		}
		if i < len(pc)-1 && prefix == piece.BasicID {
			c.errorf(CodePiece, el, p, "a basic piece (piece;) is not the innermost trait")
		}
		if delim, ok := selfEncoded[prefix]; ok {
			body := strings.TrimPrefix(t.Type, prefix)
			if again, err := seqenc.Encode(delim, seqenc.Decode(body, delim)...); err != nil || again != body {
				c.errorf(CodePiece, el, p, "trait %d (%s) does not read back as written (a misplaced escape)", i+1, prefix)
				continue
			}
		}
		c.trait(el, p, prefix, t)
	}
}

// trait checks what one trait refers to: images, prototypes, maps.
func (c *checker) trait(el *buildfile.Element, p, prefix string, t piece.Trait) {
	body := strings.TrimPrefix(t.Type, prefix)
	f := seqenc.Decode(body, ';')
	field := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	switch prefix {
	case piece.BasicID:
		if img := field(2); img != "" {
			c.needImage(el, p, img, "piece image")
		}
	case piece.PrototypeID:
		if name := field(0); !c.protos[name] {
			c.errorf(CodePiece, el, p, "prototype %q is not defined", name)
		}
	case piece.LayerID:
		imgs, names := field(15), field(16)
		var il, nl []string
		if imgs != "" {
			il = seqenc.Decode(imgs, ',')
		}
		if names != "" {
			nl = seqenc.Decode(names, ',')
		}
		if len(il) != len(nl) {
			c.errorf(CodePiece, el, p, "layer %q has %d images and %d level names; VASSAL needs one name per image", field(18), len(il), len(nl))
		}
		for _, img := range il {
			if img != "" {
				c.needImage(el, p, img, "layer image")
			}
		}
	case piece.SendToID:
		mapName, board := field(2), field(3)
		if mapName == "" || strings.Contains(mapName, "$") || strings.HasPrefix(mapName, "{") {
			return // the piece's own map, or an expression only a game can evaluate
		}
		mi := c.maps[mapName]
		if mi == nil {
			c.errorf(CodePiece, el, p, "send-to map %q is not a map of the module", mapName)
			return
		}
		if board != "" && !strings.Contains(board, "$") && !strings.HasPrefix(board, "{") && mi.boards[board] == nil {
			c.errorf(CodePiece, el, p, "send-to board %q is not a board of map %s", board, mapName)
		}
	}
}

func shorten(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
