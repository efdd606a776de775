package piece

import (
	"fmt"

	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// More trait IDs.
const (
	MaskID         = "obs;"
	ReturnToDeckID = "return;"
)

// Who may see a masked piece, as VASSAL's PieceAccessConfigurer writes it.
const (
	AnyPlayer = "player:" // the player who masked it
	AnySide   = "side:"   // any player of the side that masked it
)

// Mask is VASSAL's Mask trait (Obscurable): command on key turns the piece face down, showing image (a file
// under images/) and the name maskName to everyone but those access lets see it (AnyPlayer: whoever masked
// it). A card in a face-down deck is masked to everyone; drawn, it shows its face. The piece starts unmasked.
func Mask(command, key, image, maskName, access, description string) (Trait, error) {
	// Type: key, image, command, how its owner sees it masked (I: the face with the image inset), mask name,
	// access, peek command, description, auto-peek on mouse-over, deal key, deal expression.
	body, err := seqenc.Encode(';', key, image, command, "I", maskName, access, "", description, "false", "", "")
	if err != nil {
		return Trait{}, fmt.Errorf("mask %q: %w", command, err)
	}
	return Trait{Type: MaskID + body, State: "null;"}, nil
}

// ReturnToDeck is VASSAL's Return to Deck trait: command on key puts the piece on the draw pile named deck
// (a DrawPile's name; the trait's version 2, which names its pile by an expression, here the name itself).
func ReturnToDeck(command, key, deck, description string) (Trait, error) {
	body, err := seqenc.Encode(';', command, key, "", "Select destination", description, "2", "false", deck)
	if err != nil {
		return Trait{}, fmt.Errorf("return to deck %q: %w", deck, err)
	}
	return Trait{Type: ReturnToDeckID + body}, nil
}
