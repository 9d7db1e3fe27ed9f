package main

import (
	"bytes"
	"strings"
	"testing"

	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
)

// TestBadFlag checks that an unknown flag is a usage error that says which
// flag, for a game command before and after its subcommand.
func TestBadFlag(t *testing.T) {
	for _, args := range [][]string{
		{"dod", "--bogus"},
		{"dod", "solve", "--bogus", "x.log"},
		{"clue", "--bogus"},
		{"deductio", "--bogus"},
		{"play", "--bogus"},
	} {
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errb)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
		if !strings.Contains(errb.String(), "--bogus") {
			t.Errorf("%v: stderr %q does not name the flag", args, errb.String())
		}
	}
}

// TestEveryGameHasItsCommand: every game of the one game list has its game
// command, whose simulate help shows the simulator's own flags.
func TestEveryGameHasItsCommand(t *testing.T) {
	for _, g := range allgames.All {
		if _, ok := commands[g.Name]; !ok {
			t.Errorf("%s: no game command", g.Name)
			continue
		}
		var out, errb strings.Builder
		if code := run([]string{"help", g.Name, "simulate"}, strings.NewReader(""), &out, &errb); code != exitOK {
			t.Errorf("help %s simulate: exit %d, stderr %q", g.Name, code, errb.String())
		}
		if !strings.Contains(out.String(), "--seed") || !strings.Contains(out.String(), g.Simulator.Summary) {
			t.Errorf("help %s simulate: no --seed flag or summary in\n%s", g.Name, out.String())
		}
	}
}
