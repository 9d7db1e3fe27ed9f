package main

import (
	"bytes"
	"slices"
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

// TestGameTableHasEveryGame: the command line knows every game of
// games.All, in the same order.
func TestGameTableHasEveryGame(t *testing.T) {
	var want, got []string
	for _, d := range allgames.All {
		want = append(want, d.Name)
	}
	for _, g := range gameTable {
		got = append(got, g.def.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("gameTable has %v, games.All %v", got, want)
	}
}
