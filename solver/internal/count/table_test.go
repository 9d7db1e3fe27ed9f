package count

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStateTable checks the table of next states against a map: every key
// gets the index it was first stored with, through growth, with and
// without partial sums and whatever the caller's guess of the entries to
// come (guess), and the table never grows more than eightfold at once.
func TestStateTable(t *testing.T) {
	cases := []struct {
		name     string
		hint     int
		withSums bool
		guess    func(n int) int // the guess, from the entries so far
	}{
		{"no guess", 4, false, func(int) int { return 0 }},
		{"no guess, sums", 4, true, func(int) int { return 0 }},
		{"exact guess", 1, false, func(int) int { return 3000 }},
		{"huge guess", 1, true, func(int) int { return 1 << 30 }},
		{"growing guess", 16, false, func(n int) int { return 4 * n }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 11))
			tab := newStateTable(tc.hint, tc.withSums)
			type key struct{ k, s uint64 }
			want := map[key]int32{}
			var keys []key
			for i := range 20000 {
				var k key
				if len(keys) > 0 && i%3 == 0 {
					k = keys[rng.IntN(len(keys))] // a key seen before
				} else {
					k.k = rng.Uint64N(3000)
					if tc.withSums {
						k.s = rng.Uint64N(4)
					}
				}
				tab.guess = func() int { return tc.guess(tab.n) }
				before := len(tab.slots)
				v, added := tab.getOrPut(k.k, k.s, int32(len(want)))
				if old, ok := want[k]; ok {
					require.False(t, added, "key %v stored twice", k)
					require.Equal(t, old, v)
				} else {
					require.True(t, added, "new key %v not stored", k)
					require.Equal(t, int32(len(want)), v)
					want[k] = v
					keys = append(keys, k)
				}
				require.LessOrEqual(t, len(tab.slots), 8*before, "grew more than eightfold")
				require.LessOrEqual(t, 2*tab.n, len(tab.slots), "more than half full")
			}
			require.Equal(t, len(want), tab.n)
			for k, v := range want {
				got, added := tab.getOrPut(k.k, k.s, -1)
				require.False(t, added)
				require.Equal(t, v, got)
			}
		})
	}
}
