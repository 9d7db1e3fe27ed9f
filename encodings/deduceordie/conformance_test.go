package deduceordie_test

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/table/tabletest"
)

// TestConformance checks Deduce or Die against the contract every game
// keeps, on its built-in example (dave's seat).
func TestConformance(t *testing.T) {
	tabletest.Run(t, deduceordie.Definition, tabletest.Options{
		Facts:        []string{"dave 8S", "not alice 8H", "exposed 8C"},
		Open:         "alice 3H",
		Conflict:     "evidence 8S+3H",
		Malformed:    "ask bob carol 3H..10S = 1",
		MalformedCol: 19,
		Advise:       []string{"3H 5S 5S"},
		Players:      []string{"José", "Zoë", "Ana"},
	})
}

// FuzzLine applies arbitrary lines after the example game.
func FuzzLine(f *testing.F) {
	tabletest.Fuzz(f, deduceordie.Definition,
		"ask alice bob 3H..5S = 2", "secret carol bob 2S rank = 1", "accuse alice bob AS+3H wrong",
		"accuse dave bob 7S+8H right", "reveal alice ♣", "hand dave 7S 8S 9S AH 2H 6H", "evidence 7S 8H",
		"pass bob", "ask alice bob 10H..5S = 1", "secret alice bob", "ask alice bob 5S..5S suit = 9", "=")
}
