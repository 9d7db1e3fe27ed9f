package count

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVectorsWithSum checks the state bound against listing the vectors.
func TestVectorsWithSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		sizes := make([]int, rng.IntN(5))
		for j := range sizes {
			sizes[j] = rng.IntN(4)
		}
		lo, hi := rng.IntN(8)-1, rng.IntN(10)
		want := 0
		var rec func(j, sum int)
		rec = func(j, sum int) {
			if j == len(sizes) {
				if sum >= lo && sum <= hi {
					want++
				}
				return
			}
			for v := 0; v <= sizes[j]; v++ {
				rec(j+1, sum+v)
			}
		}
		rec(0, 0)
		require.Equal(t, float64(want), vectorsWithSum(sizes, lo, hi), "sizes %v, sum in [%d, %d]", sizes, lo, hi)
	}
}

// TestSearchOrder checks that the searched order is a permutation of the
// active holders that keeps the requested first and second holders in
// front, and that counts do not depend on it (the brute-force tests run
// with it; here the counts with and without it must agree).
func TestSearchOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for it := 0; it < 300; it++ {
		p := randomInput(rng, 8, 5)
		H := len(p.Sizes)
		first := Holder(rng.IntN(H))
		second := Holder(rng.IntN(H))
		cp, err := compile(t.Context(), p, layout{first: first, second: second, hasSecond: true})
		require.NoError(t, err)
		if cp.infeasible {
			continue
		}
		var order []Holder
		for _, l := range cp.layers {
			order = append(order, l.holder)
		}
		require.Len(t, slices.Compact(slices.Sorted(slices.Values(order))), len(order))
		if cp.holderLayer[first] >= 0 {
			require.Equal(t, first, order[0])
			if cp.holderLayer[second] >= 0 && second != first && len(order) > 2 {
				require.Equal(t, second, order[1])
			}
		}
		useOrderSearch = false
		want := marginalsOf(t, p)
		useOrderSearch = true
		got := marginalsOf(t, p)
		require.Zero(t, want.Total.Cmp(got.Total))
		for c := range p.Cards {
			for h := range H {
				require.Zero(t, want.Counts[c][h].Cmp(got.Counts[c][h]))
			}
		}
	}
}

// TestSearchOrderConstrainedEarly checks that a holder with one possible
// hand goes right after the first one, by the cap of the state bound by
// the hands of the holders before a layer. Every holder's constraint
// weighs every card differently, so that every card is a cell of its own
// and the bound without the cap cannot tell the holders apart: the search
// then takes them in index order and puts h4, the constrained one, last.
func TestSearchOrderConstrainedEarly(t *testing.T) {
	p := &Input{Cards: 12, Sizes: []Size{{2, 2}, {3, 3}, {3, 3}, {2, 2}, {2, 2}}}
	weighed := func(h Holder, op Op, bound int) Constraint {
		k := Constraint{Op: op, Bound: bound}
		for c := range 12 {
			k.Terms = append(k.Terms, Term{Coef: c + 1, Lit: Lit{Card(c), h}})
		}
		return k
	}
	for h := Holder(1); h <= 3; h++ {
		p.Constraints = append(p.Constraints, weighed(h, Le, 60))
	}
	// h4 holds c0 and c1: the only two cards whose weights add up to 3.
	p.Constraints = append(p.Constraints, weighed(4, Eq, 3))
	cp, err := compile(t.Context(), p, layout{first: 0})
	require.NoError(t, err)
	var order []Holder
	for _, l := range cp.layers {
		order = append(order, l.holder)
	}
	require.Equal(t, Holder(4), order[1], "order %v", order)
}
