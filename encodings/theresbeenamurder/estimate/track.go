package estimate

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
	S *engine.State
	w float64
	A *anc // its history (see move.go)
}

// Checkpoint is the particles at the start of a closed turn, with what is
// needed to play the turn again: its lines, the cards named before it and
// the replays its closing took.
type Checkpoint struct {
	parts []particle
	Obs   []engine.Event
	Hard  engine.CardSet
	turns int
	runs  int
}

// Tracker is the particle filter of one seat.
type Tracker struct {
	Cfg  *engine.Config
	Seat int
	Hand []engine.Card
	N    int    // particles
	seed uint64 // the filter's seed
	// dealt are the deal pins the particles' set-ups were drawn with
	// (deal.go): while the set-up is open, a line that pins more redraws
	// them.
	dealt []dealPin
	turns int // closed turns (the set-up counts as one)
	Parts []particle
	Hard  engine.CardSet // special cards and those the closed turns' lines named
	// hist are the closed turns, oldest first (see recover).
	Hist []Checkpoint
	// runs counts the replays of turns (the tracker's unit of work);
	// openRuns those of the open turn's last update.
	Runs, openRuns int
	// recovered counts the times the particles all died and were
	// rebuilt from an earlier turn.
	Recovered int
	// tried and moved count the resample-move proposals and those
	// accepted (move.go).
	Tried, Moved int
	// look, while a replay looks ahead at the open turn's lines, is what
	// they need of the closed turns' ends (ahead.go); nil otherwise.
	look *Lookahead
	// cut counts the paths that fitted the lines and that a look ahead
	// dropped.
	Cut int
	// stop is set while no particle fits the lines (see resume); nil
	// while the tracker follows.
	Stop *stopped
	// wit gives worlds of the lines for the last resort of a rebuild
	// (witness.go; nil: none); witnessed counts the rebuilds tried.
	Wit       WitnessFunc
	Witnessed int
	// open turn
	Obs []engine.Event
	Now []snap // each particle's state now, with its weight
}

// snap is a particle's state at the current line, its weight and the
// history its group is named by (honest.go).
type snap struct {
	S *engine.State
	W float64
	c *anc
}

// NewTracker samples n set-ups that deal hand to seat.
func NewTracker(cfg *engine.Config, seat int, hand []engine.Card, n int, seed uint64) (*Tracker, error) {
	t := &Tracker{Cfg: cfg, Seat: seat, Hand: hand, N: n, seed: seed}
	parts, ok := sampleDeals(cfg, seat, hand, nil, n, rand.New(rand.NewPCG(seed, 1)))
	if !ok {
		return nil, errNoHistory
	}
	t.Parts = parts
	t.turns = -1 // the set-up is open
	t.Hard = Special
	for _, c := range hand {
		t.Hard.Add(c)
	}
	if err := t.update(); err != nil {
		return nil, err
	}
	return t, nil
}

// sampleDeals draws n set-ups that deal hand to seat and the pins' cards
// to their players, as particles.
func sampleDeals(cfg *engine.Config, seat int, hand []engine.Card, pins []dealPin, n int, rng *rand.Rand) ([]particle, bool) {
	var parts []particle
	for range n {
		deck, removed, ok := sampleDeal(cfg, seat, hand, pins, rng)
		if !ok {
			return nil, false
		}
		st := engine.NewState(cfg, deck, removed)
		st.Virgin[seat] = false // the seat's own hand is known
		parts = append(parts, particle{S: st, w: 1, A: &anc{s: st, W: 1}})
	}
	return parts, true
}

// Clone copies the tracker (particles' states are never changed in place).
func (t *Tracker) Clone() *Tracker {
	u := *t
	u.Parts = append([]particle(nil), t.Parts...)
	u.Hist = slices.Clip(t.Hist)
	u.Obs = append([]engine.Event(nil), t.Obs...)
	u.Now = append([]snap(nil), t.Now...)
	if t.Stop != nil {
		st := *t.Stop
		if st.job != nil {
			j := *st.job
			j.u = j.u.Clone()
			if j.st != nil {
				x := *j.st
				x.ends = slices.Clip(x.ends)
				j.st = &x // the copies share its rng: only one of them should go on
			}
			st.job = &j
		}
		u.Stop = &st
	}
	return &u
}

