package solver

import (
	"context"
	"math/bits"
)

// This file is the fast way to lay out the counting graph, used whenever the
// counts of a state of every layer pack into one uint64 (at most 32 free
// cards always do) and the partial sums of the constraints that span
// several holders pack into a second one. It builds exactly the graph that
// build would (the same states, edges and hands, possibly in another
// order), but:
//
//   - a state is a uint64 in which every cell's count has its own field with
//     a guard bit above it, so "the hand fits in what is left" is one
//     subtraction and one mask (a borrow clears a guard bit);
//   - the layer's valid hands (its size and its own constraints) are listed
//     once, each with its packed form and its packed image in the next
//     layer's partition; forgetting is linear, so the next state is the
//     image of what is left minus the image of the hand;
//   - new states of a layer are tested once, and the test of a later
//     holder's chances is remembered by packed projected counts;
//   - a multi-holder constraint's partial sum is a field of the second word
//     (0 when the constraint is settled, else the sum minus its least
//     possible value plus one); a hand adds a fixed amount to it, and the
//     least and greatest amounts the cards left after a hand can still add
//     are linear in the state and the hand, so settle costs a few additions
//     per constraint.

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
	k    uint64 // the hand, packed in the layer's layout
	img  uint64 // its image in the next layer's layout
	tot  int32  // number of cards
	idx  int32  // index in the layer's hands
	wcel []wcell
}

// wcell is a cell of which a hand takes k cards out of a cell that may
// hold more than k: the edge weight has a binomial for it.
type wcell struct {
	j int32
	k int32
}

// sumLayout packs the partial sums of the multi-holder constraints into a
// uint64: constraint c has a field of width bits at off[c] holding 0 when
// it is settled (done), else its partial sum minus lo[c] plus one.
type sumLayout struct {
	off  []uint8
	mask []uint64 // field value bits, not shifted
	lo   []int
}

