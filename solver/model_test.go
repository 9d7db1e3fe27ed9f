package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNewModelErrors(t *testing.T) {
	tests := []struct {
		name    string
		cards   []string
		holders []HolderSpec
	}{
		{"no cards", nil, []HolderSpec{{"a", Exactly(0)}}},
		{"no holders", []string{"x"}, nil},
		{"duplicate card", []string{"x", "x"}, []HolderSpec{{"a", Exactly(2)}}},
		{"empty card name", []string{" "}, []HolderSpec{{"a", Exactly(1)}}},
		{"duplicate holder", []string{"x"}, []HolderSpec{{"a", Exactly(1)}, {"a", Exactly(0)}}},
		{"negative size", []string{"x"}, []HolderSpec{{"a", Size{-1, 1}}}},
		{"min above max", []string{"x"}, []HolderSpec{{"a", Size{2, 1}}}},
		{"sizes too small", []string{"x", "y"}, []HolderSpec{{"a", Exactly(1)}}},
		{"sizes too large", []string{"x"}, []HolderSpec{{"a", Exactly(1)}, {"b", Between(1, 2)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewModel(tc.cards, tc.holders)
			require.Error(t, err)
		})
	}
}

func TestAddRejectsBadConstraints(t *testing.T) {
	m, err := NewModel([]string{"x", "y"}, []HolderSpec{{"a", Exactly(1)}, {"b", Exactly(1)}})
	require.NoError(t, err)
	p := NewProblem(m)
	bad := []Constraint{
		{Terms: []Term{{1, Lit{5, 0}}}, Op: Eq, Bound: 1},
		{Terms: []Term{{1, Lit{0, 7}}}, Op: Eq, Bound: 1},
		{Terms: []Term{{0, Lit{0, 0}}}, Op: Eq, Bound: 1},
		{Terms: []Term{{MaxCoef + 1, Lit{0, 0}}}, Op: Eq, Bound: 1},
		{Terms: []Term{{1, Lit{0, 0}}}, Op: Op(9), Bound: 1},
	}
	for _, k := range bad {
		_, err := p.Add(Observation{Label: "bad", Constraints: []Constraint{k}})
		require.Error(t, err)
	}
	require.Empty(t, p.Observations(), "a refused observation must leave nothing behind")
}

func TestRestrict(t *testing.T) {
	m, err := NewModel([]string{"x", "y"}, []HolderSpec{{"a", Exactly(1)}, {"b", Exactly(1)}})
	require.NoError(t, err)
	require.NoError(t, m.Restrict(0, 1))
	require.False(t, m.Allowed(0, 0))
	require.Error(t, m.Restrict(0, 0), "a restriction leaving no holder is refused")
	require.True(t, m.Allowed(0, 1), "a refused restriction changes nothing")
	require.Error(t, m.Restrict(3, 0))
}

// TestClauseMeaning checks the linear form of a clause against its logical
// meaning on every world of random small problems.
func TestClauseMeaning(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		p := randomProblem(rng, 5, 3)
		m := p.Model()
		pos := randomLits(rng, m.NumCards(), m.NumHolders(), 3)
		neg := randomLits(rng, m.NumCards(), m.NumHolders(), 3)
		k := Clause(pos, neg)
		for _, w := range bruteWorlds(NewProblem(m)) {
			want := false
			for _, l := range pos {
				want = want || w[l.Card] == l.Holder
			}
			for _, l := range neg {
				want = want || w[l.Card] != l.Holder
			}
			require.Equal(t, want, k.Satisfied(w))
		}
	}
}
