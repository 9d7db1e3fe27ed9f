package solver

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// bruteEntropy is the entropy, in bits, of outcome counts, from their
// probabilities: the naive formula, independent of the counter's sums.
func bruteEntropy(counts map[string]int64) (float64, int64) {
	var n int64
	for _, k := range counts {
		n += k
	}
	h := 0.0
	for _, k := range counts {
		if k > 0 {
			p := float64(k) / float64(n)
			h -= p * math.Log2(p)
		}
	}
	return h, n
}

// checkEntropyByTally compares EntropyByTally with the entropies of the
// outcomes of every world, enumerated: every tally value's number of
// worlds exactly, every entropy to 1e-9 bits. It reports whether the
// counter counted in parts split by h's content.
func checkEntropyByTally(t *testing.T, rng *rand.Rand, p *Problem) bool {
	ctx := context.Background()
	m := p.Model()
	H, N := m.NumHolders(), m.NumCards()
	h := Holder(rng.IntN(H))
	var ts []Tally
	for range rng.IntN(4) {
		t := Tally{Holder: Holder(rng.IntN(H))}
		for c := 0; c < N; c++ {
			if rng.IntN(2) == 0 {
				t.Cards = append(t.Cards, Card(c))
			}
		}
		ts = append(ts, t)
	}
	// pick: the least card not in the content, if any; or, for a third
	// of the problems, none.
	none := rng.IntN(3) == 0
	pick := func(content []Card) (Card, bool) {
		if none {
			return 0, false
		}
		for c := range Card(N) {
			if !slices.Contains(content, c) {
				return c, true
			}
		}
		return 0, false
	}
	c := NewCounter(p)
	all, got, err := c.EntropyByTally(ctx, h, pick, ts)
	require.NoError(t, err)
	worlds := bruteWorlds(p)
	outcome := func(w World) string {
		content := contentOf(w, h)
		k, ok := pick(content)
		hk := NoHolder
		if ok {
			hk = w[k]
		}
		return fmt.Sprint(content, hk)
	}
	every := map[string]int64{}
	for _, w := range worlds {
		every[outcome(w)]++
	}
	wantH, wantN := bruteEntropy(every)
	require.Equal(t, fmt.Sprint(wantN), all.Worlds.String(), "every world")
	require.InDelta(t, wantH, all.Bits, 1e-9, "every world")
	require.Len(t, got, len(ts))
	for ti, tl := range ts {
		byValue := map[int]map[string]int64{}
		for _, w := range worlds {
			v := tl.value(w)
			if byValue[v] == nil {
				byValue[v] = map[string]int64{}
			}
			byValue[v][outcome(w)]++
		}
		var values []int
		for _, o := range got[ti] {
			values = append(values, o.Value)
			wantH, wantN := bruteEntropy(byValue[o.Value])
			require.Equal(t, fmt.Sprint(wantN), o.Worlds.String(), "tally %d value %d", ti, o.Value)
			require.InDelta(t, wantH, o.Bits, 1e-9, "tally %d value %d", ti, o.Value)
		}
		var want []int
		for v := range byValue {
			want = append(want, v)
		}
		slices.Sort(want)
		require.Equal(t, want, values, "tally %d: values with worlds, ascending", ti)
	}
	if c.Parts() > 1 {
		g, _ := splitParts(p)
		return g == h
	}
	return false
}

// TestEntropyByTally checks EntropyByTally against the worlds enumerated,
// on random problems (most answered by the sums off the split, some from
// settled contents) and on problems counted in parts (split by the
// content's holder, where the parts' sums add up, or by another, where
// the outcomes are listed).
func TestEntropyByTally(t *testing.T) {
	fast0, root0 := count.TallyRuns()
	rng := rand.New(rand.NewPCG(51, 52))
	for i := range 1500 {
		p := randomProblem(rng, 8, 4)
		if !t.Run(fmt.Sprint(i), func(t *testing.T) { checkEntropyByTally(t, rng, p) }) {
			t.Fatalf("instance:\n%s", describeCount(p))
		}
	}
	fast1, root1 := count.TallyRuns()
	require.Greater(t, fast1-fast0, int64(200), "tally holders answered from one graph")
	require.Greater(t, root1-root0, int64(10), "with the content settled")
	byH, other := 0, 0
	for i := range 600 {
		p := guardedProblem(rng)
		if !t.Run(fmt.Sprint("parts/", i), func(t *testing.T) {
			if checkEntropyByTally(t, rng, p) {
				byH++
			} else if NewCounter(p).Parts() > 1 {
				other++
			}
		}) {
			t.Fatalf("instance:\n%s", describeCount(p))
		}
	}
	t.Logf("in parts: %d split by the content's holder, %d by another", byH, other)
	require.Greater(t, byH, 50)
	require.Greater(t, other, 50)
}

