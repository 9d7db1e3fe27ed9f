package main

// gumshoe mbtd simulate [--seed S] [--seat NAME]
//
// What is Murder By The Deck's own on the command line: its simulator. Its
// logs go through the commands every game shares: gumshoe play mbtd,
// solve, why, advise.

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	mbtd "github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
)

var simulateMbtd = simulator{
	summary: "a seeded random round of Murder By The Deck: a seat's log",
	usage:   "[--seed S] [--seat NAME]",
	help: `Plays a seeded random legal round of Murder By The Deck (four players,
every choice uniform among the legal ones) and prints the log of one seat
(alice, bob, carol, dave in seat order; alice by default), ready for
"gumshoe solve -". The same seed gives the same round.

Example: gumshoe mbtd simulate --seed 2 --seat bob
`,
	run: func(fs *pflag.FlagSet, args []string, stdout, stderr io.Writer) int {
		seed := fs.Uint64("seed", 1, "the seed of the round")
		seat := fs.String("seat", "alice", "the seat whose log is printed")
		if code, ok := parseArgs(fs, args, 0, 0, "no arguments besides the flags"); !ok {
			return code
		}
		sim, err := mbtd.Simulate(mbtd.SimOptions{Seed: *seed})
		if err != nil {
			return usageError(fs, "%v", err)
		}
		i, code, ok := seatOf(fs, sim.Players, *seat)
		if !ok {
			return code
		}
		header := fmt.Sprintf("game %s\n# simulated: seed %d; scores %v\n", mbtd.Name, *seed, sim.Round.Score())
		return writeSimLog(fs, stdout, header, sim.Logs[i])
	},
}
