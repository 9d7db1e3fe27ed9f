package estimate

import (
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// DealWeights are the numbers of set-ups (up to a common factor) in which
// seat is dealt hand in each order: hand[0] first, or hand[1] first.
func DealWeights(cfg *engine.Config, seat int, hand []engine.Card) (w [2]int) {
	if len(hand) != 2 || hand[0] == hand[1] {
		return w
	}
	pos := [2]int{cfg.DealPosition(seat, 0), cfg.DealPosition(seat, 1)}
	top := cfg.TopSize()
	n := cfg.DeckSize()
	for o := range 2 {
		a, b := hand[o], hand[1-o]
		ok := func(c engine.Card, p int) bool {
			return (c != engine.Murderer || p < top) && (c != engine.Detective || p >= top)
		}
		if !ok(a, pos[0]) || !ok(b, pos[1]) {
			continue
		}
		freeTop, freeBot := top, n-top
		for _, p := range pos {
			if p < top {
				freeTop--
			} else {
				freeBot--
			}
		}
		k := 1
		if !slices.Contains(hand, engine.Murderer) {
			k *= freeTop
		}
		if !slices.Contains(hand, engine.Detective) {
			k *= freeBot
		}
		w[o] = k
	}
	return w
}

// sampleDeal draws a set-up uniformly among those that deal hand to seat:
// the deck before the deal (top first) and the removed cards. It reports
// false when no set-up deals that hand.
func sampleDeal(cfg *engine.Config, seat int, hand []engine.Card, rng *rand.Rand) (deck, removed []engine.Card, ok bool) {
	w := DealWeights(cfg, seat, hand)
	if w[0]+w[1] == 0 {
		return nil, nil, false
	}
	o := 0
	if rng.IntN(w[0]+w[1]) >= w[0] {
		o = 1
	}
	n, top := cfg.DeckSize(), cfg.TopSize()
	deck = make([]engine.Card, n)
	deck[cfg.DealPosition(seat, 0)] = hand[o]
	deck[cfg.DealPosition(seat, 1)] = hand[1-o]
	place := func(c engine.Card, lo, hi int) {
		var free []int
		for p := lo; p < hi; p++ {
			if deck[p] == 0 {
				free = append(free, p)
			}
		}
		deck[free[rng.IntN(len(free))]] = c
	}
	if !slices.Contains(hand, engine.Murderer) {
		place(engine.Murderer, 0, top)
	}
	if !slices.Contains(hand, engine.Detective) {
		place(engine.Detective, top, n)
	}
	var rest []engine.Card
	for _, c := range cfg.Cards {
		if !slices.Contains(deck, c) {
			rest = append(rest, c)
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	i := 0
	for p := range deck {
		if deck[p] == 0 {
			deck[p] = rest[i]
			i++
		}
	}
	return deck, rest[i:], true
}
