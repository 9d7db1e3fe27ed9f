package estimate

import (
	"math/rand/v2"
	"slices"
)

// Recovery. When no particle fits a line, the tracker goes back to the
// particles it had at the start of an earlier turn, draws RecoveryFactor
// times as many from them (resampling by weight; fresh set-ups when it
// goes back to the deal) and plays the turns since then again, with other
// random draws. That is the same sequential importance sampler, run from
// that turn with more particles: its estimates stay consistent. It goes
// back 1, 2, 4, 8, ... turns, then to the deal, until the particles fit;
// the work of each attempt is known in advance (the replays those turns
// took, times the factor), and an attempt that would take the update
// beyond RecoveryBudget replays is not made (nor continued once it
// would): the tracker then reports that no history was found, and the
// estimates stop there. After a recovery the next closed turn resamples
// the particles back to n.

// Stopped. When no particle fits a line and the update's budget runs out
// before a replay finds one, the estimates stop; the tracker does not.
// It keeps every line that comes (the turns that close meanwhile join the
// closed turns, with the particles at their start when it had them), and
// on each later line it goes on replaying, within that line's
// ResumeBudget replays: a replay from the start of closed turn cp (or
// from fresh deals) with factor times the particles, particle by particle
// and turn by turn, that pauses when the line's budget is spent and
// continues, on the next line, from the particle and turn it reached
// (resume). The replay is the sampler run from cp with more particles
// (looking ahead, for some, at every line since the deal: aheadFrom(0, true));
// run in pieces it draws what it would draw in one go, and when it
// reaches the open turn and some particle fits its lines, those particles
// are the tracker's again: the estimates come back, from a consistent
// estimator of the same posterior. A replay that dies starts the next
// (stopPlan).

// RecoveryBudget bounds the replays of turns that one update's recovery
// may make (a replay is one path of hidden choices through one turn from
// one particle; an 8-player turn from 500 particles takes one to a few
// thousand). At 40,000 the largest update of the benchmark's 100 games
// takes 0.6 s of CPU (docs/benchmarks.md).
const RecoveryBudget = 40000

// RecoveryFactor is how many times n particles a recovery draws.
const RecoveryFactor = 2

// recover rebuilds the particles after they all died at the open turn's
// last line (closing: when closing the open turn).
func (t *Tracker) recover(closing bool, spent int) error {
	for lag := 1; ; lag = min(2*lag, len(t.Hist)) {
		cp := max(0, len(t.Hist)-lag)
		last := cp == 0
		cost := t.openRuns
		for _, h := range t.Hist[cp:] {
			cost += h.runs
		}
		cost *= RecoveryFactor
		if spent+cost > RecoveryBudget {
			if last {
				return errNoHistory
			}
			return errNoHistory // going further back costs more
		}
		u, ok := t.replay(cp, closing, RecoveryBudget-spent)
		spent += u.Runs - t.Runs
		if ok {
			u.Runs = t.Runs + spent
			u.Recovered = t.Recovered + 1
			*t = *u
			return nil
		}
		if last {
			return errNoHistory
		}
	}
}

// replay plays the closed turns from hist[cp] on, then the open turn's
// lines (to its end when closing), with RecoveryFactor times the
// particles and other random draws; it reports whether any particle fits.
// It gives up once it has made budget replays.
func (t *Tracker) replay(cp int, closing bool, budget int) (*Tracker, bool) {
	return t.replayAhead(cp, closing, budget, nil, RecoveryFactor)
}

