package deduceordie

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestAccusationParts checks that the counter counts a position in parts
// exactly when it has a failed accusation: the wrong accusation's clauses
// are guarded by the Evidence pair, the right one's are not.
func TestAccusationParts(t *testing.T) {
	ctx := context.Background()
	g := NewGame()
	for _, line := range []string{"players alice bob carol dave", "seat alice", "hand alice AS 2S 3S 4H 5H 6C", "exposed 9C"} {
		require.NoError(t, g.Apply(line))
	}
	ev := g.evidenceH()
	x, y := mustCard(t, "7S"), mustCard(t, "5C")
	for _, tc := range []struct {
		name  string
		cons  []solver.Constraint
		parts int
	}{
		{"no accusation", nil, 1},
		{"failed accusation", AccusationWrong(x, y, g.exposed, 1, 2, ev), 2},
		{"failed accusation, pair given the other way", AccusationWrong(y, x, g.exposed, 1, 2, ev), 2},
		{"right accusation", AccusationRight(x, y, g.exposed, 1, 2, ev), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := g.prob.Clone()
			if tc.cons != nil {
				_, err := p.Add(solver.Observation{Label: tc.name, Constraints: tc.cons})
				require.NoError(t, err)
			}
			c := solver.NewCounter(p)
			require.Equal(t, tc.parts, c.Parts())
			n, err := c.Count(ctx)
			require.NoError(t, err)
			whole, err := solver.NewCounter(p, solver.WithoutParts()).Count(ctx)
			require.NoError(t, err)
			require.Equal(t, whole.String(), n.String())
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
// of its failed accusations, as the counter does by itself) gives exactly
// the counts of the whole problem, on every prefix of simulated games that
// has a failed accusation: the marginals, the Evidence contents and their
// joint with the murderer.
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
				pairs := accusedPairs(g.prob, ev)
				if pairs == nil {
					continue
				}
				split++
				pc := solver.NewCounter(g.prob)
				require.Equal(t, len(pairs)+1, pc.Parts())
				whole := solver.NewCounter(g.prob, solver.WithoutParts())
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
				for _, pair := range pairs {
					q := g.prob.Clone()
					_, err := q.Add(solver.Observation{Label: "the Evidence is the pair", Constraints: []solver.Constraint{solver.Holds(pair[0], ev), solver.Holds(pair[1], ev)}})
					require.NoError(t, err)
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

// accusedPairs are the Evidence pairs of the failed accusations of p, in
// order, each once; nil when there are none.
func accusedPairs(p *solver.Problem, ev solver.Holder) [][2]Card {
	var out [][2]Card
	for _, o := range p.Observations() {
		if len(o.Constraints) == 0 {
			continue
		}
		var pair []Card
		for _, k := range o.Constraints {
			if k.Op != solver.Ge || k.Bound != 1-len(k.Terms) {
				pair = nil
				break
			}
			var on []Card
			for _, t := range k.Terms {
				if t.Lit.Holder == ev && t.Coef == -1 {
					on = append(on, t.Lit.Card)
				}
			}
			slices.Sort(on)
			if len(on) != 2 || (pair != nil && !slices.Equal(on, pair)) {
				pair = nil
				break
			}
			pair = on
		}
		if pair != nil && !slices.Contains(out, [2]Card{pair[0], pair[1]}) {
			out = append(out, [2]Card{pair[0], pair[1]})
		}
	}
	return out
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
