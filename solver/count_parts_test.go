package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGuardSet checks which observations split the worlds into parts: those
// whose every constraint is a clause "not all of these" naming the same
// cards of the holder, as many as it holds, and another holder too.
func TestGuardSet(t *testing.T) {
	const g, a, d = Holder(2), Holder(0), Holder(1)
	ev := func(c Card) Lit { return Lit{c, g} }
	accusation := func(x, y Card) []Constraint { // as a failed Deduce or Die accusation
		return []Constraint{
			Clause(nil, []Lit{ev(x), ev(y), {3, d}}),
			Clause(nil, []Lit{ev(y), ev(x), {3, a}, {4, d}}),
		}
	}
	for _, tc := range []struct {
		name string
		cons []Constraint
		want []Card
	}{
		{"failed accusation", accusation(0, 5), []Card{0, 5}},
		{"pair given the other way", accusation(5, 0), []Card{0, 5}},
		{"a literal repeated", []Constraint{Clause(nil, []Lit{ev(1), ev(1), ev(2), {3, d}})}, []Card{1, 2}},
		{"clauses of two pairs", append(accusation(0, 5), accusation(0, 6)...), nil},
		{"one card of the holder", []Constraint{Clause(nil, []Lit{ev(1), {3, d}})}, nil},
		{"three cards of the holder", []Constraint{Clause(nil, []Lit{ev(1), ev(2), ev(4), {3, d}})}, nil},
		{"the holder alone", []Constraint{Clause(nil, []Lit{ev(1), ev(2)})}, nil},
		{"a positive literal", []Constraint{Clause([]Lit{{3, d}}, []Lit{ev(1), ev(2)})}, nil},
		{"a count", []Constraint{CountOf([]Lit{ev(1), ev(2), {3, d}}, Le, 2)}, nil},
		{"no constraint", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, ok := guardSet(Observation{Constraints: tc.cons}, g, 2)
			require.Equal(t, tc.want != nil, ok)
			if ok {
				require.Equal(t, tc.want, set)
			}
		})
	}
}

// guardedProblem is a random problem with a holder of exact size and
// observations guarded by sets of its cards (clauses "not (these cards
// with the holder and ...)"), as failed accusations are.
func guardedProblem(rng *rand.Rand) *Problem {
	for {
		p := randomProblem(rng, 8, 4)
		m := p.Model()
		n, k := m.NumCards(), m.NumHolders()
		var g Holder = -1
		for h := range Holder(k) {
			if s := m.HolderSize(h); s.Min == s.Max && s.Min >= 1 && s.Min <= 3 && k > 1 {
				g = h
				break
			}
		}
		if g < 0 {
			continue
		}
		size := m.HolderSize(g).Min
		for range 1 + rng.IntN(3) {
			set := rng.Perm(n)[:size]
			var cons []Constraint
			for range 1 + rng.IntN(3) {
				var lits []Lit
				for _, c := range set {
					lits = append(lits, Lit{Card(c), g})
				}
				for range 1 + rng.IntN(2) {
					h := Holder(rng.IntN(k))
					for h == g {
						h = Holder(rng.IntN(k))
					}
					lits = append(lits, Lit{Card(rng.IntN(n)), h})
				}
				cons = append(cons, Clause(nil, lits))
			}
			if _, err := p.Add(Observation{Label: "accusation", Constraints: cons}); err != nil {
				panic(err)
			}
		}
		return p
	}
}

// TestCounterPartsMatchBrute checks the counter on problems it counts in
// parts against the brute-force oracle, every answer exactly, and against
// the same counter counting whole.
func TestCounterPartsMatchBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(41, 42))
	split := 0
	for i := range 1500 {
		p := guardedProblem(rng)
		c := NewCounter(p)
		if c.Parts() > 1 {
			split++
		}
		ok := t.Run(fmt.Sprint(i), func(t *testing.T) {
			checkAgainstBrute(t, rng, p)
			whole, err := NewCounter(p, WithoutParts()).Marginals(ctx)
			require.NoError(t, err)
			got, err := c.Marginals(ctx)
			require.NoError(t, err)
			require.Equal(t, fmt.Sprint(whole.Total, whole.counts), fmt.Sprint(got.Total, got.counts))
		})
		if !ok {
			t.Fatalf("instance:\n%s", describeCount(p))
		}
	}
	t.Logf("%d of 1500 problems counted in parts", split)
	require.Greater(t, split, 1000)
}
