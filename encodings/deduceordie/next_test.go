package deduceordie

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// naiveWithin is, by brute force, the opponent model of threat.Within in
// Deduce or Die for opponent o of n players: view is every world o cannot
// tell from the true world w (equally likely); at each turn o asks the
// question (every range of SecretRanges, in order, each of the players
// after o in turn order; the first of equal ones) whose answer leaves one
// winning accusation with the highest probability, hears w's count and is
// certain when one is left. It returns the chance of being certain within
// 1 to turns turns; every such chance is 0 or 1.
func naiveWithin(view []solver.World, o, n int, w solver.World, exposed Card, ev solver.Holder, turns int) []int {
	sol := func(v solver.World) string {
		pair, t, ok := accusationOf(v, o, exposed, ev)
		if !ok {
			return fmt.Sprint(pair)
		}
		return fmt.Sprint(pair, v[t])
	}
	out := make([]int, turns)
	sols := map[string]bool{}
	for _, v := range view {
		sols[sol(v)] = true
	}
	if len(sols) == 1 {
		for k := range out {
			out[k] = 1
		}
		return out
	}
	if turns == 0 {
		return out
	}
	count := func(r Range, d int, v solver.World) int {
		k := 0
		for _, c := range r.Cards() {
			if int(v[c]) == d {
				k++
			}
		}
		return k
	}
	var bestR Range
	bestD, bestN := -1, -1
	for _, r := range SecretRanges() {
		for j := 1; j < n; j++ {
			d := (o + j) % n
			by := map[int]map[string]int{}
			for _, v := range view {
				a := count(r, d, v)
				if by[a] == nil {
					by[a] = map[string]int{}
				}
				by[a][sol(v)]++
			}
			m := 0
			for _, s := range by {
				if len(s) == 1 {
					for _, x := range s {
						m += x
					}
				}
			}
			if m > bestN {
				bestR, bestD, bestN = r, d, m
			}
		}
	}
	a := count(bestR, bestD, w)
	var sub []solver.World
	for _, v := range view {
		if count(bestR, bestD, v) == a {
			sub = append(sub, v)
		}
	}
	r := naiveWithin(sub, o, n, w, exposed, ev, turns-1)
	subSols := map[string]bool{}
	for _, v := range sub {
		subSols[sol(v)] = true
	}
	for k := range out {
		switch {
		case len(subSols) == 1:
			out[k] = 1
		case k > 0:
			out[k] = r[k-1]
		}
	}
	return out
}

// TestWithinBrute checks each opponent's chance to be certain within 1, 2
// and 3 of its turns (threat.Figure.Within, exact) against naiveWithin on
// late positions of seeded games (threatPosition, at most 12 worlds from
// the seat; two games, 30 with -long): every world of the seat's view, and in each the opponent's
// view rebuilt from the log's lines (opponentView) and the opponent's
// hand, every one of its worlds listed. Why: the next-turn figure drives
// the decision to accuse.
func TestWithinBrute(t *testing.T) {
	ctx := context.Background()
	const turns = 3
	checked, differ := 0, 0
	cases := []struct {
		players int
		seed    uint64
	}{{3, 1}, {4, 3}}
	if *long {
		cases = append(cases, []struct {
			players int
			seed    uint64
		}{{3, 2}, {4, 4}, {5, 5}, {6, 6}}...)
		for s := range uint64(24) {
			cases = append(cases, struct {
				players int
				seed    uint64
			}{3 + int(s%4), 100 + s})
		}
	}
	for _, tc := range cases {
		g, sim, applied := threatPosition(t, tc.players, tc.seed, 12)
		figs, err := g.Threats(ctx, ThreatOptions{Limit: 2, Turns: turns, ViewWorlds: 1 << 14})
		if err != nil {
			t.Fatal(err)
		}
		ev := g.evidenceH()
		for _, f := range figs {
			if f.Cut.Sign() != 0 {
				t.Logf("%d players seed %d, %s: a view over the limit; skipped", tc.players, tc.seed, sim.Players[f.Opponent])
				continue
			}
			vg := opponentView(t, applied, sim.Players, f.Opponent)
			want := make([]*big.Rat, turns)
			for k := range want {
				want[k] = new(big.Rat)
			}
			worlds := 0
			for w := range solver.NewSAT(g.prob).Worlds(ctx) {
				worlds++
				p := vg.Problem().Clone()
				var cons []solver.Constraint
				for c, h := range w {
					if int(h) == f.Opponent {
						cons = append(cons, solver.Holds(Card(c), h))
					}
				}
				if _, err := p.Add(solver.Observation{Label: "hand", Constraints: cons}); err != nil {
					t.Fatal(err)
				}
				var view []solver.World
				for v := range solver.NewSAT(p).Worlds(ctx) {
					view = append(view, v)
				}
				for k, x := range naiveWithin(view, f.Opponent, tc.players, w, g.exposed, ev, turns) {
					want[k].Add(want[k], big.NewRat(int64(x), 1))
				}
			}
			for k := range want {
				want[k].Quo(want[k], big.NewRat(int64(worlds), 1))
				checked++
				if f.Within[k].Cmp(want[k]) != 0 {
					t.Errorf("%d players seed %d, %s: P(certain within %d turns) = %s, brute force %s", tc.players, tc.seed, sim.Players[f.Opponent], k+1, f.Within[k].RatString(), want[k].RatString())
				}
			}
			if f.Within[0].Cmp(f.Certain) > 0 {
				differ++
			}
		}
	}
	t.Logf("%d figures checked; %d opponents' next-turn chance above their certain-now chance", checked, differ)
	if differ == 0 {
		t.Error("no next-turn figure differs from certain-now: the test is too weak")
	}
}
