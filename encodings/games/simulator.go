package games

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// Simulator is a game's "simulate" command: seeded random legal play,
// printed as logs ready for "gumshoe solve -".
type Simulator struct {
	Summary string // one line: what it prints
	Usage   string // the flags' synopsis
	Help    string // what it prints, with an example
	// Flags defines the simulator's flags on fs and returns its run, to be
	// called once fs is parsed (the simulator takes no other arguments).
	// The run writes the log to w; a mistake in the flags' values is a
	// *UsageError.
	Flags func(fs *pflag.FlagSet) func(w io.Writer) error
}

// UsageError is a simulator's or puzzle generator's complaint about the
// values of its flags, which the command line shows with the way to help.
type UsageError struct {
	Msg string // what is wrong, e.g. `--seat: no seat "zed" (the players are a, b)`
}

// Error is the message.
func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// seatOf is the index of the player named seat (case-insensitive) among
// players, or a *UsageError naming the players.
func seatOf(players []string, seat string) (int, error) {
	for i, p := range players {
		if strings.EqualFold(p, seat) {
			return i, nil
		}
	}
	return -1, usagef("--seat: no seat %q (the players are %s)", seat, strings.Join(players, ", "))
}

// writeLog writes a simulated log: its header lines (the "game" line and a
// comment saying how it was made), then lines, one a line.
func writeLog(w io.Writer, header string, lines []string) error {
	var b strings.Builder
	b.WriteString(header)
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
