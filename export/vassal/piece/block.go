package piece

import (
	"fmt"

	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// Blocks: a block is a piece whose label faces its owner (a Mask that only its side sees through) and whose
// steps are the rotations of its label (a Layer with a level per step, always active).

// obscurableID is VASSAL's Mask trait (Obscurable).
const obscurableID = "obs;"

// SideAccess is the Mask access that lets the players of the side that masked a piece see it (VASSAL's
// PieceAccessConfigurer "side:").
const SideAccess = "side:"

// More keystrokes: Ctrl-M (mask), Ctrl-R (reduce a step), Ctrl-U (restore a step).
const (
	CtrlM = "77,130"
	CtrlR = "82,130"
	CtrlU = "85,130"
)

// Hidden is VASSAL's Mask trait for a piece hidden from the opponent: command on key masks it (to the side
// of the player who gives the command); masked, everyone but that side sees image (a file under images/:
// the faction's blank side) and maskName, and its own side sees the piece with the image inset. owner is the
// side (a PlayerRoster entry) it starts masked to, "" for none (it starts unmasked).
func Hidden(command, key, image, maskName, owner, description string) (Trait, error) {
	// Type: key, image, command, how its owner sees it (I: inset), mask name, access, peek command,
	// description, auto-peek on mouse-over (its owner sees it under the mouse), deal key, deal expression.
	body, err := seqenc.Encode(';', key, image, command, "I", maskName, SideAccess, "", description, "true", "", "")
	if err != nil {
		return Trait{}, fmt.Errorf("mask %q: %w", command, err)
	}
	// State: the side it is masked to and its options ("|0", as VASSAL writes a mask's), or null.
	by, opts := owner, "|0"
	if by == "" {
		by, opts = "null", ""
	}
	state, err := seqenc.Encode(';', by, opts)
	if err != nil {
		return Trait{}, fmt.Errorf("mask %q: %w", command, err)
	}
	return Trait{Type: obscurableID + body, State: state}, nil
}

// Steps is a Layer (Embellishment) with a level per step of a block, always active: images are the label
// turned to each step, levelNames what each adds to the piece's name. reduce on reduceKey goes a step down
// (the next level), restore on restoreKey a step back up; neither loops. level is the step it starts on
// (from 0).
func Steps(name string, images, levelNames []string, reduce, reduceKey, restore, restoreKey, description string, level int) (Trait, error) {
	if len(images) == 0 || len(images) != len(levelNames) {
		return Trait{}, fmt.Errorf("steps %q: %d images and %d names", name, len(images), len(levelNames))
	}
	if level < 0 || level >= len(images) {
		return Trait{}, fmt.Errorf("steps %q: level %d of %d", name, level+1, len(images))
	}
	ims, err := seqenc.Encode(',', images...)
	if err != nil {
		return Trait{}, err
	}
	names, err := seqenc.Encode(',', levelNames...)
	if err != nil {
		return Trait{}, err
	}
	body, err := seqenc.Encode(';',
		"", "130", "", // activate: none (always active)
		reduce, "130", keyChar(reduceKey), // increase
		restore, "130", keyChar(restoreKey), // decrease
		"", "", "1", // reset: command, key, level
		"false", "0", "0", // draw underneath when selected, x and y offset
		ims, names,
		"false", name, // loop levels, layer name
		"", "", // random: key, text
		"false", "", "1", // follow property, its name, first level value
		"1", "true", // version, always active
		"", reduceKey, restoreKey, // activate, increase, decrease keystrokes
		description, "1.0", "", "true")
	if err != nil {
		return Trait{}, fmt.Errorf("steps %q: %w", name, err)
	}
	return Trait{Type: LayerID + body, State: fmt.Sprint(level + 1)}, nil
}
