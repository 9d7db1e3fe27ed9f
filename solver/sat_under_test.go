package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCommitRetire checks Commit and Retire against brute force on random
// small problems: after committing a consistent part and retiring
// another, a question under a set of ids is answered as brute force
// answers it of that set with the committed part, as long as it lists no
// retired observation.
func TestCommitRetire(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(13, 14))
	asked := 0
	for iter := range 300 {
		p := randomProblem(rng, 6, 4)
		s := NewSAT(p)
		var committed, retired, free []int
		for id := range p.Observations() {
			switch rng.IntN(3) {
			case 0:
				committed = append(committed, id)
			case 1:
				retired = append(retired, id)
			default:
				free = append(free, id)
			}
		}
		if !bruteConsistent(p.Subset(committed)) {
			continue
		}
		require.NoError(t, s.Commit(committed))
		require.NoError(t, s.Retire(retired))
		for range 3 {
			var ids []int
			for _, id := range free {
				if rng.IntN(2) == 0 {
					ids = append(ids, id)
				}
			}
			want := bruteConsistent(p.Subset(append(slices.Clone(committed), ids...)))
			ok, err := s.ConsistentUnder(ctx, ids)
			require.NoError(t, err)
			require.Equal(t, want, ok, "iteration %d", iter)
			asked++
			if len(retired) > 0 {
				ok, err := s.ConsistentUnder(ctx, append(ids, retired[0]))
				require.NoError(t, err)
				require.False(t, ok, "iteration %d: a retired observation listed", iter)
			}
		}
	}
	require.Positive(t, asked)
	require.Error(t, NewSAT(randomProblem(rng, 3, 2)).Commit([]int{99}))
	require.Error(t, NewSAT(randomProblem(rng, 3, 2)).Retire([]int{-1}))
}
