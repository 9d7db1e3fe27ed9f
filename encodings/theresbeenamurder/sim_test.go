package theresbeenamurder

import (
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestSimulateEnds plays many seeded games at every table size and level:
// every game ends, the cards are all somewhere once, the same seed plays
// the same game.
func TestSimulateEnds(t *testing.T) {
	wins := 0
	for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
		for _, lvl := range []engine.Level{engine.Novice, engine.Veteran, engine.Master} {
			for seed := range uint64(40) {
				sim, err := engine.Simulate(engine.SimOptions{Players: players, Seed: seed, Level: lvl})
				if err != nil {
					t.Fatal(err)
				}
				if sim.End == engine.Playing {
					t.Fatalf("game not over")
				}
				if sim.End.Won() {
					wins++
				}
				checkCards(t, sim.Final)
				again, _ := engine.Simulate(engine.SimOptions{Players: players, Seed: seed, Level: lvl})
				if strings.Join(again.Logs[0], "\n") != strings.Join(sim.Logs[0], "\n") {
					t.Fatalf("seed %d plays two games", seed)
				}
			}
		}
	}
	if wins == 0 {
		t.Error("no random game was won")
	}
}

// checkCards checks that every card of the game is in exactly one place.
func checkCards(t *testing.T, s *engine.State) {
	t.Helper()
	seen := map[engine.Card]int{}
	for _, h := range s.Hands {
		for _, c := range h {
			seen[c]++
		}
	}
	for _, part := range [][]engine.Card{s.Deck, s.Discard, s.Removed} {
		for _, c := range part {
			seen[c]++
		}
	}
	for _, c := range s.Cfg.Cards {
		if seen[c] != 1 {
			t.Fatalf("card %v is in %d places", c, seen[c])
		}
	}
	if len(seen) != len(s.Cfg.Cards) {
		t.Fatalf("%d cards in play, want %d", len(seen), len(s.Cfg.Cards))
	}
}
