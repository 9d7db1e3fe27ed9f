package theresbeenamurder

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// accentLog is the start of a seeded simulated game (4 players, seed 1)
// with two players given accented names. Line 1 is "players ...".
const accentLog = `
players José bob Zoë dave
seat José
hand driver secretary
José plays driver
José sees witness monkey gossip
José takes gossip
bob plays doctor driver
Zoë plays swain
Zoë draws
José takes from Zoë
Zoë gives monkey to José
dave plays invalid Zoë
José plays monkey dave
dave gives imposter to José
`

// TestWhyFactIsASentence checks the words of why's answers: each is one
// plain English sentence for every kind of place (a hand, the pile, the
// deck, the removed cards), held or not, rather than a fact prefixed with
// "not:".
func TestWhyFactIsASentence(t *testing.T) {
	g := newGameOf(t, accentLog)
	for _, tc := range []struct{ fact, text string }{
		{"josé imposter", "the imposter is with José"},
		{"not josé monkey", "the monkey is not with José"},
		{"not Zoë monkey", "the monkey is not with Zoë"},
		{"not dave driver", "the driver is not with dave"},
		{"pile monkey", "the monkey is in the pile"},
		{"not pile imposter", "the imposter is not in the pile"},
		{"deck driver", "the driver is in the deck"},
		{"not deck imposter", "the imposter is not in the deck"},
		{"not removed murderer", "the murderer was not removed"},
	} {
		e, err := g.Explain(context.Background(), tc.fact)
		if err != nil {
			t.Errorf("why %s: %v", tc.fact, err)
			continue
		}
		if e.Fact != tc.text {
			t.Errorf("why %s: %q, want %q", tc.fact, e.Fact, tc.text)
		}
	}
	// A fact the lines do not force names the fact in the same words.
	_, err := g.Explain(context.Background(), "removed drunk")
	if want := "the lines so far do not force this: the drunk was removed"; err == nil || err.Error() != want {
		t.Errorf("why removed drunk: %v, want %q", err, want)
	}
}

// TestWhyIsMinimal: why names a minimal set of lines: they force the fact
// (with the rules of the deal), and without any one of them the rest do
// not. "not removed murderer" once named the first line of every turn
// (each turn's moves are its first line's observation, and the removed
// card was carried from turn to turn by them): the rules alone force it
// ("Set aside the Murderer (1) and the Detective (2) cards. Shuffle the
// remaining cards and deal one card face down. Remove that card from the
// game without looking at it."), so it names no line.
func TestWhyIsMinimal(t *testing.T) {
	// Right after a Driver's play, before its look and pick, the marks
	// are those of the turn's start carried along its moves, and why
	// names the open turn's lines too: not for the removed cards, which
	// no move touches.
	start := newGameOf(t, strings.Join(strings.Split(strings.TrimSpace(accentLog), "\n")[:4], "\n"))
	if x, err := start.exactEnc(); err != nil || !x.OpenLags() {
		t.Fatalf("after José plays driver: the marks should lag (%v)", err)
	}
	if e, err := start.Explain(context.Background(), "not removed murderer"); err != nil || len(e.Lines) != 0 {
		t.Errorf("why not removed murderer after José plays driver: %v %v, want the deal alone", e, err)
	}
	g := newGameOf(t, accentLog)
	const deck, removed = 4, 6 // the places after the 4 hands
	for _, tc := range []struct {
		fact string
		c    engine.Card
		l    int
		hold bool
		max  int // the most lines the answer may name (-1: any)
	}{
		{"not removed murderer", engine.Murderer, removed, false, 0},
		{"not removed detective", engine.Detective, removed, false, 0},
		{"not Zoë murderer", engine.Murderer, 2, false, -1},
		{"not bob detective", engine.Detective, 1, false, -1},
		{"deck detective", engine.Detective, deck, true, -1},
		{"deck witness", engine.Witness, deck, true, -1},
		{"not dave driver", engine.Driver, 3, false, -1},
	} {
		e, err := g.Explain(context.Background(), tc.fact)
		if err != nil {
			t.Errorf("why %s: %v", tc.fact, err)
			continue
		}
		if tc.max >= 0 && len(e.Lines) > tc.max {
			t.Errorf("why %s: lines %v, want at most %d", tc.fact, e.Lines, tc.max)
		}
		x, err := g.exactEnc()
		if err != nil {
			t.Fatal(err)
		}
		if x.OpenLags() {
			t.Fatalf("the log's last line leaves the marks lagging: why adds the open turn's lines")
		}
		proves := func(lines []int) bool {
			ok, err := x.Proves(context.Background(), tc.c, tc.l, tc.hold, lines)
			if err != nil {
				t.Fatalf("why %s: %v", tc.fact, err)
			}
			return ok
		}
		if !proves(e.Lines) {
			t.Errorf("why %s: lines %v do not force it", tc.fact, e.Lines)
		}
		for i, l := range e.Lines {
			if proves(slices.Delete(slices.Clone(e.Lines), i, i+1)) {
				t.Errorf("why %s: lines %v force it without line %d", tc.fact, e.Lines, l)
			}
		}
	}
}

// TestColumnsCountCharacters: the column of an error in a line or a fact
// counts characters, not bytes: after "José" (five bytes, four
// characters, whichever way its accent is written) the word at fault is
// named where a player sees it.
func TestColumnsCountCharacters(t *testing.T) {
	g := newGameOf(t, accentLog)
	for _, tc := range []struct {
		text string
		fact bool // a fact of why, else a line
		col  int
	}{
		{"José plays nonsense", false, 12},
		{"Jose\u0301 plays nonsense", false, 12},
		{"Zoë gives monkey to Renée", false, 21},
		{"not josé nonsense", true, 10},
		{"not Zoë nonsense", true, 9},
	} {
		var err error
		if tc.fact {
			_, err = g.Explain(context.Background(), tc.text)
		} else {
			err = g.Apply(tc.text)
		}
		var le *table.LineError
		if !errors.As(err, &le) || le.Col != tc.col {
			t.Errorf("%q: %v, want a *table.LineError at column %d", tc.text, err, tc.col)
		}
	}
}
