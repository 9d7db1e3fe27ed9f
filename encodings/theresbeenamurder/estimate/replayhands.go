package estimate

import (
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Consult redraws a virgin hand with the set-up group before the rules
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
	e := a.t.Obs[a.idx]
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
	for _, e := range a.t.Obs[a.idx:] {
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

// Reveal makes the card the lines say p plays one of p's cards when it is
// a soft card: one of p's soft cards, chosen at random, is relabelled, and
// the weight is multiplied by their number.
func (a *enumAgent) Reveal(s *engine.State, p int) {
	soft := a.soft()
	for _, e := range a.t.Obs[a.idx:] {
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
