package theresbeenamurder_test

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table/tabletest"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// TestConformance checks There's Been A Murder against the contract every
// game keeps, on its built-in example (bob's seat).
func TestConformance(t *testing.T) {
	tabletest.Run(t, theresbeenamurder.Definition, tabletest.Options{
		Facts:        []string{"pile murderer", "not carol drunk", "not bob witness"},
		Open:         "alice cad",
		Conflict:     "carol announces drunk",
		Malformed:    "bob plays nonsense",
		MalformedCol: 11,
		Advise:       []string{""},
		Players:      []string{"José", "Zoë", "Renée"},
	})
}

// FuzzLine applies arbitrary lines after the example game.
func FuzzLine(f *testing.F) {
	tabletest.Fuzz(f, theresbeenamurder.Definition,
		"alice plays cad bob carol", "bob draws cad", "carol gives murderer to bob", "alice plays hound cad nobody",
		"alice plays reporter bob none", "bob sees cad", "alice reveals murderer confidant", "bob plays aristocrat cad")
}
