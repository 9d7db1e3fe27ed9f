package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// TestContentsAndHolderByTally checks the split joint against brute force
// on random problems: for every tally value, every (content, holder of the
// picked card) outcome has the number of worlds that have it.
func TestContentsAndHolderByTally(t *testing.T) {
	fast0, root0 := count.TallyRuns()
	checkByTally(t, rand.New(rand.NewPCG(31, 32)), 2500, plainProblem)
	fast1, root1 := count.TallyRuns()
	fast := fast1 - fast0
	t.Logf("%d tally holders answered from one graph", fast)
	require.Greater(t, fast, int64(300))
	root := root1 - root0
	t.Logf("%d with the content settled", root)
	require.Greater(t, root, int64(20))
}

// TestContentsAndHolderByTallyTooLarge checks the way taken when a tally
// graph would be too large: every value counted on its own.
func TestContentsAndHolderByTallyTooLarge(t *testing.T) {
	defer count.SetTallyMaxEdges(count.SetTallyMaxEdges(1))
	fast0, _ := count.TallyRuns()
	checkByTally(t, rand.New(rand.NewPCG(33, 34)), 300, plainProblem)
	fast1, _ := count.TallyRuns()
	require.Zero(t, fast1-fast0, "no tally graph is small enough")
}

// TestContentsAndHolderByTallyParts checks the split joint on problems
// counted in parts: the parts' outcomes are added up, and a count that
// several tallies share (a tally settled or of the content's holder) must
// be added once to each.
func TestContentsAndHolderByTallyParts(t *testing.T) {
	checkByTally(t, rand.New(rand.NewPCG(35, 36)), 600, guardedProblem)
}

// plainProblem is a random problem of up to 8 cards and 4 holders.
func plainProblem(rng *rand.Rand) *Problem { return randomProblem(rng, 8, 4) }

// checkByTally compares ContentsAndHolderByTally with brute force on n
// random problems made by gen.
func checkByTally(t *testing.T, rng *rand.Rand, n int, gen func(*rand.Rand) *Problem) {
	ctx := context.Background()
	for it := 0; it < n; it++ {
		p := gen(rng)
		m := p.Model()
		H, N := m.NumHolders(), m.NumCards()
		h := Holder(rng.IntN(H))
		var ts []Tally
		for range 1 + rng.IntN(3) {
			t := Tally{Holder: Holder(rng.IntN(H))}
			for c := 0; c < N; c++ {
				if rng.IntN(2) == 0 {
					t.Cards = append(t.Cards, Card(c))
				}
			}
			ts = append(ts, t)
		}
		// pick: the least card not in the content, if any.
		pick := func(content []Card) (Card, bool) {
			for c := 0; c < N; c++ {
				in := false
				for _, k := range content {
					if k == Card(c) {
						in = true
					}
				}
				if !in {
					return Card(c), true
				}
			}
			return 0, false
		}
		got, err := NewCounter(p).ContentsAndHolderByTally(ctx, h, pick, ts)
		require.NoError(t, err)
		for ti, tl := range ts {
			want := map[string]int64{}
			for _, w := range bruteWorlds(p) {
				content := contentOf(w, h)
				k, ok := pick(content)
				hk := NoHolder
				if ok {
					hk = w[k]
				}
				want[fmt.Sprint(tl.value(w), content, hk)]++
			}
			have := map[string]int64{}
			for _, o := range got[ti] {
				for _, x := range o.Joint {
					require.True(t, x.Count.IsInt64())
					have[fmt.Sprint(o.Value, x.Cards, x.Holder)] += x.Count.Int64()
				}
			}
			require.Equal(t, want, have, "instance %d tally %d", it, ti)
		}
	}
}
