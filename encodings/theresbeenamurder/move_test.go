package theresbeenamurder

import (
	"fmt"
	"math"
	"testing"
)

// rejectionCounts plays random games until the seat's log starts with
// prefix (at most want kept, among seeds below limit) and counts each
// card's places in them.
func rejectionCounts(cfg *Config, prefix []string, want int, limit uint64) ([][]int, int) {
	nloc := cfg.Players + 3
	counts := make([][]int, NumCards+1)
	for c := range counts {
		counts[c] = make([]int, nloc)
	}
	kept := 0
	for seed := uint64(0); kept < want && seed < limit; seed++ {
		s := runPrefix(cfg, seed, 0, prefix)
		if s == nil {
			continue
		}
		kept++
		for _, c := range cfg.Cards {
			counts[c][locOf(s, c)]++
		}
	}
	return counts, kept
}

// TestMoveKeepsPosterior runs the tracker with the resample-move step made
// far stronger than in play (a move after every turn, with a large budget
// of replays, so that most particles' histories are rewritten) on small
// games, and compares every card × place estimate with rejection sampling
// within 3 standard errors, as TestAgainstRejection does. With the
// acceptance ratio deliberately broken (inverted: w/w') the estimates must disagree somewhere: the test can fail.
func TestMoveKeepsPosterior(t *testing.T) {
	if testing.Short() {
		t.Skip("rejection sampling takes a while")
	}
	cards := []Card{1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 14}
	cfg := &Config{Players: 3, Cards: cards, Removed: 1}
	const seed, lines = 21, 4
	sim, err := Simulate(SimOptions{Config: cfg, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	n := len(SetupLines(cfg, sim.Players, 0, nil)) + lines
	prefix := sim.Logs[0][:n]
	counts, kept := rejectionCounts(cfg, prefix, 400, 3_000_000)
	if kept < 200 {
		t.Fatalf("only %d games kept", kept)
	}
	// misfits counts the estimates more than 3 standard errors from the
	// rejection frequency.
	misfits := func(broken bool) int {
		moveTest.budget, moveTest.always, moveTest.broken = 200_000, true, broken
		defer func() { moveTest.budget, moveTest.always, moveTest.broken = 0, false, false }()
		g := NewGame()
		g.Particles = 3000
		for _, l := range prefix {
			if err := g.Apply(l); err != nil {
				t.Fatal(l, err)
			}
		}
		if g.track() == nil {
			t.Fatalf("the tracker found no history for %q", prefix)
		}
		t.Logf("broken %v: %d of %d moves accepted", broken, g.tr.moved, g.tr.tried)
		bad := 0
		for _, c := range cards {
			for l := range cfg.Players + 3 {
				f := float64(counts[c][l]) / float64(kept)
				e := g.Where(c, l)
				se := math.Sqrt(e.SE*e.SE + f*(1-f)/float64(kept) + 1e-6)
				if math.Abs(e.P-f) > 3*se {
					bad++
					t.Logf("broken %v: %v at %s: tracker %.3f ±%.3f, rejection %.3f of %d games", broken, c, g.locName(l), e.P, e.SE, f, kept)
				}
			}
		}
		return bad
	}
	if bad := misfits(false); bad > 0 {
		t.Errorf("with the move: %d estimates off by more than 3 standard errors", bad)
	}
	if bad := misfits(true); bad == 0 {
		t.Errorf("with the acceptance ratio broken, no estimate is off: the test cannot tell")
	}
	t.Log(fmt.Sprintf("%q: %d games kept", prefix, kept))
}
