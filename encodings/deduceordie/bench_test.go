package deduceordie

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// Benchmark flags: go test -bench . -dod.games 100 runs the full
// measurement of docs/benchmarks.md; the default is a quick sample.
var (
	benchGames   = flag.Int("dod.games", 3, "simulated games per player count in the benchmarks")
	benchPlayers = flag.String("dod.players", "3,4,5,6", "player counts the benchmarks run")
	benchEvery   = flag.Int("dod.every", 1, "advice benchmarks: time every n-th position where the seat plays")
	benchTrace   = flag.Bool("dod.trace", false, "advice benchmarks: print each position's wall and CPU time to stderr as it is timed")
	benchOnly    = flag.String("dod.positions", "", "advice benchmarks: time only these positions (comma-separated, as -dod.trace numbers them; the draws stay those of the full run)")
)

func benchCounts(b *testing.B) []int {
	var out []int
	for _, f := range strings.Split(*benchPlayers, ",") {
		var n int
		if _, err := fmt.Sscan(f, &n); err != nil || n < 3 || n > 6 {
			b.Fatalf("-dod.players: %q", f)
		}
		out = append(out, n)
	}
	return out
}

// prefixes are every observation prefix of seat 0's log of the games:
// the setup, then one more line at a time.
func prefixes(b testing.TB, n, games int) []*Game {
	var out []*Game
	for seed := range uint64(games) {
		s, err := Simulate(SimOptions{Players: n, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		g := NewGame()
		for i, line := range s.Logs[0][1:] {
			if err := g.Apply(line); err != nil {
				b.Fatal(err)
			}
			if i >= 3 { // players, seat, hand applied
				c := *g
				c.lines = slices.Clone(g.lines)
				c.obsLine = slices.Clone(g.obsLine)
				c.handKnown = slices.Clone(g.handKnown)
				c.revealed = slices.Clone(g.revealed)
				c.eliminated = slices.Clone(g.eliminated)
				c.secretUsed = slices.Clone(g.secretUsed)
				c.cnt = nil // each position counts from scratch, keeping nothing
				out = append(out, &c)
			}
		}
	}
	return out
}

// stats are a benchmark's times and its peak memory: the Go heap and
// stacks held from the OS (HeapSys - HeapReleased + StackSys) after each
// position,
// and the process's largest resident set (getrusage; over the whole run of
// the test binary, so run one player count to read it for that count).
type stats struct {
	times []time.Duration
	peak  uint64
}

func (s *stats) report(b *testing.B) {
	slices.Sort(s.times)
	med := s.times[len(s.times)/2]
	b.ReportMetric(float64(med.Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(s.times[len(s.times)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(len(s.times)), "positions")
	b.ReportMetric(float64(s.peak)/(1<<20), "peak-MB")
	b.ReportMetric(float64(peakRSS())/(1<<20), "peak-rss-MB")
}

func (s *stats) sample() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s.peak = max(s.peak, m.HeapSys-m.HeapReleased+m.StackSys)
}

// BenchmarkReport times the full report (Analyze: sheet, marginals,
// Evidence pairs, Murder cards, murderers, best accusation) at every
// observation prefix of -dod.games simulated games per player count.
func BenchmarkReport(b *testing.B) {
	ctx := context.Background()
	for _, n := range benchCounts(b) {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			gs := prefixes(b, n, *benchGames)
			b.ResetTimer()
			for range b.N {
				var st stats
				for _, g := range gs {
					t0 := time.Now()
					if _, err := g.Analyze(ctx); err != nil {
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

// BenchmarkAdvice times the advice for one random draw (every legal
// question, the Secret Interrogation while unused) at every observation
// prefix of -dod.games simulated games per player count.
func BenchmarkAdvice(b *testing.B) {
	benchDraws(b, false, func(ctx context.Context, g *Game, draw [3]Card) error {
		_, err := g.Advice(ctx, draw)
		return err
	})
}

// benchDraws times advise for one random draw at every observation prefix
// of -dod.games simulated games per player count where the seat still
// plays (and, with needExposed, the exposed card is recorded where the
// player count has one), or every -dod.every-th of them, each position
// with a fresh counter cache. It reports the wall times, the memory and
// the process CPU time per position.
func benchDraws(b *testing.B, needExposed bool, advise func(ctx context.Context, g *Game, draw [3]Card) error) {
	ctx := context.Background()
	var positions []int
	for _, f := range strings.Split(*benchOnly, ",") {
		var i int
		if _, err := fmt.Sscan(f, &i); err == nil {
			positions = append(positions, i)
		} else if strings.TrimSpace(f) != "" {
			b.Fatalf("-dod.positions: %q", f)
		}
	}
	only := func(i int) bool { return len(positions) == 0 || slices.Contains(positions, i) }
	for _, n := range benchCounts(b) {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			gs := prefixes(b, n, *benchGames)
			rng := rand.New(rand.NewPCG(1, 1))
			b.ResetTimer()
			for range b.N {
				var st stats
				var cpu []time.Duration
				k := 0
				for i, g := range gs {
					if g.over || g.eliminated[0] || needExposed && g.exposed < 0 && HasExposed(n) {
						continue
					}
					draw := [3]Card{Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))}
					if k++; (k-1)%max(*benchEvery, 1) != 0 || !only(i) {
						continue
					}
					c := *g
					c.cnt = NewGame().cnt
					t0, c0 := time.Now(), cpuNow()
					if err := advise(ctx, &c, draw); err != nil {
						b.Fatal(err)
					}
					st.times = append(st.times, time.Since(t0))
					cpu = append(cpu, cpuNow()-c0)
					st.sample()
					if *benchTrace {
						fmt.Fprintf(os.Stderr, "players=%d position %d: %v wall, %v CPU\n", n, i, st.times[len(st.times)-1].Round(time.Millisecond), cpu[len(cpu)-1].Round(time.Millisecond))
					}
				}
				st.report(b)
				reportCPU(b, cpu)
			}
		})
	}
}
