package clue

import (
	"context"
	"io"
	"strings"
	"testing"
)

// FuzzApply feeds arbitrary lines to a game in progress: Apply must never
// panic, and a refused line must leave the game as it was. The seed corpus
// (every line of the example game and some near misses) runs in a normal
// go test.
func FuzzApply(f *testing.F) {
	for _, l := range strings.Split(ExampleLog, "\n") {
		f.Add(l)
	}
	for _, l := range []string{
		"alice asks Pl Kn Ha: bob shows", "alice asks : nobody", "alice asks Plum Knife Hall::",
		"bob accuses Plum Knife Hall right", "envelope has Plum", "faceup lacks Plum",
		"size alice 3-", "category x", "alias a b", "hand", "carol asks Plum Knife Hall: bob passes, dave shows",
		"alice asks Plum Knife Hall: bob shows Plum extra", "#", "   ", "alice\tasks\tPlum,Knife,Hall:nobody",
		"dave asks Scarlet Candlestick Lounge: alice passes bob passes carol passes",
	} {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		g, err := Load(strings.NewReader(ExampleLog))
		if err != nil {
			t.Fatal(err)
		}
		before := len(g.Lines())
		nobs := len(g.prob.Observations())
		if err := g.Apply(line); err != nil {
			if len(g.Lines()) != before || len(g.prob.Observations()) != nobs {
				t.Fatalf("refused line %q changed the game", line)
			}
			return
		}
		_ = g.Why(context.Background(), line, io.Discard)
	})
}

// FuzzSetup feeds arbitrary lines to a game whose setup is still open (a
// preset and players, no observation yet), then closes the setup with an
// observation: neither step may panic, and a refused line must leave the
// game as it was.
func FuzzSetup(f *testing.F) {
	for _, l := range []string{
		"size alice 30", "size bob 5-6", "size carol ?", "deal all", "deal faceup", "deal some",
		"players José Zoë", "alias bob Plum", "category who a b", "questions cardgame",
		"hand bob Plum", "hand dave Plum Knife Hall Study Rope", "faceup has Plum", "faceup lacks Plum",
		"envelope has Plum Knife Hall Study", "seat dave", "game clue",
	} {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		g := NewGame()
		for _, l := range []string{"preset cluedo", "players alice bob carol dave"} {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
		}
		before := len(g.Lines())
		if err := g.Apply(line); err != nil && len(g.Lines()) != before {
			t.Fatalf("refused line %q changed the game", line)
		}
		_ = g.Apply("alice has Plum")
	})
}
