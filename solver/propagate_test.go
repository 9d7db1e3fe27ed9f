package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func allIDs(p *Problem) []int {
	ids := make([]int, len(p.Observations()))
	for i := range ids {
		ids[i] = i
	}
	return ids
}

func factObservation(f Fact) Observation {
	if f.Holds {
		return Observation{Label: "fact", Constraints: []Constraint{Holds(f.Card, f.Holder)}}
	}
	return Observation{Label: "fact", Constraints: []Constraint{NotHolds(f.Card, f.Holder)}}
}

// TestPropagateAgainstBrute checks on random problems that propagation is
// sound (every fixed fact holds in every world, a conflict only when there
// is no world) and that every derivation's reason suffices: the rule alone,
// with the model and the facts it cites, implies the fact.
func TestPropagateAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	conflicts, derived := 0, 0
	for iter := 0; iter < 400; iter++ {
		p := randomProblem(rng, 6, 4)
		r := NewPropagator(p, allIDs(p)).Run(nil)
		consistent := bruteConsistent(p)
		if r.Conflict() != nil {
			conflicts++
			require.False(t, consistent, "iteration %d: a conflict on a consistent problem", iter)
			continue
		}
		for i, d := range r.Trail() {
			derived++
			require.True(t, bruteImplies(p, d.Fact), "iteration %d: %+v is not implied", iter, d.Fact)
			q := NewProblem(p.Model())
			if d.Rule.Kind == RuleObservation {
				_, err := q.Add(p.Observations()[d.Rule.Index])
				require.NoError(t, err)
			}
			for _, j := range d.Because {
				require.Less(t, j, i, "a reason must come earlier on the trail")
				_, err := q.Add(factObservation(r.Trail()[j].Fact))
				require.NoError(t, err)
			}
			require.True(t, bruteImplies(q, d.Fact), "iteration %d: the reason of %+v does not suffice", iter, d.Fact)
		}
	}
	require.Positive(t, conflicts, "the generator must produce some conflicts")
	require.Positive(t, derived, "the generator must produce some derivations")
}

// TestPropagateWith checks that extending a propagation by an assumption
// agrees with running from scratch with it, and leaves the original alone.
func TestPropagateWith(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 200; iter++ {
		p := randomProblem(rng, 6, 4)
		pr := NewPropagator(p, allIDs(p))
		base := pr.Run(nil)
		m := p.Model()
		f := Fact{Card: Card(rng.IntN(m.NumCards())), Holder: Holder(rng.IntN(m.NumHolders())), Holds: rng.IntN(2) == 0}
		before := len(base.Trail())
		ext := base.With(f)
		fresh := pr.Run([]Fact{f})
		require.Len(t, base.Trail(), before)
		require.Equal(t, fresh.Conflict() == nil, ext.Conflict() == nil, "iteration %d", iter)
		if ext.Conflict() != nil {
			// A refuted assumption: its negation holds in every world.
			require.True(t, bruteImplies(p, Fact{f.Card, f.Holder, !f.Holds}), "iteration %d", iter)
			continue
		}
		for c := 0; c < m.NumCards(); c++ {
			for h := 0; h < m.NumHolders(); h++ {
				require.Equal(t, fresh.Status(Card(c), Holder(h)), ext.Status(Card(c), Holder(h)))
			}
		}
	}
}

func TestPropagateExample(t *testing.T) {
	// Three cards, two holders of sizes 2 and 1; "b holds x or y" and
	// "a holds x" leave b with y, and a with z.
	m, err := NewModel([]string{"x", "y", "z"}, []HolderSpec{{"a", Exactly(2)}, {"b", Exactly(1)}})
	require.NoError(t, err)
	p := NewProblem(m)
	_, err = p.Add(Observation{Label: "b has x or y", Constraints: []Constraint{CountOf([]Lit{{0, 1}, {1, 1}}, Eq, 1)}})
	require.NoError(t, err)
	_, err = p.Add(Observation{Label: "a has x", Constraints: []Constraint{Holds(0, 0)}})
	require.NoError(t, err)
	r := NewPropagator(p, []int{0, 1}).Run(nil)
	require.Nil(t, r.Conflict())
	require.Equal(t, Forced, r.Status(1, 1))
	require.Equal(t, Forced, r.Status(2, 0))
	require.Equal(t, Impossible, r.Status(1, 0))
	// Without the second observation nothing about x is known.
	r = NewPropagator(p, []int{0}).Run(nil)
	require.Equal(t, Open, r.Status(0, 0))
	// z cannot be b's (b's one card is x or y) but seeing it takes two
	// constraints at once: propagation reads one at a time.
	require.Equal(t, Open, r.Status(2, 1))
	require.Equal(t, -1, r.Index(0, 0))
}

