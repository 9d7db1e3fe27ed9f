package count

import (
	"math/rand/v2"
	"testing"
)

// TestLayersCarried checks makeLayers' later flags and coefficient ranges,
// carried from the next layer, against the direct definition (over every
// later layer, for each cell's card) on random inputs.
func TestLayersCarried(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	checked := 0
	for range 400 {
		in := randomInput(rng, 9, 6)
		c := newCompiler(in, layout{})
		if !c.propagate() || !c.activeHolders() {
			continue
		}
		c.trackTallies()
		c.chooseOrder()
		if err := c.makeCells(); err != nil {
			continue
		}
		c.crossConstraints()
		c.makeLayers()
		L := len(c.order)
		for i, l := range c.cp.layers {
			rep := make([]Card, l.ncells)
			for g, j := range l.of {
				rep[j] = c.reps[g]
			}
			for j, k := range rep {
				later := false
				for u := i + 1; u < L; u++ {
					later = later || c.allowed[k][c.order[u]]
				}
				if l.later[j] != later {
					t.Fatalf("layer %d cell %d: later %v, want %v", i, j, l.later[j], later)
				}
				for q := range c.cons {
					x := c.crossOf[q]
					if x < 0 {
						continue
					}
					lo, hi, first := 0, 0, true
					for u := i; u < L; u++ {
						if !c.allowed[k][c.order[u]] {
							continue
						}
						v := c.coefOf(k, q, u)
						if first || v < lo {
							lo = v
						}
						if first || v > hi {
							hi = v
						}
						first = false
					}
					if l.coefMin[x][j] != lo || l.coefMax[x][j] != hi {
						t.Fatalf("layer %d cell %d constraint %d: range [%d, %d], want [%d, %d]", i, j, q, l.coefMin[x][j], l.coefMax[x][j], lo, hi)
					}
					checked++
				}
			}
		}
	}
	if checked < 200 {
		t.Fatalf("only %d ranges checked", checked)
	}
	t.Logf("%d ranges checked", checked)
}
