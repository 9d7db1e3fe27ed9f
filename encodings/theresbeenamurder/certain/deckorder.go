package certain

import (
	"math/bits"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// The deck's order beyond its top card. The encoding's deck places are
// the top card and the rest (more places, one a position, make the
// solver's counting proofs, "these cards fill the deck, so that one is
// not in it", a pigeonhole at every position: seconds a question). What
// the lines tell of the order is followed instead along the public
// moves, slot by slot, and said at each time point as constraints on the
// top card and the rest:
//
//   - after the deal, each position of the deck is in the top part (any
//     card but the Detective: the Murderer's part) or the bottom part
//     (any card but the Murderer);
//   - a card the seat put under the deck (its Nun), saw at the bottom
//     (its Seer) or on top (the Butler's, announced to all), is that
//     slot's card;
//   - the card another player's Nun put under the deck is a card that
//     was in that player's hand;
//   - a draw takes the top slot, the Seer's move puts the bottom slot on
//     top, the Nun adds one under the deck, a shuffle forgets every slot.
//
// At every time point, a card no slot of the rest allows is not in the
// rest, a card the top slot does not allow is not on top, and the card
// of another's Nun on top was in that player's hand; at the seat's
// Driver's look, its cards are the top slots, and a card no slot allows
// then is not in the deck at the turn's end. In another player's turn, a
// card of the deck reaches that player's hand only by its draws (the top
// slot each) or its Driver's pick (one of the top three slots): a card
// none of those slots allows is not both in the deck at the turn's start
// and in that hand at its end, and one that only the card of another's
// Nun may be was in that player's hand.

// slotKind is what a deck slot is known to hold.
type slotKind uint8

const (
	slotAny   slotKind = iota // nothing known
	slotUpper                 // the deal's top part: not the Detective
	slotLower                 // the deal's bottom part: not the Murderer
	SlotCard                  // the card Card
	SlotFrom                  // the card another player's Nun put there
)

// Slot is a deck position and what the lines tell of its card.
type Slot struct {
	Kind slotKind
	card engine.Card
	line int // the line that told it (the hand line for the deal's parts)
	// For slotFrom: the card was, at time point t, at one of the places
	// of from (those the Nun's player's hand was reachable from by then).
	T    int
	From uint64
}

// Allows reports whether the slot may hold card c.
func (s Slot) Allows(c engine.Card) bool {
	switch s.Kind {
	case slotUpper:
		return c != engine.Detective
	case slotLower:
		return c != engine.Murderer
	case SlotCard:
		return c == s.card
	}
	return true
}

// deckLook is what the seat's Driver saw: the slots then, and the line.
type deckLook struct {
	slots []Slot
	line  int
}

// deckTake is where a card taken from the deck came from: one of the
// positions 0 to n-1 of the deck slots then.
type deckTake struct {
	slots []Slot
	n     int
}

// mayHold says whether the card taken may be c: plain when a position
// that is not another's Nun's card allows it (or c is known to be at one
// of the positions), else froms are the positions of another's Nun's card
// it may be (none when c is known to be at another position).
func (d deckTake) mayHold(c engine.Card) (plain bool, froms []Slot) {
	for i, s := range d.slots {
		if s.Kind == SlotCard && s.card == c {
			return i < d.n, nil
		}
	}
	for _, s := range d.slots[:d.n] {
		switch {
		case s.Kind == SlotFrom && s.From != 0:
			froms = append(froms, s)
		case s.Allows(c):
			return true, nil
		}
	}
	return false, froms
}

// deckTurn is another player's turn in which that player took cards of
// the deck (its draws, the Driver's pick), with the line of the last.
type deckTurn struct {
	Player int
	Takes  []deckTake
	line   int
}

// MayTake says whether the turn's takes may have taken c: plain when one
// may hold it as it holds any card, else froms are the slots of another's
// Nun's card among them that may.
func (d *deckTurn) MayTake(c engine.Card) (plain bool, froms []Slot) {
	for _, tk := range d.Takes {
		p, fs := tk.mayHold(c)
		if p {
			return true, nil
		}
		froms = append(froms, fs...)
	}
	return false, froms
}

// DeckSlots follows the deck's slots from the deal through segments 0 to
// k: the slots after segment k's lines, the seat's Driver's look in
// segment k (nil for none) and, when segment k is another player's turn
// in which only that player took cards of the deck, those takes (nil
// otherwise).
func (x *Encoding) DeckSlots(segs []Segment, k int) ([]Slot, *deckLook, *deckTurn) {
	cfg := x.cfg
	d0 := cfg.DeckSize() - 2*x.N
	slots := make([]Slot, max(0, d0))
	for i := range slots {
		slots[i] = Slot{Kind: slotLower, line: x.handLine}
		if 2*x.N+i < cfg.TopSize() {
			slots[i].Kind = slotUpper
		}
	}
	forget := func(n int, line int) {
		slots = slots[:0]
		for range max(0, n) {
			slots = append(slots, Slot{Kind: slotAny, line: line})
		}
	}
	var (
		look *deckLook
		turn *deckTurn // segment k's takes
		// foreign: another player than the turn's took a card of the
		// deck in segment k (never in the rules; nothing is said then).
		foreign bool
	)
	take := func(t Tracked, n int) {
		if t.Ev.P != segs[k].Player {
			foreign = true
			return
		}
		if turn == nil {
			turn = &deckTurn{Player: t.Ev.P}
		}
		turn.Takes = append(turn.Takes, deckTake{slots: slices.Clone(slots), n: n})
		turn.line = t.Line
	}
	for j := 0; j <= k && j < len(segs); j++ {
		s := segs[j]
		var g *Graph
		for _, t := range s.Evs {
			e := t.Ev
			d := len(slots)
			switch e.Kind {
			case engine.EvDraw:
				if d > 0 {
					if j == k {
						take(t, 1)
					}
					slots = slots[1:]
				}
			case engine.EvTake:
				forget(t.Pub.Deck, t.Line)
			case engine.EvReveal:
				if slices.Contains(e.Cards, engine.Blackmailer) {
					forget(t.Pub.Deck, t.Line)
				}
			case engine.EvPlay:
				switch e.As {
				case engine.Doctor, engine.Secretary:
					forget(t.Pub.Deck, t.Line)
				case engine.Driver:
					if e.P != x.seat {
						if j == k && d > 0 {
							take(t, min(3, d))
						}
						forget(t.Pub.Deck, t.Line)
					}
				case engine.Nun:
					if t.Pub.Deck == d+1 {
						if g == nil {
							gg := x.Graph(s)
							g = &gg
						}
						var from uint64
						if g.nun >= 0 {
							for l, set := range g.pre[g.nun] {
								if set&(1<<e.P) != 0 {
									from |= 1 << l
								}
							}
						}
						slots = append(slots, Slot{Kind: SlotFrom, line: t.Line, T: j, From: from})
					}
				case engine.Seer:
					if e.Flag && d > 0 {
						b := slots[d-1]
						copy(slots[1:], slots[:d-1])
						slots[0] = b
					}
				case engine.Butler:
					if e.Arg != 0 && d > 0 {
						slots[0] = Slot{Kind: SlotCard, card: e.Arg, line: t.Line}
					}
				}
			case engine.EvBury:
				if d > 0 && slots[d-1].Kind == SlotFrom {
					slots[d-1] = Slot{Kind: SlotCard, card: e.Card, line: t.Line}
				}
			case engine.EvSees:
				pl := segPlay(s)
				switch pl.As {
				case engine.Seer:
					if len(e.Cards) == 1 && d > 0 {
						at := d - 1
						if pl.Flag {
							at = 0
						}
						slots[at] = Slot{Kind: SlotCard, card: e.Cards[0], line: t.Line}
					}
				case engine.Driver:
					for n, c := range e.Cards {
						if n < d {
							slots[n] = Slot{Kind: SlotCard, card: c, line: t.Line}
						}
					}
					if j == k {
						look = &deckLook{slots: append([]Slot(nil), slots...), line: t.Line}
					}
				}
			}
			if t.Pub != nil && len(slots) != t.Pub.Deck {
				// Not the public count: nothing is kept (never seen).
				forget(t.Pub.Deck, t.Line)
			}
		}
	}
	if foreign || k >= len(segs) || segs[k].Player < 0 || segs[k].Player == x.seat {
		turn = nil // the seat's own takes are seen
	}
	return slots, look, turn
}

// lineCons is constraints with the line that tells them.
type lineCons struct {
	line int
	ks   []solver.Constraint
}

// deckFacts are the deck's order's constraints at the end of segment k
// (time point k+1), by line.
func (x *Encoding) deckFacts(segs []Segment, k int) []lineCons {
	if DeckFactsOff {
		return nil
	}
	slots, look, turn := x.DeckSlots(segs, k)
	b := k + 1
	by := map[int][]solver.Constraint{}
	var order []int
	add := func(line int, c solver.Constraint) {
		if _, ok := by[line]; !ok {
			order = append(order, line)
		}
		by[line] = append(by[line], c)
	}
	// not says what the slots ss allow of each card on top and in the
	// rest.
	not := func(ss []Slot, lookLine int) {
		pinned := map[engine.Card]int{} // a known card's slot
		for i, s := range ss {
			if s.Kind == SlotCard {
				pinned[s.card] = i
			}
		}
		for _, c := range x.Cards {
			okAt := func(i int) bool {
				if p, ok := pinned[c]; ok {
					return p == i
				}
				return ss[i].Allows(c)
			}
			top, rest, restLine := false, false, 0
			for i := range ss {
				if okAt(i) {
					if i == 0 {
						top = true
					} else {
						rest = true
					}
				}
				if i > 0 {
					restLine = max(restLine, ss[i].line)
				}
			}
			if p, ok := pinned[c]; ok {
				restLine = ss[p].line
			}
			topLine := x.handLine
			if len(ss) > 0 {
				topLine = ss[0].line
			}
			if lookLine > 0 {
				// Not in the deck at the look: nor at the turn's end
				// (the pick and the shuffle follow).
				if !top && !rest {
					add(lookLine, solver.NotHolds(x.Card(c, b), solver.Holder(x.Top())))
					add(lookLine, solver.NotHolds(x.Card(c, b), solver.Holder(x.Rest())))
				}
				continue
			}
			if !top && len(ss) > 0 {
				add(topLine, solver.NotHolds(x.Card(c, b), solver.Holder(x.Top())))
			}
			if !rest && len(ss) > 1 {
				add(restLine, solver.NotHolds(x.Card(c, b), solver.Holder(x.Rest())))
			}
		}
	}
	not(slots, 0)
	if look != nil {
		not(look.slots, look.line)
	}
	// Another's Nun's card on top was in that player's hand.
	if len(slots) > 0 && slots[0].Kind == SlotFrom && slots[0].T < b {
		s := slots[0]
		for _, c := range x.Cards {
			var pos []solver.Lit
			for m := s.From; m != 0; m &= m - 1 {
				pos = append(pos, x.lit(c, s.T, bits.TrailingZeros64(m)))
			}
			add(s.line, solver.Clause(pos, []solver.Lit{x.lit(c, b, x.Top())}))
		}
	}
	// Another player's turn: a card went from the deck to that player's
	// hand only by one of its takes, so as one of the slots taken (if
	// another's Nun's card, from that Nun's player's hand).
	if turn != nil && !DeckTakesOff {
		for _, c := range x.Cards {
			plain, froms := turn.MayTake(c)
			if plain {
				continue
			}
			var pos []solver.Lit
			for _, f := range froms {
				for m := f.From; m != 0; m &= m - 1 {
					pos = append(pos, x.lit(c, f.T, bits.TrailingZeros64(m)))
				}
			}
			for _, pl := range []int{x.Top(), x.Rest()} {
				add(turn.line, solver.Clause(pos, []solver.Lit{x.lit(c, k, pl), x.lit(c, b, turn.Player)}))
			}
		}
	}
	out := make([]lineCons, 0, len(order))
	for _, l := range order {
		out = append(out, lineCons{l, by[l]})
	}
	return out
}

// DeckFactsOff leaves the deck's order out (for tests: what the other
// constraints prove alone).
var DeckFactsOff bool

// DeckTakesOff leaves out what another player's takes from the deck in
// its turn tell (for tests: what the rest of the deck's order proves
// alone).
var DeckTakesOff bool
