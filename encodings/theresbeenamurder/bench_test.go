package theresbeenamurder

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"testing"
	"time"
)

var (
	benchGames    = flag.Int("tbam.games", 100, "simulated games for BenchmarkTrackerUpdate")
	benchSheet    = flag.Bool("tbam.sheet", false, "BenchmarkTrackerUpdate also times the sheet (the SAT's marks) after each line")
	benchProgress = flag.Bool("tbam.progress", false, "print BenchmarkTrackerUpdate's figures after each game")
)

// BenchmarkTrackerUpdate is the full tracker update after each line of
// seat alice's logs of simulated 8-player games (seeds 1 to
// -tbam.games): it reports the median and the largest time of one update,
// the median and largest time of the line's Apply (the SAT encoding's
// rebuild and consistency check), with -tbam.sheet those of the sheet,
// the same in process CPU time (the machine may be shared), the share of
// games the tracker followed to the end, and the process's peak resident
// memory.
func BenchmarkTrackerUpdate(b *testing.B) {
	for b.Loop() {
		var times, cpus, applies, sheets []time.Duration
		followed := 0
		for seed := range uint64(*benchGames) {
			sim, err := Simulate(SimOptions{Players: 8, Seed: seed + 1})
			if err != nil {
				b.Fatal(err)
			}
			g := NewGame()
			for _, line := range sim.Logs[0] {
				start, cpu0 := time.Now(), cpuTime()
				if err := g.Apply(line); err != nil {
					b.Fatal(err)
				}
				applies = append(applies, time.Since(start))
				start, cpu0 = time.Now(), cpuTime()
				g.track()
				times = append(times, time.Since(start))
				cpus = append(cpus, cpuTime()-cpu0)
				if *benchSheet && g.cfg != nil {
					start = time.Now()
					if _, err := g.Sheet(context.Background()); err != nil {
						b.Fatal(err)
					}
					sheets = append(sheets, time.Since(start))
				}
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
		slices.Sort(applies)
		b.ReportMetric(float64(applies[len(applies)/2].Microseconds())/1000, "apply-median-ms")
		b.ReportMetric(float64(applies[len(applies)-1].Microseconds())/1000, "apply-max-ms")
		if len(sheets) > 0 {
			slices.Sort(sheets)
			b.ReportMetric(float64(sheets[len(sheets)/2].Microseconds())/1000, "sheet-median-ms")
			b.ReportMetric(float64(sheets[len(sheets)-1].Microseconds())/1000, "sheet-max-ms")
		}
		b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
		b.ReportMetric(float64(cpus[len(cpus)/2].Microseconds())/1000, "median-cpu-ms")
		b.ReportMetric(float64(cpus[len(cpus)-1].Microseconds())/1000, "max-cpu-ms")
		b.ReportMetric(float64(len(times)), "updates")
		b.ReportMetric(float64(followed)/float64(*benchGames), "followed")
		b.ReportMetric(float64(peakRSS())/(1<<20), "peak-MB")
	}
}
