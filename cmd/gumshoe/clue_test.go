package main

import (
	"os"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
)

// TestClue drives the commands every game shares on a Clue log, a custom
// deck, and "gumshoe clue simulate".
func TestClue(t *testing.T) {
	if *update {
		if err := os.WriteFile("testdata/clue-example.log", []byte(clue.ExampleLog), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	log := "testdata/clue-example.log"
	runGameCases(t, []gameCase{
		{"clue-solve", "the sheet once, then every text report of a 4-player Cluedo log", []string{"solve", log}, "", exitOK},
		{"clue-solve-json", "the JSON report", []string{"solve", "--json", log}, "", exitOK},
		{"clue-advise", "the seat's questions ranked", []string{"advise", log}, "", exitOK},
		{"clue-advise-show", "which card to show", []string{"advise", log, "show", "alice", "Plum", "Knife", "Hall"}, "", exitOK},
		{"clue-advise-json", "the advice as JSON", []string{"advise", "--json", log, "show", "alice", "Plum", "Knife", "Hall"}, "", exitOK},
		{"clue-why", "a forced fact explained by lines", []string{"why", log, "envelope", "Scarlet"}, "", exitOK},
		{"clue-why-open", "an open fact is not forced: an error, as in every game", []string{"why", log, "not bob Lounge"}, "", exitError},
		{"clue-deck", "a custom deck from a deck file", []string{"solve", "--deck", "testdata/clue-custom.deck", "-"}, "game clue\nseat p\nhand p Ann Axe\nq asks Ben Bat: r passes, p passes\n", exitOK},
		{"clue-deck-not-clue", "a deck file for a game that has none is a usage error", []string{"solve", "--deck", "testdata/clue-custom.deck", "testdata/dod-example.log"}, "", exitUsage},
		{"clue-simulate", "a simulated Card Game log with the envelope revealed", []string{"clue", "simulate", "--preset", "cardgame", "--players", "3", "--seed", "2", "--questions", "6", "--reveal"}, "", exitOK},
		{"clue-simulate-cluedo", "a simulated 6-player Cluedo log from erin's seat", []string{"clue", "simulate", "--players", "6", "--seed", "1", "--seat", "4", "--questions", "12", "--accuse", "0.1"}, "", exitOK},
		{"clue-bad-line", "a bad line names its line and column", []string{"solve", "-"}, "game clue\npreset cluedo\nplayers a b c\na asks Plum Knife: b shows\n", exitError},
		{"clue-conflict", "a contradiction names the earlier lines", []string{"solve", "-"}, "game clue\npreset cluedo\nplayers a b c\nseat a\nhand a Plum Knife Hall Study Rope Lounge\nb asks Plum Wrench Kitchen: c passes, a passes\nb asks Green Wrench Kitchen: c shows Wrench\n", exitError},
		{"clue-bad-players", "7 players are a usage error", []string{"clue", "simulate", "--players", "7"}, "", exitUsage},
		{"clue-bad-accuse", "a chance above 1 is a usage error", []string{"clue", "simulate", "--accuse", "2"}, "", exitUsage},
		{"clue-bad-sub", "an unknown subcommand", []string{"clue", "guess"}, "", exitUsage},
	})
}
