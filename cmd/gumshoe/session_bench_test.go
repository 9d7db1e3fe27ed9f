package main

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// benchGame is a game and simulated logs (lines after the header) to
// replay in BenchmarkRedraw.
type benchGame struct {
	name string
	logs [][]string
}

func benchGames(b *testing.B) []benchGame {
	var dod, dio benchGame
	dod.name, dio.name = "dod", "deductio"
	for n := 3; n <= 6; n++ {
		sim, err := deduceordie.Simulate(n, uint64(n))
		if err != nil {
			b.Fatal(err)
		}
		l, err := table.ParseLog([]byte(sim.Log(0)))
		if err != nil {
			b.Fatal(err)
		}
		dod.logs = append(dod.logs, l.Lines)
	}
	for n := 2; n <= 4; n++ {
		sim, err := deductio.Simulate(deductio.SimConfig{Players: n, Seed: uint64(n), MaxTurns: 30})
		if err != nil {
			b.Fatal(err)
		}
		dio.logs = append(dio.logs, sim.Logs[0])
	}
	return []benchGame{dod, dio}
}

// BenchmarkRedraw measures what the player waits for after pressing Enter,
// for every prefix of simulated games: the line applied (parsed and checked
// against the earlier ones), the sheet computed, and the sheet drawn with
// its changes highlighted. One op is one line; max-ms is the slowest line
// seen.
func BenchmarkRedraw(b *testing.B) {
	ctx := context.Background()
	p := newPainter(true)
	for _, bg := range benchGames(b) {
		def, ok := findGame(bg.name)
		if !ok {
			b.Fatalf("game %s not registered", bg.name)
		}
		b.Run(bg.name, func(b *testing.B) {
			var worst time.Duration
			lines := 0
			game, log, next := def.new(), 0, 0
			var prev *table.Grid
			for b.Loop() {
				if next == len(bg.logs[log]) {
					log = (log + 1) % len(bg.logs)
					game, next, prev = def.new(), 0, nil
				}
				line := bg.logs[log][next]
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
				worst = max(worst, time.Since(start))
				lines++
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
		})
	}
}
