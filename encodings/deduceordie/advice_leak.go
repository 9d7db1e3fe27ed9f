package deduceordie

import (
	"cmp"
	"context"
	"errors"
	"math"
	"math/big"
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
	// leaks[i][qi] are opponent opps[i]'s gains from question qi, one a
	// world; a view (the opponent's hand in a world) is computed once.
	leaks := make([][][]float64, len(opps))
	for i, o := range opps {
		leaks[i] = make([][]float64, len(adv.Questions))
		known := v.Known(o)
		cache := map[string][]float64{}
		for _, w := range worlds {
			key, seen := v.Seen(o, w)
			gs, ok := cache[key]
			if !ok {
				view := known.Clone()
				if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
					return nil, err
				}
				if gs, err = g.viewLeaks(ctx, view, o, exposed, adv.Questions); err != nil {
					return nil, err
				}
				cache[key] = gs
			}
			for qi, x := range gs {
				leaks[i][qi] = append(leaks[i][qi], x)
			}
		}
	}
	for qi := range adv.Questions {
		q := &adv.Questions[qi]
		worst := 0.0
		q.Leaks = nil
		for i, o := range opps {
			m, se := meanSE(leaks[i][qi])
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

// viewLeaks is, for each of the seat's questions, what opponent o, whose
// view is the problem view, expects to learn from its answer: the mutual
// information of the answer and (Evidence pair, murderer) in that view, as
// [Game.Advice] computes a question's gain, 0 for a question asked of o.
// Only that is computed: one split of the joint by every question's
// answer, in one counter. A card that unit propagation places with the
// asked player or elsewhere adds a constant to the answer and is left out
// of the tally; questions whose remaining cards are the same are counted
// once, and a question with none left teaches nothing.
func (g *Game) viewLeaks(ctx context.Context, view *solver.Problem, o int, exposed Card, qs []Question) ([]float64, error) {
	gains := make([]float64, len(qs))
	ids := make([]int, len(view.Observations()))
	for id := range ids {
		ids[id] = id
	}
	fixed := solver.NewPropagator(view, ids).Run(nil)
	if fixed.Conflict() != nil {
		return nil, solver.ErrInconsistent
	}
	type tkey struct {
		d    int
		open uint32
	}
	slot := map[tkey]int{}
	var tallies []solver.Tally
	at := make([]int, len(qs)) // the question's tally, -1 for none
	for qi, q := range qs {
		at[qi] = -1
		if q.Opponent == o {
			continue
		}
		var open []Card
		for _, c := range q.Range.Cards() {
			if fixed.Status(c, solver.Holder(q.Opponent)) == solver.Open {
				open = append(open, c)
			}
		}
		if len(open) == 0 {
			continue
		}
		k := tkey{q.Opponent, mask(open)}
		s, ok := slot[k]
		if !ok {
			s = len(tallies)
			slot[k] = s
			tallies = append(tallies, solver.Tally{Holder: solver.Holder(q.Opponent), Cards: open})
		}
		at[qi] = s
	}
	if len(tallies) == 0 {
		return gains, nil
	}
	split, err := solver.NewCounter(view).ContentsAndHolderByTally(ctx, g.evidenceH(), murdererPick(exposed), tallies)
	if err != nil {
		return nil, err
	}
	// The joint over every answer of any one tally is the view's joint.
	all := tjoint{}
	for _, out := range split[0] {
		for k, n := range toJoint(out.Joint) {
			if all[k] == nil {
				all[k] = new(big.Int)
			}
			all[k].Add(all[k], n)
		}
	}
	h0, total := all.entropy()
	if total.Sign() == 0 {
		return nil, solver.ErrInconsistent
	}
	tf := bigFloat(total)
	tg := make([]float64, len(tallies))
	for ti, outs := range split {
		if len(outs) < 2 {
			continue // one answer: nothing learnt
		}
		cond := 0.0
		for _, out := range outs {
			hk, nk := jointEntropy(out.Joint)
			cond += nk / tf * hk
		}
		tg[ti] = max(0, h0-cond)
	}
	for qi, s := range at {
		if s >= 0 {
			gains[qi] = tg[s]
		}
	}
	return gains, nil
}

// jointEntropy is the entropy, in bits, of a joint count whose outcomes are
// all distinct (as [solver.Counter.ContentsAndHolderByTally] gives them),
// and its total as a float64.
func jointEntropy(jc []solver.ContentHolderCount) (h, total float64) {
	fs := make([]float64, 0, len(jc))
	for _, x := range jc {
		if x.Count.Sign() > 0 {
			f := bigFloat(x.Count)
			fs = append(fs, f)
			total += f
		}
	}
	for _, f := range fs {
		p := f / total
		h -= p * math.Log2(p)
	}
	return h, total
}

// bigFloat is n as the nearest float64.
func bigFloat(n *big.Int) float64 {
	if n.IsUint64() {
		return float64(n.Uint64())
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
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
