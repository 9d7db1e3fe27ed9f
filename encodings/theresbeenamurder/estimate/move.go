package estimate

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Resample-move. Resampling copies the particles that fit the lines and
// drops the others; over many turns the copies descend from a few
// histories only, and what those few histories decided long ago (where
// the Monkey went in a Gossip, which card a player kept) is all the
// particles know of it (path degeneracy). A line that needs another
// choice, many turns later, then kills every particle.
//
// After each resampling, every particle is therefore moved by a
// Metropolis–Hastings step that leaves the posterior unchanged: it goes
// back L turns along its own history, to its state x_b at the start of
// turn b, and proposes new hidden choices for turns b to now with the
// sampler's own proposal (each turn replayed from the proposed state
// along every path of hidden choices, the next state drawn in
// proportion). The proposal's weight w' is the product of the turns'
// likelihoods (what enumerate returns), the particle's own weight w the
// product of the likelihoods its history recorded for the same turns; the
// proposal replaces the particle's history with probability min(1, w'/w).
//
// Why it is valid: conditional on the history up to x_b, the sampler's
// proposal for turns b to now, q, together with its weight w (an
// unbiased estimate of the lines' likelihood when redraws estimate it),
// defines the extended target π(z) ∝ q(z)·w(z) over the turns' choices and
// redraws z, whose marginal on the hidden histories is the posterior given
// the lines. An independent Metropolis–Hastings step with proposal q
// accepts with min(1, π(z')q(z)/π(z)q(z')) = min(1, w(z')/w(z)), and
// leaves π unchanged; so the particles, equally weighted after
// resampling, stay a sample of the posterior (the estimates stay
// consistent) while the moved ones bring back choices that resampling had
// lost. When b is the deal itself (L reaches past the set-up), x_b is a
// fresh deal drawn from the model's law given the seat's hand, for which
// the same argument holds (every such deal weighs 1).
//
// L is drawn for each particle, uniformly among 1, 2, 4, ..., up to
// moveDepth and the turns closed so far, or the whole game (a fresh deal)
// with probability 1/moveDepth: a mixture of valid kernels, chosen
// independently of the particle, is a valid kernel. The whole sweep is
// bounded: it stops once it has made moveBudget times the replays of the
// turn just closed, or moveMax (in a random order of the particles; a
// particle left unmoved keeps its history, which is also valid).

// anc is one step of a particle's history: its state at the start of a
// turn, the likelihood of the previous turn's lines that the sampler
// found from the state before it, and that state's step.
type anc struct {
	s  *engine.State
	W  float64
	up *anc
	at int // the index in tracker.hist of the turn starting at s
}

// moveDepth bounds how many turns back a move goes.
const moveDepth = 4

// moveBudget bounds a move sweep's replays, as a multiple of the
// replays of the turn it follows; moveMax bounds them outright.
const moveBudget, moveMax = 2.0, 6000

// moveSweeps is how many times a sweep moves each particle, while its
// budget lasts. After a turn that fewer than 1/moveFew of the particles
// fitted, conditional runs (csmc) follow the sweep, within moveFewFactor
// times the sweep's budget.
const moveFew, moveFewFactor, moveSweeps = 4, 1.0, 4

// move runs one Metropolis–Hastings step on every particle (see above),
// after the turn just closed, at which alive particles fitted the lines;
// when fewer than 1/moveFew of them fitted, it then gives conditional
// runs over the whole game (see csmc) to particles drawn at random, within
// moveFewFactor times the same budget.
func (t *Tracker) move(rng *rand.Rand, alive int) {
	if len(t.Hist) == 0 {
		return
	}
	budget := min(int(moveBudget*float64(t.Hist[len(t.Hist)-1].runs)), moveMax)
	if MoveTest.Budget > 0 {
		budget = MoveTest.Budget
	}
	t.Sweep(rng, budget, moveSweeps, func() (int, bool) {
		var depths []int
		for l := 1; l <= moveDepth && l <= len(t.Hist); l *= 2 {
			depths = append(depths, l)
		}
		return depths[rng.IntN(len(depths))], rng.IntN(moveDepth) == 0
	})
	if alive < len(t.Parts)/moveFew {
		t.rejuvenate(rng, int(moveFewFactor*float64(budget)))
	}
}

