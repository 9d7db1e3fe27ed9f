package theresbeenamurder

import "github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
import "slices"

// public is what the seat knows for certain, read off the lines alone:
// every hand's size, the deck's size, the pile, its own hand, and whether
// the game has ended. It does not depend on the tracker.
type public struct {
	sizes []int
	deck  int
	pile  []engine.Card
	mine  []engine.Card
	end   engine.End
}

func newPublic(cfg *engine.Config, seat int, hand []engine.Card) *public {
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
func (p *public) apply(e engine.Event, seat, players int) {
	mineOut := func(c engine.Card) {
		if e.P == seat {
			p.mine = engine.Without(p.mine, c)
		}
	}
	switch e.Kind {
	case engine.EvDraw:
		p.sizes[e.P]++
		p.deck--
		if e.P == seat {
			p.mine = append(p.mine, e.Card)
		}
	case engine.EvTake:
		p.sizes[e.P]++
		p.deck--
		p.mine = append(p.mine, e.Card)
	case engine.EvReveal:
		if slices.Contains(e.Cards, engine.Murderer) {
			if slices.Contains(e.Cards, engine.Confidant) {
				p.end = engine.WinConfidant
			} else {
				p.end = engine.LoseWitness
			}
			break
		}
		p.sizes[e.P]--
		p.deck++
		mineOut(engine.Detective)
	case engine.EvDiscard:
		p.sizes[e.P]--
		p.pile = append(p.pile, e.Card)
		mineOut(e.Card)
		if e.Card == engine.Murderer {
			p.end = engine.WinDetective
		}
	case engine.EvGive:
		if e.P == seat {
			p.mine = engine.Without(p.mine, e.Card)
		} else {
			p.mine = append(p.mine, e.Card)
		}
	case engine.EvBury:
		p.mine = engine.Without(p.mine, e.Card)
	case engine.EvChosen:
		// the Swain's random take, counted at its choice's line (the
		// card is its own line for the two players concerned)
		p.move(e.P, e.Q)
	case engine.EvPlay:
		p.sizes[e.P]--
		p.pile = append(p.pile, e.Card)
		mineOut(e.Card)
		if e.Card == engine.Aristocrat {
			for _, c := range e.Cards {
				p.sizes[e.P]--
				p.pile = append(p.pile, c)
				mineOut(c)
			}
			break
		}
		switch e.As {
		case engine.Cad:
			a, b := p.sizes[e.Q], p.sizes[e.R]
			if a == 0 && b > 0 {
				p.move(e.R, e.Q)
			} else if b == 0 && a > 0 {
				p.move(e.Q, e.R)
			}
		case engine.Socialite:
			if e.Q >= 0 && p.sizes[e.Q] == 0 {
				p.move(e.P, e.Q)
			}
		case engine.Gossip:
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
		case engine.Invalid:
			p.move(e.Q, e.P)
		case engine.Doctor:
			if e.Arg != 0 {
				p.pile = engine.Without(p.pile, e.Arg)
				p.deck++
			}
		case engine.Secretary:
			if e.Arg != 0 {
				p.deck--
				p.pile = append(p.pile, e.Arg)
			}
		case engine.Driver:
			// the seat's take is its own line; another player's is counted here
			if e.P != seat && p.deck > 0 {
				p.deck--
				p.sizes[e.P]++
			}
		case engine.Nun:
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
	if p.end == engine.Playing {
		in := func(c engine.Card) bool { return slices.Contains(p.pile, c) }
		if in(engine.Doctor) && in(engine.Monkey) && (in(engine.Murderer) || (in(engine.Detective) && in(engine.Confidant))) {
			p.end = engine.LoseDead
		}
	}
}
