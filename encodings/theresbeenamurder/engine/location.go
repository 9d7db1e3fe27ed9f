package engine

// Location is where a card can be: a player's hand (0 to Players-1), or
// one of the places after the players.
type Location int

// The places after the players' hands, as offsets from Players.
const (
	LocDeck    = 0 // the draw deck
	LocPile    = 1 // the discard pile
	LocRemoved = 2 // removed unseen at set-up
)
