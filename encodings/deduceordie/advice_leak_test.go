package deduceordie

import (
	"context"
	"math"
	"math/big"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// bruteLeak is, independently of LeakAdvice, opponent o's expected gain
// from question (r, b) when o's view is view: the entropy of (Evidence
// pair, murderer) less its expectation after each answer, each from its
// own exact joint count over the worlds of the view with that answer.
func bruteLeak(t *testing.T, view *solver.Problem, ev solver.Holder, exposed Card, r Range, b int) float64 {
	t.Helper()
	ctx := context.Background()
	joint := func(p *solver.Problem) (map[string]float64, float64) {
		jc, err := solver.NewCounter(p).ContentsAndHolder(ctx, ev, murdererPick(exposed))
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]float64{}
		total := 0.0
		for _, x := range jc {
			f, _ := new(big.Float).SetInt(x.Count).Float64()
			m[CardName(x.Cards[0])+CardName(x.Cards[1])+string(rune('0'+x.Holder))] += f
			total += f
		}
		return m, total
	}
	ent := func(m map[string]float64, total float64) float64 {
		h := 0.0
		for _, x := range m {
			if x > 0 {
				h -= x / total * math.Log2(x/total)
			}
		}
		return h
	}
	m0, t0 := joint(view)
	gain := ent(m0, t0)
	for k := 0; k <= len(r.Cards()); k++ {
		p := view.Clone()
		if _, err := p.Add(solver.Observation{Label: "answer", Constraints: []solver.Constraint{rangeCount(r, b, k)}}); err != nil {
			t.Fatal(err)
		}
		mk, tk := joint(p)
		if tk == 0 {
			continue
		}
		gain -= tk / t0 * ent(mk, tk)
	}
	return max(gain, 0)
}

// TestLeakAdviceBrute checks the exact leaks of late positions against an
// independent computation: every world of the seat's view, each
// opponent's view in it, every answer counted separately.
func TestLeakAdviceBrute(t *testing.T) {
	ctx := context.Background()
	nonzero := 0
	for _, tc := range []struct {
		players int
		seed    uint64
	}{{3, 1}, {4, 3}} {
		g, _, _ := threatPosition(t, tc.players, tc.seed, 12)
		draw := [3]Card{MakeCard(3, Hearts), MakeCard(5, Spades), MakeCard(5, Spades)}
		adv, err := g.LeakAdvice(ctx, draw, LeakOptions{Samples: 12})
		if err != nil {
			t.Fatal(err)
		}
		if !adv.LeakExact {
			t.Fatal("leaks not exact")
		}
		exposed, _ := g.exposedCard()
		v := g.views(exposed)
		var worlds []solver.World
		for w := range solver.NewSAT(g.prob).Worlds(ctx) {
			worlds = append(worlds, w)
		}
		for _, q := range adv.Questions {
			worst := 0.0
			for _, l := range q.Leaks {
				want := 0.0
				if q.Opponent != l.Opponent {
					for _, w := range worlds {
						_, seen := v.Seen(l.Opponent, w)
						view := v.Known(l.Opponent).Clone()
						if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
							t.Fatal(err)
						}
						want += bruteLeak(t, view, g.evidenceH(), exposed, q.Range, q.Opponent)
					}
					want /= float64(len(worlds))
				}
				if math.Abs(l.Gain-want) > 1e-9 {
					t.Errorf("%d players: %s, leak to %s %.6f, brute force %.6f", tc.players, g.QuestionLine(q), g.players[l.Opponent], l.Gain, want)
				}
				if want > 1e-6 {
					nonzero++
				}
				worst = max(worst, l.Gain)
			}
			if math.Abs(q.Score-(q.Gain-worst)) > 1e-12 {
				t.Errorf("score %.6f, gain %.6f, largest leak %.6f", q.Score, q.Gain, worst)
			}
		}
	}
	if nonzero == 0 {
		t.Error("every leak is 0: the test is too weak")
	}
}
