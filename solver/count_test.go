package solver

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// longCount runs the long property runs of the counting engine:
//
//	go test ./solver -run Count -long
var longCount = flag.Bool("long", false, "run the long property tests of the counting engine")

// bruteJoint tallies the holder tuples of cards over the worlds of p.
func bruteJoint(ws []World, cards []Card) map[string]int64 {
	out := map[string]int64{}
	for _, w := range ws {
		hs := make([]Holder, len(cards))
		for i, c := range cards {
			hs[i] = w[c]
		}
		out[fmt.Sprint(hs)]++
	}
	return out
}

func contentOf(w World, h Holder) []Card {
	var cs []Card
	for c, g := range w {
		if g == h {
			cs = append(cs, Card(c))
		}
	}
	return cs
}

// testPick is a pick function for tests: it depends on the content, returns
// no card for some contents and a card of the content for others.
func testPick(n int) func([]Card) (Card, bool) {
	return func(cs []Card) (Card, bool) {
		s := 0
		for _, c := range cs {
			s += int(c)*3 + 1
		}
		if s%5 == 4 {
			return 0, false
		}
		return Card(s % n), true
	}
}

// inactiveChecked counts the checks of Contents and ContentsAndHolder of a
// holder that takes no free card (answered from the default graph).
var inactiveChecked int

// checkAgainstBrute compares every answer of the counter on p (made with
// opts) with the brute-force oracle, exactly.
func checkAgainstBrute(t *testing.T, rng *rand.Rand, p *Problem, opts ...CounterOption) {
	t.Helper()
	ctx := context.Background()
	m := p.Model()
	n, k := m.NumCards(), m.NumHolders()
	ws := bruteWorlds(p)
	cnt := NewCounter(p, opts...)

	got, err := cnt.Count(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(len(ws)), got.Int64(), "count")
	require.True(t, got.IsInt64())

	marg, err := cnt.Marginals(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(len(ws)), marg.Total.Int64(), "marginal total")
	want := bruteMarginals(p)
	for c := 0; c < n; c++ {
		for h := 0; h < k; h++ {
			require.Equal(t, want[c][h], marg.Count(Card(c), Holder(h)).Int64(), "marginal %d %d", c, h)
		}
	}

	// Joint of up to three cards, with a repeat now and then.
	q := 1 + rng.IntN(min(3, n))
	cards := make([]Card, q)
	for i := range cards {
		cards[i] = Card(rng.IntN(n))
	}
	joint, err := cnt.Joint(ctx, cards)
	require.NoError(t, err)
	wj := bruteJoint(ws, cards)
	gj := map[string]int64{}
	for i, jc := range joint {
		require.Positive(t, jc.Count.Sign(), "joint outcomes are non-zero")
		if i > 0 {
			require.Negative(t, slices.Compare(joint[i-1].Holders, jc.Holders), "joint order")
		}
		gj[fmt.Sprint(jc.Holders)] = jc.Count.Int64()
	}
	require.Equal(t, wj, gj, "joint of %v", cards)

	// Contents and ContentsAndHolder of a random holder.
	h := Holder(rng.IntN(k))
	cont, err := cnt.Contents(ctx, h)
	require.NoError(t, err)
	wc := map[string]int64{}
	wch := map[string]int64{}
	pick := testPick(n)
	for _, w := range ws {
		cs := contentOf(w, h)
		wc[fmt.Sprint(cs)]++
		g := NoHolder
		if c, ok := pick(cs); ok {
			g = w[c]
		}
		wch[fmt.Sprint(cs, g)]++
	}
	gc := map[string]int64{}
	for i, cc := range cont {
		require.True(t, slices.IsSorted(cc.Cards))
		if i > 0 {
			require.Negative(t, slices.Compare(cont[i-1].Cards, cc.Cards), "contents order")
		}
		gc[fmt.Sprint(cc.Cards)] = cc.Count.Int64()
	}
	require.Equal(t, wc, gc, "contents of %d", h)
	ch, err := cnt.ContentsAndHolder(ctx, h, pick)
	require.NoError(t, err)
	gch := map[string]int64{}
	for _, o := range ch {
		require.Positive(t, o.Count.Sign())
		key := fmt.Sprint(o.Cards, o.Holder)
		require.NotContains(t, gch, key)
		gch[key] = o.Count.Int64()
	}
	require.Equal(t, wch, gch, "contents and holder of %d", h)
	if g := cnt.parts[0].KeptGraph(count.NoHolder); len(cnt.parts) == 1 && g != nil && !g.Infeasible() && g.HolderLayer(count.Holder(h)) < 0 {
		inactiveChecked++ // h took the default graph
	}

	// Sample returns worlds of p, or ErrInconsistent.
	w, err := cnt.Sample(ctx, rng)
	if len(ws) == 0 {
		require.ErrorIs(t, err, ErrInconsistent)
	} else {
		require.NoError(t, err)
		v, deal := p.Check(w)
		require.True(t, deal)
		require.Nil(t, v)
	}
}

