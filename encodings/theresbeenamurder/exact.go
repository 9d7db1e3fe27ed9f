package theresbeenamurder

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// The exact layer: a time-indexed encoding for the SAT engine. Time point
// 0 is the state right after the deal; time point k+1 the state at the end
// of segment k, where segment 0 is the set-up's announcements and every
// later segment is one turn (its lines so far, for the open turn). Card c
// at time t is the solver card "c@t"; the solver holders are the places:
// each hand, the deck's top card, the rest of the deck, the removed cards
// and the pile. Within a segment a card may go from place a to place b
// only when the segment's moves, in the order they happen, lead from a to
// b (exactsteps.go: each line's steps composed in order, a card moving at
// most once in a step: draws, plays, passes, discards, the Doctor, the
// Secretary, the Driver, the Nun, the Seer, the Detective sent back by
// the Blackmailer, shuffles); every place's size at every time point is what the
// lines say; the lines' cards are constraints at the segment's ends;
// what the lines tell of the deck's order below its top card is said at
// each time point of the top card and the rest (exactdeck.go); and
// the rules on choices (the Monkey and the Drunk must be played, the
// Aristocrat stops the draw, the Imposter is not played beside a card
// above it, the Stranger must be chosen, the Murderer cannot be chosen
// beside another card, the Drunk is announced, the Blackmailer never
// stays beside the Detective) are constraints too.

// place indexes of the encoding, after the hands (0 to players-1).
const (
	plTop = iota
	plRest
	plRemoved
	plPile
	plExtra // how many places follow the hands
)

// encoding is the SAT problem of a game's lines, kept from line to line.
// The deal's and every closed turn's observations are added once, when
// the turn closes (they never change after); the open turn's are added
// again after each of its lines (the earlier versions stay in the problem,
// out of force). Every question names the observations in force (the
// solver's ...Under methods), so one solver, with the clauses it has
// learnt, serves every line and every cell of the sheet.
//
// The model holds a fixed number of time points (the solver's model does
// not grow): the time points beyond now are idle, every card of them put
// in the first hand by an observation in force while they are idle. A game
// longer than the model gets a longer one, built anew.
type encoding struct {
	cfg      *engine.Config
	seat     int
	hand     []engine.Card
	handLine int
	n        int // players
	places   int
	cards    []engine.Card
	index    [engine.NumCards + 1]int // index[c] is card c's index in cards
	times    int                      // time points the model holds, 0 to times-1
	model    *solver.Model
	prob     *solver.Problem
	obsLine  []int // line of each observation (0 for the idle ones and the questions)
	sat      *solver.SAT
	dealIDs  []int
	idle     []int    // idle[t] puts every card of time point t in hand 0
	closed   []encSeg // the closed segments encoded, in order
	open     encSeg   // the open segment's encoding in force
	// committed is how many closed segments are committed to the solver
	// (the deal with the first): in force for good, worked into its
	// clauses once. Only the segments of accepted lines are: a game's
	// lines only grow.
	committed int
	// The view of the lines synced last: the open segment is segment
	// now-1, its moves and its lines.
	now       int
	openGraph graph
	openLines []int
	openEvs   []tracked
	// nowSeen are, by card, the places where the tracker's histories have
	// each card at the open turn's end, set by seenPlaces for the marks
	// (nil for none).
	nowSeen map[engine.Card][]bool
	// Caches, for the lines synced last: was (the places each card may
	// be at at the open turn's start, by card index and place) depends on
	// the closed segments alone; sheet on the open one too.
	was   [][]bool
	sheet [][]table.Mark
	// swapped counts the worlds places0 made by swaps (for tests).
	swapped int
	// sym caches symmetric, by observation id.
	sym map[int][]bool
	// last is the world of the last consistency check, found when the
	// open turn's end was time point lastNow: the next check's hint.
	last    solver.World
	lastNow int
	// quicked counts the checks that quick settled, checked all the
	// checks (for tests; carried to a new encoding of the same game).
	quicked, checked int
	// reuse are, while sync encodes, the open segment's old observations
	// not yet reused (-1 once reused).
	reuse []int
}

// encSeg is a segment's observations, with what names its lines: how many
// events and the public view after its last one (a fresh value for every
// accepted line).
type encSeg struct {
	k   int
	evs int
	end *public
	ids []int
	// reach is the segment's moves (graph.reach), for a closed one.
	reach [][]bool
}

// same reports whether e is the encoding of segment k, s.
func (e *encSeg) same(k int, s segment) bool {
	return e.ids != nil && e.k == k && e.evs == len(s.evs) && e.end == segEnd(s)
}

// segEnd names a segment's lines: the view after its last event (nil
// when it has none).
func segEnd(s segment) *public {
	if len(s.evs) == 0 {
		return nil
	}
	return s.evs[len(s.evs)-1].pub
}

// spareTimes is how many idle time points a new model holds beyond the
// lines': every solve assigns them too, so few, at the cost of a new
// encoding every spareTimes turns.
const spareTimes = 6

// segment is the lines between two time points.
type segment struct {
	player int // whose turn (-1 for the set-up)
	evs    []tracked
	start  *public
	end    *public
}

// segments splits the events into the set-up and the turns.
func (g *Game) segments() []segment {
	start := newPublic(g.cfg, g.p.seat, g.hand)
	segs := []segment{{player: -1, start: start, end: start}}
	for _, t := range g.evs {
		if t.newTurn {
			last := segs[len(segs)-1].end
			segs = append(segs, segment{player: t.e.P, start: last, end: last})
		}
		s := &segs[len(segs)-1]
		s.evs = append(s.evs, t)
		s.end = t.pub
	}
	return segs
}

func (x *encoding) card(c engine.Card, t int) solver.Card {
	return solver.Card(t*len(x.cards) + x.index[c])
}

func (x *encoding) lit(c engine.Card, t, place int) solver.Lit {
	return solver.Lit{Card: x.card(c, t), Holder: solver.Holder(place)}
}

func (x *encoding) top() int     { return x.n + plTop }
func (x *encoding) rest() int    { return x.n + plRest }
func (x *encoding) removed() int { return x.n + plRemoved }
func (x *encoding) pile() int    { return x.n + plPile }

// newEncoding is an empty encoding of g's set-up (the deal's observation
// added) over a model of times time points.
func newEncoding(g *Game, times int) (*encoding, error) {
	x := &encoding{cfg: g.cfg, seat: g.p.seat, hand: slices.Clone(g.hand), handLine: g.handLine,
		n: g.cfg.Players, cards: g.cfg.Cards, times: times}
	x.places = x.n + plExtra
	for i, c := range x.cards {
		x.index[c] = i
	}
	var names []string
	for t := range x.times {
		for _, c := range x.cards {
			names = append(names, fmt.Sprintf("%v@%d", c, t))
		}
	}
	var hs []solver.HolderSpec
	for l := range x.places {
		hs = append(hs, solver.HolderSpec{Name: fmt.Sprint(l), Size: solver.Between(0, len(names))})
	}
	m, err := solver.NewModel(names, hs)
	if err != nil {
		return nil, err
	}
	x.model, x.prob = m, solver.NewProblem(m)
	for t := range x.times {
		var ks []solver.Constraint
		for _, c := range x.cards {
			ks = append(ks, solver.Holds(x.card(c, t), 0))
		}
		id, err := x.add(0, ks)
		if err != nil {
			return nil, err
		}
		x.idle = append(x.idle, id)
	}
	id, err := x.add(x.handLine, x.deal())
	if err != nil {
		return nil, err
	}
	x.dealIDs = []int{id}
	x.sat = solver.NewSAT(x.prob)
	return x, nil
}

