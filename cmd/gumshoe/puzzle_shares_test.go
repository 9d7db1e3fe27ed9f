//go:build unix

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

var (
	puzzleShares      = flag.Bool("puzzle.shares", false, "measure the level shares of puzzles of any level, per game (docs/puzzles.md); slow, not for CI")
	puzzleSharesCount = flag.Int("puzzle.shares.count", 60, "with -puzzle.shares: puzzles a game (seeds 1 to N)")
)

// shareCases are the games and decks whose level shares docs/puzzles.md
// publishes: each game at its default player count, and Clue's Card Game
// at 3 players.
var shareCases = []struct {
	game    string
	players int
	preset  string
}{
	{"dod", 4, ""},
	{"clue", 4, "cluedo"},
	{"clue", 3, "cardgame"},
	{"deductio", 3, ""},
}

// TestPuzzleShares makes -puzzle.shares.count puzzles of any level (seeds
// 1 to N, "--difficulty any") of each of shareCases and prints, per game,
// how many measured easy, medium and hard, with the mean steps and
// suppositions of each level. It runs only with -puzzle.shares:
//
//	nice -n 10 go test ./cmd/gumshoe -run TestPuzzleShares -puzzle.shares -timeout 0 -v
func TestPuzzleShares(t *testing.T) {
	if !*puzzleShares {
		t.Skip("run with -puzzle.shares")
	}
	ctx := context.Background()
	var b strings.Builder
	fmt.Fprintf(&b, "| game | players | puzzles | easy | medium | hard | steps (easy/medium/hard) | suppositions (medium/hard) | clues (easy/medium/hard) |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range shareCases {
		g, ok := findGame(c.game)
		if !ok || g.Puzzles == nil {
			t.Fatalf("no puzzles for %s", c.game)
		}
		o := allgames.PuzzleOptions{Players: c.players, Any: true, Preset: c.preset}
		if o.Preset == "" {
			o.Preset = "cluedo"
		}
		pages, err := puzzle.Batch(ctx, *puzzleSharesCount, 0, func(ctx context.Context, i int) (*puzzle.Page, error) {
			return g.Puzzles.Make(ctx, uint64(i+1), o, "p")
		}, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		n := map[string]int{}
		steps, sups, clues := map[string]int{}, map[string]int{}, map[string]int{}
		for _, p := range pages {
			n[p.Level]++
			steps[p.Level] += gradeField(p.Grade, "clues, ")
			sups[p.Level] += gradeField(p.Grade, "steps, ")
			clues[p.Level] += len(p.Clues)
		}
		mean := func(m map[string]int, l string) string {
			if n[l] == 0 {
				return "—"
			}
			return fmt.Sprintf("%.1f", float64(m[l])/float64(n[l]))
		}
		name := c.game
		if c.preset != "" {
			name += " (" + c.preset + ")"
		}
		k := len(pages)
		pct := func(l string) string { return fmt.Sprintf("%d (%.0f%%)", n[l], 100*float64(n[l])/float64(k)) }
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %s | %s | %s / %s / %s | %s / %s | %s / %s / %s |\n", name, c.players, k, pct("easy"), pct("medium"), pct("hard"),
			mean(steps, "easy"), mean(steps, "medium"), mean(steps, "hard"), mean(sups, "medium"), mean(sups, "hard"),
			mean(clues, "easy"), mean(clues, "medium"), mean(clues, "hard"))
	}
	t.Logf("\n%s", b.String())
}

var (
	puzzleSuccess      = flag.Bool("puzzle.success", false, "measure the generation success of every level the docs table lists (docs/puzzles.md); slow, not for CI")
	puzzleSuccessSeeds = flag.Int("puzzle.success.seeds", 20, "with -puzzle.success: seeds a row (1 to N)")
	puzzleSuccessTime  = flag.Duration("puzzle.success.time", 20*time.Second, "with -puzzle.success: the CPU time a puzzle may take")
	puzzleSuccessOnly  = flag.String("puzzle.success.only", "", "with -puzzle.success: only the rows whose game (dod, clue/cardgame, …) starts so")
	puzzleSuccessN     = flag.Int("puzzle.success.players", 0, "with -puzzle.success: only this player count (0: all)")
)

