package certain

import (
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Public is what the seat knows for certain, read off the lines alone:
// every hand's size, the deck's size, the pile, its own hand, and whether
// the game has ended. It does not depend on the tracker.
type Public struct {
	Sizes []int
	Deck  int
	Pile  []engine.Card
	Mine  []engine.Card
	End   engine.End
}

// NewPublic is the view at the set-up: two cards a hand, the seat's own.
func NewPublic(cfg *engine.Config, seat int, hand []engine.Card) *Public {
	p := &Public{Sizes: make([]int, cfg.Players), Deck: cfg.DeckSize() - 2*cfg.Players, Mine: slices.Clone(hand)}
	for i := range p.Sizes {
		p.Sizes[i] = 2
	}
	return p
}

// Clone is a deep copy of p.
func (p *Public) Clone() *Public {
	q := *p
	q.Sizes = slices.Clone(p.Sizes)
	q.Pile = slices.Clone(p.Pile)
	q.Mine = slices.Clone(p.Mine)
	return &q
}

// move passes one card from a to b if a has one.
func (p *Public) move(a, b int) {
	if p.Sizes[a] > 0 {
		p.Sizes[a]--
		p.Sizes[b]++
	}
}

// Apply updates the public view after event e seen by seat; the effects of
// a play on the hands' sizes are counted at the play's line.
func (p *Public) Apply(e engine.Event, seat, players int) {
	mineOut := func(c engine.Card) {
		if e.P == seat {
			p.Mine = engine.Without(p.Mine, c)
		}
	}
	switch e.Kind {
	case engine.EvDraw:
		p.Sizes[e.P]++
		p.Deck--
		if e.P == seat {
			p.Mine = append(p.Mine, e.Card)
		}
	case engine.EvTake:
		p.Sizes[e.P]++
		p.Deck--
		p.Mine = append(p.Mine, e.Card)
	case engine.EvReveal:
		if slices.Contains(e.Cards, engine.Murderer) {
			if slices.Contains(e.Cards, engine.Confidant) {
				p.End = engine.WinConfidant
			} else {
				p.End = engine.LoseWitness
			}
			break
		}
		p.Sizes[e.P]--
		p.Deck++
		mineOut(engine.Detective)
	case engine.EvDiscard:
		p.Sizes[e.P]--
		p.Pile = append(p.Pile, e.Card)
		mineOut(e.Card)
		if e.Card == engine.Murderer {
			p.End = engine.WinDetective
		}
	case engine.EvGive:
		if e.P == seat {
			p.Mine = engine.Without(p.Mine, e.Card)
		} else {
			p.Mine = append(p.Mine, e.Card)
		}
	case engine.EvBury:
		p.Mine = engine.Without(p.Mine, e.Card)
	case engine.EvChosen:
		// the Swain's random take, counted at its choice's line (the
		// card is its own line for the two players concerned)
		p.move(e.P, e.Q)
	case engine.EvPlay:
		p.Sizes[e.P]--
		p.Pile = append(p.Pile, e.Card)
		mineOut(e.Card)
		if e.Card == engine.Aristocrat {
			for _, c := range e.Cards {
				p.Sizes[e.P]--
				p.Pile = append(p.Pile, c)
				mineOut(c)
			}
			break
		}
		switch e.As {
		case engine.Cad:
			a, b := p.Sizes[e.Q], p.Sizes[e.R]
			if a == 0 && b > 0 {
				p.move(e.R, e.Q)
			} else if b == 0 && a > 0 {
				p.move(e.Q, e.R)
			}
		case engine.Socialite:
			if e.Q >= 0 && p.Sizes[e.Q] == 0 {
				p.move(e.P, e.Q)
			}
		case engine.Gossip:
			had := slices.Clone(p.Sizes)
			for i := range players {
				if had[i] > 0 {
					p.Sizes[i]--
				}
			}
			for i := range players {
				if had[i] > 0 {
					p.Sizes[(i+1)%players]++
				}
			}
		case engine.Invalid:
			p.move(e.Q, e.P)
		case engine.Doctor:
			if e.Arg != 0 {
				p.Pile = engine.Without(p.Pile, e.Arg)
				p.Deck++
			}
		case engine.Secretary:
			if e.Arg != 0 {
				p.Deck--
				p.Pile = append(p.Pile, e.Arg)
			}
		case engine.Driver:
			// the seat's take is its own line; another player's is counted here
			if e.P != seat && p.Deck > 0 {
				p.Deck--
				p.Sizes[e.P]++
			}
		case engine.Nun:
			if p.Sizes[e.P] > 0 {
				p.Sizes[e.P]--
				p.Deck++
			}
		}
	}
}

// CheckDead ends the game, at the end of a turn, when no way to win is
// left (as State.checkDead).
func (p *Public) CheckDead() {
	if p.End == engine.Playing {
		in := func(c engine.Card) bool { return slices.Contains(p.Pile, c) }
		if in(engine.Doctor) && in(engine.Monkey) && (in(engine.Murderer) || (in(engine.Detective) && in(engine.Confidant))) {
			p.End = engine.LoseDead
		}
	}
}
