package tts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
)

// The save-file format, as Tabletop Simulator's knowledge base documents it ("Save File Format"): a saved
// object is a save whose outer fields are left empty and whose ObjectStates hold the objects. Only the
// fields muster sets are written; Tabletop Simulator fills in the rest with its defaults.

// saveState is a saved object (or a save).
type saveState struct {
	SaveName       string            `json:"SaveName"`
	Date           string            `json:"Date"`
	VersionNumber  string            `json:"VersionNumber"`
	GameMode       string            `json:"GameMode"`
	GameType       string            `json:"GameType"`
	GameComplexity string            `json:"GameComplexity"`
	Tags           []string          `json:"Tags"`
	Gravity        float64           `json:"Gravity"`
	PlayArea       float64           `json:"PlayArea"`
	Table          string            `json:"Table"`
	Sky            string            `json:"Sky"`
	Note           string            `json:"Note"`
	TabStates      map[string]string `json:"TabStates"`
	LuaScript      string            `json:"LuaScript"`
	LuaScriptState string            `json:"LuaScriptState"`
	XMLUI          string            `json:"XmlUI"`
	ObjectStates   []*objectState    `json:"ObjectStates"`
}

// objectState is one object: a tile, a bag, a die.
type objectState struct {
	GUID             string         `json:"GUID"`
	Name             string         `json:"Name"` // the object's type: Custom_Tile, Bag, Die_6
	Transform        transform      `json:"Transform"`
	Nickname         string         `json:"Nickname"`
	Description      string         `json:"Description"`
	GMNotes          string         `json:"GMNotes"`
	ColorDiffuse     color          `json:"ColorDiffuse"`
	Tags             []string       `json:"Tags,omitempty"`
	Locked           bool           `json:"Locked"`
	Grid             bool           `json:"Grid"`
	Snap             bool           `json:"Snap"`
	Autoraise        bool           `json:"Autoraise"`
	Sticky           bool           `json:"Sticky"`
	Tooltip          bool           `json:"Tooltip"`
	HideWhenFaceDown bool           `json:"HideWhenFaceDown"`
	Hands            bool           `json:"Hands"`
	CustomImage      *customImage   `json:"CustomImage,omitempty"`
	ContainedObjects []*objectState `json:"ContainedObjects,omitempty"`
	// AttachedSnapPoints are snap points on the object (a map tile's places), in its local coordinates.
	AttachedSnapPoints []snapPoint `json:"AttachedSnapPoints,omitempty"`
	// A card, a deck of cards (cards.go): the card's id on its sheet, the deck's cards' ids, their sheets.
	CardID     int                   `json:"CardID,omitempty"`
	DeckIDs    []int                 `json:"DeckIDs,omitempty"`
	CustomDeck map[string]customDeck `json:"CustomDeck,omitempty"`
	// FogColor is the player colour a hand zone (HandTrigger) belongs to.
	FogColor string `json:"FogColor,omitempty"`
}

// snapPoint is a point a dropped object moves to: its position in the local coordinates of the object it is
// attached to (relative to the object's centre, turned with it and divided by its scale, as the scripting
// API's positionToLocal gives it), and its rotation relative to the object's (0: a dropped object keeps its
// own).
type snapPoint struct {
	Position vector `json:"Position"`
	Rotation vector `json:"Rotation"`
}

type vector struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	Z float64 `json:"z"`
}

// transform places an object: position in Tabletop Simulator's units (about an inch; y is up, z away from
// the first player), rotation in degrees, scale.
type transform struct {
	PosX   float64 `json:"posX"`
	PosY   float64 `json:"posY"`
	PosZ   float64 `json:"posZ"`
	RotX   float64 `json:"rotX"`
	RotY   float64 `json:"rotY"`
	RotZ   float64 `json:"rotZ"`
	ScaleX float64 `json:"scaleX"`
	ScaleY float64 `json:"scaleY"`
	ScaleZ float64 `json:"scaleZ"`
}

type color struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
}

var white = color{1, 1, 1}

// customImage is a custom tile's images: ImageURL on top, ImageSecondaryURL underneath.
type customImage struct {
	ImageURL          string      `json:"ImageURL"`
	ImageSecondaryURL string      `json:"ImageSecondaryURL"`
	ImageScalar       float64     `json:"ImageScalar"`
	WidthScale        float64     `json:"WidthScale"`
	CustomTile        *customTile `json:"CustomTile,omitempty"`
}

// customTile is a tile's shape: Type 0 is a box; Stretch keeps the image's aspect ratio.
type customTile struct {
	Type      int     `json:"Type"`
	Thickness float64 `json:"Thickness"`
	Stackable bool    `json:"Stackable"`
	Stretch   bool    `json:"Stretch"`
}

// marshal writes a saved object as indented JSON, as Tabletop Simulator writes its own, with numbers rounded
// to a ten-thousandth (a fortieth of a millimetre) so that the file reads well and stays the same.
func marshal(s *saveState) ([]byte, error) {
	for _, o := range s.ObjectStates {
		roundObject(o)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("tts: %w", err)
	}
	return b.Bytes(), nil
}

func roundObject(o *objectState) {
	t := &o.Transform
	c := &o.ColorDiffuse
	for _, f := range []*float64{&t.PosX, &t.PosY, &t.PosZ, &t.RotX, &t.RotY, &t.RotZ, &t.ScaleX, &t.ScaleY, &t.ScaleZ, &c.R, &c.G, &c.B} {
		*f = round4(*f)
	}
	for _, c := range o.ContainedObjects {
		roundObject(c)
	}
	for i := range o.AttachedSnapPoints {
		for _, v := range []*vector{&o.AttachedSnapPoints[i].Position, &o.AttachedSnapPoints[i].Rotation} {
			v.X, v.Y, v.Z = round4(v.X), round4(v.Y), round4(v.Z)
		}
	}
}

func round4(f float64) float64 {
	r := math.Round(f*1e4) / 1e4
	if r == 0 {
		return 0 // no -0
	}
	return r
}

// guids gives out the six-hex-digit GUIDs Tabletop Simulator names objects by: derived from the saved
// object's name and a count, so that exports are the same and two saved objects loaded into one game are
// unlikely to clash (Tabletop Simulator renames a clashing object's GUID when it loads it).
type guids struct {
	seed string
	n    int
	used map[string]bool
}

func newGUIDs(seed string) *guids { return &guids{seed: seed, used: map[string]bool{}} }

func (g *guids) next() string {
	for {
		g.n++
		h := fnv.New32a()
		fmt.Fprintf(h, "%s/%d", g.seed, g.n)
		id := fmt.Sprintf("%06x", h.Sum32()&0xffffff)
		if !g.used[id] {
			g.used[id] = true
			return id
		}
	}
}
