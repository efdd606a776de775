// Package piece builds and reads VASSAL piece definitions: a stack of traits (Layer, Marker, Delete, ...)
// around a basic piece, each with its type and state, nested as VASSAL nests them. PieceSlots and prototypes
// hold such a definition as text, and writing it through here keeps every level's escaping right.
package piece

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// Trait IDs: the prefix of a trait's type that tells VASSAL which trait it is.
const (
	BasicID     = "piece;"
	LayerID     = "emb2;"
	MarkerID    = "mark;"
	DeleteID    = "delete;"
	SendToID    = "sendto;"
	PrototypeID = "prototype;"
)

// KnownIDs are the type prefixes VASSAL 3.7's BasicCommandEncoder knows (traits and basic pieces).
var KnownIDs = []string{
	"immob;", "emb2;", "emb;", "hide;", "obs;", "label;", "table;", "propertysheet;", "rotate;", "pivot;",
	"nonRect2;", "nonRect;", "mark;", "locmsg;", "restrict;", "placemark;", "replace;", "report;", "markmoved;",
	"footprint;", "return;", "sendto;", "prototype;", "clone;", "delete;", "submenu;", "menuSeparator;",
	"translate;", "AreaOfEffect;", "globalkey;", "macro;", "PROP;", "calcProp;", "setprop;", "setpieceprop;",
	"hideCmd;", "playSound;", "button;", "globalhotkey;", "deselect;", "mat;", "matPiece;", "basicName;",
	"border;", "attach;", "locCommand;", "cmt;",
	"piece;", "deck;", "stack",
}

// Known reports whether a type starts with a prefix VASSAL knows, and returns the prefix.
func Known(typ string) (string, bool) {
	p := Prefix(typ)
	for _, k := range KnownIDs {
		if p == k {
			return k, true
		}
	}
	return p, false
}

// Prefix is a type's trait prefix as VASSAL reads it: up to and including the first ';', or the whole type.
func Prefix(typ string) string {
	if i := strings.IndexByte(typ, ';'); i >= 0 {
		return typ[:i+1]
	}
	return typ
}

// Trait is one level of a piece: its type and its state, each already in VASSAL's text form.
type Trait struct {
	Type  string
	State string
}

// Piece is a trait stack, outermost first; the last is the basic piece.
type Piece []Trait

// Keystrokes as VASSAL writes them: key code, then modifiers (Ctrl is 130, its old and new mask together).
const (
	CtrlD = "68,130"
	CtrlE = "69,130"
	CtrlF = "70,130"
)

// Basic is the innermost piece: an image (a file under images/, "" for none) and a name.
func Basic(image, name, gpid string) (Trait, error) {
	typ, err := seqenc.Encode(';', "piece", "", "", image, name)
	if err != nil {
		return Trait{}, fmt.Errorf("piece %q: %w", name, err)
	}
	state := seqenc.MustEncode(';', "null", "0", "0", gpid, "0")
	return Trait{Type: typ, State: state}, nil
}

// Layer is VASSAL's Layer trait (Embellishment) with one level: the back image shown over the piece when the
// layer is active, switched by command on key. levelName follows VASSAL's naming ("+ (back)" adds to the
// piece's name). active says whether the back shows to begin with (a unit set up on its back).
func Layer(command, key, name, image, levelName, description string, active bool) (Trait, error) {
	images, err := seqenc.Encode(',', image)
	if err != nil {
		return Trait{}, err
	}
	names, err := seqenc.Encode(',', levelName)
	if err != nil {
		return Trait{}, err
	}
	body, err := seqenc.Encode(';',
		command, "130", keyChar(key), // activate: command, legacy modifiers and key
		"", "130", "", // increase
		"", "130", "", // decrease
		"", "", "1", // reset: command, key, level
		"false", "0", "0", // draw underneath when selected, x and y offset
		images, names,
		"true", name, // loop levels, layer name
		"", "", // random: key, text
		"false", "", "1", // follow property, its name, first level value
		"1", "false", // version, always active
		key, "", "", // activate, increase, decrease keystrokes
		description, "1.0", "", "true")
	if err != nil {
		return Trait{}, fmt.Errorf("layer %q: %w", name, err)
	}
	state := "-1"
	if active {
		state = "1"
	}
	return Trait{Type: LayerID + body, State: state}, nil
}

// keyChar is the legacy key letter of a keystroke "70,130" (F).
func keyChar(key string) string {
	code, _, _ := strings.Cut(key, ",")
	n, err := strconv.Atoi(code)
	if err != nil || n < 'A' || n > 'Z' {
		return ""
	}
	return string(rune(n))
}