// TestEntropyByTallyRows checks the other way of answering a tally
// holder, taken here wherever it applies: a graph per tally with the
// holder where the order search puts it, the split carried down to the
// first layer (count.SetTallyRows), against the worlds enumerated as in
// TestEntropyByTally, on other random problems and in parts.
func TestEntropyByTallyRows(t *testing.T) {
	defer count.SetTallyRows(count.SetTallyRows(1))
	rows0 := count.TallyRowsRuns()
	rng := rand.New(rand.NewPCG(59, 60))
	for i := range 1500 {
		p := randomProblem(rng, 8, 4)
		if !t.Run(fmt.Sprint(i), func(t *testing.T) { checkEntropyByTally(t, rng, p) }) {
			t.Fatalf("instance:\n%s", describeCount(p))
		}
	}
	for i := range 300 {
		p := guardedProblem(rng)
		if !t.Run(fmt.Sprint("parts/", i), func(t *testing.T) { checkEntropyByTally(t, rng, p) }) {
			t.Fatalf("instance:\n%s", describeCount(p))
		}
	}
	rows1 := count.TallyRowsRuns()
	t.Logf("%d tally holders answered from a graph per tally", rows1-rows0)
	require.Greater(t, rows1-rows0, int64(200), "tally holders answered from a graph per tally")
}

// TestEntropyByTallyTooLarge checks the way taken when a tally graph would
// be too large: every value counted on its own, its outcomes listed.
func TestEntropyByTallyTooLarge(t *testing.T) {
	defer count.SetTallyMaxEdges(count.SetTallyMaxEdges(1))
	fast0, _ := count.TallyRuns()
	rng := rand.New(rand.NewPCG(53, 54))
	for i := range 300 {
		p := randomProblem(rng, 8, 4)
		if !t.Run(fmt.Sprint(i), func(t *testing.T) { checkEntropyByTally(t, rng, p) }) {
			t.Fatalf("instance:\n%s", describeCount(p))
		}
	}
	fast1, _ := count.TallyRuns()
	require.Zero(t, fast1-fast0, "no tally graph is small enough")
}

// TestEntropyByTallyErrors checks that EntropyByTally refuses what
// ContentsAndHolderByTally refuses: unknown holders and cards, and a pick
// that names an unknown card.
func TestEntropyByTallyErrors(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(55, 56))
	p := randomProblem(rng, 8, 4)
	for rng := rand.New(rand.NewPCG(57, 58)); p.Model().NumCards() < 3; {
		p = randomProblem(rng, 8, 4)
	}
	m := p.Model()
	all := make([]Card, m.NumCards())
	for c := range all {
		all[c] = Card(c)
	}
	bad := func([]Card) (Card, bool) { return Card(m.NumCards()), true }
	for _, tc := range []struct {
		name    string
		h       Holder
		pick    func([]Card) (Card, bool)
		tallies []Tally
	}{
		{"unknown holder", Holder(m.NumHolders()), nil, nil},
		{"unknown tally holder", 0, nil, []Tally{{Holder: Holder(m.NumHolders()), Cards: all}}},
		{"unknown card", 0, nil, []Tally{{Holder: 0, Cards: []Card{Card(m.NumCards())}}}},
		{"pick of an unknown card", 0, bad, []Tally{{Holder: Holder(m.NumHolders() - 1), Cards: all}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewCounter(p).ContentsAndHolderByTally(ctx, tc.h, tc.pick, tc.tallies)
			if tc.pick != nil && err == nil {
				// No world: nothing is picked, and neither complains.
				t.Skip("no world")
			}
			require.Error(t, err)
			_, _, err = NewCounter(p).EntropyByTally(ctx, tc.h, tc.pick, tc.tallies)
			require.Error(t, err)
		})
	}
}
