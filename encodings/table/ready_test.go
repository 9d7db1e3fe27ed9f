package table_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// TestCheckReadyEveryGame checks, for every game, that a log with nothing
// after its header (or only comments) is refused on its last line with a
// *table.LogError saying so, and that the game's example is not.
func TestCheckReadyEveryGame(t *testing.T) {
	ctx := context.Background()
	for _, d := range games.All.Definitions() {
		for _, tc := range []struct {
			text, want string
		}{
			{table.HeaderLine(d.Name) + "\n", "line 0: the log has nothing after its header"},
			{table.HeaderLine(d.Name) + "\n# set up later\n\n", "line 2: the log has nothing after its header"},
		} {
			g, err := table.Replay(d, mustLog(t, tc.text))
			if err != nil {
				t.Fatalf("%s: %v", d.Name, err)
			}
			err = table.CheckReady(ctx, g)
			var le *table.LogError
			if err == nil || !errors.As(err, &le) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s %q: got %v, want a *table.LogError saying %q", d.Name, tc.text, err, tc.want)
			}
		}
		g, err := table.Replay(d, mustLog(t, d.Example))
		if err != nil {
			t.Fatal(err)
		}
		if err := table.CheckReady(ctx, g); err != nil {
			t.Errorf("%s: the example is refused: %v", d.Name, err)
		}
	}
}

// TestConflictErrorRule checks how a conflict reads: the earlier lines, or
// for a line impossible on its own the rule it breaks.
func TestConflictErrorRule(t *testing.T) {
	ce := table.NewConflict([]string{"a", "b"}, []int{2})
	if got, want := ce.Error(), "contradicts earlier lines:\n  line 2: b"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	alone := table.NewConflict(nil, nil)
	alone.Rule = "bob holds no cards"
	if got, want := alone.Error(), "impossible on its own: bob holds no cards"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