// replayAhead is replay looking ahead with look (nil: not), with factor
// times the particles.
func (t *Tracker) replayAhead(cp int, closing bool, budget int, look *Lookahead, factor int) (*Tracker, bool) {
	u := t.Clone()
	u.look = look
	u.seed = t.seed*0x9e3779b97f4a7c15 + uint64(len(t.Hist)+1)<<32 + uint64(cp) + uint64(t.Recovered)<<48 + 1
	rng := rand.New(rand.NewPCG(u.seed, 3))
	m := t.N * factor
	open := slices.Clone(t.Obs)
	turns := append([]Checkpoint(nil), t.Hist[cp:]...)
	u.Hist = slices.Clip(t.Hist[:cp])
	start := turns0(turns, t)
	if cp == 0 && (len(turns) > 0 || t.turns < 0) {
		parts, ok := sampleDeals(t.Cfg, t.Seat, t.Hand, t.pins(), m, rng)
		if !ok {
			return u, false
		}
		u.Parts = parts
	} else {
		u.Parts = start.parts
	}
	if fits := look.at(cp); fits != nil {
		// The twisted sampler's start: the particles at cp weighed by ψ.
		var ok []particle
		for _, p := range u.Parts {
			if fits(p.S) {
				ok = append(ok, p)
			}
		}
		if len(ok) == 0 {
			return u, false
		}
		u.Parts = ok
	}
	if !(cp == 0 && (len(turns) > 0 || t.turns < 0)) || look != nil {
		u.Parts = resample(u.Parts, m, rng)
	}
	u.Hard, u.turns = start.Hard, start.turns
	u.N = m
	for _, h := range turns {
		u.Obs = h.Obs
		if !u.step() || u.Runs-t.Runs > budget {
			return u, false
		}
	}
	u.Obs = open
	if closing {
		if !u.step() {
			return u, false
		}
		u.Obs = nil
		if len(u.Parts) > t.N {
			u.Parts = resample(u.Parts, t.N, rng)
		}
	}
	u.N = t.N
	u.look = nil
	return u, u.reweigh()
}

// stopped is the tracker while no particle fits the lines.
type stopped struct {
	from  int  // the turn (index in hist) whose lines the particles missed
	tries int  // replays started
	Wait  bool // the line that stopped it has spent its budget
	job   *resumeJob
}

// resumeJob is a replay under way: its tracker, with the particles at the
// start of the tracker's closed turn next (the open turn when next is
// len(hist)).
type resumeJob struct {
	u      *Tracker
	next   int
	factor int
	st     *stepping // the closing of turn next under way (nil between turns)
}

// halt stops the estimates after the open turn's last line; closing says
// that it was the open turn's closing that failed (the turn is closed).
func (t *Tracker) halt(closing bool) {
	// A closing that fails is followed by its line's add, which must not
	// spend that line's budget twice.
	t.Stop = &stopped{from: len(t.Hist), Wait: closing}
	t.Now = nil
	if closing {
		t.closeStopped()
	}
}

// closeStopped closes the open turn while stopped: its lines join the
// closed turns, with the particles at its start when known.
func (t *Tracker) closeStopped() {
	t.Hist = append(t.Hist, Checkpoint{parts: t.Parts, Obs: t.Obs, Hard: t.Hard, turns: t.turns, runs: -1})
	t.Parts = nil
	t.turns++
	for _, e := range t.Obs {
		Mentions(&t.Hard, e)
	}
	t.Obs = nil
	t.Now = nil
}

// runsOf is the replays closed turn k took (the mean of the known ones
// for a turn closed while stopped).
func (t *Tracker) runsOf(k int) int {
	if k < len(t.Hist) && t.Hist[k].runs >= 0 {
		return t.Hist[k].runs
	}
	sum, n := 0, 0
	for _, h := range t.Hist {
		if h.runs >= 0 {
			sum += h.runs
			n++
		}
	}
	if n == 0 {
		return t.N
	}
	return sum / n
}

// stopPlan is a stopped tracker's i-th replay: where it starts (cp), with
// how many times the particles, and whether it looks ahead. First, with
// twice the particles and looking ahead, from the failing turn's start,
// then 1, 2, 4, ... turns before it, and the first turn (quick, but their
// particles may all share what the failing line needs otherwise); then
// rounds with 4, then 8 times the particles: from the deal without the
// look-ahead (the moves after each resampling keep the histories
// diverse), from the same turns as before looking ahead, and from the
// deal looking ahead.
func (t *Tracker) stopPlan(i int) (cp, factor int, look bool) {
	from := t.Stop.from
	var near []int
	if from > 0 && (from < len(t.Hist) && t.Hist[from].parts != nil || from == len(t.Hist) && t.Parts != nil) {
		near = append(near, from)
	}
	for lag := 1; from-lag > 1; lag *= 2 {
		near = append(near, from-lag)
	}
	if from > 1 {
		near = append(near, 1)
	}
	if i < len(near) {
		return near[i], 2, true
	}
	i -= len(near)
	round := len(near) + 2
	factor = min(4<<(i/round), ResumeMaxFactor)
	switch k := i % round; {
	case k == 0:
		return 0, factor, false
	case k <= len(near):
		return near[k-1], factor, true
	}
	return 0, factor, true
}

