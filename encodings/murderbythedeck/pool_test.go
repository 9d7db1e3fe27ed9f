package murderbythedeck

import (
	"context"
	"math"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestPoolingAgainstNamedClasses checks the classes of interchangeable
// cards by pile generation (a card no constraint of its generation names
// is pooled with its class) against the classes of before (a card any
// line ever named alone), which are interchangeable on a narrower
// argument: on positions after a shuffle of the return pile, where the two
// differ, every figure of the two estimators (independent seeds, 960
// worlds each) must agree within three standard errors of their
// difference, but for a few of the hundreds compared; and pooling must
// not make a standard error larger than a tenth of a point beyond the
// other's (it averages). -mbtd.long checks more rounds and positions.
func TestPoolingAgainstNamedClasses(t *testing.T) {
	ctx := context.Background()
	defer func() { poolByGeneration = true }()
	n, miss, pooled := 0, 0, 0
	seeds, every, most := []uint64{2}, 30, 130 // seed 2 has five pile generations by line 130
	if *longChecks {
		seeds, every, most = []uint64{0, 1, 2, 3, 4, 5}, 9, 1<<30
	}
	for _, seed := range seeds {
		sim, err := Simulate(SimOptions{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame()
		for i, l := range sim.Logs[0] {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
			if i >= most {
				break
			}
			if g.st.epoch < 2 || i%every != 0 || g.Over() {
				continue
			}
			var est [2]*Estimate
			for k, pool := range []bool{true, false} {
				poolByGeneration = pool
				e, err := g.st.estimateWith(ctx, solver.NewCounter(g.cp.prob), 960, 960, seedOf(g.st.content)+uint64(k), 0, ChoicesUniform)
				if err != nil {
					t.Fatal(err)
				}
				est[k] = e
			}
			a, b := est[0], est[1]
			for c := range Card(NumCards) {
				if a.Class[c] > b.Class[c] {
					pooled++
				}
				for col := range numCols {
					n++
					se := math.Hypot(a.LocSE(Card(c), col), b.LocSE(Card(c), col))
					if d := math.Abs(ratFloat(a.LocP(Card(c), col)) - ratFloat(b.LocP(Card(c), col))); d > 3*se+1e-9 {
						miss++
						t.Logf("seed %d, line %d: %v in %s: %.4f ± %.4f pooled, %.4f ± %.4f not", seed, i+1, Card(c), g.colName(col), ratFloat(a.LocP(Card(c), col)), a.LocSE(Card(c), col), ratFloat(b.LocP(Card(c), col)), b.LocSE(Card(c), col))
					}
					if a.LocSE(Card(c), col) > b.LocSE(Card(c), col)+0.001 && a.Class[c] > 1 {
						t.Errorf("seed %d, line %d: %v in %s: SE %.4f pooled, %.4f not", seed, i+1, Card(c), g.colName(col), a.LocSE(Card(c), col), b.LocSE(Card(c), col))
					}
				}
			}
			for p := range Players {
				n++
				se := math.Hypot(a.SpadeSE(p), b.SpadeSE(p))
				if d := math.Abs(ratFloat(a.SpadeP(p)) - ratFloat(b.SpadeP(p))); d > 3*se+1e-9 {
					miss++
					t.Logf("seed %d, line %d: %s murderer: %.4f pooled, %.4f not", seed, i+1, g.st.names[p], ratFloat(a.SpadeP(p)), ratFloat(b.SpadeP(p)))
				}
			}
		}
	}
	if pooled == 0 {
		t.Fatal("no position where the classes differ: the test checks nothing")
	}
	t.Logf("%d figures compared, %d beyond 3 SE; %d cards pooled that were alone before", n, miss, pooled)
	if miss > 1+n/200 {
		t.Errorf("%d of %d figures beyond 3 SE", miss, n)
	}
}
