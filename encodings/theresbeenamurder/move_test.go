package theresbeenamurder

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

// rejectionCounts plays random games until the seat's log starts with
// prefix (at most want kept, among seeds below limit) and counts each
// card's places in them.
func rejectionCounts(cfg *engine.Config, prefix []string, want int, limit uint64) ([][]int, int) {
	nloc := cfg.Players + 3
	counts := make([][]int, engine.NumCards+1)
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

// checkAgainstRejection compares every card × place estimate of g with
// its frequency in the kept rejection-sampled games: they must agree
// within 3 combined standard errors (the tracker's and the frequency's,
// with a floor of 0.001).
func checkAgainstRejection(t *testing.T, g *Game, cfg *engine.Config, counts [][]int, kept int) {
	t.Helper()
	for _, c := range cfg.Cards {
		for l := range cfg.Players + 3 {
			f := float64(counts[c][l]) / float64(kept)
			e := g.Where(c, l)
			se := math.Sqrt(e.SE*e.SE + f*(1-f)/float64(kept) + 1e-6)
			if math.Abs(e.P-f) > 3*se {
				t.Errorf("%v at %s: tracker %.3f ±%.3f, rejection %.3f of %d games", c, g.locName(l), e.P, e.SE, f, kept)
			}
		}
	}
}

// TestMoveKeepsPosterior runs the tracker with the resample-move step made
// far stronger than in play (a move after every turn, with a large budget
// of replays, so that most particles' histories are rewritten) on a small
// game, and compares every card × place estimate with rejection sampling
// within 3 standard errors, as TestAgainstRejection does. (On games this
// small every history that fits the lines has the same likelihood, so the
// acceptance ratio is 1 or 0: the ratio inverted gives the same moves
// here. What the test catches is a move whose proposal is not the
// sampler's: proposals that skip the block's first turn put 10 estimates
// more than 3 standard errors off.)
func TestMoveKeepsPosterior(t *testing.T) {
	if testing.Short() {
		t.Skip("rejection sampling takes a while")
	}
	cards := []engine.Card{1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 14}
	cfg := &engine.Config{Players: 3, Cards: cards, Removed: 1}
	const seed, lines = 21, 4
	sim, err := engine.Simulate(engine.SimOptions{Config: cfg, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	n := len(engine.SetupLines(cfg, sim.Players, 0, nil)) + lines
	prefix := sim.Logs[0][:n]
	counts, kept := rejectionCounts(cfg, prefix, 400, 3_000_000)
	if kept < 200 {
		t.Fatalf("only %d games kept", kept)
	}
	estimate.MoveTest.Budget, estimate.MoveTest.Always = 200_000, true
	defer func() { estimate.MoveTest.Budget, estimate.MoveTest.Always = 0, false }()
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
	if g.tr.Moved < 1000 {
		t.Fatalf("only %d of %d moves accepted", g.tr.Moved, g.tr.Tried)
	}
	checkAgainstRejection(t, g, cfg, counts, kept)
	t.Logf("%q: %d games kept; %d of %d moves accepted", prefix, kept, g.tr.Moved, g.tr.Tried)
}

// TestMoveFollows replays seat alice's logs of simulated 8-player games
// (seeds of BenchmarkTrackerUpdate) on which the tracker stopped before
// the resample-move step and the rescue (move.go): all its particles died
// at some line and the recovery found no history within its budget. It
// must now follow each to its end. Three games by default, three more
// with -tbam.long.
func TestMoveFollows(t *testing.T) {
	seeds := []uint64{2, 16, 25}
	if *tbamLong {
		seeds = append(seeds, 6, 30, 37)
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			sim, err := engine.Simulate(engine.SimOptions{Players: 8, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			g := NewGame()
			for i, line := range sim.Logs[0] {
				if err := g.Apply(line); err != nil {
					t.Fatalf("line %d %q: %v", i+1, line, err)
				}
				if g.cfg != nil && g.track() == nil {
					t.Fatalf("the estimates stopped at line %d %q", g.lostAt, sim.Logs[0][g.lostAt-1])
				}
			}
			t.Logf("seed %d: %d lines followed; %d of %d moves accepted, %d recoveries", seed, len(sim.Logs[0]), g.tr.Moved, g.tr.Tried, g.tr.Recovered)
		})
	}
}

// TestMHAcceptKeepsTarget checks the move's Metropolis–Hastings decision
// (mhAccept, the one the sweep makes) on a target whose states weigh
// differently, which the tracker's small validation games cannot give
// (there every history that fits the lines has the same likelihood, so
// the ratio is 0 or 1). An independent Metropolis–Hastings chain over 5
// states, with proposals drawn from q and weights w, must leave the law
// ∝ q·w unchanged: 20,000 independent chains of 60 steps, each started
// from q, end in states whose counts agree with that law by a chi-square
// test (4 degrees of freedom; the bound, 30, is passed by chance about
// once in 200,000 runs). It fails when the ratio is inverted (the law is
// then ∝ q/w) or dropped (every proposal accepted: the law is q).
func TestMHAcceptKeepsTarget(t *testing.T) {
	q := []float64{0.4, 0.3, 0.15, 0.1, 0.05}
	w := []float64{1, 3, 0.5, 8, 2}
	rng := rand.New(rand.NewPCG(17, 4))
	draw := func() int {
		x := rng.Float64()
		for i, p := range q {
			if x -= p; x < 0 {
				return i
			}
		}
		return len(q) - 1
	}
	const chains, steps = 20000, 60
	counts := make([]int, len(q))
	for range chains {
		x := draw()
		for range steps {
			y := draw()
			if estimate.MHAccept(rng, math.Log(w[y]), math.Log(w[x])) {
				x = y
			}
		}
		counts[x]++
	}
	var z float64
	for i := range q {
		z += q[i] * w[i]
	}
	chi := 0.0
	for i := range q {
		e := chains * q[i] * w[i] / z
		d := float64(counts[i]) - e
		chi += d * d / e
	}
	if chi > 30 {
		t.Errorf("chi-square %.1f (4 degrees of freedom) over %v: the chain does not keep the law ∝ q·w", chi, counts)
	}
	t.Logf("counts %v, chi-square %.2f", counts, chi)
}

// TestMoveRatioDirection checks the sweep's own call of the
// Metropolis–Hastings decision (which weight is the proposal's, which the
// current history's), which TestMHAcceptKeepsTarget does not see: on a
// small game's particles, the likelihood each history recorded for its
// last turn is overwritten, once with 1e300 (the current history then
// weighs far more than any proposal: no move may be accepted), once with
// 1e-300 (it weighs far less: proposals that fit the lines must be
// accepted). With the ratio inverted both fail; with it dropped, the
// first.
func TestMoveRatioDirection(t *testing.T) {
	cards := []engine.Card{1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 14}
	cfg := &engine.Config{Players: 3, Cards: cards, Removed: 1}
	sim, err := engine.Simulate(engine.SimOptions{Config: cfg, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	prefix := sim.Logs[0][:len(engine.SetupLines(cfg, sim.Players, 0, nil))+4]
	for _, tt := range []struct {
		recorded float64
		accepts  bool
	}{{1e300, false}, {1e-300, true}} {
		g := NewGame()
		g.Particles = 200 // each case a tracker of its own (the cache keys on the particles)
		if tt.accepts {
			g.Particles++
		}
		for _, l := range prefix {
			if err := g.Apply(l); err != nil {
				t.Fatal(l, err)
			}
		}
		tr := g.track()
		if tr == nil || len(tr.Hist) == 0 {
			t.Fatal("no tracker with closed turns")
		}
		for i, p := range tr.Parts {
			a := *p.A
			a.W = tt.recorded
			tr.Parts[i].A = &a
		}
		tr.Tried, tr.Moved = 0, 0
		tr.Sweep(rand.New(rand.NewPCG(5, 6)), 1<<30, 1, func() (int, bool) { return 1, false })
		if tr.Tried == 0 {
			t.Fatal("no move proposed")
		}
		if got := tr.Moved > 0; got != tt.accepts {
			t.Errorf("last turn's recorded likelihood %g: %d of %d moves accepted", tt.recorded, tr.Moved, tr.Tried)
		}
		t.Logf("recorded %g: %d of %d moves accepted", tt.recorded, tr.Moved, tr.Tried)
	}
}
