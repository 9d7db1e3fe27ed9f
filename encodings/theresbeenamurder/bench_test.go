package theresbeenamurder

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

var (
	benchGames    = flag.Int("tbam.games", 100, "simulated games for BenchmarkTrackerUpdate")
	benchSheet    = flag.Bool("tbam.sheet", false, "BenchmarkTrackerUpdate also times the sheet (the SAT's marks) after each line")
	benchProgress = flag.Bool("tbam.progress", false, "print BenchmarkTrackerUpdate's figures after each game")
	benchLevel    = flag.Int("tbam.level", 0, "the level of BenchmarkTrackerUpdate's games (0 novice, 1 veteran, 2 master)")
	benchIdle     = flag.Bool("tbam.idle", false, "BenchmarkTrackerUpdate calls Refine after each line's update while it has more to do, as a session waiting for the next line does, and counts the lines without estimates after it")
)

// BenchmarkTrackerUpdate is the full tracker update after each line of
// seat alice's logs of simulated 8-player games (seeds 1 to
// -tbam.games, at level -tbam.level): it reports the median and the largest time of one update,
// the median and largest time of the line's Apply (the SAT encoding's
// update and consistency check), with -tbam.sheet those of the SAT
// layer's marks (marks) and of the whole sheet with them (sheet), and
// those of the whole (full: Apply, tracker and sheet); each also in
// process CPU time (the machine may be shared), the share of
// games the tracker followed to the end, and the process's peak resident
// memory. With -tbam.idle, each line's update is followed by the Refine
// calls a waiting session makes (not timed with the update): the
// benchmark reports their CPU time after a line (median of the lines that
// had any, and largest) and the lines still without estimates after them.
func BenchmarkTrackerUpdate(b *testing.B) {
	for b.Loop() {
		var times, cpus, applies, applyCPUs, sheets, sheetCPUs, marks, markCPUs, fulls, fullCPUs, idles []time.Duration
		followed, blind, idleBlind := 0, 0, 0
		var stopped []string
		for seed := range uint64(*benchGames) {
			sim, err := engine.Simulate(engine.SimOptions{Players: 8, Seed: seed + 1, Level: engine.Level(*benchLevel)})
			if err != nil {
				b.Fatal(err)
			}
			g := NewGame()
			for _, line := range sim.Logs[0] {
				start, cpu0 := time.Now(), cpuTime()
				if err := g.Apply(line); err != nil {
					b.Fatal(err)
				}
				full, fullCPU := time.Since(start), cpuTime()-cpu0
				applies = append(applies, full)
				applyCPUs = append(applyCPUs, fullCPU)
				start, cpu0 = time.Now(), cpuTime()
				if g.track() == nil && g.cfg != nil {
					blind++
				}
				times = append(times, time.Since(start))
				cpus = append(cpus, cpuTime()-cpu0)
				full, fullCPU = full+times[len(times)-1], fullCPU+cpus[len(cpus)-1]
				if *benchSheet && g.cfg != nil {
					// The SAT layer's marks first (cached for the sheet),
					// then the whole sheet.
					start, cpu0 = time.Now(), cpuTime()
					g.satMark(engine.Murderer, 0)
					marks = append(marks, time.Since(start))
					markCPUs = append(markCPUs, cpuTime()-cpu0)
					if _, err := g.Sheet(context.Background()); err != nil {
						b.Fatal(err)
					}
					sheets = append(sheets, time.Since(start))
					sheetCPUs = append(sheetCPUs, cpuTime()-cpu0)
					full, fullCPU = full+time.Since(start), fullCPU+cpuTime()-cpu0
				}
				fulls = append(fulls, full)
				fullCPUs = append(fullCPUs, fullCPU)
				if *benchIdle && g.cfg != nil {
					cpu0 = cpuTime()
					refined := false
					for more := true; more; {
						var err error
						if _, more, err = g.Refine(context.Background()); err != nil {
							b.Fatal(err)
						}
						refined = refined || more || g.refines > 0
					}
					if refined {
						idles = append(idles, cpuTime()-cpu0)
					}
					if g.track() == nil {
						idleBlind++
					}
				}
			}
			if g.lostAt == 0 {
				followed++
			} else {
				stopped = append(stopped, fmt.Sprintf("%d (line %d)", seed+1, g.lostAt))
			}
			if *benchProgress {
				st, sc := slices.Clone(times), slices.Clone(cpus)
				slices.Sort(st)
				slices.Sort(sc)
				fmt.Printf("after %d games: %d updates, wall median %v max %v, CPU median %v max %v, followed %d, lines without estimates %d, peak %.0f MB, load %s\n",
					seed+1, len(st), st[len(st)/2], st[len(st)-1], sc[len(sc)/2], sc[len(sc)-1], followed, blind, float64(peakRSS())/(1<<20), loadAverage())
				if len(stopped) > 0 {
					fmt.Printf("  no estimates at the last line: %v\n", stopped)
				}
				if *benchIdle {
					fmt.Printf("  with Refine while waiting: lines without estimates %d, lines refined %d\n", idleBlind, len(idles))
				}
				for _, d := range []struct {
					name string
					ds   []time.Duration
				}{{"apply", applies}, {"apply cpu", applyCPUs}, {"marks", marks}, {"marks cpu", markCPUs},
					{"sheet", sheets}, {"sheet cpu", sheetCPUs}, {"full", fulls}, {"full cpu", fullCPUs}} {
					if len(d.ds) > 0 {
						ds := slices.Sorted(slices.Values(d.ds))
						fmt.Printf("  %s: median %v max %v\n", d.name, ds[len(ds)/2], ds[len(ds)-1])
					}
				}
			}
		}
		slices.Sort(times)
		slices.Sort(cpus)
		report := func(ds []time.Duration, name string) {
			if len(ds) == 0 {
				return
			}
			slices.Sort(ds)
			b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, name+"-median-ms")
			b.ReportMetric(float64(ds[len(ds)-1].Microseconds())/1000, name+"-max-ms")
		}
		report(applies, "apply")
		report(applyCPUs, "apply-cpu")
		report(marks, "marks")
		report(markCPUs, "marks-cpu")
		report(sheets, "sheet")
		report(sheetCPUs, "sheet-cpu")
		report(fulls, "full")
		report(fullCPUs, "full-cpu")
		report(idles, "idle-cpu")
		if *benchIdle {
			b.ReportMetric(float64(idleBlind), "idle-lines-without-estimates")
		}
		b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
		b.ReportMetric(float64(cpus[len(cpus)/2].Microseconds())/1000, "median-cpu-ms")
		b.ReportMetric(float64(cpus[len(cpus)-1].Microseconds())/1000, "max-cpu-ms")
		b.ReportMetric(float64(len(times)), "updates")
		b.ReportMetric(float64(followed)/float64(*benchGames), "followed")
		b.ReportMetric(float64(blind), "lines-without-estimates")
		b.ReportMetric(float64(peakRSS())/(1<<20), "peak-MB")
	}
}

