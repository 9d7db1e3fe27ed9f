package deduceordie

import (
	"cmp"
	"context"
	"errors"
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

// Leak is what one opponent expects to learn from a question's public
// answer: the mutual information, in bits, of the answer and (Evidence
// pair, murderer) in that opponent's view, averaged over the seat's
// worlds (each world fixes the opponent's view).
type Leak struct {
	Opponent int
	Gain     float64
	StdErr   float64 // 0 when exact
}

// LeakAdvice is [Game.Advice] with, for every question, each opponent's
// expected gain from hearing the answer (Leaks) and the ranking score
// Gain - max(leak): the seat's gain over the rival it serves best. A
// question to an opponent teaches that opponent nothing (the answer is in
// their hand); the Secret Interrogation leaks nothing and keeps its gain
// as score. Questions are ranked by Score.
func (g *Game) LeakAdvice(ctx context.Context, draw [3]Card, opt LeakOptions) (*Advice, error) {
	adv, err := g.Advice(ctx, draw)
	if err != nil {
		return nil, err
	}
	exposed, ok := g.exposedCard()
	if !ok {
		return nil, errors.New("advice needs the exposed card: add an exposed line")
	}
	if opt.Samples <= 0 {
		opt.Samples = 8
	}
	var opps []int
	for p := range g.players {
		if p != g.seat && !g.eliminated[p] {
			opps = append(opps, p)
		}
	}
	cnt := g.cnt.Counter(g.prob)
	n, err := cnt.Count(ctx)
	if err != nil {
		return nil, err
	}
	var worlds []solver.World
	if n.IsInt64() && n.Int64() <= int64(opt.Samples) {
		for w := range solver.NewSAT(g.prob).Worlds(ctx) {
			worlds = append(worlds, w)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		adv.LeakExact = true
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
	adv.LeakSamples = len(worlds)
	v := g.views(exposed)
	type qk struct {
		r string
		d int
	}
	// gains[i][q] is opponent opps[i]'s gain from question q in each world.
	sums := make([]map[qk][]float64, len(opps))
	cache := map[string]map[qk]float64{}
	for i, o := range opps {
		sums[i] = map[qk][]float64{}
		known := v.Known(o)
		for _, w := range worlds {
			key, seen := v.Seen(o, w)
			key = string(rune(o)) + key
			gs, ok := cache[key]
			if !ok {
				view := known.Clone()
				if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
					return nil, err
				}
				c := *g
				c.prob = view
				c.seat = o
				c.secretUsed = slices.Clone(g.secretUsed)
				c.secretUsed[o] = true
				c.eliminated = slices.Clone(g.eliminated)
				c.eliminated[o] = false
				c.cnt = &solver.CounterCache{}
				c.threatFor = nil
				oa, err := c.Advice(ctx, draw)
				if err != nil {
					return nil, err
				}
				gs = map[qk]float64{}
				for _, q := range oa.Questions {
					gs[qk{q.Range.String(), q.Opponent}] = q.Gain
				}
				cache[key] = gs
			}
			for _, q := range adv.Questions {
				k := qk{q.Range.String(), q.Opponent}
				x := 0.0
				if q.Opponent != o {
					x = gs[k]
				}
				sums[i][k] = append(sums[i][k], x)
			}
		}
	}
	for qi := range adv.Questions {
		q := &adv.Questions[qi]
		k := qk{q.Range.String(), q.Opponent}
		worst := 0.0
		q.Leaks = nil
		for i, o := range opps {
			xs := sums[i][k]
			m, se := meanSE(xs)
			if adv.LeakExact {
				se = 0
			}
			q.Leaks = append(q.Leaks, Leak{Opponent: o, Gain: m, StdErr: se})
			worst = max(worst, m)
		}
		q.Score = q.Gain - worst
	}
	slices.SortStableFunc(adv.Questions, func(a, b Question) int { return cmp.Compare(b.Score, a.Score) })
	if adv.Secret != nil {
		adv.Secret.Score = adv.Secret.Gain
	}
	adv.Leaky = true
	return adv, nil
}

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
