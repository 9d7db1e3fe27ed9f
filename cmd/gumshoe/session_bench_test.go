package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// benchGame is simulated logs of a game (lines after the header) to replay
// in BenchmarkRedraw, named by game and player count.
type benchGame struct {
	game, name string
	logs       [][]string
}

// redrawGames is the number of simulated Deduce or Die games per player
// count that BenchmarkRedraw replays (seeds n, n+100, n+200, ...).
var (
	redrawGames     = flag.Int("redraw.games", 1, "simulated Deduce or Die games per player count in BenchmarkRedraw")
	redrawGCDefault = flag.Bool("redraw.gcdefault", false, "BenchmarkRedraw with Go's default collector settings instead of the command's")
)

func benchGames(b *testing.B) []benchGame {
	var out []benchGame
	for n := 3; n <= 6; n++ {
		bg := benchGame{game: "dod", name: fmt.Sprintf("dod/%dp", n)}
		for g := range *redrawGames {
			sim, err := deduceordie.Simulate(deduceordie.SimOptions{Players: n, Seed: uint64(n + 100*g)})
			if err != nil {
				b.Fatal(err)
			}
			l, err := table.ParseLog([]byte(sim.Log(0)))
			if err != nil {
				b.Fatal(err)
			}
			bg.logs = append(bg.logs, l.Lines)
		}
		out = append(out, bg)
	}
	for n := 3; n <= 6; n++ {
		sim, err := clue.Simulate(clue.SimOptions{Preset: clue.PresetCluedo, Players: n, Rand: rand.New(rand.NewPCG(uint64(n), 1)), Questions: 30})
		if err != nil {
			b.Fatal(err)
		}
		lines := sim.Log(0)
		if len(lines) > 0 && strings.HasPrefix(lines[0], "game ") {
			lines = lines[1:]
		}
		out = append(out, benchGame{"clue", fmt.Sprintf("clue/%dp", n), [][]string{lines}})
	}
	for n := 2; n <= 4; n++ {
		sim, err := deductio.Simulate(deductio.SimOptions{Players: n, Seed: uint64(n), MaxTurns: 30})
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, benchGame{"deductio", fmt.Sprintf("deductio/%dp", n), [][]string{sim.Logs[0]}})
	}
	return out
}

// BenchmarkRedraw measures what the player waits for after pressing Enter,
// for every prefix of simulated games: the line applied (parsed and checked
// against the earlier ones), the sheet computed, and the sheet drawn with
// its changes highlighted. One op is one line of a game (the next game, or
// the first again, starts when one ends); max-ms is the slowest line seen,
// over-100ms the number of lines that took longer than the 100 ms target.
// Run with -benchtime=Nx, N at least the number of lines, to see every
// prefix; -redraw.games sets the number of Deduce or Die games. The
// collector is tuned as the command tunes it (tuneGC); -redraw.gcdefault
// keeps Go's defaults instead.
func BenchmarkRedraw(b *testing.B) {
	if !*redrawGCDefault {
		gc := debug.SetGCPercent(-1)
		debug.SetGCPercent(gc)
		defer debug.SetGCPercent(gc)
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
		tuneGC()
	}
	ctx := context.Background()
	p := newPainter(true)
	for _, bg := range benchGames(b) {
		def, ok := games.Find(bg.game)
		if !ok {
			b.Fatalf("game %s not registered", bg.game)
		}
		b.Run(bg.name, func(b *testing.B) {
			var worst time.Duration
			over := 0
			game, gi, next := def.New(), 0, 0
			var prev *table.Grid
			lines := 0
			for _, l := range bg.logs {
				lines += len(l)
			}
			for b.Loop() {
				if next == len(bg.logs[gi]) {
					gi = (gi + 1) % len(bg.logs)
					game, next, prev = def.New(), 0, nil
				}
				line := bg.logs[gi][next]
				next++
				start := time.Now()
				if err := game.Apply(line); err != nil {
					b.Fatalf("%s: %q: %v", bg.name, line, err)
				}
				if table.IsComment(line) {
					continue
				}
				g, err := game.Sheet(ctx)
				if err != nil {
					continue // before the setup is complete
				}
				drawGrid(io.Discard, p, g, prev)
				prev = g
				d := time.Since(start)
				worst = max(worst, d)
				if d > 100*time.Millisecond {
					over++
				}
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(over), "over-100ms")
			b.ReportMetric(float64(lines), "lines")
		})
	}
}
