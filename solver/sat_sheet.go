package solver

import (
	"context"

	"github.com/irifrance/gini/z"
)

// Sheet settles every (card, holder) pair. It returns ErrInconsistent when
// there is no world, or the context's error.
//
// A pair seen true in one world and false in another is open; a pair every
// world agrees on is a candidate, to be proved forced (or impossible) or
// shown open by a world that disagrees. Four sources settle pairs, cheapest
// first:
//
//   - every world the solver returns, read in full;
//   - the neighbours of each such world: swapping the holders of two cards,
//     or moving one card where sizes allow, checked directly against the
//     constraints that mention the moved cards; every world found this way
//     is a true world and is explored in turn while it settles new pairs;
//   - unit propagation under all observations (gini's Test): the literals it
//     sets are forced, and a candidate whose contradiction propagates to a
//     conflict (a failed literal) is proved;
//   - last, one solve per remaining candidate under the assumption that
//     contradicts it: no world proves it, a world settles it open and is
//     read and explored like the first.
func (s *SAT) Sheet(ctx context.Context) (*Sheet, error) {
	s.sync()
	ids := s.allIDs()
	r, err := s.solve(ctx, s.assumptions(ids))
	if err != nil {
		return nil, err
	}
	if r != 1 {
		return nil, ErrInconsistent
	}
	s.worldAt = len(s.acts)
	b := newSheetBuilder(s)
	b.explore(b.model())
	b.propagate(ids)
	for c := range b.nc {
		for h := range b.nh {
			if b.settled(c, h) {
				continue
			}
			l := s.x[c][h]
			probe := l
			if b.seen[c][h] == seenTrue {
				probe = l.Not() // every world so far has it: is it forced?
			}
			r, err := s.solve(ctx, s.assumptions(ids, probe))
			if err != nil {
				return nil, err
			}
			if r == 1 {
				b.explore(b.model())
				continue
			}
			b.prove(c, h)
		}
	}
	return b.sheet(), nil
}

// What the worlds seen so far say about a pair.
const (
	seenTrue  = 1 << iota // some world has the card with the holder
	seenFalse             // some world has it elsewhere
	seenBoth  = seenTrue | seenFalse
)

// sheetBuilder is the state of one Sheet computation.
type sheetBuilder struct {
	s      *SAT
	m      *Model
	nc, nh int
	seen   [][]uint8 // seenTrue | seenFalse
	proved [][]bool  // proved forced (seenTrue) or impossible (seenFalse)
	cons   [][]Constraint
	counts []int // cards a holder has in the world being explored
}

func newSheetBuilder(s *SAT) *sheetBuilder {
	m := s.p.Model()
	b := &sheetBuilder{s: s, m: m, nc: m.NumCards(), nh: m.NumHolders()}
	b.seen = make([][]uint8, b.nc)
	b.proved = make([][]bool, b.nc)
	for c := range b.nc {
		b.seen[c] = make([]uint8, b.nh)
		b.proved[c] = make([]bool, b.nh)
		for h := range b.nh {
			if !m.Allowed(Card(c), Holder(h)) {
				b.seen[c][h] = seenFalse
				b.proved[c][h] = true
			}
		}
	}
	// The constraints that mention each card, to check moved cards.
	b.cons = make([][]Constraint, b.nc)
	for _, o := range s.p.Observations()[:len(s.acts)] {
		for _, k := range o.Constraints {
			last := Card(-1)
			for _, t := range k.Terms {
				if c := t.Lit.Card; c != last {
					b.cons[c] = append(b.cons[c], k)
					last = c
				}
			}
		}
	}
	b.counts = make([]int, b.nh)
	return b
}

// settled reports whether the pair is open or proved.
func (b *sheetBuilder) settled(c int, h int) bool {
	return b.seen[c][h] == seenBoth || b.proved[c][h]
}

// prove marks the pair's candidate status as holding in every world.
func (b *sheetBuilder) prove(c, h int) {
	b.proved[c][h] = true
}

// model is the world of the solver's last model.
func (b *sheetBuilder) model() World {
	w := make(World, b.nc)
	for c, row := range b.s.x {
		for h, l := range row {
			if l != b.s.t.Not() && b.s.g.Value(l) {
				w[c] = Holder(h)
			}
		}
	}
	return w
}

// record notes world w and reports whether it settled a pair.
func (b *sheetBuilder) record(w World) bool {
	news := false
	for c, hw := range w {
		for h := range b.nh {
			bit := uint8(seenFalse)
			if Holder(h) == hw {
				bit = seenTrue
			}
			if b.seen[c][h]&bit == 0 {
				b.seen[c][h] |= bit
				news = true
			}
		}
	}
	return news
}