// sync brings the encoding up to g's lines: the closed segments it has
// not encoded (or encoded from other lines, after a refused line) are
// encoded and so is the open one when its lines changed. The model must
// hold the lines' time points. It reports false, changing nothing, when
// a committed segment is not g's (g is not a later version of the game
// the encoding was committed for): g needs an encoding of its own.
func (x *encoding) sync(g *Game) (bool, error) {
	segs := g.segments()
	open := len(segs) - 1
	keep := 0
	for keep < len(x.closed) && keep < open && x.closed[keep].same(keep, segs[keep]) {
		keep++
	}
	if keep < x.committed {
		return false, nil
	}
	if keep < len(x.closed) {
		for _, e := range x.closed[keep:] {
			if err := x.sat.Retire(e.ids); err != nil {
				return false, err
			}
		}
		x.closed = x.closed[:keep]
		x.was, x.sheet = nil, nil
	}
	// The open segment's observations in force, for the segment's new
	// encoding to reuse where they are the same (see add).
	x.reuse = x.reuse[:0]
	if !x.open.same(open, segs[open]) {
		x.reuse = append(x.reuse, x.open.ids...)
	}
	for k := keep; k < open; k++ {
		ids, err := x.encodeSeg(k, segs, true)
		if err != nil {
			return false, err
		}
		x.closed = append(x.closed, encSeg{k, len(segs[k].evs), segEnd(segs[k]), ids, x.graph(segs[k]).reach})
		x.was, x.sheet = nil, nil
	}
	if !x.open.same(open, segs[open]) {
		ids, err := x.encodeSeg(open, segs, false)
		if err != nil {
			return false, err
		}
		x.open = encSeg{open, len(segs[open].evs), segEnd(segs[open]), ids, nil}
		x.sheet = nil
	}
	// The old version's observations not reused are out of force for good.
	var old []int
	for _, id := range x.reuse {
		if id >= 0 {
			old = append(old, id)
		}
	}
	x.reuse = x.reuse[:0]
	if err := x.sat.Retire(old); err != nil {
		return false, err
	}
	x.now = open + 1
	x.openGraph = x.graph(segs[open])
	x.openLines = x.openLines[:0]
	x.openEvs = segs[open].evs
	for _, t := range segs[open].evs {
		x.openLines = append(x.openLines, t.line)
	}
	return true, nil
}

// encodeSeg adds segment k's observations: its moves and sizes (as its
// first line's), then each line's, then what the lines tell of the
// deck's order at its end; closed tells whether the turn is over.
func (x *encoding) encodeSeg(k int, segs []segment, closed bool) ([]int, error) {
	s := segs[k]
	line := x.handLine
	if len(s.evs) > 0 {
		line = s.evs[0].line
	}
	g := x.graph(s)
	ids := []int{} // not nil: an encoded segment
	id, err := x.add(line, x.structure(k, s, g, closed))
	if err != nil {
		return nil, err
	}
	if id >= 0 {
		ids = append(ids, id)
	}
	for i, t := range s.evs {
		id, err := x.add(t.line, x.content(k, s, g, i))
		if err != nil {
			return nil, err
		}
		if id >= 0 {
			ids = append(ids, id)
		}
	}
	// The deck's order at the segment's end (exactdeck.go).
	for _, lc := range x.deckFacts(segs, k) {
		id, err := x.add(lc.line, lc.ks)
		if err != nil {
			return nil, err
		}
		if id >= 0 {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// add adds one observation of line (0 for none), returning its id (-1
// when there is nothing to add). An observation of the open segment's
// old version with the same line and the same constraints is reused
// instead (taken out of x.reuse): a line of the open turn re-encodes the
// whole turn, mostly as it was, and every observation added brings the
// engine variables that every later search assigns.
func (x *encoding) add(line int, ks []solver.Constraint) (int, error) {
	if len(ks) == 0 {
		return -1, nil
	}
	obs := x.prob.Observations()
	for i, id := range x.reuse {
		if id >= 0 && x.obsLine[id] == line && slices.EqualFunc(obs[id].Constraints, ks, sameConstraint) {
			x.reuse[i] = -1
			return id, nil
		}
	}
	id, err := x.prob.Add(solver.Observation{Label: fmt.Sprint(line), Constraints: ks})
	if err != nil {
		return -1, err
	}
	x.obsLine = append(x.obsLine, line)
	return id, nil
}

// sameConstraint reports whether a and b are the same constraint, term
// by term.
func sameConstraint(a, b solver.Constraint) bool {
	return a.Op == b.Op && a.Bound == b.Bound && slices.Equal(a.Terms, b.Terms)
}

// idleIDs are the idle observations of the time points after t.
func (x *encoding) idleIDs(t int) []int { return slices.Clone(x.idle[t+1:]) }

// closedIDs are the observations of the deal and the closed segments, with
// every time point after the open turn's start idle.
func (x *encoding) closedIDs() []int {
	ids := append(x.idleIDs(x.now-1), x.dealIDs...)
	for _, s := range x.closed {
		ids = append(ids, s.ids...)
	}
	return ids
}

// commit commits the deal and the closed segments not yet committed:
// called once the lines are accepted.
func (x *encoding) commit() error {
	if x.committed == 0 && len(x.closed) > 0 {
		if err := x.sat.Commit(x.dealIDs); err != nil {
			return err
		}
	}
	for ; x.committed < len(x.closed); x.committed++ {
		if err := x.sat.Commit(x.closed[x.committed].ids); err != nil {
			return err
		}
	}
	return nil
}

// coreLines is a minimal set of the lines of the observations ids that
// admit no history together (nil when they admit one), found by a fresh
// engine: committed observations are not named by the shared one.
func (x *encoding) coreLines(ctx context.Context, ids []int) ([]int, bool, error) {
	conf, err := solver.NewSAT(x.prob.Subset(ids)).Conflict(ctx)
	if err != nil || conf == nil {
		return nil, false, err
	}
	for i, j := range conf {
		conf[i] = ids[j]
	}
	return x.lines(conf), true, nil
}

// activeIDs are the observations in force: the lines' and the idle ones.
func (x *encoding) activeIDs() []int {
	ids := append(x.idleIDs(x.now), x.dealIDs...)
	for _, s := range x.closed {
		ids = append(ids, s.ids...)
	}
	return append(ids, x.open.ids...)
}

// sizes are the places' sizes at time t, the pile and, when mine, the
// seat's hand.
func (x *encoding) sizes(t int, p *public, mine bool) []solver.Constraint {
	var ks []solver.Constraint
	n := make([]int, x.places)
	copy(n, p.sizes)
	for i := range p.deck {
		n[x.deckAt(i, p.deck)]++
	}
	n[x.removed()], n[x.pile()] = x.cfg.Removed, len(p.pile)
	op := solver.Eq
	// exactly: the cards at place are these, when they are all known.
	exactly := func(place int, in []engine.Card) bool {
		if len(in) != n[place] {
			return false
		}
		for _, c := range x.cards {
			if slices.Contains(in, c) {
				ks = append(ks, solver.Holds(x.card(c, t), solver.Holder(place)))
			} else {
				ks = append(ks, solver.NotHolds(x.card(c, t), solver.Holder(place)))
			}
		}
		return true
	}
	for place := range x.places {
		switch {
		case place == x.pile() && exactly(place, p.pile):
			continue
		case place == x.seat && mine && exactly(place, p.mine):
			continue
		}
		var ls []solver.Lit
		for _, c := range x.cards {
			ls = append(ls, x.lit(c, t, place))
		}
		ks = append(ks, solver.CountOf(ls, op, n[place]))
	}
	for _, c := range p.pile {
		ks = append(ks, solver.Holds(x.card(c, t), solver.Holder(x.pile())))
	}
	if mine {
		for _, c := range p.mine {
			ks = append(ks, solver.Holds(x.card(c, t), solver.Holder(x.seat)))
		}
	}
	return ks
}

// deal is what the set-up says of time 0: the sizes, the seat's hand, and
// where the deal can put the Murderer (the top part: in the deck, on top
// when the top part has one card left there) and the Detective (the
// bottom part); neither is removed.
func (x *encoding) deal() []solver.Constraint {
	cfg := x.cfg
	ks := x.sizes(0, newPublic(cfg, x.seat, x.hand), true)
	top := cfg.TopSize()
	not := func(c engine.Card, place int) {
		ks = append(ks, solver.NotHolds(x.card(c, 0), solver.Holder(place)))
	}
	for _, c := range []engine.Card{engine.Murderer, engine.Detective} {
		not(c, x.removed())
	}
	for q := range x.n {
		a, b := cfg.DealPosition(q, 0), cfg.DealPosition(q, 1)
		if a >= top && b >= top {
			not(engine.Murderer, q)
		}
		if a < top && b < top {
			not(engine.Detective, q)
		}
	}
	// Deck position i after the deal is position 2n+i of the deck before
	// it: in the top part below top. A deck place holds the Murderer only
	// if one of its positions is in the top part, the Detective only if
	// one is in the bottom part.
	d := cfg.DeckSize() - 2*x.n
	var upper, lower uint64
	for i := range d {
		if 2*x.n+i < top {
			upper |= 1 << x.deckAt(i, d)
		} else {
			lower |= 1 << x.deckAt(i, d)
		}
	}
	for m := x.deckMask(); m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		if upper&(1<<p) == 0 {
			not(engine.Murderer, p)
		}
		if lower&(1<<p) == 0 {
			not(engine.Detective, p)
		}
	}
	return ks
}

// structure is a segment's moves and its end's sizes, with the rules that
// bind every segment.
func (x *encoding) structure(k int, s segment, g graph, closed bool) []solver.Constraint {
	a, b := k, k+1
	// The seat's hand is pinned at the end of closed turns only: within a
	// turn the lines say the play's moves before the seat's own gives.
	ks := x.sizes(b, s.end, closed)
	for _, c := range x.cards {
		for from := range x.places {
			pos := []solver.Lit{}
			for to := range x.places {
				if g.reach[from][to] {
					pos = append(pos, x.lit(c, b, to))
				}
			}
			ks = append(ks, solver.Clause(pos, []solver.Lit{x.lit(c, a, from)}))
		}
	}
	// A one-card pass: no two cards of its giver at a are with its
	// receiver at b.
	for _, p := range g.once {
		for i, c := range x.cards {
			for _, d := range x.cards[i+1:] {
				ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(c, a, p[0]), x.lit(c, b, p[1]), x.lit(d, a, p[0]), x.lit(d, b, p[1])}))
			}
		}
	}
	// A hand that must give one card at a pass, with nothing else
	// changing it: not all of its cards at a are there at b (one and two
	// cards; a larger hand is left to the sizes).
	for _, q := range g.must {
		switch s.start.sizes[q] {
		case 1:
			for _, c := range x.cards {
				ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(c, a, q), x.lit(c, b, q)}))
			}
		case 2:
			for i, c := range x.cards {
				for _, d := range x.cards[i+1:] {
					ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(c, a, q), x.lit(c, b, q), x.lit(d, a, q), x.lit(d, b, q)}))
				}
			}
		}
	}
	// The announcements and reveals are read once the segment is closed:
	// the open one's may still come.
	playing := s.end.end == engine.Playing && closed
	announced := map[int]bool{}
	for _, t := range s.evs {
		if t.e.Kind == engine.EvAnnounce {
			announced[t.e.P] = true
		}
	}
	if x.cfg.Has(engine.Drunk) && playing {
		for q := range x.n {
			if announced[q] {
				continue
			}
			if k == 0 {
				ks = append(ks, solver.NotHolds(x.card(engine.Drunk, a), solver.Holder(q)))
			}
			// The Drunk did not enter q's hand in the segment.
			ks = append(ks, solver.Clause([]solver.Lit{x.lit(engine.Drunk, a, q)}, []solver.Lit{x.lit(engine.Drunk, b, q)}))
		}
	}
	if x.cfg.Has(engine.Blackmailer) && playing {
		for q := range x.n {
			ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(engine.Detective, b, q), x.lit(engine.Blackmailer, b, q)}))
		}
	}
	// Choices of the players other than the turn's: their hands at the
	// choice are their hands at the segment's start.
	if s.player >= 0 {
		choosers := map[int]bool{}
		for _, t := range s.evs {
			e := t.e
			if e.Kind == engine.EvDiscard {
				choosers[e.P] = true
			}
			if e.Kind != engine.EvPlay {
				continue
			}
			switch e.As {
			case engine.Cad:
				choosers[e.Q], choosers[e.R] = true, true
			case engine.Socialite, engine.Invalid:
				choosers[e.Q] = true
			case engine.Gossip:
				for q := range x.n {
					choosers[q] = true
				}
			}
		}
		for q := range choosers {
			if q < 0 || q == s.player || s.start.sizes[q] == 0 {
				continue
			}
			if s.start.sizes[q] >= 2 {
				// The Murderer is not chosen beside another card.
				ks = append(ks, solver.Clause([]solver.Lit{x.lit(engine.Murderer, b, q)}, []solver.Lit{x.lit(engine.Murderer, a, q)}))
			}
			if x.cfg.Has(engine.Stranger) {
				// The Stranger, if held, is the card chosen.
				ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(engine.Stranger, a, q), x.lit(engine.Stranger, b, q)}))
			}
		}
	}
	return ks
}

