package deduceordie

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
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
		adv, err := g.LeakAdvice(ctx, draw, LeakOptions{Samples: 12, All: true})
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

// TestLeakAdviceTop checks the bound of LeakAdvice: with Top k, the k best
// questions, their scores and every opponent's leak are those of weighing
// every question (All), the questions left unweighed score below the k-th
// best when weighed, and the bound leaves some unweighed (or the test
// would not test it). With -long: 8 worlds, more positions and 5 players.
func TestLeakAdviceTop(t *testing.T) {
	ctx := context.Background()
	skipped := 0
	type position struct {
		players int
		seed    uint64
		at      []float64 // positions, as a share of the game's
	}
	cases, samples := []position{{3, 1, []float64{0.3, 0.6}}, {4, 0, []float64{0.2}}}, 4
	if *long {
		cases, samples = []position{{3, 1, []float64{0.3, 0.6}}, {4, 0, []float64{0.2, 0.5, 0.7}}, {5, 0, []float64{0.15, 0.4}}}, 8
	}
	for _, tc := range cases {
		gs := prefixes(t, tc.players, int(tc.seed)+1)
		var ok []*Game
		for _, g := range gs {
			if !g.over && !g.eliminated[g.seat] && (g.exposed >= 0 || !HasExposed(tc.players)) {
				ok = append(ok, g)
			}
		}
		rng := rand.New(rand.NewPCG(uint64(tc.players), 34))
		for _, share := range tc.at {
			pos := int(share * float64(len(ok)))
			c := *ok[pos]
			c.cnt = NewGame().cnt // one cache for the position's calls
			g := &c
			c0 := cpuNow()
			for range 2 {
				draw := [3]Card{Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))}
				all, err := g.LeakAdvice(ctx, draw, LeakOptions{All: true, Samples: samples})
				if err != nil {
					t.Fatal(err)
				}
				if all.LeakWeighed != len(all.Questions) {
					t.Fatalf("All weighed %d of %d questions", all.LeakWeighed, len(all.Questions))
				}
				for _, top := range []int{1, 2, 3} {
					adv, err := g.LeakAdvice(ctx, draw, LeakOptions{Top: top, Samples: samples})
					if err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("%d players, position %d, draw %s %s %s, top %d", tc.players, pos, CardName(draw[0]), CardName(draw[1]), CardName(draw[2]), top)
					if len(adv.Questions) != len(all.Questions) {
						t.Fatalf("%s: %d questions, %d with All", name, len(adv.Questions), len(all.Questions))
					}
					if adv.LeakWeighed < min(top, len(all.Questions)) {
						t.Errorf("%s: %d weighed", name, adv.LeakWeighed)
					}
					for k := range min(top, len(all.Questions)) {
						a, b := adv.Questions[k], all.Questions[k]
						if a.Range != b.Range || a.Opponent != b.Opponent || a.Score != b.Score || !slices.Equal(a.Leaks, b.Leaks) {
							t.Errorf("%s: question %d is %s score %v, with All %s score %v", name, k+1, g.QuestionLine(a), a.Score, g.QuestionLine(b), b.Score)
						}
					}
					kth := all.Questions[min(top, len(all.Questions))-1].Score
					score := map[string]float64{}
					for _, q := range all.Questions {
						score[g.QuestionLine(q)] = q.Score
					}
					for k, q := range adv.Questions {
						if k < adv.LeakWeighed {
							if q.Leaks == nil || q.Score != score[g.QuestionLine(q)] {
								t.Errorf("%s: weighed question %s has score %v, with All %v", name, g.QuestionLine(q), q.Score, score[g.QuestionLine(q)])
							}
							continue
						}
						skipped++
						if q.Leaks != nil || q.Score != 0 {
							t.Errorf("%s: unweighed question %s has leaks %v, score %v", name, g.QuestionLine(q), q.Leaks, q.Score)
						}
						if s := score[g.QuestionLine(q)]; s >= kth {
							t.Errorf("%s: unweighed question %s scores %v with All, the %d-th best %v", name, g.QuestionLine(q), s, top, kth)
						}
					}
				}
			}
			t.Logf("%d players, position %d of %d: %v CPU", tc.players, pos, len(ok), cpuNow()-c0)
		}
	}
	if skipped == 0 {
		t.Error("no question left unweighed: the bound is not tested")
	}
	t.Logf("%d questions left unweighed", skipped)
}

// TestLeakAdviceTopText checks what the text says when the bound leaves
// questions unweighed: they show no score, and with Top 1 no runner-up is
// named (the second question weighed need not be it).
func TestLeakAdviceTopText(t *testing.T) {
	ctx := context.Background()
	var ok []*Game
	for _, g := range prefixes(t, 4, 1) {
		if !g.over && !g.eliminated[g.seat] && g.exposed >= 0 {
			ok = append(ok, g)
		}
	}
	c := *ok[3]
	c.cnt = NewGame().cnt
	g := &c
	rng := rand.New(rand.NewPCG(4, 34))
	unweighed := false
	for range 4 {
		draw := [3]Card{Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))}
		for _, top := range []int{1, 2} {
			adv, err := g.LeakAdvice(ctx, draw, LeakOptions{Top: top, Samples: 4})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := g.WriteAdvice(&b, adv); err != nil {
				t.Fatal(err)
			}
			text := b.String()
			if adv.LeakWeighed < len(adv.Questions) != strings.Contains(text, "(not weighed)") {
				t.Errorf("top %d: %d of %d weighed, text:\n%s", top, adv.LeakWeighed, len(adv.Questions), text)
			}
			if hasRunnerUp := strings.Contains(text, "Runner-up:"); hasRunnerUp != (top >= 2 && len(adv.Questions) > 1) {
				t.Errorf("top %d: runner-up named %v:\n%s", top, hasRunnerUp, text)
			}
			unweighed = unweighed || adv.LeakWeighed < len(adv.Questions)
		}
		if unweighed {
			return
		}
	}
	t.Error("every question weighed: the positions do not test the text of unweighed ones")
}
