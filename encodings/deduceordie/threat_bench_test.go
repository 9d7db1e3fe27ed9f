package deduceordie

import (
	"context"
	"flag"
	"fmt"
	"os"
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
//
// -dod.viewdraws n estimates each opponent view's leaks from n draws
// (LeakOptions.ViewDraws) instead of counting them exactly, and
// -dod.leaksamples the seat's sampled worlds (default 8); -dod.leaktop and
// -dod.leakall set LeakOptions.Top and All.
func BenchmarkLeakAdvice(b *testing.B) {
	benchDraws(b, true, func(ctx context.Context, g *Game, draw [3]Card) error {
		adv, err := g.LeakAdvice(ctx, draw, LeakOptions{ViewDraws: *benchViewDraws, Samples: *benchLeakSamples, Top: *benchLeakTop, All: *benchLeakAll})
		if err == nil && *benchTrace {
			var ses, leaks []float64
			for _, q := range adv.Questions {
				for _, l := range q.Leaks {
					ses = append(ses, l.StdErr)
					leaks = append(leaks, l.Gain)
				}
			}
			if len(ses) > 0 {
				slices.Sort(ses)
				slices.Sort(leaks)
				fmt.Fprintf(os.Stderr, "leaks: median %.4f bits, largest %.4f; standard errors: median %.4f, largest %.4f; %d of %d questions weighed",
					leaks[len(leaks)/2], leaks[len(leaks)-1], ses[len(ses)/2], ses[len(ses)-1], adv.LeakWeighed, len(adv.Questions))
				if len(adv.Questions) > 1 && adv.Questions[1].Leaks != nil {
					// How far apart the best two are, in the larger of
					// their largest leaks' standard errors.
					se := 0.0
					for _, q := range adv.Questions[:2] {
						worst := Leak{}
						for _, l := range q.Leaks {
							if l.Gain > worst.Gain {
								worst = l
							}
						}
						se = max(se, worst.StdErr)
					}
					fmt.Fprintf(os.Stderr, "; best two %.4f apart, largest leaks' SE %.4f", adv.Questions[0].Score-adv.Questions[1].Score, se)
				}
				fmt.Fprintln(os.Stderr)
			}
		}
		return err
	})
}

var (
	benchViewDraws   = flag.Int("dod.viewdraws", 0, "BenchmarkLeakAdvice: estimate each view's leaks from this many draws (0: exact)")
	benchLeakSamples = flag.Int("dod.leaksamples", 0, "BenchmarkLeakAdvice: the seat's sampled worlds (0: the default, 8)")
	benchLeakTop     = flag.Int("dod.leaktop", 0, "BenchmarkLeakAdvice: the questions weighed for certain (LeakOptions.Top; 0: the default, 2)")
	benchLeakAll     = flag.Bool("dod.leakall", false, "BenchmarkLeakAdvice: weigh every question (LeakOptions.All)")
)

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
