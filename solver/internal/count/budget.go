package count

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

// overBudget reports a *TooLargeError when what the graph takes passes
// its budget, after edges edges.
func (cp *compiled) overBudget(edges int) error {
	if cp.used <= cp.budget {
		return nil
	}
	return &TooLargeError{Bytes: cp.used, Budget: cp.budget, Edges: edges}
}
