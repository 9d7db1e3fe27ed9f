package clue_test

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/table/tabletest"
)

// TestConformance checks Clue against the contract every game keeps, on
// its built-in example (classic Cluedo from dave's seat).
func TestConformance(t *testing.T) {
	tabletest.Run(t, clue.Definition, tabletest.Options{
		Facts:        []string{"envelope Scarlet", "dave Plum", "not alice Plum"},
		Open:         "not bob Lounge",
		Conflict:     "dave lacks Plum",
		Malformed:    "alice asks Plum Knife: bob shows",
		MalformedCol: 22,
		Advise:       []string{"", "show alice Plum Knife Hall"},
		Players:      []string{"José", "Zoë", "Ana"},
	})
}

// FuzzLine applies arbitrary lines after the example game.
func FuzzLine(f *testing.F) {
	tabletest.Fuzz(f, clue.Definition,
		"alice asks Pl Kn Ha: bob shows", "alice asks : nobody", "alice asks Plum Knife Hall::",
		"bob accuses Plum Knife Hall right", "envelope has Plum", "faceup lacks Plum",
		"size alice 3-", "category x", "alias a b", "hand", "carol asks Plum Knife Hall: bob passes, dave shows",
		"alice asks Plum Knife Hall: bob shows Plum extra", "#", "   ", "alice\tasks\tPlum,Knife,Hall:nobody",
		"dave asks Scarlet Candlestick Lounge: alice passes bob passes carol passes")
}
