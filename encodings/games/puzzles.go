package games

import (
	"context"
	"fmt"

	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// Puzzles is a game's puzzle generator, as "gumshoe puzzle <game>" runs it.
type Puzzles struct {
	Players    int    // the default player count
	MinPlayers int    // the fewest players it takes
	MaxPlayers int    // the most players it takes
	Level      string // the default difficulty
	// Make generates the puzzle of seed, verifies it (uniqueness and the
	// level), and lays it out under title.
	Make func(ctx context.Context, seed uint64, o PuzzleOptions, title string) (*puzzle.Page, error)
}

// PuzzleOptions are the choices of the puzzle command a generator reads.
type PuzzleOptions struct {
	Players int          // the number of players
	Level   puzzle.Level // the difficulty asked for
	Any     bool         // any difficulty: keep the first puzzle made
	Preset  string       // Clue's deck; other games ignore it
}

// verified lays out a puzzle once its own check passed.
func verified(ctx context.Context, seed uint64, verify func(context.Context) error, page func() *puzzle.Page) (*puzzle.Page, error) {
	if err := verify(ctx); err != nil {
		return nil, fmt.Errorf("the puzzle from seed %d failed its check: %w", seed, err)
	}
	return page(), nil
}