// content is what line i of segment k says of the cards at the segment's
// ends: its cards were where it says at its moment, reached from the
// segment's start by the steps before it, and go from there by the steps
// after it.
func (x *encoding) content(k int, s segment, g graph, i int) []solver.Constraint {
	e := s.evs[i].e
	a, b := k, k+1
	var ks []solver.Constraint
	has := func(c engine.Card) bool { return c != 0 && x.cfg.Has(c) }
	set := func(ps []int) uint64 {
		var m uint64
		for _, p := range ps {
			m |= 1 << p
		}
		return m
	}
	// from: card c was, at a, at a place from which one of ps is
	// reachable by the steps before the line's (before step lo).
	fromAt := func(lo int, c engine.Card, ps ...int) {
		if !has(c) {
			return
		}
		m := set(ps)
		var pos []solver.Lit
		for l := range x.places {
			if g.pre[lo][l]&m != 0 {
				pos = append(pos, x.lit(c, a, l))
			}
		}
		ks = append(ks, solver.Clause(pos, nil))
	}
	// to: card c is, at b, at a place reachable from one of ps by the
	// steps after the line's (from step hi on).
	toAt := func(hi int, c engine.Card, ps ...int) {
		if !has(c) {
			return
		}
		var m uint64
		for _, p := range ps {
			m |= g.suf[hi][p]
		}
		var pos []solver.Lit
		for l := range x.places {
			if m&(1<<l) != 0 {
				pos = append(pos, x.lit(c, b, l))
			}
		}
		ks = append(ks, solver.Clause(pos, nil))
	}
	lo, hi := g.lo[i], g.hi[i]
	from := func(c engine.Card, ps ...int) { fromAt(lo, c, ps...) }
	to := func(c engine.Card, ps ...int) { toAt(hi, c, ps...) }
	notAt := func(c engine.Card, t, p int) {
		if has(c) {
			ks = append(ks, solver.NotHolds(x.card(c, t), solver.Holder(p)))
		}
	}
	chooser := e.P != s.player && s.player >= 0
	deck := x.deckPlaces(-1, -1)
	switch e.Kind {
	case engine.EvDraw, engine.EvTake:
		if e.Kind == engine.EvDraw {
			from(e.Card, x.top())
		} else {
			from(e.Card, x.deckPlaces(3, g.dsize[i])...)
		}
		to(e.Card, e.P)
	case engine.EvAnnounce:
		from(engine.Drunk, e.P)
		to(engine.Drunk, e.P)
	case engine.EvReveal:
		for _, c := range e.Cards {
			from(c, e.P)
			if c == engine.Detective && slices.Contains(e.Cards, engine.Blackmailer) {
				to(c, deck...)
			} else {
				to(c, e.P)
			}
		}
	case engine.EvDiscard:
		from(e.Card, e.P)
		to(e.Card, x.pile())
		if chooser && e.Card != engine.Stranger {
			notAt(engine.Stranger, a, e.P)
		}
	case engine.EvGive:
		from(e.Card, e.P)
		to(e.Card, e.Q)
		if chooser && e.Card != engine.Stranger {
			notAt(engine.Stranger, a, e.P)
		}
	case engine.EvShow:
		from(e.Card, e.P)
		to(e.Card, e.P)
		if chooser && e.Card != engine.Stranger {
			notAt(engine.Stranger, a, e.P)
		}
	case engine.EvBury:
		from(e.Card, e.P)
		if g.bury >= 0 && g.hi[i] > g.lo[i] {
			// Under the deck of the Nun's play (its size then).
			to(e.Card, x.deckAt(g.bury, g.bury+1))
		} else {
			to(e.Card, deck...)
		}
	case engine.EvSees:
		pl := segPlay(s)
		switch pl.As {
		case engine.Secretary:
			// The whole deck, before the discard; the play ends the
			// turn, and what was not discarded is in the deck.
			for _, c := range e.Cards {
				from(c, deck...)
				if c != pl.Arg {
					toAt(hi+1, c, deck...)
				}
			}
		case engine.Seer:
			// The bottom card, before the move.
			for _, c := range e.Cards {
				if g.look > 0 {
					from(c, x.deckAt(g.look-1, g.look))
					to(c, x.deckAt(g.look-1, g.look))
				} else {
					from(c, deck...)
					to(c, deck...)
				}
			}
		default:
			// The Driver's top cards, in order, before the pick.
			for j, c := range e.Cards {
				p := deck
				if g.look > j {
					p = []int{x.deckAt(j, g.look)}
				}
				from(c, p...)
				to(c, p...)
			}
		}
	case engine.EvPlay:
		from(e.Card, e.P)
		to(e.Card, x.pile())
		for _, c := range e.Cards {
			from(c, e.P)
			to(c, x.pile())
		}
		if e.Card != engine.Monkey {
			notAt(engine.Monkey, a, e.P)
			if e.Card != engine.Drunk {
				notAt(engine.Drunk, a, e.P)
				if e.Card != engine.Aristocrat {
					notAt(engine.Aristocrat, a, e.P)
				}
			}
		}
		if g.drewFirst {
			notAt(engine.Aristocrat, a, e.P)
		}
		if e.Card == engine.Imposter {
			// The Imposter is played only with no card above it in the
			// hand (LegalPlays: such a card would be playable), and no
			// card leaves a hand before its play but the Detective sent
			// back by the Blackmailer.
			for _, c := range x.cards {
				if c > engine.Imposter {
					notAt(c, a, e.P)
				}
			}
			// Nor was one drawn before it: the hand at the play is the
			// hand at the turn's end with the Imposter (an Effect's play
			// does nothing, and the turn ends with it; only the
			// Detective, below it, may leave, sent back by the
			// Blackmailer).
			for _, c := range x.cards {
				if c > engine.Imposter {
					notAt(c, b, e.P)
				}
			}
		}
		// The play's public card, after the play's steps (before them
		// for the Doctor's, which its steps move, and the Secretary's).
		end := g.done[i]
		switch e.As {
		case engine.Butler:
			fromAt(end, e.Arg, x.top())
			toAt(end, e.Arg, x.top())
		case engine.Hound:
			if e.Q == engine.Unseen {
				break // another's Hound: its answer is unseen
			}
			ps := []int{e.Q}
			if e.Q < 0 {
				ps = append(deck, x.removed(), x.pile())
			}
			fromAt(end, e.Arg, ps...)
			toAt(end, e.Arg, ps...)
		case engine.Reporter:
			if e.Q >= 0 {
				fromAt(end, e.Arg, e.Q)
				toAt(end, e.Arg, e.Q)
			}
		case engine.Doctor:
			fromAt(hi, e.Arg, x.pile())
			toAt(end, e.Arg, deck...)
		case engine.Secretary:
			fromAt(hi, e.Arg, deck...)
			toAt(end, e.Arg, x.pile())
		}
	}
	return ks
}

