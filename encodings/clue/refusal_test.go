package clue

import (
	"io"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/table/tabletest"
)

// TestRefusalsSayWhy holds every refusal of a Clue log that must say why
// in words: the line, its column when it is malformed, and the rule it
// breaks when it is impossible on its own.
func TestRefusalsSayWhy(t *testing.T) {
	// Two categories of two items: the envelope takes one of each, the two
	// other cards are the spares, face up; every player holds no cards.
	const tiny = "game clue\ncategory who Ash Elm\ncategory where Oak Pine\nplayers ann bob cal\n"
	tabletest.Refuses(t, func(r io.Reader) error { _, err := Load(r); return err }, []tabletest.Refusal{
		{Why: "a shower who holds no cards: the rule in words, not just 'impossible'",
			Log:  tiny + "ann asks Ash Oak: bob shows Ash\n",
			Want: []string{"line 4", "impossible on its own", "bob holds no cards: the 2 spare cards are face up"}},
		{Why: "the same seen from the asker's seat, the card unseen",
			Log:  tiny + "seat ann\nann asks Ash Oak: bob shows\n",
			Want: []string{"line 5", "bob holds no cards: the 2 spare cards are face up"}},
		{Why: "a has line for the same player names the size, at its column",
			Log:  tiny + "bob has Ash\n",
			Want: []string{"line 4", "column 9", "bob has 0"}},
		{Why: "a grammar word as an item name, with the reserved words listed",
			Log:  "game clue\ncategory who nobody Ann\n",
			Want: []string{"line 1", "column 14", `"nobody" is a word of the grammar`, "reserved words: preset, category", "shows", "passes"}},
		{Why: "another grammar word, in another case",
			Log:  "game clue\ncategory who Ann Shows\n",
			Want: []string{"line 1", "column 18", `"Shows" is a word of the grammar`}},
		{Why: "a grammar word as an alias",
			Log:  "game clue\ncategory who Ann Ben\ncategory what Axe Bat\nalias envelope Ann\n",
			Want: []string{"line 3", "column 7", `"envelope" is a word of the grammar`, "alias"}},
	})
}

// TestNotReady checks that a log with nothing after its header, or with
// no deck, or no players, is refused by table.CheckReady naming its last
// line and what is missing; a complete one is not.
func TestNotReady(t *testing.T) {
	tabletest.NotReady(t, func(r io.Reader) (table.Game, error) { return Load(r) }, []tabletest.Readiness{
		{Why: "a header alone", Log: "game clue\n", Want: "line 0: the log has nothing after its header"},
		{Why: "comments only", Log: "game clue\n# nothing yet\n", Want: "line 1: the log has nothing after its header"},
		{Why: "players and no deck", Log: "game clue\nplayers ann bob cal\n", Want: "line 1: the log ends before its set-up is complete: no deck yet"},
		{Why: "a deck and no players", Log: "game clue\npreset cluedo\n", Want: "line 1: the log ends before its set-up is complete: no players yet"},
		{Why: "complete", Log: "game clue\npreset cluedo\nplayers ann bob cal\n"},
	})
}
