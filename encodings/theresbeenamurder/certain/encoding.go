package certain

import (
	"context"
	"fmt"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// The exact layer: a time-indexed encoding for the SAT engine. Time point
// 0 is the state right after the deal; time point k+1 the state at the end
// of segment k, where segment 0 is the set-up's announcements and every
// later segment is one turn (its lines so far, for the open turn). Card c
// at time t is the solver card "c@t"; the solver holders are the places:
// each hand, the deck's top card, the rest of the deck, the removed cards
// and the pile. Within a segment a card may go from place a to place b
// only when the segment's moves, in the order they happen, lead from a to
// b (steps.go: each line's steps composed in order, a card moving at
// most once in a step: draws, plays, passes, discards, the Doctor, the
// Secretary, the Driver, the Nun, the Seer, the Detective sent back by
// the Blackmailer, shuffles); every place's size at every time point is what the
// lines say; the lines' cards are constraints at the segment's ends;
// what the lines tell of the deck's order below its top card is said at
// each time point of the top card and the rest (deckorder.go); and
// the rules on choices (the Monkey and the Drunk must be played, the
// Aristocrat stops the draw, the Imposter is not played beside a card
// above it, the Stranger must be chosen, the Murderer cannot be chosen
// beside another card, the Drunk is announced, the Blackmailer never
// stays beside the Detective) are constraints too.

// The places of the encoding after the hands (0 to players-1), as
// offsets from the player count.
const (
	PlTop = iota
	PlRest
	PlRemoved
	PlPile
	PlExtra // how many places follow the hands
)

// Encoding is the SAT problem of a game's lines, kept from line to line.
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
type Encoding struct {
	cfg      *engine.Config
	seat     int
	hand     []engine.Card
	handLine int
	N        int // players
	Places   int
	Cards    []engine.Card
	Index    [engine.NumCards + 1]int // index[c] is card c's index in cards
	Times    int                      // time points the model holds, 0 to times-1
	Model    *solver.Model
	Prob     *solver.Problem
	ObsLine  []int // line of each observation (0 for the idle ones and the questions)
	Sat      *solver.SAT
	DealIDs  []int
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
	Now       int
	openGraph Graph
	openLines []int
	openEvs   []Tracked
	// nowSeen are, by card, the places where the tracker's histories have
	// each card at the open turn's end, set by seenPlaces for the marks
	// (nil for none).
	NowSeen map[engine.Card][]bool
	// Caches, for the lines synced last: was (the places each card may
	// be at at the open turn's start, by card index and place) depends on
	// the closed segments alone; sheet on the open one too.
	was   [][]bool
	sheet [][]table.Mark
	// swapped counts the worlds places0 made by swaps (for tests).
	Swapped int
	// sym caches symmetric, by observation id.
	sym map[int][]bool
	// last is the world of the last consistency check, found when the
	// open turn's end was time point lastNow: the next check's hint.
	Last    solver.World
	LastNow int
	// quicked counts the checks that quick settled, checked all the
	// checks (for tests; carried to a new encoding of the same game).
	Quicked, Checked int
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
	end *Public
	ids []int
	// reach is the segment's moves (graph.reach), for a closed one.
	reach [][]bool
}

// same reports whether e is the encoding of segment k, s.
func (e *encSeg) same(k int, s Segment) bool {
	return e.ids != nil && e.k == k && e.evs == len(s.Evs) && e.end == segEnd(s)
}

// segEnd names a segment's lines: the view after its last event (nil
// when it has none).
func segEnd(s Segment) *Public {
	if len(s.Evs) == 0 {
		return nil
	}
	return s.Evs[len(s.Evs)-1].Pub
}

// SpareTimes is how many idle time points a new model holds beyond the
// lines': every solve assigns them too, so few, at the cost of a new
// encoding every spareTimes turns.
const SpareTimes = 6

// Segment is the lines between two time points.
type Segment struct {
	Player int // whose turn (-1 for the set-up)
	Evs    []Tracked
	Start  *Public
	End    *Public
}

// Card is the solver card of card c at time point t.
func (x *Encoding) Card(c engine.Card, t int) solver.Card {
	return solver.Card(t*len(x.Cards) + x.Index[c])
}

func (x *Encoding) lit(c engine.Card, t, place int) solver.Lit {
	return solver.Lit{Card: x.Card(c, t), Holder: solver.Holder(place)}
}

// Top is the place of the deck's top card.
func (x *Encoding) Top() int { return x.N + PlTop }

// Rest is the place of the deck below its top card.
func (x *Encoding) Rest() int { return x.N + PlRest }

// Removed is the place of the cards removed at set-up.
func (x *Encoding) Removed() int { return x.N + PlRemoved }

// Pile is the place of the discard pile.
func (x *Encoding) Pile() int { return x.N + PlPile }

// NewEncoding is an empty encoding of a game's set-up (the deal's
// observation added: the seat's hand, from line handLine) over a model
// of times time points.
func NewEncoding(cfg *engine.Config, seat int, hand []engine.Card, handLine, times int) (*Encoding, error) {
	x := &Encoding{cfg: cfg, seat: seat, hand: slices.Clone(hand), handLine: handLine,
		N: cfg.Players, Cards: cfg.Cards, Times: times}
	x.Places = x.N + PlExtra
	for i, c := range x.Cards {
		x.Index[c] = i
	}
	var names []string
	for t := range x.Times {
		for _, c := range x.Cards {
			names = append(names, fmt.Sprintf("%v@%d", c, t))
		}
	}
	var hs []solver.HolderSpec
	for l := range x.Places {
		hs = append(hs, solver.HolderSpec{Name: fmt.Sprint(l), Size: solver.Between(0, len(names))})
	}
	m, err := solver.NewModel(names, hs)
	if err != nil {
		return nil, err
	}
	x.Model, x.Prob = m, solver.NewProblem(m)
	for t := range x.Times {
		var ks []solver.Constraint
		for _, c := range x.Cards {
			ks = append(ks, solver.Holds(x.Card(c, t), 0))
		}
		id, err := x.add(0, ks)
		if err != nil {
			return nil, err
		}
		x.idle = append(x.idle, id)
	}
	rules, err := x.add(0, x.dealRules())
	if err != nil {
		return nil, err
	}
	id, err := x.add(x.handLine, x.deal())
	if err != nil {
		return nil, err
	}
	x.DealIDs = []int{rules, id}
	x.Sat = solver.NewSAT(x.Prob)
	return x, nil
}

// Sync brings the encoding up to a game's lines, split into segments
// (the set-up, then each turn): the closed segments it has not encoded
// (or encoded from other lines, after a refused line) are encoded and so
// is the open one when its lines changed. The model must hold the lines'
// time points. It reports false, changing nothing, when a committed
// segment is not the game's (the game is not a later version of the one
// the encoding was committed for): the game needs an encoding of its own.
func (x *Encoding) Sync(segs []Segment) (bool, error) {
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
			if err := x.Sat.Retire(e.ids); err != nil {
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
		x.closed = append(x.closed, encSeg{k, len(segs[k].Evs), segEnd(segs[k]), ids, x.Graph(segs[k]).Reach})
		x.was, x.sheet = nil, nil
	}
	if !x.open.same(open, segs[open]) {
		ids, err := x.encodeSeg(open, segs, false)
		if err != nil {
			return false, err
		}
		x.open = encSeg{open, len(segs[open].Evs), segEnd(segs[open]), ids, nil}
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
	if err := x.Sat.Retire(old); err != nil {
		return false, err
	}
	x.Now = open + 1
	x.openGraph = x.Graph(segs[open])
	x.openLines = x.openLines[:0]
	x.openEvs = segs[open].Evs
	for _, t := range segs[open].Evs {
		x.openLines = append(x.openLines, t.Line)
	}
	return true, nil
}

// encodeSeg adds segment k's observations: its moves and sizes (as its
// first line's), then each line's, then what the lines tell of the
// deck's order at its end; closed tells whether the turn is over.
func (x *Encoding) encodeSeg(k int, segs []Segment, closed bool) ([]int, error) {
	s := segs[k]
	line := x.handLine
	if len(s.Evs) > 0 {
		line = s.Evs[0].Line
	}
	g := x.Graph(s)
	ids := []int{} // not nil: an encoded segment
	id, err := x.add(line, x.structure(k, s, g, closed))
	if err != nil {
		return nil, err
	}
	if id >= 0 {
		ids = append(ids, id)
	}
	for i, t := range s.Evs {
		id, err := x.add(t.Line, x.content(k, s, g, i))
		if err != nil {
			return nil, err
		}
		if id >= 0 {
			ids = append(ids, id)
		}
	}
	// The deck's order at the segment's end (deckorder.go).
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
func (x *Encoding) add(line int, ks []solver.Constraint) (int, error) {
	if len(ks) == 0 {
		return -1, nil
	}
	obs := x.Prob.Observations()
	for i, id := range x.reuse {
		if id >= 0 && x.ObsLine[id] == line && slices.EqualFunc(obs[id].Constraints, ks, sameConstraint) {
			x.reuse[i] = -1
			return id, nil
		}
	}
	id, err := x.Prob.Add(solver.Observation{Label: fmt.Sprint(line), Constraints: ks})
	if err != nil {
		return -1, err
	}
	x.ObsLine = append(x.ObsLine, line)
	return id, nil
}

// sameConstraint reports whether a and b are the same constraint, term
// by term.
func sameConstraint(a, b solver.Constraint) bool {
	return a.Op == b.Op && a.Bound == b.Bound && slices.Equal(a.Terms, b.Terms)
}

// idleIDs are the idle observations of the time points after t.
func (x *Encoding) idleIDs(t int) []int { return slices.Clone(x.idle[t+1:]) }

// ClosedIDs are the observations of the deal and the closed segments, with
// every time point after the open turn's start idle.
func (x *Encoding) ClosedIDs() []int {
	ids := append(x.idleIDs(x.Now-1), x.DealIDs...)
	for _, s := range x.closed {
		ids = append(ids, s.ids...)
	}
	return ids
}

// Commit commits the deal and the closed segments not yet committed:
// called once the lines are accepted.
func (x *Encoding) Commit() error {
	if x.committed == 0 && len(x.closed) > 0 {
		if err := x.Sat.Commit(x.DealIDs); err != nil {
			return err
		}
	}
	for ; x.committed < len(x.closed); x.committed++ {
		if err := x.Sat.Commit(x.closed[x.committed].ids); err != nil {
			return err
		}
	}
	return nil
}

// CoreLines is a minimal set of the lines of the observations ids that
// admit no history together (nil when they admit one), found by a fresh
// engine: committed observations are not named by the shared one.
func (x *Encoding) CoreLines(ctx context.Context, ids []int) ([]int, bool, error) {
	conf, err := solver.NewSAT(x.Prob.Subset(ids)).Conflict(ctx)
	if err != nil || conf == nil {
		return nil, false, err
	}
	for i, j := range conf {
		conf[i] = ids[j]
	}
	return x.lines(conf), true, nil
}

// ActiveIDs are the observations in force: the lines' and the idle ones.
func (x *Encoding) ActiveIDs() []int {
	ids := append(x.idleIDs(x.Now), x.DealIDs...)
	for _, s := range x.closed {
		ids = append(ids, s.ids...)
	}
	return append(ids, x.open.ids...)
}

// lines are the lines of observation ids, ascending, without repeats
// (the idle observations and the questions have none).
func (x *Encoding) lines(ids []int) []int {
	out := []int{}
	for _, i := range ids {
		if l := x.ObsLine[i]; l > 0 {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
