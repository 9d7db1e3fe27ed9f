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
	// Top is how many of the best questions the advice weighs for
	// certain (default 2: the best and the runner-up the advice names).
	// The questions are weighed asked player by asked player, in
	// decreasing order of their best gain, and a player's questions are
	// left unweighed as soon as none of them can reach the Top best
	// scores weighed so far (a score is at most the gain less any part of
	// a leak already counted). So the Top best questions and their scores
	// are those of weighing every question. All weighs every question.
	Top int
	All bool
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

// boundSlack is how far below the Top-th best score a question's bound
// must fall before it is left unweighed: the bound and the scores sum the
// same leaks in different orders.
const boundSlack = 1e-12

// leakBatch is how many graphs LeakAdvice counts between two checks of
// its bound after the first world's: a constant, so that what is weighed
// does not depend on the number of cores.
const leakBatch = 2

// LeakAdvice is [Game.Advice] with, for the questions it weighs, each
// opponent's expected gain from hearing the answer (Leaks) and the ranking
// score Gain - max(leak): the seat's gain over the rival it serves best. A
// question to an opponent teaches that opponent nothing (the answer is in
// their hand); the Secret Interrogation leaks nothing and keeps its gain
// as score. The first LeakWeighed questions are weighed, ranked by Score;
// they include the [LeakOptions.Top] best (every question with
// [LeakOptions.All]). The others follow in order of gain, without leaks
// or score (nil Leaks, Score 0): none of them can reach the Top best
// scores.
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
	if opt.Top <= 0 {
		opt.Top = 2
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
	// The seat's own gains first: they order the weighing.
	adv, err := g.Advice(ctx, draw)
	if err != nil {
		return nil, err
	}
	// The seat's questions, as Advice lists them before ranking.
	qs := g.drawQuestions(draw)
	type qk struct {
		r Range
		d int
	}
	index := make(map[qk]int, len(qs))
	for qi, q := range qs {
		index[qk{q.Range, q.Opponent}] = qi
	}
	// The views: each distinct one (an opponent's hand in a world) once.
	v := g.views(exposed)
	type view struct {
		id   int
		o    int
		seen []solver.Constraint
		prob *solver.Problem   // built when first counted
		out  map[int][]float64 // asked player -> the view's leak of each question of qs
		se2  map[int][]float64 // its squared standard error when estimated
	}
	var views []*view
	at := make([][]*view, len(opps)) // at[i][k]: opps[i]'s view in worlds[k]
	for i, o := range opps {
		byKey := map[string]*view{}
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
				j = &view{id: len(views), o: o, seen: seen, out: map[int][]float64{}, se2: map[int][]float64{}}
				byKey[key] = j
				views = append(views, j)
			}
			at[i] = append(at[i], j)
		}
	}
	known := make(map[int]*solver.Problem, len(opps))
	for _, o := range opps {
		known[o] = v.Known(o)
	}
	// count counts, for each task, the leaks of the questions asked of
	// t.d in view t.j, the tasks on every core.
	type task struct {
		j *view
		d int
	}
	count := func(ts []task) error {
		for _, t := range ts {
			if t.j.prob == nil {
				t.j.prob = known[t.j.o].Clone()
				if _, err := t.j.prob.Add(solver.Observation{Label: "seen", Constraints: t.j.seen}); err != nil {
					return err
				}
			}
		}
		outs := make([][]float64, len(ts))
		se2s := make([][]float64, len(ts))
		errs := make([]error, len(ts))
		var wg sync.WaitGroup
		var mu sync.Mutex
		next := 0
		for range min(runtime.GOMAXPROCS(0), len(ts)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					mu.Lock()
					k := next
					next++
					mu.Unlock()
					if k >= len(ts) || ctx.Err() != nil {
						return
					}
					t := ts[k]
					if opt.ViewDraws > 0 {
						rng := rand.New(rand.NewPCG(opt.Seed, 0x76696577+uint64(t.j.id)*8+uint64(t.d)))
						outs[k], se2s[k], errs[k] = g.viewLeaksEstimate(ctx, t.j.prob, t.j.o, exposed, qs, t.d, opt.ViewDraws, rng)
					} else {
						outs[k], errs[k] = g.viewLeaks(ctx, t.j.prob, t.j.o, exposed, qs, t.d)
					}
				}
			}()
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return err
		}
		for k, t := range ts {
			if errs[k] != nil {
				return errs[k]
			}
			t.j.out[t.d], t.j.se2[t.d] = outs[k], se2s[k]
		}
		return nil
	}
	// The asked players in decreasing order of their best gain (Advice
	// ranks by gain), and their questions.
	var asked []int
	byAsked := map[int][]int{} // asked player -> indices in qs of its questions Advice lists
	for _, q := range adv.Questions {
		qi := index[qk{q.Range, q.Opponent}]
		if byAsked[q.Opponent] == nil {
			asked = append(asked, q.Opponent)
		}
		byAsked[q.Opponent] = append(byAsked[q.Opponent], qi)
	}
	gain := make([]float64, len(qs))
	for _, q := range adv.Questions {
		gain[index[qk{q.Range, q.Opponent}]] = q.Gain
	}
	var weighed []float64 // the scores of the questions weighed so far
	weighedBy := map[int]bool{}
	// threshold is the Top-th best score weighed so far (-Inf when fewer).
	threshold := func() float64 {
		if opt.All || len(weighed) < opt.Top {
			return math.Inf(-1)
		}
		s := slices.Clone(weighed)
		slices.Sort(s)
		return s[len(s)-opt.Top]
	}
	nw := float64(len(worlds))
	for _, d := range asked {
		th := threshold()
		part := make([][]float64, len(opps)) // part[i][qi]: opps[i]'s leak summed over the worlds counted, over nw
		for i := range part {
			part[i] = make([]float64, len(qs))
		}
		// reach says whether a question of d can still reach the top: its
		// gain less the largest leak counted so far (a lower bound of
		// its largest leak; leaks are never negative) is above th.
		reach := func() bool {
			for _, qi := range byAsked[d] {
				worst := 0.0
				for i := range opps {
					worst = max(worst, part[i][qi])
				}
				if gain[qi]-worst >= th-boundSlack {
					return true
				}
			}
			return false
		}
		if !reach() {
			continue
		}
		// The graphs of d, as (opponent, world): first every opponent's
		// view in the first world, then one opponent at a time, the one
		// that leaks most in the first world first, so that the bound of
		// d's questions (the largest leak's part counted) rises as fast
		// as it can. Counted a batch at a time (leakBatch new graphs, on
		// every core), the bound checked after each batch.
		type item struct{ i, w int }
		var items []item
		for i, o := range opps {
			if o != d {
				items = append(items, item{i, 0})
			}
		}
		first := len(items)
		full := true
		for pos := 0; pos < len(items); {
			var ts []task
			end := pos
			for ; end < len(items); end++ {
				j := at[items[end].i][items[end].w]
				if j.out[d] != nil || slices.ContainsFunc(ts, func(t task) bool { return t.j == j }) {
					continue
				}
				if len(ts) == leakBatch && end >= first || end == first && len(ts) > 0 {
					break
				}
				ts = append(ts, task{j, d})
			}
			if err := count(ts); err != nil {
				return nil, err
			}
			for _, it := range items[pos:end] {
				for _, qi := range byAsked[d] {
					part[it.i][qi] += at[it.i][it.w].out[d][qi] / nw
				}
			}
			pos = end
			if pos == first {
				// The other worlds, by opponent: the one whose
				// first-world leaks of d's questions sum highest first.
				sum := make([]float64, len(opps))
				var order []int
				for i, o := range opps {
					if o != d {
						order = append(order, i)
						for _, qi := range byAsked[d] {
							sum[i] += part[i][qi]
						}
					}
				}
				slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(sum[b], sum[a]) })
				for _, i := range order {
					for w := 1; w < len(worlds); w++ {
						items = append(items, item{i, w})
					}
				}
			}
			if pos < len(items) && !reach() {
				full = false
				break
			}
		}
		if !full {
			continue
		}
		weighedBy[d] = true
		for _, qi := range byAsked[d] {
			worst := 0.0
			for i := range opps {
				worst = max(worst, part[i][qi])
			}
			weighed = append(weighed, gain[qi]-worst)
		}
	}
	adv.LeakSamples = len(worlds)
	adv.LeakExact = exact && opt.ViewDraws <= 0
	adv.LeakTop = opt.Top
	if opt.All {
		adv.LeakTop = len(adv.Questions)
	}
	for k := range adv.Questions {
		q := &adv.Questions[k]
		q.Leaks, q.Score = nil, 0
		if !weighedBy[q.Opponent] {
			continue
		}
		adv.LeakWeighed++
		qi := index[qk{q.Range, q.Opponent}]
		worst := 0.0
		q.Leaks = []Leak{}
		for i, o := range opps {
			xs := make([]float64, len(worlds))
			if o != q.Opponent {
				for w, j := range at[i] {
					xs[w] = j.out[q.Opponent][qi]
				}
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
				if o != q.Opponent {
					for _, j := range at[i] {
						if s := j.se2[q.Opponent]; s != nil {
							v += s[qi]
						}
					}
				}
				se = max(se, math.Sqrt(v)/nw)
			}
			q.Leaks = append(q.Leaks, Leak{Opponent: o, Gain: m, StdErr: se})
			worst = max(worst, m)
		}
		q.Score = q.Gain - worst
	}
	// The weighed questions first, by score; the others keep their order
	// of gain.
	slices.SortStableFunc(adv.Questions, func(a, b Question) int {
		switch {
		case a.Leaks != nil && b.Leaks == nil:
			return -1
		case a.Leaks == nil && b.Leaks != nil:
			return 1
		case a.Leaks == nil:
			return 0
		}
		return cmp.Compare(b.Score, a.Score)
	})
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
// once, and a question with none left teaches nothing. With asked >= 0,
// only the questions asked of that player are weighed (one counting graph),
// the others' leaks left 0.
func (g *Game) viewLeaks(ctx context.Context, view *solver.Problem, o int, exposed Card, qs []Question, asked int) ([]float64, error) {
	gains := make([]float64, len(qs))
	tallies, at, err := leakTallies(view, o, qs, asked)
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
// same share one tally. With asked >= 0, only the questions asked of that
// player have tallies.
func leakTallies(view *solver.Problem, o int, qs []Question, asked int) (tallies []solver.Tally, at []int, err error) {
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
		if q.Opponent == o || asked >= 0 && q.Opponent != asked {
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
func (g *Game) viewLeaksEstimate(ctx context.Context, view *solver.Problem, o int, exposed Card, qs []Question, asked, m int, rng *rand.Rand) (gains, se2 []float64, err error) {
	gains = make([]float64, len(qs))
	se2 = make([]float64, len(qs))
	tallies, at, err := leakTallies(view, o, qs, asked)
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
		gains, err = g.viewLeaks(ctx, view, o, exposed, qs, asked)
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
