package count

import "math"

// This file is the estimate of a graph's size made before it is built
// (stage 8 of compile), so that a problem beyond reach is refused at once
// rather than after minutes of work and gigabytes of memory.
//
// The states before a layer are what the holders of the earlier layers
// left: a number of cards in each cell of the layer's partition. Their
// number is at most the number of such vectors whose total the later
// holders can take (vectorsWithSum, as the order search bounds it), and at
// most the product of the candidate hands of the earlier holders. Each
// state takes its counts and its bookkeeping, and has at least one edge.
// The sum over the layers is the estimate: an upper bound on the states
// when no constraint spans several holders (partial sums can multiply
// them), but far from tight when constraints prune most hands.

// estimateSlack is how far beyond the budget an estimate must go for the
// problem to be refused: the bound can overstate the states many times
// over (see docs/counting.md for the figures that set it), and a problem
// that fits must never be refused on an estimate. The memory budget, which
// the builders check as they go, catches the rest.
var estimateSlack = 128.0

// estimate is the estimated number of states and edges of the graph and
// the memory they take, in bytes. With refine false it is a quick upper
// bound (no constraint prunes a hand); with refine set, an estimate:
// each state is taken to hold what a typical state holds, and its edges are
// the hands of the layer's holder that fit that and its own constraints
// (a short bounded search a layer).
func (c *compiler) estimate(refine bool) (states, edges, bytes float64) {
	cp := c.cp
	free := float64(len(c.free))
	n := 1.0 // the states before the layer
	for i, l := range cp.layers {
		if i > 0 {
			lo, hi := l.minSz+l.futMin, min(l.maxSz+l.futMax, math.MaxInt32)
			n = min(n, vectorsWithSum(l.liveSizes(), lo, hi))
		}
		// A typical state holds, of each cell, its share of the cards
		// this holder and the later ones take.
		share := 1.0
		if free > 0 {
			share = min(1, float64(l.maxSz+l.futMax)/free)
		}
		e := n * l.handVectors(refine, share)
		states += n
		edges += e
		bytes += n*float64(2*l.ncells+4*l.ncross+packedStateBytes+pstateBytes+32) + e*packedEdgeBytes
		n = e // each edge leads to a state; many lead to the same
	}
	return states, edges, bytes
}

// smallBound is a bound on the graph's bytes that costs next to nothing:
// a state of any layer is a vector of counts no greater than the global
// cells' sizes (a layer's cells are unions of global cells), and a layer
// has at most as many edges as pairs of its states and the next layer's.
func (c *compiler) smallBound() float64 {
	v := 1.0
	for _, n := range c.cp.sizes {
		v *= float64(n + 1)
	}
	cells := len(c.cp.sizes)
	return float64(len(c.cp.layers)) * (v*float64(2*cells+4*len(c.cp.cross)+packedStateBytes+pstateBytes+32) + v*v*packedEdgeBytes)
}

// liveSizes are the sizes of the cells of l that a holder of l or a later
// layer may take cards from (a state has none left of the others).
func (l *glayer) liveSizes() []int {
	inLayer := make([]bool, l.ncells)
	for _, j := range l.cells {
		inLayer[j] = true
	}
	var sizes []int
	for j, n := range l.cellSize {
		if l.later[j] || inLayer[j] {
			sizes = append(sizes, n)
		}
	}
	return sizes
}

// refuseBeyondBudget refuses a problem whose estimated memory passes the
// budget by more than estimateSlack: the quick bound first, and only when
// it passes, the refined estimate.
func (c *compiler) refuseBeyondBudget() error {
	limit := float64(c.cp.budget) * estimateSlack
	if c.smallBound() <= limit {
		return nil
	}
	if _, _, bytes := c.estimate(false); bytes <= limit {
		return nil
	}
	states, _, bytes := c.estimate(true)
	if bytes > limit {
		return &TooLargeError{States: states, Bytes: int64(min(bytes, math.MaxInt64/2)), Budget: c.cp.budget, Estimated: true}
	}
	return nil
}

// Estimate is the estimated number of states and edges of the graph of in
// (in the default order) and the memory they take, in bytes, as compile
// estimates them before building; zeros when propagation finds no world.
func Estimate(in *Input) (states, edges, bytes float64) { return estimateInput(in, true) }

// estimateInput compiles in up to its layers, in the default order, and
// estimates its graph (refined or quick, see compiler.estimate).
func estimateInput(in *Input, refine bool) (states, edges, bytes float64) {
	c := newCompiler(in, layout{first: NoHolder})
	if !c.propagate() || !c.activeHolders() {
		return 0, 0, 0
	}
	c.trackTallies()
	c.chooseOrder()
	if c.makeCells() != nil {
		return math.Inf(1), math.Inf(1), math.Inf(1)
	}
	c.crossConstraints()
	c.makeLayers()
	return c.estimate(refine)
}

// maxHandSearch bounds the search of handVectors.
const maxHandSearch = 1 << 16

// handVectors is the number of hands (counts by cell) of l's holder that
// fit its size and take at most share of each cell (rounded up, the whole
// cell when share is 1) and, with own set, that fit its own constraints:
// counted when a short search settles it, else the number that fit its
// size and the shares.
func (l *glayer) handVectors(own bool, share float64) float64 {
	np := len(l.cells)
	sizes := make([]int, np)
	for p, j := range l.cells {
		sizes[p] = int(math.Ceil(float64(l.cellSize[j]) * share))
	}
	if !own {
		return vectorsWithSum(sizes, l.minSz, l.maxSz)
	}
	hi := sizes
	sufHi := make([]int, np+1)
	for p := np - 1; p >= 0; p-- {
		sufHi[p] = sufHi[p+1] + hi[p]
	}
	sMin := make([][]int, len(l.local))
	sMax := make([][]int, len(l.local))
	for q, k := range l.local {
		sMin[q], sMax[q] = make([]int, np+1), make([]int, np+1)
		for p := np - 1; p >= 0; p-- {
			a := k.coef[p] * hi[p]
			sMin[q][p] = sMin[q][p+1] + min(a, 0)
			sMax[q][p] = sMax[q][p+1] + max(a, 0)
		}
	}
	part := make([]int, len(l.local))
	steps := 0
	var rec func(p, tot int) float64
	rec = func(p, tot int) float64 {
		if steps++; steps > maxHandSearch || tot > l.maxSz || tot+sufHi[p] < l.minSz {
			return 0
		}
		for q := range l.local {
			k := &l.local[q]
			if k.op != Ge && part[q]+sMin[q][p] > k.bound {
				return 0
			}
			if k.op != Le && part[q]+sMax[q][p] < k.bound {
				return 0
			}
		}
		if p == np {
			return 1
		}
		sum := 0.0
		for v := 0; v <= hi[p] && tot+v <= l.maxSz; v++ {
			for q := range l.local {
				part[q] += l.local[q].coef[p] * v
			}
			sum += rec(p+1, tot+v)
			for q := range l.local {
				part[q] -= l.local[q].coef[p] * v
			}
		}
		return sum
	}
	if n := rec(0, 0); steps <= maxHandSearch {
		return n
	}
	return vectorsWithSum(sizes, l.minSz, l.maxSz)
}

// QuickEstimate is Estimate's quick upper bound (no constraint prunes a
// hand).
func QuickEstimate(in *Input) (states, edges, bytes float64) { return estimateInput(in, false) }