// rejuvenate gives conditional runs over the whole game (csmc) to
// particles drawn at random, until budget replays are spent.
func (t *Tracker) rejuvenate(rng *rand.Rand, budget int) {
	r0 := t.Runs
	for k, i := range rng.Perm(len(t.Parts)) {
		if t.Runs-r0 > budget {
			break
		}
		if t.Parts[i].A != nil {
			t.Parts[i] = t.csmc(t.Parts[i], k%2 == 0, RescueParticles, rng)
		}
	}
}

// Sweep moves the particles, each up to sweeps times, in a random order,
// until it has made budget replays; block draws each move's L and
// whether it starts from a fresh deal.
func (t *Tracker) Sweep(rng *rand.Rand, budget, sweeps int, block func() (int, bool)) {
	r0 := t.Runs
	parts := t.Parts
	perm := rng.Perm(len(parts))
	for k := range sweeps * len(parts) {
		i := perm[k%len(parts)]
		if t.Runs-r0 > budget {
			break
		}
		p := parts[i]
		if p.A == nil {
			continue
		}
		// The block: back L steps of the particle's history.
		l, fresh := block()
		b, old := p.A, 0.0
		for range l {
			if b.up == nil {
				break
			}
			old += math.Log(b.W)
			b = b.up
		}
		var s *engine.State
		var a *anc
		if fresh {
			for b.up != nil {
				old += math.Log(b.W)
				b = b.up
			}
			deck, removed, ok := sampleDeal(t.Cfg, t.Seat, t.Hand, t.pins(), rng)
			if !ok {
				continue
			}
			s = engine.NewState(t.Cfg, deck, removed)
			s.Virgin[t.Seat] = false
			a = &anc{s: s, W: 1}
		} else {
			s, a = b.s, b
		}
		nw, ok := 0.0, true
		for j := a.at; j < len(t.Hist); j++ {
			h := t.Hist[j]
			v := Tracker{Cfg: t.Cfg, Seat: t.Seat, Hand: t.Hand, Obs: h.Obs, Hard: h.Hard, turns: h.turns}
			w, next := v.enumerate(s, true, rng)
			t.Runs += v.Runs
			if w == 0 {
				ok = false
				break
			}
			nw += math.Log(w)
			s = next
			a = &anc{s: s, W: w, up: a, at: j + 1}
		}
		t.Tried++
		if !ok || !MHAccept(rng, nw, old) {
			continue
		}
		t.Moved++
		parts[i] = particle{S: s, w: p.w, A: a}
	}
}

// MHAccept is the Metropolis–Hastings decision of an independent move:
// the proposal, of log weight logNew, replaces the current state, of log
// weight logOld, with probability min(1, exp(logNew − logOld)). With
// proposals drawn from q, it leaves the law ∝ q·exp(logw) unchanged
// (TestMHAcceptKeepsTarget).
func MHAccept(rng *rand.Rand, logNew, logOld float64) bool {
	return rng.Float64() < math.Exp(logNew-logOld)
}

// Rescue. When no particle fits a line, the particles at the open turn's
// start (a sample of the posterior given the closed turns) are first moved
// harder, by a kernel that rewrites whole histories: conditional
// sequential Monte Carlo (particle Gibbs). For a particle taken as the
// reference, RescueParticles histories are run from the deal (each from
// a fresh deal, or all from the reference's own deal), turn by turn with
// the sampler's proposal, resampled by weight at each turn, while the
// reference keeps its own history and weights; at the end one of them is
// drawn by weight and replaces the particle. This kernel leaves the
// posterior given the closed turns unchanged (Andrieu, Doucet and
// Holenstein, 2010), for any number of histories, and unlike one
// proposal over many turns it survives the turns that most histories do
// not fit (it keeps the few that do). References are drawn at random
// among the particles, one after another, while RescueBudget replays
// last. The moved particles then meet the open turn's lines again; only
// when none fits does the recovery (going back to earlier turns with more
// particles) run, with the budget left.

