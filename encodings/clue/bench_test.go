//go:build unix

package clue

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// benchGames is the number of simulated 6-player Cluedo games the prefix
// benchmarks sweep (docs/benchmarks.md gives the figures and the command).
var benchGames = flag.Int("clue.games", 100, "simulated games swept by the Clue prefix benchmarks")

// benchSims are the games of the prefix benchmarks: 6-player classic Cluedo,
// 40 questions, the occasional random accusation; seeds 1 to n.
func benchSims(b *testing.B, n int) []*Simulation {
	b.Helper()
	var out []*Simulation
	for seed := 1; seed <= n; seed++ {
		s, err := Simulate(SimOptions{Preset: PresetCluedo, Players: 6, Rand: rand.New(rand.NewPCG(uint64(seed), 6)), Questions: 40, AccuseChance: 0.02})
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// sweep replays every game from seat (seed mod 6) and calls f after every
// observation line (every prefix of the log with the setup closed),
// collecting how long f took.
func sweep(b *testing.B, sims []*Simulation, f func(g *Game) error) []time.Duration {
	b.Helper()
	var ds []time.Duration
	cpu0 := cpuTime()
	var applied time.Duration
	for i, s := range sims {
		g := NewGame()
		for _, l := range s.Log(i % 6)[1:] { // the lines after the header
			c0 := cpuTime()
			if err := g.Apply(l); err != nil {
				b.Fatal(err)
			}
			applied += cpuTime() - c0
			if g.prob == nil {
				continue
			}
			t0 := time.Now()
			if err := f(g); err != nil {
				b.Fatal(err)
			}
			ds = append(ds, time.Since(t0))
		}
	}
	// CPU time (all threads) per prefix, without replaying the lines: the
	// stable figure on a shared machine.
	b.ReportMetric(float64((cpuTime()-cpu0-applied).Microseconds())/1000/float64(len(ds)), "cpu-ms/prefix")
	return ds
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func report(b *testing.B, ds []time.Duration) {
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(ds[len(ds)/2]), "median-ms")
	b.ReportMetric(ms(ds[len(ds)*9/10]), "p90-ms")
	b.ReportMetric(ms(ds[len(ds)-1]), "max-ms")
	b.ReportMetric(float64(len(ds)), "prefixes")
	b.ReportMetric(peakRSS(), "peak-RSS-MB")
}

// peakRSS is the process's peak resident set size in MB (Linux), 0 when
// unknown.
func peakRSS() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// BenchmarkReportPrefixes times the full report (sheet, odds, envelopes,
// best accusation and the explanation of every known holder) on every
// prefix of the benchmark games.
func BenchmarkReportPrefixes(b *testing.B) {
	sims := benchSims(b, *benchGames)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		report(b, sweep(b, sims, func(g *Game) error {
			_, err := g.Analyze(ctx, true)
			return err
		}))
	}
}

// BenchmarkAdvisePrefixes times question advice (every legal question
// ranked) on every prefix of the benchmark games.
func BenchmarkAdvisePrefixes(b *testing.B) {
	sims := benchSims(b, *benchGames)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		report(b, sweep(b, sims, func(g *Game) error {
			_, err := g.AdviseQuestions(ctx)
			return err
		}))
	}
}

// BenchmarkApply times accepting one question line (parse, consistency
// check) in the middle of a 6-player game.
func BenchmarkApply(b *testing.B) {
	s := benchSims(b, 1)[0]
	lines := s.Log(0)[1:] // the lines after the header
	for b.Loop() {
		g := NewGame()
		for _, l := range lines[:25] {
			if err := g.Apply(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}
