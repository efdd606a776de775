package vassal

// VASSAL's decks: a DrawPile on a map holds CardSlots (PieceSlots in a deck). A side's draw pools are decks
// (scenario.go).
const (
	classDrawPile = "VASSAL.build.module.map.DrawPile"
	classCardSlot = "VASSAL.build.widget.CardSlot"
)
