package theresbeenamurder

import (
	"flag"
	"fmt"
	"slices"
	"testing"
	"time"
)

var (
	benchGames    = flag.Int("tbam.games", 100, "simulated games for BenchmarkTrackerUpdate")
	benchProgress = flag.Bool("tbam.progress", false, "print BenchmarkTrackerUpdate's figures after each game")
)

// BenchmarkTrackerUpdate is the full tracker update after each line of
// seat alice's logs of simulated 8-player games (seeds 1 to
// -tbam.games): it reports the median and the largest time of one update,
// the same in process CPU time (the machine may be shared), the share of
// games the tracker followed to the end, and the process's peak resident
// memory.
func BenchmarkTrackerUpdate(b *testing.B) {
	for b.Loop() {
		var times, cpus []time.Duration
		followed := 0
		for seed := range uint64(*benchGames) {
			sim, err := Simulate(SimOptions{Players: 8, Seed: seed + 1})
			if err != nil {
				b.Fatal(err)
			}
			g := NewGame()
			for _, line := range sim.Logs[0] {
				if err := g.Apply(line); err != nil {
					b.Fatal(err)
				}
				start, cpu0 := time.Now(), cpuTime()
				g.track()
				times = append(times, time.Since(start))
				cpus = append(cpus, cpuTime()-cpu0)
			}
			if g.lostAt == 0 {
				followed++
			}
			if *benchProgress {
				st, sc := slices.Clone(times), slices.Clone(cpus)
				slices.Sort(st)
				slices.Sort(sc)
				fmt.Printf("after %d games: %d updates, wall median %v max %v, CPU median %v max %v, followed %d, peak %.0f MB\n",
					seed+1, len(st), st[len(st)/2], st[len(st)-1], sc[len(sc)/2], sc[len(sc)-1], followed, float64(peakRSS())/(1<<20))
			}
		}
		slices.Sort(times)
		slices.Sort(cpus)
		b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
		b.ReportMetric(float64(cpus[len(cpus)/2].Microseconds())/1000, "median-cpu-ms")
		b.ReportMetric(float64(cpus[len(cpus)-1].Microseconds())/1000, "max-cpu-ms")
		b.ReportMetric(float64(len(times)), "updates")
		b.ReportMetric(float64(followed)/float64(*benchGames), "followed")
		b.ReportMetric(float64(peakRSS())/(1<<20), "peak-MB")
	}
}
