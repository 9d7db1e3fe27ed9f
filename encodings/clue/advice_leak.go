package clue

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

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
	// All weighs every question. Otherwise the questions are weighed in
	// decreasing order of gain until no question left can reach the ten
	// best scores (a score is at most its gain): the others follow, by
	// gain, without leaks.
	All bool
	// Limit, when above 0 and All is not set, is the most questions
	// weighed: the Limit of highest gain, whether or not others could reach
	// the ten best scores ([LeakInfo.Capped] says when they could). The
	// cost of the leaks grows with the questions weighed; the session's
	// advice sets it (see [SessionLeakLimit]).
	Limit int
}

// SessionLeakLimit is the [LeakOptions.Limit] of the advice the game's
// session, the advise command and the web sheet give: the leaks of the 16
// questions of highest gain, so that advice comes back in seconds even
// early in a 6-player game (docs/strategy.md).
const SessionLeakLimit = 16

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
// worlds of the seat's view visited, all of them when Exact; the first
// Weighed questions carry leaks and scores.
//
// Capped says that [LeakOptions.Limit] stopped the weighing while a
// question not weighed could still reach the ten best scores.
type LeakInfo struct {
	Samples int
	Exact   bool
	Weighed int
	Capped  bool
}

// LeakAdvice is [Game.AdviseQuestions] with, for every question, each
// opponent's expected gain from hearing its answer (Leaks, every opponent
// still in the game) and the ranking score Gain - max(leak): the seat's
// gain over the rival the question serves best, the rule of Deduce or
// Die's leak-aware advice. The weighed questions (all of them with
// [LeakOptions.All], else at least those that can reach the ten best
// scores) come first, ranked by Score (ties in the order of Gain, then
// deck order); the others follow by Gain, with nil Leaks.
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
	// The views of each opponent in each world: one per choice of the
	// cards shown to them out of the seat's sight, with its weight.
	type piece struct {
		key   string
		share float64
	}
	type viewGains struct {
		view  *solver.Problem
		gains map[int]float64
	}
	views := map[string]*viewGains{} // opponent and what they see -> the view and its gains so far
	pieces := make([][][]piece, len(opps))
	for i, o := range opps {
		known := ck.views.Known(o)
		pieces[i] = make([][]piece, len(worlds))
		for wi, w := range worlds {
			combos := ck.combos(o, w)
			for _, cb := range combos {
				ck.extra = cb
				key, seen := ck.views.Seen(o, w)
				key = string(rune(o)) + key
				if views[key] == nil {
					view := known.Clone()
					if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
						return nil, err
					}
					views[key] = &viewGains{view: view, gains: map[int]float64{}}
				}
				pieces[i][wi] = append(pieces[i][wi], piece{key, 1 / float64(len(combos))})
			}
			ck.extra = nil
		}
	}
	// weigh computes the leaks and score of the questions qs[from:to].
	weigh := func(from, to int) error {
		need := map[int]bool{}
		for _, q := range qs[from:to] {
			need[index[fmt.Sprint(q.Cards)]] = true
		}
		for _, vg := range views {
			missing := map[int]bool{}
			for j := range need {
				if _, ok := vg.gains[j]; !ok {
					missing[j] = true
				}
			}
			if len(missing) == 0 {
				continue
			}
			oq, err := g.questionGains(ctx, vg.view, solver.NewCounter(vg.view), seat, true, missing)
			if err != nil {
				return err
			}
			for j, q := range oq {
				if q.Cards != nil {
					vg.gains[j] = q.Gain
				}
			}
		}
		for qi := from; qi < to; qi++ {
			q := &qs[qi]
			j := index[fmt.Sprint(q.Cards)]
			worst := 0.0
			q.Leaks = []Leak{}
			for i, o := range opps {
				xs := make([]float64, len(worlds))
				for wi := range worlds {
					for _, pc := range pieces[i][wi] {
						xs[wi] += pc.share * views[pc.key].gains[j]
					}
				}
				m, se := threat.MeanSE(xs)
				if info.Exact {
					se = 0
				}
				q.Leaks = append(q.Leaks, Leak{Opponent: g.players[o], Gain: m, StdErr: se})
				worst = max(worst, m)
			}
			q.Score = q.Gain - worst
		}
		return nil
	}
	// Questions in decreasing order of gain, in batches, until the next
	// gain cannot reach the top scores: a score is at most its gain.
	done := 0
	for batch := 16; done < len(qs); batch *= 2 {
		if !opt.All && done >= topQuestions {
			scores := make([]float64, done)
			for i := range done {
				scores[i] = qs[i].Score
			}
			slices.Sort(scores)
			if qs[done].Gain <= scores[done-topQuestions] {
				break
			}
		}
		if !opt.All && opt.Limit > 0 && done >= opt.Limit {
			info.Capped = true
			break
		}
		next := min(len(qs), done+batch)
		if !opt.All && opt.Limit > 0 {
			next = min(next, opt.Limit)
		}
		if err := weigh(done, next); err != nil {
			return nil, err
		}
		done = next
	}
	info.Weighed = done
	slices.SortStableFunc(qs[:done], func(a, b QuestionOption) int { return cmp.Compare(b.Score, a.Score) })
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
