package deductio

import (
	"context"
	"math/big"
	"strings"
	"testing"
)

// firstTrue plays the first true card of the row and never guesses; bad
// plays the card named by index whatever it says.
type firstTrue struct{ bad int }

func (firstTrue) Guess(context.Context, *Game, bool) (int, int, bool, error) { return 0, 0, false, nil }

func (f firstTrue) Clue(_ context.Context, g *Game, row []Clue) (int, error) {
	if f.bad != 0 {
		return f.bad, nil
	}
	for i, c := range row {
		if c.True(g.Number(), g.FaceUp()) {
			return i, nil
		}
	}
	return -1, nil
}

// guesser guesses the number of its left neighbour once it is certain.
type guesser struct{ firstTrue }

func (guesser) Guess(ctx context.Context, g *Game, free bool) (int, int, bool, error) {
	a, err := g.Advice(ctx, free, nil)
	if err != nil || a.Best == nil {
		return 0, 0, false, err
	}
	for i, p := range g.Players() {
		if p == a.Best.Player && (free || a.Best.P.Cmp(big.NewRat(1, 1)) == 0) {
			return i, a.Best.Number, true, nil
		}
	}
	return 0, 0, false, nil
}

// TestPlay plays games whose seats decide from their own logs: the same
// seed plays the same game, every seat's log replays without error, and
// illegal moves are refused.
func TestPlay(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		players []Player
		err     string
	}{
		{"first true card, no guesses", []Player{firstTrue{}, firstTrue{}, firstTrue{}}, ""},
		{"certain guesses", []Player{guesser{}, firstTrue{}, guesser{}, firstTrue{}}, ""},
		{"a card out of the row", []Player{firstTrue{bad: 5}, firstTrue{bad: 5}, firstTrue{bad: 5}}, "not a true card"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := SimOptions{Players: len(tc.players), Seed: 7, MaxTurns: 60}
			a, err := Play(ctx, opts, tc.players)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, err := Play(ctx, opts, tc.players)
			if err != nil {
				t.Fatal(err)
			}
			if a.Turns != b.Turns || a.Winner != b.Winner || strings.Join(a.Logs[0], "\n") != strings.Join(b.Logs[0], "\n") {
				t.Errorf("the same seed played two games")
			}
			for i, log := range a.Logs {
				g := NewGame()
				for _, l := range log {
					if err := g.Apply(l); err != nil {
						t.Fatalf("seat %d: %q: %v", i, l, err)
					}
				}
			}
		})
	}
	if _, err := Play(ctx, SimOptions{Players: 3}, []Player{firstTrue{}}); err == nil {
		t.Error("Play took 1 player for 3 seats")
	}
}
