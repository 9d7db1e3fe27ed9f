package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// drawProblem is a random problem shaped like Murder By The Deck's tracker
// problems: players' initial hands, draws of one card each in time order,
// what is left of the draw pile; in gens pile generations (the cards of a
// generation go only to its draws and its pile; the first has the hands).
// It is built around a random world, so that it has one: a discard says
// a card is in one of the holders its player had up to then, a hand
// "holds one of" a few cards, a draw holds none of a few. It returns the
// problem and the reverse time order the tracker gives the counter.
func drawProblem(rng *rand.Rand, players, hand, draws, left, gens int) (*Problem, []Holder) {
	var specs []HolderSpec
	var cards []string
	type holder struct{ player, gen, time int }
	var hs []holder
	world := []Holder{}
	for p := range players {
		specs = append(specs, HolderSpec{Name: fmt.Sprintf("hand%d", p), Size: Exactly(hand)})
		hs = append(hs, holder{p, 0, -1})
	}
	var slots [][]Holder // per generation: its draws
	for g := range gens {
		var gs []Holder
		for d := range draws {
			h := Holder(len(specs))
			specs = append(specs, HolderSpec{Name: fmt.Sprintf("draw%d.%d", g, d), Size: Exactly(1)})
			hs = append(hs, holder{rng.IntN(players), g, d})
			gs = append(gs, h)
		}
		pile := Holder(len(specs))
		specs = append(specs, HolderSpec{Name: fmt.Sprintf("pile%d", g), Size: Exactly(left)})
		hs = append(hs, holder{-1, g, draws})
		slots = append(slots, gs)
		// The generation's cards, dealt to its holders at random.
		var own []Holder
		if g == 0 {
			for p := range players {
				for range hand {
					own = append(own, Holder(p))
				}
			}
		}
		own = append(own, gs...)
		for range left {
			own = append(own, pile)
		}
		rng.Shuffle(len(own), func(i, j int) { own[i], own[j] = own[j], own[i] })
		for _, h := range own {
			cards = append(cards, fmt.Sprintf("c%d", len(cards)))
			world = append(world, h)
		}
		_ = pile
	}
	m, err := NewModel(cards, specs)
	if err != nil {
		panic(err)
	}
	genOf := func(c int) int { return hs[world[c]].gen }
	for c := range cards {
		var allowed []Holder
		for h, x := range hs {
			if x.gen == genOf(c) {
				allowed = append(allowed, Holder(h))
			}
		}
		if err := m.Restrict(Card(c), allowed...); err != nil {
			panic(err)
		}
	}
	pr := NewProblem(m)
	add := func(label string, k Constraint) {
		if _, err := pr.Add(Observation{Label: label, Constraints: []Constraint{k}}); err != nil {
			panic(err)
		}
	}
	// owned are the holders of p in generation g up to time t.
	owned := func(p, g, t int) []Holder {
		var out []Holder
		for h, x := range hs {
			if x.player == p && x.gen == g && x.time < t {
				out = append(out, Holder(h))
			}
		}
		return out
	}
	for c := range cards {
		x := hs[world[c]]
		if x.player < 0 || rng.IntN(3) == 0 {
			continue // in the pile, or not discarded
		}
		t := x.time + 1 + rng.IntN(draws-x.time)
		k := Constraint{Op: Eq, Bound: 1}
		for _, h := range owned(x.player, x.gen, t) {
			k.Terms = append(k.Terms, Term{Coef: 1, Lit: Lit{Card(c), h}})
		}
		add(fmt.Sprintf("discard c%d", c), k)
	}
	for range rng.IntN(3) {
		// A hand holds one of a few cards of the first generation.
		p := rng.IntN(players)
		k := Constraint{Op: Ge, Bound: 1}
		var in []int
		for c := range cards {
			if genOf(c) == 0 && hs[world[c]].player == p && rng.IntN(2) == 0 {
				in = append(in, c)
			}
		}
		if len(in) == 0 {
			continue
		}
		for c := range cards {
			if genOf(c) == 0 && (slices.Contains(in, c) || rng.IntN(3) == 0) {
				for _, h := range owned(p, 0, draws) {
					k.Terms = append(k.Terms, Term{Coef: 1, Lit: Lit{Card(c), h}})
				}
			}
		}
		add(fmt.Sprintf("hand%d holds one", p), k)
	}
	for range rng.IntN(3) {
		// A draw holds none of a few cards.
		g := rng.IntN(gens)
		h := slots[g][rng.IntN(draws)]
		k := Constraint{Op: Eq, Bound: 0}
		for c := range cards {
			if genOf(c) == g && world[c] != h && rng.IntN(3) == 0 {
				k.Terms = append(k.Terms, Term{Coef: 1, Lit: Lit{Card(c), h}})
			}
		}
		if len(k.Terms) > 0 {
			add(fmt.Sprintf("draw %d none", h), k)
		}
	}
	// The tracker's order: generations from the newest, each its pile,
	// its draws from the latest, and (the first) the hands.
	var order []Holder
	for g := gens - 1; g >= 0; g-- {
		for t := draws; t >= -1; t-- {
			for h, x := range hs {
				if x.gen == g && x.time == t {
					order = append(order, Holder(h))
				}
			}
		}
	}
	return pr, order
}