func describeCount(p *Problem) string {
	var b strings.Builder
	m := p.Model()
	for h := 0; h < m.NumHolders(); h++ {
		fmt.Fprintf(&b, "%s:%v ", m.HolderName(Holder(h)), m.HolderSize(Holder(h)))
	}
	for c := 0; c < m.NumCards(); c++ {
		fmt.Fprintf(&b, "\n%s allowed", m.CardName(Card(c)))
		for h := 0; h < m.NumHolders(); h++ {
			if m.Allowed(Card(c), Holder(h)) {
				fmt.Fprintf(&b, " %d", h)
			}
		}
	}
	for i, o := range p.Observations() {
		fmt.Fprintf(&b, "\nobs %d: %v", i, o.Constraints)
	}
	return b.String()
}

// randomCountProblem is randomProblem with, half of the time, one more
// observation: a constraint whose literals name distinct cards and at least
// two holders, so that it is carried through the holder layers.
func randomCountProblem(rng *rand.Rand, cards, holders int) *Problem {
	p := randomProblem(rng, cards, holders)
	m := p.Model()
	if m.NumHolders() < 2 || m.NumCards() < 2 || rng.IntN(2) == 0 {
		return p
	}
	for {
		k := randomConstraint(rng, m.NumCards(), m.NumHolders())
		hs := map[Holder]bool{}
		cs := map[Card]bool{}
		for _, t := range k.Terms {
			hs[t.Lit.Holder] = true
			cs[t.Lit.Card] = true
		}
		if len(hs) >= 2 && len(cs) == len(k.Terms) {
			if _, err := p.Add(Observation{Label: "cross", Constraints: []Constraint{k}}); err != nil {
				panic(err)
			}
			return p
		}
	}
}

// countShapes are the random problem shapes of the property run: how many
// problems of at most cards cards and holders holders. Brute force costs
// holders^cards worlds, so most problems are small.
func countShapes() []satSize {
	if *longCount {
		return []satSize{{60000, 7, 4}, {20000, 9, 3}, {10000, 6, 6}, {3000, 10, 4}}
	}
	return []satSize{{4000, 7, 4}, {600, 9, 3}, {400, 6, 6}, {60, 10, 4}}
}

// TestCounterMatchesBrute checks the counter against the brute-force oracle
// on random problems, exactly: counts, marginals, joints, contents, the
// content-and-holder split, and that samples are worlds. It also checks that
// the run covers the cases that matter: interchangeable cards counted
// together, constraints spanning several holders, empty and large counts.
func TestCounterMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var total, feasible, bigCells, crossCons, diffs, clauses int
	inactiveChecked = 0
	for _, sz := range countShapes() {
		for i := 0; i < sz.n; i++ {
			p := randomCountProblem(rng, sz.cards, sz.holders)
			for _, o := range p.Observations() {
				for _, k := range o.Constraints {
					neg, pos := 0, 0
					for _, t := range k.Terms {
						if t.Coef < 0 {
							neg++
						} else {
							pos++
						}
					}
					if neg > 0 && pos > 0 && k.Op == Le {
						diffs++
					}
					if k.Op == Ge && k.Bound == 1-neg {
						clauses++
					}
				}
			}
			cp, err := count.Compile(context.Background(), countInput(p, 0))
			require.NoError(t, err)
			if !cp.Infeasible() {
				feasible++
				if cp.CrossConstraints() > 0 {
					crossCons++
				}
				for _, s := range cp.CellSizes() {
					if s > 1 {
						bigCells++
						break
					}
				}
			}
			total++
			ok := t.Run(fmt.Sprintf("%d-%d-%d/%d", sz.cards, sz.holders, sz.n, i), func(t *testing.T) { checkAgainstBrute(t, rng, p) })
			if !ok {
				t.Fatalf("instance:\n%s", describeCount(p))
			}
		}
	}
	t.Logf("%d problems: %d with worlds, %d with interchangeable cards, %d with multi-holder constraints; %d difference constraints, %d clauses; %d contents of a holder with no free card",
		total, feasible, bigCells, crossCons, diffs, clauses, inactiveChecked)
	require.Greater(t, inactiveChecked, total/20)
	require.GreaterOrEqual(t, total, 5000)
	require.Greater(t, feasible, total/4)
	require.Greater(t, bigCells, total/10)
	require.Greater(t, crossCons, total/10)
	require.Greater(t, diffs, total/2)
	require.Greater(t, clauses, total/2)
}
