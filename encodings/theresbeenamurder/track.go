package theresbeenamurder

import (
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// The tracker estimates where the cards are from one seat by sequential
// importance sampling over hidden histories. Each particle is a complete
// state of the game consistent with what the seat saw. A turn is replayed
// from each particle along every sequence of choices the seat could not
// see (shuffles are drawn, not enumerated); the sequences whose events,
// as the seat sees them, are the turn's lines carry their exact
// probability under the model (every other player's choice uniform among
// the legal ones, every random event uniform); the seat's own choices
// weigh 1. A particle's weight is the sum over those sequences, its next
// state one of them drawn in proportion; the particles are then resampled
// by weight.

// errNoHistory is the tracker finding no hidden history consistent with
// the lines (all particles weigh 0).
var errNoHistory = errors.New("no hidden history consistent with the lines was found")

// particle is one hidden history's state at the start of the open turn
// and its importance weight (1 after resampling).
type particle struct {
	s *engine.State
	w float64
	a *anc // its history (see move.go)
}

// checkpoint is the particles at the start of a closed turn, with what is
// needed to play the turn again: its lines, the cards named before it and
// the replays its closing took.
type checkpoint struct {
	parts []particle
	obs   []engine.Event
	hard  engine.CardSet
	turns int
	runs  int
}

// tracker is the particle filter of one seat.
type tracker struct {
	cfg   *engine.Config
	seat  int
	hand  []engine.Card
	n     int    // particles
	seed  uint64 // the filter's seed
	turns int    // closed turns (the set-up counts as one)
	parts []particle
	hard  engine.CardSet // special cards and those the closed turns' lines named
	// hist are the closed turns, oldest first (see recover).
	hist []checkpoint
	// runs counts the replays of turns (the tracker's unit of work);
	// openRuns those of the open turn's last update.
	runs, openRuns int
	// recovered counts the times the particles all died and were
	// rebuilt from an earlier turn.
	recovered int
	// tried and moved count the resample-move proposals and those
	// accepted (move.go).
	tried, moved int
	// look, while a replay looks ahead at the open turn's lines, is what
	// they need of the closed turns' ends (ahead.go); nil otherwise.
	look *lookahead
	// cut counts the paths that fitted the lines and that a look ahead
	// dropped.
	cut int
	// stop is set while no particle fits the lines (see resume); nil
	// while the tracker follows.
	stop *stopped
	// wit gives worlds of the lines for the last resort of a rebuild
	// (witness.go; nil: none); witnessed counts the rebuilds tried.
	wit       witnessFunc
	witnessed int
	// open turn
	obs []engine.Event
	now []snap // each particle's state now, with its weight
}

// snap is a particle's state at the current line, its weight and the
// history its group is named by (honest.go).
type snap struct {
	s *engine.State
	w float64
	c *anc
}

// newTracker samples n set-ups that deal hand to seat.
func newTracker(cfg *engine.Config, seat int, hand []engine.Card, n int, seed uint64) (*tracker, error) {
	t := &tracker{cfg: cfg, seat: seat, hand: hand, n: n, seed: seed}
	parts, ok := sampleDeals(cfg, seat, hand, n, rand.New(rand.NewPCG(seed, 1)))
	if !ok {
		return nil, errNoHistory
	}
	t.parts = parts
	t.turns = -1 // the set-up is open
	t.hard = special
	for _, c := range hand {
		t.hard.Add(c)
	}
	if err := t.update(); err != nil {
		return nil, err
	}
	return t, nil
}

// sampleDeals draws n set-ups that deal hand to seat, as particles.
func sampleDeals(cfg *engine.Config, seat int, hand []engine.Card, n int, rng *rand.Rand) ([]particle, bool) {
	var parts []particle
	for range n {
		deck, removed, ok := sampleDeal(cfg, seat, hand, rng)
		if !ok {
			return nil, false
		}
		st := engine.NewState(cfg, deck, removed)
		st.Virgin[seat] = false // the seat's own hand is known
		parts = append(parts, particle{s: st, w: 1, a: &anc{s: st, w: 1}})
	}
	return parts, true
}

// clone copies the tracker (particles' states are never changed in place).
func (t *tracker) clone() *tracker {
	u := *t
	u.parts = append([]particle(nil), t.parts...)
	u.hist = slices.Clip(t.hist)
	u.obs = append([]engine.Event(nil), t.obs...)
	u.now = append([]snap(nil), t.now...)
	if t.stop != nil {
		st := *t.stop
		if st.job != nil {
			j := *st.job
			j.u = j.u.clone()
			if j.st != nil {
				x := *j.st
				x.ends = slices.Clip(x.ends)
				j.st = &x // the copies share its rng: only one of them should go on
			}
			st.job = &j
		}
		u.stop = &st
	}
	return &u
}

// run is the open turn's play from a state: the set-up's effects or a turn.
func (t *tracker) run(s *engine.State, ag engine.Agent) {
	if t.turns < 0 {
		s.Start(ag)
		return
	}
	s.PlayTurn(ag)
}

// add appends an observed event to the open turn.
func (t *tracker) add(e engine.Event) error {
	t.obs = append(t.obs, e)
	if t.stop != nil {
		err := t.resume(ResumeBudget)
		if err != nil && t.fromWitnesses(false) {
			return nil
		}
		return err
	}
	return t.update()
}

// update recomputes each particle's state now from the open turn's lines;
// when every particle dies, the particles are rebuilt: by replays that
// look ahead at the open turn's lines (recoverAhead), else by the rescue,
// else by the recovery, within RecoveryBudget replays together.
func (t *tracker) update() error {
	if t.reweigh() {
		if aheadTest.always {
			t.forceAhead()
		}
		return nil
	}
	if witnessTest.only {
		if t.fromWitnesses(false) {
			return nil
		}
		t.halt(false)
		return errNoHistory
	}
	ok, spent := t.recoverAhead(false, AheadBudget)
	if ok {
		return nil
	}
	ok, more := t.rescue(false, RecoveryBudget-spent)
	if ok {
		return nil
	}
	if err := t.recover(false, spent+more); err != nil {
		if t.fromWitnesses(false) {
			return nil
		}
		t.halt(false)
		return err
	}
	return nil
}

// reweigh recomputes each particle's state now from the open turn's lines
// and reports whether any fits them.
func (t *tracker) reweigh() bool {
	rng := rand.New(rand.NewPCG(t.seed, uint64(t.turns+2)<<20|uint64(len(t.obs))))
	t.now = t.now[:0]
	total := 0.0
	r0 := t.runs
	for _, p := range t.parts {
		w, s := t.enumerate(p.s, false, rng)
		if w > 0 {
			t.now = append(t.now, snap{s, p.w * w, clusterOf(p.a)})
			total += p.w * w
		}
	}
	t.openRuns = t.runs - r0
	return total > 0
}

// closeTurn ends the open turn: every particle plays it to its end along
// the seat's lines. The particles are resampled by weight to n when some
// died or their effective number fell below n/2 (or there are more than n,
// after a recovery); otherwise they keep their weights.
func (t *tracker) closeTurn() error {
	if t.stop != nil {
		t.closeStopped()
		return errNoHistory
	}
	if t.step() {
		return t.update()
	}
	if witnessTest.only {
		if t.fromWitnesses(true) {
			return nil
		}
		t.halt(true)
		return errNoHistory
	}
	ok, spent := t.recoverAhead(true, AheadBudget)
	if ok {
		return t.update()
	}
	ok, more := t.rescue(true, RecoveryBudget-spent)
	if ok {
		return t.update()
	}
	if err := t.recover(true, spent+more); err != nil {
		if t.fromWitnesses(true) {
			return nil
		}
		t.halt(true)
		return err
	}
	return nil
}

// step closes the open turn (see closeTurn) and reports whether any
// particle fits its lines; the open turn is then the next, with no lines.
func (t *tracker) step() bool {
	st := t.beginStep()
	for st.i < len(t.parts) {
		t.stepOne(st)
	}
	return t.endStep(st)
}

// stepping is a closing of the open turn under way (step, in pieces: a
// stopped tracker's replay pauses between particles).
type stepping struct {
	rng       *rand.Rand
	ends      []particle
	total, sq float64
	r0        int
	fits      func(*engine.State) bool
	i         int // the next particle
}

// beginStep starts closing the open turn.
func (t *tracker) beginStep() *stepping {
	return &stepping{
		rng:  rand.New(rand.NewPCG(t.seed, uint64(t.turns+2)<<20|1<<19)),
		r0:   t.runs,
		fits: t.look.at(len(t.hist) + 1),
	}
}

// stepOne plays the open turn from the next particle.
func (t *tracker) stepOne(st *stepping) {
	p := t.parts[st.i]
	st.i++
	w, free, s := t.enumerateAhead(p.s, true, st.rng, st.fits)
	if w > 0 {
		pw := w * p.w
		st.ends = append(st.ends, particle{s, pw, &anc{s: s, w: free, up: p.a, at: len(t.hist) + 1}})
		st.total += pw
		st.sq += pw * pw
	}
}

// endStep ends the closing once every particle has played the turn (see
// step).
func (t *tracker) endStep(st *stepping) bool {
	rng, ends, total, sq, r0 := st.rng, st.ends, st.total, st.sq, st.r0
	if total == 0 {
		return false
	}
	t.hist = append(t.hist, checkpoint{parts: t.parts, obs: t.obs, hard: t.hard, turns: t.turns, runs: t.runs - r0})
	resampled, alive := false, len(ends)
	if ess := total * total / sq; ess < float64(t.n)/2 || len(ends) != t.n {
		resampled = true
		// Systematic resampling.
		parts := make([]particle, 0, t.n)
		u := rng.Float64() / float64(t.n)
		acc, j := 0.0, 0
		for i := range t.n {
			x := u + float64(i)/float64(t.n)
			for j < len(ends)-1 && acc+ends[j].w/total < x {
				acc += ends[j].w / total
				j++
			}
			parts = append(parts, particle{s: ends[j].s, w: 1, a: ends[j].a})
		}
		ends = parts
	} else {
		// Weights scaled to a mean of 1 (they would underflow otherwise).
		k := float64(len(ends)) / total
		for i := range ends {
			ends[i].w *= k
		}
	}
	t.parts = ends
	t.turns++
	for _, e := range t.obs {
		mentions(&t.hard, e)
	}
	t.obs = nil
	if (resampled || moveTest.always) && t.look == nil {
		t.move(rng, alive)
	}
	return true
}

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
func (t *tracker) recover(closing bool, spent int) error {
	for lag := 1; ; lag = min(2*lag, len(t.hist)) {
		cp := max(0, len(t.hist)-lag)
		last := cp == 0
		cost := t.openRuns
		for _, h := range t.hist[cp:] {
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
		spent += u.runs - t.runs
		if ok {
			u.runs = t.runs + spent
			u.recovered = t.recovered + 1
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
func (t *tracker) replay(cp int, closing bool, budget int) (*tracker, bool) {
	return t.replayAhead(cp, closing, budget, nil, RecoveryFactor)
}

// replayAhead is replay looking ahead with look (nil: not), with factor
// times the particles.
func (t *tracker) replayAhead(cp int, closing bool, budget int, look *lookahead, factor int) (*tracker, bool) {
	u := t.clone()
	u.look = look
	u.seed = t.seed*0x9e3779b97f4a7c15 + uint64(len(t.hist)+1)<<32 + uint64(cp) + uint64(t.recovered)<<48 + 1
	rng := rand.New(rand.NewPCG(u.seed, 3))
	m := t.n * factor
	open := slices.Clone(t.obs)
	turns := append([]checkpoint(nil), t.hist[cp:]...)
	u.hist = slices.Clip(t.hist[:cp])
	start := turns0(turns, t)
	if cp == 0 && (len(turns) > 0 || t.turns < 0) {
		parts, ok := sampleDeals(t.cfg, t.seat, t.hand, m, rng)
		if !ok {
			return u, false
		}
		u.parts = parts
	} else {
		u.parts = start.parts
	}
	if fits := look.at(cp); fits != nil {
		// The twisted sampler's start: the particles at cp weighed by ψ.
		var ok []particle
		for _, p := range u.parts {
			if fits(p.s) {
				ok = append(ok, p)
			}
		}
		if len(ok) == 0 {
			return u, false
		}
		u.parts = ok
	}
	if !(cp == 0 && (len(turns) > 0 || t.turns < 0)) || look != nil {
		u.parts = resample(u.parts, m, rng)
	}
	u.hard, u.turns = start.hard, start.turns
	u.n = m
	for _, h := range turns {
		u.obs = h.obs
		if !u.step() || u.runs-t.runs > budget {
			return u, false
		}
	}
	u.obs = open
	if closing {
		if !u.step() {
			return u, false
		}
		u.obs = nil
		if len(u.parts) > t.n {
			u.parts = resample(u.parts, t.n, rng)
		}
	}
	u.n = t.n
	u.look = nil
	return u, u.reweigh()
}

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

// stopped is the tracker while no particle fits the lines.
type stopped struct {
	from  int  // the turn (index in hist) whose lines the particles missed
	tries int  // replays started
	wait  bool // the line that stopped it has spent its budget
	job   *resumeJob
}

// resumeJob is a replay under way: its tracker, with the particles at the
// start of the tracker's closed turn next (the open turn when next is
// len(hist)).
type resumeJob struct {
	u      *tracker
	next   int
	factor int
	st     *stepping // the closing of turn next under way (nil between turns)
}

// halt stops the estimates after the open turn's last line; closing says
// that it was the open turn's closing that failed (the turn is closed).
func (t *tracker) halt(closing bool) {
	// A closing that fails is followed by its line's add, which must not
	// spend that line's budget twice.
	t.stop = &stopped{from: len(t.hist), wait: closing}
	t.now = nil
	if closing {
		t.closeStopped()
	}
}

// closeStopped closes the open turn while stopped: its lines join the
// closed turns, with the particles at its start when known.
func (t *tracker) closeStopped() {
	t.hist = append(t.hist, checkpoint{parts: t.parts, obs: t.obs, hard: t.hard, turns: t.turns, runs: -1})
	t.parts = nil
	t.turns++
	for _, e := range t.obs {
		mentions(&t.hard, e)
	}
	t.obs = nil
	t.now = nil
}

// runsOf is the replays closed turn k took (the mean of the known ones
// for a turn closed while stopped).
func (t *tracker) runsOf(k int) int {
	if k < len(t.hist) && t.hist[k].runs >= 0 {
		return t.hist[k].runs
	}
	sum, n := 0, 0
	for _, h := range t.hist {
		if h.runs >= 0 {
			sum += h.runs
			n++
		}
	}
	if n == 0 {
		return t.n
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
func (t *tracker) stopPlan(i int) (cp, factor int, look bool) {
	from := t.stop.from
	var near []int
	if from > 0 && (from < len(t.hist) && t.hist[from].parts != nil || from == len(t.hist) && t.parts != nil) {
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

// resume goes on with the stopped tracker's replays within budget
// replays (see above); it reports errNoHistory while the estimates stay
// stopped.
func (t *tracker) resume(budget int) error {
	st := t.stop
	if st.wait {
		st.wait = false
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
		t.runs += used
		if !done {
			break // the line's budget is spent: on at the next line
		}
		st.job = nil
		if ok {
			u := j.u
			u.n, u.look, u.stop = t.n, nil, nil
			u.runs = t.runs
			u.recovered = t.recovered + 1
			*t = *u
			return nil
		}
	}
	return errNoHistory
}

// startJob starts a stopped tracker's replay from the start of closed
// turn cp (the open turn when cp is len(hist)), with factor times the
// particles; nil when no particle there fits the look-ahead.
func (t *tracker) startJob(cp, factor int, look bool) *resumeJob {
	u := t.clone()
	u.stop = nil
	u.look = nil
	if look {
		u.look = t.aheadFrom(0, true)
	}
	u.seed = t.seed*0x9e3779b97f4a7c15 + uint64(len(t.hist)+1)<<32 + uint64(cp) + uint64(t.recovered)<<48 +
		uint64(t.stop.tries)<<40 + 2
	rng := rand.New(rand.NewPCG(u.seed, 3))
	m := t.n * factor
	u.hist = slices.Clip(t.hist[:cp])
	start := checkpoint{parts: t.parts, hard: t.hard, turns: t.turns}
	if cp < len(t.hist) {
		start = t.hist[cp]
	}
	fresh := cp == 0 && (len(t.hist) > 0 || t.turns < 0)
	if fresh {
		parts, ok := sampleDeals(t.cfg, t.seat, t.hand, m, rng)
		if !ok {
			return nil
		}
		u.parts = parts
	} else {
		u.parts = start.parts
	}
	if fits := u.look.at(cp); fits != nil {
		var ok []particle
		for _, p := range u.parts {
			if fits(p.s) {
				ok = append(ok, p)
			}
		}
		if len(ok) == 0 {
			return nil
		}
		u.parts = ok
	}
	if !fresh || u.look != nil {
		u.parts = resample(u.parts, m, rng)
	}
	u.hard, u.turns = start.hard, start.turns
	u.n = m
	u.obs, u.now = nil, nil
	return &resumeJob{u: u, next: cp, factor: factor}
}

// advance plays job j's replay on, turn by turn, while its replays fit
// budget (at least one turn); done says it reached the open turn's lines
// or died, ok that particles fit them (j.u is then the tracker's next
// state), used the replays made.
func (t *tracker) advance(j *resumeJob, budget int) (done, ok bool, used int) {
	u := j.u
	r0 := u.runs
	for j.next < len(t.hist) {
		if j.st == nil {
			u.obs = t.hist[j.next].obs
			j.st = u.beginStep()
		}
		for j.st.i < len(u.parts) {
			if used = u.runs - r0; used >= budget {
				return false, false, used
			}
			u.stepOne(j.st)
		}
		alive := u.endStep(j.st)
		j.st = nil
		used = u.runs - r0
		if !alive {
			return true, false, used
		}
		j.next++
	}
	if used > 0 && used+j.factor*t.runsOf(len(t.hist)) > budget {
		return false, false, used
	}
	u.obs = slices.Clone(t.obs)
	u.n = t.n
	u.look = nil
	ok = u.reweigh()
	if !ok {
		u.n = t.n * j.factor
	}
	return true, ok, u.runs - r0
}

// turns0 is the start of a replay: the first closed turn replayed, or the
// open turn when none is.
func turns0(turns []checkpoint, t *tracker) checkpoint {
	if len(turns) > 0 {
		return turns[0]
	}
	return checkpoint{parts: t.parts, hard: t.hard, turns: t.turns}
}

// resample draws m particles from ps in proportion to their weights
// (systematic resampling), each of weight 1.
func resample(ps []particle, m int, rng *rand.Rand) []particle {
	total := 0.0
	for _, p := range ps {
		total += p.w
	}
	out := make([]particle, 0, m)
	u := rng.Float64() / float64(m)
	acc, j := 0.0, 0
	for i := range m {
		x := u + float64(i)/float64(m)
		for j < len(ps)-1 && acc+ps[j].w/total < x {
			acc += ps[j].w / total
			j++
		}
		out = append(out, particle{s: ps[j].s, w: 1, a: ps[j].a})
	}
	return out
}

// abort stops a replay.
type abort struct{}

// enumAgent replays a turn along a path of choices, matching the events
// the seat sees with the observed ones.
type enumAgent struct {
	t      *tracker
	path   []int
	ns     []int
	depth  int
	w      float64
	idx    int
	closed bool
	rng    *rand.Rand
	got    *engine.State // the state when the last observed event matched (open turns)
	// after is set once an open turn's last line, a play, matched: the
	// replay goes on to the swap the play makes, if any (emit).
	after bool
	// hound is set from the Hound's pick to its line; houndVirgin are the
	// players whose hands were virgin when it was played.
	hound       bool
	houndVirgin []int
	houndWas    []int
}

func (a *enumAgent) Choose(s *engine.State, d engine.Decision, actor int, opts []int) int {
	if a.after && actor == a.t.seat {
		// The seat's own choice after its turn's last line: its lines
		// will say (emit).
		panic(abort{})
	}
	if d == engine.DPick && a.idx < len(a.t.obs) && a.t.obs[a.idx].Kind == engine.EvPlay && a.t.obs[a.idx].P == actor &&
		a.t.obs[a.idx].As == engine.Hound {
		a.hound, a.houndVirgin = true, nil
		for q, v := range s.Virgin {
			if v {
				a.houndVirgin = append(a.houndVirgin, q)
			}
		}
	}
	if actor >= 0 {
		// A choice the seat's lines show (a card played, the players it
		// names, a card discarded; the seat's own choices): only the
		// option they name can lead to them, the others would be tried
		// and fail later, at a cost. Another player's choice still weighs
		// 1/(number of options).
		want, how := a.observed(d, actor)
		switch how {
		case named:
			i := slices.Index(opts, want)
			if i < 0 {
				a.w = 0
				panic(abort{})
			}
			if actor != a.t.seat {
				a.w /= float64(len(opts))
			}
			return i
		case namedSoft:
			// Any soft card chosen is relabelled as the one the line
			// names (fix): one of the soft options, drawn uniformly, is
			// followed, weighing their share of the options (an unbiased
			// estimate of the sum over them, each weighing
			// 1/(number of options)).
			soft := a.soft()
			var idx []int
			for i, o := range opts {
				if soft.Has(engine.Card(o)) {
					idx = append(idx, i)
				}
			}
			if len(idx) == 0 {
				a.w = 0
				panic(abort{})
			}
			if actor != a.t.seat {
				a.w *= float64(len(idx)) / float64(len(opts))
			}
			return idx[a.rng.IntN(len(idx))]
		}
	}
	if a.depth == len(a.path) {
		a.path = append(a.path, 0)
		a.ns = append(a.ns, len(opts))
	}
	c := a.path[a.depth]
	a.depth++
	if actor != a.t.seat {
		a.w /= float64(len(opts))
	}
	return c
}

// observed is the option of actor's decision d that the seat's coming
// lines name, if they do: the card played and the players the play names,
// the Doctor's, Secretary's and Hound's card, the Seer's move (all on the
// play's line), the card discarded, and what the seat sees of it: the
// Driver's and the Nun's card (the next line), the card shown (the next
// line) or given (a line before the next play or draw).
func (a *enumAgent) observed(d engine.Decision, actor int) (int, observation) {
	obs := a.t.obs
	if a.idx >= len(obs) {
		return 0, unnamed
	}
	e := obs[a.idx]
	switch d {
	case engine.DTaker:
		// The Swain's choice, after its draw: its own line.
		if e.Kind == engine.EvChosen && e.P == actor {
			return e.Q, named
		}
	case engine.DPlay, engine.DTarget, engine.DPair, engine.DSeer:
		if e.Kind != engine.EvPlay || e.P != actor {
			return 0, unnamed
		}
		switch d {
		case engine.DPlay:
			return int(e.Card), named
		case engine.DTarget:
			return e.Q, when(e.Q >= 0)
		case engine.DPair:
			return e.Q*16 + e.R, when(e.Q >= 0 && e.R >= 0)
		default:
			if e.As != engine.Seer {
				return 0, unnamed
			}
			if e.Flag {
				return 1, named
			}
			return 0, named
		}
	case engine.DPick:
		switch {
		case e.Kind == engine.EvPlay && e.P == actor && (e.As == engine.Doctor || e.As == engine.Secretary || e.As == engine.Hound):
			return int(e.Arg), named
		case (e.Kind == engine.EvTake || e.Kind == engine.EvBury) && e.P == actor:
			return int(e.Card), named
		}
	case engine.DShow, engine.DDiscard:
		k := engine.EvShow
		if d == engine.DDiscard {
			k = engine.EvDiscard
		}
		if e.Kind == k && e.P == actor {
			return int(e.Card), a.softly(e.Card)
		}
	case engine.DGive:
		for _, f := range obs[a.idx:] {
			if f.Kind == engine.EvPlay || f.Kind == engine.EvDraw {
				break
			}
			if f.Kind == engine.EvGive && f.P == actor {
				return int(f.Card), a.softly(f.Card)
			}
		}
	}
	return 0, unnamed
}

// observation is how the seat's lines name a choice's option.
type observation uint8

const (
	unnamed   observation = iota // the lines do not name it
	named                        // the option is the one named
	namedSoft                    // a soft card named first: any soft option (see choose)
)

// when is named when ok, else unnamed.
func when(ok bool) observation {
	if ok {
		return named
	}
	return unnamed
}

// softly is how a card chosen by another player and named by a line is
// looked for: a soft card named for the first time (given to, shown to
// or discarded before the seat) is not looked for by name, since any
// soft card chosen is relabelled as it (fix). Looking for its name would
// keep only the histories in which the chosen card already bears it (one
// in the number of soft cards): an estimate of the same likelihood, with
// far more variance.
func (a *enumAgent) softly(c engine.Card) observation {
	if a.soft().Has(c) {
		return namedSoft
	}
	return named
}

func (a *enumAgent) Shuffle(cs []engine.Card) {
	a.rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}

// Tries is the number of redraws with which the tracker estimates the
// chance that a player's hidden cards include the card it then plays.
const Tries = 24

// expectedPlay is the card the lines say p plays right after the draw
// about to happen (0 when they do not say): the coming line is p's draw
// and the next but p's announcements p's play. Another line between
// them (the Blackmailer revealed, which sends the Detective back and
// makes p draw again) means this draw need not be the card played: the
// first two of "dave draws, dave draws, dave reveals detective
// blackmailer, dave draws, dave plays monkey" are the Blackmailer and the
// Detective, and asking the second to be the Monkey kept no history.
func (a *enumAgent) expectedPlay(p int) engine.Card {
	obs := a.t.obs
	if a.idx >= len(obs) || obs[a.idx].Kind != engine.EvDraw || obs[a.idx].P != p {
		return 0
	}
	for _, e := range obs[a.idx+1:] {
		switch {
		case e.Kind == engine.EvAnnounce && e.P == p:
			// The Drunk drawn: it is the card played.
		case e.Kind == engine.EvPlay && e.P == p:
			return e.Card
		default:
			return 0
		}
	}
	return 0
}

// consult redraws a virgin hand with the set-up group before the rules
// read it. When the lines say something of that hand before it changes (a
// card p plays, discards, gives or shows; the Reporter's card from it; the
// Hound's raised hand or not), the redraw is tried Tries times: the share
// of tries that agree is an unbiased estimate of the chance that the hand
// agrees, and one such try is kept.
func (a *enumAgent) Consult(s *engine.State, p int) {
	if a.hound {
		a.houndConsult(s, p)
		return
	}
	ok := a.handTest(p)
	if ok == nil {
		if !redrawVirgin(s, a.rng) {
			a.w = 0
			panic(abort{})
		}
		return
	}
	if !tryHands(s, []int{p}, Tries, func(h [][2]engine.Card) bool { return ok(h[0][:]) }, &a.w, a.rng) {
		a.w = 0
		panic(abort{})
	}
}

// The Hound. Its line says who holds the card k it names (or that no one
// does); the rules read every hand to answer. Reading every virgin hand
// would fix each of them in every particle, where later resampling thins
// them out. Instead the answer is conditioned on once, for all the virgin
// hands together, and the hands of the players who do not hold k stay
// virgin, with k added to the cards no virgin hand may hold (offHands,
// beside the Drunk): the set-up group and the virgin hands stay uniform
// among the arrangements the rules and the lines allow. For a soft k
// nothing is drawn: fix relabels one of the soft cards where the line
// puts k. For another k, the set-up group and the virgin hands are
// redrawn Tries times; the share of redraws in which the virgin hands
// agree with the line (k with its holder, if virgin; with no other
// virgin hand) is an unbiased estimate of that chance and multiplies the
// weight; one such redraw is kept.

// houndConsult is consult during the Hound: at its first call, the one
// draw for all the virgin hands; later calls draw nothing.
func (a *enumAgent) houndConsult(s *engine.State, p int) {
	if a.houndWas != nil {
		return // drawn already
	}
	virgin := a.houndVirgin
	a.houndWas = virgin
	e := a.t.obs[a.idx]
	k := e.Arg
	if a.soft().Has(k) || e.Q == engine.Unseen {
		return // nothing to condition on (another's Hound: its answer is unseen)
	}
	ok := func() bool {
		for _, q := range virgin {
			if engine.Has(s.Hands[q], k) != (q == e.Q) {
				return false
			}
		}
		return true
	}
	if len(virgin) == 0 {
		return // the answer's check against the hands read is HolderOf's
	}
	a.tryUntil(s, func() bool { return redrawVirgin(s, a.rng) }, ok)
}

// houndDone makes the hands that were virgin before the Hound, but for
// its answer's holder, virgin again, k off them.
func (a *enumAgent) houndDone(s *engine.State, e engine.Event) {
	if !a.hound {
		return
	}
	a.hound = false
	for _, q := range a.houndWas {
		if q != e.Q {
			s.Virgin[q] = true
		}
	}
	a.houndWas = nil
	if e.Q != engine.Unseen {
		s.OffHands.Add(e.Arg)
	}
}

// handTest is what the coming lines say of p's hand as it is now (nil for
// nothing).
func (a *enumAgent) handTest(p int) func([]engine.Card) bool {
	soft := a.soft()
	in := func(c engine.Card) func([]engine.Card) bool {
		if soft.Has(c) {
			return nil // a soft card is relabelled when it shows (reveal, fix)
		}
		return func(h []engine.Card) bool { return engine.Has(h, c) }
	}
	for _, e := range a.t.obs[a.idx:] {
		switch {
		case e.Kind == engine.EvPlay && e.P == p:
			if e.Card == engine.Aristocrat {
				return func(h []engine.Card) bool {
					for _, c := range e.Cards {
						if !engine.Has(h, c) {
							return false
						}
					}
					return engine.Has(h, engine.Aristocrat)
				}
			}
			return in(e.Card)
		case e.Kind == engine.EvPlay && e.As == engine.Hound && e.Q != engine.Unseen:
			if e.Q == p {
				return in(e.Arg)
			}
			return func(h []engine.Card) bool { return !engine.Has(h, e.Arg) }
		case e.Kind == engine.EvPlay && e.As == engine.Reporter && e.Q == p && e.Arg != 0:
			return in(e.Arg)
		case (e.Kind == engine.EvDiscard || e.Kind == engine.EvGive || e.Kind == engine.EvShow) && e.P == p:
			return in(e.Card)
		case e.Kind == engine.EvGive && e.Q == p, e.Kind == engine.EvDraw && e.P == p, e.Kind == engine.EvPlay:
			return nil // the hand changes, or another play begins
		}
	}
	return nil
}

// tryUntil redraws Tries times and keeps a random redraw for which ok
// holds, multiplying the weight by the share of such redraws.
func (a *enumAgent) tryUntil(s *engine.State, redraw func() bool, ok func() bool) {
	a.tryN(s, Tries, redraw, ok)
}

// tryN is tryUntil with n redraws.
func (a *enumAgent) tryN(s *engine.State, n int, redraw func() bool, ok func() bool) {
	hits := 0
	var keep *engine.State
	for range n {
		if !redraw() {
			continue
		}
		if ok() {
			hits++
			if a.rng.IntN(hits) == 0 {
				keep = s.Clone()
			}
		}
	}
	if hits == 0 {
		a.w = 0
		panic(abort{})
	}
	a.w *= float64(hits) / float64(n)
	*s = *keep
}

// soft are the cards no line has named before the coming one, and not
// special (see soft.go).
func (a *enumAgent) soft() engine.CardSet {
	h := a.t.hard
	for _, e := range a.t.obs[:a.idx] {
		mentions(&h, e)
	}
	var all engine.CardSet
	for _, c := range a.t.cfg.Cards {
		all.Add(c)
	}
	return all &^ h
}

// playing is the card the coming line plays, 0 when it is not a play.
// Once the rules carry the play out, that card is on the table under its
// name: relabelling it as a card of the deck or of a hand (as a soft card
// could be) would change what was played.
func (a *enumAgent) playing() engine.Card {
	if a.idx < len(a.t.obs) && a.t.obs[a.idx].Kind == engine.EvPlay {
		return a.t.obs[a.idx].Card
	}
	return 0
}

// reveal makes the card the lines say p plays one of p's cards when it is
// a soft card: one of p's soft cards, chosen at random, is relabelled, and
// the weight is multiplied by their number.
func (a *enumAgent) Reveal(s *engine.State, p int) {
	soft := a.soft()
	for _, e := range a.t.obs[a.idx:] {
		if e.Kind != engine.EvPlay || e.P != p {
			continue
		}
		mine := softIn(s.Hands[p], soft)
		if e.Card == engine.Aristocrat {
			want := softIn(e.Cards, soft)
			if len(mine) != len(want) {
				a.w = 0
				panic(abort{})
			}
			relabel(s, mine, want)
			return
		}
		if !soft.Has(e.Card) {
			return
		}
		if len(mine) == 0 {
			a.w = 0
			panic(abort{})
		}
		a.w *= float64(len(mine))
		swapCards(s, mine[a.rng.IntN(len(mine))], e.Card)
		return
	}
}

// fix relabels soft cards so that the event the engine emits, v, names
// the cards the line names, exp, where it may: a soft card in v where exp
// names another soft card. The Hound's named soft card is put with the
// player who raised a hand (or outside the hands), the weight multiplied
// by the soft cards there. It reports whether v now equals exp.
func (a *enumAgent) fix(s *engine.State, v *engine.Event, exp engine.Event) bool {
	if v.Kind != exp.Kind || v.P != exp.P {
		return false
	}
	soft := a.soft()
	one := func(got *engine.Card, want engine.Card) {
		if *got != want && soft.Has(*got) && soft.Has(want) && placed(s, want) {
			swapCards(s, *got, want)
			*got = want
		}
	}
	switch v.Kind {
	case engine.EvPlay:
		if v.Card != exp.Card {
			return false
		}
		if v.As == engine.Hound && v.Arg == exp.Arg && soft.Has(v.Arg) && v.Arg != exp.Card {
			var where []engine.Card
			if exp.Q >= 0 {
				where = softIn(s.Hands[exp.Q], soft)
			} else {
				where = append(softIn(s.Deck, soft), softIn(s.Removed, soft)...)
			}
			if len(where) == 0 {
				return false
			}
			a.w *= float64(len(where))
			swapCards(s, where[a.rng.IntN(len(where))], v.Arg)
			v.Q = exp.Q
		} else if v.As == engine.Butler || v.As == engine.Reporter {
			one(&v.Arg, exp.Arg)
		}
	case engine.EvDraw, engine.EvDiscard, engine.EvGive, engine.EvShow, engine.EvTake, engine.EvBury:
		one(&v.Card, exp.Card)
	case engine.EvSees:
		if len(v.Cards) != len(exp.Cards) {
			return false
		}
		if slices.IsSorted(exp.Cards) && len(exp.Cards) > 1 && slices.IsSorted(v.Cards) {
			// the Secretary: the deck as a set
			got, want := softIn(v.Cards, soft), softIn(exp.Cards, soft)
			if len(got) != len(want) {
				return false
			}
			relabel(s, got, want)
			v.Cards = engine.SortedCards(s.Deck)
			if !v.Equal(exp) {
				// the relabelled deck, sorted, as the line lists it
				return false
			}
			return true
		}
		cs := slices.Clone(v.Cards)
		for i := range cs {
			one(&cs[i], exp.Cards[i])
		}
		v.Cards = cs
	}
	return v.Equal(exp)
}

// look conditions a deck position the seat is about to see on the card
// its line says is there, and redraws the group of a position another
// player is about to draw.
func (a *enumAgent) Look(s *engine.State, i, who int, why engine.Site) {
	seat := a.t.seat
	if who != seat && who != -1 {
		if why == engine.SiteSecretary {
			// The other player's pick, named by the play's line: when
			// soft, one of the deck's soft cards, chosen at random, is
			// relabelled, the weight multiplied by their number (see
			// soft.go).
			if a.idx < len(a.t.obs) && a.t.obs[a.idx].Kind == engine.EvPlay {
				arg := a.t.obs[a.idx].Arg
				if arg != 0 && !a.soft().Has(arg) && !tryInDeck(s, arg, Tries, &a.w, a.rng) {
					// A card the lines named before must be in the deck:
					// when it lies in the set-up group or a virgin hand,
					// those are redrawn with it in the deck (tryInDeck).
					a.w = 0
					panic(abort{})
				}
				a.relabelDeck(s, arg)
			}
			return
		}
		g := s.Grp[i]
		if g < 0 {
			return
		}
		redraw := func() bool { return refresh(s, g, -100, a.rng) }
		x := engine.Card(0)
		if why == engine.SiteDraw && who == s.Turn && len(s.Hands[who]) == 1 {
			x = a.expectedPlay(who)
		}
		if x == 0 || engine.Has(s.Hands[who], x) || x == engine.Aristocrat || a.soft().Has(x) {
			if !redraw() {
				a.w = 0
				panic(abort{})
			}
			return
		}
		a.tryUntil(s, redraw, func() bool { return s.Deck[i] == x })
		return
	}
	obs := a.t.obs
	if why == engine.SiteSecretary {
		a.secretary(s)
		return
	}
	want := engine.Card(0)
	switch why {
	case engine.SiteDraw:
		if a.idx < len(obs) && obs[a.idx].Kind == engine.EvDraw {
			want = obs[a.idx].Card
		}
	case engine.SiteButler:
		if a.idx < len(obs) && obs[a.idx].Kind == engine.EvPlay {
			want = obs[a.idx].Arg
		}
	case engine.SiteDriver0, engine.SiteDriver1, engine.SiteDriver2:
		k := int(why - engine.SiteDriver0)
		if a.idx < len(obs) && obs[a.idx].Kind == engine.EvSees && k < len(obs[a.idx].Cards) {
			want = obs[a.idx].Cards[k]
		}
	case engine.SiteSeer:
		if a.idx+1 < len(obs) && obs[a.idx+1].Kind == engine.EvSees && len(obs[a.idx+1].Cards) == 1 {
			want = obs[a.idx+1].Cards[0]
		}
	}
	if want == 0 {
		return // no line says: the events will be checked as they come
	}
	if want == a.playing() || !placed(s, want) {
		// The card the line puts in the deck is the one being played: it
		// is on the table.
		a.w = 0
		panic(abort{})
	}
	if a.soft().Has(want) {
		// Any soft card there will do (fix relabels it): make the position
		// hold one, the chance of that estimated by redraws of its group.
		// Every soft card of the position's group has the same chance to
		// be there (none is the Murderer or the Detective): condition on
		// one of them at random, weighing by their number.
		soft := a.soft()
		g := s.Grp[i]
		if g < 0 {
			if !soft.Has(s.Deck[i]) {
				a.w = 0
				panic(abort{})
			}
		} else {
			var cands []engine.Card
			for _, sl := range groupSlots(s, g) {
				if c := at(s, sl); soft.Has(c) {
					cands = append(cands, c)
				}
			}
			if len(cands) == 0 {
				a.w = 0
				panic(abort{})
			}
			p := condition(s, i, cands[a.rng.IntN(len(cands))], a.rng)
			a.w *= p * float64(len(cands))
			if a.w == 0 {
				panic(abort{})
			}
		}
		if why != engine.SiteDraw {
			swapCards(s, s.Deck[i], want)
			s.Grp[i] = -1
		}
		return
	}
	if s.Grp[i] == 0 && anyVirgin(s) {
		// The set-up group is exchangeable with the virgin hands: redraw
		// them together Tries times and weigh each redraw by the chance
		// of the card at position i given the hands' cards; the mean is
		// an unbiased estimate of the chance, and a redraw is kept in
		// proportion (tryDeck, which draws of each redraw only what the
		// chance reads).
		if !tryDeck(s, i, want, Tries, &a.w, a.rng) {
			a.w = 0
			panic(abort{})
		}
	}
	p := condition(s, i, want, a.rng)
	a.w *= p
	if a.w == 0 {
		panic(abort{})
	}
	s.Grp[i] = -1 // the seat knows this card now
}

// SecretaryTries is the number of redraws with which the tracker
// estimates the chance that the deck the seat's Secretary sees holds the
// cards its line lists (a rarer event than those Tries serves).
const SecretaryTries = 96

// secretary conditions the deck the seat's Secretary is about to see on
// its lines: the play's line names the card picked, the next the deck's
// cards. fix relabels the soft cards of the list; the others must be in
// the deck. When deck positions of the set-up group are among them, the
// set-up group and the virgin hands are redrawn SecretaryTries times and
// the share of redraws whose deck holds the listed cards that are not
// soft (an unbiased estimate of that chance) multiplies the weight; one
// such redraw is kept. The pick, when soft, is given to one of the deck's
// soft cards at random, the weight multiplied by their number (as for
// every soft card a line names first: see soft.go).
func (a *enumAgent) secretary(s *engine.State) {
	obs := a.t.obs
	if a.idx+1 >= len(obs) || obs[a.idx].Kind != engine.EvPlay || obs[a.idx+1].Kind != engine.EvSees {
		return // no line says: the events will be checked as they come
	}
	arg, seen := obs[a.idx].Arg, obs[a.idx+1].Cards
	if len(seen) != len(s.Deck) {
		a.w = 0
		panic(abort{})
	}
	soft := a.soft()
	var want engine.CardSet
	for _, c := range seen {
		if !soft.Has(c) {
			want.Add(c)
		}
	}
	ok := func() bool {
		var got engine.CardSet
		for _, c := range s.Deck {
			if !soft.Has(c) {
				got.Add(c)
			}
		}
		return got == want
	}
	if slices.Contains(s.Grp, 0) {
		a.tryN(s, SecretaryTries, func() bool { return redrawVirgin(s, a.rng) }, ok)
	} else if !ok() {
		a.w = 0
		panic(abort{})
	}
	a.relabelDeck(s, arg)
}

// relabelDeck makes a soft card c that a line names as picked from the
// deck one of the deck's cards: one of the deck's soft cards, chosen at
// random, is relabelled c, the weight multiplied by their number.
func (a *enumAgent) relabelDeck(s *engine.State, c engine.Card) {
	soft := a.soft()
	if c == 0 || !soft.Has(c) {
		return
	}
	mine := softIn(s.Deck, soft)
	if len(mine) == 0 || c == a.playing() || !placed(s, c) {
		// No soft card of the deck to be c, or c is the card being
		// played (it is on the table, not in the deck).
		a.w = 0
		panic(abort{})
	}
	a.w *= float64(len(mine))
	swapCards(s, mine[a.rng.IntN(len(mine))], c)
}

func (a *enumAgent) Emit(s *engine.State, e engine.Event) {
	v, ok := e.View(a.t.seat)
	if a.after {
		// The open turn's last line was a play: a swap it makes between
		// other players (cards given that the seat does not see) is part
		// of that line, and the state now is the state after it.
		if !ok && e.Kind == engine.EvGive {
			a.got = s.Clone()
		}
		panic(abort{})
	}
	if !ok {
		return
	}
	if a.idx >= len(a.t.obs) {
		a.w = 0
		panic(abort{})
	}
	exp := a.t.obs[a.idx]
	if !v.Equal(exp) && !a.fix(s, &v, exp) {
		a.w = 0
		panic(abort{})
	}
	if exp.Kind == engine.EvPlay && exp.As == engine.Hound {
		a.houndDone(s, exp)
	}
	a.idx++
	if !a.closed && a.idx == len(a.t.obs) {
		a.got = s.Clone()
		if passesAmongOthers(exp, a.t.seat) {
			a.after = true // see above: the play's swap comes next
			return
		}
		panic(abort{})
	}
}

// passesAmongOthers reports whether play e passes cards between hands
// none of which is the seat's (a Cad, a Socialite or an Invalid naming
// other players, or the Swain's choice of another player): the seat sees
// no line of those passes.
func passesAmongOthers(e engine.Event, seat int) bool {
	if e.Kind == engine.EvChosen {
		return e.P != seat && e.Q != seat // the Swain's take follows
	}
	if e.Kind != engine.EvPlay || e.P == seat || e.Q == seat || e.R == seat {
		return false
	}
	switch e.As {
	case engine.Cad, engine.Socialite, engine.Invalid:
		return true
	}
	return false
}

// enumerate replays the open turn from s along every path of choices; it
// returns the total probability of the paths that match the seat's lines
// (to their end when closed, or up to the last line) and a state drawn
// among them in proportion.
func (t *tracker) enumerate(s0 *engine.State, closed bool, rng *rand.Rand) (float64, *engine.State) {
	w, _, s := t.enumerateAhead(s0, closed, rng, nil)
	return w, s
}

// enumerateAhead is enumerate with a look ahead (ahead.go): when closed
// and fits is not nil, only the paths whose end state fits count towards
// the weight and the state drawn; free is the weight of every path that
// matches the lines, fitting or not.
func (t *tracker) enumerateAhead(s0 *engine.State, closed bool, rng *rand.Rand, fits func(*engine.State) bool) (w, free float64, s *engine.State) {
	if !closed && len(t.obs) == 0 {
		return 1, 1, s0
	}
	if s0.Over() {
		return 0, 0, nil
	}
	seed := rng.Uint64()
	a := &enumAgent{t: t, closed: closed}
	total := 0.0
	var pick *engine.State
	for {
		a.depth, a.w, a.idx, a.got, a.after = 0, 1, 0, nil, false
		a.hound, a.houndVirgin, a.houndWas = false, nil, nil
		a.rng = rand.New(rand.NewPCG(seed, 7))
		t.runs++
		s := s0.Clone()
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(abort); !ok {
						panic(r)
					}
				}
			}()
			t.run(s, a)
		}()
		var got *engine.State
		switch {
		case !closed && a.got != nil:
			got = a.got
		case closed && a.w > 0 && a.idx == len(t.obs):
			got = s
		}
		if got != nil && a.w > 0 {
			free += a.w
			if fits == nil || fits(got) {
				total += a.w
				if rng.Float64()*total < a.w {
					pick = got
				}
			} else {
				t.cut++
			}
		}
		// The next path: the deepest choice with an option left.
		a.path, a.ns = a.path[:a.depth], a.ns[:a.depth]
		for len(a.path) > 0 && a.path[len(a.path)-1]+1 >= a.ns[len(a.ns)-1] {
			a.path, a.ns = a.path[:len(a.path)-1], a.ns[:len(a.ns)-1]
		}
		if len(a.path) == 0 {
			break
		}
		a.path[len(a.path)-1]++
	}
	return total, free, pick
}

// Estimate is an estimated probability and its standard error; K is the
// number of independent sampled histories it rests on (see honest.go; 0
// for what the seat knows for certain).
type Estimate struct {
	P, SE float64
	K     float64
}

// estimate is the figure of an event f (1 when it holds, 0 when not, or
// a share) over the particles now, with its standard error (honest.go):
// an event with two outcomes.
func (t *tracker) estimate(f func(s *engine.State) float64) Estimate {
	xs := make([]float64, len(t.now))
	for i, p := range t.now {
		xs[i] = f(p.s)
	}
	return t.stats().estimate(t.now, xs, 2)
}

// softNow are the soft cards after the lines so far.
func (t *tracker) softNow() engine.CardSet {
	h := t.hard
	for _, e := range t.obs {
		mentions(&h, e)
	}
	var all engine.CardSet
	for _, c := range t.cfg.Cards {
		all.Add(c)
	}
	return all &^ h
}

// state is one particle's state now (every particle agrees on what is
// public: hand sizes, the pile, the deck's size, whose turn it is).
func (t *tracker) state() *engine.State { return t.now[0].s }
