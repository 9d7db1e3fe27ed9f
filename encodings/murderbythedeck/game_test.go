package murderbythedeck_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	mbtd "github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

const setup = `players alice bob carol dave
seat bob
hand 2S 6S AC 3C QD 4H 3D
`

func game(t *testing.T, lines string) *mbtd.Game {
	t.Helper()
	g := mbtd.NewGame()
	for _, l := range strings.Split(strings.TrimSuffix(lines, "\n"), "\n") {
		if err := g.Apply(l); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
	return g
}

// TestLines applies one line after a few and checks that it is accepted,
// refused as malformed or against the rules (with its column), or refused
// as a conflict (with the earlier lines named).
func TestLines(t *testing.T) {
	cases := []struct {
		name     string
		before   string
		line     string
		col      int   // a *table.LineError at this column (-1: accepted)
		conflict []int // a *table.ConflictError naming these lines
	}{
		{"another player's draw shows no card", "", "alice draws 3H", 13, nil},
		{"turns go in seat order", "", "bob draws 8D", 1, nil},
		{"a card the seat holds is not discarded by another", "alice draws\n", "alice discards 6S", 0, []int{3}},
		{"there is no 7 in the deck", "alice draws\n", "alice discards 7S", 16, nil},
		{"the identity card is never discarded", "alice draws\n", "alice discards KS", 16, nil},
		{"a dealt death card may be discarded", "alice draws\n", "alice discards 4S", -1, nil},
		{"under rule discard nospade a Spade is not discarded but from a hand of Spades", "rule discard nospade\nalice draws\n", "alice discards 4S", 0, []int{3}},
		{"rule lines come before the first turn", "alice draws\nalice discards 2H\n", "rule piles 3", 1, nil},
		{"a rule has its values", "", "rule murderer JS", 15, nil},
		{"the discard follows the draw", "alice draws\n", "alice discards 2H", -1, nil},
		{"the seat writes the card it draws", "alice draws\nalice discards 2H\n", "bob draws", 0, nil},
		{"the seat discards from its hand", "alice draws\nalice discards 2H\nbob draws 8D\n", "bob discards KD", 14, nil},
		{"a death card the seat draws goes face down", "alice draws\nalice discards 2H\nbob draws 4S\n", "bob discards AC", 5, nil},
		{"a discarded card is on the return pile", "alice draws\nalice discards 2H\nbob draws 8D\nbob discards 4H\ncarol draws\n", "carol discards 2H", 16, nil},
		{"nobody accuses without a complete family", "", "alice accuses bob right AH 2H 3H 4H JH QD KH", 25, nil},
		{"a player not on death row does not die", "", "alice dead AH", 7, nil},
		{"only a BLOCKed player or one with nothing to draw passes", "", "alice passes", 7, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := game(t, setup+tc.before)
			before := slices.Clone(g.Lines())
			err := g.Apply(tc.line)
			var le *table.LineError
			var ce *table.ConflictError
			switch {
			case tc.conflict != nil:
				if !errors.As(err, &ce) || !slices.Equal(ce.Lines, tc.conflict) {
					t.Fatalf("Apply(%q) = %v, want a conflict with lines %v", tc.line, err, tc.conflict)
				}
			case tc.col >= 0:
				if !errors.As(err, &le) || le.Col != tc.col {
					t.Fatalf("Apply(%q) = %v, want a line error at column %d", tc.line, err, tc.col)
				}
			default:
				if err != nil {
					t.Fatalf("Apply(%q) = %v", tc.line, err)
				}
				return
			}
			if !slices.Equal(g.Lines(), before) {
				t.Error("a refused line changed the lines")
			}
		})
	}
}

// TestWhy checks forced facts and the minimal lines that force them.
func TestWhy(t *testing.T) {
	g := game(t, setup+"alice draws\nalice discards 2H\nbob draws 8D\nbob discards 4H\ncarol draws\ncarol down\ncarol discards JH\n")
	ctx := context.Background()
	cases := []struct {
		fact  string
		lines []int // nil: not forced
	}{
		{"bob 6S", []int{3}},
		{"not carol 6S", []int{3}},
		{"used 2H", []int{5}},
		{"not carol spade", []int{9}}, // a death card placed face down: not a Spade
		{"not down 2S", []int{3}},     // bob holds it
		{"alice spade", nil},          // open
		{"down AS", nil},              // open: any of AS 3S 4S
		{"not pile 8D", []int{6}},     // bob drew it
		{"bob 8D", []int{6}},          // and kept it
		{"not alice 4H", []int{7}},    // on the return pile since line 7
	}
	for _, tc := range cases {
		e, err := g.Explain(ctx, tc.fact)
		if tc.lines == nil {
			if err == nil {
				t.Errorf("Explain(%q) = %v, want not forced", tc.fact, e)
			}
			continue
		}
		if err != nil || !slices.Equal(e.Lines, tc.lines) {
			t.Errorf("Explain(%q) = %v, %v; want lines %v", tc.fact, e, err, tc.lines)
		}
	}
}

// TestWordsCompleteRules: every word of a rule line (RuleHelp) is offered
// for completion at the prompt.
func TestWordsCompleteRules(t *testing.T) {
	words := mbtd.NewGame().Words()
	for _, w := range strings.FieldsFunc(mbtd.RuleHelp, func(r rune) bool { return r == ' ' || r == ',' || r == '|' }) {
		if w == "N" || strings.ToUpper(w) == w && len(w) <= 2 {
			continue // a number, or a card (KS, QS) offered as a card
		}
		if !slices.Contains(words, w) {
			t.Errorf("Words() lacks %q of %q", w, mbtd.RuleHelp)
		}
	}
}
