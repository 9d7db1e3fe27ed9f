package clue

import (
	"fmt"
	"slices"
	"strings"
)

// Category is one kind of item of a deck (suspects, weapons, rooms): the
// envelope holds exactly one item of each category.
type Category struct {
	Name  string
	Items []string
}

// QuestionStyle is the shape of a legal question.
type QuestionStyle uint8

// The question styles of the Clue family.
const (
	// OnePerCategory is classic Cluedo: one item of every category.
	OnePerCategory QuestionStyle = iota
	// AnyTwo is the Clue Card Game: any two distinct items, of the same
	// category or not.
	AnyTwo
)

// String is "one-per-category" or "any-two".
func (s QuestionStyle) String() string {
	if s == AnyTwo {
		return "any-two"
	}
	return "one-per-category"
}

// DealStyle is how the cards left after the envelope are dealt.
type DealStyle uint8

// The deal styles of the Clue family.
const (
	// FaceUpSpares deals every player the same number of cards and puts
	// the spare cards face up for all to see (the Clue Card Game).
	FaceUpSpares DealStyle = iota
	// DealAll deals every card; when they do not share evenly, the first
	// players in seating order hold one card more (classic Cluedo).
	DealAll
)

// String is "faceup" or "all", as written in a "deal" line.
func (s DealStyle) String() string {
	if s == DealAll {
		return "all"
	}
	return "faceup"
}

// Deck is the cards of one Clue edition: its categories in order, the
// aliases by which items may also be written, the shape of a question, the
// way the cards are dealt and the player counts the edition's rules allow.
// Cards are numbered category by category in the order given.
type Deck struct {
	Name       string
	Categories []Category
	Aliases    map[string]string // lower-case alias -> item name
	Style      QuestionStyle
	Deal       DealStyle
	// MinPlayers and MaxPlayers are the player counts the rules allow;
	// zero means no limit beyond the grammar's two players at least.
	MinPlayers, MaxPlayers int
}

// Cards are the names of every item, category by category.
func (d *Deck) Cards() []string {
	var out []string
	for _, c := range d.Categories {
		out = append(out, c.Items...)
	}
	return out
}

// NumCards is the number of items of the deck.
func (d *Deck) NumCards() int {
	n := 0
	for _, c := range d.Categories {
		n += len(c.Items)
	}
	return n
}

// CategoryOf is the index of the category of card i (numbered as in Cards).
func (d *Deck) CategoryOf(i int) int {
	for k, c := range d.Categories {
		if i < len(c.Items) {
			return k
		}
		i -= len(c.Items)
	}
	return -1
}

// Lookup finds a card by name: exact (case-insensitive) names and aliases
// first, then a unique case-insensitive prefix of the names and aliases.
// It returns the card's index in Cards, or an error saying why not.
func (d *Deck) Lookup(word string) (int, error) {
	w := strings.ToLower(strings.TrimSpace(word))
	if w == "" {
		return -1, fmt.Errorf("empty card name")
	}
	cards := d.Cards()
	index := func(name string) int {
		for i, c := range cards {
			if strings.EqualFold(c, name) {
				return i
			}
		}
		return -1
	}
	if i := index(w); i >= 0 {
		return i, nil
	}
	if name, ok := d.Aliases[w]; ok {
		return index(name), nil
	}
	found := map[int]bool{}
	for i, c := range cards {
		if strings.HasPrefix(strings.ToLower(c), w) {
			found[i] = true
		}
	}
	for a, name := range d.Aliases {
		if strings.HasPrefix(a, w) {
			found[index(name)] = true
		}
	}
	switch len(found) {
	case 1:
		for i := range found {
			return i, nil
		}
	case 0:
		return -1, fmt.Errorf("no card %q in the %s deck", word, d.Name)
	}
	var names []string
	for i := range found {
		names = append(names, cards[i])
	}
	slices.Sort(names)
	return -1, fmt.Errorf("%q is ambiguous: %s", word, strings.Join(names, ", "))
}

// checkPlayers says why n players cannot play with the deck, or nil.
func (d *Deck) checkPlayers(n int) error {
	if lo, hi := d.PlayerRange(); n < lo || (hi > 0 && n > hi) {
		return fmt.Errorf("the %s deck is played by %s, not %d", d.Name, d.playerRangeText(), n)
	}
	return nil
}

// playerRangeText is "3 to 6 players", or "2 players or more".
func (d *Deck) playerRangeText() string {
	lo, hi := d.PlayerRange()
	if hi == 0 {
		return fmt.Sprintf("%d players or more", lo)
	}
	return fmt.Sprintf("%d to %d players", lo, hi)
}

