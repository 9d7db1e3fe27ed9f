package games

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// gumshoe deductio simulate [--players N] [--seed S] [--seat NAME]
var deductioSimulator = Simulator{
	Summary: "a seeded random game of Deductio: the spectator's log, or a seat's",
	Usage:   "[--players N] [--seed S] [--seat NAME]",
	Help: `Plays a seeded random legal game of Deductio and prints a log: the
spectator's, or with --seat the log of that seat (alice, bob, carol, dave in
seat order), ready for "gumshoe solve -". The same seed gives the same game.

Example: gumshoe deductio simulate --players 3 --seed 9 --seat bob
`,
	Flags: func(fs *pflag.FlagSet) func(w io.Writer) error {
		players := fs.Int("players", 3, "number of players, 2 to 4")
		seed := fs.Uint64("seed", 1, "the seed of the game")
		seat := fs.String("seat", "", "print this seat's log instead of the spectator's")
		return func(w io.Writer) error {
			sim, err := deductio.Simulate(deductio.SimOptions{Players: *players, Seed: *seed})
			if err != nil {
				return usagef("%v", err)
			}
			lines := sim.Public
			if *seat != "" {
				i, err := seatOf(sim.Players, *seat)
				if err != nil {
					return err
				}
				lines = sim.Logs[i]
			}
			header := fmt.Sprintf("game %s\n# simulated: %d players, seed %d; no winner after %d turns\n", deductio.Name, *players, *seed, sim.Turns)
			if sim.Winner != "" {
				header = fmt.Sprintf("game %s\n# simulated: %d players, seed %d; %s won after %d turns\n", deductio.Name, *players, *seed, sim.Winner, sim.Turns)
			}
			return writeLog(w, header, lines)
		}
	},
}

var deductioPuzzles = &Puzzles{
	Players:    3,
	MinPlayers: 2,
	MaxPlayers: 4,
	Level:      "easy", // its clues rule numbers in or out one at a time: nearly always easy
	Make: func(ctx context.Context, seed uint64, o PuzzleOptions, title string) (*puzzle.Page, error) {
		pz, err := deductio.GeneratePuzzle(ctx, seed, deductio.PuzzleOptions{Players: o.Players, Level: o.Level, Any: o.Any})
		if err != nil {
			return nil, err
		}
		return verified(ctx, seed, pz.Verify, func() *puzzle.Page { return pz.Page(title) })
	},
}
