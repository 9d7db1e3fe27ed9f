package certain

import (
	"math/bits"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// sizes are the places' sizes at time t, the pile and, when mine, the
// seat's hand.
func (x *Encoding) sizes(t int, p *Public, mine bool) []solver.Constraint {
	var ks []solver.Constraint
	n := make([]int, x.Places)
	copy(n, p.Sizes)
	for i := range p.Deck {
		n[x.deckAt(i, p.Deck)]++
	}
	n[x.Removed()], n[x.Pile()] = x.cfg.Removed, len(p.Pile)
	op := solver.Eq
	// exactly: the cards at place are these, when they are all known.
	exactly := func(place int, in []engine.Card) bool {
		if len(in) != n[place] {
			return false
		}
		for _, c := range x.Cards {
			if slices.Contains(in, c) {
				ks = append(ks, solver.Holds(x.Card(c, t), solver.Holder(place)))
			} else {
				ks = append(ks, solver.NotHolds(x.Card(c, t), solver.Holder(place)))
			}
		}
		return true
	}
	for place := range x.Places {
		switch {
		case place == x.Pile() && exactly(place, p.Pile):
			continue
		case place == x.seat && mine && exactly(place, p.Mine):
			continue
		}
		var ls []solver.Lit
		for _, c := range x.Cards {
			ls = append(ls, x.lit(c, t, place))
		}
		ks = append(ks, solver.CountOf(ls, op, n[place]))
	}
	for _, c := range p.Pile {
		ks = append(ks, solver.Holds(x.Card(c, t), solver.Holder(x.Pile())))
	}
	if mine {
		for _, c := range p.Mine {
			ks = append(ks, solver.Holds(x.Card(c, t), solver.Holder(x.seat)))
		}
	}
	return ks
}

// deal is what the set-up's lines say of time 0: the sizes and the seat's
// hand.
func (x *Encoding) deal() []solver.Constraint {
	return x.sizes(0, NewPublic(x.cfg, x.seat, x.hand), true)
}

// dealRules are the rules of the deal, which no line tells: where the deal
// can put the Murderer (the top part: in the deck, on top when the top
// part has one card left there) and the Detective (the bottom part);
// neither is removed. They are an observation of no line.
func (x *Encoding) dealRules() []solver.Constraint {
	cfg := x.cfg
	var ks []solver.Constraint
	top := cfg.TopSize()
	not := func(c engine.Card, place int) {
		ks = append(ks, solver.NotHolds(x.Card(c, 0), solver.Holder(place)))
	}
	for _, c := range []engine.Card{engine.Murderer, engine.Detective} {
		not(c, x.Removed())
	}
	for q := range x.N {
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
	d := cfg.DeckSize() - 2*x.N
	var upper, lower uint64
	for i := range d {
		if 2*x.N+i < top {
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
func (x *Encoding) structure(k int, s Segment, g Graph, closed bool) []solver.Constraint {
	a, b := k, k+1
	// The seat's hand is pinned at the end of closed turns only: within a
	// turn the lines say the play's moves before the seat's own gives.
	ks := x.sizes(b, s.End, closed)
	for _, c := range x.Cards {
		for from := range x.Places {
			pos := []solver.Lit{}
			for to := range x.Places {
				if g.Reach[from][to] {
					pos = append(pos, x.lit(c, b, to))
				}
			}
			ks = append(ks, solver.Clause(pos, []solver.Lit{x.lit(c, a, from)}))
		}
	}
	// A one-card pass: no two cards of its giver at a are with its
	// receiver at b.
	for _, p := range g.once {
		for i, c := range x.Cards {
			for _, d := range x.Cards[i+1:] {
				ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(c, a, p[0]), x.lit(c, b, p[1]), x.lit(d, a, p[0]), x.lit(d, b, p[1])}))
			}
		}
	}
	// A hand that must give one card at a pass, with nothing else
	// changing it: not all of its cards at a are there at b (one and two
	// cards; a larger hand is left to the sizes).
	for _, q := range g.must {
		switch s.Start.Sizes[q] {
		case 1:
			for _, c := range x.Cards {
				ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(c, a, q), x.lit(c, b, q)}))
			}
		case 2:
			for i, c := range x.Cards {
				for _, d := range x.Cards[i+1:] {
					ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(c, a, q), x.lit(c, b, q), x.lit(d, a, q), x.lit(d, b, q)}))
				}
			}
		}
	}
	// The announcements and reveals are read once the segment is closed:
	// the open one's may still come.
	playing := s.End.End == engine.Playing && closed
	announced := map[int]bool{}
	for _, t := range s.Evs {
		if t.Ev.Kind == engine.EvAnnounce {
			announced[t.Ev.P] = true
		}
	}
	if x.cfg.Has(engine.Drunk) && playing {
		for q := range x.N {
			if announced[q] {
				continue
			}
			if k == 0 {
				ks = append(ks, solver.NotHolds(x.Card(engine.Drunk, a), solver.Holder(q)))
			}
			// The Drunk did not enter q's hand in the segment.
			ks = append(ks, solver.Clause([]solver.Lit{x.lit(engine.Drunk, a, q)}, []solver.Lit{x.lit(engine.Drunk, b, q)}))
		}
	}
	if x.cfg.Has(engine.Blackmailer) && playing {
		for q := range x.N {
			ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(engine.Detective, b, q), x.lit(engine.Blackmailer, b, q)}))
		}
	}
	// Choices of the players other than the turn's: their hands at the
	// choice are their hands at the segment's start.
	if s.Player >= 0 {
		choosers := map[int]bool{}
		for _, t := range s.Evs {
			e := t.Ev
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
				for q := range x.N {
					choosers[q] = true
				}
			}
		}
		for q := range choosers {
			if q < 0 || q == s.Player || s.Start.Sizes[q] == 0 {
				continue
			}
			if s.Start.Sizes[q] >= 2 {
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
func (x *Encoding) content(k int, s Segment, g Graph, i int) []solver.Constraint {
	e := s.Evs[i].Ev
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
		for l := range x.Places {
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
		for l := range x.Places {
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
			ks = append(ks, solver.NotHolds(x.Card(c, t), solver.Holder(p)))
		}
	}
	chooser := e.P != s.Player && s.Player >= 0
	deck := x.deckPlaces(-1, -1)
	switch e.Kind {
	case engine.EvDraw, engine.EvTake:
		if e.Kind == engine.EvDraw {
			from(e.Card, x.Top())
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
		to(e.Card, x.Pile())
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
		to(e.Card, x.Pile())
		for _, c := range e.Cards {
			from(c, e.P)
			to(c, x.Pile())
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
			for _, c := range x.Cards {
				if c > engine.Imposter {
					notAt(c, a, e.P)
				}
			}
			// Nor was one drawn before it: the hand at the play is the
			// hand at the turn's end with the Imposter (an Effect's play
			// does nothing, and the turn ends with it; only the
			// Detective, below it, may leave, sent back by the
			// Blackmailer).
			for _, c := range x.Cards {
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
			fromAt(end, e.Arg, x.Top())
			toAt(end, e.Arg, x.Top())
		case engine.Hound:
			if e.Q == engine.Unseen {
				break // another's Hound: its answer is unseen
			}
			ps := []int{e.Q}
			if e.Q < 0 {
				ps = append(deck, x.Removed(), x.Pile())
			}
			fromAt(end, e.Arg, ps...)
			toAt(end, e.Arg, ps...)
		case engine.Reporter:
			if e.Q >= 0 {
				fromAt(end, e.Arg, e.Q)
				toAt(end, e.Arg, e.Q)
			}
		case engine.Doctor:
			fromAt(hi, e.Arg, x.Pile())
			toAt(end, e.Arg, deck...)
		case engine.Secretary:
			fromAt(hi, e.Arg, deck...)
			toAt(end, e.Arg, x.Pile())
		}
	}
	return ks
}

// deckPlaces are the places of the first k positions of a deck of d
// cards (deckBelow, as a list).
func (x *Encoding) deckPlaces(k, d int) []int {
	var out []int
	for m := x.deckBelow(k, d); m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m))
	}
	return out
}

// play is the play event of a segment (zero when none yet).
func segPlay(s Segment) engine.Event {
	for _, t := range s.Evs {
		if t.Ev.Kind == engine.EvPlay {
			return t.Ev
		}
	}
	return engine.Event{}
}
