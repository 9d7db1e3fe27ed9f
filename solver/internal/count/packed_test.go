package count

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPackedBuilderAgrees compiles random problems with both graph builders
// (the packed one with and without the later-holder test, useAdmit) and
// checks that they count the same worlds and the same marginals. It also
// checks that the packed builder was used often, on problems with
// constraints across holders too (their partial sums are in the state),
// and that the later-holder test did refuse states.
func TestPackedBuilderAgrees(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	packed, crossPacked, manyPacked := 0, 0, 0
	defer func(a bool) { usePacked, useAdmit = true, a }(useAdmit)
	refused := 0
	for it := 0; it < 5000; it++ {
		p := randomInput(rng, 9, 5)
		if it%2 == 0 {
			// Up to six, as several failed accusations make: the
			// partial sums must share one word.
			for range 1 + rng.IntN(6) {
				addCrossConstraint(rng, p)
			}
		}
		var res [3]*passResult
		var used [3]bool
		var cross [3]int
		var states [3]int
		for v := range 3 {
			usePacked, useAdmit = v >= 1, v == 2
			cp, err := compile(ctx, p, layout{first: NoHolder})
			require.NoError(t, err)
			used[v] = len(cp.layers) > 0 && cp.layers[0].packed != nil
			cross[v] = len(cp.cross)
			for _, l := range cp.layers {
				states[v] += l.n
			}
			if cp.infeasible {
				continue
			}
			res[v], err = cp.pass(ctx, true, false)
			require.NoError(t, err)
		}
		require.False(t, used[0], "instance %d: the generic builder was asked for", it)
		require.Equal(t, used[1], used[2])
		require.Equal(t, cross[0], cross[1])
		if states[2] < states[1] {
			refused++
		}
		if used[1] {
			packed++
			if cross[1] > 0 {
				crossPacked++
			}
			if cross[1] >= 4 {
				manyPacked++
			}
		}
		for v := 1; v <= 2; v++ {
			require.Equal(t, res[0] == nil, res[v] == nil, "instance %d", it)
			if res[0] == nil {
				continue
			}
			require.Zero(t, res[0].total.Cmp(res[v].total), "instance %d/%d: total %v vs %v", it, v, res[0].total, res[v].total)
			require.Equal(t, len(res[0].rootCardWays), len(res[v].rootCardWays))
			for k := range res[0].rootCardWays {
				require.Zero(t, res[0].rootCardWays[k].Cmp(res[v].rootCardWays[k]), "instance %d/%d: marginal %d: %v vs %v", it, v, k, res[0].rootCardWays[k], res[v].rootCardWays[k])
			}
		}
	}
	t.Logf("%d instances built packed, %d of them with constraints across holders (%d with four or more); the later-holder test refused states in %d", packed, crossPacked, manyPacked, refused)
	require.Greater(t, refused, 20)
	require.Greater(t, packed, 1000)
	require.Greater(t, crossPacked, 400)
	require.Greater(t, manyPacked, 100)
}

// TestPackedBuildDeterministic builds the same problems with one worker and
// with several (every layer split, however small) and requires the very
// same graph: state numbering, edge order, hands and weights. Sample walks
// the graph, so seeded draws depend on it.
func TestPackedBuildDeterministic(t *testing.T) {
	ctx := context.Background()
	defer func(p, m int, a bool) { runtime.GOMAXPROCS(p); parallelBuildMin, useAdmit = m, a }(runtime.GOMAXPROCS(0), parallelBuildMin, useAdmit)
	rng := rand.New(rand.NewPCG(9, 10))
	var probs []*Input
	for it := 0; it < 400; it++ {
		p := randomInput(rng, 10, 5)
		if it%2 == 0 {
			addCrossConstraint(rng, p)
		}
		probs = append(probs, p)
	}
	for nq := 0; nq <= 40; nq += 3 {
		probs = append(probs, dod6(6, nq))
	}
	split := 0
	for it := range 2 * len(probs) {
		p := probs[it/2]
		useAdmit = it%2 == 1 // the later-holder test runs as the runs are merged
		runtime.GOMAXPROCS(1)
		parallelBuildMin = 1 << 16
		want, err := compile(ctx, p, layout{first: NoHolder})
		require.NoError(t, err)
		for _, procs := range []int{2, 3} {
			runtime.GOMAXPROCS(procs)
			parallelBuildMin = 0
			got, err := compile(ctx, p, layout{first: NoHolder})
			require.NoError(t, err)
			require.Equal(t, want.infeasible, got.infeasible, "problem %d", it)
			require.Equal(t, len(want.layers), len(got.layers), "problem %d", it)
			if want.term == nil { // no world, found before laying out the graph
				require.Nil(t, got.term)
				continue
			}
			for i, lw := range append(want.layers, want.term) {
				lg := got.layer(i)
				if lw.n > 1 {
					split++
				}
				require.Equal(t, lw.n, lg.n, "problem %d layer %d", it, i)
				require.Equal(t, lw.packed, lg.packed, "problem %d layer %d", it, i)
				require.Equal(t, lw.packedSums, lg.packedSums, "problem %d layer %d", it, i)
				require.Equal(t, lw.cardsLeft, lg.cardsLeft, "problem %d layer %d", it, i)
				require.Equal(t, lw.edgeStart, lg.edgeStart, "problem %d layer %d", it, i)
				require.Equal(t, lw.edgeTo, lg.edgeTo, "problem %d layer %d", it, i)
				require.Equal(t, lw.edgeHand.all(), lg.edgeHand.all(), "problem %d layer %d", it, i)
				require.Equal(t, lw.edgeWeight, lg.edgeWeight, "problem %d layer %d", it, i)
				require.Equal(t, lw.weightCells, lg.weightCells, "problem %d layer %d", it, i)
				require.Equal(t, lw.hands, lg.hands, "problem %d layer %d", it, i)
			}
		}
	}
	require.Greater(t, split, 300, "layers with several states built split")
}