// loadAverage is the machine's load average over the last minute
// ("?" where /proc/loadavg is not there).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// BenchmarkGossipOpening times the tracker's update (CPU) after each line
// of seat alice's logs of 8-player master games whose first turn is a
// Gossip alice takes part in (the first -tbam.games such seeds among 1 to
// 2,000): the median and largest update, and the process's peak memory.
func BenchmarkGossipOpening(b *testing.B) {
	for b.Loop() {
		var cpus []time.Duration
		games := 0
		for seed := uint64(1); seed <= 2000 && games < *benchGames; seed++ {
			sim, err := engine.Simulate(engine.SimOptions{Players: 8, Seed: seed, Level: engine.Master})
			if err != nil {
				b.Fatal(err)
			}
			setup := len(engine.SetupLines(sim.Config, sim.Players, 0, nil))
			log := sim.Logs[0]
			if len(log) <= setup+1 || !strings.Contains(log[setup], " plays gossip") || !strings.Contains(strings.Join(log[setup:setup+3], "\n"), "alice gives") {
				continue
			}
			games++
			g := NewGame()
			for _, line := range log {
				if err := g.Apply(line); err != nil {
					b.Fatal(err)
				}
				cpu0 := cpuTime()
				g.track()
				cpus = append(cpus, cpuTime()-cpu0)
			}
		}
		slices.Sort(cpus)
		if len(cpus) == 0 {
			b.Fatal("no game with a Gossip alice takes part in on turn 1")
		}
		fmt.Printf("%d games, %d lines: tracker update CPU median %v, largest %v; peak RSS %d MB\n",
			games, len(cpus), cpus[len(cpus)/2], cpus[len(cpus)-1], peakRSS()>>20)
	}
}
