package murderbythedeck

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	benchGames   = flag.Int("mbtd.games", 100, "simulated rounds the mbtd benchmarks play")
	benchSamples = flag.Int("mbtd.samples", Samples, "worlds an estimate draws in the mbtd benchmarks")
)

// turnEnds are the indices of the lines that end a turn in a seat's log:
// the tracker is updated after each (the lines of one player's turn are
// applied together).
func turnEnds(lines []string) []int {
	var ends []int
	for i := range lines {
		if i+1 == len(lines) {
			ends = append(ends, i)
			continue
		}
		cur, next := strings.Fields(lines[i]), strings.Fields(lines[i+1])
		if i >= 2 && cur[0] != next[0] && next[1] != "shows" && next[1] != "dead" {
			ends = append(ends, i)
		}
	}
	return ends
}

// BenchmarkTrackerTurn is the tracker's update after each turn of simulated
// rounds, from the first seat: the turn's lines applied (each checked by
// the SAT engine) and the sheet drawn (the estimate from Samples worlds,
// every cell settled). It reports the median, 90th percentile and largest
// wall time of one update, and the median and largest CPU time (the
// process's, garbage collection included).
//
//	nice -n 10 go test ./encodings/murderbythedeck -run '^$' -bench TrackerTurn -benchtime 1x
func BenchmarkTrackerTurn(b *testing.B) {
	ctx := context.Background()
	var logs [][]string
	for seed := range uint64(*benchGames) {
		sim, err := Simulate(SimOptions{Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		logs = append(logs, sim.Logs[0])
	}
	var times, cpus []time.Duration
	var ses []float64
	met, exact := 0, 0
	var worst time.Duration
	var worstAt string
	for b.Loop() {
		times, cpus = times[:0], cpus[:0]
		for seed, lines := range logs {
			g := NewGame()
			g.SetSamples(*benchSamples)
			prev := 0
			for _, end := range turnEnds(lines) {
				start, cpu := time.Now(), cpuTime()
				for _, l := range lines[prev : end+1] {
					if err := g.Apply(l); err != nil {
						b.Fatal(err)
					}
				}
				prev = end + 1
				if _, err := g.Sheet(ctx); err != nil {
					b.Fatal(err)
				}
				if est, err := g.Estimate(ctx); err == nil {
					ses = append(ses, est.maxSE())
					if est.maxSE() <= TargetSE {
						met++
					}
					if est.Exact {
						exact++
					}
				}
				times = append(times, time.Since(start))
				cpus = append(cpus, cpuTime()-cpu)
				if d := cpus[len(cpus)-1]; d > worst {
					worst, worstAt = d, fmt.Sprintf("seed %d, lines up to %d", seed, end+1)
				}
			}
		}
	}
	b.Logf("the most CPU: %v at %s", worst, worstAt)
	slices.Sort(ses)
	b.ReportMetric(100*float64(met)/float64(len(ses)), "se-met-%")
	b.ReportMetric(100*float64(exact)/float64(len(ses)), "exact-%")
	b.ReportMetric(100*ses[len(ses)/2], "median-max-se-pts")
	b.ReportMetric(100*ses[len(ses)*9/10], "p90-max-se-pts")
	slices.Sort(times)
	slices.Sort(cpus)
	b.ReportMetric(float64(cpus[len(cpus)/2].Microseconds())/1000, "median-cpu-ms")
	b.ReportMetric(float64(cpus[len(cpus)-1].Microseconds())/1000, "max-cpu-ms")
	b.ReportMetric(float64(len(times)), "updates")
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*9/10].Microseconds())/1000, "p90-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
}
