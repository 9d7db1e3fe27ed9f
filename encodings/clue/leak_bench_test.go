//go:build unix

package clue

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// leakPlayers and leakEvery choose the positions of the leak-advice
// benchmark: Cluedo games of each player count, every leakEvery-th prefix.
var (
	leakPlayers = flag.String("clue.leakplayers", "3,4,5,6", "player counts of BenchmarkLeakAdvicePrefixes")
	leakEvery   = flag.Int("clue.leakevery", 5, "BenchmarkLeakAdvicePrefixes times every n-th prefix")
)

// BenchmarkLeakAdvicePrefixes times leak-aware question advice
// ([Game.LeakAdvice] as advise gives it: LeakOptions.Limit SessionLeakLimit) on every
// -clue.leakevery-th prefix of -clue.games simulated classic Cluedo games
// (40 questions, seeds 1 to n) per player count, from seat (seed mod
// players).
func BenchmarkLeakAdvicePrefixes(b *testing.B) {
	var counts []int
	for _, f := range splitComma(*leakPlayers) {
		var n int
		fmt.Sscan(f, &n)
		counts = append(counts, n)
	}
	ctx := context.Background()
	for _, np := range counts {
		b.Run(fmt.Sprintf("%dp", np), func(b *testing.B) {
			for range b.N {
				var ds, cpu []time.Duration
				for seed := 1; seed <= *benchGames; seed++ {
					s, err := Simulate(SimOptions{Preset: PresetCluedo, Players: np, Rand: rand.New(rand.NewPCG(uint64(seed), uint64(np))), Questions: 40, AccuseChance: 0.02})
					if err != nil {
						b.Fatal(err)
					}
					g := NewGame()
					for i, l := range s.Log(seed % np)[1:] {
						if err := g.Apply(l); err != nil {
							b.Fatal(err)
						}
						if g.prob == nil || i%*leakEvery != 0 {
							continue
						}
						t0, c0 := time.Now(), cpuTime()
						if _, err := g.LeakAdvice(ctx, LeakOptions{Limit: SessionLeakLimit}); err != nil {
							b.Fatal(err)
						}
						ds = append(ds, time.Since(t0))
						cpu = append(cpu, cpuTime()-c0)
					}
				}
				slices.Sort(cpu)
				b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "median-cpu-ms")
				b.ReportMetric(float64(cpu[len(cpu)*9/10].Microseconds())/1000, "p90-cpu-ms")
				report(b, ds)
			}
		})
	}
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}
