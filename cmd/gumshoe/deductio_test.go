package main

import (
	"strings"
	"testing"
)

// TestDeductio drives the commands every game shares on a Deductio log,
// and "gumshoe deductio simulate".
func TestDeductio(t *testing.T) {
	log := "testdata/deductio-example.log"
	runGameCases(t, []gameCase{
		{"deductio-solve", "the sheet once, then the text report", []string{"solve", log}, "", exitOK},
		{"deductio-solve-json", "the JSON report", []string{"solve", "--json", log}, "", exitOK},
		{"deductio-advise", "guess advice and the clue row of the log", []string{"advise", log}, "", exitOK},
		{"deductio-advise-row", "a row given on the command line, a free guess", []string{"advise", log, "free", "odd", "1-5", "faceup-1"}, "", exitOK},
		{"deductio-why", "an explanation with several lines", []string{"why", log, "bob", "13"}, "", exitOK},
		{"deductio-simulate", "a seat's simulated log", []string{"deductio", "simulate", "--players", "2", "--seed", "3", "--seat", "bob"}, "", exitOK},
		{"deductio-stdin-conflict", "a contradiction names the line of the file and the lines it contradicts", []string{"solve", "-"}, "game deductio\nplayers a b\nfaceup 1 2 3\na plays 1-3\n", exitError},
		{"deductio-bad-line", "a malformed line names line and column", []string{"solve", "-"}, "game deductio\nplayers a b\na plays 5-25\n", exitError},
		{"deductio-unknown-game", "a log of a game gumshoe does not know names line 0", []string{"solve", "-"}, "game chess\n", exitError},
		{"deductio-bad-sub", "unknown subcommand", []string{"deductio", "dance"}, "", exitUsage},
		{"deductio-bad-players", "2 to 4 players", []string{"deductio", "simulate", "--players", "5"}, "", exitUsage},
	})
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
		if code := run([]string{"solve", "-"}, strings.NewReader(log.String()), &out, &errb); code != exitOK {
			t.Fatalf("seat %q: solve: %d %s", seat, code, errb.String())
		}
	}
}
