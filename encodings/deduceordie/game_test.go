package deduceordie

import (
	"context"
	"errors"
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// long runs the long property and calibration runs: go test -long.
var long = flag.Bool("long", false, "run the long simulation and calibration tests")

// setup4 is a 4-player setup from carol's seat.
var setup4 = []string{
	"players alice bob carol dave",
	"seat carol",
	"hand carol AS 2S 3H 4H 5C 6C",
	"exposed 9S",
}

func newGame(t *testing.T, lines ...string) *Game {
	t.Helper()
	g := NewGame()
	for i, l := range lines {
		if err := g.Apply(l); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
	}
	return g
}

func TestApplyAccepts(t *testing.T) {
	tests := []struct {
		why  string
		line string
	}{
		{"comment", "# alice looks nervous"},
		{"blank line", "   "},
		{"reveal by suit name", "reveal alice spades"},
		{"reveal by letter", "reveal bob H"},
		{"reveal by symbol", "reveal dave ♣"},
		{"ask with a span", "ask alice bob 3H..5S = 2"},
		{"ask with '=' glued", "ask alice bob 3H..5S =2"},
		{"ask with a rank choice", "ask alice bob 2S rank = 1"},
		{"ask with a suit choice", "ask dave bob 2S..2S suit = 3"},
		{"names in any case", "ask Alice BOB 7s..9♠ = 1"},
		{"secret seen from outside", "secret alice bob"},
		{"the seat's own secret", "secret carol bob 3H..6H = 1"},
		{"a secret asked of the seat", "secret dave carol 3H..6H = 2"},
		{"pass", "pass dave"},
		{"failed accusation", "accuse alice bob 7S+8H wrong"},
	}
	for _, tc := range tests {
		g := newGame(t, setup4...)
		if err := g.Apply(tc.line); err != nil {
			t.Errorf("%s: Apply(%q): %v", tc.why, tc.line, err)
			continue
		}
		if got := g.Lines(); got[len(got)-1] != tc.line {
			t.Errorf("%s: line not kept: %q", tc.why, got)
		}
	}
}

func TestApplyRefuses(t *testing.T) {
	tests := []struct {
		why   string
		prior []string
		line  string
		col   int
		msg   string
	}{
		{"rank 10", nil, "ask alice bob 3H..10S = 2", 19, "no 10 in the Motive deck; ranks are A-9"},
		{"diamonds", nil, "ask alice bob 4D..5S = 1", 16, "no Diamonds"},
		{"unknown player", nil, "ask alice zed 3H..5S = 2", 11, `no player "zed"`},
		{"self question", nil, "ask alice alice 3H..5S = 2", 11, "cannot question themself"},
		{"answer above the hand size", nil, "ask alice bob 3H..5S = 7", 24, `"7" is not an answer`},
		{"answer above the range size", nil, "ask alice bob 3H..4H = 3", 24, `"3" is not an answer`},
		{"missing answer", nil, "ask alice bob 3H..5S", 22, "the line ends early"},
		{"identical cards need a choice", nil, "ask alice bob 5S..5S = 1", 21, "two identical cards"},
		{"unknown entry", nil, "shout alice", 1, `unknown entry "shout"`},
		{"second players line", nil, "players a b c", 1, "already given"},
		{"exposed twice", nil, "exposed 8S", 1, "already given"},
		{"short hand", nil, "hand alice AS 2S", 18, "2 cards; a hand has 6"},
		{"card twice in a hand", nil, "hand alice 7S 7S 8S 9S AH 2H", 15, "listed twice"},
		{"second secret", []string{"secret alice bob"}, "secret alice dave", 8, "already made their Secret Interrogation"},
		{"a secret the seat cannot know", nil, "secret alice bob 3H..5S = 1", 18, "only the asker and the answerer"},
		{"eliminated players take no turns", []string{"accuse alice bob 7S+8H wrong"}, "ask alice bob 3H..5S = 1", 5, "takes no more turns"},
		{"self accusation", nil, "accuse alice alice 7S+8H wrong", 14, "cannot accuse themself"},
		{"accusation outcome", nil, "accuse alice bob 7S+8H maybe", 24, "neither wrong nor right"},
		{"evidence pair of one card", nil, "accuse alice bob 7S+7S wrong", 18, "names one card twice"},
		{"reveal a missing suit", nil, "reveal alice diamonds", 14, "not a suit"},
		{"the header is not an entry", nil, "game dod", 1, "heads a log file"},
		{"game over", []string{"hand alice 3S 7S 8S AH 2H 7H", "accuse carol alice 5S+6S right"}, "pass bob", 1, "the game is over"},
	}
	for _, tc := range tests {
		g := newGame(t, append(slices.Clone(setup4), tc.prior...)...)
		before := g.Lines()
		err := g.Apply(tc.line)
		var le *table.LineError
		if !errors.As(err, &le) {
			t.Errorf("%s: Apply(%q) = %v, want a *table.LineError", tc.why, tc.line, err)
			continue
		}
		if le.Col != tc.col || !strings.Contains(le.Msg, tc.msg) {
			t.Errorf("%s: Apply(%q) = column %d %q; want column %d %q", tc.why, tc.line, le.Col, le.Msg, tc.col, tc.msg)
		}
		if !slices.Equal(before, g.Lines()) {
			t.Errorf("%s: the refused line changed the lines", tc.why)
		}
	}
}

func TestApplyBeforePlayers(t *testing.T) {
	g := NewGame()
	err := g.Apply("seat me")
	var le *table.LineError
	if !errors.As(err, &le) || !strings.Contains(le.Msg, "before the players line") {
		t.Fatalf("Apply before players = %v", err)
	}
	for _, l := range []string{"players a b", "players a b c d e f g", "players a b a", "players a b evidence", "players a b 7C"} {
		if err := NewGame().Apply(l); err == nil {
			t.Errorf("Apply(%q) accepted", l)
		}
	}
	if err := NewGame().Apply("players a b c d e"); err != nil {
		t.Errorf("5 players: %v", err)
	}
	g = newGame(t, "players a b c d e")
	if err := g.Apply("exposed 5S"); err == nil {
		t.Errorf("an exposed card with 5 players was accepted")
	}
}

func TestConflict(t *testing.T) {
	g := newGame(t, append(slices.Clone(setup4),
		"# bob's answers",
		"ask alice bob 2S rank = 1",
		"ask dave bob 3S..4S = 0",
		"ask alice bob 7S..9S = 0",
	)...)
	// bob holds one of 2H, 2C (2S is carol's). Saying bob holds none of
	// the Twos contradicts line 6 alone, with carol's hand.
	before := g.Lines()
	err := g.Apply("ask dave bob 2H..2C = 0")
	var ce *table.ConflictError
	if !errors.As(err, &ce) {
		t.Fatalf("Apply = %v, want a *table.ConflictError", err)
	}
	if !slices.Equal(ce.Lines, []int{6}) {
		t.Errorf("conflict lines %v (%q), want [6]", ce.Lines, ce.Texts)
	}
	if !slices.Equal(before, g.Lines()) {
		t.Errorf("the refused line changed the lines")
	}
	// The game still works after a refused line.
	if err := g.Apply("ask dave bob 2H..2C = 1"); err != nil {
		t.Errorf("a consistent line after a refused one: %v", err)
	}
}

func TestConflictWithHand(t *testing.T) {
	g := newGame(t, setup4...)
	err := g.Apply("ask alice bob AS..2S = 1")
	var ce *table.ConflictError
	if !errors.As(err, &ce) || !slices.Equal(ce.Lines, []int{3}) {
		t.Fatalf("Apply = %v, want a conflict with line 3 (carol's hand)", err)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		why, log, want string
	}{
		{"no header", "players a b c\n", "line 0"},
		{"another game", "game clue\nplayers a b c\n", "not of Deduce or Die"},
		{"bad line numbered from the header, line 0", "# my game\ngame dod\nplayers a b c\n\nask a b 3H..10S = 1\n", "line 3: column 13: no 10 in the Motive deck; ranks are A-9 (expected a rank A-9)"},
		{"conflict names lines numbered from the header", "game dod\n# setup\nplayers a b c\nseat a\nhand a AS 2S 3S 4S 5S 6S 7S 8S\nask b c AS..3S = 1\n", "line 5: contradicts earlier lines:\n  line 4: hand a AS 2S 3S 4S 5S 6S 7S 8S"},
	}
	for _, tc := range tests {
		_, err := Load(strings.NewReader(tc.log))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Load = %v, want %q", tc.why, err, tc.want)
		}
	}
}

