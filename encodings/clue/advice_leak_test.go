package clue

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// bruteOnlookerGain is, by counting deals one by one, the mutual
// information between the envelope and who shows (the first of the seat's
// left-hand neighbours holding one of the asked cards, or nobody) over the
// deals of view.
func bruteOnlookerGain(view []solver.World, q []solver.Card, seat, players int) float64 {
	joint := map[[2]string]float64{}
	pe := map[string]float64{}
	pk := map[string]float64{}
	for _, v := range view {
		who := "nobody"
		for k := 1; k < players && who == "nobody"; k++ {
			r := (seat + k) % players
			for _, c := range q {
				if int(v[c]) == r {
					who = fmt.Sprint(r)
				}
			}
		}
		e := envOf(v)
		joint[[2]string{e, who}]++
		pe[e]++
		pk[who]++
	}
	n := float64(len(view))
	gain := 0.0
	for k, x := range joint {
		gain += x / n * math.Log2(x*n/(pe[k[0]]*pk[k[1]]))
	}
	return max(gain, 0)
}

// TestLeakAdviceBrute checks Clue's exact leaks against brute force on
// seeded games of a 9-card deck: for every question, every deal of the
// seat's view, every choice of a card shown to the opponent out of the
// seat's sight, the deals the opponent cannot tell apart are enumerated and
// the information who shows gives about the envelope is counted over them.
// It also checks the score (gain less the largest leak) and the ranking.
func TestLeakAdviceBrute(t *testing.T) {
	ctx := context.Background()
	nonzero, differ := 0, 0
	for seed := range uint64(10) {
		s := newSmallGame(seed, 1+int(seed%4))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
		}
		adv, err := g.LeakAdvice(ctx, LeakOptions{Samples: 1 << 20, All: true})
		if err != nil {
			t.Fatal(err)
		}
		if adv.Leak == nil || !adv.Leak.Exact {
			t.Fatalf("seed %d: leaks not exact", seed)
		}
		if len(adv.Questions) != 27 {
			t.Fatalf("seed %d: %d questions", seed, len(adv.Questions))
		}
		for qi, q := range adv.Questions {
			worst := 0.0
			if len(q.Leaks) != 2 {
				t.Fatalf("seed %d: %d leaks", seed, len(q.Leaks))
			}
			for i, l := range q.Leaks {
				o := i + 1
				if l.Opponent != smallNames[o] {
					t.Fatalf("seed %d: leak %d to %s", seed, i, l.Opponent)
				}
				want := 0.0
				worlds := 0
				bruteViews(t, g, s, o, func(w solver.World, share *big.Rat, view []solver.World) {
					if share == nil {
						worlds++
						return
					}
					sh, _ := share.Float64()
					want += sh * bruteOnlookerGain(view, q.Cards, 0, 3)
				})
				want /= float64(worlds)
				if math.Abs(l.Gain-want) > 1e-9 || l.StdErr != 0 {
					t.Errorf("seed %d, %v: leak to %s %.6f ± %g, brute force %.6f", seed, q.Names, l.Opponent, l.Gain, l.StdErr, want)
				}
				if want > 1e-6 {
					nonzero++
				}
				worst = max(worst, want)
			}
			if math.Abs(q.Score-(q.Gain-worst)) > 1e-9 {
				t.Errorf("seed %d, %v: score %.6f, gain %.6f, largest leak %.6f", seed, q.Names, q.Score, q.Gain, worst)
			}
			if qi > 0 && adv.Questions[qi-1].Score < q.Score {
				t.Errorf("seed %d: %v ranked after %v with a higher score", seed, q.Names, adv.Questions[qi-1].Names)
			}
			if math.Abs(q.Score-q.Gain) > 1e-6 {
				differ++
			}
		}
	}
	if nonzero == 0 || differ == 0 {
		t.Errorf("leaks nonzero %d times, change the score %d times: the test is too weak", nonzero, differ)
	}
}

