package count

import (
	"context"
	"math/bits"
	"slices"
)

// This file is the split step of stepPacked (the backward pass's step at
// a layer whose edges are sorted into classes by several tallies at once:
// the layer after h's in byTally, where the asked player's hands meet the
// Evidence's contents).
//
// An edge adds its share of B and P to one row per tally (its value of
// that tally). Added edge by edge, that is a row's worth of additions per
// tally for every edge (six tallies: six times the work of the edge's own
// share, which a profile of six-player advice found to be most of the
// step). The tallies' values of an edge depend on its hand alone, and the
// hands of a layer take few distinct vectors of values (a joint class);
// so the step adds each edge's share once, to its state's bucket for its
// joint class, and adds each bucket to its rows once per state. The sums
// are the same integers in another order.

// jointSplit is a classSplit read by joint class: the vector of every
// tally's class of a hand.
type jointSplit struct {
	id   []int32 // per hand of the layer: its joint class
	rows [][]int // per joint class: the rows it adds to (tally offset plus class), ascending by tally
}

// jointMax bounds the scratch values of a worker's buckets (8 MB): a
// split whose joint classes times a state's per-card values pass it is
// summed edge by edge instead.
var jointMax = 1 << 20

// joint groups the hands of a layer by their joint class; nil when the
// buckets of the classes, width values each, would pass jointMax.
func (sp *classSplit) joint(hands [][]uint16, width int) *jointSplit {
	js := &jointSplit{id: make([]int32, len(hands))}
	seen := map[string]int32{}
	key := make([]byte, len(sp.class))
	for hd := range hands {
		for t, cl := range sp.class {
			key[t] = byte(cl[hd])
		}
		id, ok := seen[string(key)]
		if !ok {
			id = int32(len(js.rows))
			seen[string(key)] = id
			var rs []int
			for t, cl := range sp.class {
				if c := cl[hd]; c >= 0 {
					rs = append(rs, sp.off[t]+int(c))
				}
			}
			js.rows = append(js.rows, rs)
		}
		js.id[hd] = id
	}
	if len(js.rows)*max(width, 1) > jointMax {
		return nil
	}
	return js
}

// step is stepPacked's sweep over the states [lo, hi) of layer l with a
// split (dense P, W values a cell, nw of them read from the next layer):
// each state's edges are added up by joint class, then each class's sums
// are added to its rows. It returns the overflow flag of stepPacked's
// sweep (B checked, P needing no check, as there).
func (js *jointSplit) step(ctx context.Context, l *glayer, lo, hi int, Bn []uint64, P pvec, Bi, nextP []uint64, withP bool, W, nw, nxCells int, inLayer []int, only [][]int) (uint64, error) {
	var bad uint64
	var ls, lq []left // the state's cells left: at in the state's block, and in a bucket's
	var tk ticker
	nj := len(js.rows)
	mark := make([]int32, nj) // the state that last touched each class, plus one
	bB := make([]uint64, nj)
	var bP []uint64
	var touched []int32
	eW, wsp := l.edgeWeight, l.weightCells
	for x := lo; x < hi; x++ {
		if tk.due(int(l.edgeStart[x+1]-l.edgeStart[x])) && ctx.Err() != nil {
			return bad, ctx.Err()
		}
		pw := 0 // P values of a bucket
		if withP {
			ls, lq = ls[:0], lq[:0]
			for j, n := range l.state(x) {
				if n != 0 && (only == nil || slices.Contains(only[x], j)) {
					up := -1
					if nw > 0 {
						up = l.up[j]
					}
					ls = append(ls, left{j * W, inLayer[j], up, uint64(n)})
					lq = append(lq, left{len(lq) * W, inLayer[j], up, uint64(n)})
				}
			}
			pw = len(lq) * W
			if len(bP) < nj*pw {
				bP = make([]uint64, nj*pw)
			}
		}
		touched = touched[:0]
		for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
			y := int(l.edgeTo[e])
			b := Bn[y]
			if b == 0 {
				continue
			}
			hd := l.edgeHand.at(e)
			id := js.id[hd]
			if len(js.rows[id]) == 0 {
				continue
			}
			w := uint64(1)
			switch {
			case eW != nil:
				w = eW[e]
			case wsp != nil && len(wsp[hd]) > 0:
				w = l.w64cells(x, wsp[hd])
			}
			if w == 0 {
				bad = 1
				continue
			}
			h, wb := bits.Mul64(w, b)
			bad |= h
			if mark[id] != int32(x)+1 {
				mark[id] = int32(x) + 1
				touched = append(touched, id)
				bB[id] = 0
				if pw > 0 {
					clear(bP[int(id)*pw : (int(id)+1)*pw])
				}
			}
			var c uint64
			bB[id], c = bits.Add64(bB[id], wb, 0)
			bad |= c
			if !withP || bad != 0 {
				continue
			}
			var yAt int
			var yRk []uint16
			if nw > 0 {
				if P.off == nil {
					yAt = y * nxCells * nw
				} else {
					yAt = P.off[y]
					yRk = P.rk[y*nxCells : (y+1)*nxCells]
				}
			}
			addP(bP[int(id)*pw:(int(id)+1)*pw], lq, l.hands[hd], w, b, yAt, yRk, P.v, W, nw)
		}
		for _, id := range touched {
			for _, r := range js.rows[id] {
				cx := r*l.n + x
				var c uint64
				Bi[cx], c = bits.Add64(Bi[cx], bB[id], 0)
				bad |= c
				if !withP || bad != 0 {
					continue
				}
				px := nextP[cx*l.ncells*W : (cx+1)*l.ncells*W]
				src := bP[int(id)*pw : (int(id)+1)*pw]
				for q, c := range ls {
					d, v := px[c.at:c.at+W], src[q*W:(q+1)*W]
					for t := range d {
						d[t] += v[t]
					}
				}
			}
		}
	}
	return bad, nil
}