// PlayerRange is the number of players the deck's rules allow, lo to hi;
// hi is 0 when there is no upper limit.
func (d *Deck) PlayerRange() (lo, hi int) {
	return max(d.MinPlayers, 2), d.MaxPlayers
}

// named reports whether word is exactly the name or an alias of a card (in
// any case), not only a prefix.
func (d *Deck) named(word string) bool {
	if _, ok := d.Aliases[strings.ToLower(word)]; ok {
		return true
	}
	return slices.ContainsFunc(d.Cards(), func(c string) bool { return strings.EqualFold(c, word) })
}

// validate checks that the deck can be played: at least one category, every
// category with at least one item, names unique and free of spaces.
func (d *Deck) validate() error {
	if len(d.Categories) == 0 {
		return fmt.Errorf("the deck has no category")
	}
	seen := map[string]bool{}
	for _, c := range d.Categories {
		if len(c.Items) == 0 {
			return fmt.Errorf("category %s has no item", c.Name)
		}
		for _, it := range c.Items {
			k := strings.ToLower(it)
			if seen[k] {
				return fmt.Errorf("item %s is listed twice", it)
			}
			seen[k] = true
		}
	}
	return nil
}

// Preset names accepted by the "preset" line.
const (
	PresetCluedo           = "cluedo"
	PresetCardGame         = "cardgame"
	PresetCardGameAdvanced = "cardgame-advanced"
)

// Presets are the names of the built-in decks, in the order documented.
var Presets = []string{PresetCluedo, PresetCardGame, PresetCardGameAdvanced}

// PresetDeck returns a fresh copy of a built-in deck:
//
//   - "cluedo": classic Cluedo, 6 suspects, 6 weapons, 9 rooms, for 3 to 6
//     players; a question names one item of each category; every card is
//     dealt, the first players in seating order holding one more when the
//     cards do not share evenly.
//   - "cardgame": the Clue Card Game's basic game, 4 suspects, 4 weapons,
//     4 locations, for 3 to 4 players; a question names any two items;
//     every player gets as many cards and the spare cards go face up.
//   - "cardgame-advanced": the Clue Card Game's advanced game, with the
//     starred cards: 5 of each, for 2 to 4 players; dealt as the basic game.
//
// The printed Card Game rules do not list item names; its decks use the
// classic names. docs/rules/clue.md gives the reasons for the player
// counts.
func PresetDeck(name string) (*Deck, error) {
	aliases := map[string]string{
		"dagger": "Knife", "spanner": "Wrench", "pipe": "LeadPipe", "leadpiping": "LeadPipe",
		"pistol": "Revolver", "gun": "Revolver", "candle": "Candlestick",
		"scarlett": "Scarlet", "orchid": "White", "dining": "DiningRoom",
		"billiard": "BilliardRoom", "ballroom": "Ballroom",
	}
	switch strings.ToLower(name) {
	case PresetCluedo:
		return &Deck{Name: PresetCluedo, Style: OnePerCategory, Deal: DealAll, MinPlayers: 3, MaxPlayers: 6, Aliases: aliases, Categories: []Category{
			{"suspects", []string{"Scarlet", "Mustard", "White", "Green", "Peacock", "Plum"}},
			{"weapons", []string{"Candlestick", "Knife", "LeadPipe", "Revolver", "Rope", "Wrench"}},
			{"rooms", []string{"Kitchen", "Ballroom", "Conservatory", "DiningRoom", "BilliardRoom", "Library", "Lounge", "Hall", "Study"}},
		}}, nil
	case PresetCardGame, PresetCardGameAdvanced:
		d := &Deck{Name: strings.ToLower(name), Style: AnyTwo, Deal: FaceUpSpares, MinPlayers: 3, MaxPlayers: 4, Aliases: aliases, Categories: []Category{
			{"suspects", []string{"Scarlet", "Mustard", "Green", "Plum"}},
			{"weapons", []string{"Candlestick", "Knife", "Rope", "Wrench"}},
			{"locations", []string{"Kitchen", "Library", "Lounge", "Study"}},
		}}
		if d.Name == PresetCardGameAdvanced {
			d.MinPlayers = 2
			d.Categories[0].Items = append(d.Categories[0].Items, "Peacock")
			d.Categories[1].Items = append(d.Categories[1].Items, "LeadPipe")
			d.Categories[2].Items = append(d.Categories[2].Items, "Hall")
		}
		for a, it := range aliases {
			if !slices.Contains(d.Cards(), it) {
				delete(d.Aliases, a)
			}
		}
		return d, nil
	}
	return nil, fmt.Errorf("no preset %q; presets are %s", name, strings.Join(Presets, ", "))
}
