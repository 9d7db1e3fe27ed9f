package deductio

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// BenchmarkThreats times the opponents' figures (Threats with the
// report's options) after every line of 20 simulated games of 3 and 4
// players, from the first seat.
func BenchmarkThreats(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{3, 4} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			var times []time.Duration
			for b.Loop() {
				times = times[:0]
				for seed := range uint64(20) {
					sim, err := Simulate(SimOptions{Players: n, Seed: seed})
					if err != nil {
						b.Fatal(err)
					}
					g := NewGame()
					for _, l := range sim.Logs[0] {
						if err := g.Apply(l); err != nil {
							b.Fatal(err)
						}
						start := time.Now()
						if _, err := g.Threats(ctx, ThreatOptions{}); err != nil {
							b.Fatal(err)
						}
						times = append(times, time.Since(start))
					}
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(len(times)), "positions")
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(times[len(times)*9/10].Microseconds())/1000, "p90-ms")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
		})
	}
}
