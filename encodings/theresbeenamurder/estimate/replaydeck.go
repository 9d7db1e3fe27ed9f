package estimate

import (
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Look conditions a deck position the seat is about to see on the card
// its line says is there, and redraws the group of a position another
// player is about to draw.
func (a *enumAgent) Look(s *engine.State, i, who int, why engine.Site) {
	seat := a.t.Seat
	if who != seat && who != -1 {
		if why == engine.SiteSecretary {
			// The other player's pick, named by the play's line: when
			// soft, one of the deck's soft cards, chosen at random, is
			// relabelled, the weight multiplied by their number (see
			// soft.go).
			if a.idx < len(a.t.Obs) && a.t.Obs[a.idx].Kind == engine.EvPlay {
				arg := a.t.Obs[a.idx].Arg
				if arg != 0 && !a.soft().Has(arg) && !tryInDeck(s, arg, Tries, &a.w, a.rng) {
					// A card the lines named before must be in the deck:
					// when it lies in the set-up group or a virgin hand,
					// those are redrawn with it in the deck (tryInDeck).
					a.w = 0
					panic(abort{})
				}
				a.relabelDeck(s, arg)
			}
			return
		}
		g := s.Grp[i]
		if g < 0 {
			return
		}
		redraw := func() bool { return refresh(s, g, -100, a.rng) }
		x := engine.Card(0)
		if why == engine.SiteDraw && who == s.Turn && len(s.Hands[who]) == 1 {
			x = a.expectedPlay(who)
		}
		if x == 0 || engine.Has(s.Hands[who], x) || x == engine.Aristocrat || a.soft().Has(x) {
			if !redraw() {
				a.w = 0
				panic(abort{})
			}
			return
		}
		a.tryUntil(s, redraw, func() bool { return s.Deck[i] == x })
		return
	}
	obs := a.t.Obs
	if why == engine.SiteSecretary {
		a.secretary(s)
		return
	}
	want := engine.Card(0)
	switch why {
	case engine.SiteDraw:
		if a.idx < len(obs) && obs[a.idx].Kind == engine.EvDraw {
			want = obs[a.idx].Card
		}
	case engine.SiteButler:
		if a.idx < len(obs) && obs[a.idx].Kind == engine.EvPlay {
			want = obs[a.idx].Arg
		}
	case engine.SiteDriver0, engine.SiteDriver1, engine.SiteDriver2:
		k := int(why - engine.SiteDriver0)
		if a.idx < len(obs) && obs[a.idx].Kind == engine.EvSees && k < len(obs[a.idx].Cards) {
			want = obs[a.idx].Cards[k]
		}
	case engine.SiteSeer:
		if a.idx+1 < len(obs) && obs[a.idx+1].Kind == engine.EvSees && len(obs[a.idx+1].Cards) == 1 {
			want = obs[a.idx+1].Cards[0]
		}
	}
	if want == 0 {
		return // no line says: the events will be checked as they come
	}
	if want == a.playing() || !placed(s, want) {
		// The card the line puts in the deck is the one being played: it
		// is on the table.
		a.w = 0
		panic(abort{})
	}
	if a.soft().Has(want) {
		// Any soft card there will do (fix relabels it): make the position
		// hold one, the chance of that estimated by redraws of its group.
		// Every soft card of the position's group has the same chance to
		// be there (none is the Murderer or the Detective): condition on
		// one of them at random, weighing by their number.
		soft := a.soft()
		g := s.Grp[i]
		if g < 0 {
			if !soft.Has(s.Deck[i]) {
				a.w = 0
				panic(abort{})
			}
		} else {
			var cands []engine.Card
			for _, sl := range groupSlots(s, g) {
				if c := at(s, sl); soft.Has(c) {
					cands = append(cands, c)
				}
			}
			if len(cands) == 0 {
				a.w = 0
				panic(abort{})
			}
			p := condition(s, i, cands[a.rng.IntN(len(cands))], a.rng)
			a.w *= p * float64(len(cands))
			if a.w == 0 {
				panic(abort{})
			}
		}
		if why != engine.SiteDraw {
			swapCards(s, s.Deck[i], want)
			s.Grp[i] = -1
		}
		return
	}
	if s.Grp[i] == 0 && anyVirgin(s) {
		// The set-up group is exchangeable with the virgin hands: redraw
		// them together Tries times and weigh each redraw by the chance
		// of the card at position i given the hands' cards; the mean is
		// an unbiased estimate of the chance, and a redraw is kept in
		// proportion (tryDeck, which draws of each redraw only what the
		// chance reads).
		if !tryDeck(s, i, want, Tries, &a.w, a.rng) {
			a.w = 0
			panic(abort{})
		}
	}
	p := condition(s, i, want, a.rng)
	a.w *= p
	if a.w == 0 {
		panic(abort{})
	}
	s.Grp[i] = -1 // the seat knows this card now
}

// SecretaryTries is the number of redraws with which the tracker
// estimates the chance that the deck the seat's Secretary sees holds the
// cards its line lists (a rarer event than those Tries serves).
const SecretaryTries = 96

// secretary conditions the deck the seat's Secretary is about to see on
// its lines: the play's line names the card picked, the next the deck's
// cards. fix relabels the soft cards of the list; the others must be in
// the deck. When deck positions of the set-up group are among them, the
// set-up group and the virgin hands are redrawn SecretaryTries times and
// the share of redraws whose deck holds the listed cards that are not
// soft (an unbiased estimate of that chance) multiplies the weight; one
// such redraw is kept. The pick, when soft, is given to one of the deck's
// soft cards at random, the weight multiplied by their number (as for
// every soft card a line names first: see soft.go).
func (a *enumAgent) secretary(s *engine.State) {
	obs := a.t.Obs
	if a.idx+1 >= len(obs) || obs[a.idx].Kind != engine.EvPlay || obs[a.idx+1].Kind != engine.EvSees {
		return // no line says: the events will be checked as they come
	}
	arg, seen := obs[a.idx].Arg, obs[a.idx+1].Cards
	if len(seen) != len(s.Deck) {
		a.w = 0
		panic(abort{})
	}
	soft := a.soft()
	var want engine.CardSet
	for _, c := range seen {
		if !soft.Has(c) {
			want.Add(c)
		}
	}
	ok := func() bool {
		var got engine.CardSet
		for _, c := range s.Deck {
			if !soft.Has(c) {
				got.Add(c)
			}
		}
		return got == want
	}
	if slices.Contains(s.Grp, 0) {
		a.tryN(s, SecretaryTries, func() bool { return redrawVirgin(s, a.rng) }, ok)
	} else if !ok() {
		a.w = 0
		panic(abort{})
	}
	a.relabelDeck(s, arg)
}

// relabelDeck makes a soft card c that a line names as picked from the
// deck one of the deck's cards: one of the deck's soft cards, chosen at
// random, is relabelled c, the weight multiplied by their number.
func (a *enumAgent) relabelDeck(s *engine.State, c engine.Card) {
	soft := a.soft()
	if c == 0 || !soft.Has(c) {
		return
	}
	mine := softIn(s.Deck, soft)
	if len(mine) == 0 || c == a.playing() || !placed(s, c) {
		// No soft card of the deck to be c, or c is the card being
		// played (it is on the table, not in the deck).
		a.w = 0
		panic(abort{})
	}
	a.w *= float64(len(mine))
	swapCards(s, mine[a.rng.IntN(len(mine))], c)
}
