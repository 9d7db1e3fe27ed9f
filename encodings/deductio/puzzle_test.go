package deductio

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// TestGeneratePuzzle generates puzzles at every player count and checks
// each: Verify passes (the log loads, the number is the simulated one,
// unique and minimal, every step of the worked solution follows from what
// it cites), a brute-force listing of every assignment of the opponents'
// numbers agrees, the log loaded as "gumshoe solve" loads a file gives a
// sheet on which the number is certain, and the grade is easy, as
// PuzzleLevelPossible says every Deductio puzzle is (any grade is
// accepted here, so a medium one would fail the test).
func TestGeneratePuzzle(t *testing.T) {
	ctx := context.Background()
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%dplayers/seed%d", n, seed), func(t *testing.T) {
				pz, err := GeneratePuzzle(ctx, seed, PuzzleOptions{Players: n, Any: true})
				require.NoError(t, err)
				require.NoError(t, pz.Verify(ctx))
				require.NotEmpty(t, pz.Clues)
				require.Equal(t, pz.truth[pz.Players[pz.Target]+"#1"][0], pz.Number)
				in := &puzzle.Instance{Problem: pz.prob, Givens: pz.givens, Clues: pz.clues, Answer: pz.answer()}
				seen, err := puzzle.CheckWorlds(in, numberDeals(pz))
				require.NoError(t, err)
				require.Positive(t, seen)
				require.Equal(t, puzzle.Easy, pz.Solution.Grade.Level)
				g, _, err := table.Games{Definition}.Load(strings.NewReader(pz.Log()))
				require.NoError(t, err)
				grid, err := g.Sheet(ctx)
				require.NoError(t, err)
				col := slices.Index(grid.Holders, pz.Players[pz.Target])
				require.GreaterOrEqual(t, col, 0, "holders %v", grid.Holders)
				row := slices.IndexFunc(grid.Rows, func(r table.Row) bool { return r.Card == fmt.Sprint(pz.Number) })
				require.GreaterOrEqual(t, row, 0)
				require.Equal(t, table.Yes, grid.Rows[row].Cells[col].Mark, "the number is certain on the sheet")
			})
		}
	}
}

// numberDeals yields every world that agrees with the givens: the seat's
// number and the face-up numbers where the log puts them, every opponent
// a different other number, the rest in the deck.
func numberDeals(pz *Puzzle) func(func(solver.World) bool) {
	return func(yield func(solver.World) bool) {
		m := pz.prob.Model()
		w := make(solver.World, MaxNumber)
		deck, _ := m.HolderByName("deck")
		fixed := map[int]bool{}
		for id := range pz.givens {
			for _, k := range pz.prob.Observations()[pz.givens[id]].Constraints {
				if k.Bound == 1 && len(k.Terms) == 1 {
					l := k.Terms[0].Lit
					w[l.Card] = l.Holder
					fixed[numberOf(l.Card)] = true
				}
			}
		}
		var opp []solver.Holder
		for i, p := range pz.Players {
			if i != pz.Seat {
				h, _ := m.HolderByName(p + "#1")
				opp = append(opp, h)
			}
		}
		var free []int
		for n := 1; n <= MaxNumber; n++ {
			if !fixed[n] {
				free = append(free, n)
			}
		}
		var rec func(i int, used []int) bool
		rec = func(i int, used []int) bool {
			if i == len(opp) {
				for _, n := range free {
					if !slices.Contains(used, n) {
						w[cardOf(n)] = deck
					}
				}
				return yield(slices.Clone(w))
			}
			for _, n := range free {
				if slices.Contains(used, n) {
					continue
				}
				w[cardOf(n)] = opp[i]
				if !rec(i+1, append(used, n)) {
					return false
				}
			}
			return true
		}
		rec(0, nil)
	}
}

func TestGeneratePuzzleReproducible(t *testing.T) {
	ctx := context.Background()
	a, err := GeneratePuzzle(ctx, 4, PuzzleOptions{Players: 3, Any: true})
	require.NoError(t, err)
	b, err := GeneratePuzzle(ctx, 4, PuzzleOptions{Players: 3, Any: true})
	require.NoError(t, err)
	require.Equal(t, a.Log(), b.Log())
	require.Equal(t, a.Solution, b.Solution)
}

func TestGeneratePuzzleErrors(t *testing.T) {
	ctx := context.Background()
	_, err := GeneratePuzzle(ctx, 1, PuzzleOptions{Players: 5})
	require.Error(t, err)
	for n := 2; n <= 4; n++ {
		for _, level := range []puzzle.Level{puzzle.Medium, puzzle.Hard} {
			_, err = GeneratePuzzle(ctx, 1, PuzzleOptions{Players: n, Level: level})
			require.ErrorIs(t, err, puzzle.ErrImpossible, "%d players, %s: said plainly, without searching", n, level)
			require.Contains(t, err.Error(), "every Deductio puzzle is easy")
		}
	}
}

func TestPuzzlePage(t *testing.T) {
	ctx := context.Background()
	pz, err := GeneratePuzzle(ctx, 3, PuzzleOptions{Players: 3, Any: true})
	require.NoError(t, err)
	page := pz.Page("Deductio puzzle 1")
	var b strings.Builder
	require.NoError(t, page.WriteText(&b))
	require.Contains(t, b.String(), fmt.Sprintf("%s's number is %d.", pz.Players[pz.Target], pz.Number))
	require.Len(t, page.SheetRows, MaxNumber)
	require.Len(t, page.Solution, len(pz.Solution.Steps))
	dropped := *pz
	dropped.Lines = slices.DeleteFunc(slices.Clone(pz.Lines), func(l string) bool { return l == pz.Clues[0] })
	dropped.Clues = pz.Clues[1:]
	require.ErrorIs(t, dropped.Verify(ctx), puzzle.ErrNotUnique)
}

// ExampleGeneratePuzzle makes a 3-player Deductio puzzle.
func ExampleGeneratePuzzle() {
	ctx := context.Background()
	pz, err := GeneratePuzzle(ctx, 7, PuzzleOptions{Players: 3, Level: puzzle.Easy})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := pz.Verify(ctx); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pz.Solution.Grade.Level, pz.Number >= 1 && pz.Number <= MaxNumber)
	// Output:
	// easy true
}
