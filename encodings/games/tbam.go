package games

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// gumshoe tbam simulate [--players N] [--seed S] [--level L] [--seat NAME]
var tbamSimulator = Simulator{
	Summary: "a seeded random game of There's Been A Murder: a seat's log",
	Usage:   "[--players N] [--seed S] [--level L] [--seat NAME]",
	Help: `Plays a seeded random legal game of There's Been A Murder (every choice
uniform among the legal ones) and prints the log of one seat (alice, bob,
carol, ... in seat order; alice by default), ready for "gumshoe solve -".
The same seed gives the same game.

Example: gumshoe tbam simulate --players 5 --seed 9 --seat bob
`,
	Flags: func(fs *pflag.FlagSet) func(w io.Writer) error {
		players := fs.Int("players", 4, "number of players, 3 to 8")
		seed := fs.Uint64("seed", 1, "the seed of the game")
		level := fs.String("level", "novice", "novice, veteran or master")
		seat := fs.String("seat", "alice", "whose log to print")
		return func(w io.Writer) error {
			lvl, err := theresbeenamurder.ParseLevel(*level)
			if err != nil {
				return usagef("--level: %v", err)
			}
			sim, err := theresbeenamurder.Simulate(theresbeenamurder.SimOptions{Players: *players, Seed: *seed, Level: lvl})
			if err != nil {
				return usagef("%v", err)
			}
			i, err := seatOf(sim.Players, *seat)
			if err != nil {
				return err
			}
			header := fmt.Sprintf("game %s\n# simulated: %d players, seed %d, %s; %s after %d turns\n",
				theresbeenamurder.Name, *players, *seed, lvl, sim.End, sim.Turns)
			return writeLog(w, header, sim.Logs[i])
		}
	},
}
