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

// TestScopePropagates checks Propagates against brute force on random
// small problems: what unit propagation from a scope proves is implied by
// the scope's observations, and it proves some facts.
func TestScopePropagates(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(23, 24))
	proved, asked := 0, 0
	for iter := range 200 {
		p := randomProblem(rng, 6, 4)
		s := NewSAT(p)
		var ids []int
		for id := range p.Observations() {
			if rng.IntN(3) > 0 {
				ids = append(ids, id)
			}
		}
		q := p.Subset(ids)
		sc, err := s.OpenUnder(ctx, ids)
		require.NoError(t, err)
		m := p.Model()
		for c := range m.NumCards() {
			for h := range m.NumHolders() {
				f := Fact{Card: Card(c), Holder: Holder(h), Holds: rng.IntN(2) == 0}
				ok, err := sc.Propagates(ctx, f)
				require.NoError(t, err)
				asked++
				if ok {
					proved++
					require.True(t, bruteImplies(q, f), "iteration %d, fact %+v", iter, f)
				}
			}
		}
		_, err = sc.Propagates(ctx, Fact{Card: 99})
		require.Error(t, err)
		sc.Close()
		_, err = sc.Propagates(ctx, Fact{})
		require.Error(t, err)
	}
	require.Positive(t, proved)
	require.Less(t, proved, asked)
}