// fits reports whether every constraint that mentions card c holds in w.
func (b *sheetBuilder) fits(w World, c int) bool {
	for _, k := range b.cons[c] {
		if !k.Satisfied(w) {
			return false
		}
	}
	return true
}

// open reports whether both pairs (c, h1) and (c, h2) are already open:
// moving card c between h1 and h2 cannot settle anything about it.
func (b *sheetBuilder) open(c int, h1, h2 Holder) bool {
	return b.seen[c][h1] == seenBoth && b.seen[c][h2] == seenBoth
}

// explore records w and walks its neighbourhood: every world reached by
// swapping the holders of two cards or moving one card, that settles a new
// pair, is recorded and explored in turn. Each world explored settled at
// least one pair, so the walk visits at most cards*holders worlds.
func (b *sheetBuilder) explore(w World) {
	if !b.record(w) {
		return
	}
	stack := []World{w}
	for len(stack) > 0 {
		w := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		clear(b.counts)
		for _, h := range w {
			b.counts[h]++
		}
		for c1 := range b.nc {
			h1 := w[c1]
			// Swaps keep every holder's count.
			for c2 := c1 + 1; c2 < b.nc; c2++ {
				h2 := w[c2]
				if h1 == h2 || b.open(c1, h1, h2) && b.open(c2, h1, h2) ||
					!b.m.Allowed(Card(c1), h2) || !b.m.Allowed(Card(c2), h1) {
					continue
				}
				w[c1], w[c2] = h2, h1
				if b.fits(w, c1) && b.fits(w, c2) && b.record(w) {
					stack = append(stack, append(World(nil), w...))
				}
				w[c1], w[c2] = h1, h2
			}
			// Moves change two counts: only where sizes are ranges.
			if b.counts[h1]-1 < b.m.HolderSize(h1).Min {
				continue
			}
			for h := range Holder(b.nh) {
				if h == h1 || b.open(c1, h1, h) || !b.m.Allowed(Card(c1), h) ||
					b.counts[h]+1 > b.m.HolderSize(h).Max {
					continue
				}
				w[c1] = h
				if b.fits(w, c1) && b.record(w) {
					stack = append(stack, append(World(nil), w...))
				}
				w[c1] = h1
			}
		}
	}
}

// propagate settles what unit propagation shows under all observations:
// the literals set at the root, then each candidate whose contradiction
// propagates to a conflict.
func (b *sheetBuilder) propagate(ids []int) {
	s := b.s
	s.g.Assume(s.assumptions(ids)...)
	res, out := s.g.Test(s.tbuf[:0])
	if res != -1 {
		for _, m := range out {
			if c, h, ok := s.pairOf(m); ok {
				b.prove(int(c), int(h))
			}
		}
		for c := range b.nc {
			for h := range b.nh {
				if b.settled(c, h) {
					continue
				}
				probe := s.x[c][h]
				if b.seen[c][h] == seenTrue {
					probe = probe.Not()
				}
				s.g.Assume(probe)
				r, _ := s.g.Test(nil)
				s.g.Untest()
				if r == -1 {
					b.prove(c, h)
				}
			}
		}
	}
	s.tbuf = out[:0]
	s.g.Untest()
}

// sheet is the finished sheet: every pair is open or proved by now, and a
// proved pair is forced when every world has it, impossible otherwise.
func (b *sheetBuilder) sheet() *Sheet {
	status := make([][]Status, b.nc)
	for c := range b.nc {
		status[c] = make([]Status, b.nh)
		for h := range b.nh {
			switch b.seen[c][h] {
			case seenBoth:
				status[c][h] = Open
			case seenTrue:
				status[c][h] = Forced
			default:
				status[c][h] = Impossible
			}
		}
	}
	return &Sheet{status: status}
}

// pairOf is the card and holder of an ownership literal (of either sign).
func (s *SAT) pairOf(m z.Lit) (Card, Holder, bool) {
	nh := s.p.Model().NumHolders()
	i := int(m.Var()) - int(s.x0)
	if i < 0 || i >= len(s.x)*nh {
		return 0, 0, false
	}
	c, h := i/nh, i%nh
	if s.x[c][h].Var() != m.Var() {
		return 0, 0, false // not allowed: the literal is the constant
	}
	return Card(c), Holder(h), true
}
