package main

// gumshoe deductio simulate [--players N] [--seed S] [--seat NAME]
//
// What is Deductio's own on the command line: its simulator and its
// puzzles. Its logs go through the commands every game shares: gumshoe
// play deductio, solve, why, advise.

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

var simulateDeductio = simulator{
	summary: "a seeded random game of Deductio: the spectator's log, or a seat's",
	usage:   "[--players N] [--seed S] [--seat NAME]",
	help: `Plays a seeded random legal game of Deductio and prints a log: the
spectator's, or with --seat the log of that seat (alice, bob, carol, dave in
seat order), ready for "gumshoe solve -". The same seed gives the same game.

Example: gumshoe deductio simulate --players 3 --seed 9 --seat bob
`,
	run: func(fs *pflag.FlagSet, args []string, stdout, stderr io.Writer) int {
		players := fs.Int("players", 3, "number of players, 2 to 4")
		seed := fs.Uint64("seed", 1, "the seed of the game")
		seat := fs.String("seat", "", "print this seat's log instead of the spectator's")
		if code, ok := parseArgs(fs, args, 0, 0, "no arguments besides the flags"); !ok {
			return code
		}
		sim, err := deductio.Simulate(deductio.SimOptions{Players: *players, Seed: *seed})
		if err != nil {
			return usageError(fs, "%v", err)
		}
		lines := sim.Public
		if *seat != "" {
			i, code, ok := seatOf(fs, sim.Players, *seat)
			if !ok {
				return code
			}
			lines = sim.Logs[i]
		}
		header := fmt.Sprintf("game %s\n# simulated: %d players, seed %d; no winner after %d turns\n", deductio.Name, *players, *seed, sim.Turns)
		if sim.Winner != "" {
			header = fmt.Sprintf("game %s\n# simulated: %d players, seed %d; %s won after %d turns\n", deductio.Name, *players, *seed, sim.Winner, sim.Turns)
		}
		return writeSimLog(fs, stdout, header, lines)
	},
}

var deductioPuzzles = &puzzleGame{
	players:    3,
	minPlayers: 2,
	maxPlayers: 4,
	level:      "easy", // its clues rule numbers in or out one at a time: nearly always easy
	make: func(ctx context.Context, seed uint64, o puzzleOpts, title string) (*puzzle.Page, error) {
		pz, err := deductio.GeneratePuzzle(ctx, seed, deductio.PuzzleOptions{Players: o.players, Level: o.level, Any: o.any})
		if err != nil {
			return nil, err
		}
		return verified(ctx, seed, pz.Verify, func() *puzzle.Page { return pz.Page(title) })
	},
}
