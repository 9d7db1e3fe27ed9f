package clue

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// LeakOptions tune [Game.LeakAdvice]. The zero value picks the defaults.
type LeakOptions struct {
	// Samples is the number of worlds of the seat's view drawn uniformly
	// (default 8); when the view has no more worlds than that, every world
	// is visited and the leaks are exact.
	Samples int
	// Seed seeds the sampler.
	Seed uint64
}

// Leak is what one opponent expects to learn about the envelope from a
// question of the seat: the mutual information, in bits, between the
// envelope and what the opponent hears of the answer (who passed and who
// showed; the card shown goes to the seat alone), in the opponent's view,
// averaged over the seat's worlds (each world fixes the opponent's view,
// up to the cards shown to them out of the seat's sight, which are
// averaged over as in [Game.Threats]).
type Leak struct {
	Opponent string
	Gain     float64
	StdErr   float64 // 0 when exact
}

// LeakInfo says how the leaks of [Game.LeakAdvice] were computed: Samples
// worlds of the seat's view visited, all of them when Exact.
type LeakInfo struct {
	Samples int
	Exact   bool
}

// LeakAdvice is [Game.AdviseQuestions] with, for every question, each
// opponent's expected gain from hearing its answer (Leaks, every opponent
// still in the game) and the ranking score Gain - max(leak): the seat's
// gain over the rival the question serves best, the rule of Deduce or
// Die's leak-aware advice. Questions are ranked by Score (ties in the
// order of Gain, then deck order).
//
// The shower's choice among several asked cards it holds is uniform, as in
// the seat's own answer distribution; it does not change what an onlooker
// hears. The shower learns nothing new (it knows its hand); it hears the
// passes before it like any onlooker, so its leak is computed the same
// way, in its view.
func (g *Game) LeakAdvice(ctx context.Context, opt LeakOptions) (*Advice, error) {
	qs, err := g.AdviseQuestions(ctx)
	if err != nil {
		return nil, err
	}
	if opt.Samples <= 0 {
		opt.Samples = 8
	}
	p, err := g.Problem()
	if err != nil {
		return nil, err
	}
	seat := g.seatIndex()
	var opps []int
	for i, name := range g.players {
		if i != seat && !g.out[name] {
			opps = append(opps, i)
		}
	}
	cnt := g.counts.Counter(p)
	n, err := cnt.Count(ctx)
	if err != nil {
		return nil, err
	}
	info := &LeakInfo{}
	var worlds []solver.World
	if n.IsInt64() && n.Int64() <= int64(opt.Samples) {
		for w := range solver.NewSAT(p).Worlds(ctx) {
			worlds = append(worlds, w)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		info.Exact = true
	} else {
		rng := rand.New(rand.NewPCG(opt.Seed, 0x6c65616b))
		for range opt.Samples {
			w, err := cnt.Sample(ctx, rng)
			if err != nil {
				return nil, err
			}
			worlds = append(worlds, w)
		}
	}
	info.Samples = len(worlds)
	index := map[string]int{} // question (cards in deck order) -> index in g.Questions()
	for i, q := range g.Questions() {
		index[fmt.Sprint(q)] = i
	}
	ck := g.threatCheck(p)
	cache := map[string][]float64{} // opponent and what they see -> gain of each question
	// per[i][q] is opponent opps[i]'s gain from question q in each world.
	per := make([][][]float64, len(opps))
	for i, o := range opps {
		per[i] = make([][]float64, len(index))
		known := ck.views.Known(o)
		for _, w := range worlds {
			combos := ck.combos(o, w)
			sum := make([]float64, len(index))
			for _, cb := range combos {
				ck.extra = cb
				key, seen := ck.views.Seen(o, w)
				key = string(rune(o)) + key
				gs, ok := cache[key]
				if !ok {
					view := known.Clone()
					if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
						return nil, err
					}
					oq, err := g.questionGains(ctx, view, solver.NewCounter(view), seat, true)
					if err != nil {
						return nil, err
					}
					gs = make([]float64, len(oq))
					for j, q := range oq {
						gs[j] = q.Gain
					}
					cache[key] = gs
				}
				for j, x := range gs {
					sum[j] += x / float64(len(combos))
				}
			}
			ck.extra = nil
			for j, x := range sum {
				per[i][j] = append(per[i][j], x)
			}
		}
	}
	for qi := range qs {
		q := &qs[qi]
		j := index[fmt.Sprint(q.Cards)]
		worst := 0.0
		q.Leaks = []Leak{}
		for i, o := range opps {
			m, se := meanSE(per[i][j])
			if info.Exact {
				se = 0
			}
			q.Leaks = append(q.Leaks, Leak{Opponent: g.players[o], Gain: m, StdErr: se})
			worst = max(worst, m)
		}
		q.Score = q.Gain - worst
	}
	slices.SortStableFunc(qs, func(a, b QuestionOption) int { return cmp.Compare(b.Score, a.Score) })
	if qs == nil {
		qs = []QuestionOption{}
	}
	return &Advice{Questions: qs, Leak: info}, nil
}

// MaxLeak is the largest leak of q and the opponent it goes to ("" when
// there is none above 0).
func (q QuestionOption) MaxLeak() (string, float64) {
	who, worst := "", 0.0
	for _, l := range q.Leaks {
		if l.Gain > worst {
			who, worst = l.Opponent, l.Gain
		}
	}
	return who, worst
}

// meanSE is the mean of xs and its standard error.
func meanSE(xs []float64) (m, se float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	if len(xs) < 2 {
		return m, 0
	}
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	v /= float64(len(xs) - 1)
	return m, math.Sqrt(v / float64(len(xs)))
}
