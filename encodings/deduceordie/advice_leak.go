package deduceordie

import (
	"cmp"
	"context"
	"errors"
	"math"
	"math/big"
	"math/bits"
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
	// ViewDraws, when positive, estimates each opponent view's leaks from
	// that many draws of (Evidence pair, murderer) in the view instead of
	// counting them exactly (viewLeaksEstimate: unbiased, each draw's term
	// exact); the leaks' StdErr then includes that estimate's noise, and
	// LeakExact is false.
	ViewDraws int
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
	qs := g.drawQuestions(draw)
	// Jobs: the seat's advice, and each distinct view (an opponent's hand
	// in a world) once, run on every core.
	v := g.views(exposed)
	type job struct {
		o    int
		seen []solver.Constraint
		out  []float64 // the view's leak of each question of qs
		se2  []float64 // its squared standard error when estimated
	}
	var jobs []*job
	at := make([][]*job, len(opps)) // at[i][k]: opps[i]'s view in worlds[k]
	for i, o := range opps {
		byKey := map[string]*job{}
		for _, w := range worlds {
			key, seen := v.Seen(o, w)
			j, ok := byKey[key]
			if opt.ViewDraws > 0 {
				// Estimated views draw afresh in every world, so that
				// the worlds' estimates are independent and their
				// spread is the standard error.
				ok = false
			}
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
				var out, se2 []float64
				var err error
				if opt.ViewDraws > 0 {
					rng := rand.New(rand.NewPCG(opt.Seed, 0x76696577+uint64(k)))
					out, se2, err = g.viewLeaksEstimate(ctx, view, j.o, exposed, qs, opt.ViewDraws, rng)
				} else {
					out, err = g.viewLeaks(ctx, view, j.o, exposed, qs)
				}
				if err != nil {
					fail(err)
					return
				}
				j.out, j.se2 = out, se2
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
	adv.LeakExact = exact && opt.ViewDraws <= 0
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
			switch {
			case exact && opt.ViewDraws <= 0:
				se = 0
			case exact:
				// Every world visited: the error is the views'
				// estimates' alone. The worlds' spread (an upper
				// bound then) is kept when larger than what the
				// views' own draws say, which few draws understate.
				v := 0.0
				for _, j := range at[i] {
					if j.se2 != nil {
						v += j.se2[qi]
					}
				}
				se = max(se, math.Sqrt(v)/float64(len(worlds)))
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
	tallies, at, err := leakTallies(view, o, qs)
	if err != nil {
		return nil, err
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

// leakTallies are the tallies opponent o, whose view is the problem view,
// would learn from the seat's questions qs, and at[qi] the tally of
// question qi (-1 for none: a question asked of o, or one whose every
// card unit propagation already places). A card that unit propagation
// places with the asked player or elsewhere adds a constant to the answer
// and is left out of the tally; questions whose remaining cards are the
// same share one tally.
func leakTallies(view *solver.Problem, o int, qs []Question) (tallies []solver.Tally, at []int, err error) {
	ids := make([]int, len(view.Observations()))
	for id := range ids {
		ids[id] = id
	}
	fixed := solver.NewPropagator(view, ids).Run(nil)
	if fixed.Conflict() != nil {
		return nil, nil, solver.ErrInconsistent
	}
	type tkey struct {
		d    int
		open uint32
	}
	slot := map[tkey]int{}
	at = make([]int, len(qs))
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
	return tallies, at, nil
}

// bigFloat is n as the nearest float64.
func bigFloat(n *big.Int) float64 {
	if n.IsUint64() {
		return float64(n.Uint64())
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
}

// viewLeaksEstimate estimates what viewLeaks computes exactly, from m
// draws of (Evidence pair, murderer) in the view. The leak of a tally A is
// the mutual information I(A; E) of its value and E = (Evidence pair,
// murderer's holder), which is E_e[KL(p(A | e) ‖ p(A))]: the mean, over E
// drawn from the view, of the divergence of the answer's distribution
// given E from its distribution. Each draw e comes from a world of the
// view drawn uniformly; p(A) and p(A | e) are exact (tally counts of the
// view, and of the view with the Evidence pair and the murderer's holder
// fixed, where the Evidence layer has one content instead of hundreds),
// each from the contents of the asked players' hands. A view where an
// asked player has too many possible hands for that is counted exactly.
// So each draw's term is exact and the mean of the m terms is an unbiased
// estimate of the leak; se2 is its squared standard error (the terms'
// variance over m). Draws that repeat an e reuse its counts.
func (g *Game) viewLeaksEstimate(ctx context.Context, view *solver.Problem, o int, exposed Card, qs []Question, m int, rng *rand.Rand) (gains, se2 []float64, err error) {
	gains = make([]float64, len(qs))
	se2 = make([]float64, len(qs))
	tallies, at, err := leakTallies(view, o, qs)
	if err != nil || len(tallies) == 0 {
		return gains, se2, err
	}
	// dist is each tally's distribution in problem p, from the contents
	// of each tally holder (one count per holder).
	dist := func(p *solver.Problem) ([][]float64, error) {
		out := make([][]float64, len(tallies))
		cnt := solver.NewCounter(p)
		byHolder := map[solver.Holder][]solver.ContentCount{}
		for ti, tl := range tallies {
			cs, ok := byHolder[tl.Holder]
			if !ok {
				var err error
				if cs, err = cnt.Contents(ctx, tl.Holder); err != nil {
					return nil, err
				}
				byHolder[tl.Holder] = cs
			}
			in := mask(tl.Cards)
			out[ti] = make([]float64, len(tl.Cards)+1)
			total := 0.0
			for _, c := range cs {
				f := bigFloat(c.Count)
				out[ti][bits.OnesCount32(mask(c.Cards)&in)] += f
				total += f
			}
			if total == 0 {
				return nil, solver.ErrInconsistent
			}
			for v := range out[ti] {
				out[ti][v] /= total
			}
		}
		return out, nil
	}
	prior, err := dist(view)
	if err != nil && ctx.Err() == nil {
		// A holder with too many possible hands to list (early in a
		// game, where the exact count is cheap): count exactly.
		gains, err = g.viewLeaks(ctx, view, o, exposed, qs)
		return gains, se2, err
	}
	if err != nil {
		return nil, nil, err
	}
	cnt := solver.NewCounter(view)
	ev := g.evidenceH()
	type ekey struct {
		a, b Card
		h    solver.Holder
	}
	terms := map[ekey][]float64{}
	sum := make([]float64, len(tallies))
	sum2 := make([]float64, len(tallies))
	for range m {
		w, err := cnt.Sample(ctx, rng)
		if err != nil {
			return nil, nil, err
		}
		var pair []Card
		for c := range Card(NumCards) {
			if w[c] == ev {
				pair = append(pair, c)
			}
		}
		if len(pair) != 2 {
			return nil, nil, errors.New("deduceordie: a world without a two-card Evidence")
		}
		mc := MurdererCard(pair[0], pair[1], exposed)
		k := ekey{pair[0], pair[1], w[mc]}
		kl, ok := terms[k]
		if !ok {
			cv := view.Clone()
			if _, err := cv.Add(solver.Observation{Label: "draw", Constraints: []solver.Constraint{
				solver.Holds(pair[0], ev), solver.Holds(pair[1], ev), solver.Holds(mc, w[mc]),
			}}); err != nil {
				return nil, nil, err
			}
			cond, err := dist(cv)
			if err != nil {
				return nil, nil, err
			}
			kl = make([]float64, len(tallies))
			for ti := range tallies {
				for v, p := range cond[ti] {
					if p > 0 {
						kl[ti] += p * math.Log2(p/prior[ti][v])
					}
				}
			}
			terms[k] = kl
		}
		for ti, x := range kl {
			sum[ti] += x
			sum2[ti] += x * x
		}
	}
	for qi, s := range at {
		if s < 0 {
			continue
		}
		mean := sum[s] / float64(m)
		gains[qi] = max(0, mean)
		if m > 1 {
			se2[qi] = max(0, (sum2[s]-float64(m)*mean*mean)/float64(m-1)) / float64(m)
		}
	}
	return gains, se2, nil
}

// drawQuestions are the questions the seat may ask with the cards it
// drew: every range of the draw, to every opponent, in seat order, as
// Advice lists them before ranking.
func (g *Game) drawQuestions(draw [3]Card) []Question {
	var qs []Question
	for d := range g.players {
		if d != g.seat {
			for _, r := range DrawQuestions(draw) {
				qs = append(qs, Question{Range: r, Opponent: d})
			}
		}
	}
	return qs
}
