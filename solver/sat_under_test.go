package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConflictUnder checks ConflictUnder against brute force on random
// small problems and random subsets of their observations, asked in turn
// of one engine: nil exactly when the subset admits a world, otherwise a
// sorted part of the subset that admits none and is minimal.
func TestConflictUnder(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	conflicts := 0
	for iter := range 400 {
		p := randomProblem(rng, 6, 4)
		s := NewSAT(p)
		for range 3 {
			var ids []int
			for id := range p.Observations() {
				if rng.IntN(3) > 0 {
					ids = append(ids, id)
				}
			}
			rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
			conf, err := s.ConflictUnder(ctx, ids)
			require.NoError(t, err)
			if bruteConsistent(p.Subset(ids)) {
				require.Nil(t, conf, "iteration %d: %v admits a world", iter, ids)
				continue
			}
			conflicts++
			require.NotNil(t, conf, "iteration %d", iter)
			require.True(t, slices.IsSorted(conf))
			for _, id := range conf {
				require.Contains(t, ids, id, "iteration %d: %v is not among %v", iter, id, ids)
			}
			require.False(t, bruteConsistent(p.Subset(conf)), "iteration %d: conflict %v is consistent", iter, conf)
			for i := range conf {
				less := slices.Delete(slices.Clone(conf), i, i+1)
				require.True(t, bruteConsistent(p.Subset(less)), "iteration %d: conflict %v is not minimal", iter, conf)
			}
		}
	}
	require.Positive(t, conflicts)
	_, err := NewSAT(randomProblem(rng, 3, 2)).ConflictUnder(ctx, []int{99})
	require.Error(t, err)
}

// ExampleSAT_ConflictUnder asks one engine about two sets of observations:
// a superseded observation stays in the problem, out of force.
func ExampleSAT_ConflictUnder() {
	m, _ := NewModel([]string{"x", "y"}, []HolderSpec{{"A", Exactly(1)}, {"B", Exactly(1)}})
	p := NewProblem(m)
	p.Add(Observation{Label: "A has x", Constraints: []Constraint{Holds(0, 0)}})
	p.Add(Observation{Label: "B has x (superseded)", Constraints: []Constraint{Holds(0, 1)}})
	p.Add(Observation{Label: "A has y", Constraints: []Constraint{Holds(1, 0)}})
	s := NewSAT(p)
	ctx := context.Background()
	ids, _ := s.ConflictUnder(ctx, []int{0, 2})
	fmt.Println(ids)
	ids, _ = s.ConflictUnder(ctx, []int{0})
	fmt.Println(ids == nil)
	// Output:
	// [0 2]
	// true
}

// TestSheetUnder checks SheetUnder against brute force on random small
// problems, random subsets of their observations and random subsets of
// their cards, asked in turn of one engine: every listed card's pairs are
// the brute-force statuses of the subset's problem, the others Open.
func TestSheetUnder(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 10))
	settled := 0
	for iter := range 300 {
		p := randomProblem(rng, 6, 4)
		m := p.Model()
		s := NewSAT(p)
		for range 3 {
			var ids []int
			for id := range p.Observations() {
				if rng.IntN(3) > 0 {
					ids = append(ids, id)
				}
			}
			var cards []Card
			if rng.IntN(4) > 0 {
				for c := range m.NumCards() {
					if rng.IntN(2) == 0 {
						cards = append(cards, Card(c))
					}
				}
			}
			q := p.Subset(ids)
			sh, err := s.SheetUnder(ctx, ids, cards)
			if !bruteConsistent(q) {
				require.ErrorIs(t, err, ErrInconsistent, "iteration %d", iter)
				continue
			}
			require.NoError(t, err, "iteration %d", iter)
			want := bruteStatus(q)
			for c := range m.NumCards() {
				asked := cards == nil || slices.Contains(cards, Card(c))
				for h := range m.NumHolders() {
					got := sh.Status(Card(c), Holder(h))
					if !asked {
						require.Equal(t, Open, got, "iteration %d: card %d not asked", iter, c)
						continue
					}
					require.Equal(t, want[c][h], got, "iteration %d: card %d holder %d under %v", iter, c, h, ids)
					if got != Open {
						settled++
					}
				}
			}
		}
	}
	require.Positive(t, settled)
	_, err := NewSAT(randomProblem(rng, 3, 2)).SheetUnder(ctx, []int{99}, nil)
	require.Error(t, err)
	_, err = NewSAT(randomProblem(rng, 3, 2)).SheetUnder(ctx, nil, []Card{99})
	require.Error(t, err)
}

// TestWorldUnder checks WorldUnder against brute force on random small
// problems and random subsets of their observations: a world of the
// subset exactly when it has one.
func TestWorldUnder(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	worlds := 0
	for iter := range 300 {
		p := randomProblem(rng, 6, 4)
		s := NewSAT(p)
		for range 3 {
			var ids []int
			for id := range p.Observations() {
				if rng.IntN(3) > 0 {
					ids = append(ids, id)
				}
			}
			q := p.Subset(ids)
			w, err := s.WorldUnder(ctx, ids)
			require.NoError(t, err)
			if !bruteConsistent(q) {
				require.Nil(t, w, "iteration %d", iter)
				continue
			}
			worlds++
			require.NotNil(t, w, "iteration %d", iter)
			violated, deal := q.Check(w)
			require.True(t, deal, "iteration %d: not a deal", iter)
			require.Empty(t, violated, "iteration %d: the world breaks an observation", iter)
		}
	}
	require.Positive(t, worlds)
	_, err := NewSAT(randomProblem(rng, 3, 2)).WorldUnder(ctx, []int{-1})
	require.Error(t, err)
}

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
