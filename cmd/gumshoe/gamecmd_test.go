package main

import (
	"bytes"
	"strings"
	"testing"
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
