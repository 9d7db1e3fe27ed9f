package clue

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/threat"
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

// TestDecideNextTurn checks the report's accuse-or-wait decision against
// brute force on the seeded 9-card games: the threat is the chance that
// some opponent can name the envelope with certainty by the end of its
// next turn (naiveWithin, per deal of the seat's view, the opponents
// independent given the deal), and the advice is to accuse now when the
// best accusation is certain or beats 1 − threat. Why: the decision must
// use the opponents' next turns, not only what they know now; the test
// requires games where the two give different advice.
func TestDecideNextTurn(t *testing.T) {
	ctx := context.Background()
	changed := 0
	for seed := range uint64(40) {
		s := newSmallGame(seed, 2+int(seed%4))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatalf("seed %d, %q: %v", seed, l, err)
			}
		}
		r, err := g.Analyze(ctx, true)
		if err != nil {
			t.Fatal(err)
		}
		d := r.decision()
		if d == nil {
			continue
		}
		if !d.Next || d.Cut {
			t.Fatalf("seed %d: the decision does not follow the next turns (next %v, cut %v)", seed, d.Next, d.Cut)
		}
		// none[w] is the chance that no opponent is certain by the end of
		// its next turn in deal w.
		none := map[string]*big.Rat{}
		for _, o := range []int{1, 2} {
			bruteViews(t, g, s, o, func(w solver.World, share *big.Rat, view []solver.World) {
				k := fmt.Sprint(w)
				if none[k] == nil {
					none[k] = big.NewRat(1, 1)
				}
				if share == nil {
					return
				}
				wt := make([]*big.Rat, len(view))
				for j := range wt {
					wt[j] = big.NewRat(1, 1)
				}
				p := naiveWithin(view, wt, o, w, 1)[0]
				// Within one deal, the shown-card choices of o are
				// averaged before the product over opponents.
				k2 := k + "|" + fmt.Sprint(o)
				if none[k2] == nil {
					none[k2] = new(big.Rat)
				}
				none[k2].Add(none[k2], new(big.Rat).Mul(p, share))
			})
		}
		threatSum := new(big.Rat)
		worlds := 0
		// Combine: for each deal, 1 − Π_o (1 − p_o).
		for k := range none {
			if strings.Contains(k, "|") {
				continue
			}
			worlds++
			prod := big.NewRat(1, 1)
			for _, o := range []int{1, 2} {
				p := none[k+"|"+fmt.Sprint(o)]
				prod.Mul(prod, new(big.Rat).Sub(big.NewRat(1, 1), p))
			}
			threatSum.Add(threatSum, new(big.Rat).Sub(big.NewRat(1, 1), prod))
		}
		threatNext := threatSum.Quo(threatSum, big.NewRat(int64(worlds), 1))
		if d.Threat.Cmp(threatNext) != 0 {
			t.Errorf("seed %d: threat %s, brute force %s", seed, d.Threat.RatString(), threatNext.RatString())
		}
		wait := new(big.Rat).Sub(big.NewRat(1, 1), threatNext)
		want := d.Accuse.Cmp(big.NewRat(1, 1)) == 0 || (d.Accuse.Sign() > 0 && d.Accuse.Cmp(wait) > 0)
		if d.Now != want {
			t.Errorf("seed %d: accuse now %v, want %v (accuse %s, threat by next turn %s)", seed, d.Now, want, d.Accuse.RatString(), threatNext.RatString())
		}
		nowOnly, _ := threat.Any(r.Threats, nil)
		waitNow := new(big.Rat).Sub(big.NewRat(1, 1), nowOnly)
		before := d.Accuse.Cmp(big.NewRat(1, 1)) == 0 || (d.Accuse.Sign() > 0 && d.Accuse.Cmp(waitNow) > 0)
		if before != d.Now {
			changed++
		}
	}
	t.Logf("%d games where following the next turns changes the decision", changed)
	if changed == 0 {
		t.Error("no game where the next turns change the decision: the test is too weak")
	}
}
