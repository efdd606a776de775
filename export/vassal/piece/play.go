package piece

import (
	"fmt"
	"strconv"

	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// Traits for play: the moved marker and chat reports.

// Trait IDs of the traits for play.
const (
	MarkMovedID = "markmoved;"
	ReportID    = "report;"
)

// More keystrokes (Ctrl-Shift is 195: Ctrl 130 and Shift 65, each its old and new mask together): the
// map's key after a move, the moved marker's toggle and clear.
const (
	CtrlShiftF12 = "123,195"
	CtrlShiftM   = "77,195"
	CtrlShiftN   = "78,195"
)

// MarkMoved is VASSAL's MovementMarkable trait: a moved piece shows image (a file under images/) with its
// top-left corner at (x, y) from the piece's centre, which the map's "mark unmoved" button clears. command
// on key toggles the marker; clearKey clears it with no menu entry (for a global key command).
func MarkMoved(image string, x, y int, command, key, clearKey, description string) (Trait, error) {
	// Type: image, x and y offset, toggle command and key, description, ignore a move to the same place,
	// set-moved command and key, clear command and key.
	body, err := seqenc.Encode(';', image, strconv.Itoa(x), strconv.Itoa(y), command, key, description, "false", "", "", "", clearKey)
	if err != nil {
		return Trait{}, fmt.Errorf("moved marker: %w", err)
	}
	return Trait{Type: MarkMovedID + body, State: "false"}, nil
}

// Report is VASSAL's Report Action trait: after any of keys, the chat log shows format, with $oldPieceName$,
// $newPieceName$, $oldLocation$, $location$, $mapName$ and the piece's properties filled in.
func Report(keys []string, format, description string) (Trait, error) {
	if len(keys) == 0 {
		return Trait{}, fmt.Errorf("report %q: no keys", description)
	}
	k, err := seqenc.Encode(',', keys...)
	if err != nil {
		return Trait{}, err
	}
	// Type: keys, format, cycle keys, cycle formats, description, report even when reports are suppressed.
	body, err := seqenc.Encode(';', k, format, "", "", description, "false")
	if err != nil {
		return Trait{}, fmt.Errorf("report %q: %w", description, err)
	}
	return Trait{Type: ReportID + body, State: "-1"}, nil
}