// ResumeBudget bounds the replays a stopped tracker makes on a line: less
// than RecoveryBudget, since a closing's moves and the open turn's lines
// come after the last check.
const ResumeBudget = RecoveryBudget * 3 / 4

// ResumeMaxFactor is the most particles of a stopped tracker's replays,
// as a multiple of n.
const ResumeMaxFactor = 8

// Resume goes on with the stopped tracker's replays within budget
// replays (see above); it reports errNoHistory while the estimates stay
// stopped.
func (t *Tracker) Resume(budget int) error {
	st := t.Stop
	if st.Wait {
		st.Wait = false
		return errNoHistory
	}
	spent := 0
	for starts := 0; spent < budget; {
		// spent may pass budget by one particle's replays, and by the
		// moves that follow a closing.
		if st.job == nil {
			if starts++; starts > 64 {
				break
			}
			cp, factor, look := t.stopPlan(st.tries)
			st.tries++
			st.job = t.startJob(cp, factor, look)
			if st.job == nil {
				continue
			}
		}
		j := st.job
		done, ok, used := t.advance(j, budget-spent)
		spent += used
		t.Runs += used
		if !done {
			break // the line's budget is spent: on at the next line
		}
		st.job = nil
		if ok {
			u := j.u
			u.N, u.look, u.Stop = t.N, nil, nil
			u.Runs = t.Runs
			u.Recovered = t.Recovered + 1
			*t = *u
			return nil
		}
	}
	return errNoHistory
}

// startJob starts a stopped tracker's replay from the start of closed
// turn cp (the open turn when cp is len(hist)), with factor times the
// particles; nil when no particle there fits the look-ahead.
func (t *Tracker) startJob(cp, factor int, look bool) *resumeJob {
	u := t.Clone()
	u.Stop = nil
	u.look = nil
	if look {
		u.look = t.AheadFrom(0, true)
	}
	u.seed = t.seed*0x9e3779b97f4a7c15 + uint64(len(t.Hist)+1)<<32 + uint64(cp) + uint64(t.Recovered)<<48 +
		uint64(t.Stop.tries)<<40 + 2
	rng := rand.New(rand.NewPCG(u.seed, 3))
	m := t.N * factor
	u.Hist = slices.Clip(t.Hist[:cp])
	start := Checkpoint{parts: t.Parts, Hard: t.Hard, turns: t.turns}
	if cp < len(t.Hist) {
		start = t.Hist[cp]
	}
	fresh := cp == 0 && (len(t.Hist) > 0 || t.turns < 0)
	if fresh {
		parts, ok := sampleDeals(t.Cfg, t.Seat, t.Hand, t.pins(), m, rng)
		if !ok {
			return nil
		}
		u.Parts = parts
	} else {
		u.Parts = start.parts
	}
	if fits := u.look.at(cp); fits != nil {
		var ok []particle
		for _, p := range u.Parts {
			if fits(p.S) {
				ok = append(ok, p)
			}
		}
		if len(ok) == 0 {
			return nil
		}
		u.Parts = ok
	}
	if !fresh || u.look != nil {
		u.Parts = resample(u.Parts, m, rng)
	}
	u.Hard, u.turns = start.Hard, start.turns
	u.N = m
	u.Obs, u.Now = nil, nil
	return &resumeJob{u: u, next: cp, factor: factor}
}

// advance plays job j's replay on, turn by turn, while its replays fit
// budget (at least one turn); done says it reached the open turn's lines
// or died, ok that particles fit them (j.u is then the tracker's next
// state), used the replays made.
func (t *Tracker) advance(j *resumeJob, budget int) (done, ok bool, used int) {
	u := j.u
	r0 := u.Runs
	for j.next < len(t.Hist) {
		if j.st == nil {
			u.Obs = t.Hist[j.next].Obs
			j.st = u.beginStep()
		}
		for j.st.i < len(u.Parts) {
			if used = u.Runs - r0; used >= budget {
				return false, false, used
			}
			u.stepOne(j.st)
		}
		alive := u.endStep(j.st)
		j.st = nil
		used = u.Runs - r0
		if !alive {
			return true, false, used
		}
		j.next++
	}
	if used > 0 && used+j.factor*t.runsOf(len(t.Hist)) > budget {
		return false, false, used
	}
	u.Obs = slices.Clone(t.Obs)
	u.N = t.N
	u.look = nil
	ok = u.reweigh()
	if !ok {
		u.N = t.N * j.factor
	}
	return true, ok, u.Runs - r0
}
