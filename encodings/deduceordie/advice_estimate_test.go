package deduceordie

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestLeakEstimateUnbiased checks the estimated leaks of opponent views
// against their exact counts. Why: the estimator is a claim (an unbiased
// mean with its standard error), so the exact leak must fall within a few
// standard errors of it, and the standard errors must be of the size of
// the actual errors (neither far too small nor far too large).
func TestLeakEstimateUnbiased(t *testing.T) {
	ctx := context.Background()
	g, _, _ := threatPosition(t, 4, 3, 12)
	exposed, _ := g.exposedCard()
	draw := [3]Card{MakeCard(3, Hearts), MakeCard(5, Spades), MakeCard(7, Clubs)}
	qs := g.drawQuestions(draw)
	v := g.views(exposed)
	var worlds []solver.World
	for w := range solver.NewSAT(g.prob).Worlds(ctx) {
		worlds = append(worlds, w)
	}
	var zs []float64
	for k, w := range worlds[:min(3, len(worlds))] {
		for o := 1; o < len(g.players); o++ {
			_, seen := v.Seen(o, w)
			view := v.Known(o).Clone()
			if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
				t.Fatal(err)
			}
			exact, err := g.viewLeaks(ctx, view, o, exposed, qs, -1)
			if err != nil {
				t.Fatal(err)
			}
			est, se2, err := g.viewLeaksEstimate(ctx, view, o, exposed, qs, -1, 64, rand.New(rand.NewPCG(uint64(k), uint64(o))))
			if err != nil {
				t.Fatal(err)
			}
			for qi := range qs {
				se := math.Sqrt(se2[qi])
				if exact[qi] == 0 && est[qi] == 0 {
					continue
				}
				if se == 0 {
					// Every draw gave the same term: then it is the leak.
					if math.Abs(est[qi]-exact[qi]) > 1e-9 {
						t.Errorf("world %d, opponent %d, %s: estimate %.6f with no spread, exact %.6f", k, o, g.QuestionLine(qs[qi]), est[qi], exact[qi])
					}
					continue
				}
				z := (est[qi] - exact[qi]) / se
				zs = append(zs, z)
				if math.Abs(z) > 4.5 {
					t.Errorf("world %d, opponent %d, %s: estimate %.5f ± %.5f, exact %.5f (z %.1f)", k, o, g.QuestionLine(qs[qi]), est[qi], se, exact[qi], z)
				}
			}
		}
	}
	if len(zs) < 10 {
		t.Fatalf("%d estimated leaks with a spread: the test is too weak", len(zs))
	}
	ms := 0.0
	for _, z := range zs {
		ms += z * z
	}
	ms /= float64(len(zs))
	// The terms of one view share its draws, so the z's are correlated;
	// their mean square is still near 1 when the standard errors are right.
	if ms < 0.15 || ms > 4 {
		t.Errorf("mean square of %d z-scores %.2f: the standard errors do not match the errors", len(zs), ms)
	}
	t.Logf("%d estimated leaks, mean square z %.2f", len(zs), ms)
}

var (
	leakCmp        = flag.Int("dod.leakcmp", 0, "TestLeakEstimateCompare: compare exact and estimated leak advice at every -dod.every-th position of one simulated game of this many players (0: off)")
	leakCmpSamples = flag.Int("dod.cmpsamples", 0, "TestLeakEstimateCompare: the seat's sampled worlds of the estimated advice (0: as -dod.leaksamples)")
)

// TestLeakEstimateCompare compares, position by position of a simulated
// game, the advice with exact leaks and with estimated ones
// (-dod.viewdraws draws a view, -dod.leaksamples seat worlds for both, or
// -dod.cmpsamples worlds for the estimate; the exact advice weighs every
// question, the estimated one the default Top):
// process CPU of each, whether the best question is the same, the exact
// score lost by taking the estimate's best question, and the estimated
// leaks' errors in standard errors. Off unless -dod.leakcmp is set.
func TestLeakEstimateCompare(t *testing.T) {
	if *leakCmp == 0 {
		t.Skip("-dod.leakcmp not set")
	}
	draws := *benchViewDraws
	samples := *benchLeakSamples
	if *leakCmpSamples > 0 {
		samples = *leakCmpSamples
	}
	ctx := context.Background()
	s, err := Simulate(SimOptions{Players: *leakCmp, Seed: 0})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame()
	rng := rand.New(rand.NewPCG(1, 1))
	pos := -1
	var cpuE, cpuX []time.Duration
	same, n := 0, 0
	var regret, zs []float64
	for i, line := range s.Logs[0][1:] {
		if err := g.Apply(line); err != nil {
			t.Fatal(err)
		}
		if i < 3 || g.over || g.eliminated[0] || g.exposed < 0 && HasExposed(*leakCmp) {
			continue
		}
		draw := [3]Card{Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))}
		if pos++; pos%max(*benchEvery, 1) != 0 {
			continue
		}
		run := func(opt LeakOptions) (*Advice, time.Duration) {
			c := *g
			c.cnt = NewGame().cnt
			c0 := cpuNow()
			a, err := c.LeakAdvice(ctx, draw, opt)
			if err != nil {
				t.Fatal(err)
			}
			return a, cpuNow() - c0
		}
		ax, dx := run(LeakOptions{Samples: *benchLeakSamples, All: true})
		ae, de := run(LeakOptions{Samples: samples, ViewDraws: draws})
		cpuX, cpuE = append(cpuX, dx), append(cpuE, de)
		if len(ax.Questions) == 0 {
			continue
		}
		n++
		best := ae.Questions[0]
		exactScore := map[string]float64{}
		leaks := map[string][]Leak{}
		for _, q := range ax.Questions {
			exactScore[g.QuestionLine(q)] = q.Score
			leaks[g.QuestionLine(q)] = q.Leaks
		}
		if g.QuestionLine(best) == g.QuestionLine(ax.Questions[0]) {
			same++
		}
		regret = append(regret, ax.Questions[0].Score-exactScore[g.QuestionLine(best)])
		for _, q := range ae.Questions {
			for k, l := range q.Leaks {
				// Against the exact leaks of the same seat worlds: the
				// error of the views' estimates alone (their part of
				// the standard error is not separated out, so the z's
				// are a little small).
				if l.StdErr > 0 {
					zs = append(zs, (l.Gain-leaks[g.QuestionLine(q)][k].Gain)/l.StdErr)
				}
			}
		}
		fmt.Printf("position %d: exact %v CPU, estimated %v CPU, best question %s (exact's %s), exact score lost %.4f bits\n",
			i-3, dx.Round(time.Millisecond), de.Round(time.Millisecond), g.QuestionLine(best), g.QuestionLine(ax.Questions[0]), regret[len(regret)-1])
	}
	med := func(ds []time.Duration) (time.Duration, time.Duration) {
		s := slices.Clone(ds)
		slices.Sort(s)
		return s[len(s)/2], s[len(s)-1]
	}
	mx, xx := med(cpuX)
	me, xe := med(cpuE)
	ms := 0.0
	for _, z := range zs {
		ms += z * z
	}
	fmt.Printf("%d players, %d positions: CPU exact median %v max %v; estimated median %v max %v; same best question %d of %d; mean exact score lost %.4f bits; mean square z %.2f over %d leaks\n",
		*leakCmp, len(cpuX), mx.Round(time.Millisecond), xx.Round(time.Millisecond), me.Round(time.Millisecond), xe.Round(time.Millisecond), same, n, mean(regret), ms/float64(max(len(zs), 1)), len(zs))
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(max(len(xs), 1))
}
