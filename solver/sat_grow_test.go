package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// growStage is one problem of a growing sequence: its cards and holders
// (a prefix of the last stage's), the pairs allowed and the sizes.
type growStage struct {
	cards, holders int
	allowed        [][]bool
	sizes          []Size
	obs            []Observation
}

// problem builds the stage's problem.
func (st growStage) problem(t *testing.T) *Problem {
	cards := make([]string, st.cards)
	for c := range cards {
		cards[c] = fmt.Sprintf("c%d", c)
	}
	specs := make([]HolderSpec, st.holders)
	for h := range specs {
		specs[h] = HolderSpec{Name: fmt.Sprintf("h%d", h), Size: st.sizes[h]}
	}
	m, err := NewModel(cards, specs)
	require.NoError(t, err)
	for c := range st.cards {
		var hs []Holder
		for h := range st.holders {
			if st.allowed[c][h] {
				hs = append(hs, Holder(h))
			}
		}
		if len(hs) < st.holders {
			require.NoError(t, m.Restrict(Card(c), hs...))
		}
	}
	p := NewProblem(m)
	for _, o := range st.obs {
		_, err := p.Add(o)
		require.NoError(t, err)
	}
	return p
}

// growSequence is a random sequence of stages, each extending the one
// before: more cards and holders, more pairs allowed, sizes changed at
// random, more observations over what exists.
func growSequence(rng *rand.Rand) []growStage {
	st := growStage{}
	var out []growStage
	for range 2 + rng.IntN(4) {
		next := growStage{cards: max(st.cards+rng.IntN(3), 1), holders: max(st.holders+rng.IntN(2), 1)}
		next.allowed = make([][]bool, next.cards)
		for c := range next.allowed {
			next.allowed[c] = make([]bool, next.holders)
			for h := range next.allowed[c] {
				old := c < st.cards && h < st.holders && st.allowed[c][h]
				next.allowed[c][h] = old || rng.IntN(3) > 0
			}
			if !slices.Contains(next.allowed[c], true) {
				next.allowed[c][rng.IntN(next.holders)] = true // the model needs one
			}
		}
		next.sizes = make([]Size, next.holders)
		for h := range next.sizes {
			if h < len(st.sizes) && rng.IntN(2) == 0 {
				next.sizes[h] = st.sizes[h]
				continue
			}
			lo := rng.IntN(3)
			next.sizes[h] = Between(lo, lo+rng.IntN(2))
		}
		lo, hi := 0, 0
		for _, z := range next.sizes {
			lo, hi = lo+z.Min, hi+z.Max
		}
		if lo > next.cards || hi < next.cards {
			for h := range next.sizes {
				next.sizes[h].Min = 0
			}
			next.sizes[0].Max = next.cards
		}
		next.obs = append([]Observation(nil), st.obs...)
		for range rng.IntN(3) {
			o := Observation{Label: fmt.Sprint(len(next.obs))}
			for range 1 + rng.IntN(2) {
				o.Constraints = append(o.Constraints, randomConstraint(rng, next.cards, next.holders))
			}
			next.obs = append(next.obs, o)
		}
		out = append(out, next)
		st = next
	}
	return out
}

