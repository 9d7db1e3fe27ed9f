package deduceordie

import (
	"cmp"
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/gumshoe-dev/gumshoe/encodings/threat"
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
	if g.prob == nil {
		return nil, errNoPlayers
	}
	if g.seat < 0 || g.over || g.eliminated[g.seat] || slices.ContainsFunc(draw[:], func(c Card) bool { return c < 0 || c >= NumCards }) {
		return g.Advice(ctx, draw) // which says why there is none
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
	// The seat's worlds: every one when few, else uniform samples.
	cnt := g.cnt.Counter(g.prob)
	n, err := cnt.Count(ctx)
	if err != nil {
		return nil, err
	}
	var worlds []solver.World
	exact := n.IsInt64() && n.Int64() <= int64(opt.Samples)
	if exact {
		for w := range solver.NewSAT(g.prob).Worlds(ctx) {
			worlds = append(worlds, w)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
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
	// The seat's questions, as Advice lists them before ranking.
	var qs []Question
	for d := range g.players {
		if d != g.seat {
			for _, r := range DrawQuestions(draw) {
				qs = append(qs, Question{Range: r, Opponent: d})
			}
		}
	}
	// Jobs: the seat's advice, and each distinct view (an opponent's hand
	// in a world) once, run on every core.
	v := g.views(exposed)
	type job struct {
		o    int
		seen []solver.Constraint
		out  []float64 // the view's leak of each question of qs
	}
	var jobs []*job
	at := make([][]*job, len(opps)) // at[i][k]: opps[i]'s view in worlds[k]
	for i, o := range opps {
		byKey := map[string]*job{}
		for _, w := range worlds {
			key, seen := v.Seen(o, w)
			j, ok := byKey[key]
			if !ok {
				j = &job{o: o, seen: seen}
				byKey[key] = j
				jobs = append(jobs, j)
			}
			at[i] = append(at[i], j)
		}
	}
	known := make(map[int]*solver.Problem, len(opps))
	for _, o := range opps {
		known[o] = v.Known(o)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		adv     *Advice
		mu      sync.Mutex
		jobErr  error
		next    = -1 // -1: the seat's advice
		wg      sync.WaitGroup
		workers = min(runtime.GOMAXPROCS(0), len(jobs)+1)
	)
	// fail keeps the first error and stops the other jobs.
	fail := func(err error) {
		mu.Lock()
		if jobErr == nil {
			jobErr = err
		}
		mu.Unlock()
		cancel()
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				k := next
				next++
				mu.Unlock()
				if k >= len(jobs) || ctx.Err() != nil {
					return
				}
				if k < 0 {
					a, err := g.Advice(ctx, draw)
					if err != nil {
						fail(err)
						return
					}
					adv = a
					continue
				}
				j := jobs[k]
				view := known[j.o].Clone()
				if _, err := view.Add(solver.Observation{Label: "seen", Constraints: j.seen}); err != nil {
					fail(err)
					return
				}
				out, err := g.viewLeaks(ctx, view, j.o, exposed, qs)
				if err != nil {
					fail(err)
					return
				}
				j.out = out
			}
		}()
	}
	wg.Wait()
	if jobErr != nil {
		return nil, jobErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	adv.LeakSamples = len(worlds)
	adv.LeakExact = exact
	type qk struct {
		r Range
		d int
	}
	index := make(map[qk]int, len(qs))
	for qi, q := range qs {
		index[qk{q.Range, q.Opponent}] = qi
	}
	for k := range adv.Questions {
		q := &adv.Questions[k]
		qi := index[qk{q.Range, q.Opponent}]
		worst := 0.0
		q.Leaks = nil
		for i, o := range opps {
			xs := make([]float64, len(worlds))
			for w, j := range at[i] {
				xs[w] = j.out[qi]
			}
			m, se := threat.MeanSE(xs)
			if exact {
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
// answer, in one counter, summed to entropies as it is split
// ([solver.Counter.EntropyByTally]). A card that unit propagation places with the
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
	all, split, err := solver.NewCounter(view).EntropyByTally(ctx, g.evidenceH(), murdererPick(exposed), tallies)
	if err != nil {
		return nil, err
	}
	if all.Worlds.Sign() == 0 {
		return nil, solver.ErrInconsistent
	}
	tf := bigFloat(all.Worlds)
	tg := make([]float64, len(tallies))
	for ti, outs := range split {
		if len(outs) < 2 {
			continue // one answer: nothing learnt
		}
		cond := 0.0
		for _, out := range outs {
			cond += bigFloat(out.Worlds) / tf * out.Bits
		}
		tg[ti] = max(0, all.Bits-cond)
	}
	for qi, s := range at {
		if s >= 0 {
			gains[qi] = tg[s]
		}
	}
	return gains, nil
}

// bigFloat is n as the nearest float64.
func bigFloat(n *big.Int) float64 {
	if n.IsUint64() {
		return float64(n.Uint64())
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
}
