package deductio

import (
	"io"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/table/tabletest"
)

// TestRefusalsSayWhy holds every refusal of a Deductio log that must say
// why: each names its line and a column (the word at fault, the first word
// too many, or the place just after the last word when one is missing) and
// what is wrong.
func TestRefusalsSayWhy(t *testing.T) {
	const three = "game deductio\nplayers alice bob carol\n"
	const dealt = three + "seat carol\nsecret carol 12\nfaceup 3 11 17\n"
	tabletest.Refuses(t, func(r io.Reader) error { _, err := Load(r); return err }, []tabletest.Refusal{
		{Why: "faceup+1 played before any faceup line: why, at the card",
			Log:  three + "bob plays faceup+1\n",
			Want: []string{"line 2: column 11", "faceup+1 is true only of a number next to a face-up Secret Number", "no faceup line"}},
		{Why: "faceup-1 likewise",
			Log:  three + "bob plays faceup-1/free\n",
			Want: []string{"line 2: column 11", "no number is face up yet"}},
		{Why: "a row rejected that no number fits, with no earlier line involved: the rule in words",
			Log:  three + "alice rejects odd even\n",
			Want: []string{"line 2", "impossible on its own", "every Secret Number from 1 to 20 is true of one of odd even"}},
		{Why: "plays with no card: just after the verb",
			Log:  dealt + "bob plays\n",
			Want: []string{"line 5: column 11", "one clue card expected"}},
		{Why: "plays with two cards: at the second",
			Log:  dealt + "bob plays odd even\n",
			Want: []string{"line 5: column 15", "one clue card expected"}},
		{Why: "a guess with no answer: just after the number",
			Log:  dealt + "bob guesses cy 7\n",
			Want: []string{"line 5: column 18", "a guess names a player, a number and the answer"}},
		{Why: "another player looks at 0 cards: at the count",
			Log:  dealt + "bob looks 0\n",
			Want: []string{"line 5: column 11", `not "0"`}},
		{Why: "another player looks at 3 cards: at the count",
			Log:  dealt + "bob looks 3\n",
			Want: []string{"line 5: column 11", `not "3"`}},
		{Why: "the seat looks at no card",
			Log:  dealt + "carol looks\n",
			Want: []string{"line 5: column 13", "1 or 2 numbers"}},
		{Why: "rejects with no card",
			Log:  dealt + "bob rejects\n",
			Want: []string{"line 5: column 13", "1 to 3 clue cards"}},
		{Why: "rejects with four cards: at the fourth",
			Log:  dealt + "bob rejects odd even single faceup+1\n",
			Want: []string{"line 5: column 29", "1 to 3 clue cards"}},
		{Why: "one player: just after the name",
			Log:  "game deductio\nplayers alice\n",
			Want: []string{"line 1: column 15", "2 to 4 players, not 1"}},
		{Why: "five players: at the fifth",
			Log:  "game deductio\nplayers a b c d e\n",
			Want: []string{"line 1: column 17", "2 to 4 players, not 5"}},
		{Why: "a player's line with no action: just after the name",
			Log:  dealt + "bob\n",
			Want: []string{"line 5: column 5", "incomplete line"}},
		{Why: "a line after the game has ended: at its first word",
			Log:  "game deductio\nplayers alice bob\nfaceup 1 2 3\nalice guesses bob 17 right\nalice guesses bob 18 right\nalice guesses bob 19 right\nbob plays odd\n",
			Want: []string{"line 6: column 1", "the game is over: alice won"}},
		{Why: "the deck exhausted: at the action",
			Log:  "game deductio\nplayers alice bob carol\nseat carol\nfaceup 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\ncarol looks 18\n",
			Want: []string{"line 4: column 7", "the Secret Number deck has only 0 cards left"}},
		{Why: "another player's look at an empty deck",
			Log:  "game deductio\nplayers alice bob carol\nseat carol\nfaceup 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\nalice looks 1\n",
			Want: []string{"line 4: column 7", "the Secret Number deck is empty"}},
	})
}

// TestFaceUpRelativeAfterFaceUp checks that the refusal above is only
// for a log with no face-up number yet: once a faceup line is given,
// faceup+1 is judged against it, and a denial of it is always possible.
func TestFaceUpRelativeAfterFaceUp(t *testing.T) {
	for _, log := range []string{
		"game deductio\nplayers alice bob carol\nfaceup 3 11 17\nbob plays faceup+1\n",
		"game deductio\nplayers alice bob carol\nbob denies faceup+1\n",
		"game deductio\nplayers alice bob carol\nbob rejects faceup+1 odd\n",
	} {
		if _, err := Load(strings.NewReader(log)); err != nil {
			t.Errorf("%q: %v", log, err)
		}
	}
}

// TestNotReady checks that a log with nothing after its header is refused
// by table.CheckReady on line 0 (it used to pass as a game of 0 players),
// and one with no players on its last line.
func TestNotReady(t *testing.T) {
	tabletest.NotReady(t, func(r io.Reader) (table.Game, error) { return Load(r) }, []tabletest.Readiness{
		{Why: "a header alone", Log: "game deductio\n", Want: "line 0: the log has nothing after its header"},
		{Why: "comments only", Log: "game deductio\n# later\n\n", Want: "line 2: the log has nothing after its header"},
		{Why: "complete", Log: "game deductio\nplayers alice bob\n"},
	})
}
