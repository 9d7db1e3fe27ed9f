package main

import (
	"os"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
)

// TestClue drives "gumshoe clue" and compares its output and exit code with
// the golden files testdata/clue-*.txt (go test -update rewrites them).
func TestClue(t *testing.T) {
	if *update {
		if err := os.WriteFile("testdata/clue-example.log", []byte(clue.ExampleLog), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		why   string
		args  []string
		stdin string
		code  int
	}{
		{"clue-solve", "every text report of a 4-player Cluedo log", []string{"clue", "solve", "testdata/clue-example.log"}, "", exitOK},
		{"clue-solve-json", "the JSON report", []string{"clue", "solve", "--json", "testdata/clue-example.log"}, "", exitOK},
		{"clue-advise", "the seat's questions ranked", []string{"clue", "advise", "--top", "3", "testdata/clue-example.log"}, "", exitOK},
		{"clue-advise-show", "which card to show", []string{"clue", "advise", "testdata/clue-example.log", "show", "alice", "Plum", "Knife", "Hall"}, "", exitOK},
		{"clue-why", "a forced fact explained by lines", []string{"clue", "why", "testdata/clue-example.log", "envelope", "Scarlet"}, "", exitOK},
		{"clue-why-open", "an open fact is not forced: an error, as in every game", []string{"clue", "why", "testdata/clue-example.log", "not bob Lounge"}, "", exitError},
		{"clue-deck", "a custom deck from a deck file", []string{"clue", "solve", "--deck", "testdata/clue-custom.deck", "-"}, "game clue\nseat p\nhand p Ann Axe\nq asks Ben Bat: r passes, p passes\n", exitOK},
		{"clue-simulate", "a simulated Card Game log with the envelope revealed", []string{"clue", "simulate", "--preset", "cardgame", "--players", "3", "--seed", "2", "--questions", "6", "--reveal"}, "", exitOK},
		{"clue-simulate-cluedo", "a simulated 6-player Cluedo log from erin's seat", []string{"clue", "simulate", "--players", "6", "--seed", "1", "--seat", "4", "--questions", "12", "--accuse", "0.1"}, "", exitOK},
		{"clue-bad-line", "a bad line names its line and column", []string{"clue", "solve", "-"}, "game clue\npreset cluedo\nplayers a b c\na asks Plum Knife: b shows\n", exitError},
		{"clue-conflict", "a contradiction names the earlier lines", []string{"clue", "solve", "-"}, "game clue\npreset cluedo\nplayers a b c\nseat a\nhand a Plum Knife Hall Study Rope Lounge\nb asks Plum Wrench Kitchen: c passes, a passes\nb asks Green Wrench Kitchen: c shows Wrench\n", exitError},
		{"clue-bad-players", "7 players are refused", []string{"clue", "simulate", "--players", "7"}, "", exitUsage},
		{"clue-bad-sub", "an unknown subcommand", []string{"clue", "guess"}, "", exitUsage},
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
