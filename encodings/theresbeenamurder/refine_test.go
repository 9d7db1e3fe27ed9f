package theresbeenamurder

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

// replayStopped plays seat alice's log of the 8-player game of seed,
// drawing the sheet's estimates after each line as a session does.
func replayStopped(t *testing.T, seed uint64) *Game {
	t.Helper()
	sim, err := engine.Simulate(engine.SimOptions{Players: 8, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return replayEach(t, sim, 0, 0, func(g *Game, _ int) { g.track() })
}

// TestRefineComesBack: games whose tracker stops at their last line, where
// no later line gives it a budget, get their estimates back from the
// replays a waiting session asks for (Refine), which then has nothing left
// to do.
func TestRefineComesBack(t *testing.T) {
	estimate.WitnessTest.Off = true // the rebuild from witnesses keeps these games from stopping
	defer func() { estimate.WitnessTest.Off = false }()
	// (Seeds 41 and 55, once cases too, no longer stop: another
	// player's Hound answer is no longer in alice's log; 70 and 76 took
	// their place. Seed 31 no longer stops either since the deal is drawn
	// with the Drunk its set-up announces; 33 took its place.)
	for _, seed := range []uint64{33, 70, 76} {
		g := replayStopped(t, seed)
		if g.track() != nil {
			t.Fatalf("seed %d: the tracker has estimates at the last line: the test needs a game it stops on", seed)
		}
		lost := g.lostAt
		if _, _, err := g.Refine(canceled()); !errors.Is(err, context.Canceled) {
			t.Fatalf("seed %d: Refine with a done context: %v", seed, err)
		}
		calls, back := 0, false
		for {
			changed, more, err := g.Refine(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			calls++
			if changed {
				back = true
				if more {
					t.Errorf("seed %d: the estimates came back and Refine says there is more", seed)
				}
			}
			if !more {
				break
			}
		}
		if !back || g.track() == nil || g.lostAt != 0 {
			t.Fatalf("seed %d: no estimates after %d Refine calls (stopped at line %d)", seed, calls, lost)
		}
		for _, c := range g.cfg.Cards {
			sum := 0.0
			for l := range g.locations() {
				sum += g.Where(c, l).P
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("seed %d: the %v's estimates sum to %v", seed, c, sum)
			}
		}
		if changed, more, err := g.Refine(context.Background()); changed || more || err != nil {
			t.Fatalf("seed %d: Refine with the estimates there: %v %v %v", seed, changed, more, err)
		}
		// A copy rebuilt from the lines (the web sheet's reports) has the
		// same estimates.
		h := NewGame()
		if err := table.ApplyLines(h, g.Lines()); err != nil {
			t.Fatal(err)
		}
		if h.track() == nil {
			t.Fatalf("seed %d: a copy of the game rebuilt from its lines has no estimates", seed)
		}
		for _, c := range g.cfg.Cards {
			for l := range g.locations() {
				if a, b := g.Where(c, l), h.Where(c, l); a != b {
					t.Fatalf("seed %d: the %v at %v: %v in the game, %v in its copy", seed, c, g.locName(l), a, b)
				}
			}
		}
		t.Logf("seed %d: stopped at line %d, back after %d Refine calls", seed, lost, calls)
	}
}

// TestRefineBounded: a tracker that stays stopped gets at most
// RefineLimit calls' replays after a change of the lines, then Refine
// reports no more work, and a comment line does not renew them.
func TestRefineBounded(t *testing.T) {
	estimate.WitnessTest.Off = true // the rebuild from witnesses keeps these games from stopping
	defer func() { estimate.WitnessTest.Off = false }()
	g := replayStopped(t, 39) // stopped at its last line; no replay finds a history there
	calls := 0
	for {
		changed, more, err := g.Refine(context.Background())
		if err != nil || changed {
			t.Fatalf("seed 39: Refine: %v %v (the test needs a game that stays stopped)", changed, err)
		}
		if !more {
			break
		}
		if calls++; calls > RefineLimit {
			t.Fatalf("more than RefineLimit (%d) calls", RefineLimit)
		}
	}
	if calls != RefineLimit-1 || g.refines != RefineLimit {
		t.Fatalf("%d calls with more, %d replaying: want %d and %d", calls, g.refines, RefineLimit-1, RefineLimit)
	}
	runs := g.tr.Runs
	if _, more, _ := g.Refine(context.Background()); more || g.tr.Runs != runs {
		t.Fatalf("past the limit: more %v, replays %d → %d", more, runs, g.tr.Runs)
	}
	if err := g.Apply("# a comment changes nothing"); err != nil {
		t.Fatal(err)
	}
	if _, more, _ := g.Refine(context.Background()); more {
		t.Fatal("a comment line gave Refine a new allowance")
	}
}

func canceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestAdviceWhenStopped: with the tracker stopped in the middle of the
// game (seed 39, at alice's play on line 15) the sheet draws every open
// cell "?" and the advice weighs no play and says why, not that the game
// is over; once Refine brings the estimates back, the sheet has them and
// the advice weighs the seat's plays.
func TestAdviceWhenStopped(t *testing.T) {
	estimate.WitnessTest.Off = true // the rebuild from witnesses would keep it going
	defer func() { estimate.WitnessTest.Off = false }()
	sim, err := engine.Simulate(engine.SimOptions{Players: 8, Seed: 39})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame()
	if err := table.ApplyLines(g, sim.Logs[0][:15]); err != nil {
		t.Fatal(err)
	}
	adv, err := g.Advice(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if adv.StoppedAt != 15 || !adv.MyTurn || len(adv.Options) != 0 {
		t.Fatalf("stopped: StoppedAt %d, MyTurn %v, %d options; want 15, true, 0 (the test needs the tracker stopped at line 15)",
			adv.StoppedAt, adv.MyTurn, len(adv.Options))
	}
	if open, unknown := openCells(t, g); open == 0 || unknown != open {
		t.Fatalf("the sheet with the tracker stopped: %d open cells, %d drawn \"?\"; want all", open, unknown)
	}
	var text strings.Builder
	if err := g.Advise(context.Background(), "", &text); err != nil {
		t.Fatal(err)
	}
	if want := "none weighed: no estimates since line 15"; !strings.Contains(text.String(), want) ||
		strings.Contains(text.String(), "game is over") || strings.Contains(text.String(), "Not your play") {
		t.Fatalf("advice with the tracker stopped, want %q:\n%s", want, text.String())
	}
	if _, err := table.RefineAll(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	if adv, err = g.Advice(context.Background()); err != nil || adv.StoppedAt != 0 || len(adv.Options) == 0 {
		t.Fatalf("after Refine: %v, StoppedAt %d, %d options", err, adv.StoppedAt, len(adv.Options))
	}
	if open, unknown := openCells(t, g); open == 0 || unknown != 0 {
		t.Fatalf("the sheet after Refine: %d open cells, %d drawn \"?\"; want none", open, unknown)
	}
}

// openCells counts the open cells of g's sheet, and those drawn "?" (no
// estimate).
func openCells(t *testing.T, g *Game) (open, unknown int) {
	t.Helper()
	grid, err := g.Sheet(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range grid.Rows {
		for _, c := range r.Cells {
			if c.Mark == table.Maybe {
				open++
				if c.Text() == "?" {
					unknown++
				}
			}
		}
	}
	return open, unknown
}
