package murderbythedeck

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	benchGames   = flag.Int("mbtd.games", 100, "simulated rounds the mbtd benchmarks play")
	benchSamples = flag.Int("mbtd.samples", Samples, "worlds an estimate draws in the mbtd benchmarks")
	benchPlay    = flag.String("mbtd.play", "random", "BenchmarkTrackerTurn: how the rounds are played: random (uniformly among legal choices) or fixed (the fixed rule of BenchmarkMatches in every seat)")
	benchChoices = flag.String("mbtd.choices", "", "the tracker's model of hidden choices in the mbtd benchmarks and TestCalibration: uniform or opaque (empty: the default)")
	benchTurns   = flag.Int("mbtd.turns", 0, "BenchmarkTrackerTurn: the most turns of a round, as the log's lines to their end (0: the whole round)")
)

// flagChoices is the model of hidden choices -mbtd.choices names.
func flagChoices(tb testing.TB) Choices {
	switch *benchChoices {
	case "":
		return NewGame().choices
	case "uniform":
		return ChoicesUniform
	case "opaque":
		return ChoicesOpaque
	}
	tb.Fatalf("-mbtd.choices %q: uniform or opaque", *benchChoices)
	return 0
}

// benchLogs are the first seat's logs of the benchmark's rounds (seeds
// -mbtd.first on): played as -mbtd.play says, under the readings
// -mbtd.rules names.
func benchLogs(b *testing.B) [][]string {
	rules := flagRules(b, *worthRules)
	var logs [][]string
	for seed := uint64(*worthFirst); seed < uint64(*worthFirst+*benchGames); seed++ {
		var lines []string
		switch *benchPlay {
		case "random":
			sim, err := Simulate(SimOptions{Seed: seed, Rules: rules})
			if err != nil {
				b.Fatal(err)
			}
			lines = sim.Logs[0]
		case "fixed":
			st := [Players]style{fixedStyle, fixedStyle, fixedStyle, fixedStyle}
			r, _, err := playRound(seed, rules, st, playOpts{})
			if err != nil {
				b.Fatal(err)
			}
			lines = SeatLog(rules, SimPlayers, 0, r.Deal[:HandSize], r.Events)
		default:
			b.Fatalf("-mbtd.play %q: random or fixed", *benchPlay)
		}
		logs = append(logs, lines)
	}
	return logs
}

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
// every cell settled). The rounds are played at random, or by the fixed
// rule of BenchmarkMatches in every seat (-mbtd.play fixed), under the
// default readings or those -mbtd.rules names ("discard keepdeath"). It
// reports the median, 90th percentile and largest
// wall time of one update, and the median and largest CPU time (the
// process's, garbage collection included).
//
//	nice -n 10 go test ./encodings/murderbythedeck -run '^$' -bench TrackerTurn -benchtime 1x
//	nice -n 10 go test ./encodings/murderbythedeck -run '^$' -bench TrackerTurn -benchtime 1x -mbtd.play fixed -mbtd.rules 'discard keepdeath'
func BenchmarkTrackerTurn(b *testing.B) {
	ctx := context.Background()
	logs := benchLogs(b)
	var times, cpus []time.Duration
	var ses []float64
	met, exact, refused := 0, 0, 0
	var worst time.Duration
	var worstAt string
	for b.Loop() {
		times, cpus = times[:0], cpus[:0]
		for seed, lines := range logs {
			g := NewGame()
			g.SetSamples(*benchSamples)
			g.SetChoices(flagChoices(b))
			prev := 0
			for k, end := range turnEnds(lines) {
				if *benchTurns > 0 && k >= *benchTurns {
					break
				}
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
				if est, err := g.Estimate(ctx); err != nil {
					refused++
				} else {
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
					worst, worstAt = d, fmt.Sprintf("seed %d, lines up to %d", seed+*worthFirst, end+1)
				}
				if k%100 == 99 {
					fmt.Fprintf(os.Stderr, "round %d, line %d: update %d took %v of CPU\n", seed+*worthFirst, end+1, k+1, cpus[len(cpus)-1])
				}
			}
			// A line a round on standard error, so that a run stopped
			// short still says what it measured.
			sorted := slices.Sorted(slices.Values(cpus))
			fmt.Fprintf(os.Stderr, "round %d done (%d lines): %d updates so far, median CPU %v, largest %v (%s)\n", seed+*worthFirst, len(lines), len(cpus), sorted[len(sorted)/2], worst, worstAt)
		}
	}
	b.Logf("the most CPU: %v at %s", worst, worstAt)
	slices.Sort(ses)
	b.ReportMetric(100*float64(met)/float64(len(ses)), "se-met-%")
	b.ReportMetric(100*float64(exact)/float64(len(ses)), "exact-%")
	b.ReportMetric(float64(refused), "no-estimate")
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
