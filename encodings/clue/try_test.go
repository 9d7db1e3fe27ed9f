package clue

import (
	"context"
	"testing"
	"time"
	"os"

	"github.com/gumshoe-dev/gumshoe/encodings/puzzle"
)

func TestTryPuzzle(t *testing.T) {
	ctx := context.Background()
	for _, opt := range []PuzzleOptions{{Players: 4, Any: true}, {Players: 4, Level: puzzle.Easy}, {Players: 4, Level: puzzle.Medium}, {Players: 4, Level: puzzle.Hard}} {
		counts := map[puzzle.Level]int{}
		start := time.Now()
		for i := 0; i < 6; i++ {
			pz, err := GeneratePuzzle(ctx, uint64(i), opt)
			if err != nil {
				t.Log(err)
				continue
			}
			if err := pz.Verify(ctx); err != nil { t.Fatal(err) }
			counts[pz.Solution.Grade.Level]++
			if i == 0 && opt.Any { pz.Page("Clue puzzle 1").WriteText(os.Stdout) }
		}
		t.Logf("%+v: %v in %v", opt, counts, time.Since(start))
	}
}
