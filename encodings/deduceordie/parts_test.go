package deduceordie

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver"
)

func TestGuardPair(t *testing.T) {
	const ev, a, d = solver.Holder(6), solver.Holder(0), solver.Holder(3)
	x, y, exposed := mustCard(t, "AS"), mustCard(t, "5H"), mustCard(t, "6S")
	for _, tc := range []struct {
		name string
		cons []solver.Constraint
		want bool
	}{
		{"failed accusation", AccusationWrong(x, y, exposed, a, d, ev), true},
		{"failed accusation, pair given the other way", AccusationWrong(y, x, exposed, a, d, ev), true},
		{"right accusation", AccusationRight(x, y, exposed, a, d, ev), false},
		{"clause with one Evidence card", []solver.Constraint{solver.Clause(nil, []solver.Lit{{Card: x, Holder: ev}, {Card: y, Holder: a}})}, false},
		{"clauses of two pairs", append(AccusationWrong(x, y, exposed, a, d, ev), AccusationWrong(x, exposed, y, a, d, ev)...), false},
		{"no constraint", nil, false},
		{"a count", []solver.Constraint{solver.CountOf([]solver.Lit{{Card: x, Holder: ev}, {Card: y, Holder: ev}}, solver.Le, 1)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pair, ok := guardPair(solver.Observation{Constraints: tc.cons}, ev)
			require.Equal(t, tc.want, ok)
			if ok {
				require.Equal(t, [2]Card{min(x, y), max(x, y)}, pair)
			}
		})
	}
}

func mustCard(t *testing.T, name string) Card {
	t.Helper()
	c, err := ParseCard(name)
	require.NoError(t, err)
	return c
}

// TestReportParts checks that counting a position in parts (by the pairs
// of its failed accusations) gives exactly the counts of the whole
// problem, on every prefix of simulated games that has a failed
// accusation: the marginals, the Evidence contents and their joint with
// the murderer.
func TestReportParts(t *testing.T) {
	ctx := context.Background()
	split, live := 0, 0
	for _, n := range []int{3, 4, 5, 6} {
		for seed := range uint64(7) {
			sim, err := Simulate(SimOptions{Players: n, Seed: seed})
			require.NoError(t, err)
			g := NewGame()
			for _, line := range sim.Logs[0][1:] {
				require.NoError(t, g.Apply(line))
				if g.prob == nil {
					continue
				}
				ev := g.evidenceH()
				parts := reportParts(g.prob, ev)
				if parts == nil {
					continue
				}
				split++
				pc := partsOr(g.prob, ev, nil).(partCounter)
				require.Len(t, pc, len(parts))
				whole := solver.NewCounter(g.prob)
				wm, err := whole.Marginals(ctx)
				require.NoError(t, err)
				pm, err := pc.Marginals(ctx)
				require.NoError(t, err)
				require.Equal(t, wm.Total.String(), pm.Total.String(), "%q", line)
				for c := range solver.Card(NumCards) {
					for h := range solver.Holder(g.model.NumHolders()) {
						require.Equal(t, wm.Count(c, h).String(), pm.Count(c, h).String(), "%q: %s %d", line, CardName(c), h)
					}
				}
				wc, err := whole.Contents(ctx, ev)
				require.NoError(t, err)
				pcc, err := pc.Contents(ctx, ev)
				require.NoError(t, err)
				require.Equal(t, contentsText(wc), contentsText(pcc), "%q", line)
				exposed := g.exposed
				if exposed < 0 {
					exposed = 0 // five players: any card picks some card
				}
				wj, err := whole.ContentsAndHolder(ctx, ev, murdererPick(exposed))
				require.NoError(t, err)
				pj, err := pc.ContentsAndHolder(ctx, ev, murdererPick(exposed))
				require.NoError(t, err)
				require.Equal(t, jointText(wj), jointText(pj), "%q", line)
				// The accused pairs' parts have worlds in some positions.
				for _, q := range parts[1:] {
					if n, err := solver.NewCounter(q).Count(ctx); err == nil && n.Sign() > 0 {
						live++
						break
					}
				}
			}
		}
	}
	t.Logf("%d positions counted in parts, %d of them with worlds whose Evidence is an accused pair", split, live)
	require.Greater(t, split, 100)
	require.Greater(t, live, 20)
}

func contentsText(cc []solver.ContentCount) []string {
	var out []string
	for _, x := range cc {
		out = append(out, CardName(x.Cards[0])+"+"+CardName(x.Cards[1])+" "+x.Count.String())
	}
	return out
}

func jointText(jc []solver.ContentHolderCount) []string {
	var out []string
	for _, x := range jc {
		out = append(out, CardName(x.Cards[0])+"+"+CardName(x.Cards[1])+" "+string(rune('a'+x.Holder+1))+" "+x.Count.String())
	}
	return out
}
