package count

import (
	"context"
	"sync/atomic"
)

// This file is the second way SpreadByTally answers the tallies of one
// holder b: a graph per tally, b where the order search puts it, and the
// backward pass split by the tally's value from b's layer down to the
// first layer after h's.
//
// The way of byTally puts b right after h, so that the split is one step
// of the backward pass; but then b's hands multiply the states of h's
// contents, and a holder with thousands of possible hands (a player few
// answers constrain) makes graphs of millions of edges. Where the order
// search puts it, such a holder comes late, and a graph that tells only
// one tally's cards apart is about the size of the report's graph, often a
// hundred times smaller. The price is that the split by the tally's value
// runs on from b's layer down to layer 1: each value's B and P are carried
// through the layers between, one pass per value (a row). spreadByRows
// answers with this way when its estimated cost is the smaller.

// rowsMode chooses between the two ways: 0 picks by the estimated cost,
// 1 always takes the graphs per tally where they apply (tests), -1 never.
var rowsMode int

// SetTallyRows sets how SpreadByTally answers a tally holder: mode 1
// always from a graph per tally with the holder where the order search
// puts it, mode -1 never, mode 0 by the estimated cost (the default). It
// returns the mode it replaces: tests take each way.
func SetTallyRows(mode int) int {
	old := rowsMode
	rowsMode = mode
	return old
}

// tallyRowsRuns counts the tally holders answered by spreadByRows.
var tallyRowsRuns atomic.Int64

// TallyRowsRuns is the number of tally holders answered so far from a
// graph per tally with the holder where the order search puts it.
func TallyRowsRuns() int64 { return tallyRowsRuns.Load() }

// Relative costs, in about nanoseconds, of laying out and passing an edge
// (with its per-card counts), and of carrying one row of the split over
// an edge: measured on six-player Deduce or Die advice.
const (
	costEdge = 310
	costRow  = 140
)

// rowsGraph is the graph of one tally for spreadByRows.
type rowsGraph struct {
	cp   *compiled
	k    int // b's layer
	cost int64
}

// rowsGraph lays out the graph of tally t of b, with h first and b where
// the order search puts it, and estimates the cost of its split. ok is
// false when the graph does not have the shape spreadByRows needs (then
// byTally's way answers).
func (c *Counter) rowsGraph(ctx context.Context, h, b Holder, t Tally) (g rowsGraph, ok bool, err error) {
	cp, err := compile(ctx, c.in, layout{first: h, track: []Tally{t}, maxEdges: tallyMaxEdges})
	if tooLarge(err) {
		return rowsGraph{}, false, nil
	}
	if err != nil {
		return rowsGraph{}, false, err
	}
	if cp.infeasible || b == h || len(cp.layers) < 2 || cp.holderLayer[h] != 0 || cp.holderLayer[b] < 1 {
		return rowsGraph{}, false, nil
	}
	k := cp.holderLayer[b]
	// Every edge is laid out and passed once; the edges of the layers from
	// 1 to b's carry each value's row (at most one more than the tally's
	// cards, or b's size).
	rows := int64(min(len(t.Cards), cp.layers[k].maxSz) + 1)
	var all, before int64
	for i, l := range cp.layers {
		all += int64(len(l.edgeTo))
		if i >= 1 && i <= k {
			before += int64(len(l.edgeTo))
		}
	}
	return rowsGraph{cp: cp, k: k, cost: costEdge*all + costRow*rows*before}, true, nil
}

