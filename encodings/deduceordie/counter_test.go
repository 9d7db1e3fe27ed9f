package deduceordie

import (
	"context"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
	"github.com/stretchr/testify/require"
)

// TestCountCache checks that a line without constraints keeps the counting
// engine, and so does a question put to the seat (its answer is settled by
// the seat's hand), that a line with other constraints replaces it, and
// that the reports stay those of a game built afresh.
func TestCountCache(t *testing.T) {
	ctx := context.Background()
	lines := []string{
		"players alice bob carol dave",
		"seat alice",
		"hand alice AS 2S 3S 4H 5H 6C",
		"exposed 9C",
		"pass bob",
		"ask bob carol AS..9S = 2",
		"pass carol",
		"ask carol alice 2S..4H = 3",
		"ask dave bob 2S..4H = 1",
	}
	g := NewGame()
	var prev *solver.Counter
	for i, line := range lines {
		require.NoError(t, g.Apply(line))
		if i < 3 {
			continue
		}
		a, err := g.Analyze(ctx)
		require.NoError(t, err)
		cnt := g.cnt.Counter(g.prob)
		switch line {
		case "pass bob", "pass carol", "ask carol alice 2S..4H = 3":
			require.Same(t, prev, cnt, "after %q", line)
		default:
			require.True(t, prev != cnt, "after %q: the counter was kept", line)
		}
		prev = cnt
		fresh := NewGame()
		for _, l := range lines[:i+1] {
			require.NoError(t, fresh.Apply(l))
		}
		b, err := fresh.Analyze(ctx)
		require.NoError(t, err)
		require.Equal(t, b.Worlds, a.Worlds)
		require.Equal(t, b.P, a.P)
		require.Equal(t, b.Murderers, a.Murderers)
	}
}
