package deductio

import (
	"context"
	"io"
	"slices"
	"testing"
	"time"
)

// BenchmarkReportPrefixes writes the full text report (every candidate with
// its exact probability, the eliminations with their lines, the table's
// view of the seat's number and the best guess) at every line of 100
// simulated 4-player games, from the first seat, and reports the median,
// 90th percentile and largest time of one report.
//
//	go test ./encodings/deductio -run '^$' -bench ReportPrefixes -benchtime 1x
func BenchmarkReportPrefixes(b *testing.B) {
	ctx := context.Background()
	var logs [][]string
	for seed := range uint64(100) {
		sim, err := Simulate(SimOptions{Players: 4, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		logs = append(logs, sim.Logs[0])
	}
	var times []time.Duration
	b.ResetTimer()
	for b.Loop() {
		times = times[:0]
		for _, lines := range logs {
			g := NewGame()
			for _, l := range lines {
				if err := g.Apply(l); err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				if err := g.Report(ctx, io.Discard); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
			}
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(len(times)), "reports")
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
	b.ReportMetric(float64(times[len(times)*9/10].Microseconds()), "p90-µs")
	b.ReportMetric(float64(times[len(times)-1].Microseconds()), "max-µs")
}

// BenchmarkApply is the cost of accepting one line (compiling the game and
// counting its deals), over the lines of 20 simulated 4-player games.
func BenchmarkApply(b *testing.B) {
	var logs [][]string
	for seed := range uint64(20) {
		sim, err := Simulate(SimOptions{Players: 4, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		logs = append(logs, sim.Logs[0])
	}
	n := 0
	for b.Loop() {
		for _, lines := range logs {
			g := NewGame()
			for _, l := range lines {
				if err := g.Apply(l); err != nil {
					b.Fatal(err)
				}
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/line")
}

// BenchmarkSimulate plays one 4-player game.
func BenchmarkSimulate(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		if _, err := Simulate(SimOptions{Players: 4, Seed: seed}); err != nil {
			b.Fatal(err)
		}
		seed++
	}
}
