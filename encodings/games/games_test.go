package games_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gumshoe-dev/gumshoe/encodings/games"
)

func TestNamesDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, d := range games.All {
		for _, n := range append([]string{d.Name}, d.Aliases...) {
			assert.Empty(t, seen[n], "%q names both %s and %s", n, seen[n], d.Name)
			seen[n] = d.Name
		}
		got, ok := games.All.Find(d.Name)
		assert.True(t, ok, d.Name)
		assert.Equal(t, d.Name, got.Name)
	}
}

func Example() {
	for _, d := range games.All {
		fmt.Printf("%s: %s\n", d.Name, d.Title)
	}
	// Output:
	// dod: Deduce or Die
	// clue: Clue
	// deductio: Deductio
	// mbtd: Murder By The Deck
	// tbam: There's Been A Murder
}
