package deduceordie

import (
	"errors"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Definition is Deduce or Die as the tools know it: its names, help,
// example and setup questions.
var Definition = table.Definition{
	Name:    Name,
	Aliases: []string{"deduceordie", "deduce-or-die"},
	Title:   "Deduce or Die",
	New:     func() table.Game { return NewGame() },
	Help: table.Help{
		Lines:  helpLines,
		Why:    "A fact is a holder and a card: \"alice 3H\", \"not bob 5S\", \"evidence 7C\",\n\"exposed 8C\".",
		Odds:   "The deals left; the Evidence pairs, the murder card and the murderer with\nexact odds; your best accusation and its chance.",
		Advise: "\"advise 3H 5S 5S\" ranks the questions your three Interrogation cards allow\n(and the Secret Interrogation, and passing) by what their answers teach.",
	},
	Example: exampleLog,
	Questions: []table.Question{
		{Field: table.Players, Text: "Players, in seat order (e.g. alice,bob,carol,me)?"},
		{Field: table.Me, Text: "Which one are you?"},
		{Field: table.Hand, Text: "Your cards (e.g. 8S 8H AC 2C 4C 5C)?"},
	},
	Setup: setup,
}

// setup turns setup answers into the players, seat and hand lines.
func setup(o table.Setup) ([]string, error) {
	if len(o.Players) == 0 {
		return nil, errors.New("name the players in seat order: alice,bob,carol,me")
	}
	if o.Deck != "" {
		return nil, errors.New("Deduce or Die has one deck: no deck to choose")
	}
	lines := []string{"players " + strings.Join(o.Players, " ")}
	if o.Me != "" {
		lines = append(lines, "seat "+o.Me)
	}
	if len(o.Hand) > 0 {
		if o.Me == "" {
			return nil, errors.New("a hand needs its player: whose hand is it?")
		}
		lines = append(lines, "hand "+o.Me+" "+strings.Join(o.Hand, " "))
	}
	return lines, nil
}

const helpLines = `Lines of Deduce or Die (cards as 7C, 7c or 7♣; ranges as 3H..5S, 2S rank,
2S suit):
  players NAME NAME NAME...     3 to 6 players in seat order, first of all
  seat NAME                     whose sheet this is
  hand NAME CARD...             the seat's hand: hand dave 8S 8H AC 2C 4C 5C
  exposed CARD                  the card left over (none with 5 players)
  reveal NAME SUIT              initial revelation: reveal alice clubs
  ask ASKER ANSWERER RANGE = N  an interrogation: ask bob carol 6S..8C = 3
  secret ASKER ANSWERER         a Secret Interrogation between two others
  secret ASKER ANSWERER RANGE = N   ... one you asked or answered
  pass NAME                     a turn without a question
  accuse WHO WHOM PAIR wrong    a failed accusation: accuse alice carol AC+4C wrong
  accuse WHO WHOM PAIR right    the accusation that ends the game
  evidence PAIR                 the Evidence cards, once seen: evidence 3S+7H
`

// exampleLog is a game of four players from dave's seat.
const exampleLog = `# A game of Deduce or Die from dave's seat.
game dod
players alice bob carol dave
seat dave
hand dave 8S 8H AC 2C 4C 5C
exposed 8C
reveal alice clubs
reveal bob hearts
reveal carol clubs
reveal dave hearts
ask bob carol 6S..8C = 3
ask carol bob 5C..7C = 1
ask dave alice 6C..9H = 3
ask alice bob 8H..9C = 1
ask bob dave AC..5S = 4
ask carol bob 8H..2H = 0
ask dave carol 3H..5C = 3
accuse alice carol AC+4C wrong
ask bob dave 9H..5S = 4
ask carol dave 9S..AH = 1
ask dave carol 4C..2H = 5
`
