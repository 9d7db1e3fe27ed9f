package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWorldUnder checks WorldUnder against brute force on random small
// problems and subsets of their observations: a world exactly when brute
// force finds one, and the world returned satisfies the subset (the plain
// checker says so).
func TestWorldUnder(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	some, none := 0, 0
	for iter := range 300 {
		p := randomProblem(rng, 6, 4)
		s := NewSAT(p)
		for range 3 {
			var ids []int
			for id := range p.Observations() {
				if rng.IntN(2) == 0 {
					ids = append(ids, id)
				}
			}
			q := p.Subset(ids)
			w, err := s.WorldUnder(ctx, ids)
			require.NoError(t, err)
			require.Equal(t, bruteConsistent(q), w != nil, "iteration %d", iter)
			if w == nil {
				none++
				continue
			}
			some++
			bad, deal := q.Check(w)
			require.True(t, deal, "iteration %d", iter)
			require.Nil(t, bad, "iteration %d", iter)
		}
	}
	require.Positive(t, some)
	require.Positive(t, none)
	_, err := NewSAT(randomProblem(rng, 3, 2)).WorldUnder(ctx, []int{-1})
	require.Error(t, err)
}
