package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScope checks a scope's answers against brute force on random small
// problems, some observations committed and some retired first (as a
// growing problem is asked): every fact asked under the scope is implied
// exactly when brute force says the scope's observations, with the
// committed ones, imply it, and a witness is a world of them that
// contradicts the fact. After the scope closes, the engine answers its
// other questions as before.
func TestScope(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(17, 18))
	implied, open, none := 0, 0, 0
	for iter := range 300 {
		p := randomProblem(rng, 6, 4)
		s := NewSAT(p)
		var committed, retired, free []int
		for id := range p.Observations() {
			switch rng.IntN(4) {
			case 0:
				committed = append(committed, id)
			case 1:
				retired = append(retired, id)
			default:
				free = append(free, id)
			}
		}
		if !bruteConsistent(p.Subset(committed)) {
			committed = nil
		}
		require.NoError(t, s.Commit(committed))
		require.NoError(t, s.Retire(retired))
		for range 2 {
			var ids []int
			for _, id := range free {
				if rng.IntN(2) == 0 {
					ids = append(ids, id)
				}
			}
			q := p.Subset(append(slices.Clone(committed), ids...))
			consistent := bruteConsistent(q)
			if !consistent {
				none++
			}
			sc, err := s.OpenUnder(ctx, ids)
			require.NoError(t, err)
			_, err = s.OpenUnder(ctx, ids)
			require.ErrorIs(t, err, ErrScopeOpen)
			_, err = s.ConsistentUnder(ctx, ids)
			require.ErrorIs(t, err, ErrScopeOpen)
			require.ErrorIs(t, s.Commit(nil), ErrScopeOpen)
			m := p.Model()
			for c := range m.NumCards() {
				for h := range m.NumHolders() {
					f := Fact{Card: Card(c), Holder: Holder(h), Holds: rng.IntN(2) == 0}
					e, err := sc.Implies(ctx, f)
					require.NoError(t, err)
					require.Equal(t, bruteImplies(q, f), e.Implied, "iteration %d, fact %+v", iter, f)
					if e.Implied {
						implied++
						continue
					}
					open++
					violated, deal := q.Check(e.Witness)
					require.True(t, deal, "iteration %d: the witness is not a deal", iter)
					require.Empty(t, violated, "iteration %d: the witness breaks an observation", iter)
					require.NotEqual(t, f.Holds, e.Witness[f.Card] == f.Holder, "iteration %d: the witness does not contradict the fact", iter)
				}
			}
			_, err = sc.Implies(ctx, Fact{Card: 99})
			require.Error(t, err)
			sc.Close()
			sc.Close()
			_, err = sc.Implies(ctx, Fact{})
			require.Error(t, err)
			ok, err := s.ConsistentUnder(ctx, ids)
			require.NoError(t, err)
			require.Equal(t, consistent, ok, "iteration %d: after the scope", iter)
		}
	}
	require.Positive(t, implied)
	require.Positive(t, open)
	require.Positive(t, none)
	_, err := NewSAT(randomProblem(rng, 3, 2)).OpenUnder(ctx, []int{99})
	require.Error(t, err)
}