// successRows are the rows of the table of docs/puzzles.md: a game (and
// Clue deck), its player counts.
var successRows = []struct {
	game    string
	preset  string
	players []int
}{
	{"dod", "", []int{3, 4, 5, 6}},
	{"clue", "cluedo", []int{3, 4, 5, 6}},
	{"clue", "cardgame", []int{3, 4}},
	{"clue", "cardgame-advanced", []int{2, 3, 4}},
	{"deductio", "", []int{2, 3, 4}},
}

// TestPuzzleSuccess makes, for every game, deck, player count and level
// of docs/puzzles.md's table, the puzzles of seeds 1 to
// -puzzle.success.seeds, each within -puzzle.success.time of CPU time
// (one puzzle at a time, so that the process's CPU time is the puzzle's
// and the figures do not depend on the machine's load), and prints how
// many were made (a level refused at once counts none), with the CPU time. It runs only with -puzzle.success:
//
//	nice -n 10 go test ./cmd/gumshoe -run TestPuzzleSuccess -puzzle.success -timeout 0 -v
func TestPuzzleSuccess(t *testing.T) {
	if !*puzzleSuccess {
		t.Skip("run with -puzzle.success")
	}
	ctx := context.Background()
	var b strings.Builder
	fmt.Fprintf(&b, "seeds 1 to %d, at most %s of CPU time a puzzle, GOMAXPROCS %d\n\n| game | players | level | made | refused at once | not found | out of time | mean cpu s a puzzle made | cpu s (all) |\n|---|---|---|---|---|---|---|---|---|\n", *puzzleSuccessSeeds, *puzzleSuccessTime, runtime.GOMAXPROCS(0))
	for _, row := range successRows {
		name := row.game
		if row.preset != "" {
			name += "/" + row.preset
		}
		if !strings.HasPrefix(name, *puzzleSuccessOnly) {
			continue
		}
		g, ok := findGame(row.game)
		if !ok || g.Puzzles == nil {
			t.Fatalf("no puzzles for %s", row.game)
		}
		for _, n := range row.players {
			if *puzzleSuccessN != 0 && n != *puzzleSuccessN {
				continue
			}
			for _, level := range puzzle.Levels {
				if row.game == "deductio" && level != puzzle.Easy {
					continue
				}
				o := allgames.PuzzleOptions{Players: n, Level: level, Preset: row.preset}
				if o.Preset == "" {
					o.Preset = "cluedo"
				}
				type result struct {
					err  error
					wall time.Duration
				}
				cpu0 := processCPU()
				res, _ := puzzle.Batch(ctx, *puzzleSuccessSeeds, 1, func(ctx context.Context, i int) (result, error) {
					ctx, cancel := context.WithCancel(ctx)
					defer cancel()
					start := processCPU()
					stop := make(chan struct{})
					defer close(stop)
					go func() {
						tick := time.NewTicker(100 * time.Millisecond)
						defer tick.Stop()
						for {
							select {
							case <-stop:
								return
							case <-tick.C:
								if processCPU()-start > *puzzleSuccessTime {
									cancel()
									return
								}
							}
						}
					}()
					_, err := g.Puzzles.Make(ctx, uint64(i+1), o, "p")
					return result{err, processCPU() - start}, nil
				}, nil)
				cpu := processCPU() - cpu0
				made, refused, notFound, late := 0, 0, 0, 0
				var wall time.Duration
				for _, r := range res {
					switch {
					case r.err == nil:
						made++
						wall += r.wall
					case errors.Is(r.err, puzzle.ErrImpossible):
						refused++
					case errors.Is(r.err, context.Canceled):
						late++
					default:
						notFound++
					}
				}
				mean := "—"
				if made > 0 {
					mean = fmt.Sprintf("%.1f", wall.Seconds()/float64(made))
				}
				fmt.Fprintf(&b, "| %s | %d | %s | %d | %d | %d | %d | %s | %.0f |\n", name, n, level, made, refused, notFound, late, mean, cpu.Seconds())
				t.Logf("%s %d %s: %d made", name, n, level, made)
			}
		}
	}
	t.Logf("\n%s", b.String())
}
