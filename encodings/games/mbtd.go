package games

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	mbtd "github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
)

// gumshoe mbtd simulate [--seed S] [--seat NAME]
var mbtdSimulator = Simulator{
	Summary: "a seeded random round of Murder By The Deck: a seat's log",
	Usage:   "[--seed S] [--seat NAME]",
	Help: `Plays a seeded random legal round of Murder By The Deck (four players,
every choice uniform among the legal ones) and prints the log of one seat
(alice, bob, carol, dave in seat order; alice by default), ready for
"gumshoe solve -". The same seed gives the same round.

Example: gumshoe mbtd simulate --seed 2 --seat bob
`,
	Flags: func(fs *pflag.FlagSet) func(w io.Writer) error {
		seed := fs.Uint64("seed", 1, "the seed of the round")
		seat := fs.String("seat", "alice", "the seat whose log is printed")
		return func(w io.Writer) error {
			sim, err := mbtd.Simulate(mbtd.SimOptions{Seed: *seed})
			if err != nil {
				return usagef("%v", err)
			}
			i, err := seatOf(sim.Players, *seat)
			if err != nil {
				return err
			}
			header := fmt.Sprintf("game %s\n# simulated: seed %d; scores %v\n", mbtd.Name, *seed, sim.Round.Score())
			return writeLog(w, header, sim.Logs[i])
		}
	},
}
