package estimate

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestSampleDealPinned checks the deal sampler with pins against the
// exact law: on a deck of 8 cards, every arrangement engine.RandomDeal can make
// (the engine.Murderer in the top part, the engine.Detective in the bottom part, each
// such arrangement equally likely) is listed, those that give the seat
// its hand and each pinned player its cards kept, and every card's share
// of every deck position (and of the removed cards) among them set
// against the sampler's draws: within 4 binomial standard errors.
func TestSampleDealPinned(t *testing.T) {
	cfg := &engine.Config{Players: 3, Cards: []engine.Card{engine.Murderer, engine.Detective, engine.Stranger, engine.Witness, engine.Monkey, engine.Drunk, engine.Blackmailer, engine.Aristocrat}, Removed: 1}
	hand := []engine.Card{engine.Stranger, engine.Monkey}
	n, top := cfg.DeckSize(), cfg.TopSize()
	holds := func(deck []engine.Card, p int, cs []engine.Card) bool {
		h := []engine.Card{deck[cfg.DealPosition(p, 0)], deck[cfg.DealPosition(p, 1)]}
		for _, c := range cs {
			if !slices.Contains(h, c) {
				return false
			}
		}
		return true
	}
	for _, pins := range [][]dealPin{
		nil,
		{{1, []engine.Card{engine.Drunk}}},
		{{2, []engine.Card{engine.Detective, engine.Blackmailer}}},
		{{1, []engine.Card{engine.Drunk}}, {2, []engine.Card{engine.Detective, engine.Blackmailer}}},
	} {
		// The exact shares: every arrangement, the last place the removed card.
		want, kept := map[[2]int]int{}, 0
		var perm func(k int, cs []engine.Card)
		perm = func(k int, cs []engine.Card) {
			if k == len(cs) {
				deck := cs[:n]
				if m, d := slices.Index(deck, engine.Murderer), slices.Index(deck, engine.Detective); m < 0 || m >= top || d < top {
					return
				}
				ok := holds(deck, 0, hand)
				for _, pin := range pins {
					ok = ok && holds(deck, pin.p, pin.cards)
				}
				if ok {
					kept++
					for p, c := range cs {
						want[[2]int{int(c), p}]++
					}
				}
				return
			}
			for i := k; i < len(cs); i++ {
				cs[k], cs[i] = cs[i], cs[k]
				perm(k+1, cs)
				cs[k], cs[i] = cs[i], cs[k]
			}
		}
		perm(0, slices.Clone(cfg.Cards))
		rng := rand.New(rand.NewPCG(1, 2))
		got, draws := map[[2]int]int{}, 20000
		for range draws {
			deck, removed, ok := sampleDeal(cfg, 0, hand, pins, rng)
			if !ok {
				t.Fatalf("pins %v: no set-up", pins)
			}
			for p, c := range append(slices.Clone(deck), removed...) {
				got[[2]int{int(c), p}]++
			}
		}
		for _, c := range cfg.Cards {
			for p := range n + 1 {
				f := float64(want[[2]int{int(c), p}]) / float64(kept)
				g := float64(got[[2]int{int(c), p}]) / float64(draws)
				se := math.Sqrt(f*(1-f)/float64(draws) + 1e-8)
				if math.Abs(f-g) > 4*se {
					t.Errorf("pins %v: %v at position %d: sampler %.4f, exact %.4f (%d arrangements)", pins, c, p, g, f, kept)
				}
			}
		}
	}
}