// spreadByRows sums the spreads of the tallies ts of b into sums from the
// graphs gs (one per tally, from rowsGraphs). ok is false, sums left
// alone, when it cannot (uint64 overflowed, or the contents of h are too
// many to list).
func (c *Counter) spreadByRows(ctx context.Context, h Holder, pick Pick, b Holder, ts []Tally, gs []rowsGraph, sums *tallySums) (bool, error) {
	out := make([][]TallySpread, len(ts))
	var all Spread
	for ti, t := range ts {
		g := gs[ti]
		cp, k := g.cp, g.k
		plan := cp.newRootPlan(h, pick)
		if plan == nil {
			return false, nil
		}
		raw := &rawLayer{stop: k}
		if _, ovf, err := backwardU64(ctx, cp, true, false, raw); err != nil || ovf {
			return false, err
		}
		// The split at b's layer: the values only P at layer 1 needs when
		// b is there, every cell's otherwise.
		l := cp.layers[k]
		used := make([]bool, len(l.hands))
		for e := range int32(len(l.edgeTo)) {
			used[l.edgeHand.at(e)] = true
		}
		class, values, err := tallyClasses(cp, k, b, t, used)
		if err != nil || class == nil {
			return false, err
		}
		sp := newClassSplit([][]int8{class}, []int{len(values)})
		var only [][]int
		if k == 1 {
			only = plan.only
		}
		B, P, ovf, err := stepPacked(ctx, cp, k, raw.ways, raw.P, true, sp, false, only)
		putU64(raw.P.v) // read by this step alone
		raw.P = pvec{}
		if err != nil || ovf {
			return false, err
		}
		// Each value's row, carried down to layer 1.
		R := len(values)
		n := l.n
		bs := make([][]uint64, R)
		ps := make([]pvec, R)
		for r := range R {
			bs[r] = B[r*n : (r+1)*n]
			if P.v != nil {
				w := n * l.ncells * (len(cp.layers) - k - 1)
				ps[r] = pvec{v: P.v[r*w : (r+1)*w]}
			}
		}
		for i := k - 1; i >= 1; i-- {
			var only [][]int
			if i == 1 {
				only = plan.only
			}
			for r := range R {
				Bi, Pi, ovf, err := stepPacked(ctx, cp, i, bs[r], ps[r], true, nil, false, only)
				if err != nil || ovf {
					return false, err
				}
				bs[r], ps[r] = Bi, Pi
			}
		}
		l1 := cp.layers[1]
		width := l1.ncells * (len(cp.layers) - 1)
		Bv := make([]uint64, 0, R*l1.n)
		full := make([]uint64, 0, R*l1.n*width)
		for r := range R {
			Bv = append(Bv, bs[r]...)
			wr := widen(cp, 1, bs[r], ps[r].v, 1, plan.only)
			full = append(full, wr...)
			putU64(wr)
		}
		one := &tallySums{}
		if err := plan.spreads(cp, sp, [][]int{values}, Bv, full, width, one); err != nil {
			return false, err
		}
		out[ti] = one.out[0]
		if ti == 0 {
			all = one.all
		}
	}
	tallyRowsRuns.Add(1)
	sums.all, sums.out, sums.done = all, out, true
	return true, nil
}

// byRows answers the tallies ts of b as spreadByRows, first being the
// graph of ts[0]: done is false when it cannot.
func (c *Counter) byRows(ctx context.Context, h Holder, pick Pick, b Holder, ts []Tally, first rowsGraph, sums *tallySums) (done bool, err error) {
	gs := []rowsGraph{first}
	for _, t := range ts[1:] {
		g, ok, err := c.rowsGraph(ctx, h, b, t)
		if err != nil || !ok {
			return false, err
		}
		gs = append(gs, g)
	}
	done, err = c.spreadByRows(ctx, h, pick, b, ts, gs, sums)
	if tooLarge(err) {
		// The rows passed the memory budget: the other way answers.
		return false, nil
	}
	return done, err
}

// rowsMayPay reports whether the graphs per tally may cost less than the
// graph with b second, from the orders and cells alone (nothing is laid
// out): when, one tally told apart, the order search puts b last (b has
// many possible hands, which b second would multiply by h's contents), or
// when telling every tally apart makes half as many cells again as telling
// one (early in a game, where cells are large: each tally splits them).
// Otherwise the graph per tally is about as large as the graph with b
// second, and there is one per tally: it is not tried.
func (c *Counter) rowsMayPay(ctx context.Context, h, b Holder, ts []Tally) (bool, error) {
	one, err := compile(ctx, c.in, layout{first: h, track: ts[:1], probe: true})
	if err != nil || one.infeasible {
		return false, err
	}
	all, err := compile(ctx, c.in, layout{first: h, second: b, hasSecond: true, track: ts, probe: true})
	if err != nil || all.infeasible {
		return false, err
	}
	k, L := one.holderLayer[b], 0
	for _, i := range one.holderLayer {
		if i >= 0 {
			L++
		}
	}
	return k >= 2 && k == L-1 || 2*len(all.cells) >= 3*len(one.cells), nil
}
