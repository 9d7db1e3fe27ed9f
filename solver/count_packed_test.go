package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPackedBuilderAgrees compiles random problems with both graph builders
// and checks that they count the same worlds and the same marginals.
func TestPackedBuilderAgrees(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	packed := 0
	for it := 0; it < 2000; it++ {
		p := randomProblem(rng, 9, 5)
		var res [2]*passResult
		var used [2]bool
		for v := range 2 {
			usePacked = v == 1
			cp, err := compile(ctx, p, compileOpts{first: NoHolder})
			require.NoError(t, err)
			used[v] = cp.layers != nil && len(cp.layers) > 0 && cp.layers[0].pk != nil
			if cp.infeasible {
				continue
			}
			res[v], err = cp.pass(ctx, true, false)
			require.NoError(t, err)
		}
		usePacked = true
		if used[1] {
			packed++
		}
		require.Equal(t, res[0] == nil, res[1] == nil, "instance %d", it)
		if res[0] == nil {
			continue
		}
		require.Zero(t, res[0].total.Cmp(res[1].total), "instance %d: total %v vs %v", it, res[0].total, res[1].total)
		require.Equal(t, len(res[0].P0), len(res[1].P0))
		for k := range res[0].P0 {
			require.Zero(t, res[0].P0[k].Cmp(res[1].P0[k]), "instance %d: marginal %d: %v vs %v", it, k, res[0].P0[k], res[1].P0[k])
		}
	}
	t.Logf("%d instances built packed", packed)
	require.Greater(t, packed, 300)
}
