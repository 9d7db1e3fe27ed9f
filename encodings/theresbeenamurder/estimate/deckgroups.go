package estimate

import (
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// groupCards are the positions of group g: deck positions (as indices),
// then the removed cards (as -1-index) for group 0.
func groupSlots(s *engine.State, g int) []int {
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

func at(s *engine.State, slot int) engine.Card {
	if slot < 0 {
		return s.Removed[-1-slot]
	}
	return s.Deck[slot]
}

func set(s *engine.State, slot int, c engine.Card) {
	if slot < 0 {
		s.Removed[-1-slot] = c
	} else {
		s.Deck[slot] = c
	}
}

// allows reports whether card c may lie at position slot of group 0.
func allows(s *engine.State, slot int, c engine.Card) bool {
	switch c {
	case engine.Murderer:
		return slot >= 0 && s.Top[slot]
	case engine.Detective:
		return slot >= 0 && !s.Top[slot]
	}
	return true
}

// refresh redraws the arrangement of group g over its positions, except
// the positions in keep, uniformly among the allowed ones.
func refresh(s *engine.State, g int, keep int, rng *rand.Rand) bool {
	var slots []int
	var cards []engine.Card
	for _, sl := range groupSlots(s, g) {
		if sl == keep {
			continue
		}
		slots = append(slots, sl)
		cards = append(cards, at(s, sl))
	}
	free := slices.Clone(slots)
	take := func(c engine.Card) bool {
		var ok []int
		for i, sl := range free {
			if g != 0 || allows(s, sl, c) {
				ok = append(ok, i)
			}
		}
		if len(ok) == 0 {
			return false
		}
		i := ok[rng.IntN(len(ok))]
		set(s, free[i], c)
		free = slices.Delete(free, i, i+1)
		return true
	}
	var rest []engine.Card
	for _, c := range cards {
		if g == 0 && (c == engine.Murderer || c == engine.Detective) {
			if !take(c) {
				return false
			}
			continue
		}
		rest = append(rest, c)
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for i, sl := range free {
		set(s, sl, rest[i])
	}
	return true
}

// condition makes card c lie at deck position i, if c is in the same
// group, rearranging the rest of the group at random; it returns the
// chance that c lay there (0 when it cannot).
func condition(s *engine.State, i int, c engine.Card, rng *rand.Rand) float64 {
	g := s.Grp[i]
	if g < 0 || s.Deck[i] == c {
		if s.Deck[i] == c {
			if g < 0 {
				return 1
			}
			return chance(s, i, c)
		}
		return 0
	}
	slots := groupSlots(s, g)
	j := slices.IndexFunc(slots, func(sl int) bool { return at(s, sl) == c })
	if j < 0 {
		return 0
	}
	p := chance(s, i, c)
	if p == 0 {
		return 0
	}
	// c to position i; the card there to c's old place; then redraw the
	// others (which puts the Murderer or Detective right again).
	old := s.Deck[i]
	set(s, slots[j], old)
	s.Deck[i] = c
	if !refresh(s, g, i, rng) {
		return 0
	}
	return p
}

// chance is the chance that position i of its group holds c, all
// allowed arrangements of the group being equally likely.
func chance(s *engine.State, i int, c engine.Card) float64 {
	g := s.Grp[i]
	slots := groupSlots(s, g)
	if g != 0 {
		return 1 / float64(len(slots))
	}
	t, b, r := groupShape(s, slots)
	var m, d int
	for _, sl := range slots {
		switch at(s, sl) {
		case engine.Murderer:
			m = 1
		case engine.Detective:
			d = 1
		}
	}
	return groupChance(s.Top[i], c, t, b, r, m, d)
}

// groupShape counts the set-up group's slots among slots: t top-part and
// b other deck positions, r removed slots (hand slots are not counted).
func groupShape(s *engine.State, slots []int) (t, b, r int) {
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
func groupChance(top bool, c engine.Card, t, b, r, m, d int) float64 {
	others := float64(t + b + r - m - d)
	switch {
	case c == engine.Murderer:
		if !top {
			return 0
		}
		return float64(m) / float64(t)
	case c == engine.Detective:
		if top {
			return 0
		}
		return float64(d) / float64(b)
	case top:
		return (1 - float64(m)/float64(t)) / others
	}
	return (1 - float64(d)/float64(b)) / others
}

// handSlot encodes card k of player p's hand as a slot.
func handSlot(p, k int) int { return 1000 + 2*p + k }

// virginSlots are the set-up group's positions and the virgin hands'.
func virginSlots(s *engine.State) []int { return appendVirginSlots(s, nil) }

// appendVirginSlots appends the virgin slots (virginSlots) to out.
func appendVirginSlots(s *engine.State, out []int) []int {
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

func vat(s *engine.State, slot int) engine.Card {
	if slot >= 1000 {
		return s.Hands[(slot-1000)/2][(slot-1000)%2]
	}
	return at(s, slot)
}

func vset(s *engine.State, slot int, c engine.Card) {
	if slot >= 1000 {
		s.Hands[(slot-1000)/2][(slot-1000)%2] = c
		return
	}
	set(s, slot, c)
}

// vallows reports whether c may lie at slot of the virgin group.
func vallows(s *engine.State, slot int, c engine.Card) bool {
	if slot < 1000 {
		return allows(s, slot, c)
	}
	p, k := (slot-1000)/2, (slot-1000)%2
	top := s.Cfg.DealPosition(p, k) < s.Cfg.TopSize()
	switch c {
	case engine.Murderer:
		return top
	case engine.Detective:
		return !top
	case engine.Drunk:
		return false
	}
	return true
}

// refreshVirgin redraws the set-up group and the virgin hands together,
// uniformly among the arrangements the rules allow; it reports false
// (leaving s as it was) when it finds none in its tries.
func refreshVirgin(s *engine.State, rng *rand.Rand) bool {
	slots := virginSlots(s)
	cards := make([]engine.Card, len(slots))
	for i, sl := range slots {
		cards[i] = vat(s, sl)
	}
	// Rejection: a uniformly random arrangement, kept when the rules
	// allow it, is uniform among the allowed ones.
	perm := slices.Clone(cards)
	for range 400 {
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		good := true
		for i, sl := range slots {
			if !vallows(s, sl, perm[i]) {
				good = false
				break
			}
		}
		if !good {
			continue
		}
		for i, sl := range slots {
			vset(s, sl, perm[i])
		}
		for p, v := range s.Virgin {
			if v && engine.Has(s.Hands[p], engine.Blackmailer) && engine.Has(s.Hands[p], engine.Detective) {
				good = false
			}
		}
		if good {
			return true
		}
	}
	for i, sl := range slots {
		vset(s, sl, cards[i])
	}
	return false
}

// anyVirgin reports whether any hand is virgin.
func anyVirgin(s *engine.State) bool { return slices.Contains(s.Virgin, true) }

// slotOf is the deck position or removed slot of c (-1000 when neither).
func slotOf(s *engine.State, c engine.Card) int {
	if i := slices.Index(s.Deck, c); i >= 0 {
		return i
	}
	if i := slices.Index(s.Removed, c); i >= 0 {
		return -1 - i
	}
	return -1000
}