// TestLeakAdviceSampled checks the sampled leaks: with fewer samples than
// worlds, each leak is within five standard errors (plus 0.01 bit) of the
// exact one, and the same seed gives the same figures.
func TestLeakAdviceSampled(t *testing.T) {
	ctx := context.Background()
	s := newSmallGame(3, 0)
	g := NewGame()
	for _, l := range s.log {
		if err := g.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	exact, err := g.LeakAdvice(ctx, LeakOptions{Samples: 1 << 20, All: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{}
	for _, q := range exact.Questions {
		for _, l := range q.Leaks {
			want[fmt.Sprint(q.Names, l.Opponent)] = l.Gain
		}
	}
	a, err := g.LeakAdvice(ctx, LeakOptions{Samples: 10, Seed: 9, All: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.Leak.Exact || a.Leak.Samples != 10 {
		t.Fatalf("exact %v, %d samples", a.Leak.Exact, a.Leak.Samples)
	}
	b, err := g.LeakAdvice(ctx, LeakOptions{Samples: 10, Seed: 9, All: true})
	if err != nil {
		t.Fatal(err)
	}
	for qi, q := range a.Questions {
		for i, l := range q.Leaks {
			w := want[fmt.Sprint(q.Names, l.Opponent)]
			if math.Abs(l.Gain-w) > 5*l.StdErr+0.01 {
				t.Errorf("%v to %s: sampled %.4f ± %.4f, exact %.4f", q.Names, l.Opponent, l.Gain, l.StdErr, w)
			}
			if m := b.Questions[qi].Leaks[i]; m != l {
				t.Errorf("%v to %s: %v, then %v with the same seed", q.Names, l.Opponent, l, m)
			}
		}
	}
}

// TestOnlookerGainCounting checks the counting path of an onlooker's gain
// (one count per responder) against the enumerating path, which
// TestLeakAdviceBrute checks against brute force: every question, in the
// views of both opponents in every deal of the seat's view.
func TestOnlookerGainCounting(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for seed := range uint64(4) {
		s := newSmallGame(seed, 1+int(seed%3))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
		}
		p, _ := g.Problem()
		ck := g.threatCheck(p)
		for o := 1; o < 3; o++ {
			for w := range solver.NewSAT(p).Worlds(ctx) {
				for _, cb := range ck.combos(o, w) {
					ck.extra = cb
					_, seen := ck.views.Seen(o, w)
					view := ck.views.Known(o)
					if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
						t.Fatal(err)
					}
					enum, err := g.questionGains(ctx, view, solver.NewCounter(view), 0, true, nil)
					if err != nil {
						t.Fatal(err)
					}
					sheet, err := solver.NewSAT(view).Sheet(ctx)
					if err != nil {
						t.Fatal(err)
					}
					a := &asker{g: g, p: view, cnt: solver.NewCounter(view), sheet: sheet, seat: 0, showerOnly: true}
					for i, q := range g.Questions() {
						qa, err := a.advise(ctx, q)
						if err != nil {
							t.Fatal(err)
						}
						if math.Abs(qa.Gain-enum[i].Gain) > 1e-9 {
							t.Errorf("seed %d, %s's view, %v: counting %.6f, enumerating %.6f", seed, smallNames[o], enum[i].Names, qa.Gain, enum[i].Gain)
						}
						checked++
					}
				}
				ck.extra = nil
			}
		}
	}
	if checked == 0 {
		t.Error("nothing checked")
	}
}

// TestLeakAdviceTop checks that weighing the questions by decreasing gain
// until none can reach the ten best scores ranks the top ten as weighing
// every question does, with the same figures.
func TestLeakAdviceTop(t *testing.T) {
	ctx := context.Background()
	pruned := 0
	for seed := range uint64(10) {
		s := newSmallGame(seed, 1+int(seed%4))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
		}
		all, err := g.LeakAdvice(ctx, LeakOptions{Samples: 1 << 20, All: true})
		if err != nil {
			t.Fatal(err)
		}
		top, err := g.LeakAdvice(ctx, LeakOptions{Samples: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if all.Leak.Weighed != 27 || top.Leak.Weighed < topQuestions {
			t.Fatalf("seed %d: %d and %d weighed", seed, all.Leak.Weighed, top.Leak.Weighed)
		}
		if top.Leak.Weighed < 27 {
			pruned++
		}
		for i := range topQuestions {
			a, b := all.Questions[i], top.Questions[i]
			if math.Abs(a.Score-b.Score) > 1e-12 || math.Abs(a.Gain-b.Gain) > 1e-12 {
				t.Errorf("seed %d, rank %d: %v score %.6f gain %.6f, every question weighed: %v score %.6f gain %.6f", seed, i+1, b.Names, b.Score, b.Gain, a.Names, a.Score, a.Gain)
			}
		}
		for _, q := range top.Questions[top.Leak.Weighed:] {
			if q.Leaks != nil {
				t.Errorf("seed %d: %v not weighed but has leaks", seed, q.Names)
			}
			if q.Gain > top.Questions[topQuestions-1].Score {
				t.Errorf("seed %d: %v not weighed, gain %.6f above the tenth score %.6f", seed, q.Names, q.Gain, top.Questions[topQuestions-1].Score)
			}
		}
	}
	if pruned == 0 {
		t.Error("every question weighed in every game: the test is too weak")
	}
}

// TestLeakAdviceLimit checks LeakOptions.Limit: the questions weighed are
// the Limit of highest gain, with the figures every question weighed gives
// them, ranked by score; the rest follow by gain without leaks; Capped is
// set exactly when a question not weighed could still reach the ten best
// scores.
func TestLeakAdviceLimit(t *testing.T) {
	ctx := context.Background()
	capped := 0
	for seed := range uint64(10) {
		s := newSmallGame(seed, 1+int(seed%4))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
		}
		all, err := g.LeakAdvice(ctx, LeakOptions{Samples: 1 << 20, All: true})
		if err != nil {
			t.Fatal(err)
		}
		score := map[string]float64{}
		for _, q := range all.Questions {
			score[fmt.Sprint(q.Names)] = q.Score
		}
		for _, limit := range []int{1, 5, 12} {
			lim, err := g.LeakAdvice(ctx, LeakOptions{Samples: 1 << 20, Limit: limit})
			if err != nil {
				t.Fatal(err)
			}
			w := lim.Leak.Weighed
			if w > limit {
				t.Fatalf("seed %d, limit %d: %d weighed", seed, limit, w)
			}
			var weighed, rest []float64
			for i, q := range lim.Questions {
				if i < w {
					if q.Leaks == nil || math.Abs(q.Score-score[fmt.Sprint(q.Names)]) > 1e-12 {
						t.Errorf("seed %d, limit %d: %v score %.6f, every question weighed %.6f", seed, limit, q.Names, q.Score, score[fmt.Sprint(q.Names)])
					}
					if i > 0 && q.Score > lim.Questions[i-1].Score {
						t.Errorf("seed %d, limit %d: weighed questions not ranked by score", seed, limit)
					}
					weighed = append(weighed, q.Gain)
					continue
				}
				if q.Leaks != nil {
					t.Errorf("seed %d, limit %d: %v not weighed but has leaks", seed, limit, q.Names)
				}
				rest = append(rest, q.Gain)
			}
			if len(rest) > 0 && slices.Min(weighed) < slices.Max(rest)-1e-12 {
				t.Errorf("seed %d, limit %d: a question of gain %.6f weighed before one of gain %.6f", seed, limit, slices.Min(weighed), slices.Max(rest))
			}
			// Capped: some question left could reach the ten best scores.
			could := false
			scores := []float64{}
			for _, q := range lim.Questions[:w] {
				scores = append(scores, q.Score)
			}
			slices.Sort(scores)
			for _, gain := range rest {
				if len(scores) < topQuestions || gain > scores[len(scores)-topQuestions] {
					could = true
				}
			}
			if lim.Leak.Capped != could {
				t.Errorf("seed %d, limit %d: capped %v, a question left could reach the top: %v", seed, limit, lim.Leak.Capped, could)
			}
			if lim.Leak.Capped {
				capped++
			}
		}
	}
	if capped == 0 {
		t.Error("the limit never capped the weighing: the test is too weak")
	}
}
