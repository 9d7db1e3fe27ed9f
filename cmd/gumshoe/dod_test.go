package main

import (
	"strings"
	"testing"
)

// TestDod drives "gumshoe dod" and compares its output and exit code with
// the golden files testdata/dod-*.txt (go test -update rewrites them).
func TestDod(t *testing.T) {
	tests := []struct {
		name  string
		why   string
		args  []string
		stdin string
		code  int
	}{
		{"dod-solve", "the text reports of a 3-player log", []string{"dod", "solve", "testdata/dod-example.log"}, "", exitOK},
		{"dod-solve-json", "the JSON reports", []string{"dod", "solve", "--json", "testdata/dod-example.log"}, "", exitOK},
		{"dod-advise", "every question of a draw, the secret range and passing", []string{"dod", "advise", "--draw", "3H 5S 5S", "testdata/dod-example.log"}, "", exitOK},
		{"dod-advise-json", "the advice as JSON", []string{"dod", "advise", "--json", "--draw", "3H 5s 7♣", "testdata/dod-example.log"}, "", exitOK},
		{"dod-why", "a forced fact explained by lines", []string{"dod", "why", "testdata/dod-example.log", "bob", "AH"}, "", exitOK},
		{"dod-why-open", "an open fact is not explained", []string{"dod", "why", "testdata/dod-example.log", "bob 3H"}, "", exitError},
		{"dod-simulate", "every seat's log of a simulated game", []string{"dod", "simulate", "--players", "3", "--seed", "3"}, "", exitOK},
		{"dod-simulate-seat", "one seat's log", []string{"dod", "simulate", "--players", "6", "--seed", "1", "--seat", "erin"}, "", exitOK},
		{"dod-bad-line", "a bad line names its line and column", []string{"dod", "solve", "-"}, "game dod\nplayers a b c\nask a b 3H..10S = 1\n", exitError},
		{"dod-conflict", "a contradiction names the earlier lines", []string{"dod", "solve", "-"}, "game dod\nplayers a b c\nseat a\nhand a AS 2S 3S 4S 5S 6S 7S 8S\nask b c AS..3S = 1\n", exitError},
		{"dod-bad-draw", "a draw of two cards is refused", []string{"dod", "advise", "--draw", "3H 5S", "testdata/dod-example.log"}, "", exitUsage},
		{"dod-advise-timeout", "advice gives up after --timeout", []string{"dod", "advise", "--timeout", "1ns", "--draw", "3H 5S 5S", "testdata/dod-example.log"}, "", exitError},
		{"dod-bad-players", "7 players are refused", []string{"dod", "simulate", "--players", "7"}, "", exitUsage},
		{"dod-bad-sub", "an unknown subcommand", []string{"dod", "guess"}, "", exitUsage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut strings.Builder
			code := run(tc.args, strings.NewReader(tc.stdin), &out, &errOut)
			if code != tc.code {
				t.Errorf("%s: exit %d, want %d; stderr %s", tc.why, code, tc.code, errOut.String())
			}
			golden(t, tc.name+".txt", out.String()+"--- stderr\n"+errOut.String())
		})
	}
}
