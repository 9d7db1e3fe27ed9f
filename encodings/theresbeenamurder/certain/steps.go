package certain

import (
	"math/bits"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// A segment's moves, in order. Each line of a segment makes zero or more
// steps, in the order the moves happen at the table: a step is the
// relation between a card's place just before it and just after it (a
// card moves at most once in a step; a swap or the Gossip is one step,
// since the cards go at once). A card's place at the segment's end is
// reachable from its place at the start through the steps in order (the
// relations composed, not closed under paths: a card passed in one step
// is not passed on by a step before it).
//
// Where a line's moves are seen by the seat only when it is a party (a
// swap's gives, the Nun's card, the Driver's pick by another player), the
// play's line makes them, at their place in the order: the public counts
// move the cards at the play's line too (public.apply). The lines that
// follow a play and only tell what those moves carried make no step of
// their own; their cards are read at the play's step.
//
// Every step keeps a card in a hand where it is (a hand's card is never
// forced to move by a step; sizes say how many do). A deck place is
// moved as the deck is: a draw shifts every card of the deck up one place
// and gives the top card to the drawer, the Seer's move puts the bottom
// card on top; these are exact when the deck's size before the line is
// known (every line of a game has it), and otherwise the union over every
// size (a tracked event without its public view, as the look-ahead's
// segments have), every deck place then also allowed to stay.

// rel is a relation between places: rel[a] is the set of places (a bit
// mask) a card at place a may be at after it.
type rel []uint64

// Graph is the moves a segment allows between places, as steps in order:
// reach[a][b] when a card at a at the segment's start may be at b at its
// end.
type Graph struct {
	Reach [][]bool
	// pre[k] is the steps before step k composed (pre[0] the identity),
	// suf[k] the steps from step k on (suf[len(steps)] the identity).
	pre, suf []rel
	// lo[i] and hi[i] are the moments of the segment's event i: its
	// card was where the line says after the steps before lo[i], and is
	// where the line puts it before the steps from hi[i] on.
	lo, hi   []int
	shuffled bool // the deck's order may change beyond draws from the top
	drew     bool // the turn's player drew
	// drewFirst: the turn's player drew before playing (so did not start
	// the turn holding the Aristocrat).
	drewFirst bool
	// dsize[i] is the deck's size before event i (-1 when not known);
	// done[i] is how many steps precede the events after event i.
	dsize, done []int
	// bury is the deck's size at the Nun's play (its card's position),
	// nun the step that puts the card there (-1 for none).
	bury, nun int
	// once are hand pairs (from, to) between which one card at most is
	// passed (a one-card pass, the only way between them).
	once [][2]int
	// must are the hands that give one card in a pass and whose hand
	// nothing else changes in the segment (see mustGive): not every card
	// of one at the segment's start is there at its end.
	must []int
	// look is the deck's size at the seat's look (the Driver's, the
	// Secretary's, the Seer's; -1 when not known).
	look int
}

// The deck's places are its top card (plTop) and the rest (plRest): a
// deck of d cards has its position i at deckAt(i, d). (A place for each
// of the first positions and for the bottom card was tried: see
// deckorder.go for why the order below the top is followed otherwise.)

// deckAt is the place of deck position i (0 the top) in a deck of d
// cards.
func (x *Encoding) deckAt(i, d int) int {
	if i <= 0 {
		return x.Top()
	}
	return x.Rest()
}

// deckMask is every deck place, as a set.
func (x *Encoding) deckMask() uint64 {
	return uint64(1)<<x.Top() | uint64(1)<<x.Rest()
}

// deckBelow is the places of positions 0 to k-1 of a deck of d cards
// (every deck place when d < 0, the size not known; to the bottom when
// k < 0).
func (x *Encoding) deckBelow(k, d int) uint64 {
	if d < 0 {
		return x.deckMask()
	}
	if k < 0 || k > d {
		k = d
	}
	var m uint64
	for i := range k {
		m |= 1 << x.deckAt(i, d)
	}
	return m
}

// stepper builds a segment's steps.
type stepper struct {
	x     *Encoding
	steps []rel
	// passes are the one-card passes: from, to, and the steps that may
	// make it (the Swain's take has two).
	passes []onePass
}

// onePass is one card passed from hand to hand by one player's choice or
// at random: one card, made by one of steps.
type onePass struct {
	from, to int
	steps    []int
}

// step is a new step, the identity.
func (st *stepper) step() rel {
	r := make(rel, st.x.Places)
	for a := range r {
		r[a] = 1 << a
	}
	st.steps = append(st.steps, r)
	return r
}

// pass is one step of passes from hand to hand (at once).
func (st *stepper) pass(pairs ...[2]int) {
	r := st.step()
	for _, p := range pairs {
		if p[0] >= 0 && p[1] >= 0 {
			r[p[0]] |= 1 << p[1]
		}
	}
}

// swap is the step in which hands a and b trade one card each (the Cad's,
// the Socialite's): each pass one card. It returns the step's index.
func (st *stepper) swap(a, b int) int {
	i := len(st.steps)
	st.pass([2]int{a, b}, [2]int{b, a})
	st.one(a, b)
	st.one(b, a)
	return i
}

// one records that the last step's pass from a to b is one card (the
// same pass as that of the steps listed, if any).
func (st *stepper) one(a, b int, also ...int) {
	st.passes = append(st.passes, onePass{a, b, append([]int{len(st.steps) - 1}, also...)})
}

// remap is a step moving the cards of a deck of d cards (known) to a
// deck of d2: position i to position to(i) of it, or to place out when
// to(i) < 0. A deck place's card must move as the map says (its row set
// anew); other places stay.
func (st *stepper) remap(d, d2 int, to func(int) int, out int) rel {
	x := st.x
	r := st.step()
	for m := x.deckBelow(d, d); m != 0; m &= m - 1 {
		r[bits.TrailingZeros64(m)] = 0
	}
	for i := range d {
		p := x.deckAt(i, d)
		if j := to(i); j >= 0 {
			r[p] |= 1 << x.deckAt(j, d2)
		} else {
			r[p] |= 1 << out
		}
	}
	return r
}

// draw is a step taking the deck's top card (of a deck of d cards, -1
// when not known) to place to, every other card one place up.
func (st *stepper) draw(d, to int) {
	x := st.x
	if d < 0 {
		r := st.step()
		r[x.Top()] |= 1 << to
		r[x.Rest()] |= 1 << x.Top()
		return
	}
	st.remap(d, d-1, func(i int) int { return i - 1 }, to)
}

// bottom is a step putting a card of place from under the deck (of d
// cards before it, -1 when not known).
func (st *stepper) bottom(d, from int) {
	x := st.x
	if d < 0 {
		r := st.step()
		r[from] |= x.deckMask()
		return
	}
	r := st.remap(d, d+1, func(i int) int { return i }, -1)
	r[from] |= 1 << x.deckAt(d, d+1)
}

// shuffle is a step shuffling the deck, of d cards after it (-1 when not
// known).
func (st *stepper) shuffle(d int) {
	x := st.x
	r := st.step()
	to := x.deckBelow(d, d)
	if to == 0 {
		return
	}
	for m := x.deckMask(); m != 0; m &= m - 1 {
		r[bits.TrailingZeros64(m)] |= to
	}
}

// fromDeck is a step taking a card of the first k positions of a deck of
// d cards (every position when k < 0; every place when d < 0) to place to
// (a shuffle follows: the others stay).
func (st *stepper) fromDeck(k, d, to int) {
	x := st.x
	r := st.step()
	for m := x.deckBelow(k, d); m != 0; m &= m - 1 {
		r[bits.TrailingZeros64(m)] |= 1 << to
	}
}

// seer is the Seer's move: the bottom card of a deck of d cards (-1 when
// not known) to the top, every other card one place down.
func (st *stepper) seer(d int) {
	x := st.x
	if d < 0 {
		r := st.step()
		r[x.Top()] |= 1 << x.Rest()
		r[x.Rest()] |= 1 << x.Top()
		return
	}
	st.remap(d, d, func(i int) int {
		if i == d-1 {
			return 0
		}
		return i + 1
	}, -1)
}

// Graph is segment s's moves, as steps in order.
func (x *Encoding) Graph(s Segment) Graph {
	st := &stepper{x: x}
	g := Graph{lo: make([]int, len(s.Evs)), hi: make([]int, len(s.Evs)), look: -1, bury: -1, nun: -1,
		dsize: make([]int, len(s.Evs)), done: make([]int, len(s.Evs))}
	// size is the deck's size before event i (-1 when not known).
	size := func(i int) int {
		switch {
		case i > 0 && s.Evs[i-1].Pub != nil:
			return s.Evs[i-1].Pub.Deck
		case i == 0 && s.Start != nil:
			return s.Start.Deck
		}
		return -1
	}
	grow := func(d, by int) int {
		if d < 0 {
			return -1
		}
		return max(0, d+by)
	}
	// The steps of the play that the lines after it read: the swap's
	// (the Swain's take, at its choice's line) and the Nun's.
	var play engine.Event
	swap, take, nun, look, playD := -1, -1, -1, -1, -1
	for i, t := range s.Evs {
		e := t.Ev
		d := size(i)
		g.dsize[i] = d
		lo := len(st.steps)
		g.lo[i], g.hi[i] = lo, lo
		switch e.Kind {
		case engine.EvDraw:
			st.draw(d, e.P)
			g.hi[i] = len(st.steps)
			if e.P == s.Player {
				g.drew = true
				g.drewFirst = g.drewFirst || play.Kind != engine.EvPlay
			}
		case engine.EvTake:
			// The seat's Driver pick (another player's is the play's).
			st.fromDeck(3, d, e.P)
			g.hi[i] = len(st.steps)
			st.shuffle(grow(d, -1))
			g.shuffled = true
		case engine.EvReveal:
			if slices.Contains(e.Cards, engine.Blackmailer) {
				st.bottom(d, e.P)
				g.hi[i] = len(st.steps)
				st.shuffle(grow(d, 1))
				g.shuffled = true
			}
		case engine.EvChosen:
			// The Swain's take, after its draw and what the draw set
			// off: one card of its player's hand to the player chosen.
			take = len(st.steps)
			st.pass([2]int{e.P, e.Q})
			st.one(e.P, e.Q)
			g.hi[i] = len(st.steps)
		case engine.EvDiscard:
			st.pass([2]int{e.P, x.Pile()})
			g.hi[i] = len(st.steps)
		case engine.EvGive:
			// Read at the swap's step (the Swain's: at its take).
			switch {
			case swap >= 0:
				g.lo[i], g.hi[i] = swap, swap+1
			case take >= 0:
				g.lo[i], g.hi[i] = take, take+1
			default:
				g.lo[i], g.hi[i] = len(st.steps), 0
			}
		case engine.EvBury:
			if nun >= 0 {
				g.lo[i], g.hi[i] = nun, nun+1
			} else {
				g.lo[i], g.hi[i] = len(st.steps), 0
			}
		case engine.EvSees:
			g.look = d
			if look >= 0 {
				// The Secretary's and the Seer's looks are before their
				// moves (their lines follow the play's).
				g.lo[i], g.hi[i] = look, look
				g.look = playD
			}
		case engine.EvPlay:
			play, playD = e, d
			var pairs [][2]int
			pairs = append(pairs, [2]int{e.P, x.Pile()})
			st.pass(pairs...)
			g.hi[i] = len(st.steps)
			switch e.As {
			case engine.Cad:
				if e.Q >= 0 && e.R >= 0 {
					swap = st.swap(e.Q, e.R)
				}
			case engine.Socialite:
				if e.Q >= 0 {
					swap = st.swap(e.P, e.Q)
				}
			case engine.Gossip:
				swap = len(st.steps)
				var ps [][2]int
				for q := range x.N {
					ps = append(ps, [2]int{q, (q + 1) % x.N})
				}
				st.pass(ps...)
				for _, p := range ps {
					st.one(p[0], p[1])
				}
			case engine.Invalid:
				if e.Q >= 0 {
					swap = len(st.steps)
					st.pass([2]int{e.Q, e.P})
					st.one(e.Q, e.P)
				}
			case engine.Doctor:
				if e.Arg != 0 || d < 0 {
					st.bottom(d, x.Pile())
					st.shuffle(grow(d, 1))
					g.shuffled = true
				}
			case engine.Secretary:
				if d != 0 {
					look = len(st.steps) // the look, before the discard
					if e.Arg != 0 || d < 0 {
						st.fromDeck(-1, d, x.Pile())
					}
					dd := d
					if e.Arg != 0 {
						dd = grow(d, -1)
					}
					st.shuffle(dd)
					g.shuffled = true
				}
			case engine.Driver:
				// Another player's pick is counted at the play; the
				// seat's at its own line. Without the view, both.
				if d != 0 && (e.P != x.seat || s.Start == nil) {
					st.fromDeck(3, d, e.P)
					st.shuffle(grow(d, -1))
					g.shuffled = true
				}
			case engine.Nun:
				nun, g.bury, g.nun = len(st.steps), d, len(st.steps)
				st.bottom(d, e.P)
				g.shuffled = true
			case engine.Seer:
				look = len(st.steps)
				if e.Flag || d < 0 {
					st.seer(d)
					g.shuffled = true
				}
			}
		}
		g.done[i] = len(st.steps)
	}
	// Composed: pre forward, suf backward.
	m := len(st.steps)
	id := make(rel, x.Places)
	for a := range id {
		id[a] = 1 << a
	}
	g.pre = make([]rel, m+1)
	g.pre[0] = id
	for k, r := range st.steps {
		next := make(rel, x.Places)
		for a, set := range g.pre[k] {
			for b := set; b != 0; b &= b - 1 {
				next[a] |= r[bits.TrailingZeros64(b)]
			}
		}
		g.pre[k+1] = next
	}
	g.suf = make([]rel, m+1)
	g.suf[m] = id
	for k := m - 1; k >= 0; k-- {
		next := make(rel, x.Places)
		for a, set := range st.steps[k] {
			for b := set; b != 0; b &= b - 1 {
				next[a] |= g.suf[k+1][bits.TrailingZeros64(b)]
			}
		}
		g.suf[k] = next
	}
	// A one-card pass that is the only way from its hand to the other:
	// at most one card of the one at the start is with the other at the
	// end.
	for _, p := range st.passes {
		if p.from == p.to {
			continue
		}
		set := uint64(1) << p.from
		for k, r := range st.steps {
			var next uint64
			for b := set; b != 0; b &= b - 1 {
				a := bits.TrailingZeros64(b)
				row := r[a]
				if a == p.from && slices.Contains(p.steps, k) {
					row &^= 1 << p.to
				}
				next |= row
			}
			set = next
		}
		if set&(1<<p.to) == 0 && !slices.Contains(g.once, [2]int{p.from, p.to}) {
			g.once = append(g.once, [2]int{p.from, p.to})
		}
	}
	g.must = mustGive(st, s)
	g.Reach = make([][]bool, x.Places)
	for a := range g.Reach {
		g.Reach[a] = make([]bool, x.Places)
		for b := g.pre[m][a]; b != 0; b &= b - 1 {
			g.Reach[a][bits.TrailingZeros64(b)] = true
		}
	}
	return g
}

// mustGive are the hands of the segment's one-card passes that must give
// a card (they hold one at the pass: the size at the segment's start) and
// whose hand no other step changes: no step but the pass's moves a card
// out of the hand, none before it brings one in, and none after it brings
// one back (a swap and the Gossip move every card at most once). Such a
// hand gives one card of those it held at the segment's start, so not all
// of them are there at the end. The sizes alone imply it, but only by
// counting around the table (each hand received one card, so its giver
// passed one), which the SAT engine does slowly.
func mustGive(st *stepper, s Segment) []int {
	var out []int
	for _, p := range st.passes {
		from := p.from
		if from == p.to || s.Start == nil || from >= len(s.Start.Sizes) || s.Start.Sizes[from] == 0 || slices.Contains(out, from) {
			continue
		}
		first, last := slices.Min(p.steps), slices.Max(p.steps)
		ok := true
		for k, r := range st.steps {
			in := slices.Contains(p.steps, k)
			if !in && r[from] != 1<<from {
				ok = false // the hand loses a card elsewhere
			}
			for a, set := range r {
				if a != from && set&(1<<from) != 0 && (k < first || k > last || !in) {
					ok = false // a card comes in before or after the pass
				}
			}
		}
		if ok {
			out = append(out, from)
		}
	}
	return out
}
