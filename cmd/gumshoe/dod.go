package main

// gumshoe dod simulate [--players N] [--seed S] [--seat NAME]
//
// What is Deduce or Die's own on the command line: its simulator and its
// puzzles. Its logs go through the commands every game shares: gumshoe
// play dod, solve, why, advise.

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

var simulateDod = simulator{
	summary: "a seeded random game of Deduce or Die: every seat's log, or one",
	usage:   "[--players N] [--seed S] [--seat NAME]",
	help: `Plays a seeded random legal game of Deduce or Die and prints every seat's
log, each under a comment naming its seat; with --seat, that seat's log
alone, ready for "gumshoe solve -". The same seed gives the same game.

Example: gumshoe dod simulate --players 4 --seed 7 --seat bob | gumshoe solve -
`,
	run: func(fs *pflag.FlagSet, args []string, stdout, stderr io.Writer) int {
		players := fs.Int("players", 4, "number of players, 3 to 6")
		seed := fs.Uint64("seed", 1, "the seed of the game")
		seat := fs.String("seat", "", "print only this seat's log")
		if code, ok := parseArgs(fs, args, 0, 0, "no arguments besides the flags"); !ok {
			return code
		}
		sim, err := deduceordie.Simulate(deduceordie.SimOptions{Players: *players, Seed: *seed})
		if err != nil {
			return usageError(fs, "%v", err)
		}
		var b strings.Builder
		found := false
		for i, p := range sim.Players {
			if *seat != "" && !strings.EqualFold(*seat, p) {
				continue
			}
			found = true
			if *seat == "" {
				if i > 0 {
					b.WriteByte('\n')
				}
				fmt.Fprintf(&b, "# %s's log (simulated: %d players, seed %d)\n", p, *players, *seed)
			}
			b.WriteString(sim.Log(i))
		}
		if !found {
			return usageError(fs, "--seat: no seat %q (the players are %s)", *seat, strings.Join(sim.Players, ", "))
		}
		_, err = io.WriteString(stdout, b.String())
		return exitWith(fs, err)
	},
}

var dodPuzzles = &puzzleGame{
	players:    4,
	minPlayers: 3,
	maxPlayers: 6,
	level:      "medium",
	make: func(ctx context.Context, seed uint64, o puzzleOpts, title string) (*puzzle.Page, error) {
		pz, err := deduceordie.GeneratePuzzle(ctx, seed, deduceordie.PuzzleOptions{Players: o.players, Level: o.level, Any: o.any})
		if err != nil {
			return nil, err
		}
		return verified(ctx, seed, pz.Verify, func() *puzzle.Page { return pz.Page(title) })
	},
}
