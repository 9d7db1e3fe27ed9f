package deductio

import (
	"context"
	"math/big"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// bruteGuess is, by enumerating every world of the seat's view and in each
// every world of opponent o's view (the public game plus o's own numbers,
// SAT enumeration, not the counter), the distribution of the fewest
// candidates o has for another player's current number.
func bruteGuess(t *testing.T, g *Game, o, limit int) []*big.Rat {
	ctx := context.Background()
	pub, err := g.publicState()
	if err != nil {
		t.Fatal(err)
	}
	st := g.st
	dist := make([]*big.Rat, limit)
	for i := range dist {
		dist[i] = new(big.Rat)
	}
	n := 0
	for w := range solver.NewSAT(st.prob).Worlds(ctx) {
		n++
		view := pub.prob.Clone()
		var cons []solver.Constraint
		for c, h := range w {
			if st.owner[h] == o {
				cons = append(cons, solver.Holds(solver.Card(c), h))
			}
		}
		if _, err := view.Add(solver.Observation{Label: "own", Constraints: cons}); err != nil {
			t.Fatal(err)
		}
		cands := make([]map[int]bool, len(st.players))
		for j := range cands {
			cands[j] = map[int]bool{}
		}
		for v := range solver.NewSAT(view).Worlds(ctx) {
			for c, h := range v {
				for j := range st.players {
					if h == st.cur(j) {
						cands[j][c] = true
					}
				}
			}
		}
		best := MaxNumber
		for j := range st.players {
			if j != o {
				best = min(best, len(cands[j]))
			}
		}
		k := min(best, limit) - 1
		dist[k].Add(dist[k], big.NewRat(1, 1))
	}
	for i := range dist {
		dist[i].Quo(dist[i], big.NewRat(int64(n), 1))
	}
	return dist
}

// TestThreatsBrute checks Deductio's exact threat figures against brute
// force at positions of simulated games where the seat's view admits few
// worlds.
func TestThreatsBrute(t *testing.T) {
	ctx := context.Background()
	checked, some := 0, 0
	for seed := uint64(1); seed <= 30 && checked < 6; seed++ {
		sim, err := Simulate(SimOptions{Players: 3 + int(seed%2), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame()
		for i, l := range sim.Logs[0] {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
			if i < 6 || i%5 != 0 || g.st.winner() >= 0 {
				continue
			}
			c, err := solver.NewCounter(g.st.prob).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if c.Cmp(big.NewInt(60)) > 0 {
				continue
			}
			const limit = 4
			figs, err := g.Threats(ctx, ThreatOptions{ExactWorlds: 1 << 20, Limit: limit})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range figs {
				if !f.Exact {
					t.Fatal("not exact")
				}
				want := bruteGuess(t, g, f.Opponent, limit)
				for k := range want {
					if f.Open[k].Cmp(want[k]) != 0 {
						t.Errorf("seed %d line %d, %s: P(%d open) = %s, brute force %s", seed, i, sim.Players[f.Opponent], k+1, f.Open[k].RatString(), want[k].RatString())
					}
				}
				if f.Certain.Sign() > 0 {
					some++
				}
			}
			checked++
		}
	}
	if checked < 6 || some == 0 {
		t.Errorf("%d positions checked, %d opponents possibly certain: too weak a test", checked, some)
	}
	_ = threat.Unit
}
