package games

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// gumshoe dod simulate [--players N] [--seed S] [--seat NAME]
var dodSimulator = Simulator{
	Summary: "a seeded random game of Deduce or Die: every seat's log, or one",
	Usage:   "[--players N] [--seed S] [--seat NAME]",
	Help: `Plays a seeded random legal game of Deduce or Die and prints every seat's
log, each under a comment naming its seat; with --seat, that seat's log
alone, ready for "gumshoe solve -". The same seed gives the same game.

Example: gumshoe dod simulate --players 4 --seed 7 --seat bob | gumshoe solve -
`,
	Flags: func(fs *pflag.FlagSet) func(w io.Writer) error {
		players := fs.Int("players", 4, "number of players, 3 to 6")
		seed := fs.Uint64("seed", 1, "the seed of the game")
		seat := fs.String("seat", "", "print only this seat's log")
		return func(w io.Writer) error {
			sim, err := deduceordie.Simulate(deduceordie.SimOptions{Players: *players, Seed: *seed})
			if err != nil {
				return usagef("%v", err)
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
				return usagef("--seat: no seat %q (the players are %s)", *seat, strings.Join(sim.Players, ", "))
			}
			_, err = io.WriteString(w, b.String())
			return err
		}
	},
}

var dodPuzzles = &Puzzles{
	Players:    4,
	MinPlayers: 3,
	MaxPlayers: 6,
	Level:      "medium",
	Make: func(ctx context.Context, seed uint64, o PuzzleOptions, title string) (*puzzle.Page, error) {
		pz, err := deduceordie.GeneratePuzzle(ctx, seed, deduceordie.PuzzleOptions{Players: o.Players, Level: o.Level, Any: o.Any})
		if err != nil {
			return nil, err
		}
		return verified(ctx, seed, pz.Verify, func() *puzzle.Page { return pz.Page(title) })
	},
}
