package main

// gumshoe tbam simulate [--players N] [--seed S] [--level L] [--seat NAME]
//
// What is There's Been A Murder's own on the command line: its simulator.
// Its logs go through the commands every game shares: gumshoe play tbam,
// solve, why, advise.

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

var simulateTbam = simulator{
	summary: "a seeded random game of There's Been A Murder: a seat's log",
	usage:   "[--players N] [--seed S] [--level L] [--seat NAME]",
	help: `Plays a seeded random legal game of There's Been A Murder (every choice
uniform among the legal ones) and prints the log of one seat (alice, bob,
carol, ... in seat order; alice by default), ready for "gumshoe solve -".
The same seed gives the same game.

Example: gumshoe tbam simulate --players 5 --seed 9 --seat bob
`,
	run: func(fs *pflag.FlagSet, args []string, stdout, stderr io.Writer) int {
		players := fs.Int("players", 4, "number of players, 3 to 8")
		seed := fs.Uint64("seed", 1, "the seed of the game")
		level := fs.String("level", "novice", "novice, veteran or master")
		seat := fs.String("seat", "alice", "whose log to print")
		if code, ok := parseArgs(fs, args, 0, 0, "no arguments besides the flags"); !ok {
			return code
		}
		lvl, err := theresbeenamurder.ParseLevel(*level)
		if err != nil {
			return usageError(fs, "--level: %v", err)
		}
		sim, err := theresbeenamurder.Simulate(theresbeenamurder.SimOptions{Players: *players, Seed: *seed, Level: lvl})
		if err != nil {
			return usageError(fs, "%v", err)
		}
		i, code, ok := seatOf(fs, sim.Players, *seat)
		if !ok {
			return code
		}
		header := fmt.Sprintf("game %s\n# simulated: %d players, seed %d, %s; %s after %d turns\n",
			theresbeenamurder.Name, *players, *seed, lvl, sim.End, sim.Turns)
		return writeSimLog(fs, stdout, header, sim.Logs[i])
	},
}
