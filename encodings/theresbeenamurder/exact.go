package theresbeenamurder

import (
	"context"
	"fmt"

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