// TestImpliesUnder checks the subset queries against brute force: the
// answer is that of the subset's own problem, and the observations the
// proof used imply the fact on their own.
func TestImpliesUnder(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 6))
	implied := 0
	for iter := 0; iter < 300; iter++ {
		p := randomProblem(rng, 6, 4)
		s := NewSAT(p)
		var ids []int
		for id := range p.Observations() {
			if rng.IntN(2) == 0 {
				ids = append(ids, id)
			}
		}
		q := p.Subset(ids)
		ok, err := s.ConsistentUnder(ctx, ids)
		require.NoError(t, err)
		require.Equal(t, bruteConsistent(q), ok, "iteration %d", iter)
		m := p.Model()
		f := Fact{Card: Card(rng.IntN(m.NumCards())), Holder: Holder(rng.IntN(m.NumHolders())), Holds: rng.IntN(2) == 0}
		e, err := s.ImpliesUnder(ctx, ids, f)
		require.NoError(t, err)
		require.Equal(t, bruteImplies(q, f), e.Implied, "iteration %d", iter)
		if e.Implied && ok {
			implied++
			for _, u := range e.Used {
				require.Contains(t, ids, u)
			}
			require.True(t, bruteImplies(p.Subset(e.Used), f), "iteration %d: the used observations do not imply the fact", iter)
		}
		if !e.Implied {
			violated, deal := q.Check(e.Witness)
			require.True(t, deal, "iteration %d: the witness is not a deal", iter)
			require.Empty(t, violated, "iteration %d: the witness breaks an observation", iter)
			require.NotEqual(t, f.Holds, e.Witness[f.Card] == f.Holder, "iteration %d: the witness does not contradict the fact", iter)
		}
	}
	require.Positive(t, implied)
	_, err := NewSAT(randomProblem(rng, 3, 2)).ImpliesUnder(ctx, []int{99}, Fact{})
	require.Error(t, err)
	_, err = NewSAT(randomProblem(rng, 3, 2)).ConsistentUnder(ctx, []int{-1})
	require.Error(t, err)
}

// ExamplePropagator shows propagation reading one constraint at a time: B's
// one card is x or y and A holds x, so B holds y and A's second card is z.
// Each entry names its rule and the earlier entries it needed.
func ExamplePropagator() {
	m, _ := NewModel([]string{"x", "y", "z"}, []HolderSpec{{"A", Exactly(2)}, {"B", Exactly(1)}})
	p := NewProblem(m)
	p.Add(Observation{Label: "B has x or y", Constraints: []Constraint{CountOf([]Lit{{0, 1}, {1, 1}}, Eq, 1)}})
	p.Add(Observation{Label: "A has x", Constraints: []Constraint{Holds(0, 0)}})
	r := NewPropagator(p, []int{0, 1}).Run(nil)
	for _, d := range r.Trail() {
		fmt.Printf("%s %s %s: %s %d, after %v\n", m.HolderName(d.Fact.Holder), map[bool]string{true: "holds", false: "lacks"}[d.Fact.Holds],
			m.CardName(d.Fact.Card), d.Rule.Kind, d.Rule.Index, d.Because)
	}
	// Output:
	// A holds x: observation 1, after []
	// B lacks x: one-holder 0, after [0]
	// B holds y: observation 0, after [1]
	// A lacks y: one-holder 1, after [2]
	// B lacks z: holder-size 1, after [2]
	// A holds z: holder-size 0, after [3]
}

// ExampleSAT_ImpliesUnder asks one engine about two subsets of the
// observations.
func ExampleSAT_ImpliesUnder() {
	m, _ := NewModel([]string{"x", "y"}, []HolderSpec{{"A", Exactly(1)}, {"B", Exactly(1)}})
	p := NewProblem(m)
	p.Add(Observation{Label: "A has x", Constraints: []Constraint{Holds(0, 0)}})
	p.Add(Observation{Label: "nothing much", Constraints: []Constraint{CountOf([]Lit{{0, 0}, {1, 0}}, Le, 1)}})
	s := NewSAT(p)
	ctx := context.Background()
	yB := Fact{Card: 1, Holder: 1, Holds: true}
	e, _ := s.ImpliesUnder(ctx, []int{0, 1}, yB)
	fmt.Println(e.Implied, e.Used)
	e, _ = s.ImpliesUnder(ctx, []int{1}, yB)
	fmt.Println(e.Implied, m.HolderName(e.Witness[1]))
	// Output:
	// true [0]
	// false A
}
