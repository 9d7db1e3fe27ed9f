package engine

import (
	"slices"
	"strings"
)

// Play is a play a player may make: a card and the players it names (-1
// for none; R only for the Cad).
type Play struct {
	Card Card
	Q, R int
}

// Text writes the play as in a log ("detective bob").
func (o Play) Text(names []string) string {
	w := []string{o.Card.String()}
	for _, p := range []int{o.Q, o.R} {
		if p >= 0 && p < len(names) {
			w = append(w, names[p])
		}
	}
	return strings.Join(w, " ")
}

// Plays are the plays open to p in state s: each legal card with each
// choice of the players it names (the Aristocrat's turn is one play).
func (s *State) Plays(p int) []Play {
	h := s.Hands[p]
	if Has(h, Aristocrat) && !Has(h, Monkey) && !Has(h, Drunk) {
		return []Play{{Aristocrat, -1, -1}}
	}
	var out []Play
	for _, c := range LegalPlays(h) {
		eff := c
		if c == Monkey {
			eff = s.Last
		}
		rest := Without(slices.Clone(h), c)
		switch {
		case eff == Detective:
			for _, q := range s.allPlayers() {
				out = append(out, Play{c, q, -1})
			}
		case eff == Invalid || (eff == Socialite && len(rest) > 0):
			for _, q := range s.Others(p) {
				out = append(out, Play{c, q, -1})
			}
		case eff == Cad:
			o := s.Others(p)
			for i, a := range o {
				for _, b := range o[i+1:] {
					out = append(out, Play{c, a, b})
				}
			}
		case eff == Reporter:
			out = append(out, Play{c, s.left(p), -1}, Play{c, s.right(p), -1})
		default:
			out = append(out, Play{c, -1, -1})
		}
	}
	return out
}

// PlayCard plays card c from p's hand (its draw done) and what follows.
func (s *State) PlayCard(ag Agent, p int, c Card) {
	if c == Aristocrat && Has(s.Hands[p], Aristocrat) && !Has(s.Hands[p], Monkey) && !Has(s.Hands[p], Drunk) {
		for _, x := range SortedCards(s.Hands[p]) {
			if x == Aristocrat || x.IsAction() {
				s.Hands[p] = Without(s.Hands[p], x)
				s.Discard = append(s.Discard, x)
			}
		}
		s.CheckDead()
		return
	}
	s.play(ag, p, c)
	s.CheckDead()
}

// play moves card c from p's hand onto the pile and carries out its
// effect: the Monkey's is that of the last Action card played, and an
// Action card played becomes that card.
func (s *State) play(ag Agent, p int, c Card) {
	s.Hands[p] = Without(s.Hands[p], c)
	s.Discard = append(s.Discard, c)
	eff := c
	if c == Monkey {
		eff = s.Last
	} else if c.IsAction() {
		s.Last = c
	}
	s.act(ag, p, c, eff)
}
