package deductio

import (
	"context"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// setup are the lines most tests start from: carol's seat, number 12.
var setup = []string{
	"players alice bob carol",
	"seat carol",
	"secret carol 12",
	"faceup 3 11 17",
}

func newGame(t testing.TB, lines ...string) *Game {
	t.Helper()
	g := NewGame()
	for i, l := range lines {
		if err := g.Apply(l); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
	}
	return g
}

func TestApplyErrors(t *testing.T) {
	tests := []struct {
		line string
		col  int    // expected column of the *table.LineError
		msg  string // a part of its message
		why  string
	}{
		{"players alice", 15, "2 to 4 players", "too few players: just after the last name"},
		{"players alice bob carol dave eve", 30, "2 to 4", "too many players: at the fifth"},
		{"alice plays even", 1, "unknown line", "a player line needs the players"},
		{"players alice alice", 15, "named twice", "duplicate name"},
		{"players alice 7up", 15, "cannot name", "a name must start with a letter"},
		{"players alice plays", 15, "cannot name", "keywords are not names"},
		{"players not alice", 9, "cannot name", "\"not\" starts a fact for why"},
		{"game deductio", 1, "header", "the header is not a line of the game"},
	}
	for _, tc := range tests {
		g := NewGame()
		err := g.Apply(tc.line)
		var le *table.LineError
		if !errors.As(err, &le) {
			t.Errorf("%q: error %v, want a *table.LineError (%s)", tc.line, err, tc.why)
			continue
		}
		if le.Col != tc.col || !strings.Contains(le.Error(), tc.msg) {
			t.Errorf("%q: %v at column %d, want %q at column %d (%s)", tc.line, le, le.Col, tc.msg, tc.col, tc.why)
		}
		if len(g.Lines()) != 0 {
			t.Errorf("%q: refused line kept", tc.line)
		}
	}
	after := []struct {
		line string
		col  int
		msg  string
		why  string
	}{
		{"dave plays even", 1, "no player or keyword", "unknown player"},
		{"alice plays purple", 13, "unknown clue", "unknown clue"},
		{"alice plays 5-25", 15, "no 25", "the column points into the clue"},
		{"alice plays", 13, "one clue card", "missing verb argument: just after the verb"},
		{"alice dances", 7, "unknown action", "unknown verb"},
		{"alice guesses alice 5 wrong", 15, "another player", "nobody guesses their own number"},
		{"alice guesses bob 21 wrong", 19, "no 21", "numbers are 1-20"},
		{"alice guesses bob 5 maybe", 21, "unknown answer", "right or wrong"},
		{"alice looks 3", 13, "1 or", "a look is of 1 or 2 cards: at the count"},
		{"carol looks 4 4", 15, "twice", "the seat sees two different cards"},
		{"secret alice 5", 8, "not the seat", "only the seat's number is private knowledge"},
		{"seat bob", 1, "already set", "one seat"},
		{"players x y", 1, "already set", "one players line"},
		{"faceup 4 4", 10, "twice", "distinct numbers"},
		{"row a b c d", 11, "1 to 3", "the row has three cards: at the fourth"},
		{"alice rejects even odd single double", 31, "1 to 3", "three cards at most: at the fourth"},
	}
	for _, tc := range after {
		g := newGame(t, setup...)
		before := slices.Clone(g.Lines())
		err := g.Apply(tc.line)
		var le *table.LineError
		if !errors.As(err, &le) {
			t.Errorf("%q: error %v, want a *table.LineError (%s)", tc.line, err, tc.why)
			continue
		}
		if le.Col != tc.col || !strings.Contains(le.Error(), tc.msg) {
			t.Errorf("%q: %v at column %d, want %q at column %d (%s)", tc.line, le, le.Col, tc.msg, tc.col, tc.why)
		}
		if !slices.Equal(g.Lines(), before) {
			t.Errorf("%q: lines changed by a refused line", tc.line)
		}
	}
}

func TestConflicts(t *testing.T) {
	tests := []struct {
		name  string
		lines []string // accepted
		bad   string   // refused
		want  []int    // conflicting earlier lines, 1-based
	}{
		{"a clue against a wrong guess and a range", []string{"alice plays 5-6", "bob guesses alice 5 wrong"}, "alice plays odd", []int{5, 6}},
		{"face-up numbers are nobody's", []string{"alice plays 10-12"}, "alice plays odd", []int{4, 5}},
		{"my own number", nil, "alice guesses carol 7 right", []int{3}},
		{"the same number face up twice", nil, "faceup 11", []int{4}},
		{"a number I saw in the deck is nobody's now", []string{"carol looks 5"}, "bob guesses alice 5 right", []int{5}},
		{"impossible on its own", nil, "alice rejects odd even", nil},
		{"two players cannot share a number", []string{"alice plays 5-5", "comment kept # not a comment"}, "bob plays not:1-4,6-20", []int{5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := append(slices.Clone(setup), tc.lines...)
			g := NewGame()
			for _, l := range lines {
				if err := g.Apply(l); err != nil {
					if strings.HasPrefix(l, "comment") {
						continue
					}
					t.Fatalf("%q: %v", l, err)
				}
			}
			before := slices.Clone(g.Lines())
			err := g.Apply(tc.bad)
			var ce *table.ConflictError
			if !errors.As(err, &ce) {
				t.Fatalf("%q: error %v, want a conflict", tc.bad, err)
			}
			if !slices.Equal(ce.Lines, tc.want) {
				t.Errorf("%q conflicts with lines %v, want %v", tc.bad, ce.Lines, tc.want)
			}
			for i, n := range ce.Lines {
				if ce.Texts[i] != g.Lines()[n-1] {
					t.Errorf("text %q for line %d", ce.Texts[i], n)
				}
			}
			if !slices.Equal(g.Lines(), before) {
				t.Error("lines changed by a refused line")
			}
		})
	}
}

// TestCommentsKept checks that comments and blank lines are kept and count
// in the line numbers.
func TestCommentsKept(t *testing.T) {
	g := newGame(t, "# start", "", "players alice bob", "   # indented", "alice plays even", "bob guesses alice 3 wrong")
	if len(g.Lines()) != 6 {
		t.Fatalf("kept %d lines, want 6", len(g.Lines()))
	}
	var b strings.Builder
	if err := table.Why(context.Background(), g, "not alice 3", &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "line 5: alice plays even") {
		t.Errorf("why names the wrong line:\n%s", b.String())
	}
}

// TestDeckOrder follows a number the seat saw on top of the deck: it goes
// to the bottom, so the next number drawn is not it, until the deck has
// turned over.
func TestDeckOrder(t *testing.T) {
	// 2 players: 2 secrets and 3 face up leave 15 in the deck.
	base := []string{"players alice me", "seat me", "secret me 1", "faceup 2 3 4", "me looks 5 6"}
	g := newGame(t, base...)
	// 5 and 6 are 14th and 15th from the top: alice's next number is
	// neither.
	if err := g.Apply("me guesses alice 7 right"); err != nil {
		t.Fatal(err)
	}
	r, err := g.Analyze(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Secrets[0].Candidates {
		if c.Number == 5 || c.Number == 6 {
			t.Errorf("alice's new number may be %d, which is at the bottom of the deck", c.Number)
		}
	}
	// Another look by alice moves the top two under 5 and 6; a reveal of
	// 5 now would contradict the seat's look.
	g = newGame(t, base...)
	if err := g.Apply("alice looks 2"); err != nil {
		t.Fatal(err)
	}
	var ce *table.ConflictError
	if err := g.Apply("faceup 5"); !errors.As(err, &ce) || !slices.Equal(ce.Lines, []int{5}) {
		t.Errorf("revealing 5 from the top: %v, want a conflict with line 5", err)
	}
	// After 12 more draws 5 and 6 are second and third from the top.
	g = newGame(t, base...)
	for _, n := range []string{"7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18"} {
		if err := g.Apply("faceup " + n); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Apply("faceup 5"); !errors.As(err, &ce) {
		t.Errorf("revealing 5 when it is second from the top: %v, want a conflict", err)
	}
	if err := g.Apply("faceup 19"); err != nil {
		t.Fatal(err)
	}
	// Now 5 is on top.
	if err := g.Apply("faceup 6"); !errors.As(err, &ce) {
		t.Errorf("revealing 6 when 5 is on top: %v, want a conflict", err)
	}
	if err := g.Apply("me looks 6"); err == nil {
		t.Error("a look that misses 5 on top was accepted")
	}
	if err := g.Apply("me looks 5"); err != nil {
		t.Errorf("seeing 5 on top: %v", err)
	}
}

// TestExampleLog checks that the built-in example is the golden files' log
// and that it loads.
func TestExampleLog(t *testing.T) {
	data, err := os.ReadFile("testdata/example.log")
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != ExampleLog {
		t.Error("ExampleLog differs from testdata/example.log")
	}
	g, err := Load(strings.NewReader(ExampleLog))
	if err != nil {
		t.Fatal(err)
	}
	// Nothing is lost: the lines after the header come back as written.
	if got := "game deductio\n" + strings.Join(g.Lines(), "\n") + "\n"; got != ExampleLog {
		t.Errorf("lines read back as\n%s", got)
	}
	for _, w := range []string{"alice", "bob", "carol", "plays", "guesses"} {
		g, _ := Load(strings.NewReader(ExampleLog))
		if !slices.Contains(g.Words(), w) {
			t.Errorf("Words lacks %q", w)
		}
	}
}

func TestAdviseWithout(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		lines []string
		args  string
		want  string
		why   string
	}{
		{[]string{"players alice bob", "faceup 1 2 3"}, "", "not known", "no seat: no clue advice"},
		{[]string{"players alice bob", "seat bob", "faceup 1 2 3"}, "even", "not known", "a seat without its number"},
		{[]string{"players alice bob", "seat bob", "secret bob 4", "faceup 1 2 3"}, "", "no face-up clue cards", "no row"},
		{[]string{"players alice bob", "seat bob", "secret bob 4", "faceup 1 2 3", "alice plays 5-5"}, "even", "guess (best guess alice 5 at 1", "a forced number is worth guessing"},
		{[]string{"players alice bob", "seat bob", "secret bob 4", "faceup 1 2 3", "alice plays 5-6"}, "odd faceup+1", "-> faceup+1", "the only true card"},
	}
	for _, tc := range tests {
		g := newGame(t, tc.lines...)
		var b strings.Builder
		if err := g.Advise(ctx, tc.args, &b); err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s: advice\n%s\nlacks %q", tc.why, b.String(), tc.want)
		}
	}
	g := newGame(t, setup...)
	if err := g.Advise(ctx, "purple", io.Discard); err == nil {
		t.Error("advice on an unknown clue card gave no error")
	}
	if err := table.Why(ctx, g, "dave 5", io.Discard); err == nil {
		t.Error("why about an unknown player gave no error")
	}
	if err := table.Why(ctx, g, "alice", io.Discard); err == nil {
		t.Error("why without a number gave no error")
	}
}

// TestGameOver checks the end of the game: 2 correct guesses win with 3
// players, and no line but a comment follows.
func TestGameOver(t *testing.T) {
	g := newGame(t, "players alice bob carol", "faceup 1 2 3", "alice guesses bob 4 right", "alice guesses carol 5 right")
	r, err := g.Analyze(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Winner != "alice" || r.Needed != 2 || !slices.Equal(r.Scores, []int{2, 0, 0}) {
		t.Errorf("winner %q, needed %d, scores %v; want alice, 2, [2 0 0]", r.Winner, r.Needed, r.Scores)
	}
	if err := g.Apply("bob plays even"); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("a line after the end: %v", err)
	}
	if err := g.Apply("# a comment is fine"); err != nil {
		t.Error(err)
	}
	g = newGame(t, "players alice bob", "faceup 1 2 3", "alice guesses bob 4 right", "alice guesses bob 5 right")
	if err := g.Apply("bob plays even"); err != nil {
		t.Errorf("2 players play on to 3 correct guesses: %v", err)
	}
}

// TestExplainHeads checks that a fact may name its player as the sheet
// heads it: any unique prefix of at least three letters, in any case.
func TestExplainHeads(t *testing.T) {
	g := newGame(t, "players alice alan bob", "alice plays even", "bob guesses alice 3 wrong")
	tests := []struct {
		fact string
		ok   bool
	}{
		{"not alic 3", true},
		{"not ALI 3", true},
		{"not al 3", false},  // too short, and alice or alan
		{"not ala 3", false}, // alan: a name read, but the fact is not forced
		{"not bob 3", false}, // not forced
	}
	for _, tt := range tests {
		var b strings.Builder
		err := table.Why(context.Background(), g, tt.fact, &b)
		if (err == nil) != tt.ok {
			t.Errorf("why %s: %v, want ok %v", tt.fact, err, tt.ok)
		}
		var le *table.LineError
		if readable := !errors.As(err, &le); readable != (tt.fact != "not al 3") {
			t.Errorf("why %s: %v: the holder read wrongly", tt.fact, err)
		}
	}
}