// RescueBudget bounds the replays of a rescue; RescueParticles is the
// number of histories of each conditional run.
const RescueBudget, RescueParticles = 10000, 32

// rescue moves the particles at the open turn's start (see above) and
// reports whether any then fits the open turn's lines (to its end when
// closing, which then closes it), and the replays it made.
func (t *Tracker) rescue(closing bool, budget int) (bool, int) {
	if len(t.Hist) == 0 || budget <= 0 {
		return false, 0
	}
	rng := rand.New(rand.NewPCG(t.seed^0x5bd1e995, uint64(t.turns+2)<<20|uint64(len(t.Obs))|1<<18))
	r0 := t.Runs
	t.Parts = slices.Clone(t.Parts)
	t.rejuvenate(rng, min(RescueBudget, budget))
	var ok bool
	if closing {
		ok = t.step()
	} else {
		ok = t.reweigh()
	}
	return ok, t.Runs - r0
}

// csmc is one conditional sequential Monte Carlo run with p's history as
// the reference, over the closed turns from the deal (a fresh deal for
// each other history when fresh), with m histories (see above); it
// returns the particle drawn.
func (t *Tracker) csmc(p particle, fresh bool, m int, rng *rand.Rand) particle {
	var ref []*anc // the reference's steps, the deal first
	for b := p.A; b != nil; b = b.up {
		ref = append(ref, b)
	}
	slices.Reverse(ref)
	if ref[0].at != 0 || len(ref) != len(t.Hist)+1 {
		return p
	}
	type hist struct {
		a *anc
		w float64
	}
	cur := make([]hist, m)
	cur[0] = hist{ref[0], 1}
	for k := 1; k < m; k++ {
		cur[k] = hist{ref[0], 1}
		if fresh {
			deck, removed, ok := sampleDeal(t.Cfg, t.Seat, t.Hand, t.pins(), rng)
			if !ok {
				return p
			}
			s := engine.NewState(t.Cfg, deck, removed)
			s.Virgin[t.Seat] = false
			cur[k] = hist{&anc{s: s, W: 1}, 1}
		}
	}
	pick := func(hs []hist) int {
		total := 0.0
		for _, h := range hs {
			total += h.w
		}
		x := rng.Float64() * total
		for k, h := range hs {
			if x -= h.w; x < 0 && h.w > 0 {
				return k
			}
		}
		return 0
	}
	for j := 0; j < len(t.Hist); j++ {
		h := t.Hist[j]
		next := make([]hist, m)
		next[0] = hist{ref[j+1], ref[j+1].W}
		for k := 1; k < m; k++ {
			from := cur[pick(cur)].a
			v := Tracker{Cfg: t.Cfg, Seat: t.Seat, Hand: t.Hand, Obs: h.Obs, Hard: h.Hard, turns: h.turns}
			w, s := v.enumerate(from.s, true, rng)
			t.Runs += v.Runs
			if w > 0 {
				next[k] = hist{&anc{s: s, W: w, up: from, at: j + 1}, w}
			}
		}
		cur = next
	}
	k := pick(cur)
	t.Tried++
	if k != 0 {
		t.Moved++
	}
	return particle{S: cur[k].a.s, w: p.w, A: cur[k].a}
}

// MoveTest are the tests' settings of the move: a fixed budget of
// replays for every sweep (0: moveBudget's), and a move after every turn.
var MoveTest struct {
	Budget int
	Always bool
}
