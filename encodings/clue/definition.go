package clue

import (
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Definition is Clue as the tools know it: its names, help, example and
// setup questions.
var Definition = table.Definition{
	Name:    Name,
	Aliases: []string{"cluedo"},
	Title:   "Clue",
	New:     func() table.Game { return NewGame() },
	Help: table.Help{
		Lines: Help,
		Why: `A fact is a holder and an item: "bob Knife", "not envelope Plum",
"faceup Rope".`,
		Odds: `The envelope's odds item by item, the likeliest envelopes, the best
accusation, and the lines that prove each known holder.`,
		Advise: `"advise" ranks your legal questions by what their answers teach about
the envelope; "advise show ASKER ITEM ITEM [ITEM]" picks the card to show.`,
	},
	Example: ExampleLog,
	Questions: []table.Question{
		{Field: table.Deck, Text: "Deck (cluedo, cardgame or cardgame-advanced; Enter for cluedo)?"},
		{Field: table.Players, Text: "Players, in seating order (e.g. alice,bob,carol,me)?"},
		{Field: table.Me, Text: "Which one are you?"},
		{Field: table.Hand, Text: "Your cards (e.g. Plum Rope Hall)?"},
	},
	Setup: setupAnswers,
}

// setupAnswers turns setup answers into lines. The deck is asked first: with it
// alone answered, the setup is its preset line, so that a wrong deck is
// refused before the players are asked.
func setupAnswers(o table.Setup) ([]string, error) {
	if len(o.Players) == 0 && o.Me == "" && len(o.Hand) == 0 {
		deck := o.Deck
		if deck == "" {
			deck = PresetCluedo
		}
		if _, err := PresetDeck(deck); err != nil {
			return nil, err
		}
		return []string{"preset " + deck}, nil
	}
	return SetupLines(o.Deck, o.Players, o.Me, o.Hand)
}
