package deductio

import (
	"errors"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Definition is Deductio as the tools know it: its names, help, example
// and setup questions.
var Definition = table.Definition{
	Name:  Name,
	Title: "Deductio",
	New:   func() table.Game { return NewGame() },
	Help: table.Help{
		Lines: Help,
		Why: `A fact is a player and a number: "alice 7" (alice's number is 7),
"not alice 7"; or a column of the sheet and a number: "deck 12",
"not deck 12", "seen 5" (turned face up or guessed).`,
		Odds: `Every player's possible numbers with exact odds, the lines that rule out
each other number, and the best guess.`,
		Advise: `"advise [free] [CLUE CLUE CLUE]": whether to guess now and whom, and
which face-up clue card to play (the last row line when no cards are given).`,
	},
	Example: ExampleLog,
	Questions: []table.Question{
		{Field: table.Players, Text: "Players, in seat order (e.g. alice,bob,me)?"},
		{Field: table.Me, Text: "Which one are you?"},
		{Field: table.Hand, Text: "Your Secret Number?"},
	},
	Setup: setupLines,
}

// setupLines turns setup answers into the players and seat lines, and the hand
// into the seat's Secret Number.
func setupLines(o table.Setup) ([]string, error) {
	if len(o.Players) == 0 {
		return nil, errors.New("name the players in seat order: alice,bob,me")
	}
	if o.Deck != "" {
		return nil, errors.New("Deductio has one deck: no deck to choose")
	}
	lines := []string{"players " + strings.Join(o.Players, " ")}
	if o.Me != "" {
		lines = append(lines, "seat "+o.Me)
	}
	if len(o.Hand) > 0 {
		if o.Me == "" || len(o.Hand) != 1 {
			return nil, errors.New("the hand is your one Secret Number, and needs your seat: 12")
		}
		lines = append(lines, "secret "+o.Me+" "+o.Hand[0])
	}
	return lines, nil
}

// Help is the log grammar in brief, for the table session's "help lines";
// no line is longer than 78 characters.
const Help = `Deductio lines (player and clue words are case-insensitive):
  players NAME NAME [NAME [NAME]]   2-4 players in seat order, first
  seat NAME                         whose log it is
  secret NAME N                     the seat's own number (again after
                                    each correct guess of it)
  faceup N [N ...]                  numbers turned face up (3 at setup,
                                    then one per Reveal card)
  row CLUE [CLUE [CLUE]]            the face-up clue cards, for advice
  NAME plays CLUE                   a card placed vertically: true of
                                    NAME's number
  NAME rejects CLUE [CLUE [CLUE]]   cards taken horizontally: all false
  NAME denies CLUE                  a card said to be false of the number
  NAME guesses NAME N right|wrong   a guess and its answer
  NAME looks 1|2                    another player looked at the top of
                                    the Secret Number deck
  SEAT looks N [N]                  the seat saw N [N] on top (top first)
                                    and put them at the bottom
Clues: 5-12  even  odd  not:9,19  not:5-12  single  double  >=7  <=7
       faceup+1  faceup-1; an ability may follow a slash: even/look2,
       >=7/free, 5-12/look1
`

// ExampleLog is a short complete log, header included: a three-player game
// from carol's seat.
const ExampleLog = `game deductio
# A three-player game from carol's seat.
players alice bob carol
seat carol
secret carol 12
faceup 3 11 17
row even >=7 not:9,19
alice plays >=7
bob rejects even single faceup+1
carol plays not:9,19
alice plays odd
bob guesses alice 13 wrong
carol looks 5 15
bob plays 10-20
bob plays <=15
alice plays 5-15
`
