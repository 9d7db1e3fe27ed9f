package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Card is one of the 24 cards, by its printed number (1 to 24); 0 is no
// card (or a card the seat did not see).
type Card int

// The 24 cards.
const (
	Murderer    Card = 1
	Detective   Card = 2
	Confidant   Card = 3
	Stranger    Card = 4
	Imposter    Card = 5
	Witness     Card = 6
	Monkey      Card = 7
	Drunk       Card = 8
	Cad         Card = 9
	Socialite   Card = 10
	Swain       Card = 11
	Gossip      Card = 12
	Invalid     Card = 13
	Doctor      Card = 14
	Secretary   Card = 15
	Butler      Card = 16
	Maid        Card = 17
	Driver      Card = 18
	Blackmailer Card = 19
	Aristocrat  Card = 20
	Nun         Card = 21
	Seer        Card = 22
	Hound       Card = 23
	Reporter    Card = 24
)

// NumCards is the number of cards in the box.
const NumCards = 24

var cardNames = [NumCards + 1]string{"", "murderer", "detective", "confidant", "stranger", "imposter",
	"witness", "monkey", "drunk", "cad", "socialite", "swain", "gossip", "invalid", "doctor",
	"secretary", "butler", "maid", "driver", "blackmailer", "aristocrat", "nun", "seer", "hound", "reporter"}

// String is the card's name in the notation ("detective"), "?" for 0.
func (c Card) String() string {
	if c < 1 || c > NumCards {
		return "?"
	}
	return cardNames[c]
}

// Title is the card's name as printed ("The Detective").
func (c Card) Title() string {
	n := c.String()
	if c == Hound {
		return "The Faithful Hound"
	}
	return "The " + strings.ToUpper(n[:1]) + n[1:]
}

// IsAction reports whether c is an Action card (blue); the others are
// Effect cards (red).
func (c Card) IsAction() bool {
	switch c {
	case Detective, Cad, Socialite, Swain, Gossip, Invalid, Doctor, Secretary, Butler, Maid, Driver,
		Nun, Seer, Hound, Reporter:
		return true
	}
	return false
}

// aliases are other spellings a player may type.
var aliases = map[string]Card{"impostor": Imposter, "tormented": Imposter, "faithful": Hound,
	"faithful-hound": Hound, "faithfulhound": Hound, "dog": Hound}

// ParseCard reads a card: its number (1 to 24) or its name in any case
// ("Detective", "impostor").
func ParseCard(s string) (Card, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	w = strings.TrimPrefix(w, "the-")
	if n, err := strconv.Atoi(w); err == nil {
		if n >= 1 && n <= NumCards {
			return Card(n), nil
		}
		return 0, fmt.Errorf("no card numbered %d (the cards are 1 to 24)", n)
	}
	for c := Card(1); c <= NumCards; c++ {
		if cardNames[c] == w {
			return c, nil
		}
	}
	if c, ok := aliases[w]; ok {
		return c, nil
	}
	return 0, fmt.Errorf("%q is not a card", s)
}

// IsCardWord reports whether w reads as a card.
func IsCardWord(w string) bool {
	_, err := ParseCard(w)
	return err == nil
}

// ParseCards reads cards written the way people write them: names or
// numbers, in any case, with or without "The", separated by spaces or
// commas ("The Gossip, The Witness", "gossip witness", "12 6", "The
// Faithful Hound"). Words such as "and" between them are skipped.
func ParseCards(words []string) ([]Card, error) {
	cs, _, err := ParseCardsAt(words)
	return cs, err
}

// CardAt is where a card read by [ParseCardsAt] starts: the index of its
// first word in the words given, and the offset in runes of its name in
// that word ("Gossip" in "The,Gossip" starts at rune 4).
type CardAt struct {
	Word, Rune int
}

// ParseCardsAt is [ParseCards] that also says where each card starts, so
// that an error about one card can name its column.
func ParseCardsAt(words []string) ([]Card, []CardAt, error) {
	type token struct {
		text string
		at   CardAt
	}
	var ts []token
	for wi, w := range words {
		rs := []rune(w)
		start := -1
		for i := 0; i <= len(rs); i++ {
			sep := i == len(rs) || rs[i] == ',' || rs[i] == ' ' || rs[i] == '\t' || rs[i] == ';' || rs[i] == '&'
			switch {
			case !sep && start < 0:
				start = i
			case sep && start >= 0:
				x := string(rs[start:i])
				if !strings.EqualFold(x, "the") && !strings.EqualFold(x, "and") {
					ts = append(ts, token{x, CardAt{wi, start}})
				}
				start = -1
			}
		}
	}
	var cs []Card
	var at []CardAt
	for i := 0; i < len(ts); i++ {
		if i+1 < len(ts) {
			if c, err := ParseCard(ts[i].text + "-" + ts[i+1].text); err == nil && strings.EqualFold(ts[i].text, "faithful") {
				cs, at = append(cs, c), append(at, ts[i].at)
				i++
				continue
			}
		}
		c, err := ParseCard(ts[i].text)
		if err != nil {
			return nil, nil, err
		}
		cs, at = append(cs, c), append(at, ts[i].at)
	}
	return cs, at, nil
}