// TestGrowingAgainstSAT extends one Growing engine along random growing
// sequences and compares each answer with a SAT engine built afresh for
// the stage's problem, and with brute force: whether a world remains, and
// whether one remains with a further random constraint (which the next
// questions must not keep), and Possible's answers for several.
func TestGrowingAgainstSAT(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(30, 31))
	yes, no, possible := 0, 0, 0
	for iter := range 400 {
		g := NewGrowing()
		for i, st := range growSequence(rng) {
			p := st.problem(t)
			require.NoError(t, g.Extend(p))
			want, err := NewSAT(p).Consistent(ctx)
			require.NoError(t, err)
			if st.cards <= 6 {
				require.Equal(t, bruteConsistent(p), want)
			}
			got, err := g.Consistent(ctx)
			require.NoError(t, err)
			require.Equal(t, want, got, "iteration %d, stage %d", iter, i)
			if got {
				yes++
			} else {
				no++
			}
			k := randomConstraint(rng, st.cards, st.holders)
			q := p.Clone()
			_, err = q.Add(Observation{Label: "query", Constraints: []Constraint{k}})
			require.NoError(t, err)
			want, err = NewSAT(q).Consistent(ctx)
			require.NoError(t, err)
			got, err = g.ConsistentWith(ctx, k)
			require.NoError(t, err)
			require.Equal(t, want, got, "iteration %d, stage %d: with a constraint", iter, i)
			// Possible answers each of several constraints as a fresh
			// engine answers it.
			var ks []Constraint
			for range rng.IntN(5) {
				ks = append(ks, randomConstraint(rng, st.cards, st.holders))
			}
			gots, err := g.Possible(ctx, ks)
			require.NoError(t, err)
			for j, k := range ks {
				q := p.Clone()
				_, err = q.Add(Observation{Label: "query", Constraints: []Constraint{k}})
				require.NoError(t, err)
				want, err = NewSAT(q).Consistent(ctx)
				require.NoError(t, err)
				require.Equal(t, want, gots[j], "iteration %d, stage %d: constraint %d of Possible", iter, i, j)
				if want {
					possible++
				}
			}
		}
	}
	require.Positive(t, yes)
	require.Positive(t, no)
	require.Positive(t, possible)
}

// TestGrowingRefuses checks that Extend refuses a problem that does not
// extend the engine's, and leaves the engine as it was.
func TestGrowingRefuses(t *testing.T) {
	ctx := context.Background()
	base := growStage{cards: 3, holders: 2, sizes: []Size{Exactly(2), Exactly(1)}}
	base.allowed = [][]bool{{true, true}, {true, true}, {true, false}}
	base.obs = []Observation{{Label: "a", Constraints: []Constraint{Holds(1, 1)}}}
	g := NewGrowing()
	require.NoError(t, g.Extend(base.problem(t)))
	fewer := base
	fewer.cards = 2
	fewer.allowed = base.allowed[:2]
	fewer.sizes = []Size{Between(0, 2), Between(0, 1)}
	narrower := base
	narrower.allowed = [][]bool{{true, false}, {true, true}, {true, false}}
	noObs := base
	noObs.obs = nil
	other := base
	other.obs = []Observation{{Label: "b", Constraints: []Constraint{Holds(1, 1)}}}
	for name, st := range map[string]growStage{"fewer cards": fewer, "a pair no longer allowed": narrower, "fewer observations": noObs, "another observation": other} {
		require.ErrorIs(t, g.Extend(st.problem(t)), ErrNotExtension, name)
	}
	m, err := NewModel([]string{"x", "c1", "c2"}, []HolderSpec{{Name: "h0", Size: Exactly(2)}, {Name: "h1", Size: Exactly(1)}})
	require.NoError(t, err)
	require.ErrorIs(t, g.Extend(NewProblem(m)), ErrNotExtension, "a card renamed")
	ok, err := g.Consistent(ctx)
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = g.ConsistentWith(ctx, Holds(2, 1))
	require.NoError(t, err)
	require.False(t, ok, "c2 may not be in h1")
	_, err = g.ConsistentWith(ctx, Holds(5, 0))
	require.Error(t, err)
	// The base extended: the size of h1 changes, a card is added.
	more := base
	more.cards = 4
	more.allowed = append(base.allowed, []bool{false, true})
	more.sizes = []Size{Exactly(2), Exactly(2)}
	require.NoError(t, g.Extend(more.problem(t)))
	ok, err = g.ConsistentWith(ctx, NotHolds(1, 1))
	require.NoError(t, err)
	require.False(t, ok)
	ok, err = g.Consistent(ctx)
	require.NoError(t, err)
	require.True(t, ok)
}
