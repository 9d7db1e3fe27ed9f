package theresbeenamurder

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
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
// checked against the game's real state, and each game must gain some.
// It fails when the constraints are left out (no cell is gained) or claim
// too much (a gained cell is false).
func TestExactDeckTakes(t *testing.T) {
	defer func() { deckTakesOff = false }()
	for _, c := range []struct {
		seed uint64
		seat int
	}{{913, 1}, {915, 3}, {944, 0}, {950, 1}} {
		o := SimOptions{Players: MinPlayers + int(c.seed-900)%(MaxPlayers-MinPlayers+1), Seed: c.seed, Level: Level((c.seed - 900) % 3)}
		sim, err := Simulate(o)
		if err != nil {
			t.Fatal(err)
		}
		states := statesAt(t, o)
		with, without := NewGame(), NewGame()
		with.Particles, without.Particles = 20, 20
		k, gained := 0, 0
		for i, line := range sim.Logs[c.seat] {
			deckTakesOff = false
			if err := with.Apply(line); err != nil {
				t.Fatalf("%+v line %d %q: %v", o, i+1, line, err)
			}
			deckTakesOff = true
			if err := without.Apply(line); err != nil {
				t.Fatalf("%+v line %d %q (without the takes): %v", o, i+1, line, err)
			}
			if with.cfg == nil || i < len(SetupLines(with.cfg, sim.Players, c.seat, nil)) {
				continue
			}
			s := seenState(sim, states, c.seat, &k)
			if midExchange(sim.Logs[c.seat], i) {
				continue
			}
			for _, card := range with.cfg.Cards {
				for l := range with.locations() {
					deckTakesOff = false
					m := with.satMark(card, l)
					deckTakesOff = true
					if m == table.Maybe || without.satMark(card, l) != table.Maybe {
						continue
					}
					if (m == table.Yes) != (locOf(s, card) == l) {
						t.Fatalf("%+v seat %d line %d %q: %v at %s marked %v with the takes, truly at %s",
							o, c.seat, i+1, line, card, with.locName(l), m, with.locName(locOf(s, card)))
					}
					gained++
				}
			}
		}
		if gained == 0 {
			t.Errorf("seed %d seat %d: no cell settled by the takes alone", c.seed, c.seat)
		}
		t.Logf("seed %d seat %d: %d cells settled by the takes alone", c.seed, c.seat, gained)
	}
}