// TestWithOrderMatchesBrute checks that a layer order given with WithOrder
// changes no answer on small problems of Murder By The Deck's shape (and
// on the usual random problems, with a random order): every answer against
// the brute-force oracle.
func TestWithOrderMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	checked, constrained := 0, 0
	for range 40 {
		p, order := drawProblem(rng, 2, 1+rng.IntN(2), 2+rng.IntN(2), rng.IntN(2), 1)
		if p.Model().NumCards() > 7 {
			continue
		}
		checkAgainstBrute(t, rng, p, WithOrder(order...))
		checked++
		if len(p.Observations()) >= 2 {
			constrained++
		}
	}
	require.GreaterOrEqual(t, checked, 20, "problems of the tracker's shape checked")
	require.GreaterOrEqual(t, constrained, 10, "of them, with two observations or more")
	for range 300 {
		p := randomCountProblem(rng, 6, 4)
		order := make([]Holder, 0, 5)
		for _, h := range rng.Perm(p.Model().NumHolders()) {
			order = append(order, Holder(h))
		}
		checkAgainstBrute(t, rng, p, WithOrder(order[:rng.IntN(len(order)+1)]...))
	}
}

// TestWithOrderSameCounts checks, on larger problems of Murder By The
// Deck's shape (too large for brute force), that the tracker's order gives
// the counts, marginals and contents of the counter's own order.
func TestWithOrderSameCounts(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(13, 14))
	for it := range 60 {
		p, order := drawProblem(rng, 2+rng.IntN(3), 1+rng.IntN(3), 3+rng.IntN(8), rng.IntN(3), 1+rng.IntN(3))
		own, hinted := NewCounter(p), NewCounter(p, WithOrder(order...))
		want, err := own.Marginals(ctx)
		require.NoError(t, err)
		got, err := hinted.Marginals(ctx)
		require.NoError(t, err)
		require.Positive(t, got.Total.Sign(), "problem %d has a world", it)
		require.Zero(t, want.Total.Cmp(got.Total), "problem %d", it)
		m := p.Model()
		for c := range m.NumCards() {
			for h := range m.NumHolders() {
				require.Zero(t, want.Count(Card(c), Holder(h)).Cmp(got.Count(Card(c), Holder(h))), "problem %d, card %d, holder %d", it, c, h)
			}
		}
		h := order[len(order)-1] // a hand
		wc, err := own.Contents(ctx, h)
		require.NoError(t, err)
		gc, err := hinted.Contents(ctx, h)
		require.NoError(t, err)
		require.Equal(t, fmt.Sprint(wc), fmt.Sprint(gc), "problem %d, contents of %d", it, h)
		w, err := hinted.Sample(ctx, rng)
		require.NoError(t, err)
		v, deal := p.Check(w)
		require.True(t, deal)
		require.Nil(t, v)
	}
}
