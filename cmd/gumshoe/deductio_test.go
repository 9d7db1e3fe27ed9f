package main

import (
	"strings"
	"testing"
)

// TestDeductio drives "gumshoe deductio" and compares its output to the
// golden files testdata/deductio-*.txt (go test -update rewrites them).
func TestDeductio(t *testing.T) {
	log := "testdata/deductio-example.log"
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		why   string
	}{
		{"solve", []string{"solve", log}, "", exitOK, "the sheet and the text report"},
		{"solve-json", []string{"solve", "--json", log}, "", exitOK, "the JSON report"},
		{"advise", []string{"advise", log}, "", exitOK, "guess advice and the clue row of the log"},
		{"advise-row", []string{"advise", "--free", "--row", "odd 1-5 faceup-1", log}, "", exitOK, "a row given on the command line, a free guess"},
		{"why", []string{"why", log, "bob", "13"}, "", exitOK, "an explanation with several lines"},
		{"simulate", []string{"simulate", "--players", "2", "--seed", "3", "--seat", "bob"}, "", exitOK, "a seat's simulated log"},
		{"stdin-conflict", []string{"solve", "-"}, "game deductio\nplayers a b\nfaceup 1 2 3\na plays 1-3\n", exitError, "a contradiction names the line of the file and the lines it contradicts"},
		{"bad-line", []string{"solve", "-"}, "game deductio\nplayers a b\na plays 5-25\n", exitError, "a malformed line names line and column"},
		{"wrong-game", []string{"solve", "-"}, "game clue\n", exitError, "a log of another game"},
		{"bad-sub", []string{"dance"}, "", exitUsage, "unknown subcommand"},
		{"bad-players", []string{"simulate", "--players", "5"}, "", exitUsage, "2 to 4 players"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb strings.Builder
			code := run(append([]string{"deductio"}, tc.args...), strings.NewReader(tc.stdin), &out, &errb)
			if code != tc.code {
				t.Errorf("exit code %d, want %d (%s); stderr:\n%s", code, tc.code, tc.why, errb.String())
			}
			golden(t, "deductio-"+tc.name+".txt", out.String()+"--- stderr\n"+errb.String())
		})
	}
}

// TestDeductioSimulateSolves checks that a simulated log is read back by
// solve, from every seat.
func TestDeductioSimulateSolves(t *testing.T) {
	for _, seat := range []string{"", "alice", "bob", "carol", "dave"} {
		args := []string{"deductio", "simulate", "--players", "4", "--seed", "9"}
		if seat != "" {
			args = append(args, "--seat", seat)
		}
		var log, errb strings.Builder
		if code := run(args, nil, &log, &errb); code != exitOK {
			t.Fatalf("simulate: %d %s", code, errb.String())
		}
		var out strings.Builder
		if code := run([]string{"deductio", "solve", "-"}, strings.NewReader(log.String()), &out, &errb); code != exitOK {
			t.Fatalf("seat %q: solve: %d %s", seat, code, errb.String())
		}
	}
}
