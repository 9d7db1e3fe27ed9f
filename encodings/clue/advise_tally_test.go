package clue

import (
	"context"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestJointByTallyMatchesEvents checks the joint distribution of the
// envelope and the answer that question advice reads from one count per
// responder (jointByTally) against the count of each answer's worlds
// (jointByEvents): the same exact weighted counts, for every question of
// classic Cluedo positions and of the Card Game (questions of two items).
func TestJointByTallyMatchesEvents(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		preset      string
		players, qs int
		seat        int
		seed        uint64
		every       int // every how many questions are checked
		why         string
	}{
		{PresetCluedo, 3, 0, 0, 1, 9, "no question yet: the deal alone"},
		{PresetCluedo, 4, 6, 1, 2, 5, "four players, face-up cards, a few questions"},
		{PresetCluedo, 5, 12, 3, 3, 7, "five players, answers seen and unseen"},
		{PresetCluedo, 6, 20, 5, 4, 11, "six players, late"},
		{PresetCardGame, 4, 4, 2, 5, 1, "questions of two items"},
	} {
		s, err := Simulate(SimOptions{Preset: tc.preset, Players: tc.players, Seed: tc.seed, Questions: tc.qs})
		require.NoError(t, err)
		g := replay(t, s.Log(tc.seat), nil)
		p, err := g.Problem()
		require.NoError(t, err)
		a := &asker{g: g, p: p, seat: g.seatIndex()}
		n := len(g.players)
		var resp []solver.Holder
		for k := 1; k < n; k++ {
			resp = append(resp, solver.Holder((a.seat+k)%n))
		}
		checked := 0
		for i, q := range g.Questions() {
			if i%tc.every != 0 {
				continue
			}
			weight := int64(1)
			for j := 2; j <= len(q); j++ {
				weight = lcm(weight, int64(j))
			}
			joints := [2]map[string]map[outcome]*big.Int{}
			for m, f := range []func(context.Context, []solver.Card, []solver.Holder, int64, func([]solver.Card, outcome, *big.Int)) error{a.jointByEvents, a.jointByTally} {
				joint := map[string]map[outcome]*big.Int{}
				err := f(ctx, q, resp, weight, func(cards []solver.Card, o outcome, x *big.Int) {
					require.Positive(t, x.Sign(), "%s: %v: a count of no world", tc.why, q)
					key := cardsKey(cards)
					if joint[key] == nil {
						joint[key] = map[outcome]*big.Int{}
					}
					if joint[key][o] == nil {
						joint[key][o] = new(big.Int)
					}
					joint[key][o].Add(joint[key][o], x)
				})
				require.NoError(t, err)
				joints[m] = joint
			}
			require.Equal(t, len(joints[0]), len(joints[1]), "%s: %v: envelopes", tc.why, q)
			for key, row := range joints[0] {
				require.Equal(t, len(row), len(joints[1][key]), "%s: %v: answers", tc.why, q)
				for o, x := range row {
					y := joints[1][key][o]
					require.NotNil(t, y, "%s: %v: answer %v", tc.why, q, o)
					require.Zero(t, x.Cmp(y), "%s: %v: answer %v: %s by events, %s by tallies", tc.why, q, o, x, y)
				}
			}
			checked++
		}
		require.Positive(t, checked, tc.why)
	}
}
