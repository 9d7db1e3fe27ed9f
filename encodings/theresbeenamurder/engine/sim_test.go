package engine

import (
	"strings"
	"testing"
)

// TestSimulateEnds plays many seeded games at every table size and level:
// every game ends, the cards are all somewhere once, the same seed plays
// the same game.
func TestSimulateEnds(t *testing.T) {
	wins := 0
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for _, lvl := range []Level{Novice, Veteran, Master} {
			for seed := range uint64(40) {
				sim, err := Simulate(SimOptions{Players: players, Seed: seed, Level: lvl})
				if err != nil {
					t.Fatal(err)
				}
				if sim.End == Playing {
					t.Fatalf("game not over")
				}
				if sim.End.Won() {
					wins++
				}
				checkCards(t, sim.Final)
				again, _ := Simulate(SimOptions{Players: players, Seed: seed, Level: lvl})
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
func checkCards(t *testing.T, s *State) {
	t.Helper()
	seen := map[Card]int{}
	for _, h := range s.Hands {
		for _, c := range h {
			seen[c]++
		}
	}
	for _, part := range [][]Card{s.Deck, s.Discard, s.Removed} {
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
