package solver

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCounterCache checks when the cache keeps its counter: through an
// observation with no constraint and a constraint settled by known cards,
// not through one that removes worlds, nor across models; and that a nil
// cache keeps nothing.
func TestCounterCache(t *testing.T) {
	m := namedModel(t, 6, Exactly(2), Exactly(2), Exactly(2))
	p := NewProblem(m)
	var cc CounterCache
	add := func(cs ...Constraint) {
		t.Helper()
		_, err := p.Add(Observation{Label: "line", Constraints: cs})
		require.NoError(t, err)
	}
	first := cc.Counter(p)
	require.Same(t, first, cc.Counter(p), "same problem")
	add()
	require.Same(t, first, cc.Counter(p), "an observation with no constraint")
	add(Holds(0, 0), Holds(1, 0))
	known := cc.Counter(p)
	require.NotSame(t, first, known, "h0's hand is known: fewer worlds")
	add(CountOf([]Lit{{0, 0}, {2, 0}}, Eq, 1))
	require.Same(t, known, cc.Counter(p), "a count settled by h0's known hand")
	add(CountOf([]Lit{{2, 1}, {3, 1}}, Eq, 1))
	require.NotSame(t, known, cc.Counter(p), "a count of cards not known")
	q := NewProblem(namedModel(t, 6, Exactly(2), Exactly(2), Exactly(2)))
	kept := cc.Counter(p)
	require.NotSame(t, kept, cc.Counter(q), "another model")
	var none *CounterCache
	require.NotSame(t, none.Counter(p), none.Counter(p), "a nil cache keeps nothing")
}
