package engine

import (
	"slices"
)

// The deck's positions fall into exchangeability groups, which the
// tracker uses to keep its sampled histories alive when the seat sees a
// card of the deck:
//
//   - group 0 is the set-up: the positions of the deck never shuffled since
//     the deal, and the removed cards. Its cards have never been seen by
//     the seat nor acted on, so any arrangement of them over these
//     positions with the Murderer in a top-part position and the Detective
//     in a bottom-part one (neither removed) is equally likely;
//   - group k (k ≥ 1) is the deck after its k-th shuffle: any arrangement
//     of its cards over its positions is equally likely;
//   - -1 is a position whose card is known or came from a hand (the
//     Butler's top card, the Seer's look, a card put under the deck by the
//     Nun): it never moves.
//
// Redrawing a group's arrangement uniformly (refresh) leaves the
// distribution of hidden histories unchanged; conditioning a position on
// the card the seat sees there multiplies a history's weight by that
// card's chance of being there.

// deckRemove takes the card at position i out of the deck.
func (s *State) deckRemove(i int) Card {
	c := s.Deck[i]
	s.Deck = slices.Delete(s.Deck, i, i+1)
	s.Grp = slices.Delete(s.Grp, i, i+1)
	s.Top = slices.Delete(s.Top, i, i+1)
	return c
}

// deckAppend puts c at the bottom of the deck, where it never moves until
// a shuffle.
func (s *State) deckAppend(c Card) {
	s.Deck = append(s.Deck, c)
	s.Grp = append(s.Grp, -1)
	s.Top = append(s.Top, false)
}

// shuffleDeck shuffles the deck: its positions make a new group.
func (s *State) shuffleDeck(ag Agent) {
	ag.Shuffle(s.Deck)
	s.Shuffles++
	for i := range s.Grp {
		s.Grp[i] = s.Shuffles
		s.Top[i] = false
	}
}

// Virgin hands. A player's two dealt cards, before the rules have read
// them in any way (a play, a choice, a card passed in or out, the Hound),
// have told the seat nothing but that they are neither the Drunk (it
// would have been announced) nor the Blackmailer with the Detective (they
// would have been revealed). They are exchangeable with the set-up
// group's cards, under those rules and the deal's (the Murderer dealt
// from a top-part position, the Detective from a bottom-part one).
