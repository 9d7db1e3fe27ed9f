package murderbythedeck

import (
	"errors"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Definition is Murder By The Deck as the tools know it: its names, help,
// example and setup questions.
var Definition = table.Definition{
	Name:    Name,
	Aliases: []string{"murder-by-the-deck", "murderbythedeck"},
	Title:   "Murder By The Deck",
	New:     func() table.Game { return NewGame() },
	Help: table.Help{
		Lines: Help,
		Why: `A fact is a place and a card, or a player and "spade": "bob QS" (QS is in
bob's hand now), "pile 3S", "down 2S" (face down before a player), "used 6H"
(on the return pile), "bob spade" (bob is the murderer); any of them
after "not".`,
		Odds: `The sheet: every card's possible places now (each hand, the draw pile,
face down, the return pile), ✓ forced, ✗ impossible, else the estimated
odds, "~" when too few sampled worlds back them; the odds that each player
is the murderer and that the next card drawn is a death card, each with its
standard error (±); who is on death row with the turns left, who is dead,
BLOCKed or had a lucky break.`,
		Advise: `"advise": BLOCK when you can; the chance each accusation would be right
(a wrong one kills you) and whether to accuse now; the risk that the next
card drawn is a death card; which card to discard, best first.`,
	},
	Example: ExampleLog,
	Questions: []table.Question{
		{Field: table.Players, Text: "The four players, in seat order (e.g. alice,bob,carol,me)?"},
		{Field: table.Me, Text: "Which one are you?"},
		{Field: table.Hand, Text: "Your seven cards (e.g. AH 2H 6C 8D JS QD KH)?"},
	},
	Setup: setupLines,
}

// setupLines turns setup answers into the players, seat and hand lines.
func setupLines(o table.Setup) ([]string, error) {
	if len(o.Players) == 0 {
		return nil, errors.New("name the four players in seat order: alice,bob,carol,me")
	}
	if o.Deck != "" {
		return nil, errors.New("Murder By The Deck has one deck: no deck to choose")
	}
	lines := []string{"players " + strings.Join(o.Players, " ")}
	if o.Me != "" {
		lines = append(lines, "seat "+o.Me)
	}
	if len(o.Hand) > 0 {
		if o.Me == "" {
			return nil, errors.New("the hand needs your seat")
		}
		lines = append(lines, "hand "+strings.Join(o.Hand, " "))
	}
	return lines, nil
}

// Help is the log grammar in brief; no line is longer than 78 characters.
const Help = `Murder By The Deck lines (names, words and cards in any case):
  players NAME NAME NAME NAME   the four players in seat order, first
  seat NAME                     whose log it is (leave out to spectate)
  hand CARD x7                  the seat's seven cards: AH 2H 6C 8D JS QD KH
  rule murderer KS|QS|high      the murderer's card (KS unless said)
  rule discard keepdeath|sheet|nospade  which Spades may be discarded
  rule piles unlimited|N        how many draw piles a round may use
  rule turns unlimited|N        how many turns a round may last
A turn, in seat order:
  NAME draws [CARD]             a draw (the card only on the seat's own draw)
  NAME down                     the drawn death card is placed face down
  NAME lucky CARD CARD          lucky break: death card drawn, then the held
  NAME discards CARD            the discard after a draw
  NAME dead CARD...             "I'm dead": the hand goes to the return pile
  NAME block                    BLOCK (seven family cards of one suit)
  NAME passes                   a BLOCKed player, or nothing to draw
  NAME accuses NAME right|wrong|dead CARD x7
                                an accusation, its outcome, the hand shown
  NAME shows CARD...            the accused shows the seat, its accuser
Cards: rank A 2 3 4 6 8 J Q K, suit H D C S (or ♥ ♦ ♣ ♠): QS, 8♣.`
