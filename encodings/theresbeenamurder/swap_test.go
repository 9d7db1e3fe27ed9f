package theresbeenamurder

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestEstimatesMoveWithSwap: a swap between two other players happens on
// the play's line, and the seat sees no more of it: from that line on,
// the estimates describe the hands after the swap. Over simulated games,
// right after a Socialite's line that swaps with a player whose hand was
// still dealt and untouched (virgin), every particle has made the swap:
// that hand has been read and is no longer virgin (the estimates used to
// describe the hands before the swap until the next line).
func TestEstimatesMoveWithSwap(t *testing.T) {
	found := 0
	for seed := uint64(1); seed < 200 && found < 1; seed++ {
		sim, err := engine.Simulate(engine.SimOptions{Players: 5, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		const seat = 0
		setup := len(engine.SetupLines(sim.Config, sim.Players, seat, nil))
		g := NewGame()
		g.Particles = 100
		for i, line := range sim.Logs[seat] {
			if err := g.Apply(line); err != nil {
				t.Fatal(err)
			}
			if i < setup || g.track() == nil {
				continue
			}
			if len(g.tr.Obs) == 0 {
				continue
			}
			e := g.tr.Obs[len(g.tr.Obs)-1]
			if e.Kind != engine.EvPlay || e.As != engine.Socialite || e.P == seat || e.Q < 0 || e.Q == seat {
				continue
			}
			virgin := 0
			for _, p := range g.tr.Parts {
				if p.S.Virgin[e.Q] {
					virgin++
				}
			}
			if virgin == 0 {
				continue // the target's hand was read already
			}
			found++
			for _, p := range g.tr.Now {
				if p.S.Virgin[e.Q] {
					t.Fatalf("seed %d line %d %q: a particle has not made the swap", seed, i+1, line)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no Socialite played on a virgin hand of another player")
	}
	t.Logf("%d swaps", found)
}
