package digital

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content/grid"
)

// What VASSAL 3.7 holds of an image. It decodes an image whole into a java.awt.image.BufferedImage of
// TYPE_INT_ARGB, one Java int (4 bytes) a pixel, before it draws it or cuts a board into tiles, and it runs
// with a maximum heap of 1024 MB unless the player raises it (VASSAL.launch.AbstractLaunchAction's
// DEFAULT_MAXIMUM_HEAP, in the VASSAL 3.7 that ../shared/vassal builds). An image of more than
// VassalMaxImagePixels cannot be held in that heap even alone: VASSAL fails on it.
const (
	VassalBytesPerPixel  = 4
	VassalDefaultHeap    = 1024 << 20
	VassalMaxImagePixels = VassalDefaultHeap / VassalBytesPerPixel // 268,435,456 pixels: 16,384 x 16,384
)

// VassalFormatText says whether literal text can stand around the names in a VASSAL location format
// ("$gridLocation$" with text before, between and after): nil when VASSAL reads it back as written. A $ would
// start a property, a backslash could escape one, a quote at either end of a piece is stripped, and a format
// that begins with { is run as a script.
func VassalFormatText(before, between, after string) error {
	for _, t := range []string{before, between, after} {
		if strings.ContainsAny(t, `$\`) {
			return fmt.Errorf("the text %q holds $ or \\, which a VASSAL location format reads as its own", t)
		}
		if len(t) > 0 && (t[0] == '\'' || t[len(t)-1] == '\'') {
			return fmt.Errorf("the text %q begins or ends with a quote, which a VASSAL location format strips", t)
		}
	}
	if strings.HasPrefix(strings.TrimSpace(before), "{") {
		return fmt.Errorf("the labels begin with %q; VASSAL runs a location format that begins with { as a script", before)
	}
	return nil
}

// VassalLocation splits a grid's cell labels as a VASSAL location format holds them: the literal text before,
// between and after the names, and the names (column and row parts) in the order the labels write them; board
// is the text a board part stands for. err is VassalFormatText's verdict on the text when there are two names
// (VASSAL names a cell by a column and a row; the caller says what fewer or more mean).
func VassalLocation(n *grid.Numbering, board string) (text [3]string, names []grid.Part, err error) {
	for _, p := range n.Parts() {
		switch p.Kind {
		case grid.PartText:
			text[min(len(names), 2)] += p.Text
		case grid.PartBoard:
			text[min(len(names), 2)] += board
		default:
			names = append(names, p)
		}
	}
	if len(names) == 2 {
		err = VassalFormatText(text[0], text[1], text[2])
	}
	return text, names, err
}
