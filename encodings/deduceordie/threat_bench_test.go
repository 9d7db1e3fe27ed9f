package deduceordie

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BenchmarkThreats times the opponents' knowledge (Threats with the
// sheet's options: every opponent, exact up to 256 worlds, else 200
// samples) at every observation prefix of -dod.games simulated games per
// player count, the counter of each position built beforehand (as the
// sheet has built it when it asks).
func BenchmarkThreats(b *testing.B) {
	ctx := context.Background()
	for _, n := range benchCounts(b) {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			gs := prefixes(b, n, *benchGames)
			b.ResetTimer()
			for range b.N {
				var st stats
				for _, g := range gs {
					c := *g
					c.cnt = nil
					c.threatFor = nil
					if c.cnt == nil {
						c.cnt = NewGame().cnt
					}
					if _, err := c.cnt.Counter(c.prob).Count(ctx); err != nil {
						b.Fatal(err)
					}
					t0 := time.Now()
					if _, err := c.Threats(ctx, ThreatOptions{}); err != nil {
						b.Fatal(err)
					}
					st.times = append(st.times, time.Since(t0))
					st.sample()
				}
				st.report(b)
			}
		})
	}
}
