package murderbythedeck_test

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
	"github.com/gumshoe-dev/gumshoe/encodings/table/tabletest"
)

// TestConformance checks Murder By The Deck against the contract every
// game keeps, on its built-in example (bob's seat, dave to discard).
func TestConformance(t *testing.T) {
	tabletest.Run(t, murderbythedeck.Definition, tabletest.Options{
		Facts:        []string{"bob QS", "used 4S", "not alice 3C", "used KH"},
		Open:         "alice KS",
		Conflict:     "dave discards 3C",
		Malformed:    "dave discards 7H",
		MalformedCol: 15,
		Advise:       []string{""},
		Players:      []string{"José", "Zoë", "Ånne", "Łukasz"},
		// The parser (state.go) counts columns in bytes and reads names
		// with their accents only: known defects.
	})
}

// FuzzLine applies arbitrary lines after the example game.
func FuzzLine(f *testing.F) {
	tabletest.Fuzz(f, murderbythedeck.Definition,
		"dave discards 3S", "dave down", "dave lucky 2S 3S", "alice draws", "alice accuses bob right AH 2H 3H 4H JH QH KH",
		"bob dead 3C QD 4H 8D QS 8C", "carol block", "carol passes", "dave discards KD")
}
