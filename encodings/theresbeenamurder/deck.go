package theresbeenamurder

import (
	"math/rand/v2"
	"slices"
)

// The deck's positions fall into exchangeability groups, which the
// tracker uses to keep its sampled histories alive when the seat sees a
// card of the deck:
//
//   - group 0 is the set-up: the positions of the deck never shuffled since
//     the deal, and the removed cards. Its cards have never been seen by
//     the seat nor acted on, so any arrangement of them over these
//     positions with the Murderer in a top-part position and the Detective
//     in a bottom-part one (neither removed) is equally likely;
//   - group k (k ≥ 1) is the deck after its k-th shuffle: any arrangement
//     of its cards over its positions is equally likely;
//   - -1 is a position whose card is known or came from a hand (the
//     Butler's top card, the Seer's look, a card put under the deck by the
//     Nun): it never moves.
//
// Redrawing a group's arrangement uniformly (refresh) leaves the
// distribution of hidden histories unchanged; conditioning a position on
// the card the seat sees there multiplies a history's weight by that
// card's chance of being there.

// deckRemove takes the card at position i out of the deck.
func (s *State) deckRemove(i int) Card {
	c := s.Deck[i]
	s.Deck = slices.Delete(s.Deck, i, i+1)
	s.Grp = slices.Delete(s.Grp, i, i+1)
	s.Top = slices.Delete(s.Top, i, i+1)
	return c
}

// deckAppend puts c at the bottom of the deck, where it never moves until
// a shuffle.
func (s *State) deckAppend(c Card) {
	s.Deck = append(s.Deck, c)
	s.Grp = append(s.Grp, -1)
	s.Top = append(s.Top, false)
}

// shuffleDeck shuffles the deck: its positions make a new group.
func (s *State) shuffleDeck(ag agent) {
	ag.shuffle(s.Deck)
	s.shuffles++
	for i := range s.Grp {
		s.Grp[i] = s.shuffles
		s.Top[i] = false
	}
}

// groupCards are the positions of group g: deck positions (as indices),
// then the removed cards (as -1-index) for group 0.
func (s *State) groupSlots(g int) []int {
	var out []int
	for i, x := range s.Grp {
		if x == g {
			out = append(out, i)
		}
	}
	if g == 0 {
		for i := range s.Removed {
			out = append(out, -1-i)
		}
	}
	return out
}

func (s *State) at(slot int) Card {
	if slot < 0 {
		return s.Removed[-1-slot]
	}
	return s.Deck[slot]
}

func (s *State) set(slot int, c Card) {
	if slot < 0 {
		s.Removed[-1-slot] = c
	} else {
		s.Deck[slot] = c
	}
}

// allows reports whether card c may lie at position slot of group 0.
func (s *State) allows(slot int, c Card) bool {
	switch c {
	case Murderer:
		return slot >= 0 && s.Top[slot]
	case Detective:
		return slot >= 0 && !s.Top[slot]
	}
	return true
}