// run is the open turn's play from a state: the set-up's effects or a turn.
func (t *Tracker) run(s *engine.State, ag engine.Agent) {
	if t.turns < 0 {
		s.Start(ag)
		return
	}
	s.PlayTurn(ag)
}

// Add appends an observed event to the open turn.
func (t *Tracker) Add(e engine.Event) error {
	t.Obs = append(t.Obs, e)
	if t.Stop != nil {
		err := t.Resume(ResumeBudget)
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
func (t *Tracker) update() error {
	t.redeal()
	if t.reweigh() {
		if AheadTest.Always {
			t.forceAhead()
		}
		return nil
	}
	if WitnessTest.Only {
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

// pins are the deal pins of the set-up's lines (deal.go): those of the
// open set-up, or of the closed one.
func (t *Tracker) pins() []dealPin {
	switch {
	case t.turns < 0:
		return setupPins(t.Obs, t.Seat)
	case len(t.Hist) > 0 && t.Hist[0].turns < 0:
		return setupPins(t.Hist[0].Obs, t.Seat)
	}
	return nil
}

// redeal draws the particles' set-ups again, while the set-up is open and
// before any history was kept, when its lines pin cards the set-ups were
// not drawn with: a Drunk announced at the deal, a Blackmailer revealed
// with the Detective. Drawn without the pin, the set-ups that fit such a
// line are few (about one in ten for the Drunk, one in a few hundred for
// the Blackmailer and the Detective) and every later figure would rest on
// those few; drawn with it, every set-up fits, and the weights stay equal
// (each is drawn uniformly among the set-ups the lines allow).
func (t *Tracker) redeal() {
	if t.turns >= 0 || len(t.Hist) > 0 {
		return
	}
	pins := t.pins()
	if samePins(pins, t.dealt) {
		return
	}
	rng := rand.New(rand.NewPCG(t.seed, 1<<40|uint64(len(t.Obs))))
	parts, ok := sampleDeals(t.Cfg, t.Seat, t.Hand, pins, t.N, rng)
	if !ok {
		return // no set-up fits: the replays say so
	}
	t.Parts, t.dealt = parts, pins
}

// samePins says whether two lists of deal pins pin the same cards to the
// same players, in order.
func samePins(a, b []dealPin) bool {
	return slices.EqualFunc(a, b, func(x, y dealPin) bool { return x.p == y.p && slices.Equal(x.cards, y.cards) })
}

// reweigh recomputes each particle's state now from the open turn's lines
// and reports whether any fits them.
func (t *Tracker) reweigh() bool {
	rng := rand.New(rand.NewPCG(t.seed, uint64(t.turns+2)<<20|uint64(len(t.Obs))))
	t.Now = t.Now[:0]
	total := 0.0
	r0 := t.Runs
	for _, p := range t.Parts {
		w, s := t.enumerate(p.S, false, rng)
		if w > 0 {
			t.Now = append(t.Now, snap{s, p.w * w, clusterOf(p.A)})
			total += p.w * w
		}
	}
	t.openRuns = t.Runs - r0
	return total > 0
}

// CloseTurn ends the open turn: every particle plays it to its end along
// the seat's lines. The particles are resampled by weight to n when some
// died or their effective number fell below n/2 (or there are more than n,
// after a recovery); otherwise they keep their weights.
func (t *Tracker) CloseTurn() error {
	if t.Stop != nil {
		t.closeStopped()
		return errNoHistory
	}
	if t.step() {
		return t.update()
	}
	if WitnessTest.Only {
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
func (t *Tracker) step() bool {
	st := t.beginStep()
	for st.i < len(t.Parts) {
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
func (t *Tracker) beginStep() *stepping {
	return &stepping{
		rng:  rand.New(rand.NewPCG(t.seed, uint64(t.turns+2)<<20|1<<19)),
		r0:   t.Runs,
		fits: t.look.at(len(t.Hist) + 1),
	}
}

// stepOne plays the open turn from the next particle.
func (t *Tracker) stepOne(st *stepping) {
	p := t.Parts[st.i]
	st.i++
	w, free, s := t.enumerateAhead(p.S, true, st.rng, st.fits)
	if w > 0 {
		pw := w * p.w
		st.ends = append(st.ends, particle{s, pw, &anc{s: s, W: free, up: p.A, at: len(t.Hist) + 1}})
		st.total += pw
		st.sq += pw * pw
	}
}

// endStep ends the closing once every particle has played the turn (see
// step).
func (t *Tracker) endStep(st *stepping) bool {
	rng, ends, total, sq, r0 := st.rng, st.ends, st.total, st.sq, st.r0
	if total == 0 {
		return false
	}
	t.Hist = append(t.Hist, Checkpoint{parts: t.Parts, Obs: t.Obs, Hard: t.Hard, turns: t.turns, runs: t.Runs - r0})
	resampled, alive := false, len(ends)
	if ess := total * total / sq; ess < float64(t.N)/2 || len(ends) != t.N {
		resampled = true
		// Systematic resampling.
		parts := make([]particle, 0, t.N)
		u := rng.Float64() / float64(t.N)
		acc, j := 0.0, 0
		for i := range t.N {
			x := u + float64(i)/float64(t.N)
			for j < len(ends)-1 && acc+ends[j].w/total < x {
				acc += ends[j].w / total
				j++
			}
			parts = append(parts, particle{S: ends[j].S, w: 1, A: ends[j].A})
		}
		ends = parts
	} else {
		// Weights scaled to a mean of 1 (they would underflow otherwise).
		k := float64(len(ends)) / total
		for i := range ends {
			ends[i].w *= k
		}
	}
	t.Parts = ends
	t.turns++
	for _, e := range t.Obs {
		Mentions(&t.Hard, e)
	}
	t.Obs = nil
	if (resampled || MoveTest.Always) && t.look == nil {
		t.move(rng, alive)
	}
	return true
}

// turns0 is the start of a replay: the first closed turn replayed, or the
// open turn when none is.
func turns0(turns []Checkpoint, t *Tracker) Checkpoint {
	if len(turns) > 0 {
		return turns[0]
	}
	return Checkpoint{parts: t.Parts, Hard: t.Hard, turns: t.turns}
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
		out = append(out, particle{S: ps[j].S, w: 1, A: ps[j].A})
	}
	return out
}

// Estimate is an estimated probability and its standard error; K is the
// number of independent sampled histories it rests on (see honest.go; 0
// for what the seat knows for certain).
type Estimate struct {
	P, SE float64
	K     float64
}

// Estimate is the figure of an event f (1 when it holds, 0 when not, or
// a share) over the particles now, with its standard error (honest.go):
// an event with two outcomes.
func (t *Tracker) Estimate(f func(s *engine.State) float64) Estimate {
	xs := make([]float64, len(t.Now))
	for i, p := range t.Now {
		xs[i] = f(p.S)
	}
	return t.Stats().Estimate(t.Now, xs, 2)
}

// SoftNow are the soft cards after the lines so far.
func (t *Tracker) SoftNow() engine.CardSet {
	h := t.Hard
	for _, e := range t.Obs {
		Mentions(&h, e)
	}
	var all engine.CardSet
	for _, c := range t.Cfg.Cards {
		all.Add(c)
	}
	return all &^ h
}

// State is one particle's state now (every particle agrees on what is
// public: hand sizes, the pile, the deck's size, whose turn it is).
func (t *Tracker) State() *engine.State { return t.Now[0].S }
