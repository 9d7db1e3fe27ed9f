package theresbeenamurder

import "slices"

// public is what the seat knows for certain, read off the lines alone:
// every hand's size, the deck's size, the pile, its own hand, and whether
// the game has ended. It does not depend on the tracker.
type public struct {
	sizes []int
	deck  int
	pile  []Card
	mine  []Card
	end   End
}

func newPublic(cfg *Config, seat int, hand []Card) *public {
	p := &public{sizes: make([]int, cfg.Players), deck: cfg.DeckSize() - 2*cfg.Players, mine: slices.Clone(hand)}
	for i := range p.sizes {
		p.sizes[i] = 2
	}
	return p
}

func (p *public) clone() *public {
	q := *p
	q.sizes = slices.Clone(p.sizes)
	q.pile = slices.Clone(p.pile)
	q.mine = slices.Clone(p.mine)
	return &q
}

// move passes one card from a to b if a has one.
func (p *public) move(a, b int) {
	if p.sizes[a] > 0 {
		p.sizes[a]--
		p.sizes[b]++
	}
}

// apply updates the public view after event e seen by seat; the effects of
// a play on the hands' sizes are counted at the play's line.
func (p *public) apply(e Event, seat, players int) {
	mineOut := func(c Card) {
		if e.P == seat {
			p.mine = without(p.mine, c)
		}
	}
	switch e.Kind {
	case EvDraw:
		p.sizes[e.P]++
		p.deck--
		if e.P == seat {
			p.mine = append(p.mine, e.Card)
		}
	case EvTake:
		p.sizes[e.P]++
		p.deck--
		p.mine = append(p.mine, e.Card)
	case EvReveal:
		if slices.Contains(e.Cards, Murderer) {
			if slices.Contains(e.Cards, Confidant) {
				p.end = WinConfidant
			} else {
				p.end = LoseWitness
			}
			break
		}
		p.sizes[e.P]--
		p.deck++
		mineOut(Detective)
	case EvDiscard:
		p.sizes[e.P]--
		p.pile = append(p.pile, e.Card)
		mineOut(e.Card)
		if e.Card == Murderer {
			p.end = WinDetective
		}
	case EvGive:
		if e.P == seat {
			p.mine = without(p.mine, e.Card)
		} else {
			p.mine = append(p.mine, e.Card)
		}
	case EvBury:
		p.mine = without(p.mine, e.Card)
	case EvChosen:
		// the Swain's random take, counted at its choice's line (the
		// card is its own line for the two players concerned)
		p.move(e.P, e.Q)
	case EvPlay:
		p.sizes[e.P]--
		p.pile = append(p.pile, e.Card)
		mineOut(e.Card)
		if e.Card == Aristocrat {
			for _, c := range e.Cards {
				p.sizes[e.P]--
				p.pile = append(p.pile, c)
				mineOut(c)
			}
			break
		}
		switch e.As {
		case Cad:
			a, b := p.sizes[e.Q], p.sizes[e.R]
			if a == 0 && b > 0 {
				p.move(e.R, e.Q)
			} else if b == 0 && a > 0 {
				p.move(e.Q, e.R)
			}
		case Socialite:
			if e.Q >= 0 && p.sizes[e.Q] == 0 {
				p.move(e.P, e.Q)
			}
		case Gossip:
			had := slices.Clone(p.sizes)
			for i := range players {
				if had[i] > 0 {
					p.sizes[i]--
				}
			}
			for i := range players {
				if had[i] > 0 {
					p.sizes[(i+1)%players]++
				}
			}
		case Invalid:
			p.move(e.Q, e.P)
		case Doctor:
			if e.Arg != 0 {
				p.pile = without(p.pile, e.Arg)
				p.deck++
			}
		case Secretary:
			if e.Arg != 0 {
				p.deck--
				p.pile = append(p.pile, e.Arg)
			}
		case Driver:
			// the seat's take is its own line; another player's is counted here
			if e.P != seat && p.deck > 0 {
				p.deck--
				p.sizes[e.P]++
			}
		case Nun:
			if p.sizes[e.P] > 0 {
				p.sizes[e.P]--
				p.deck++
			}
		}
	}
}

// checkDead ends the game, at the end of a turn, when no way to win is
// left (as State.checkDead).
func (p *public) checkDead() {
	if p.end == Playing {
		in := func(c Card) bool { return slices.Contains(p.pile, c) }
		if in(Doctor) && in(Monkey) && (in(Murderer) || (in(Detective) && in(Confidant))) {
			p.end = LoseDead
		}
	}
}