// newSumLayout sizes the fields from the least and greatest partial sum
// each constraint can reach: every free card adds, at most once, one of the
// coefficients of the holders it may have (0 for a holder not in the
// constraint).
func newSumLayout(cp *compiled) (sumLayout, bool) {
	nc := len(cp.cross)
	sl := sumLayout{off: make([]uint8, nc), mask: make([]uint64, nc), lo: make([]int, nc)}
	if nc == 0 || len(cp.layers) == 0 {
		return sl, true
	}
	l0 := cp.layers[0]
	nb := 0
	for c := range cp.cross {
		lo, hi := 0, 0
		for j, n := range l0.csize {
			lo += n * min(0, l0.cmin[c][j])
			hi += n * max(0, l0.cmax[c][j])
		}
		w := bits.Len(uint(hi - lo + 1))
		if nb+w > 64 {
			return sl, false
		}
		sl.off[c], sl.mask[c], sl.lo[c] = uint8(nb), uint64(1)<<w-1, lo
		nb += w
	}
	return sl, true
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
// layouts of every layer and of the terminal layer, and of the partial
// sums.
func (cp *compiled) packedOK() ([]playout, sumLayout, bool) {
	L := len(cp.layers)
	pls := make([]playout, L+1)
	for i := 0; i < L; i++ {
		var ok bool
		if pls[i], ok = newPLayout(cp.layers[i].csize); !ok {
			return nil, sumLayout{}, false
		}
	}
	pls[L], _ = newPLayout(nil)
	sl, ok := newSumLayout(cp)
	if !ok {
		return nil, sumLayout{}, false
	}
	return pls, sl, true
}

// listHands lists the hands of layer l that fit its size and its own
// constraints whatever the state (nil, false beyond limit).
func listHands(l *glayer, limit int) ([][]uint16, bool) {
	np := len(l.cells)
	hi := make([]int, np)
	for p, j := range l.cells {
		hi[p] = l.csize[j]
	}
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
func (cp *compiled) buildPacked(ctx context.Context, pls []playout, sl sumLayout) (bool, error) {
	L := len(cp.layers)
	nc := len(cp.cross)
	all := append(append([]*glayer(nil), cp.layers...), &glayer{})
	// List every layer's hands but the last one's (it takes what is left).
	lists := make([][][]uint16, L)
	for i := 0; i+1 < L; i++ {
		var ok bool
		if lists[i], ok = listHands(cp.layers[i], maxPackedHands); !ok {
			return false, nil
		}
	}
	cp.term = &glayer{ncross: nc}
	all[L] = cp.term

	l0 := all[0]
	root := make([]uint16, l0.ncells)
	var rootK uint64
	rootTot := 0
	for j, s := range l0.csize {
		root[j] = uint16(s)
		rootK |= uint64(s) << pls[0].off[j]
		rootTot += s
	}
	rootSums := make([]int32, nc)
	if !cp.settle(l0, root, rootSums) {
		cp.infeasible = true
		return true, nil
	}
	l0.r = append(l0.r[:0], root...)
	l0.pk = []uint64{rootK}
	l0.psk = []uint64{sl.encode(rootSums)}
	l0.ptot = []int32{int32(rootTot)}
	l0.n = 1

	cur := make([]int32, nc) // a state's partial sums
	ns := make([]int32, nc)  // after a hand
	stLo := make([]int, nc)  // least the state's cards can add later, per constraint
	stHi := make([]int, nc)  // greatest
	edges := 0
	for i := 0; i < L; i++ {
		l, nx := all[i], all[i+1]
		pl, pn := &pls[i], &pls[i+1]
		// Masks over this layer's fields: cells no later layer may take
		// (which this holder must then take entirely) and, among them,
		// cells this holder may not take either (a state with one of those
		// left is dead).
		var forced, dead uint64
		inLayer := make([]bool, l.ncells)
		for _, j := range l.cells {
			inLayer[j] = true
		}
		for j := 0; j < l.ncells; j++ {
			if !l.fut[j] {
				forced |= pl.mask[j]
				if !inLayer[j] {
					dead |= pl.mask[j]
				}
			}
		}
		upOff := make([]uint8, l.ncells)
		for j := range upOff {
			if l.up != nil {
				upOff[j] = pn.off[l.up[j]]
			}
		}
		// What a card of each cell of this layer can still add to each
		// constraint once this holder has played (the next layer's bounds).
		var nxMin, nxMax [][]int // [c][j]
		if nc > 0 && nx.cmin != nil {
			nxMin, nxMax = make([][]int, nc), make([][]int, nc)
			for c := range nc {
				nxMin[c], nxMax[c] = make([]int, l.ncells), make([]int, l.ncells)
				for j := range l.ncells {
					nxMin[c][j] = nx.cmin[c][l.up[j]]
					nxMax[c][j] = nx.cmax[c][l.up[j]]
				}
			}
		}
		var hs []phand
		var hsum, hlo, hhi []int // per hand and constraint: what the hand adds, and takes from the later bounds
		last := i == L-1
		if !last {
			hs = make([]phand, len(lists[i]))
			if nc > 0 {
				hsum, hlo, hhi = make([]int, len(hs)*nc), make([]int, len(hs)*nc), make([]int, len(hs)*nc)
			}
			for t, hand := range lists[i] {
				ph := phand{idx: int32(len(l.hands))}
				l.hands = append(l.hands, hand)
				for p, v := range hand {
					if v == 0 {
						continue
					}
					j := l.cells[p]
					ph.k |= uint64(v) << pl.off[j]
					ph.img += uint64(v) << upOff[j]
					ph.tot += int32(v)
					if l.csize[j] > int(v) {
						ph.wcel = append(ph.wcel, wcell{int32(j), int32(v)})
					}
					for c := range nc {
						if cf := l.cross[c]; cf != nil {
							hsum[t*nc+c] += cf[p] * int(v)
						}
						if nxMin != nil {
							hlo[t*nc+c] += nxMin[c][j] * int(v)
							hhi[t*nc+c] += nxMax[c][j] * int(v)
						}
					}
				}
				hs[t] = ph
			}
		}
		next := newPackedBuilder(nx, pn)
		if i+2 < L && useAdmit {
			next.admit = cp.packedAdmitter(i+1, pls)
		}
		l.edgeStart = make([]int32, 0, l.n+1)
		lastHand := map[uint64]int32{}
		for x := 0; x < l.n; x++ {
			if x&1023 == 0 {
				if err := ctx.Err(); err != nil {
					return true, err
				}
			}
			l.edgeStart = append(l.edgeStart, int32(len(l.eTo)))
			r := l.pk[x]
			if r&dead != 0 {
				continue
			}
			R := int(l.ptot[x])
			totLo := max(l.minSz, R-l.futMax)
			totHi := min(l.maxSz, R-l.futMin)
			if totLo > totHi {
				continue
			}
			var img uint64
			for j := 0; j < l.ncells; j++ {
				if v := r & pl.mask[j]; v != 0 {
					img += (v >> pl.off[j]) << upOff[j]
				}
			}
			if nc > 0 {
				sl.decode(l.psk[x], cur)
				for c := range nc {
					stLo[c], stHi[c] = 0, 0
					if nxMin == nil {
						continue
					}
					for j := 0; j < l.ncells; j++ {
						if n := pl.field(r, j); n != 0 {
							stLo[c] += n * nxMin[c][j]
							stHi[c] += n * nxMax[c][j]
						}
					}
				}
			}
			if last {
				// The hand is what is left: check the holder's size and
				// own constraints.
				if R < totLo || R > totHi || !cp.localOK(l, pl, r) {
					continue
				}
				// Every sum is settled by now (the hand is forced, so the
				// bounds settle used before this layer were exact); the
				// check below is kept in case that ever changes.
				if nc > 0 {
					ok := true
					for c := range nc {
						s := int(cur[c])
						if cur[c] == doneSum {
							continue
						}
						if cf := l.cross[c]; cf != nil {
							for p, j := range l.cells {
								s += cf[p] * pl.field(r, j)
							}
						}
						if good, _ := settleOne(cp.cross[c].op, cp.cross[c].bound, s, s); !good {
							ok = false
							break
						}
					}
					if !ok {
						continue
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
				y := next.add(0, 0, 0)
				if y >= 0 {
					l.eTo = append(l.eTo, y)
					l.eHand = append(l.eHand, h)
					l.eW = append(l.eW, 1)
					edges++
				}
				continue
			}
			rg := r | pl.g
		hands:
			for t := range hs {
				ph := &hs[t]
				if int(ph.tot) < totLo || int(ph.tot) > totHi {
					continue
				}
				left := rg - ph.k
				if left&pl.g != pl.g || left&forced != 0 {
					continue
				}
				var sk uint64
				if nc > 0 {
					for c := range nc {
						if cur[c] == doneSum {
							ns[c] = doneSum
							continue
						}
						s := int(cur[c]) + hsum[t*nc+c]
						good, done := settleOne(cp.cross[c].op, cp.cross[c].bound,
							s+stLo[c]-hlo[t*nc+c], s+stHi[c]-hhi[t*nc+c])
						if !good {
							continue hands
						}
						if done {
							ns[c] = doneSum
						} else {
							ns[c] = int32(s)
						}
					}
					sk = sl.encode(ns)
				}
				y := next.add(img-ph.img, sk, R-int(ph.tot))
				if y < 0 {
					continue
				}
				w := uint64(1)
				for _, wc := range ph.wcel {
					n := pl.field(r, int(wc.j))
					if int(wc.k) == n || w == 0 {
						continue
					}
					b, fits := binomU64(n, int(wc.k))
					hi, lo := bits.Mul64(w, b)
					if !fits || hi != 0 {
						w = 0
					} else {
						w = lo
					}
				}
				l.eTo = append(l.eTo, y)
				l.eHand = append(l.eHand, ph.idx)
				l.eW = append(l.eW, w)
				edges++
			}
			if edges > maxEdges {
				return true, errTooLarge
			}
		}
		l.edgeStart = append(l.edgeStart, int32(len(l.eTo)))
		l.handIdx = nil
	}
	if cp.term.n == 0 {
		cp.infeasible = true
	}
	return true, nil
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

// pkey is a packed state: counts and partial sums.
type pkey struct{ k, s uint64 }

// packedBuilder collects the distinct states of a layer in packed form.
type packedBuilder struct {
	l     *glayer
	pl    *playout
	idx   map[pkey]int32
	admit func(k uint64) bool
}

func newPackedBuilder(l *glayer, pl *playout) *packedBuilder {
	return &packedBuilder{l: l, pl: pl, idx: map[pkey]int32{}}
}

// add returns the index of state (k, s) (tot cards), -1 when it is dead.
func (b *packedBuilder) add(k, s uint64, tot int) int32 {
	if x, ok := b.idx[pkey{k, s}]; ok {
		return x
	}
	x := int32(-1)
	if b.admit == nil || b.admit(k) {
		l := b.l
		x = int32(l.n)
		for j := 0; j < l.ncells; j++ {
			l.r = append(l.r, uint16(b.pl.field(k, j)))
		}
		l.pk = append(l.pk, k)
		l.psk = append(l.psk, s)
		l.ptot = append(l.ptot, int32(tot))
		l.n++
	}
	b.idx[pkey{k, s}] = x
	return x
}

// packedAdmitter is admitter for packed states of layer i.
func (cp *compiled) packedAdmitter(i int, pls []playout) func(k uint64) bool {
	L := len(cp.layers)
	type fut struct {
		l     *glayer
		shift []uint8 // per cell of layer i: its field's offset in layer t
		proj  []uint16
		memo  map[uint64]bool
	}
	li := cp.layers[i]
	pi := &pls[i]
	var fs []fut
	for t := i + 1; t < L; t++ {
		f := fut{l: cp.layers[t], shift: make([]uint8, li.ncells), proj: make([]uint16, cp.layers[t].ncells), memo: map[uint64]bool{}}
		for j := range f.shift {
			k := j
			for u := i; u < t; u++ {
				k = cp.layers[u].up[k]
			}
			f.shift[j] = pls[t].off[k]
		}
		fs = append(fs, f)
	}
	var pk picker
	return func(k uint64) bool {
		for fi := range fs {
			f := &fs[fi]
			var key uint64
			for j := 0; j < li.ncells; j++ {
				if v := k & pi.mask[j]; v != 0 {
					key += (v >> pi.off[j]) << f.shift[j]
				}
			}
			ok, seen := f.memo[key]
			if !seen {
				pt := &pls[f.l.index(cp)]
				for j := range f.proj {
					f.proj[j] = uint16(pt.field(key, j))
				}
				ok = pk.can(f.l, f.proj)
				f.memo[key] = ok
			}
			if !ok {
				return false
			}
		}
		return true
	}
}

// index is the position of layer l in cp.layers.
func (l *glayer) index(cp *compiled) int {
	return cp.holderLayer[l.holder]
}

var useAdmit = false
