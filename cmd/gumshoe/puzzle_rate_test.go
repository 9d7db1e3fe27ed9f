//go:build unix

package main

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

var (
	puzzleRates     = flag.Bool("puzzle.rates", false, "measure puzzle rates and grade distributions (docs/benchmarks.md); slow, not for CI")
	puzzleRateCount = flag.Int("puzzle.count", 20, "with -puzzle.rates: puzzles a game and level for the rates")
	puzzleDistCount = flag.Int("puzzle.dist", 100, "with -puzzle.rates: puzzles a game for the grade distribution")
)

// TestPuzzleRates measures, for each game at its default player count,
// how many verified puzzles a second "gumshoe puzzle" makes at each level
// (on GOMAXPROCS workers, seeds 1 to -puzzle.count), and the distribution
// of grades, supposition depths, steps and widest steps over
// -puzzle.dist puzzles of any level (seeds 1 to -puzzle.dist). It prints
// Markdown tables for docs/benchmarks.md. It runs only with -puzzle.rates:
//
//	nice -n 10 go test ./cmd/gumshoe -run TestPuzzleRates -puzzle.rates -timeout 0 -v
func TestPuzzleRates(t *testing.T) {
	if !*puzzleRates {
		t.Skip("run with -puzzle.rates")
	}
	ctx := context.Background()
	var rates, dist strings.Builder
	fmt.Fprintf(&rates, "| game | players | level | puzzles | wall s | puzzles/s (wall) | cpu-ms/puzzle |\n|---|---|---|---|---|---|---|\n")
	fmt.Fprintf(&dist, "| game | players | easy | medium | hard | depth 0/1/2/3/4 | mean steps | mean widest step | mean clues |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, g := range allgames.All.WithPuzzles() {
		game := g.Puzzles
		name := g.Name
		for _, level := range puzzle.Levels {
			o := allgames.PuzzleOptions{Players: game.Players, Level: level, Preset: "cluedo"}
			start, cpu0 := time.Now(), processCPU()
			pages, err := puzzle.Batch(ctx, *puzzleRateCount, 0, func(ctx context.Context, i int) (*puzzle.Page, error) {
				return game.Make(ctx, uint64(i+1), o, "p")
			}, nil)
			wall, cpu := time.Since(start), processCPU()-cpu0
			if err != nil {
				fmt.Fprintf(&rates, "| %s | %d | %s | — | — | — | %s |\n", name, game.Players, level, strings.ReplaceAll(err.Error(), "|", "/"))
				continue
			}
			n := len(pages)
			fmt.Fprintf(&rates, "| %s | %d | %s | %d | %.1f | %.2f | %.0f |\n", name, game.Players, level, n, wall.Seconds(), float64(n)/wall.Seconds(), cpu.Seconds()*1000/float64(n))
		}
		o := allgames.PuzzleOptions{Players: game.Players, Any: true, Preset: "cluedo"}
		pages, err := puzzle.Batch(ctx, *puzzleDistCount, 0, func(ctx context.Context, i int) (*puzzle.Page, error) {
			return game.Make(ctx, uint64(i+1), o, "p")
		}, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		levels := map[string]int{}
		depths := make([]int, 5)
		steps, widest, clues := 0, 0, 0
		for _, p := range pages {
			levels[p.Level]++
			d := pageDepth(p.Steps)
			if d >= len(depths) {
				d = len(depths) - 1
			}
			depths[d]++
			steps += gradeField(p.Grade, "clues, ")
			widest += gradeField(p.Grade, "widest step ")
			clues += len(p.Clues)
		}
		k := float64(len(pages))
		ds := make([]string, len(depths))
		for i, v := range depths {
			ds[i] = fmt.Sprint(v)
		}
		fmt.Fprintf(&dist, "| %s | %d | %d | %d | %d | %s | %.1f | %.1f | %.1f |\n", name, game.Players, levels["easy"], levels["medium"], levels["hard"], strings.Join(ds, "/"), float64(steps)/k, float64(widest)/k, float64(clues)/k)
	}
	t.Logf("GOMAXPROCS %d\n\n%s\n%s", runtime.GOMAXPROCS(0), rates.String(), dist.String())
}

// pageDepth is the deepest nesting of suppositions among steps.
func pageDepth(steps []puzzle.PageStep) int {
	d := 0
	for _, s := range steps {
		if len(s.Steps) > 0 {
			d = max(d, 1+pageDepth(s.Steps))
		}
	}
	return d
}

// gradeField reads the number after key in a grade string.
func gradeField(grade, key string) int {
	_, rest, ok := strings.Cut(grade, key)
	if !ok {
		return 0
	}
	n := 0
	fmt.Sscan(strings.TrimRight(rest, ")"), &n)
	return n
}

// processCPU is the CPU time the process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
