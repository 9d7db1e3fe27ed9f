package theresbeenamurder

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Definition is There's Been A Murder as the tools know it.
var Definition = table.Definition{
	Name:    Name,
	Aliases: []string{"theresbeenamurder", "theres-been-a-murder", "there's-been-a-murder"},
	Title:   "There's Been A Murder",
	New:     func() table.Game { return NewGame() },
	Help: table.Help{
		Lines: Help,
		Why: `A fact the seat knows for certain: "alice detective" (alice holds it),
"pile cad", or either after "not". The seat knows its own hand and the pile;
the rest is estimated.`,
		Odds: `Every card's likely places (each hand, the deck, the pile, the removed
card), estimated from sampled hidden histories with a standard error; the
Murderer's place; the deck's size with a warning when it runs low.`,
		Advise: `"advise": your plays (card and players named) ranked by the chance
that they win the game at once minus the chance that they lose it at once.`,
	},
	Example: ExampleLog,
	Questions: []table.Question{
		{Field: table.Players, Text: "Players, the first player first (e.g. alice,bob,me)?"},
		{Field: table.Me, Text: "Which one are you?"},
		{Field: table.Deck, Text: "Level (novice, veteran or master; empty for novice), and any variant (e.g. master removed 2)?"},
		{Field: table.Hand, Text: "Your two cards, by name or number (CARD CARD)?", Prompt: handPrompt},
	},
	Setup: setupLines,
}

// setupLines turns set-up answers into the players, seat, level and hand
// lines.
func setupLines(o table.Setup) ([]string, error) {
	if len(o.Players) == 0 {
		return nil, errors.New("name the players, the first player first: alice,bob,me")
	}
	lines := []string{"players " + strings.Join(o.Players, " ")}
	if o.Me != "" {
		lines = append(lines, "seat "+o.Me)
	}
	if o.Deck != "" {
		ls, err := deckLines(o.Deck)
		if err != nil {
			return nil, err
		}
		lines = append(lines, ls...)
	}
	if len(o.Hand) > 0 {
		cs, err := engine.ParseCards(o.Hand)
		if err != nil {
			return nil, fmt.Errorf("the hand: %v", err)
		}
		if o.Me == "" || len(cs) != 2 {
			return nil, fmt.Errorf("the hand is your two cards, and needs your seat (%d cards read): The Gossip, The Witness", len(cs))
		}
		lines = append(lines, "hand "+cs[0].String()+" "+cs[1].String())
	}
	return lines, nil
}

// handPrompt is the hand question for the answers so far: its example is
// a hand the deal can give the seat, by name and by number ("e.g.
// confidant stranger, or 3 4"), since which hands the deal can give
// depends on the seat, the player count and the level (the Murderer is
// dealt from the top part of the deck, the Detective from the bottom).
// It is "" (the question's pattern) when the answers so far do not set a
// game up.
func handPrompt(o table.Setup) string {
	a, b, ok := exampleHand(o)
	if !ok {
		return ""
	}
	return fmt.Sprintf("Your two cards (e.g. %v %v, or %d %d)?", a, b, int(a), int(b))
}

// exampleHand is a hand the deal can give the seat of the answers so far:
// the first pair of the game's cards, in their order, that the game's
// hand line accepts, the Murderer and the Detective tried last; ok is
// false when the answers do not set a game up to its hand.
func exampleHand(o table.Setup) (a, b engine.Card, ok bool) {
	o.Hand = nil
	lines, err := setupLines(o)
	if err != nil || o.Me == "" {
		return 0, 0, false
	}
	g := NewGame()
	for _, l := range lines {
		if g.Apply(l) != nil {
			return 0, 0, false
		}
	}
	cfg := &engine.Config{Players: len(g.p.Players), Cards: g.cards, Removed: g.removed}
	if cfg.Cards == nil {
		cfg.Cards = engine.DefaultCards(cfg.Players, g.level)
	}
	if cfg.Check() != nil {
		return 0, 0, false
	}
	cards := slices.Clone(cfg.Cards)
	last := func(c engine.Card) bool { return c == engine.Murderer || c == engine.Detective }
	slices.SortStableFunc(cards, func(x, y engine.Card) int {
		switch {
		case last(x) == last(y):
			return 0
		case last(x):
			return 1
		}
		return -1
	})
	for i, x := range cards {
		for _, y := range cards[i+1:] {
			if g.Apply(fmt.Sprintf("hand %v %v", x, y)) == nil {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

// deckLines reads the level question's answer: a level, then any variant
// as the lines of the notation without their line breaks ("master
// removed 2", "novice cards 1-3 6-18 21", "cards 1-18 21 removed 2").
func deckLines(ans string) ([]string, error) {
	ws := strings.FieldsFunc(ans, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	var lines []string
	for i := 0; i < len(ws); {
		switch w := strings.ToLower(ws[i]); w {
		case "cards":
			j := i + 1
			for j < len(ws) && !strings.EqualFold(ws[j], "removed") && !strings.EqualFold(ws[j], "level") {
				j++
			}
			if j == i+1 {
				return nil, errors.New("\"cards\" is followed by the cards of the game: cards 1-18 21")
			}
			lines = append(lines, "cards "+strings.Join(ws[i+1:j], " "))
			i = j
		case "removed":
			if i+1 == len(ws) {
				return nil, errors.New("\"removed\" is followed by a number: removed 2")
			}
			lines = append(lines, "removed "+ws[i+1])
			i += 2
		case "level":
			i++
		default:
			l, err := engine.ParseLevel(w)
			if err != nil {
				return nil, fmt.Errorf("%v; a variant is cards ... or removed N", err)
			}
			lines = append(lines, "level "+l.String())
			i++
		}
	}
	return lines, nil
}

// Help is the log grammar in brief; no line is longer than 78 characters.
const Help = `There's Been A Murder lines (cards by name or number: detective or 2):
  players NAME NAME NAME ...     3-8 players, the first player first
  seat NAME                      whose log it is
  level novice|veteran|master    optional: adds 19, or 19 and 20
  cards 1-18 21 ...              optional: the cards in the game
  removed N                      optional: cards removed unseen (1)
  hand CARD CARD                 the seat's two dealt cards (ends set-up);
                                 "hand The Gossip, The Witness" reads too
  NAME draws [CARD]              a draw; the card when it is the seat's
  NAME plays CARD [ARGS]         a play, with what it names in public:
    detective P | invalid P | socialite P | cad P P
    swain (then its draw, then NAME takes from P; "swain P" is short)
    doctor CARD|none | secretary CARD|none | butler CARD|none
    seer move|keep | reporter P CARD|none
    hound CARD P|nobody (the Hound's player; others: hound CARD)
    monkey ARGS (those of the last Action played)
    aristocrat [CARD ...] (the Action cards discarded with it)
  NAME discards CARD             the Detective's target discards
  NAME announces drunk           the Drunk entered NAME's hand
  NAME reveals CARD CARD         detective blackmailer; murderer confidant
                                 or murderer witness
  NAME gives CARD to NAME        a card passed or swapped (seat involved);
                                 a swap's or a Gossip's two lines may be
                                 written in either order: they mean the same
  NAME shows CARD to NAME        the Maid's card shown (seat involved)
  NAME sees CARD ...             the seat's look (driver, secretary, seer)
  NAME takes CARD                the seat's Driver pick
  NAME takes from P              the player P's Swain chose, after its
                                 draw, takes a card of P's hand at random
  NAME buries CARD               the seat's Nun card
`
