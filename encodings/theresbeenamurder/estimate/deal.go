package estimate

import (
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// dealPin is what the set-up's lines say another player was dealt: the
// engine.Drunk they announced, or the engine.Detective and the engine.Blackmailer they revealed
// ("You must announce that you have this card when it enters your hand";
// "If you also have the engine.Detective, reveal both cards to the table").
type dealPin struct {
	p     int
	cards []engine.Card
}

// setupPins are the deal pins the set-up's events obs tell the seat: the
// cards other players announced or revealed as they were dealt them.
func setupPins(obs []engine.Event, seat int) []dealPin {
	var pins []dealPin
	add := func(p int, cs ...engine.Card) {
		for i := range pins {
			if pins[i].p == p {
				for _, c := range cs {
					if !slices.Contains(pins[i].cards, c) {
						pins[i].cards = append(pins[i].cards, c)
					}
				}
				return
			}
		}
		pins = append(pins, dealPin{p, slices.Clone(cs)})
	}
	for _, e := range obs {
		if e.P == seat || e.P < 0 {
			continue
		}
		switch {
		case e.Kind == engine.EvAnnounce && e.Card == engine.Drunk:
			add(e.P, engine.Drunk)
		case e.Kind == engine.EvReveal && slices.Contains(e.Cards, engine.Blackmailer) && slices.Contains(e.Cards, engine.Detective):
			add(e.P, engine.Detective, engine.Blackmailer)
		}
	}
	return pins
}

// sampleDeal draws a set-up uniformly among those that deal hand to seat
// and each pin's cards to its player: the deck before the deal (top first)
// and the removed cards. It reports false when no set-up does. The
// engine.Murderer lies in the deck's top part and the engine.Detective in its bottom
// part; every other card anywhere, the removed cards included. So the
// set-ups that put the seat's and the pins' cards on given deal positions
// number, up to a factor common to all, the free places of the top part
// (for the engine.Murderer, when no hand holds it) times those of the bottom part
// (for the engine.Detective): each way of putting the known cards on their
// players' two positions is drawn with that weight (DealWeights), and the
// rest at random.
func sampleDeal(cfg *engine.Config, seat int, hand []engine.Card, pins []dealPin, rng *rand.Rand) (deck, removed []engine.Card, ok bool) {
	ways := dealWays(cfg, seat, hand, pins)
	total := 0
	for _, w := range ways {
		total += w.n
	}
	if total == 0 {
		return nil, nil, false
	}
	x := rng.IntN(total)
	var way dealWay
	for _, w := range ways {
		if x -= w.n; x < 0 {
			way = w
			break
		}
	}
	n, top := cfg.DeckSize(), cfg.TopSize()
	deck = make([]engine.Card, n)
	for pos, c := range way.at {
		deck[pos] = c
	}
	place := func(c engine.Card, lo, hi int) {
		var free []int
		for p := lo; p < hi; p++ {
			if deck[p] == 0 {
				free = append(free, p)
			}
		}
		deck[free[rng.IntN(len(free))]] = c
	}
	if !slices.Contains(deck, engine.Murderer) {
		place(engine.Murderer, 0, top)
	}
	if !slices.Contains(deck, engine.Detective) {
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

// dealWay is one way of putting the known cards (the seat's hand, the
// pins') on deal positions, and its weight: the set-ups that complete it.
type dealWay struct {
	at map[int]engine.Card
	n  int
}

// dealWays lists the ways of putting the seat's hand and the pins' cards
// on their players' deal positions, each with the number of set-ups (up
// to a common factor) that complete it (see sampleDeal).
func dealWays(cfg *engine.Config, seat int, hand []engine.Card, pins []dealPin) []dealWay {
	if len(hand) != 2 || hand[0] == hand[1] {
		return nil
	}
	top, n := cfg.TopSize(), cfg.DeckSize()
	ok := func(c engine.Card, p int) bool {
		return (c != engine.Murderer || p < top) && (c != engine.Detective || p >= top)
	}
	groups := append([]dealPin{{seat, hand}}, pins...)
	var ways []dealWay
	var rec func(g int, at map[int]engine.Card)
	rec = func(g int, at map[int]engine.Card) {
		if g == len(groups) {
			freeTop, freeBot := top, n-top
			for pos := range at {
				if pos < top {
					freeTop--
				} else {
					freeBot--
				}
			}
			k := 1
			placed := func(c engine.Card) bool {
				for _, x := range at {
					if x == c {
						return true
					}
				}
				return false
			}
			if !placed(engine.Murderer) {
				k *= freeTop
			}
			if !placed(engine.Detective) {
				k *= freeBot
			}
			if k > 0 {
				ways = append(ways, dealWay{maps.Clone(at), k})
			}
			return
		}
		pin := groups[g]
		if pin.p < 0 || pin.p >= cfg.Players || len(pin.cards) == 0 || len(pin.cards) > 2 {
			return
		}
		pos := [2]int{cfg.DealPosition(pin.p, 0), cfg.DealPosition(pin.p, 1)}
		for _, c := range pin.cards {
			for _, x := range at {
				if x == c {
					return // a card pinned twice: no set-up
				}
			}
		}
		try := func(a, b engine.Card) {
			if (a != 0 && !ok(a, pos[0])) || (b != 0 && !ok(b, pos[1])) {
				return
			}
			if _, taken := at[pos[0]]; taken {
				return
			}
			if _, taken := at[pos[1]]; taken {
				return
			}
			next := maps.Clone(at)
			if a != 0 {
				next[pos[0]] = a
			}
			if b != 0 {
				next[pos[1]] = b
			}
			rec(g+1, next)
		}
		if len(pin.cards) == 2 {
			try(pin.cards[0], pin.cards[1])
			try(pin.cards[1], pin.cards[0])
		} else {
			try(pin.cards[0], 0)
			try(0, pin.cards[0])
		}
	}
	rec(0, map[int]engine.Card{})
	return ways
}

// DealWeights are the numbers of set-ups (up to a common factor) in which
// seat is dealt hand in each order: hand[0] first, or hand[1] first (the
// two ways of dealWays with no pins).
func DealWeights(cfg *engine.Config, seat int, hand []engine.Card) (w [2]int) {
	for _, way := range dealWays(cfg, seat, hand, nil) {
		if way.at[cfg.DealPosition(seat, 0)] == hand[0] {
			w[0] = way.n
		} else {
			w[1] = way.n
		}
	}
	return w
}
