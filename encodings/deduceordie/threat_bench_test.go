package deduceordie

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// BenchmarkThreats times the opponents' knowledge (Threats with the
// sheet's options: every opponent, exact up to 256 worlds, else 200
// samples, open solutions counted up to 2) at every observation prefix of -dod.games simulated games per
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
				var cpu []time.Duration
				for _, g := range gs {
					c := *g
					c.threatFor = nil
					c.cnt = NewGame().cnt
					if _, err := c.cnt.Counter(c.prob).Count(ctx); err != nil {
						b.Fatal(err)
					}
					t0, c0 := time.Now(), cpuNow()
					if _, err := c.Threats(ctx, ThreatOptions{Limit: 2}); err != nil {
						b.Fatal(err)
					}
					st.times = append(st.times, time.Since(t0))
					cpu = append(cpu, cpuNow()-c0)
					st.sample()
				}
				st.report(b)
				reportCPU(b, cpu)
			}
		})
	}
}

// BenchmarkLeakAdvice times the advice with leaks (LeakAdvice, default
// options: 8 sampled worlds) for one random draw at every observation
// prefix of -dod.games simulated games per player count where the exposed
// card is recorded.
func BenchmarkLeakAdvice(b *testing.B) {
	benchDraws(b, true, func(ctx context.Context, g *Game, draw [3]Card) error {
		_, err := g.LeakAdvice(ctx, draw, LeakOptions{})
		return err
	})
}

// reportCPU reports the median and largest process CPU time of one
// position (all threads): the figure that holds on a loaded machine.
func reportCPU(b *testing.B, cpu []time.Duration) {
	if len(cpu) == 0 {
		return
	}
	slices.Sort(cpu)
	b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "median-cpu-ms")
	b.ReportMetric(float64(cpu[len(cpu)-1].Microseconds())/1000, "max-cpu-ms")
}
