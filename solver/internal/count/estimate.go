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
var estimateSlack = 64.0

// estimate is the estimated number of states of the graph and the memory
// they take, in bytes.
func (c *compiler) estimate() (states, bytes float64) {
	cp := c.cp
	hands := 1.0 // the product of the candidate hands of the layers before
	for i, l := range cp.layers {
		// The cells some holder of this layer or a later one may take.
		var sizes []int
		inLayer := make([]bool, l.ncells)
		for _, j := range l.cells {
			inLayer[j] = true
		}
		for j, n := range l.csize {
			if l.fut[j] || inLayer[j] {
				sizes = append(sizes, n)
			}
		}
		n := 1.0
		if i > 0 {
			lo, hi := l.minSz+l.futMin, min(l.maxSz+l.futMax, math.MaxInt32)
			n = min(vectorsWithSum(sizes, lo, hi), hands)
		}
		states += n
		bytes += n * float64(2*l.ncells+4*l.ncross+packedStateBytes+pstateBytes+32+packedEdgeBytes)
		h := l.holder
		hands *= max(1, handCount(h, c.cons, c.holdersOf, c.free, c.allowed, c.minSz[h], c.maxSz[h]))
	}
	return states, bytes
}

// refuseBeyondBudget refuses a problem whose estimated memory passes the
// budget by more than estimateSlack.
func (c *compiler) refuseBeyondBudget() error {
	states, bytes := c.estimate()
	if b := float64(c.cp.budget); bytes > b*estimateSlack {
		return &TooLargeError{States: states, Bytes: int64(min(bytes, math.MaxInt64/2)), Budget: c.cp.budget, Estimated: true}
	}
	return nil
}
