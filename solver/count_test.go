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

// checkAgainstBrute compares every answer of the counter on p with the
// brute-force oracle, exactly.
func checkAgainstBrute(t *testing.T, rng *rand.Rand, p *Problem) {
	t.Helper()
	ctx := context.Background()
	m := p.Model()
	n, k := m.NumCards(), m.NumHolders()
	ws := bruteWorlds(p)
	cnt := NewCounter(p)

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

// TestCounterMatchesBrute checks the counter against the brute-force oracle
// on random problems, exactly: counts, marginals, joints, contents, the
// content-and-holder split, and that samples are worlds.
func TestCounterMatchesBrute(t *testing.T) {
	n := 5000
	if *longCount {
		n = 100000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n; i++ {
		p := randomProblem(rng, 7, 4)
		ok := t.Run(fmt.Sprint(i), func(t *testing.T) { checkAgainstBrute(t, rng, p) })
		if !ok {
			t.Fatalf("instance %d:\n%s", i, describeCount(p))
		}
	}
}