// TestSumLayoutsClauses checks that a failed accusation's clauses ("not all
// of these"), however many, take one bit each in every layer's partial
// sums: unsettled, such a clause has one possible partial sum.
func TestSumLayoutsClauses(t *testing.T) {
	p := &Input{Cards: 12, Sizes: []Size{{2, 2}, {5, 5}, {5, 5}}}
	// "ev (holder 0) holds cards 0 and 1, and holder 1 holds 2..2+k-1, and
	// holder 2 holds 2+k" is false, for every k: a chain of eight clauses
	// over three holders.
	for k := range 8 {
		neg := []Lit{{0, 0}, {1, 0}}
		for i := range k {
			neg = append(neg, Lit{Card(2 + i), 1})
		}
		neg = append(neg, Lit{Card(2 + k), 2})
		p.Constraints = append(p.Constraints, clause(nil, neg))
	}
	cp, err := compile(context.Background(), p, layout{first: 0})
	require.NoError(t, err)
	require.Len(t, cp.cross, 8)
	sls, ok := newSumLayouts(cp)
	require.True(t, ok)
	for i, sl := range sls {
		for c := range cp.cross {
			require.LessOrEqual(t, sl.mask[c], uint64(1), "layer %d, clause %d", i, c)
		}
	}
	require.NotNil(t, cp.layers[0].packed, "built packed")
	n, err := New(p).Count(context.Background())
	require.NoError(t, err)
	require.Zero(t, n.Cmp(bruteCount(p)), "count %v, brute force %v", n, bruteCount(p))
	m2 := marginalsOf(t, p)
	for c, row := range bruteMarginals(p) {
		for h, v := range row {
			require.Equal(t, v, m2.Counts[c][h].Int64(), "card %d holder %d", c, h)
		}
	}
}

// all lists every edge's hand (for tests).
func (h edgeHands) all() []int32 {
	out := make([]int32, len(h.lo))
	for e := range out {
		out[e] = h.at(int32(e))
	}
	return out
}

// TestManyHands checks a layer with more than 65,536 distinct hands, whose
// edges need the high bits of edgeHands: 19 cards told apart by one
// weighted constraint, a holder of 9 (up to 92,378 hands from the root),
// counted by both builders against brute force.
func TestManyHands(t *testing.T) {
	defer func() { usePacked = true }()
	var terms []Term
	for c := range 19 {
		terms = append(terms, Term{Lit: Lit{Card(c), 0}, Coef: c + 1})
	}
	p := &Input{Cards: 19, Sizes: []Size{{9, 9}, {10, 10}}, Constraints: []Constraint{{Terms: terms, Op: Ge, Bound: 60}}}
	want := bruteMarginals(p)
	for _, packed := range []bool{true, false} {
		usePacked = packed
		cp, err := compile(context.Background(), p, layout{first: 0})
		require.NoError(t, err)
		l0 := cp.layers[0]
		require.Greater(t, len(l0.hands), 1<<16, "packed %v", packed)
		require.NotNil(t, l0.edgeHand.hi, "packed %v", packed)
		mg := marginalsOf(t, p)
		for c, row := range want {
			for h, v := range row {
				require.Equal(t, v, mg.Counts[c][h].Int64(), "packed %v card %d holder %d", packed, c, h)
			}
		}
	}
}

// TestEdgeHandsPush checks that appending hands past 65,535 keeps the
// earlier ones and the high bits of the later ones.
func TestEdgeHandsPush(t *testing.T) {
	var h edgeHands
	vs := []int32{0, 7, 1<<16 - 1, 1 << 16, 3, 1<<20 + 5}
	for i, v := range vs {
		h.push(v)
		for e := range i + 1 {
			require.Equal(t, vs[e], h.at(int32(e)), "after %d pushes, edge %d", i+1, e)
		}
	}
	require.Equal(t, vs[2:4], h.slice(2, 4).all())
	g := makeEdgeHands(2, 1<<16+1)
	g.set(1, 1<<17)
	require.Equal(t, []int32{0, 1 << 17}, g.all())
}
