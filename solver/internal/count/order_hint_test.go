package count

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHintedOrder checks the layer order an Input's Order gives: a
// permutation of the active holders, the requested first and second
// holders in front, then the hinted holders in the hint's order (holders
// unknown, listed twice or inactive passed over); and that it changes no
// answer: the marginals are those of the counter's own order and of the
// brute-force oracle.
func TestHintedOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for it := 0; it < 300; it++ {
		in := randomInput(rng, 7, 6)
		H := len(in.Sizes)
		hint := make([]Holder, 0, H+2)
		for _, h := range rng.Perm(H) {
			if rng.IntN(4) > 0 {
				hint = append(hint, Holder(h))
			}
		}
		if len(hint) > 0 && rng.IntN(2) == 0 {
			hint = append(hint, hint[0]) // listed twice
		}
		hint = append(hint, Holder(H+rng.IntN(3)), NoHolder) // unknown
		first, second := Holder(rng.IntN(H)), Holder(rng.IntN(H))
		if rng.IntN(3) == 0 {
			first = NoHolder
		}
		hinted := *in
		hinted.Order = hint
		cp, err := compile(t.Context(), &hinted, layout{first: first, second: second, hasSecond: first != NoHolder})
		require.NoError(t, err)
		if cp.infeasible {
			continue
		}
		var order []Holder
		for _, l := range cp.layers {
			order = append(order, l.holder)
		}
		own, err := compile(t.Context(), in, layout{first: NoHolder})
		require.NoError(t, err)
		var active []Holder
		for _, l := range own.layers {
			active = append(active, l.holder)
		}
		require.ElementsMatch(t, active, order, "the layers are the active holders")
		rest := order
		if first != NoHolder && cp.holderLayer[first] >= 0 {
			require.Equal(t, first, order[0])
			rest = order[1:]
			if second != first && cp.holderLayer[second] >= 0 && len(order) > 2 {
				require.Equal(t, second, order[1])
				rest = order[2:]
			}
		}
		// The hinted holders among the rest keep the hint's order and
		// come before the others.
		want := []Holder{}
		for _, h := range hint {
			if slices.Contains(rest, h) && !slices.Contains(want, h) {
				want = append(want, h)
			}
		}
		require.True(t, slices.Equal(want, rest[:len(want)]), "hint %v, order %v", hint, order)

		got := marginalsOf(t, &hinted)
		ref := marginalsOf(t, in)
		require.Zero(t, ref.Total.Cmp(got.Total))
		require.Equal(t, bruteCount(in).Int64(), got.Total.Int64())
		bm := bruteMarginals(in)
		for c := range in.Cards {
			for h := range H {
				require.Zero(t, ref.Counts[c][h].Cmp(got.Counts[c][h]))
				require.Equal(t, bm[c][h], got.Counts[c][h].Int64())
			}
		}
	}
}
