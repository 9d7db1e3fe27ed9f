package count

import "sync/atomic"

// This file is the memory budget: what a graph takes, as its builders
// count it, and the test against the budget of its Input. The figures are
// the bytes the graph's arrays and tables hold for each state and edge; the
// garbage collector may hold up to as much again before it runs.

const (
	// genericEdgeBytes is an edge of the generic builder: its next state
	// (4 bytes), its hand (2) and its weight (8).
	genericEdgeBytes = 14
	// genericStateBytes is a state of the generic builder beyond its
	// counts and partial sums: its key and entry in the map of the
	// layer's states.
	genericStateBytes = 48
	// packedEdgeBytes is an edge of the packed builder: its next state (4
	// bytes) and its hand (2).
	packedEdgeBytes = 6
	// packedStateBytes is a state of the packed builder beyond its counts
	// (2 bytes a cell): its packed counts, sums and size.
	packedStateBytes = 20
	// pstateBytes is a state of the next layer while the packed builder
	// lays out a layer (its table's slots are counted apart).
	pstateBytes = 24
)

// statesBuilt counts the states laid out by every builder (see
// StatesBuilt).
var statesBuilt atomic.Int64

// StatesBuilt is the number of states the builders have laid out so far,
// in this process: tests check that a problem refused on its estimate
// built none.
func StatesBuilt() int64 { return statesBuilt.Load() }

// bigValueBytes is a value of the math/big pass: a pointer and a small
// big.Int.
const bigValueBytes = 48

// passFits reports a *TooLargeError when a pass's vector of bytes bytes,
// with the graph, would pass the budget.
func (cp *compiled) passFits(bytes int64) error {
	if cp.used+bytes <= cp.budget {
		return nil
	}
	return &TooLargeError{Bytes: cp.used + bytes, Budget: cp.budget}
}

// overBudget reports a *TooLargeError when what the graph takes passes
// its budget, after edges edges.
func (cp *compiled) overBudget(edges int) error {
	if cp.used <= cp.budget {
		return nil
	}
	return &TooLargeError{Bytes: cp.used, Budget: cp.budget, Edges: edges}
}

// ticker tells a loop over states when to look at its context: every 1024
// states, or sooner when the states carry much work (every 1<<15 edges or
// hands tried), so that a cancelled context stops a build or a pass
// within milliseconds whatever the shape of the graph.
type ticker struct{ states, work int }

// due counts a state that carries work units of work, and reports whether
// the loop should look at its context now.
func (t *ticker) due(work int) bool {
	t.states++
	t.work += work
	if t.states >= 1024 || t.work >= 1<<15 {
		t.states, t.work = 0, 0
		return true
	}
	return false
}
