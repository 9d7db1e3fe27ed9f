package main

import (
	"strings"
	"testing"
)

// gameCase is one run of gumshoe compared with a golden file.
type gameCase struct {
	name  string
	why   string
	args  []string
	stdin string
	code  int
}

// runGameCases runs each case through run and compares its output and exit
// code with testdata/<name>.txt (go test -update rewrites them).
func runGameCases(t *testing.T, tests []gameCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut strings.Builder
			code := run(tc.args, strings.NewReader(tc.stdin), &out, &errOut)
			if code != tc.code {
				t.Errorf("%s: exit %d, want %d; stderr %s", tc.why, code, tc.code, errOut.String())
			}
			golden(t, tc.name+".txt", "# "+tc.why+"\n$ gumshoe "+strings.Join(tc.args, " ")+"\n"+out.String()+"--- stderr\n"+errOut.String())
		})
	}
}

// TestDod drives the commands every game shares on a Deduce or Die log,
// and "gumshoe dod simulate".
func TestDod(t *testing.T) {
	log := "testdata/dod-example.log"
	runGameCases(t, []gameCase{
		{"dod-solve", "the sheet once, then the text reports", []string{"solve", log}, "", exitOK},
		{"dod-solve-json", "the JSON reports", []string{"solve", "--json", log}, "", exitOK},
		{"dod-advise", "every question of a draw, the secret range and passing", []string{"advise", log, "3H", "5S", "5S"}, "", exitOK},
		{"dod-advise-json", "the advice as JSON; the draw as one argument", []string{"advise", "--json", log, "3H 5s 7♣"}, "", exitOK},
		{"dod-why", "a forced fact explained by lines", []string{"why", log, "bob", "AH"}, "", exitOK},
		{"dod-why-json", "an explanation as JSON", []string{"why", "--json", log, "bob", "AH"}, "", exitOK},
		{"dod-why-open", "an open fact is not explained", []string{"why", log, "bob 3H"}, "", exitError},
		{"dod-why-alias", "gumshoe dod why is gumshoe why", []string{"dod", "why", log, "bob", "AH"}, "", exitOK},
		{"dod-simulate", "every seat's log of a simulated game", []string{"dod", "simulate", "--players", "3", "--seed", "3"}, "", exitOK},
		{"dod-simulate-seat", "one seat's log", []string{"dod", "simulate", "--players", "6", "--seed", "1", "--seat", "erin"}, "", exitOK},
		{"dod-bad-line", "a bad line names its line and column", []string{"solve", "-"}, "game dod\nplayers a b c\nask a b 3H..10S = 1\n", exitError},
		{"dod-conflict", "a contradiction names the earlier lines", []string{"solve", "-"}, "game dod\nplayers a b c\nseat a\nhand a AS 2S 3S 4S 5S 6S 7S 8S\nask b c AS..3S = 1\n", exitError},
		{"dod-bad-draw", "a draw of two cards is refused by the game", []string{"advise", log, "3H 5S"}, "", exitError},
		{"dod-advise-timeout", "advice gives up after --timeout", []string{"advise", "--timeout", "1ns", log, "3H 5S 5S"}, "", exitError},
		{"dod-bad-players", "7 players are a usage error", []string{"dod", "simulate", "--players", "7"}, "", exitUsage},
		{"dod-bad-seat", "an unknown seat is a usage error", []string{"dod", "simulate", "--seat", "zed"}, "", exitUsage},
		{"dod-bad-sub", "an unknown subcommand", []string{"dod", "guess"}, "", exitUsage},
		{"dod-no-sub", "a game command needs a subcommand", []string{"dod"}, "", exitUsage},
		{"dod-help", "a game command's help, on stdout", []string{"dod", "--help"}, "", exitOK},
		{"dod-simulate-help", "a subcommand's help, on stdout", []string{"help", "dod", "simulate"}, "", exitOK},
	})
}
