package count

import (
	"context"
	"math"
	"math/big"
	"slices"
)

// This file is the layered graph the counting passes walk; compile.go
// lays it out.

// maxEdges bounds the size of the graph whatever the memory budget; beyond
// it the queries return a [TooLargeError].
const maxEdges = 50_000_000

// doneSum marks a multi-holder constraint already settled in a state.
const doneSum = math.MinInt32

// lconstr is a linear constraint over the cells of one layer: Coef[p] is
// the coefficient of a card of cell cells[p] going to the layer's holder.
type lconstr struct {
	coef  []int
	op    Op
	bound int
}

func (k *lconstr) ok(sum int) bool {
	switch k.op {
	case Eq:
		return sum == k.bound
	case Le:
		return sum <= k.bound
	default:
		return sum >= k.bound
	}
}

// glayer is one holder's layer: the partition of the free cards the layer
// works with, its states (before the holder takes its hand) and the edges
// out of them.
type glayer struct {
	holder   Holder
	ncells   int    // cells of this layer's partition
	cellSize []int  // their sizes
	of       []int  // global cell -> cell of this layer
	up       []int  // cell of this layer -> cell of the next layer
	later    []bool // per cell: a holder of a later layer may take its cards
	futMin   int    // least number of cards later layers take
	futMax   int
	cells    []int // cells the holder may take cards from
	minSz    int   // free size range of the holder
	maxSz    int
	local    []lconstr
	cross    [][]int // per multi-holder constraint: coefficients parallel to cells (nil when absent)
	coefMin  [][]int // per multi-holder constraint, per cell: least coefficient a card can still add
	coefMax  [][]int
	// sumLo and sumHi bound, per multi-holder constraint, the partial sum
	// a state of this layer can carry: what the free cards given to
	// earlier holders can add.
	sumLo, sumHi []int

	ncross     int
	cardsLeft  []uint16 // n * ncells: per state, the cards of each cell still unassigned
	packed     []uint64 // n, when built packed: the packed states
	packedLeft []int32  // n, when built packed: the cards left in each state
	packedSums []uint64 // n, when built packed: the packed partial sums
	sums       []int32  // n * ncross: per state, the partial sums
	n          int      // number of states

	edgeStart   []int32   // n+1: the first edge of each state
	edgeTo      []int32   // per edge: the state of the next layer it leads to
	edgeHand    edgeHands // per edge: its hand, an index into hands
	edgeWeight  []uint64  // per edge: the product of binomials, 0 when it overflows uint64 (generic builder only: see w64)
	weightCells [][]wcell // packed builder, per hand: the cells whose binomials make the weight

	hands   [][]uint16 // distinct hands, parallel to cells
	handIdx map[string]int32
}

// edgeHands is the hand of every edge of a layer, an index into its hands:
// the low 16 bits of each, and the high 16 bits only once some index needs
// them. A layer rarely has more than 65,536 distinct hands, so an edge
// takes 6 bytes (edgeTo and its hand) instead of 8: 40 MB less on a graph of
// 20 million edges.
type edgeHands struct {
	lo, hi []uint16
}

// makeEdgeHands is room for n edges of a layer with the given number of
// distinct hands.
func makeEdgeHands(n, hands int) edgeHands {
	h := edgeHands{lo: make([]uint16, n)}
	if hands > 1<<16 {
		h.hi = make([]uint16, n)
	}
	return h
}

// at is edge e's hand.
func (h edgeHands) at(e int32) int32 {
	v := int32(h.lo[e])
	if h.hi != nil {
		v |= int32(h.hi[e]) << 16
	}
	return v
}

// set makes v edge e's hand; v must fit the room made (makeEdgeHands).
func (h edgeHands) set(e int32, v int32) {
	h.lo[e] = uint16(v)
	if h.hi != nil {
		h.hi[e] = uint16(v >> 16)
	}
}

// push appends an edge with hand v, making room for high bits when v
// first needs them.
func (h *edgeHands) push(v int32) {
	if v >= 1<<16 && h.hi == nil {
		h.hi = make([]uint16, len(h.lo), cap(h.lo))
	}
	h.lo = append(h.lo, uint16(v))
	if h.hi != nil {
		h.hi = append(h.hi, uint16(v>>16))
	}
}