// refresh redraws the arrangement of group g over its positions, except
// the positions in keep, uniformly among the allowed ones.
func (s *State) refresh(g int, keep int, rng *rand.Rand) bool {
	var slots []int
	var cards []Card
	for _, sl := range s.groupSlots(g) {
		if sl == keep {
			continue
		}
		slots = append(slots, sl)
		cards = append(cards, s.at(sl))
	}
	free := slices.Clone(slots)
	take := func(c Card) bool {
		var ok []int
		for i, sl := range free {
			if g != 0 || s.allows(sl, c) {
				ok = append(ok, i)
			}
		}
		if len(ok) == 0 {
			return false
		}
		i := ok[rng.IntN(len(ok))]
		s.set(free[i], c)
		free = slices.Delete(free, i, i+1)
		return true
	}
	var rest []Card
	for _, c := range cards {
		if g == 0 && (c == Murderer || c == Detective) {
			if !take(c) {
				return false
			}
			continue
		}
		rest = append(rest, c)
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for i, sl := range free {
		s.set(sl, rest[i])
	}
	return true
}

// condition makes card c lie at deck position i, if c is in the same
// group, rearranging the rest of the group at random; it returns the
// chance that c lay there (0 when it cannot).
func (s *State) condition(i int, c Card, rng *rand.Rand) float64 {
	g := s.Grp[i]
	if g < 0 || s.Deck[i] == c {
		if s.Deck[i] == c {
			if g < 0 {
				return 1
			}
			return s.chance(i, c)
		}
		return 0
	}
	slots := s.groupSlots(g)
	j := slices.IndexFunc(slots, func(sl int) bool { return s.at(sl) == c })
	if j < 0 {
		return 0
	}
	p := s.chance(i, c)
	if p == 0 {
		return 0
	}
	// c to position i; the card there to c's old place; then redraw the
	// others (which puts the Murderer or Detective right again).
	old := s.Deck[i]
	s.set(slots[j], old)
	s.Deck[i] = c
	if !s.refresh(g, i, rng) {
		return 0
	}
	return p
}

// chance is the chance that position i of its group holds c, all
// allowed arrangements of the group being equally likely.
func (s *State) chance(i int, c Card) float64 {
	g := s.Grp[i]
	slots := s.groupSlots(g)
	if g != 0 {
		return 1 / float64(len(slots))
	}
	t, b, r := s.groupShape(slots)
	var m, d int
	for _, sl := range slots {
		switch s.at(sl) {
		case Murderer:
			m = 1
		case Detective:
			d = 1
		}
	}
	return groupChance(s.Top[i], c, t, b, r, m, d)
}

// groupShape counts the set-up group's slots among slots: t top-part and
// b other deck positions, r removed slots (hand slots are not counted).
func (s *State) groupShape(slots []int) (t, b, r int) {
	for _, sl := range slots {
		switch {
		case sl >= 1000:
		case sl < 0:
			r++
		case s.Top[sl]:
			t++
		default:
			b++
		}
	}
	return t, b, r
}

// groupChance is the chance that a position of the set-up group, in its
// top part when top, holds c, all allowed arrangements being equally
// likely: the group has t top-part and b other deck positions and r
// removed slots, and m and d say (1 or 0) whether the Murderer and the
// Detective are among its cards.
func groupChance(top bool, c Card, t, b, r, m, d int) float64 {
	others := float64(t + b + r - m - d)
	switch {
	case c == Murderer:
		if !top {
			return 0
		}
		return float64(m) / float64(t)
	case c == Detective:
		if top {
			return 0
		}
		return float64(d) / float64(b)
	case top:
		return (1 - float64(m)/float64(t)) / others
	}
	return (1 - float64(d)/float64(b)) / others
}

// Virgin hands. A player's two dealt cards, before the rules have read
// them in any way (a play, a choice, a card passed in or out, the Hound),
// have told the seat nothing but that they are neither the Drunk (it
// would have been announced) nor the Blackmailer with the Detective (they
// would have been revealed). They are exchangeable with the set-up
// group's cards, under those rules and the deal's (the Murderer dealt
// from a top-part position, the Detective from a bottom-part one).

// handSlot encodes card k of player p's hand as a slot.
func handSlot(p, k int) int { return 1000 + 2*p + k }

// virginSlots are the set-up group's positions and the virgin hands'.
func (s *State) virginSlots() []int { return s.appendVirginSlots(nil) }

// appendVirginSlots appends the virgin slots (virginSlots) to out.
func (s *State) appendVirginSlots(out []int) []int {
	out = slices.Grow(out, len(s.Deck)+len(s.Removed)+2*len(s.Virgin))
	for i, x := range s.Grp {
		if x == 0 {
			out = append(out, i)
		}
	}
	for i := range s.Removed {
		out = append(out, -1-i)
	}
	for p, v := range s.Virgin {
		if v {
			out = append(out, handSlot(p, 0), handSlot(p, 1))
		}
	}
	return out
}

func (s *State) vat(slot int) Card {
	if slot >= 1000 {
		return s.Hands[(slot-1000)/2][(slot-1000)%2]
	}
	return s.at(slot)
}

func (s *State) vset(slot int, c Card) {
	if slot >= 1000 {
		s.Hands[(slot-1000)/2][(slot-1000)%2] = c
		return
	}
	s.set(slot, c)
}

// vallows reports whether c may lie at slot of the virgin group.
func (s *State) vallows(slot int, c Card) bool {
	if slot < 1000 {
		return s.allows(slot, c)
	}
	p, k := (slot-1000)/2, (slot-1000)%2
	top := s.Cfg.DealPosition(p, k) < s.Cfg.TopSize()
	switch c {
	case Murderer:
		return top
	case Detective:
		return !top
	case Drunk:
		return false
	}
	return true
}

// refreshVirgin redraws the set-up group and the virgin hands together,
// uniformly among the arrangements the rules allow; it reports false
// (leaving s as it was) when it finds none in its tries.
func (s *State) refreshVirgin(rng *rand.Rand) bool {
	slots := s.virginSlots()
	cards := make([]Card, len(slots))
	for i, sl := range slots {
		cards[i] = s.vat(sl)
	}
	// Rejection: a uniformly random arrangement, kept when the rules
	// allow it, is uniform among the allowed ones.
	perm := slices.Clone(cards)
	for range 400 {
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		good := true
		for i, sl := range slots {
			if !s.vallows(sl, perm[i]) {
				good = false
				break
			}
		}
		if !good {
			continue
		}
		for i, sl := range slots {
			s.vset(sl, perm[i])
		}
		for p, v := range s.Virgin {
			if v && has(s.Hands[p], Blackmailer) && has(s.Hands[p], Detective) {
				good = false
			}
		}
		if good {
			return true
		}
	}
	for i, sl := range slots {
		s.vset(sl, cards[i])
	}
	return false
}

// anyVirgin reports whether any hand is virgin.
func (s *State) anyVirgin() bool { return slices.Contains(s.Virgin, true) }

// slotOf is the deck position or removed slot of c (-1000 when neither).
func (s *State) slotOf(c Card) int {
	if i := slices.Index(s.Deck, c); i >= 0 {
		return i
	}
	if i := slices.Index(s.Removed, c); i >= 0 {
		return -1 - i
	}
	return -1000
}
