package engine

import (
	"slices"
)

// act emits the play of card (the card played) by p and does what eff (the
// Action it performs: itself, or what the Monkey copies; 0 or an Effect
// card for nothing) says.
func (s *State) act(ag Agent, p int, card, eff Card) {
	e := s.ev(EvPlay, p)
	e.Card = card
	if eff.IsAction() {
		e.As = eff
	}
	choose := func(d Decision, actor int, opts []int) int { return opts[ag.Choose(s, d, actor, opts)] }
	switch eff {
	case Detective:
		q := choose(DTarget, p, s.allPlayers())
		e.Q = q
		ag.Emit(s, e)
		if len(s.Hands[q]) == 0 {
			return
		}
		d := Card(choose(DDiscard, q, s.choosable(ag, q)))
		s.Hands[q] = Without(s.Hands[q], d)
		s.Discard = append(s.Discard, d)
		if d == Murderer {
			s.end(WinDetective)
		}
		de := s.ev(EvDiscard, q)
		de.Card = d
		ag.Emit(s, de)
	case Cad:
		var pairs []int
		o := s.Others(p)
		for i, a := range o {
			for _, b := range o[i+1:] {
				pairs = append(pairs, a*16+b)
			}
		}
		ab := choose(DPair, p, pairs)
		a, b := ab/16, ab%16
		e.Q, e.R = a, b
		ag.Emit(s, e)
		var ms []move
		if len(s.Hands[a]) > 0 {
			ms = append(ms, move{a, b, Card(choose(DGive, a, s.choosable(ag, a)))})
		}
		if len(s.Hands[b]) > 0 {
			ms = append(ms, move{b, a, Card(choose(DGive, b, s.choosable(ag, b)))})
		}
		s.exchange(ag, ms)
	case Socialite:
		if len(s.Hands[p]) == 0 {
			ag.Emit(s, e)
			return
		}
		q := choose(DTarget, p, s.Others(p))
		e.Q = q
		ag.Emit(s, e)
		ms := []move{{p, q, Card(choose(DGive, p, s.choosable(ag, p)))}}
		if len(s.Hands[q]) > 0 {
			ms = append(ms, move{q, p, Card(choose(DGive, q, s.choosable(ag, q)))})
		}
		s.exchange(ag, ms)
	case Swain:
		// "Draw a card and add it to your hand. Then choose another
		// player. They must take a card from your hand at random."
		ag.Emit(s, e)
		if len(s.Deck) > 0 {
			s.draw(ag, p)
			if s.Over() {
				return
			}
		}
		s.SwainTake(ag, p)
	case Gossip:
		ag.Emit(s, e)
		var ms []move
		for i := range s.Cfg.Players {
			if len(s.Hands[i]) > 0 {
				ms = append(ms, move{i, s.left(i), Card(choose(DGive, i, s.choosable(ag, i)))})
			}
		}
		s.exchange(ag, ms)
	case Invalid:
		q := choose(DTarget, p, s.Others(p))
		e.Q = q
		ag.Emit(s, e)
		if len(s.Hands[q]) > 0 {
			s.exchange(ag, []move{{q, p, Card(choose(DGive, q, s.choosable(ag, q)))}})
		}
	case Doctor:
		// The card just played (the Doctor, or the Monkey copying it) is
		// on top of the pile and cannot take itself.
		pile := SortedCards(s.Discard[:len(s.Discard)-1])
		if len(pile) > 0 {
			e.Arg = Card(choose(DPick, p, ints(pile)))
		}
		if e.Arg != 0 {
			s.Discard = Without(s.Discard, e.Arg)
			s.deckAppend(e.Arg)
			s.shuffleDeck(ag)
		}
		ag.Emit(s, e)
	case Secretary:
		if len(s.Deck) > 0 {
			ag.Look(s, 0, p, SiteSecretary)
		}
		opts := append([]int{0}, ints(SortedCards(s.Deck))...)
		if len(s.Deck) > 0 {
			e.Arg = Card(choose(DPick, p, opts))
		}
		if len(s.Deck) == 0 {
			ag.Emit(s, e)
			return
		}
		se := s.ev(EvSees, p)
		se.Cards = SortedCards(s.Deck)
		if e.Arg != 0 {
			s.deckRemove(slices.Index(s.Deck, e.Arg))
			s.Discard = append(s.Discard, e.Arg)
		}
		s.shuffleDeck(ag)
		ag.Emit(s, e)
		ag.Emit(s, se)
	case Butler:
		if len(s.Deck) > 0 {
			ag.Look(s, 0, -1, SiteButler)
			e.Arg = s.Deck[0]
			s.Grp[0] = -1
		}
		ag.Emit(s, e)
	case Maid:
		ag.Emit(s, e)
		for _, x := range []int{s.left(p), s.right(p)} {
			if len(s.Hands[x]) > 0 {
				se := s.ev(EvShow, x)
				se.Q = p
				se.Card = Card(choose(DShow, x, s.choosable(ag, x)))
				ag.Emit(s, se)
			}
		}
	case Driver:
		ag.Emit(s, e)
		n := min(3, len(s.Deck))
		if n == 0 {
			return
		}
		for i := range n {
			ag.Look(s, i, p, SiteDriver0+Site(i))
		}
		se := s.ev(EvSees, p)
		se.Cards = slices.Clone(s.Deck[:n])
		ag.Emit(s, se)
		k := Card(choose(DPick, p, ints(SortedCards(s.Deck[:n]))))
		s.deckRemove(slices.Index(s.Deck, k))
		s.shuffleDeck(ag)
		s.Hands[p] = append(s.Hands[p], k)
		te := s.ev(EvTake, p)
		te.Card = k
		ag.Emit(s, te)
		s.entered(ag, p, k)
	case Nun:
		ag.Emit(s, e)
		if len(s.Hands[p]) == 0 {
			return
		}
		k := Card(choose(DPick, p, ints(Buryable(s.Hands[p]))))
		s.Hands[p] = Without(s.Hands[p], k)
		s.deckAppend(k)
		be := s.ev(EvBury, p)
		be.Card = k
		ag.Emit(s, be)
	case Seer:
		if len(s.Deck) == 0 {
			ag.Emit(s, e)
			return
		}
		n := len(s.Deck)
		ag.Look(s, n-1, p, SiteSeer)
		se := s.ev(EvSees, p)
		se.Cards = []Card{s.Deck[n-1]}
		e.Flag = choose(DSeer, p, []int{0, 1}) == 1
		if e.Flag {
			b, g, t := s.Deck[n-1], s.Grp[n-1], s.Top[n-1]
			s.deckRemove(n - 1)
			s.Deck = slices.Insert(s.Deck, 0, b)
			s.Grp = slices.Insert(s.Grp, 0, g)
			s.Top = slices.Insert(s.Top, 0, t)
		}
		ag.Emit(s, e)
		ag.Emit(s, se)
	case Hound:
		k := Card(choose(DPick, p, ints(s.Cfg.Cards)))
		for q := range s.Cfg.Players {
			s.consult(ag, q)
		}
		e.Arg = k
		e.Q = s.HolderOf(k)
		ag.Emit(s, e)
	case Reporter:
		q := choose(DTarget, p, []int{s.left(p), s.right(p)})
		e.Q = q
		s.consult(ag, q)
		if len(s.Hands[q]) > 0 {
			e.Arg = Card(choose(DChance, -1, ints(SortedCards(s.Hands[q]))))
		}
		ag.Emit(s, e)
	default:
		ag.Emit(s, e)
	}
}

// SwainTake is the end of p's Swain, after its draw: p chooses another
// player (with the drawn card in hand), who takes a card of p's hand at
// random.
func (s *State) SwainTake(ag Agent, p int) {
	opts := s.Others(p)
	q := opts[ag.Choose(s, DTaker, p, opts)]
	e := s.ev(EvChosen, p)
	e.Q = q
	ag.Emit(s, e)
	if len(s.Hands[p]) > 0 {
		h := ints(SortedCards(s.Hands[p]))
		x := Card(h[ag.Choose(s, DChance, -1, h)])
		s.exchange(ag, []move{{p, q, x}})
	}
}