// Marker is VASSAL's Marker trait: properties with fixed values (a unit's stats).
func Marker(keys, values []string) (Trait, error) {
	if len(keys) != len(values) || len(keys) == 0 {
		return Trait{}, fmt.Errorf("marker: %d keys and %d values", len(keys), len(values))
	}
	k, err := seqenc.Encode(',', keys...)
	if err != nil {
		return Trait{}, fmt.Errorf("marker %v: %w", keys, err)
	}
	v, err := seqenc.Encode(',', values...)
	if err != nil {
		return Trait{}, fmt.Errorf("marker %v: %w", keys, err)
	}
	return Trait{Type: MarkerID + k, State: v}, nil
}

// Delete is VASSAL's Delete trait: a menu command that removes the piece.
func Delete(command, key, description string) (Trait, error) {
	body, err := seqenc.Encode(';', command, key, description)
	if err != nil {
		return Trait{}, err
	}
	return Trait{Type: DeleteID + body}, nil
}

// SendTo is VASSAL's Send To Location trait, sending the piece to a point of a board of a map.
func SendTo(command, key, mapName, board string, x, y int, description string) (Trait, error) {
	body, err := seqenc.Encode(';', command, key, mapName, board, strconv.Itoa(x), strconv.Itoa(y),
		"", "", "0", "0", "1", "1", description, "L", "", "", "", "")
	if err != nil {
		return Trait{}, fmt.Errorf("send to %q: %w", mapName, err)
	}
	return Trait{Type: SendToID + body, State: ";;"}, nil
}

// Prototype is VASSAL's Prototype trait: the traits of a named prototype definition, in place.
func Prototype(name string) (Trait, error) {
	body, err := seqenc.Encode(';', name)
	if err != nil {
		return Trait{}, err
	}
	return Trait{Type: PrototypeID + body}, nil
}

// Type is the piece's type as VASSAL nests it: each trait's type, then a tab, then the inner piece's type
// escaped one level further.
func (p Piece) Type() (string, error) { return p.nest(func(t Trait) string { return t.Type }) }

// State is the piece's state, nested like its type.
func (p Piece) State() (string, error) { return p.nest(func(t Trait) string { return t.State }) }

func (p Piece) nest(f func(Trait) string) (string, error) {
	if len(p) == 0 {
		return "", fmt.Errorf("piece: no traits")
	}
	s := f(p[len(p)-1])
	for i := len(p) - 2; i >= 0; i-- {
		var err error
		if s, err = seqenc.Encode('\t', f(p[i]), s); err != nil {
			return "", fmt.Errorf("piece: trait %d: %w", i, err)
		}
	}
	return s, nil
}

// Definition is the text of a PieceSlot or prototype: VASSAL's add-piece command, "+/null/TYPE/STATE".
func (p Piece) Definition() (string, error) {
	t, err := p.Type()
	if err != nil {
		return "", err
	}
	s, err := p.State()
	if err != nil {
		return "", err
	}
	body, err := seqenc.Encode('/', "null", t, s)
	if err != nil {
		return "", err
	}
	return "+/" + body, nil
}

// Parse reads a definition as VASSAL's command decoder does: the add-piece command's id, type and state,
// the type split level by level at tabs, the state split alongside it. It fails on text VASSAL could not
// read as a piece; it does not judge the traits (see Known).
func Parse(def string) (Piece, error) {
	if !strings.HasPrefix(def, "+/") {
		return nil, fmt.Errorf("a piece definition starts with +/ (an add-piece command)")
	}
	d := seqenc.NewDecoder(def[2:], '/')
	d.Next() // the piece id: "null" for a definition
	if !d.More() {
		return nil, fmt.Errorf("the definition has no type")
	}
	typ := d.Next()
	if !d.More() {
		return nil, fmt.Errorf("the definition has no state")
	}
	state := d.Next()
	if d.More() {
		return nil, fmt.Errorf("the definition has more than an id, a type and a state")
	}
	var p Piece
	for depth := 0; ; depth++ {
		if depth > 256 {
			return nil, fmt.Errorf("traits nested more than 256 deep")
		}
		td := seqenc.NewDecoder(typ, '\t')
		outer := td.Next()
		sd := seqenc.NewDecoder(state, '\t')
		outerState := sd.Next()
		if !td.More() {
			p = append(p, Trait{Type: outer, State: state})
			return p, nil
		}
		inner := td.Next()
		if td.More() {
			return nil, fmt.Errorf("trait %d: its type has more than one inner piece", depth)
		}
		if !sd.More() {
			return nil, fmt.Errorf("trait %d (%s): no state for the inner piece", depth, Prefix(outer))
		}
		innerState := sd.Next()
		p = append(p, Trait{Type: outer, State: outerState})
		typ, state = inner, innerState
	}
}
