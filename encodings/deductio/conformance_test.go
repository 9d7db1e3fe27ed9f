package deductio_test

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/table/tabletest"
)

// TestConformance checks Deductio against the contract every game keeps,
// on its built-in example (carol's seat).
func TestConformance(t *testing.T) {
	tabletest.Run(t, deductio.Definition, tabletest.Options{
		Facts:        []string{"not alice 13", "carol 12", "bob 13"},
		Open:         "alice 7",
		Conflict:     "alice plays <=5",
		Malformed:    "alice plays nonsense",
		MalformedCol: 13,
		Advise:       []string{"", "free odd 1-5 faceup-1"},
		Players:      []string{"José", "Zoë"},
	})
}

// FuzzLine applies arbitrary lines after the example game.
func FuzzLine(f *testing.F) {
	tabletest.Fuzz(f, deductio.Definition,
		"alice guesses bob 0 right", "row not:9,19,29 >=21", "bob looks 2", "carol looks 1 2 3",
		"secret carol 21", "faceup 1 2 3 4", "alice denies even/look2")
}
