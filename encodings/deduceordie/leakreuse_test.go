package deduceordie

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestLeakReuseSame checks that the counting engine's lean passes
// (solver.SetLeanPasses: dead vectors reused, the tally split's per-card
// values left narrow) change no leak: at a few positions of simulated 4-
// and 6-player games, LeakAdvice weighing every question gives the same
// gains, leaks and scores with them off, on from empty pools, and on again
// once the pools hold vectors of earlier graphs (where a value not
// cleared, or a vector still read when handed back, would show). Each
// leak must agree to 1e-9 bits.
func TestLeakReuseSame(t *testing.T) {
	ctx := context.Background()
	defer solver.SetLeanPasses(solver.SetLeanPasses(true))
	type position struct {
		players int
		share   float64 // of the game's positions
	}
	weighed := 0
	for _, tc := range []position{{4, 0.3}, {4, 0.6}, {6, 0.1}} {
		var ok []*Game
		for _, g := range prefixes(t, tc.players, 1) {
			if !g.over && !g.eliminated[g.seat] && (g.exposed >= 0 || !HasExposed(tc.players)) {
				ok = append(ok, g)
			}
		}
		pos := int(tc.share * float64(len(ok)))
		rng := rand.New(rand.NewPCG(uint64(tc.players), uint64(pos)))
		draw := [3]Card{Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))}
		name := fmt.Sprintf("%d players, position %d", tc.players, pos)
		c0 := cpuNow()
		var runs []*Advice
		for _, lean := range []bool{false, true, true} {
			solver.SetLeanPasses(lean)
			c := *ok[pos]
			c.cnt = NewGame().cnt // count from scratch each time
			adv, err := c.LeakAdvice(ctx, draw, LeakOptions{All: true, Samples: 4})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			runs = append(runs, adv)
		}
		t.Logf("%s: %v CPU", name, cpuNow()-c0)
		ref := runs[0]
		for k, adv := range runs[1:] {
			if len(adv.Questions) != len(ref.Questions) {
				t.Fatalf("%s, run %d: %d questions, %d the old way", name, k+2, len(adv.Questions), len(ref.Questions))
			}
			for i, q := range adv.Questions {
				r := ref.Questions[i]
				if q.Range != r.Range || q.Opponent != r.Opponent || len(q.Leaks) != len(r.Leaks) ||
					math.Abs(q.Gain-r.Gain) > 1e-9 || math.Abs(q.Score-r.Score) > 1e-9 {
					t.Fatalf("%s, run %d: question %d is %v gain %v score %v, the old way %v gain %v score %v",
						name, k+2, i+1, q, q.Gain, q.Score, r, r.Gain, r.Score)
				}
				for j, l := range q.Leaks {
					if l.Opponent != r.Leaks[j].Opponent || math.Abs(l.Gain-r.Leaks[j].Gain) > 1e-9 {
						t.Errorf("%s, run %d, question %d: leak %+v, the old way %+v", name, k+2, i+1, l, r.Leaks[j])
					}
					if l.Gain > 0 {
						weighed++
					}
				}
			}
		}
	}
	if weighed == 0 {
		t.Error("no positive leak compared: the test tests nothing")
	}
}