func TestWhy(t *testing.T) {
	g := newGame(t, append(slices.Clone(setup4),
		"ask alice bob 2S rank = 2",
		"ask bob dave 7S..8S = 0",
	)...)
	var b strings.Builder
	if err := table.Why(context.Background(), g, "bob 2H", &b); err != nil {
		t.Fatal(err)
	}
	want := "bob holds 2H, because of:\n  line 3: hand carol AS 2S 3H 4H 5C 6C\n  line 5: ask alice bob 2S rank = 2\n"
	if b.String() != want {
		t.Errorf("Why = %q, want %q", b.String(), want)
	}
	b.Reset()
	if err := table.Why(context.Background(), g, "not dave 2c", &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "dave does not hold 2C") || !strings.Contains(b.String(), "line 5") {
		t.Errorf("Why not = %q", b.String())
	}
	if err := table.Why(context.Background(), g, "alice 7S", &b); err == nil || !strings.Contains(err.Error(), "do not force this: alice holds 7S") {
		t.Errorf("Why of an open fact = %v", err)
	}
	if err := table.Why(context.Background(), g, "zed 7S", &b); err == nil {
		t.Errorf("Why of an unknown holder accepted")
	}
	f, err := g.ParseFact("exposed 9S")
	if err != nil || f != (solver.Fact{Card: MakeCard(9, Spades), Holder: 5, Holds: true}) {
		t.Errorf("ParseFact(exposed 9S) = %v, %v", f, err)
	}
}

