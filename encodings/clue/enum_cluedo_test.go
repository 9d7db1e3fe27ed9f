package clue

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestEnumAdviceCluedo checks the pass over the worlds against counting
// for questions of three cards (classic Cluedo, whose questions the pass
// handles unrolled), the seat's own answers and an onlooker's: the same
// exact answer distributions and the same gains.
func TestEnumAdviceCluedo(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		players, questions, seat int
		seed                     uint64
		why                      string
	}{
		{3, 5, 0, 11, "three players"},
		{4, 8, 3, 12, "four players, face-up cards, the last seat"},
		{5, 14, 2, 13, "five players"},
	} {
		s, err := Simulate(SimOptions{Preset: PresetCluedo, Players: tc.players, Seed: tc.seed, Questions: tc.questions})
		require.NoError(t, err)
		g := replay(t, s.Log(tc.seat), nil)
		sheet, err := solver.NewSAT(g.prob).Sheet(ctx)
		require.NoError(t, err)
		var qs [][]solver.Card
		for i, q := range g.Questions() {
			if i%13 == 0 {
				qs = append(qs, q)
			}
		}
		for _, showerOnly := range []bool{false, true} {
			a := &asker{g: g, p: g.prob, sheet: sheet, seat: g.seatIndex(), showerOnly: showerOnly}
			ws, ok := a.collect(ctx, 1<<21)
			require.True(t, ok, tc.why)
			enum := a.enumAdvice(ws, qs)
			for i, q := range qs {
				want, err := a.advise(ctx, q)
				require.NoError(t, err)
				got := enum[i]
				require.InDelta(t, want.Gain, got.Gain, 1e-9, "%s %v onlooker %v", tc.why, want.Names, showerOnly)
				require.Len(t, got.Outcomes, len(want.Outcomes), "%s %v onlooker %v", tc.why, want.Names, showerOnly)
				probs := map[string]string{}
				for _, o := range want.Outcomes {
					probs[o.Shower+" "+o.Card] = o.Prob.RatString()
				}
				for _, o := range got.Outcomes {
					require.Equal(t, probs[o.Shower+" "+o.Card], o.Prob.RatString(), "%s %v onlooker %v: %s %s", tc.why, want.Names, showerOnly, o.Shower, o.Card)
				}
			}
		}
	}
}
