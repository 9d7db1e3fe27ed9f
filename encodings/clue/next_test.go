package clue

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// naiveWithin is, by brute force, the opponent model of threat.Within
// for opponent o of three players in a 9-card game: view is every deal o
// cannot tell from the true deal w (equally likely); at each turn o asks
// the question (one card of each category, the first category slowest,
// the first of equal ones) whose answer leaves one envelope with the
// highest probability, hears w's answer (the first player after o who
// holds an asked card shows one of them, each with equal chance) and is
// certain when one envelope is left. It returns the chance of being
// certain within 1 to turns turns.
func naiveWithin(view []solver.World, weight []*big.Rat, o int, w solver.World, turns int) []*big.Rat {
	out := make([]*big.Rat, turns)
	for k := range out {
		out[k] = new(big.Rat)
	}
	envs := map[string]bool{}
	for i, v := range view {
		if weight[i].Sign() > 0 {
			envs[envOf(v)] = true
		}
	}
	if len(envs) == 1 {
		for k := range out {
			out[k].SetInt64(1)
		}
		return out
	}
	if turns == 0 {
		return out
	}
	var qs [][3]int
	for a := 0; a < 3; a++ {
		for b := 3; b < 6; b++ {
			for c := 6; c < 9; c++ {
				qs = append(qs, [3]int{a, b, c})
			}
		}
	}
	// answers: key → chance, in deal v.
	answers := func(q [3]int, v solver.World) map[string]*big.Rat {
		for k := 1; k < 3; k++ {
			r := (o + k) % 3
			var has []int
			for _, c := range q {
				if int(v[c]) == r {
					has = append(has, c)
				}
			}
			if len(has) > 0 {
				m := map[string]*big.Rat{}
				for _, c := range has {
					m[smallNames[r]+" shows "+smallCards[c]] = big.NewRat(1, int64(len(has)))
				}
				return m
			}
		}
		return map[string]*big.Rat{"nobody": big.NewRat(1, 1)}
	}
	best, bestP := -1, new(big.Rat)
	for i, q := range qs {
		mass := map[string]*big.Rat{}
		env := map[string]map[string]bool{}
		for j, v := range view {
			for a, p := range answers(q, v) {
				if mass[a] == nil {
					mass[a], env[a] = new(big.Rat), map[string]bool{}
				}
				x := new(big.Rat).Mul(p, weight[j])
				if x.Sign() > 0 {
					mass[a].Add(mass[a], x)
					env[a][envOf(v)] = true
				}
			}
		}
		p := new(big.Rat)
		for a, m := range mass {
			if len(env[a]) == 1 {
				p.Add(p, m)
			}
		}
		if best < 0 || p.Cmp(bestP) > 0 {
			best, bestP = i, p
		}
	}
	for a, p := range answers(qs[best], w) {
		wt := make([]*big.Rat, len(view))
		for j, v := range view {
			wt[j] = new(big.Rat)
			if x, ok := answers(qs[best], v)[a]; ok {
				wt[j].Mul(weight[j], x)
			}
		}
		r := naiveWithin(view, wt, o, w, turns-1)
		sub := map[string]bool{}
		for j, v := range view {
			if wt[j].Sign() > 0 {
				sub[envOf(v)] = true
			}
		}
		for k := range out {
			switch {
			case len(sub) == 1:
				out[k].Add(out[k], p)
			case k > 0:
				out[k].Add(out[k], new(big.Rat).Mul(p, r[k-1]))
			}
		}
	}
	return out
}

// TestWithinBrute checks each opponent's chance to be certain within 1, 2
// and 3 of its turns (threat.Figure.Within, exact) against naiveWithin on
// seeded games of a 9-card deck (24 games, 400 with -long): every deal of the seat's view, every
// choice of a card shown to the opponent out of the seat's sight, every
// deal of the opponent's view. Why: the threat's next-turn figure drives
// the decision to accuse; a wrong choice of question, a wrong answer
// weight or a view with a wrong deal shows here as a wrong ratio.
func TestWithinBrute(t *testing.T) {
	ctx := context.Background()
	const turns = 3
	checked, differ, mismatches := 0, 0, 0
	seeds := uint64(24)
	if *long {
		seeds = 400
	}
	for seed := range seeds {
		s := newSmallGame(seed, 1+int(seed%4))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatalf("seed %d, %q: %v", seed, l, err)
			}
		}
		figs, err := g.Threats(ctx, ThreatOptions{ExactWorlds: 1 << 20, ViewWorlds: 1 << 20, Limit: 2, Turns: turns})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range figs {
			want := make([]*big.Rat, turns)
			for k := range want {
				want[k] = new(big.Rat)
			}
			worlds := 0
			bruteViews(t, g, s, f.Opponent, func(w solver.World, share *big.Rat, view []solver.World) {
				if share == nil {
					worlds++
					return
				}
				wt := make([]*big.Rat, len(view))
				for j := range wt {
					wt[j] = big.NewRat(1, 1)
				}
				for k, x := range naiveWithin(view, wt, f.Opponent, w, turns) {
					want[k].Add(want[k], new(big.Rat).Mul(x, share))
				}
			})
			if f.Cut.Sign() != 0 || len(f.Within) != turns {
				t.Fatalf("seed %d: the figure is cut (%s) or has %d turns", seed, f.Cut.RatString(), len(f.Within))
			}
			for k := range want {
				want[k].Quo(want[k], big.NewRat(int64(worlds), 1))
				checked++
				if f.Within[k].Cmp(want[k]) != 0 {
					mismatches++
					t.Errorf("seed %d %s: P(certain within %d turns) = %s, brute force %s\n%s", seed, smallNames[f.Opponent], k+1, f.Within[k].RatString(), want[k].RatString(), strings.Join(s.log, "\n"))
				}
			}
			if f.Within[0].Cmp(f.Certain) > 0 && f.Within[0].Cmp(big.NewRat(1, 1)) < 0 {
				differ++
			}
		}
	}
	t.Logf("%d figures checked, %d mismatches; %d opponents' next-turn chance strictly between their certain-now chance and 1", checked, mismatches, differ)
	if differ == 0 {
		t.Error("no next-turn figure differs from certain-now and from 1: the test is too weak")
	}
}
