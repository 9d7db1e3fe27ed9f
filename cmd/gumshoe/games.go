package main

import (
	"io"
	"strings"

	"github.com/spf13/pflag"

	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
)

// games is the one game list (encodings/games.All) as the contract sees
// it: through it play, solve, why and advise reach every game. What is a
// game's own on the command line, its simulator ("gumshoe <game>
// simulate") and its puzzle generator ("gumshoe puzzle <game>"), is in the
// same list's entries; a new game is one package and one entry there.
var games = allgames.All.Definitions()

// findGame is the entry of the game list for a game's name or alias.
func findGame(name string) (allgames.Game, bool) {
	return allgames.All.Find(name)
}

// seatOf is the index of the player named seat (case-insensitive) among
// players, or a usage error naming the players.
func seatOf(fs *pflag.FlagSet, players []string, seat string) (int, int, bool) {
	for i, p := range players {
		if strings.EqualFold(p, seat) {
			return i, 0, true
		}
	}
	return -1, usageError(fs, "--seat: no seat %q (the players are %s)", seat, strings.Join(players, ", ")), false
}

// writeSimLog prints a simulated log: its header lines (the "game" line
// and a comment saying how it was made), then lines, one a line.
func writeSimLog(fs *pflag.FlagSet, stdout io.Writer, header string, lines []string) int {
	var b strings.Builder
	b.WriteString(header)
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(stdout, b.String())
	return exitWith(fs, err)
}
