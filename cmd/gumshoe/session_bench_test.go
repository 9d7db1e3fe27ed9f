package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// benchGame is a game's simulated log (lines after the header) to replay
// in BenchmarkRedraw, named by game and player count.
type benchGame struct {
	game, name string
	lines      []string
}

func benchGames(b *testing.B) []benchGame {
	var out []benchGame
	for n := 3; n <= 6; n++ {
		sim, err := deduceordie.Simulate(n, uint64(n))
		if err != nil {
			b.Fatal(err)
		}
		l, err := table.ParseLog([]byte(sim.Log(0)))
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, benchGame{"dod", fmt.Sprintf("dod/%dp", n), l.Lines})
	}
	for n := 3; n <= 6; n++ {
		sim, err := clue.Simulate(clue.PresetCluedo, n, rand.New(rand.NewPCG(uint64(n), 1)), clue.SimOptions{Questions: 30})
		if err != nil {
			b.Fatal(err)
		}
		lines := sim.Log(0)
		if len(lines) > 0 && strings.HasPrefix(lines[0], "game ") {
			lines = lines[1:]
		}
		out = append(out, benchGame{"clue", fmt.Sprintf("clue/%dp", n), lines})
	}
	for n := 2; n <= 4; n++ {
		sim, err := deductio.Simulate(deductio.SimConfig{Players: n, Seed: uint64(n), MaxTurns: 30})
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, benchGame{"deductio", fmt.Sprintf("deductio/%dp", n), sim.Logs[0]})
	}
	return out
}

// BenchmarkRedraw measures what the player waits for after pressing Enter,
// for every prefix of simulated games: the line applied (parsed and checked
// against the earlier ones), the sheet computed, and the sheet drawn with
// its changes highlighted. One op is one line of the game (replayed from
// the start when it ends); max-ms is the slowest line seen. Run with
// -benchtime=Nx, N at least the number of lines, to see every prefix.
func BenchmarkRedraw(b *testing.B) {
	ctx := context.Background()
	p := newPainter(true)
	for _, bg := range benchGames(b) {
		def, ok := findGame(bg.game)
		if !ok {
			b.Fatalf("game %s not registered", bg.game)
		}
		b.Run(bg.name, func(b *testing.B) {
			var worst time.Duration
			game, next := def.new(), 0
			var prev *table.Grid
			for b.Loop() {
				if next == len(bg.lines) {
					game, next, prev = def.new(), 0, nil
				}
				line := bg.lines[next]
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
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(len(bg.lines)), "lines")
		})
	}
}
