package deductio

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// TestRefusalsSayWhy holds every refusal of a Deductio log that must say
// why: each names its line and a column (the word at fault, the first word
// too many, or the place just after the last word when one is missing) and
// what is wrong.
func TestRefusalsSayWhy(t *testing.T) {
	const three = "game deductio\nplayers alice bob carol\n"
	const dealt = three + "seat carol\nsecret carol 12\nfaceup 3 11 17\n"
	for _, tc := range []struct {
		why  string
		log  string
		want []string // every one is in the error
	}{
		{"faceup+1 played before any faceup line: why, at the card",
			three + "bob plays faceup+1\n",
			[]string{"line 2: column 11", "faceup+1 is true only of a number next to a face-up Secret Number", "no faceup line"}},
		{"faceup-1 likewise",
			three + "bob plays faceup-1/free\n",
			[]string{"line 2: column 11", "no number is face up yet"}},
		{"a row rejected that no number fits, with no earlier line involved: the rule in words",
			three + "alice rejects odd even\n",
			[]string{"line 2", "impossible on its own", "every Secret Number from 1 to 20 is true of one of odd even"}},
		{"plays with no card: just after the verb",
			dealt + "bob plays\n",
			[]string{"line 5: column 11", "one clue card expected"}},
		{"plays with two cards: at the second",
			dealt + "bob plays odd even\n",
			[]string{"line 5: column 15", "one clue card expected"}},
		{"a guess with no answer: just after the number",
			dealt + "bob guesses cy 7\n",
			[]string{"line 5: column 18", "a guess names a player, a number and the answer"}},
		{"another player looks at 0 cards: at the count",
			dealt + "bob looks 0\n",
			[]string{"line 5: column 11", `not "0"`}},
		{"another player looks at 3 cards: at the count",
			dealt + "bob looks 3\n",
			[]string{"line 5: column 11", `not "3"`}},
		{"the seat looks at no card",
			dealt + "carol looks\n",
			[]string{"line 5: column 13", "1 or 2 numbers"}},
		{"rejects with no card",
			dealt + "bob rejects\n",
			[]string{"line 5: column 13", "1 to 3 clue cards"}},
		{"rejects with four cards: at the fourth",
			dealt + "bob rejects odd even single faceup+1\n",
			[]string{"line 5: column 29", "1 to 3 clue cards"}},
		{"one player: just after the name",
			"game deductio\nplayers alice\n",
			[]string{"line 1: column 15", "2 to 4 players, not 1"}},
		{"five players: at the fifth",
			"game deductio\nplayers a b c d e\n",
			[]string{"line 1: column 17", "2 to 4 players, not 5"}},
		{"a player's line with no action: just after the name",
			dealt + "bob\n",
			[]string{"line 5: column 5", "incomplete line"}},
		{"a line after the game has ended: at its first word",
			"game deductio\nplayers alice bob\nfaceup 1 2 3\nalice guesses bob 17 right\nalice guesses bob 18 right\nalice guesses bob 19 right\nbob plays odd\n",
			[]string{"line 6: column 1", "the game is over: alice won"}},
		{"the deck exhausted: at the action",
			"game deductio\nplayers alice bob carol\nseat carol\nfaceup 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\ncarol looks 18\n",
			[]string{"line 4: column 7", "the Secret Number deck has only 0 cards left"}},
		{"another player's look at an empty deck",
			"game deductio\nplayers alice bob carol\nseat carol\nfaceup 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\nalice looks 1\n",
			[]string{"line 4: column 7", "the Secret Number deck is empty"}},
	} {
		t.Run(tc.why, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.log))
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
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
	ctx := context.Background()
	for _, tc := range []struct {
		why, log, want string
	}{
		{"a header alone", "game deductio\n", "line 0: the log has nothing after its header"},
		{"comments only", "game deductio\n# later\n\n", "line 2: the log has nothing after its header"},
		{"complete", "game deductio\nplayers alice bob\n", ""},
	} {
		g, err := Load(strings.NewReader(tc.log))
		if err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		err = table.CheckReady(ctx, g)
		var le *table.LogError
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.why, err)
		case tc.want != "" && (err == nil || !errors.As(err, &le) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want a *table.LogError saying %q", tc.why, err, tc.want)
		}
	}
}
