package count

import (
	"context"
	"errors"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// This file is the fast way to lay out the counting graph, used whenever the
// counts of a state of every layer pack into one uint64 (at most 32 free
// cards always do) and the partial sums of the constraints that span
// several holders pack into a second one. It builds the graph build would
// (the same counts; the later-holder test differs slightly, so dead-end
// states may differ), but:
//
//   - a state is a uint64 in which every cell's count has its own field with
//     a guard bit above it, so "the hand fits in what is left" is one
//     subtraction and one mask (a borrow clears a guard bit);
//   - the layer's valid hands (its size and its own constraints) are listed
//     once, each with its packed form and its packed image in the next
//     layer's partition; forgetting is linear, so the next state is the
//     image of what is left minus the image of the hand;
//   - a state tries only the hands that take no card of a cell it has none
//     of (per-cell bit sets of hands);
//   - a new state is refused when a later holder but the last can take
//     none of its listed hands from what is left (the same fit test);
//   - a multi-holder constraint's partial sum is a field of the second word
//     (0 when the constraint is settled, else the sum minus its least
//     possible value plus one); a hand adds a fixed amount to it, and the
//     least and greatest amounts the cards left after a hand can still add
//     are linear in the state and the hand, so settle costs a few additions
//     per constraint.

// errSumField reports a defect: an unsettled partial sum outside the range
// its layer's layout was sized for (newSumLayouts proves it cannot be).
var errSumField = errors.New("solver: internal error: a partial sum outside its packed field")

// maxPackedHands bounds the hands listed for one layer; beyond it the
// generic builder is used.
const maxPackedHands = 1 << 17

// playout is the packed form of a layer's states.
type playout struct {
	off  []uint8  // first bit of each cell's field
	mask []uint64 // each field's value bits, in place
	g    uint64   // every guard bit
}

func newPLayout(csize []int) (playout, bool) {
	pl := playout{off: make([]uint8, len(csize)), mask: make([]uint64, len(csize))}
	nb := 0
	for j, s := range csize {
		w := bits.Len(uint(s))
		if nb+w+1 > 64 {
			return pl, false
		}
		pl.off[j] = uint8(nb)
		pl.mask[j] = (uint64(1)<<w - 1) << nb
		pl.g |= uint64(1) << (nb + w)
		nb += w + 1
	}
	return pl, true
}

func (pl *playout) field(k uint64, j int) int { return int((k & pl.mask[j]) >> pl.off[j]) }

// phand is a listed hand of a layer in packed form.
type phand struct {
	k   uint64 // the hand, packed in the layer's layout
	img uint64 // its image in the next layer's layout
	tot int32  // number of cards
	idx int32  // index in the layer's hands
}

// wcell is a cell of which a hand takes k cards out of a cell that may
// hold more than k: the edge weight has a binomial for it.
type wcell struct {
	j int32
	k int32
}

// sumLayout packs the partial sums of the multi-holder constraints of one
// layer's states into a uint64: constraint c has a field of width bits at
// off[c] holding 0 when it is settled (done), else its partial sum minus
// lo[c] plus one.
type sumLayout struct {
	off  []uint8
	mask []uint64 // field value bits, not shifted
	lo   []int
}

// newSumLayouts sizes the fields of every layer (and of the terminal one)
// from the partial sums a
// state of the layer can carry while its constraint is unsettled: within
// what earlier holders can add (sumLo, sumHi), and, since the state is neither
// dead nor settled, within reach of the bound with what the cards left can
// still add (at least their least coefficients, at most their greatest,
// over every card the layer tells). A constraint over a few single cards
// ("not all of these") is unsettled only while every card seen so far went
// its way: one value, one bit.
func newSumLayouts(cp *compiled) ([]sumLayout, bool) {
	nc := len(cp.cross)
	L := len(cp.layers)
	sls := make([]sumLayout, L+1)
	// After the last layer every constraint is settled.
	sls[L] = sumLayout{off: make([]uint8, nc), mask: make([]uint64, nc), lo: make([]int, nc)}
	for i, l := range cp.layers {
		sl := sumLayout{off: make([]uint8, nc), mask: make([]uint64, nc), lo: make([]int, nc)}
		nb := 0
		for c, k := range cp.cross {
			remLo, remHi := 0, 0
			for j, n := range l.cellSize {
				remLo += n * min(0, l.coefMin[c][j])
				remHi += n * max(0, l.coefMax[c][j])
			}
			lo, hi := l.sumLo[c], l.sumHi[c]
			switch k.op {
			case Ge:
				lo, hi = max(lo, k.bound-remHi), min(hi, k.bound-1-remLo)
			case Le:
				lo, hi = max(lo, k.bound+1-remHi), min(hi, k.bound-remLo)
			default:
				lo, hi = max(lo, k.bound-remHi), min(hi, k.bound-remLo)
			}
			w := 0
			if hi >= lo {
				w = bits.Len(uint(hi - lo + 1))
			}
			if nb+w > 64 {
				return nil, false
			}
			sl.off[c], sl.mask[c], sl.lo[c] = uint8(nb), uint64(1)<<w-1, lo
			nb += w
		}
		sls[i] = sl
	}
	return sls, true
}

// decode unpacks s into sums (doneSum for a settled constraint).
func (sl *sumLayout) decode(s uint64, sums []int32) {
	for c := range sums {
		v := int((s >> sl.off[c]) & sl.mask[c])
		if v == 0 {
			sums[c] = doneSum
		} else {
			sums[c] = int32(v - 1 + sl.lo[c])
		}
	}
}

// encode packs sums.
func (sl *sumLayout) encode(sums []int32) uint64 {
	var s uint64
	for c, v := range sums {
		if v != doneSum {
			s |= uint64(int(v)-sl.lo[c]+1) << sl.off[c]
		}
	}
	return s
}

// packedOK reports whether the packed builder applies, and returns the
// layouts of every layer and of the terminal layer, and of every layer's
// partial sums.
func (cp *compiled) packedOK() ([]playout, []sumLayout, bool) {
	L := len(cp.layers)
	pls := make([]playout, L+1)
	for i := 0; i < L; i++ {
		var ok bool
		if pls[i], ok = newPLayout(cp.layers[i].cellSize); !ok {
			return nil, nil, false
		}
	}
	pls[L], _ = newPLayout(nil)
	sls, ok := newSumLayouts(cp)
	if !ok {
		return nil, nil, false
	}
	return pls, sls, true
}

// listHands lists the hands of layer l that fit its size and its own
// constraints whatever the state (nil, false beyond limit).
func listHands(l *glayer, limit int) ([][]uint16, bool) {
	np := len(l.cells)
	hi, sufHi, sMin, sMax := handBounds(l)
	part := make([]int, len(l.local))
	hand := make([]uint16, np)
	var out [][]uint16
	var rec func(p, tot int) bool
	rec = func(p, tot int) bool {
		if tot > l.maxSz || tot+sufHi[p] < l.minSz {
			return true
		}
		for q := range l.local {
			k := &l.local[q]
			if k.op != Ge && part[q]+sMin[q][p] > k.bound {
				return true
			}
			if k.op != Le && part[q]+sMax[q][p] < k.bound {
				return true
			}
		}
		if p == np {
			if len(out) >= limit {
				return false
			}
			out = append(out, append([]uint16(nil), hand...))
			return true
		}
		for v := 0; v <= hi[p] && tot+v <= l.maxSz; v++ {
			hand[p] = uint16(v)
			for q := range l.local {
				part[q] += l.local[q].coef[p] * v
			}
			ok := rec(p+1, tot+v)
			for q := range l.local {
				part[q] -= l.local[q].coef[p] * v
			}
			if !ok {
				return false
			}
		}
		hand[p] = 0
		return true
	}
	if !rec(0, 0) {
		return nil, false
	}
	return out, true
}

// settleOne is settle for one constraint whose partial sum, with what the
// remaining cards can still add, lies in [lo, hi]: whether it can still be
// met, and whether it is met whatever happens.
func settleOne(op Op, bound, lo, hi int) (ok, done bool) {
	switch op {
	case Le:
		return lo <= bound, hi <= bound
	case Ge:
		return hi >= bound, lo >= bound
	default:
		return lo <= bound && hi >= bound, lo == hi
	}
}

// buildPacked lays out the graph as build does, when packedOK. It reports
// false, having changed nothing, when a layer has too many hands to list.
//
// A layer is laid out in two sweeps over its states: the first counts the
// edges of each state (so that the edge arrays are allocated once, at their
// size), the second writes them. Both run on every core when the layer is
// large, each worker taking a contiguous run of states; in the second,
// each worker numbers the next states it reaches in its own table, in the
// order it first reaches them, and the runs are then merged in order, so
// that the states are numbered as one worker going through the states and
// hands in order would number them: the graph does not depend on the
// number of workers.
func (cp *compiled) buildPacked(ctx context.Context, pls []playout, sls []sumLayout) (bool, error) {
	L := len(cp.layers)
	nc := len(cp.cross)
	// List every layer's hands but the last one's (it takes what is left).
	lists := make([][][]uint16, L)
	for i := 0; i+1 < L; i++ {
		if err := ctx.Err(); err != nil {
			return true, err
		}
		var ok bool
		if lists[i], ok = listHands(cp.layers[i], maxPackedHands); !ok {
			return false, nil
		}
	}
	cp.term = &glayer{ncross: nc}

	l0 := cp.layer(0)
	root := make([]uint16, l0.ncells)
	var rootK uint64
	rootTot := 0
	for j, s := range l0.cellSize {
		root[j] = uint16(s)
		rootK |= uint64(s) << pls[0].off[j]
		rootTot += s
	}
	rootSums := make([]int32, nc)
	if !cp.settle(l0, root, rootSums) {
		cp.infeasible = true
		return true, nil
	}
	l0.cardsLeft = append(l0.cardsLeft[:0], root...)
	l0.packed = []uint64{rootK}
	l0.packedSums = []uint64{sls[0].encode(rootSums)}
	l0.packedLeft = []int32{int32(rootTot)}
	l0.n = 1

	edges := 0
	for i := 0; i < L; i++ {
		if err := ctx.Err(); err != nil {
			return true, err
		}
		var err error
		if i == L-1 {
			err = cp.packedLastLayer(&pls[i], sls[i], &edges)
		} else {
			lp := cp.newLayerPlan(i, pls, sls, lists)
			err = lp.build(ctx, &edges)
		}
		if err != nil {
			return true, err
		}
	}
	if cp.term.n == 0 {
		cp.infeasible = true
	}
	return true, nil
}

// packedLastLayer lays out the last layer: its holder takes what is left,
// if that fits its size and its own constraints, and every sum settles.
func (cp *compiled) packedLastLayer(pl *playout, sl sumLayout, edges *int) error {
	L := len(cp.layers)
	l := cp.layers[L-1]
	nc := len(cp.cross)
	cur := make([]int32, nc)
	lastHand := map[uint64]int32{}
	l.edgeStart = make([]int32, 0, l.n+1)
	var dead uint64
	inLayer := make([]bool, l.ncells)
	for _, j := range l.cells {
		inLayer[j] = true
	}
	for j := 0; j < l.ncells; j++ {
		if !inLayer[j] {
			dead |= pl.mask[j]
		}
	}
states:
	for x := 0; x < l.n; x++ {
		l.edgeStart = append(l.edgeStart, int32(len(l.edgeTo)))
		r := l.packed[x]
		R := int(l.packedLeft[x])
		if r&dead != 0 || R < max(l.minSz, R-l.futMax) || R > min(l.maxSz, R-l.futMin) || !cp.localOK(l, pl, r) {
			continue
		}
		// Every sum is settled by now (the hand is forced, so the bounds
		// settle used before this layer were exact); the check is kept in
		// case that ever changes.
		if nc > 0 {
			sl.decode(l.packedSums[x], cur)
			for c := range nc {
				if cur[c] == doneSum {
					continue
				}
				s := int(cur[c])
				if cf := l.cross[c]; cf != nil {
					for p, j := range l.cells {
						s += cf[p] * pl.field(r, j)
					}
				}
				if ok, _ := settleOne(cp.cross[c].op, cp.cross[c].bound, s, s); !ok {
					continue states
				}
			}
		}
		h, ok := lastHand[r]
		if !ok {
			h = int32(len(l.hands))
			lastHand[r] = h
			hand := make([]uint16, len(l.cells))
			for p, j := range l.cells {
				hand[p] = uint16(pl.field(r, j))
			}
			l.hands = append(l.hands, hand)
		}
		if cp.term.n == 0 {
			cp.term.n = 1
			cp.term.packed = []uint64{0}
			cp.term.packedSums = []uint64{0}
			cp.term.packedLeft = []int32{0}
		}
		l.edgeTo = append(l.edgeTo, 0)
		l.edgeHand.push(h)
		*edges++
	}
	l.edgeStart = append(l.edgeStart, int32(len(l.edgeTo)))
	if *edges > cp.edgeLimit() {
		return &TooLargeError{Edges: *edges}
	}
	cp.used += int64(len(l.edgeTo)) * packedEdgeBytes
	return cp.overBudget(*edges)
}

// layerPlan is what laying out the edges of a layer (not the last) needs.
type layerPlan struct {
	cp           *compiled
	i            int
	l, nx        *glayer
	pl, pn       *playout
	sl, sn       sumLayout // the partial sums' layouts of the layer and the next
	nc           int
	forced, dead uint64
	upOff        []uint8
	hs           []phand
	need         [][]uint64                 // per cell: the hands that take some of its cards, as a bit set
	allHands     []uint64                   // every hand, as a bit set
	hsum         []int                      // per hand and constraint: what the hand adds to the partial sum
	hlo, hhi     []int                      // and what it takes from the least and greatest amounts the cards left can add
	nxMin, nxMax [][]int                    // [c][j]: least and greatest a card of cell j can add once the holder has played
	newAdmit     func() func(k uint64) bool // the later-holder test, one per worker
}

func (cp *compiled) newLayerPlan(i int, pls []playout, sls []sumLayout, lists [][][]uint16) *layerPlan {
	list := lists[i]
	l, nx := cp.layers[i], cp.layer(i+1)
	nc := len(cp.cross)
	lp := &layerPlan{cp: cp, i: i, l: l, nx: nx, pl: &pls[i], pn: &pls[i+1], sl: sls[i], sn: sls[i+1], nc: nc}
	pl, pn := lp.pl, lp.pn
	// Masks over this layer's fields: cells no later layer may take (which
	// this holder must then take entirely) and, among them, cells this
	// holder may not take either (a state with one of those left is dead).
	inLayer := make([]bool, l.ncells)
	for _, j := range l.cells {
		inLayer[j] = true
	}
	for j := 0; j < l.ncells; j++ {
		if !l.later[j] {
			lp.forced |= pl.mask[j]
			if !inLayer[j] {
				lp.dead |= pl.mask[j]
			}
		}
	}
	lp.upOff = make([]uint8, l.ncells)
	for j := range lp.upOff {
		lp.upOff[j] = pn.off[l.up[j]]
	}
	if nc > 0 && nx.coefMin != nil {
		lp.nxMin, lp.nxMax = make([][]int, nc), make([][]int, nc)
		for c := range nc {
			lp.nxMin[c], lp.nxMax[c] = make([]int, l.ncells), make([]int, l.ncells)
			for j := range l.ncells {
				lp.nxMin[c][j] = nx.coefMin[c][l.up[j]]
				lp.nxMax[c][j] = nx.coefMax[c][l.up[j]]
			}
		}
	}
	lp.hs = make([]phand, len(list))
	nw := (len(list) + 63) / 64
	lp.allHands = make([]uint64, nw)
	for t := range list {
		lp.allHands[t>>6] |= 1 << (t & 63)
	}
	lp.need = make([][]uint64, l.ncells)
	for _, j := range l.cells {
		lp.need[j] = make([]uint64, nw)
	}
	for t, hand := range list {
		for p, v := range hand {
			if v > 0 {
				lp.need[l.cells[p]][t>>6] |= 1 << (t & 63)
			}
		}
	}
	if nc > 0 {
		lp.hsum, lp.hlo, lp.hhi = make([]int, len(list)*nc), make([]int, len(list)*nc), make([]int, len(list)*nc)
	}
	for t, hand := range list {
		ph := phand{idx: int32(len(l.hands))}
		var wcel []wcell
		l.hands = append(l.hands, hand)
		for p, v := range hand {
			if v == 0 {
				continue
			}
			j := l.cells[p]
			ph.k |= uint64(v) << pl.off[j]
			ph.img += uint64(v) << lp.upOff[j]
			ph.tot += int32(v)
			if l.cellSize[j] > int(v) {
				wcel = append(wcel, wcell{int32(j), int32(v)})
			}
			for c := range nc {
				if cf := l.cross[c]; cf != nil {
					lp.hsum[t*nc+c] += cf[p] * int(v)
				}
				if lp.nxMin != nil {
					lp.hlo[t*nc+c] += lp.nxMin[c][j] * int(v)
					lp.hhi[t*nc+c] += lp.nxMax[c][j] * int(v)
				}
			}
		}
		lp.hs[t] = ph
		l.weightCells = append(l.weightCells, wcel)
	}
	if i+2 < len(cp.layers) && useAdmit {
		lp.newAdmit = cp.packedAdmitter(i+1, pls, lists)
	}
	return lp
}

// pstate is a state of the next layer, as a worker first reaches it.
type pstate struct {
	k, s uint64
	tot  int32
}

// scanner is one worker's scratch space over a layer's states.
type scanner struct {
	lp         *layerPlan
	cur        []int32
	live       []int // the unsettled constraints of the state scanned
	stLo, stHi []int
	cand       []uint64 // the hands worth testing on a state
	bad        bool     // an unsettled partial sum fell outside its field (a defect)

	// When writing edges: the worker's table of next states, those states
	// in the order it reached them, and its part of the edge arrays.
	tab         *stateTable
	keys        []pstate
	keysCharged int // len(keys) when the budget was last checked
	edgeTo      []int32
	edgeHand    edgeHands
	e           int
}

func (lp *layerPlan) newScanner() *scanner {
	return &scanner{lp: lp, cur: make([]int32, lp.nc), live: make([]int, 0, lp.nc), stLo: make([]int, lp.nc), stHi: make([]int, lp.nc),
		cand: make([]uint64, len(lp.allHands))}
}

// scan goes through the hands of state x and returns its number of edges;
// with fill set, it writes them.
func (sc *scanner) scan(x int, fill bool) int {
	lp := sc.lp
	l, pl := lp.l, lp.pl
	r := l.packed[x]
	if r&lp.dead != 0 {
		return 0
	}
	R := int(l.packedLeft[x])
	totLo := max(l.minSz, R-l.futMax)
	totHi := min(l.maxSz, R-l.futMin)
	if totLo > totHi {
		return 0
	}
	// The candidate hands: none takes a card of a cell the state has none
	// of, and each takes some of every cell no later holder may take.
	var img uint64
	cand := sc.cand
	copy(cand, lp.allHands)
	for j := 0; j < l.ncells; j++ {
		if v := r & pl.mask[j]; v != 0 {
			img += (v >> pl.off[j]) << lp.upOff[j]
			if lp.forced&pl.mask[j] != 0 && lp.need[j] != nil {
				for w, b := range lp.need[j] {
					cand[w] &= b
				}
			}
		} else if lp.need[j] != nil {
			for w, b := range lp.need[j] {
				cand[w] &^= b
			}
		}
	}
	// The constraints still unsettled in this state (most are settled
	// early: a clause is, as soon as one of its literals fails), and what
	// the cards left can add to each.
	nc := lp.nc
	live := sc.live[:0]
	if nc > 0 {
		lp.sl.decode(l.packedSums[x], sc.cur)
		for c := range nc {
			if sc.cur[c] == doneSum {
				continue
			}
			live = append(live, c)
			sc.stLo[c], sc.stHi[c] = 0, 0
			if lp.nxMin == nil {
				continue
			}
			for j := 0; j < l.ncells; j++ {
				if n := pl.field(r, j); n != 0 {
					sc.stLo[c] += n * lp.nxMin[c][j]
					sc.stHi[c] += n * lp.nxMax[c][j]
				}
			}
		}
		sc.live = live
	}
	sn := &lp.sn
	rg := r | pl.g
	cnt := 0
	for w, word := range cand {
	hands:
		for ; word != 0; word &= word - 1 {
			t := w<<6 | bits.TrailingZeros64(word)
			ph := &lp.hs[t]
			left := rg - ph.k
			if left&pl.g != pl.g || left&lp.forced != 0 || int(ph.tot) < totLo || int(ph.tot) > totHi {
				continue
			}
			var sk uint64
			for _, c := range live {
				s := int(sc.cur[c]) + lp.hsum[t*nc+c]
				k := &lp.cp.cross[c]
				good, done := settleOne(k.op, k.bound, s+sc.stLo[c]-lp.hlo[t*nc+c], s+sc.stHi[c]-lp.hhi[t*nc+c])
				if !good {
					continue hands
				}
				if !done {
					d := s - sn.lo[c]
					if d < 0 || uint64(d) >= sn.mask[c] {
						sc.bad = true
						continue hands
					}
					sk |= uint64(d+1) << sn.off[c]
				}
			}
			cnt++
			if !fill {
				continue
			}
			nk := img - ph.img
			y, added := sc.tab.getOrPut(nk, sk, int32(len(sc.keys)))
			if added {
				sc.keys = append(sc.keys, pstate{nk, sk, int32(R) - ph.tot})
			}
			sc.edgeTo[sc.e] = y
			sc.edgeHand.set(int32(sc.e), ph.idx)
			sc.e++
		}
	}
	return cnt
}

// parallelBuildMin is the least number of (state, hand) pairs worth
// splitting a layer among workers for.
var parallelBuildMin = 1 << 16

// build lays out the layer's edges and the next layer's states.
func (lp *layerPlan) build(ctx context.Context, edges *int) error {
	l, nx := lp.l, lp.nx
	n := l.n
	k := 1
	if n*len(lp.hs) >= parallelBuildMin {
		k = max(1, min(runtime.GOMAXPROCS(0), n))
	}
	scs := make([]*scanner, k)
	for w := range scs {
		scs[w] = lp.newScanner()
	}
	// Count the edges of every state, the workers taking runs of states
	// in turn (states differ in their numbers of edges).
	cnt := make([]int32, n+1)
	var nextRun atomic.Int64
	// Runs of 256 states, fewer when a state has many hands to try, so
	// that a cancelled context is seen within milliseconds.
	run := int64(max(1, min(256, (1<<15)/max(1, len(lp.hs)))))
	err := runChunks(k, func(w int) error {
		sc := scs[w]
		for {
			lo := int(nextRun.Add(run) - run)
			if lo >= n {
				return nil
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			for x := lo; x < min(lo+int(run), n); x++ {
				cnt[x+1] = int32(sc.scan(x, false))
			}
		}
	})
	if err != nil {
		return err
	}
	total := 0
	for x := 1; x <= n; x++ {
		total += int(cnt[x])
		if *edges+total > lp.cp.edgeLimit() {
			return &TooLargeError{Edges: *edges + total}
		}
		cnt[x] = int32(total)
	}
	*edges += total
	lp.cp.used += int64(total) * packedEdgeBytes
	if err := lp.cp.overBudget(*edges); err != nil {
		return err
	}
	l.edgeStart = cnt
	l.edgeTo = make([]int32, total)
	l.edgeHand = makeEdgeHands(total, len(l.hands))
	// Write them, in runs of about equal numbers of edges.
	bound := edgeRuns(cnt, k)
	var temp, keysBytes atomic.Int64 // the working memory of the workers' tables and states
	err = runChunks(k, func(w int) error {
		sc := scs[w]
		lo, hi := bound[w], bound[w+1]
		a, b := cnt[lo], cnt[hi]
		sc.edgeTo, sc.edgeHand = l.edgeTo[a:b], l.edgeHand.slice(a, b)
		// As many next states as states is a fair first guess; the
		// table grows as needed.
		hint := min(int(b-a), hi-lo)
		sc.tab = newStateTable(hint, lp.nc > 0)
		// When it is full, the states to come are guessed from the rate
		// at which the edges so far found new ones.
		sc.tab.guess = func() int { return int(int64(sc.tab.n) * int64(len(sc.edgeTo)) / int64(sc.e+1)) }
		sc.tab.charged = &temp
		temp.Add(sc.tab.bytes())
		sc.keys = pstateSlab.get(hint)[:0]
		var tk ticker
		for x := lo; x < hi; x++ {
			if tk.due(len(lp.hs)) {
				if err := ctx.Err(); err != nil {
					return err
				}
				// The tables and the states reached so far are the
				// layer's working memory.
				if lp.cp.used+temp.Load()+keysBytes.Add(int64(len(sc.keys)-sc.keysCharged)*pstateBytes) > lp.cp.budget {
					return &TooLargeError{Bytes: lp.cp.used + temp.Load() + keysBytes.Load(), Budget: lp.cp.budget, Edges: *edges}
				}
				sc.keysCharged = len(sc.keys)
			}
			sc.scan(x, true)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, sc := range scs {
		if sc.bad {
			return errSumField
		}
	}
	// Merge: the first run's numbering stands; every later run's new
	// states follow, in the order that run reached them.
	g := scs[0].tab
	keys := scs[0].keys
	remaps := make([][]int32, k)
	for w := 1; w < k; w++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		sc := scs[w]
		rm := make([]int32, len(sc.keys))
		for t, st := range sc.keys {
			y, added := g.getOrPut(st.k, st.s, int32(len(keys)))
			if added {
				keys = append(keys, st)
			}
			rm[t] = y
		}
		remaps[w] = rm
		sc.tab.release()
		pstateSlab.put(sc.keys)
		sc.tab, sc.keys = nil, nil
	}
	g.release()
	scs[0].tab = nil
	if k > 1 {
		err = runChunks(k, func(w int) error {
			if rm := remaps[w]; rm != nil {
				for e, y := range scs[w].edgeTo {
					scs[w].edgeTo[e] = rm[y]
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	// New states may be refused (tested in order, after the merge, so
	// the result does not depend on the workers); their edges go.
	if lp.newAdmit != nil {
		ok := make([]bool, len(keys))
		ka := k
		if len(keys) < 1024 {
			ka = 1
		}
		err := runChunks(ka, func(w int) error {
			admit := lp.newAdmit()
			var tk ticker
			for t := len(keys) * w / ka; t < len(keys)*(w+1)/ka; t++ {
				if tk.due(len(lp.hs)) && ctx.Err() != nil {
					return ctx.Err()
				}
				ok[t] = admit(keys[t].k)
			}
			return nil
		})
		if err != nil {
			return err
		}
		rm := make([]int32, len(keys))
		kept := keys[:0]
		for t, st := range keys {
			rm[t] = -1
			if ok[t] {
				rm[t] = int32(len(kept))
				kept = append(kept, st)
			}
		}
		if len(kept) < len(keys) { // else every edge stays where it is
			l.compactEdges(rm)
			*edges -= total - len(l.edgeTo)
		}
		keys = kept
	}
	// The next layer's states.
	pn := lp.pn
	lp.cp.used += int64(len(keys)) * int64(packedStateBytes+2*nx.ncells)
	if err := lp.cp.overBudget(*edges); err != nil {
		return err
	}
	nx.n = len(keys)
	statesBuilt.Add(int64(len(keys)))
	nx.packed = make([]uint64, len(keys))
	nx.packedSums = make([]uint64, len(keys))
	nx.packedLeft = make([]int32, len(keys))
	nx.cardsLeft = make([]uint16, len(keys)*nx.ncells)
	for y, st := range keys {
		nx.packed[y], nx.packedSums[y], nx.packedLeft[y] = st.k, st.s, st.tot
		row := nx.cardsLeft[y*nx.ncells : (y+1)*nx.ncells]
		for j := range row {
			row[j] = uint16(pn.field(st.k, j))
		}
	}
	pstateSlab.put(keys)
	return nil
}

// compactEdges renumbers the targets of l's edges by rm and drops those
// mapped to -1.
func (l *glayer) compactEdges(rm []int32) {
	out := 0
	start := int32(0)
	for x := 0; x < l.n; x++ {
		a, b := start, l.edgeStart[x+1]
		start = b
		l.edgeStart[x] = int32(out)
		for e := a; e < b; e++ {
			y := rm[l.edgeTo[e]]
			if y < 0 {
				continue
			}
			l.edgeTo[out] = y
			l.edgeHand.set(int32(out), l.edgeHand.at(e))
			if l.edgeWeight != nil {
				l.edgeWeight[out] = l.edgeWeight[e]
			}
			out++
		}
	}
	l.edgeStart[l.n] = int32(out)
	l.edgeTo, l.edgeHand = l.edgeTo[:out:out], l.edgeHand.slice(0, int32(out))
	if l.edgeWeight != nil {
		l.edgeWeight = l.edgeWeight[:out:out]
	}
}

// runChunks runs f(0) ... f(k-1), on goroutines when k > 1.
func runChunks(k int, f func(w int) error) error {
	if k == 1 {
		return f(0)
	}
	var wg sync.WaitGroup
	errs := make([]error, k)
	for w := range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = f(w)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// localOK checks the holder's own constraints on the packed hand k.
func (cp *compiled) localOK(l *glayer, pl *playout, k uint64) bool {
	for q := range l.local {
		c := &l.local[q]
		s := 0
		for p, j := range l.cells {
			if c.coef[p] != 0 {
				s += c.coef[p] * pl.field(k, j)
			}
		}
		if !c.ok(s) {
			return false
		}
	}
	return true
}

// packedAdmitter is admitter for packed states of layer i: for every later
// layer but the last, some listed hand must fit in what is left as that
// layer sees it (exact, with the fit test and candidate bit sets of the
// builder). The last layer is not tested: a search for its hand cost more
// than it saved (four-player Deduce or Die). It returns a maker of tests,
// one per goroutine (each has its own scratch space).
func (cp *compiled) packedAdmitter(i int, pls []playout, lists [][][]uint16) func() func(k uint64) bool {
	L := len(cp.layers)
	type fut struct {
		shift []uint8 // per cell of layer i: its field's offset in layer t
		fit   *fitter
	}
	li := cp.layers[i]
	pi := &pls[i]
	var fs []fut
	for t := i + 1; t < L-1; t++ {
		f := fut{shift: make([]uint8, li.ncells), fit: newFitter(cp.layers[t], &pls[t], lists[t])}
		for j := range f.shift {
			k := j
			for u := i; u < t; u++ {
				k = cp.layers[u].up[k]
			}
			f.shift[j] = pls[t].off[k]
		}
		fs = append(fs, f)
	}
	return func() func(k uint64) bool {
		cands := make([][]uint64, len(fs))
		for fi := range fs {
			cands[fi] = make([]uint64, len(fs[fi].fit.all))
		}
		return func(k uint64) bool {
			for fi := range fs {
				f := &fs[fi]
				var key uint64
				for j := 0; j < li.ncells; j++ {
					if v := k & pi.mask[j]; v != 0 {
						key += (v >> pi.off[j]) << f.shift[j]
					}
				}
				if !f.fit.any(key, cands[fi]) {
					return false
				}
			}
			return true
		}
	}
}

// fitter tells whether some listed hand of a layer fits in a packed state.
type fitter struct {
	pl   *playout
	hk   []uint64   // the hands, packed
	need [][]uint64 // per cell: the hands taking some of its cards (nil when none does)
	all  []uint64
}

func newFitter(l *glayer, pl *playout, list [][]uint16) *fitter {
	nw := (len(list) + 63) / 64
	f := &fitter{pl: pl, hk: make([]uint64, len(list)), need: make([][]uint64, l.ncells), all: make([]uint64, nw)}
	for t, hand := range list {
		f.all[t>>6] |= 1 << (t & 63)
		for p, v := range hand {
			if v == 0 {
				continue
			}
			j := l.cells[p]
			f.hk[t] |= uint64(v) << pl.off[j]
			if f.need[j] == nil {
				f.need[j] = make([]uint64, nw)
			}
			f.need[j][t>>6] |= 1 << (t & 63)
		}
	}
	return f
}

// any reports whether some hand fits in state k, using cand (as long as
// all) as scratch space.
func (f *fitter) any(k uint64, cand []uint64) bool {
	copy(cand, f.all)
	for j, nd := range f.need {
		if nd != nil && k&f.pl.mask[j] == 0 {
			for w, b := range nd {
				cand[w] &^= b
			}
		}
	}
	kg := k | f.pl.g
	for w, word := range cand {
		for ; word != 0; word &= word - 1 {
			if (kg-f.hk[w<<6|bits.TrailingZeros64(word)])&f.pl.g == f.pl.g {
				return true
			}
		}
	}
	return false
}

// useAdmit turns on the later-holder test of new states in the packed
// builder (tests compare both ways). It pays: on six-player Deduce or Die
// prefixes it removes about a third of the edges, for less than it saves.
var useAdmit = true
