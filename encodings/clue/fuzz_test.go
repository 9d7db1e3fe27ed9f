package clue

import (
	"testing"
)

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