// deckPlaces are the places of the first k positions of a deck of d
// cards (deckBelow, as a list).
func (x *encoding) deckPlaces(k, d int) []int {
	var out []int
	for m := x.deckBelow(k, d); m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m))
	}
	return out
}

// play is the play event of a segment (zero when none yet).
func segPlay(s segment) engine.Event {
	for _, t := range s.evs {
		if t.e.Kind == engine.EvPlay {
			return t.e
		}
	}
	return engine.Event{}
}

// lines are the lines of observation ids, ascending, without repeats
// (the idle observations and the questions have none).
func (x *encoding) lines(ids []int) []int {
	out := []int{}
	for _, i := range ids {
		if l := x.obsLine[i]; l > 0 {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// checkExact brings the encoding up to line n and refuses the line when
// the lines admit no history, naming a minimal set of earlier lines that
// conflict with it.
func (g *Game) checkExact(n int) error {
	if g.cfg == nil {
		return nil
	}
	x, err := g.exactEnc()
	if err != nil {
		return err
	}
	ctx := context.Background()
	ids := x.activeIDs()
	x.checked++
	w := x.quick(ids)
	if w != nil {
		x.quicked++
	} else {
		// No world without a search: the engine's answer.
		if w, err = x.sat.WorldUnder(ctx, ids); err != nil {
			return err
		}
	}
	if w != nil {
		x.last, x.lastNow = w, x.now
		return x.commit()
	}
	ls, _, err := x.coreLines(ctx, ids)
	if err != nil {
		return err
	}
	ls = slices.DeleteFunc(ls, func(l int) bool { return l >= n })
	return table.NewConflict(g.lines, ls)
}

// quick is a world of the observations ids found without the engine,
// or nil when this way finds none (which proves nothing). It keeps the
// world of the last check (a world of the lines before this one) up to
// a time point, puts every card of the idle time points in the first
// hand, and chooses the time points from there to the open turn's end
// one after the other: with the earlier time points fixed, each
// constraint whose last time point is the one being chosen names one
// card there (the card's possible places, kept) or counts the cards at
// one place (the place's size, kept), so the choice is a matching of
// cards to places within those sizes (augmenting paths), the last
// world's place first. It keeps the last world up to the open turn's
// end, then up to 1, 2, 4 and 8 time points before, then not at all (a
// world of the lines from the deal on). Whatever went into it, the world is then checked against
// every constraint of ids and the model's structure (fits), so what
// quick returns is a world of them. A line rarely changes what the
// earlier turns' lines allow, so the last world mostly still fits them,
// and the check then needs no search.
func (x *encoding) quick(ids []int) solver.World {
	now := x.now
	if now >= x.times {
		return nil
	}
	return x.newQuick(ids).world(now)
}

// world is what quick finds, the last world kept before time point last
// (the open turn's end for a line's check, its start for the sheet's
// places) or fewer; the world is checked by fits.
func (q *quickIndex) world(last int) solver.World {
	x := q.x
	nc := len(x.cards)
	var tried []int
	for _, from := range []int{last, last - 1, last - 2, last - 4, last - 8, 0} {
		if from < 0 || slices.Contains(tried, from) {
			continue
		}
		tried = append(tried, from)
		if from > 0 && (x.last == nil || len(x.last) < from*nc || x.lastNow < from-1) {
			continue
		}
		q.base = x.last
		for swaps := 0; ; swaps++ {
			w, bad := q.complete(from)
			if w != nil {
				if x.fits(w, q.ids) {
					return w
				}
				break
			}
			// A card with no place at the time point: its history
			// traded for another card's (every time point kept), as
			// the swaps of places0 do, may fit.
			if bad < 0 || swaps == maxQuickSwaps || q.base == nil {
				break
			}
			if !q.trade(from, bad) {
				break
			}
		}
	}
	return nil
}

// maxQuickSwaps bounds the histories a quick check trades.
const maxQuickSwaps = 3

// trade swaps, in the base world, the history of card bad (an index)
// with that of the first other card after which bad has a place at time
// point from; false when no card does.
func (q *quickIndex) trade(from int, bad int) bool {
	x := q.x
	nc := len(x.cards)
	lo := from * nc
	for j := range nc {
		if j == bad {
			continue
		}
		v := slices.Clone(q.base)
		for t := 0; (t+1)*nc <= len(v); t++ {
			v[t*nc+bad], v[t*nc+j] = v[t*nc+j], v[t*nc+bad]
		}
		old := q.base
		q.base = v
		w := make(solver.World, x.times*nc)
		copy(w, v[:lo])
		ok := q.placeable(w, from, bad) && q.placeable(w, from, j) && q.keeps(v, from, bad) && q.keeps(v, from, j)
		if ok {
			return true
		}
		q.base = old
	}
	return false
}

// keeps reports whether v satisfies the constraints naming card i (an
// index) whose last time point is before from.
func (q *quickIndex) keeps(v solver.World, from, i int) bool {
	x := q.x
	nc := len(x.cards)
	if q.byCard == nil {
		q.byCard, q.lastT = make([][]quickCon, nc), make([][]int, nc)
		obs := x.prob.Observations()
		mark := make([]int, nc)
		n := 0
		for _, id := range q.ids {
			cs := obs[id].Constraints
			for j := range cs {
				k := &cs[j]
				n++
				t := -1
				for _, tm := range k.Terms {
					t = max(t, int(tm.Lit.Card)/nc)
				}
				if t < 0 || t >= x.now {
					continue
				}
				for _, tm := range k.Terms {
					if c := int(tm.Lit.Card) % nc; mark[c] != n {
						mark[c] = n
						q.byCard[c] = append(q.byCard[c], quickCon{k: k})
						q.lastT[c] = append(q.lastT[c], t)
					}
				}
			}
		}
	}
	for n, qc := range q.byCard[i] {
		if q.lastT[i][n] < from && !qc.k.Satisfied(v) {
			return false
		}
	}
	return true
}

// placeable reports whether card i (an index) has a place at time point
// t in w (fixed before t) by the constraints whose last time point is t
// and that name it alone there.
func (q *quickIndex) placeable(w solver.World, t, i int) bool {
	x := q.x
	c := t*len(x.cards) + i
	full := uint64(1)<<x.places - 1
	allowed := full
	for _, qc := range q.byT[t] {
		if qc.card != c {
			continue
		}
		for p := range x.places {
			if allowed&(1<<p) != 0 {
				w[c] = solver.Holder(p)
				if !qc.k.Satisfied(w) {
					allowed &^= 1 << p
				}
			}
		}
	}
	w[c] = 0
	return allowed != 0
}

// quickIndex is the constraints of a quick check by their last time
// point (those of the idle time points left out), each with its shape
// there.
type quickIndex struct {
	x    *encoding
	ids  []int
	byT  [][]quickCon
	base solver.World // the last world, nil for none
	// byCard are, by card index, the constraints that name the card and
	// whose last time point, kept beside, is before the open turn's end
	// (built on first use, by trade).
	byCard [][]quickCon
	lastT  [][]int
	// pinned, when set (not -1), is a solver card put at place only;
	// toward[t] are, as a bit mask, the places from which the closed
	// segments' moves can bring that card there by then (see pin).
	pinned solver.Card
	only   solver.Holder
	toward []uint64
}

// pin puts card i (an index) at place m at time point t, and marks at
// every earlier time point the places from which the closed segments'
// moves lead there, so that each time point chosen keeps the card on a
// way there.
func (q *quickIndex) pin(i, m, t int) {
	x := q.x
	q.pinned, q.only = solver.Card(t*len(x.cards)+i), solver.Holder(m)
	q.toward = slices.Grow(q.toward[:0], t+1)[:t+1]
	q.toward[t] = 1 << m
	for k := t - 1; k >= 0; k-- {
		var b uint64
		if k < len(x.closed) && x.closed[k].reach != nil {
			for p := range x.places {
				for r := range x.places {
					if x.closed[k].reach[p][r] && q.toward[k+1]&(1<<r) != 0 {
						b |= 1 << p
						break
					}
				}
			}
		} else {
			b = uint64(1)<<x.places - 1
		}
		q.toward[k] = b
	}
}

// quickCon is a constraint with, at its last time point t, the one card
// it names there (card >= 0), or the place whose cards it counts (card
// -1, place >= 0), or neither (checked by fits only).
type quickCon struct {
	k     *solver.Constraint
	card  int // solver card
	place solver.Holder
}

func (x *encoding) newQuick(ids []int) *quickIndex {
	nc, now := len(x.cards), x.now
	q := &quickIndex{x: x, ids: ids, byT: make([][]quickCon, now+1), base: x.last, pinned: -1}
	obs := x.prob.Observations()
	for _, id := range ids {
		cs := obs[id].Constraints
		for j := range cs {
			k := &cs[j]
			t := -1
			for _, tm := range k.Terms {
				t = max(t, int(tm.Lit.Card)/nc)
			}
			if t < 0 || t > now {
				continue
			}
			qc := quickCon{k: k, card: -1, place: -1}
			n, ok := 0, true
			for _, tm := range k.Terms {
				c := int(tm.Lit.Card)
				if c/nc != t {
					continue
				}
				switch {
				case qc.card < 0 && n == 0:
					qc.card = c
				case qc.card == c:
				default:
					qc.card = -1
				}
				if tm.Coef != 1 || (qc.place >= 0 && tm.Lit.Holder != qc.place) {
					ok = false
				}
				qc.place = tm.Lit.Holder
				n++
			}
			if qc.card >= 0 {
				qc.place = -1
			} else if !ok || n != nc {
				qc.place = -1 // not a count of one place: fits checks it
			}
			q.byT[t] = append(q.byT[t], qc)
		}
	}
	return q
}

// complete is the last world up to time point from (excluded) and every
// time point from there to the open turn's end chosen in turn, or nil
// when some choice has no matching; bad is then the index of a card
// with no place at all (-1 for none).
func (q *quickIndex) complete(from int) (w solver.World, bad int) {
	x := q.x
	nc, now := len(x.cards), x.now
	w = make(solver.World, x.times*nc) // idle time points: hand 0
	copy(w, q.base[:from*nc])
	full := uint64(1)<<x.places - 1
	allowed := make([]uint64, nc)
	capLo, capHi := make([]int, x.places), make([]int, x.places)
	at := make([]int, nc)
	load := make([]int, x.places)
	for t := from; t <= now; t++ {
		lo := t * nc
		for i := range allowed {
			allowed[i] = full
		}
		for p := range capHi {
			capLo[p], capHi[p] = 0, nc
		}
		for _, qc := range q.byT[t] {
			k := qc.k
			switch {
			case qc.card >= 0:
				i := qc.card - lo
				for p := range x.places {
					if allowed[i]&(1<<p) != 0 {
						w[qc.card] = solver.Holder(p)
						if !k.Satisfied(w) {
							allowed[i] &^= 1 << p
						}
					}
				}
				w[qc.card] = 0
			case qc.place >= 0:
				base := 0
				for _, tm := range k.Terms {
					if c := int(tm.Lit.Card); c < lo && w[c] == tm.Lit.Holder {
						base += tm.Coef
					}
				}
				b := k.Bound - base
				if k.Op != solver.Ge {
					capHi[qc.place] = min(capHi[qc.place], b)
				}
				if k.Op != solver.Le {
					capLo[qc.place] = max(capLo[qc.place], b)
				}
			}
		}
		if q.pinned >= 0 {
			if i := int(q.pinned) % nc; t <= int(q.pinned)/nc {
				allowed[i] &= q.toward[t]
			}
		}
		for i, a := range allowed {
			if a == 0 {
				return nil, i
			}
		}
		if !x.match(allowed, capLo, capHi, q.prefer(t), at, load) {
			return nil, -1
		}
		for i, p := range at {
			w[lo+i] = solver.Holder(p)
		}
	}
	return w, -1
}

// prefer is the last world's place of every card at time point t (nil
// when it has none).
func (q *quickIndex) prefer(t int) []solver.Holder {
	nc := len(q.x.cards)
	if q.base == nil || t > q.x.lastNow || len(q.base) < (t+1)*nc {
		return nil
	}
	return q.base[t*nc : (t+1)*nc]
}

// match puts every card (by index) at one of its allowed places (a bit
// mask), each place p holding capLo[p] to capHi[p] cards, the card's
// place in prefer first: at is each card's place, load each place's
// count. It reports false when it finds none (augmenting paths find one
// within capHi whenever there is one; capLo is checked after).
func (x *encoding) match(allowed []uint64, capLo, capHi []int, prefer []solver.Holder, at, load []int) bool {
	clear(load)
	for i := range at {
		at[i] = -1
		if prefer != nil {
			if p := int(prefer[i]); p < x.places && allowed[i]&(1<<p) != 0 && load[p] < capHi[p] {
				at[i] = p
				load[p]++
			}
		}
	}
	var seen uint64
	var augment func(i int) bool
	augment = func(i int) bool {
		for p := range x.places {
			if allowed[i]&(1<<p) == 0 || seen&(1<<p) != 0 {
				continue
			}
			seen |= 1 << p
			if load[p] < capHi[p] {
				at[i] = p
				load[p]++
				return true
			}
			for j := range at {
				if at[j] == p && augment(j) {
					// j left p for another place; i takes its slot.
					load[p]--
					at[i] = p
					load[p]++
					return true
				}
			}
		}
		return false
	}
	for i := range at {
		if at[i] >= 0 {
			continue
		}
		seen = 0
		if !augment(i) {
			return false
		}
	}
	for p := range load {
		if load[p] < capLo[p] {
			return false
		}
	}
	return true
}

// fits reports whether w is a world of the observations ids, by the
// solver's plain checker (every card at a place the model allows, every
// place's size within the model's, every constraint satisfied).
func (x *encoding) fits(w solver.World, ids []int) bool {
	bad, deal := x.prob.Subset(ids).Check(w)
	return deal && bad == nil
}

// exactEnc is the encoding brought up to g's lines: the one g shares with
// the games it was cloned from, or a new one on first use and when the
// game outgrows its model.
func (g *Game) exactEnc() (*encoding, error) {
	need := 2 // time points: the deal's and the set-up's end
	for _, t := range g.evs {
		if t.newTurn {
			need++
		}
	}
	for attempt := 0; ; attempt++ {
		if g.enc == nil || g.enc.times < need || attempt > 0 {
			x, err := newEncoding(g, need+spareTimes)
			if err != nil {
				return nil, err
			}
			if g.enc != nil && g.enc.last != nil {
				// The hint carries over: card c at time t is the same
				// solver card in every model.
				x.last, x.lastNow = g.enc.last, min(g.enc.lastNow, x.times-1)
			}
			if g.enc != nil {
				x.quicked, x.checked = g.enc.quicked, g.enc.checked
			}
			g.enc = x
		}
		ok, err := g.enc.sync(g)
		if err != nil {
			return nil, err
		}
		if ok {
			return g.enc, nil
		}
	}
}

// sheetPlaces are the encoding's places of sheet location l.
func (x *encoding) sheetPlaces(l int) []int {
	switch l - x.n {
	case LocDeck:
		return x.deckPlaces(-1, -1)
	case LocPile:
		return []int{x.pile()}
	case LocRemoved:
		return []int{x.removed()}
	}
	return []int{l}
}

// marks are the SAT's ✓ and ✗ of every card at every sheet location now,
// by card index: at the open turn's end, the moment after the moves of its
// lines so far (each line's moves at its line, as the public counts have
// them: a swap's at the play's line), under every line in force, the open
// turn's included (placesAt).
//
// Where each card may be at the open turn's start is asked once a turn,
// of the one solver, under the closed turns' observations (places0); seen
// (nil for none) are places the tracker's histories show possible. Those
// places, carried along the moves the open turn's lines allow, are where
// a card may be now at most; placesAt asks which of them the open turn's
// lines leave.
func (x *encoding) marks(ctx context.Context, seen func() map[engine.Card][]bool) ([][]table.Mark, error) {
	if x.sheet != nil {
		return x.sheet, nil
	}
	x.nowSeen = nil
	if x.was == nil {
		was, err := x.places0(ctx, seen)
		if err != nil {
			return nil, err
		}
		x.was = was
	} else if seen != nil {
		seen() // the places now (x.nowSeen)
	}
	may := make([][]bool, len(x.cards))
	for i := range x.cards {
		may[i] = make([]bool, x.places)
		for p := range x.places {
			for m := range x.places {
				may[i][p] = may[i][p] || (x.was[i][m] && x.openGraph.reach[m][p])
			}
		}
	}
	if x.openLags() {
		// The turn's start under every line in force, carried along
		// the open turn's moves.
		was, err := x.placesAt(ctx, x.now-1, x.was)
		if err != nil {
			return nil, err
		}
		for i := range x.cards {
			for p := range x.places {
				may[i][p] = false
				for m := range x.places {
					may[i][p] = may[i][p] || (was[i][m] && x.openGraph.reach[m][p])
				}
			}
		}
	} else {
		var err error
		if may, err = x.placesAt(ctx, x.now, may); err != nil {
			return nil, err
		}
	}
	locs := x.n + 3
	out := make([][]table.Mark, len(x.cards))
	for i := range x.cards {
		out[i] = make([]table.Mark, locs)
		open := 0
		for l := range locs {
			in := false
			for _, p := range x.sheetPlaces(l) {
				in = in || may[i][p]
			}
			if in {
				out[i][l] = table.Maybe
				open++
			} else {
				out[i][l] = table.No
			}
		}
		if open == 1 {
			for l := range locs {
				if out[i][l] == table.Maybe {
					out[i][l] = table.Yes
				}
			}
		}
	}
	x.sheet = out
	return out, nil
}

// openLags reports whether the open turn's last line is one after which
// the table has not made the moves the public counts have made: a play
// whose passes follow it (the Cad's, the Socialite's, the Gossip's, the
// Invalid's: their gives come as lines after the play; the Nun's card
// and the Driver's pick, which follow the play at the table), or the
// Swain's choice of the player who takes, when the seat is one of the
// two (the card taken is the next line).
// At such a line the sheet's estimates describe the hands before the
// passes (the tracker's histories end with the line's event), so the
// marks there are those of the open turn's start, under every line in
// force, carried along every move the open turn's lines allow (a card may
// be at any place reachable from one it may have been at then): they hold
// both before the passes and after them. Everywhere else the marks are
// those of the open turn's end.
func (x *encoding) openLags() bool {
	for i := len(x.openEvs) - 1; i >= 0; i-- {
		e := x.openEvs[i].e
		switch {
		case e.Kind == engine.EvPlay:
			if e.Card == engine.Aristocrat {
				return false
			}
			switch e.As {
			case engine.Cad, engine.Socialite, engine.Gossip, engine.Invalid, engine.Nun, engine.Driver:
				return i == len(x.openEvs)-1
			}
			return false
		case e.Kind == engine.EvChosen:
			// The Swain's take comes next: its card's line, for the
			// two players concerned (another seat's tracker plays it).
			return i == len(x.openEvs)-1 && (x.seat == e.P || x.seat == e.Q)
		case (e.Kind == engine.EvDraw || e.Kind == engine.EvAnnounce || e.Kind == engine.EvReveal) && e.P == x.openPlayer():
		default:
			return false
		}
	}
	return false
}

// openPlayer is the open turn's player (-1 for the set-up).
func (x *encoding) openPlayer() int {
	if len(x.openEvs) == 0 {
		return -1
	}
	return x.openEvs[0].e.P
}

// placesAt is, by card index and place, whether the lines in force allow
// the card there at time point now (the open turn's end or start); may
// are the places not ruled out already (at the end: the turn's start's
// places carried along its moves). The world
// of the line's check settles one place of every card, the worlds two
// cards' swap makes of it more; each place left is a question to the one
// solver, under the observations in force (a unit-propagation probe, a
// world made without the solver, then a search).
func (x *encoding) placesAt(ctx context.Context, now int, may [][]bool) ([][]bool, error) {
	var start map[engine.Card][]bool
	if now == x.now {
		start = x.nowSeen
	}
	ids := x.activeIDs()
	var first solver.World
	if x.last != nil && x.lastNow == x.now && x.fits(x.last, ids) {
		first = x.last
	}
	return x.settle(ctx, ids, now, start, may, first)
}

// places0 is, by card index and place, whether the closed turns' lines
// allow the card there at the open turn's start. seen, when not nil,
// gives the places where the tracker's sampled histories have each card
// then: those are possible (a sampled history is a legal history of the
// lines). Each place left is asked of the one solver, under the closed
// turns' observations; a world found settles one place of every card, so
// a question is asked only of a place no history or world has shown yet.
// (One question for all the places left, "some card is at a place not
// yet shown possible", was tried: its last, unsatisfiable, solve could
// take the solver minutes.)
func (x *encoding) places0(ctx context.Context, seen func() map[engine.Card][]bool) ([][]bool, error) {
	var sn map[engine.Card][]bool
	if seen != nil {
		sn = seen()
	}
	return x.settle(ctx, x.closedIDs(), x.now-1, sn, nil, nil)
}

// settle is, by card index and place, whether the observations ids allow
// the card at that place at time point t. start, when not nil, gives
// places already known possible (a sampled history is a legal history of
// the lines); may, when not nil, the only places still worth asking (the
// others are left false); first, when not nil, a world of ids to start
// from, else one is made without the solver. A world found settles one
// place of every card, and the worlds two cards' swap makes of it more
// (at most maxSwapWorlds a call); each place left is a question to the
// one solver under ids: a unit-propagation probe, a world made without
// the solver, then a search.
func (x *encoding) settle(ctx context.Context, ids []int, t int, start map[engine.Card][]bool, may [][]bool, first solver.World) ([][]bool, error) {
	asked := func(i, m int) bool { return may == nil || may[i][m] }
	is := make([][]bool, len(x.cards))
	for i, c := range x.cards {
		is[i] = make([]bool, x.places)
		if start != nil {
			copy(is[i], start[c])
		}
	}
	sw := x.newSwapper(ids)
	q := x.newQuick(ids)
	worlds := 0
	var found func(w solver.World)
	found = func(w solver.World) {
		for j, d := range x.cards {
			if h := int(w[x.card(d, t)]); h < x.places {
				is[j][h] = true
			}
		}
		for i := range x.cards {
			for m := range x.places {
				if is[i][m] || !asked(i, m) || worlds >= maxSwapWorlds {
					continue
				}
				for j, d := range x.cards {
					if j == i || int(w[x.card(d, t)]) != m {
						continue
					}
					if v, ok := sw.swap(w, i, j); ok {
						worlds++
						found(v)
						break
					}
				}
			}
		}
	}
	if first == nil {
		first = q.world(t)
	}
	if first != nil {
		found(first)
	}
	// What an observation says of one card at t alone (the pile and the
	// seat's hand card by card) settles places without the solver.
	no := x.unitNo(ids, t)
	var sc *solver.Scope
	defer func() {
		if sc != nil {
			sc.Close()
		}
	}()
	for i, c := range x.cards {
		for m := range x.places {
			if is[i][m] || !asked(i, m) || no[i][m] {
				continue
			}
			if sc == nil {
				// The observations, propagated once for every question
				// left (a scope).
				var err error
				if sc, err = x.sat.OpenUnder(ctx, ids); err != nil {
					return nil, err
				}
			}
			f := solver.Fact{Card: x.card(c, t), Holder: solver.Holder(m), Holds: false}
			proved, err := sc.Propagates(ctx, f)
			if err != nil {
				return nil, err
			}
			if proved {
				continue
			}
			// A world with the card there, made from the last one
			// without a search (checked against the observations).
			q.pin(i, m, t)
			if w := q.world(t); w != nil {
				found(w)
				continue
			}
			e, err := sc.Implies(ctx, f)
			if err != nil {
				return nil, err
			}
			if e.Implied {
				continue
			}
			found(e.Witness)
		}
	}
	x.swapped += worlds
	return is, nil
}

// unitNo is, by card index and place, whether one constraint of the
// observations ids, on that card at time point t alone, rules the place
// out: card c is not at p (c not at p), or c is at another place.
func (x *encoding) unitNo(ids []int, t int) [][]bool {
	nc := len(x.cards)
	no := make([][]bool, nc)
	for i := range no {
		no[i] = make([]bool, x.places)
	}
	obs := x.prob.Observations()
	for _, id := range ids {
		for _, k := range obs[id].Constraints {
			if len(k.Terms) != 1 || k.Terms[0].Coef != 1 || k.Op != solver.Eq {
				continue
			}
			c, h := int(k.Terms[0].Lit.Card), int(k.Terms[0].Lit.Holder)
			if c/nc != t || h >= x.places {
				continue
			}
			switch k.Bound {
			case 0:
				no[c%nc][h] = true
			case 1:
				for p := range x.places {
					no[c%nc][p] = no[c%nc][p] || p != h
				}
			}
		}
	}
	return no
}

// maxSwapWorlds bounds the worlds a turn's questions make by swaps.
const maxSwapWorlds = 256

// swapper makes worlds from a world without the solver: two cards that
// trade places at every time point make a world of the same observations
// when every constraint naming either still holds (the model's structure
// always does: every card keeps one place, every place its count). Most
// cards are told apart by no rule and by few lines, so one world found by
// a search gives many. The constraints that hold for every card alike
// (symmetric) hold after any trade and are not checked.
type swapper struct {
	x  *encoding
	by [][]solver.Constraint // by card index: the constraints in force that name it, but the symmetric ones
}

// newSwapper indexes the constraints of the observations ids by card.
func (x *encoding) newSwapper(ids []int) *swapper {
	nc := len(x.cards)
	sw := &swapper{x: x, by: make([][]solver.Constraint, nc)}
	last := make([]int, nc) // the constraint that last named each card, +1
	obs := x.prob.Observations()
	n := 0
	for _, id := range ids {
		sym := x.symmetric(id)
		for j, k := range obs[id].Constraints {
			n++
			if sym[j] {
				continue
			}
			for _, t := range k.Terms {
				if i := int(t.Lit.Card) % nc; last[i] != n {
					last[i] = n
					sw.by[i] = append(sw.by[i], k)
				}
			}
		}
	}
	return sw
}

// symmetric tells, for each constraint of observation id, whether it is
// one of a family the observation holds for every card alike: a count of
// every card of one time point at one place, or a constraint on one card
// that the observation also makes, term for term, of every other card.
// Trading two cards' places at every time point maps such a family onto
// itself, so a world keeps satisfying it. Cached by id (an observation
// never changes).
func (x *encoding) symmetric(id int) []bool {
	if sym, ok := x.sym[id]; ok {
		return sym
	}
	nc := len(x.cards)
	cs := x.prob.Observations()[id].Constraints
	sym := make([]bool, len(cs))
	cardsOf := map[string]uint64{} // shape: the cards it is made of
	keys := make([]string, len(cs))
	var buf []byte
	for j, k := range cs {
		card, one := -1, true
		for _, t := range k.Terms {
			c := int(t.Lit.Card) % nc
			if card >= 0 && c != card {
				one = false
				break
			}
			card = c
		}
		if card < 0 {
			continue
		}
		if !one {
			sym[j] = x.countsAll(k)
			continue
		}
		buf = buf[:0]
		buf = fmt.Appendf(buf, "%d %d", k.Op, k.Bound)
		for _, t := range k.Terms {
			buf = fmt.Appendf(buf, "|%d %d %d", int(t.Lit.Card)/nc, t.Lit.Holder, t.Coef)
		}
		keys[j] = string(buf)
		cardsOf[keys[j]] |= 1 << card
	}
	all := uint64(1)<<nc - 1
	for j, key := range keys {
		if key != "" && cardsOf[key] == all {
			sym[j] = true
		}
	}
	if x.sym == nil {
		x.sym = map[int][]bool{}
	}
	x.sym[id] = sym
	return sym
}

// countsAll reports whether k counts every card of one time point at one
// place, each once with the same coefficient.
func (x *encoding) countsAll(k solver.Constraint) bool {
	nc := len(x.cards)
	if len(k.Terms) != nc {
		return false
	}
	var seen uint64
	t0 := k.Terms[0]
	for _, t := range k.Terms {
		c := int(t.Lit.Card)
		if c/nc != int(t0.Lit.Card)/nc || t.Lit.Holder != t0.Lit.Holder || t.Coef != t0.Coef || seen&(1<<(c%nc)) != 0 {
			return false
		}
		seen |= 1 << (c % nc)
	}
	return true
}

// swap is w with cards i and j (indexes) traded at every time point, and
// whether it is a world of the indexed observations. The constraints are
// read on w through the trade; the world is made only when it is one.
func (sw *swapper) swap(w solver.World, i, j int) (solver.World, bool) {
	nc := len(sw.x.cards)
	at := func(c solver.Card) solver.Holder {
		switch int(c) % nc {
		case i:
			c += solver.Card(j - i)
		case j:
			c += solver.Card(i - j)
		}
		return w[c]
	}
	for _, ks := range [][]solver.Constraint{sw.by[i], sw.by[j]} {
		for _, k := range ks {
			if !satisfiedAt(k, at) {
				return nil, false
			}
		}
	}
	v := slices.Clone(w)
	for t := range sw.x.times {
		a, b := t*nc+i, t*nc+j
		v[a], v[b] = w[b], w[a]
	}
	return v, true
}

// satisfiedAt is k.Satisfied for the world whose card c is at at(c).
func satisfiedAt(k solver.Constraint, at func(solver.Card) solver.Holder) bool {
	sum := 0
	for _, t := range k.Terms {
		if at(t.Lit.Card) == t.Lit.Holder {
			sum += t.Coef
		}
	}
	switch k.Op {
	case solver.Eq:
		return sum == k.Bound
	case solver.Le:
		return sum <= k.Bound
	}
	return sum >= k.Bound
}

// why is a minimal set of lines that force card c to be (hold) or not to
// be at sheet location l now (at the open turn's end, under every line in
// force: a minimal conflict of the fact's negation with them); ok is false
// when the lines do not force it. Where the marks are those of the open
// turn's start carried along its moves (openLags), it is a minimal set of
// lines that rule out, at the turn's start, every place from which the
// turn's moves could have brought the card against the fact, with the
// open turn's lines (which allow no move that would undo it).
func (x *encoding) why(ctx context.Context, c engine.Card, l int, hold bool) (lines []int, ok bool, err error) {
	in := map[int]bool{}
	for _, p := range x.sheetPlaces(l) {
		in[p] = true
	}
	lags := x.openLags()
	// the places from which the fact fails now
	var ls []solver.Lit
	for m := range x.places {
		if !lags {
			if in[m] != hold {
				ls = append(ls, x.lit(c, x.now, m))
			}
			continue
		}
		for p := range x.places {
			if x.openGraph.reach[m][p] && in[p] != hold {
				ls = append(ls, x.lit(c, x.now-1, m))
				break
			}
		}
	}
	ids := x.activeIDs()
	if len(ls) > 0 {
		id, err := x.add(0, []solver.Constraint{solver.CountOf(ls, solver.Ge, 1)})
		if err == nil {
			err = x.sat.Retire([]int{id})
		}
		if err != nil {
			return nil, false, err
		}
		ids = append(ids, id)
	}
	lines, ok, err = x.coreLines(ctx, ids)
	if err != nil || !ok {
		return nil, false, err
	}
	if lags {
		lines = append(lines, x.openLines...)
	}
	slices.Sort(lines)
	return slices.Compact(lines), true, nil
}

// satMark is the SAT's mark of card c at sheet location l now (Maybe when
// it cannot tell, or when the encoding cannot be built).
func (g *Game) satMark(c engine.Card, l int) table.Mark {
	if g.cfg == nil || !g.cfg.Has(c) {
		return table.Maybe
	}
	x, err := g.exactEnc()
	if err != nil {
		return table.Maybe
	}
	ms, err := x.marks(context.Background(), func() map[engine.Card][]bool { return g.seenPlaces(x) })
	if err != nil {
		return table.Maybe
	}
	i := x.index[c]
	if l < 0 || l >= len(ms[i]) {
		return table.Maybe
	}
	return ms[i][l]
}

// seenPlaces are, for each card, the encoding's places where the tracker's
// histories have it at the start of the open turn (nil without a tracker).
// It also sets x.nowSeen: where they have it at the open turn's end, when
// the tracker's histories end there too (not at a line where the marks
// lag the moves, openLags: the histories end with the line's event).
func (g *Game) seenPlaces(x *encoding) map[engine.Card][]bool {
	x.nowSeen = nil
	tr := g.track()
	if tr == nil {
		return nil
	}
	seen := map[engine.Card][]bool{}
	for _, c := range x.cards {
		seen[c] = make([]bool, x.places)
	}
	for _, p := range tr.parts {
		for _, c := range x.cards {
			seen[c][truePlace(x, p.s, c)] = true
		}
	}
	if !x.openLags() && len(tr.now) > 0 {
		x.nowSeen = map[engine.Card][]bool{}
		for _, c := range x.cards {
			x.nowSeen[c] = make([]bool, x.places)
		}
		for _, sn := range tr.now {
			if sn.w <= 0 {
				continue
			}
			for _, c := range x.cards {
				x.nowSeen[c][truePlace(x, sn.s, c)] = true
			}
		}
	}
	return seen
}

// truePlace is the encoding's place of card c in state s.
func truePlace(x *encoding, s *engine.State, c engine.Card) solver.Holder {
	if p := s.HolderOf(c); p >= 0 {
		return solver.Holder(p)
	}
	switch i := slices.Index(s.Deck, c); {
	case i >= 0:
		return solver.Holder(x.deckAt(i, len(s.Deck)))
	case engine.Has(s.Discard, c):
		return solver.Holder(x.pile())
	}
	return solver.Holder(x.removed())
}

// moved tells whether event e moves card c (as the seat saw it), and
// from where to where (-1 for a place not known to the seat or not a
// hand or the pile: a hand, n+LocPile).
func movedBy(e engine.Event, c engine.Card, n int) (from, to int, ok bool) {
	pile := n + LocPile
	switch e.Kind {
	case engine.EvDraw, engine.EvTake:
		if e.Card == c {
			return -1, e.P, true
		}
	case engine.EvPlay:
		switch {
		case e.Card == c || slices.Contains(e.Cards, c):
			return e.P, pile, true
		case e.Arg == c && e.As == engine.Doctor:
			return pile, -1, true
		case e.Arg == c && e.As == engine.Secretary:
			return -1, pile, true
		}
	case engine.EvDiscard:
		if e.Card == c {
			return e.P, pile, true
		}
	case engine.EvGive:
		if e.Card == c {
			return e.P, e.Q, true
		}
	case engine.EvBury:
		if e.Card == c {
			return e.P, -1, true
		}
	case engine.EvReveal:
		if c == engine.Detective && slices.Contains(e.Cards, engine.Blackmailer) {
			return e.P, -1, true
		}
	}
	return -1, -1, false
}

// moverLine is the last line that moved card c as the seat saw it (0 for
// none), or, when ok is given, the last such line for which ok(from, to)
// holds.
func (g *Game) moverLine(c engine.Card, ok func(from, to int) bool) int {
	n := len(g.p.players)
	for i := len(g.evs) - 1; i >= 0; i-- {
		if from, to, moved := movedBy(g.evs[i].e, c, n); moved && (ok == nil || ok(from, to)) {
			return g.evs[i].line
		}
	}
	return 0
}

// leftLines are the lines that took card c out of the seat's hand or the
// pile, which the seat sees (the last one), with the line that put it
// there before; none when it was never in either after the deal.
func (g *Game) leftLines(c engine.Card) []int {
	n := len(g.p.players)
	seen := func(p int) bool { return p == g.p.seat || p == n+LocPile }
	for i := len(g.evs) - 1; i >= 0; i-- {
		from, to, moved := movedBy(g.evs[i].e, c, n)
		if !moved || !seen(from) || seen(to) {
			continue
		}
		out := []int{g.evs[i].line}
		for j := i - 1; j >= 0; j-- {
			if f, to, moved := movedBy(g.evs[j].e, c, n); moved && to == from && f != from {
				out = append(out, g.evs[j].line)
				break
			}
		}
		slices.Sort(out)
		return out
	}
	return []int{}
}

// withMover is lines with line (when not 0) among them, sorted.
func withMover(lines []int, line int) []int {
	if line > 0 && !slices.Contains(lines, line) {
		lines = append(lines, line)
		slices.Sort(lines)
	}
	return lines
}