// slice is edges a to b, sharing storage.
func (h edgeHands) slice(a, b int32) edgeHands {
	out := edgeHands{lo: h.lo[a:b:b]}
	if h.hi != nil {
		out.hi = h.hi[a:b:b]
	}
	return out
}

func (l *glayer) state(x int) []uint16 { return l.cardsLeft[x*l.ncells : (x+1)*l.ncells] }
func (l *glayer) stateSums(x int) []int32 {
	return l.sums[x*l.ncross : (x+1)*l.ncross]
}

// crossCon is a constraint spanning several layers, carried in the state.
type crossCon struct {
	op    Op
	bound int
}

// compiled is an Input prepared for counting: the layered graph.
type compiled struct {
	maxEdges   int // the graph's limit (0: maxEdges)
	infeasible bool
	nCards     int
	nHolders   int
	fixed      []Holder // per card: its holder when fixed, else -1
	cellOf     []int    // per card: its global cell, -1 when fixed
	cells      [][]Card // cards of each global cell, ascending
	sizes      []int    // len(cells[j])

	holderLayer []int // per holder: its layer, -1 when it takes no free card
	layers      []*glayer
	term        *glayer // the terminal layer (one state when feasible)
	cross       []crossCon

	// The memory budget and what the graph takes so far, in bytes (see
	// budget.go).
	budget, used int64
}

// layout steers compilation for a query: what the graph must tell.
type layout struct {
	first     Holder // holder to put in the first layer, or NoHolder
	singleton []Card // cards to keep in cells of their own
	// second, when hasSecond, is the holder of the second layer (first
	// must be set too).
	second    Holder
	hasSecond bool
	// track are tallies whose values the second layer's edges must tell:
	// their cards are told apart as a constraint of their holder would.
	track []Tally
	// maxEdges, when positive, lowers the limit on the graph's edges.
	maxEdges int
	// probe stops compile once the order and the cells are chosen: the
	// result has holderLayer and cells, and no layer.
	probe bool
}

// edgeLimit is the most edges the graph may have.
func (cp *compiled) edgeLimit() int {
	if cp.maxEdges > 0 {
		return min(cp.maxEdges, maxEdges)
	}
	return maxEdges
}

// Graph is a compiled Input as users of the package may look at it: what
// it holds, for tests and benchmarks.
type Graph struct{ cp *compiled }

// Compile lays out the graph of in in the default order, as [Counter.Count]
// does.
func Compile(ctx context.Context, in *Input) (*Graph, error) {
	cp, err := compile(ctx, in, layout{first: NoHolder})
	if err != nil {
		return nil, err
	}
	return &Graph{cp}, nil
}

// Infeasible reports whether the input was found to have no world before
// or while the graph was laid out.
func (g *Graph) Infeasible() bool { return g.cp.infeasible }

// CrossConstraints is the number of constraints carried across holders in
// the states.
func (g *Graph) CrossConstraints() int { return len(g.cp.cross) }

// CellSizes are the sizes of the cells of interchangeable free cards.
func (g *Graph) CellSizes() []int { return slices.Clone(g.cp.sizes) }

// HolderLayer is the layer of holder h, -1 when it takes no free card.
func (g *Graph) HolderLayer(h Holder) int { return g.cp.holderLayer[h] }

// Edges is the number of edges of the graph.
func (g *Graph) Edges() int {
	n := 0
	for _, l := range g.cp.layers {
		n += len(l.edgeTo)
	}
	return n
}

// Pass runs the backward pass with per-card counts (what the marginals
// need) and returns the number of worlds.
func (g *Graph) Pass(ctx context.Context) (*big.Int, error) {
	if g.cp.infeasible {
		return new(big.Int), nil
	}
	r, err := g.cp.pass(ctx, true, false)
	if err != nil {
		return nil, err
	}
	return r.total, nil
}

// Size is the number of states of the graph and the memory its builder
// counted, in bytes.
func (g *Graph) Size() (states int, bytes int64) {
	for _, l := range g.cp.layers {
		states += l.n
	}
	return states, g.cp.used
}
