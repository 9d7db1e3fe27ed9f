package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Level is a difficulty level: which advanced cards are in the deck.
type Level int

// The difficulty levels.
const (
	Novice  Level = iota // cards as normal
	Veteran              // add the Blackmailer (19)
	Master               // add the Blackmailer (19) and the Aristocrat (20)
)

// String is "novice", "veteran" or "master".
func (l Level) String() string {
	switch l {
	case Veteran:
		return "veteran"
	case Master:
		return "master"
	}
	return "novice"
}

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	switch strings.ToLower(s) {
	case "novice":
		return Novice, nil
	case "veteran":
		return Veteran, nil
	case "master", "genius":
		return Master, nil
	}
	return 0, fmt.Errorf("%q is not a level (novice, veteran or master)", s)
}

// Config is a game's set-up: the number of players, the cards in the game
// and how many of them are removed unseen.
type Config struct {
	Players int
	// Cards are the cards in the game, ascending; they always include the
	// Murderer and the Detective.
	Cards []Card
	// Removed is the number of cards removed unseen at set-up (1 as
	// printed; more to make the game harder).
	Removed int
}

// DefaultCards are the cards of a game of n players at a level: 1 to 18,
// 19 at Veteran, 19 and 20 at Master, and for n of 5 to 8 the cards 21 to
// 16+n ("Add card 21 for 5 players, 22 for 6 players, and so on": 21 at 5
// players, 21 to 24 at 8; none at 3 or 4).
func DefaultCards(players int, l Level) []Card {
	var cs []Card
	for c := Card(1); c <= Driver; c++ {
		cs = append(cs, c)
	}
	if l >= Veteran {
		cs = append(cs, Blackmailer)
	}
	if l >= Master {
		cs = append(cs, Aristocrat)
	}
	for c := Nun; c <= Card(16+players) && c <= Reporter; c++ {
		cs = append(cs, c)
	}
	return cs
}

// NewConfig is the printed set-up of players at level l.
func NewConfig(players int, l Level) (*Config, error) {
	c := &Config{Players: players, Cards: DefaultCards(players, l), Removed: 1}
	return c, c.Check()
}

// MinPlayers and MaxPlayers bound the table.
const (
	MinPlayers = 3
	MaxPlayers = 8
)

// Check reports what is wrong with a set-up.
func (c *Config) Check() error {
	if c.Players < MinPlayers || c.Players > MaxPlayers {
		return fmt.Errorf("%d players: the game takes %d to %d", c.Players, MinPlayers, MaxPlayers)
	}
	if !slices.IsSorted(c.Cards) || len(slices.Compact(slices.Clone(c.Cards))) != len(c.Cards) {
		return fmt.Errorf("the cards must be listed once each, ascending")
	}
	if !slices.Contains(c.Cards, Murderer) || !slices.Contains(c.Cards, Detective) {
		return fmt.Errorf("the Murderer and the Detective must be in the game")
	}
	for _, k := range c.Cards {
		if k < 1 || k > NumCards {
			return fmt.Errorf("no card %d", k)
		}
	}
	if c.Removed < 0 {
		return fmt.Errorf("a negative number of cards removed")
	}
	if rest := len(c.Cards) - 2 - c.Removed; rest+2 < 2*c.Players {
		return fmt.Errorf("%d cards with %d removed cannot deal two cards to each of %d players", len(c.Cards), c.Removed, c.Players)
	}
	return nil
}

// Has reports whether card k is in the game.
func (c *Config) Has(k Card) bool { return slices.Contains(c.Cards, k) }

// DeckSize is the number of cards in the deck before the deal.
func (c *Config) DeckSize() int { return len(c.Cards) - c.Removed }

// TopSize is the size of the top part of the deck before the deal: the
// Murderer and the smaller half, floor((n-2-removed)/2) cards.
func (c *Config) TopSize() int { return (len(c.Cards)-2-c.Removed)/2 + 1 }

// DealPosition is the deck position (0 the top) of the k-th card (0 or 1)
// dealt to player p: one card at a time from the first player on, twice
// round the table.
func (c *Config) DealPosition(p, k int) int { return k*c.Players + p }
