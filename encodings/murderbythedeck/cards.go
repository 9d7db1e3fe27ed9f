package murderbythedeck

import (
	"fmt"
	"strings"
)

// Card is one of the 36 cards: Suit()*9 + rank index, ranks A 2 3 4 6 8 J
// Q K, suits Hearts, Diamonds, Clubs, Spades.
type Card uint8

// NumCards is the size of the deck.
const NumCards = 36

// NoCard stands for no card.
const NoCard Card = 255

const (
	rankNames = "A23468JQK"
	suitNames = "HDCS"
)

// The suits, as returned by [Card.Suit].
const (
	Hearts = iota
	Diamonds
	Clubs
	Spades
)

// NewCard is the card of rank index r (0 for A ... 8 for K) and suit s.
func NewCard(r, s int) Card { return Card(s*9 + r) }

// Suit is the card's suit (Hearts, Diamonds, Clubs or Spades).
func (c Card) Suit() int { return int(c) / 9 }

// Rank is the card's rank index: 0 for A, 1 for 2, 2 for 3, 3 for 4, 4 for
// 6, 5 for 8, 6 for J, 7 for Q, 8 for K.
func (c Card) Rank() int { return int(c) % 9 }

// String is the card's name: rank then suit letter, "AH", "8S", "QC".
func (c Card) String() string {
	if c >= NumCards {
		return "?"
	}
	return string(rankNames[c.Rank()]) + string(suitNames[c.Suit()])
}

// IsFamily reports whether c is a family card (A 2 3 4 J Q K of its suit).
func (c Card) IsFamily() bool { r := c.Rank(); return r != 4 && r != 5 }

// IsSpade reports whether c is a Spade.
func (c Card) IsSpade() bool { return c.Suit() == Spades }

// IsDeath reports whether c is a death card: A, 2, 3 or 4 of Spades.
func (c Card) IsDeath() bool { return c.IsSpade() && c.Rank() <= 3 }

// IsHigh reports whether c is a high Spade (J, Q or K of Spades): its
// holder is a Spade, the murderer.
func (c Card) IsHigh() bool { return c.IsSpade() && c.Rank() >= 6 }

// DeathTurns is the number of turns a death card counts down: 1 for the
// Ace to 4 for the 4; 0 for any other card.
func (c Card) DeathTurns() int {
	if !c.IsDeath() {
		return 0
	}
	return c.Rank() + 1
}

// deathCard is the death card that counts n turns (1 to 4).
func deathCard(n int) Card { return NewCard(n-1, Spades) }

// Family is the seven family cards of suit s, in rank order.
func Family(s int) []Card {
	return []Card{NewCard(0, s), NewCard(1, s), NewCard(2, s), NewCard(3, s), NewCard(6, s), NewCard(7, s), NewCard(8, s)}
}

// ParseCard reads a card: a rank (A or 1, 2, 3, 4, 6, 8, J, Q, K) and a
// suit (H D C S or ♥ ♦ ♣ ♠, also ♡ ♢ ♧ ♤), in any case: "AH", "qs", "8♣".
func ParseCard(s string) (Card, error) {
	u := strings.ToUpper(s)
	if len(u) < 2 {
		return NoCard, fmt.Errorf("%q is not a card", s)
	}
	rank := strings.IndexByte(rankNames, u[0])
	if u[0] == '1' {
		rank = 0
	}
	if rank < 0 {
		return NoCard, fmt.Errorf("%q is not a card: no rank %q (the ranks are A 2 3 4 6 8 J Q K)", s, u[:1])
	}
	suit := -1
	switch u[1:] {
	case "H", "♥", "♡":
		suit = Hearts
	case "D", "♦", "♢":
		suit = Diamonds
	case "C", "♣", "♧":
		suit = Clubs
	case "S", "♠", "♤":
		suit = Spades
	}
	if suit < 0 {
		return NoCard, fmt.Errorf("%q is not a card: no suit %q (the suits are H D C S)", s, s[1:])
	}
	return NewCard(rank, suit), nil
}

// fullFamily reports whether hand is exactly the seven family cards of one
// suit, and which.
func fullFamily(hand []Card) (int, bool) {
	if len(hand) != 7 {
		return 0, false
	}
	s := hand[0].Suit()
	for _, c := range hand {
		if c.Suit() != s || !c.IsFamily() {
			return 0, false
		}
	}
	return s, true
}

// hasSpade reports whether hand holds any Spade.
func hasSpade(hand []Card) bool {
	for _, c := range hand {
		if c.IsSpade() {
			return true
		}
	}
	return false
}

func cardList(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
