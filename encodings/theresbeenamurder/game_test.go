package theresbeenamurder

import (
	"errors"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// TestRefused applies a line after a prefix of the example (bob's seat)
// and checks how it is refused, and that the game is unchanged.
func TestRefused(t *testing.T) {
	l, err := table.ParseLog([]byte(ExampleLog))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		why      string
		after    int // lines of the example first
		line     string
		conflict bool // a *table.ConflictError, else a *table.LineError
	}{
		{"a pass the turn's play does not make", 8, "carol gives cad to bob", false},
		{"out of turn: carol plays before bob", 7, "carol plays witness", false},
		{"a second play in one turn", 8, "bob plays socialite carol", false},
		{"a card the seat does not hold", 7, "bob plays cad alice carol", false},
		{"another player's draw written with its card", 10, "alice draws cad", false},
		{"a discard with no Detective", 10, "alice discards cad", false},
		{"a show with no Maid", 10, "alice shows cad to bob", false},
		{"the Drunk announced while in the pile", 13, "carol announces drunk", true},
		{"a card the seat holds played by another player", 4, "alice plays doctor none", true},
		{"the seat's draw of a card in the pile", 20, "bob draws doctor", true},
		{"a line after the end of the game", 26, "carol draws", false},
		{"a Swain naming its own player", 3, "alice plays swain alice", false},
		{"a Reporter naming a player who is not a neighbour", 3, "alice plays reporter alice cad", false},
	}
	for _, tt := range tests {
		g := NewGame()
		if err := table.ApplyLines(g, l.Lines[:tt.after]); err != nil {
			t.Fatalf("%s: %v", tt.why, err)
		}
		before := strings.Join(g.Lines(), "\n")
		err := g.Apply(tt.line)
		var ce *table.ConflictError
		var le *table.LineError
		switch {
		case tt.conflict && !errors.As(err, &ce):
			t.Errorf("%s: %q gave %v, want a conflict", tt.why, tt.line, err)
		case !tt.conflict && !errors.As(err, &le):
			t.Errorf("%s: %q gave %v, want a line error", tt.why, tt.line, err)
		}
		if strings.Join(g.Lines(), "\n") != before {
			t.Errorf("%s: the refused line changed the game", tt.why)
		}
	}
}

// TestMurdererHeadline checks the sheet's first headline: the Murderer's
// estimated places while the SAT layer leaves it open, "(certain)" once it
// settles where the Murderer is (the example ends with it in the pile, and
// one line earlier with bob, who must discard it).
func TestMurdererHeadline(t *testing.T) {
	l, err := table.ParseLog([]byte(ExampleLog))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		after int // lines of the example
		want  string
	}{
		{6, "(estimates, ± one standard error)"},
		{len(l.Lines) - 1, "Murderer: bob (certain)"},
		{len(l.Lines), "Murderer: pile (certain)"},
	}
	for _, tt := range tests {
		g := NewGame()
		if err := table.ApplyLines(g, l.Lines[:tt.after]); err != nil {
			t.Fatal(err)
		}
		grid, err := g.Sheet(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if len(grid.Headlines) == 0 || !strings.Contains(grid.Headlines[0], tt.want) {
			t.Errorf("after %d lines: headlines %q, want the first to contain %q", tt.after, grid.Headlines, tt.want)
		}
	}
}
