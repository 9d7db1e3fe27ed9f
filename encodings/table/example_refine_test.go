package table_test

import (
	"context"
	"fmt"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// slowEstimates is a game whose estimates need a few more pieces of work
// after its lines (only Refine is shown; the rest of the game is left
// out).
type slowEstimates struct {
	table.Game
	left int
}

func (g *slowEstimates) Refine(ctx context.Context) (changed, more bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, false, err
	}
	if g.left == 0 {
		return false, false, nil
	}
	g.left--
	fmt.Println("one piece of work; pieces left:", g.left)
	return g.left == 0, g.left > 0, nil
}

// A command that answers once (a report of a saved log) gives the game
// all the time it asks for before answering.
func ExampleRefineAll() {
	changed, err := table.RefineAll(context.Background(), &slowEstimates{left: 3})
	fmt.Println("the sheet changed:", changed, err)
	// Output:
	// one piece of work; pieces left: 2
	// one piece of work; pieces left: 1
	// one piece of work; pieces left: 0
	// the sheet changed: true <nil>
}
