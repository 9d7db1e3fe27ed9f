package theresbeenamurder

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/certain"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestExactDeckTakes: in another player's turn, a card of the deck
// reaches that player's hand only from the top slot at each of its draws
// or from the top three slots at its Driver's pick, and a card of
// another's Nun taken so was in that Nun's player's hand (exactdeck.go).
// That settles cells the rest of the deck's order leaves open (the
// Murderer not taken by a second draw from the deal's bottom part, a card
// no early Driver could pick). Simulated games are replayed side by side
// from one seat, with and without those constraints (deckTakesOff): after
// every line, every cell the first settles and the second does not is
// checked against the game's real state (settledOnlyWith), and each game
// must gain some.
// It fails when the constraints are left out (no cell is gained) or claim
// too much (a gained cell is false).
func TestExactDeckTakes(t *testing.T) {
	for _, c := range []struct {
		seed uint64
		seat int
	}{{902, 3}, {903, 0}, {908, 0}, {914, 1}} {
		o := engine.SimOptions{Players: engine.MinPlayers + int(c.seed-900)%(engine.MaxPlayers-engine.MinPlayers+1), Seed: c.seed, Level: engine.Level((c.seed - 900) % 3)}
		gained := 0
		settledOnlyWith(t, o, c.seat, &certain.DeckTakesOff, func(int, engine.Card, int) { gained++ })
		if gained == 0 {
			t.Errorf("seed %d seat %d: no cell settled by the takes alone", c.seed, c.seat)
		}
		t.Logf("seed %d seat %d: %d cells settled by the takes alone", c.seed, c.seat, gained)
	}
}