// TestAnswerBound checks that the hint names the largest answer: the
// range's size when it is below the hand size.
func TestAnswerBound(t *testing.T) {
	for _, tc := range []struct {
		line, want string
	}{
		{"ask alice bob 3H..4H = 3", "a number from 0 to 2"},
		{"ask alice bob 3H..5S = 7", "a number from 0 to 6"},
	} {
		g := newGame(t, setup4...)
		var le *table.LineError
		if err := g.Apply(tc.line); !errors.As(err, &le) || le.Want != tc.want {
			t.Errorf("Apply(%q) = %v, want the hint %q", tc.line, err, tc.want)
		}
	}
	g := newGame(t, setup4...)
	if err := g.Apply("ask alice bob 7H..8H = 2"); err != nil {
		t.Errorf("an answer equal to the range's size refused: %v", err)
	}
}

// TestParseFactHeads checks that a fact may name its holder as the sheet
// heads it: any unique prefix of at least three letters, in any case.
func TestParseFactHeads(t *testing.T) {
	g := newGame(t, setup4...)
	tests := []struct {
		fact   string
		holder solver.Holder // -1: refused
		holds  bool
	}{
		{"expo 9S", 5, true},
		{"exp 9S", 5, true},
		{"EVID 7C", 4, true},
		{"not evid 7C", 4, false},
		{"5H expo", 5, true},
		{"alic 3H", 0, true},
		{"caro 3H", 2, true},
		{"ex 9S", -1, false},        // too short to name a holder
		{"evidences 9S", -1, false}, // longer than the name
		{"zed 9S", -1, false},
	}
	for _, tt := range tests {
		f, err := g.ParseFact(tt.fact)
		switch {
		case tt.holder < 0 && err == nil:
			t.Errorf("ParseFact(%q) = %v, want an error", tt.fact, f)
		case tt.holder >= 0 && (err != nil || f.Holder != tt.holder || f.Holds != tt.holds):
			t.Errorf("ParseFact(%q) = %v, %v; want holder %d, holds %v", tt.fact, f, err, tt.holder, tt.holds)
		}
	}
	var b strings.Builder
	if err := table.Why(context.Background(), g, "expo 9S", &b); err != nil || !strings.Contains(b.String(), "exposed holds 9S") {
		t.Errorf("why expo 9S = %q, %v", b.String(), err)
	}
}
