package count

import (
	"context"
	"encoding/binary"
	"math"
	"math/bits"
)

// settle checks the multi-holder constraints of a state of layer l (the
// terminal layer when l has no cells) against the least and greatest
// contributions its remaining cards can still make: it reports false when
// one can no longer be met, and marks as done those that are met whatever
// happens next (so that states differing only in such sums merge).
func (cp *compiled) settle(l *glayer, r []uint16, sums []int32) bool {
	for c := range cp.cross {
		s := sums[c]
		if s == doneSum {
			continue
		}
		cc := &cp.cross[c]
		lo, hi := int(s), int(s)
		if l.coefMin != nil {
			cmin, cmax := l.coefMin[c], l.coefMax[c]
			for j, n := range r {
				if n != 0 {
					lo += int(n) * cmin[j]
					hi += int(n) * cmax[j]
				}
			}
		}
		switch cc.op {
		case Le:
			if lo > cc.bound {
				return false
			}
			if hi <= cc.bound {
				sums[c] = doneSum
			}
		case Ge:
			if hi < cc.bound {
				return false
			}
			if lo >= cc.bound {
				sums[c] = doneSum
			}
		default:
			if lo > cc.bound || hi < cc.bound {
				return false
			}
			if lo == hi {
				sums[c] = doneSum
			}
		}
	}
	return true
}

// layerBuilder collects the distinct states of one layer, keyed by their
// packed form: a uint64 when it fits, else a string.
type layerBuilder struct {
	l     *glayer
	width []int // bits per cell
	small bool  // keys fit in a uint64
	idx64 map[uint64]int32
	idx   map[string]int32
	buf   []byte
	// admit, when set, is asked about every new state: a state it refuses
	// is recorded as dead (index -1).
	admit func(r []uint16) bool
	// charge, when set, is what the graph takes, in bytes: every new state
	// adds its own.
	charge *int64
}

func newLayerBuilder(l *glayer, sizes []int, ncross int) *layerBuilder {
	lb := &layerBuilder{l: l, width: make([]int, len(sizes))}
	nb := 0
	for j, s := range sizes {
		lb.width[j] = bits.Len(uint(s))
		nb += lb.width[j]
	}
	lb.small = nb <= 64 && ncross == 0
	if lb.small {
		lb.idx64 = map[uint64]int32{}
	} else {
		lb.idx = map[string]int32{}
	}
	return lb
}

func (lb *layerBuilder) add(r []uint16, sums []int32) int32 {
	if lb.small {
		var key uint64
		nb := 0
		for j, v := range r {
			key |= uint64(v) << nb
			nb += lb.width[j]
		}
		if x, ok := lb.idx64[key]; ok {
			return x
		}
		x := lb.push(r, sums)
		lb.idx64[key] = x // -1 for a dead state
		return x
	}
	b := lb.buf[:0]
	var acc uint64
	nb := 0
	for j, v := range r {
		acc |= uint64(v) << nb
		nb += lb.width[j]
		for nb >= 8 {
			b = append(b, byte(acc))
			acc >>= 8
			nb -= 8
		}
	}
	if nb > 0 {
		b = append(b, byte(acc))
	}
	for _, s := range sums {
		b = binary.LittleEndian.AppendUint32(b, uint32(s))
	}
	lb.buf = b
	if x, ok := lb.idx[string(b)]; ok {
		return x
	}
	x := lb.push(r, sums)
	lb.idx[string(b)] = x
	return x
}

func (lb *layerBuilder) push(r []uint16, sums []int32) int32 {
	if lb.admit != nil && !lb.admit(r) {
		return -1
	}
	x := int32(lb.l.n)
	lb.l.cardsLeft = append(lb.l.cardsLeft, r...)
	lb.l.sums = append(lb.l.sums, sums...)
	lb.l.n++
	if lb.charge != nil {
		*lb.charge += int64(2*len(r)+4*len(sums)+len(lb.buf)) + genericStateBytes
	}
	return x
}

// usePacked lets build use buildPacked when it applies (tests compare the
// two builders).
var usePacked = true

// checkEvery is how many edges or states a builder lays out between two
// looks at its context and its memory budget.
const checkEvery = 1 << 12

// build lays out the states and edges of every layer, from the root: with
// buildPacked when every layer's states pack into machine words, else
// with the generic builder, which lays out each layer in turn
// (genericBuilder.layer), each state of it in turn (genericBuilder.state),
// each hand of that state in turn (genericBuilder.emit).
func (cp *compiled) build(ctx context.Context) error {
	if pls, sl, ok := cp.packedOK(); ok && usePacked {
		if done, err := cp.buildPacked(ctx, pls, sl); done {
			return err
		}
	}
	L := len(cp.layers)
	ncross := len(cp.cross)
	cp.term = &glayer{ncross: ncross}
	l0 := cp.layer(0)
	root := make([]uint16, l0.ncells)
	for j, s := range l0.cellSize {
		root[j] = uint16(s)
	}
	rootSums := make([]int32, ncross)
	if !cp.settle(l0, root, rootSums) {
		cp.infeasible = true
		return nil
	}
	newLayerBuilder(l0, l0.cellSize, ncross).add(root, rootSums)
	b := &genericBuilder{ctx: ctx, cp: cp, nextSums: make([]int32, ncross)}
	for i := 0; i < L; i++ {
		if err := b.layer(i); err != nil {
			return err
		}
	}
	if cp.term.n == 0 {
		cp.infeasible = true
	}
	return nil
}

// genericBuilder lays out the graph one layer at a time, one state at a
// time: it searches the hands of the layer's holder that fit what the state
// has left (over a trie of the hands that fit the holder's own constraints
// when there is one), and emits an edge to the next state for each.
type genericBuilder struct {
	ctx   context.Context
	cp    *compiled
	edges int // edges laid out so far
	since int // edges and states laid out since the last check

	// The layer being laid out.
	l, nx   *glayer
	next    *layerBuilder // the next layer's states
	inLayer []int         // per cell: its position in l.cells, -1 when the holder may not take it
	trie    []tnode       // the hands fitting the holder's own constraints, or nil
	np      int           // len(l.cells)

	// The state being laid out.
	left         []uint16 // its cards left per cell
	sums         []int32  // its partial sums
	totLo, totHi int      // the range of its holder's hand size
	lo, hi       []int    // per position in l.cells: the least and most the hand may take
	sufLo, sufHi []int    // their sums from each position on
	sMin, sMax   [][]int  // per own constraint: the least and greatest contribution from each position on
	part         []int    // per own constraint: the sum of the hand so far

	// The hand being emitted, the next state it leads to, and scratch.
	hand     []uint16
	nextLeft []uint16
	nextSums []int32
	handKey  []byte
	err      error // set when the work must stop
}

// check looks at the context and the memory budget, every checkEvery
// edges or states laid out; it records why the work must stop.
func (b *genericBuilder) check() bool {
	if b.since++; b.since < checkEvery {
		return b.err == nil
	}
	b.since = 0
	if b.err == nil {
		if err := b.ctx.Err(); err != nil {
			b.err = err
		} else if b.edges > b.cp.edgeLimit() {
			b.err = &TooLargeError{Edges: b.edges}
		} else {
			b.err = b.cp.overBudget(b.edges)
		}
	}
	return b.err == nil
}

// layer lays out the edges of layer i and the states of layer i+1.
func (b *genericBuilder) layer(i int) error {
	cp := b.cp
	L := len(cp.layers)
	l, nx := cp.layer(i), cp.layer(i+1)
	b.l, b.nx = l, nx
	b.nextLeft = make([]uint16, nx.ncells)
	b.next = newLayerBuilder(nx, nx.cellSize, len(cp.cross))
	b.next.charge = &cp.used
	if i+2 < L {
		b.next.admit = cp.admitter(i + 1)
	}
	np := len(l.cells)
	b.np = np
	b.lo, b.hi = grow(b.lo, np), grow(b.hi, np)
	b.sufLo, b.sufHi = grow(b.sufLo, np+1), grow(b.sufHi, np+1)
	b.hand = growU(b.hand, np)
	b.part = grow(b.part, len(l.local))
	for len(b.sMin) < len(l.local) {
		b.sMin = append(b.sMin, nil)
		b.sMax = append(b.sMax, nil)
	}
	for q := range l.local {
		b.sMin[q], b.sMax[q] = grow(b.sMin[q], np+1), grow(b.sMax[q], np+1)
	}
	l.edgeStart = make([]int32, 0, l.n+1)
	b.inLayer = make([]int, l.ncells)
	for j := range b.inLayer {
		b.inLayer[j] = -1
	}
	for p, j := range l.cells {
		b.inLayer[j] = p
	}
	b.trie = buildTrie(l, l.n > 1)
	for x := 0; x < l.n; x++ {
		l.edgeStart = append(l.edgeStart, int32(len(l.edgeTo)))
		if !b.check() {
			return b.err
		}
		if b.state(x) {
			if b.trie != nil {
				b.walk(0, 0, 0)
			} else {
				b.search(0, 0)
			}
		}
		if b.err != nil {
			return b.err
		}
		if b.edges > cp.edgeLimit() {
			return &TooLargeError{Edges: b.edges}
		}
	}
	l.edgeStart = append(l.edgeStart, int32(len(l.edgeTo)))
	l.handIdx = nil
	statesBuilt.Add(int64(nx.n))
	return nil
}

// state prepares the search of the hands of state x: what each position
// may take, and the bounds that prune the search. It reports false when
// the state has no hand (a card left that no later holder may take and
// this one may not either, or no hand size that fits).
func (b *genericBuilder) state(x int) bool {
	l := b.l
	r := l.state(x)
	b.left, b.sums = r, l.stateSums(x)
	R := 0
	for j, v := range r {
		R += int(v)
		if v > 0 && !l.later[j] && b.inLayer[j] < 0 {
			return false
		}
	}
	b.totLo = max(l.minSz, R-l.futMax)
	b.totHi = min(l.maxSz, R-l.futMin)
	if b.totLo > b.totHi {
		return false
	}
	np := b.np
	lo, hi := b.lo, b.hi
	for p, j := range l.cells {
		hi[p] = int(r[j])
		if l.later[j] {
			lo[p] = 0
		} else {
			lo[p] = hi[p]
		}
	}
	b.sufLo[np], b.sufHi[np] = 0, 0
	for p := np - 1; p >= 0; p-- {
		b.sufLo[p] = b.sufLo[p+1] + lo[p]
		b.sufHi[p] = b.sufHi[p+1] + hi[p]
	}
	for q, k := range l.local {
		sMin, sMax := b.sMin[q], b.sMax[q]
		sMin[np], sMax[np] = 0, 0
		for p := np - 1; p >= 0; p-- {
			a, c := k.coef[p]*lo[p], k.coef[p]*hi[p]
			sMin[p] = sMin[p+1] + min(a, c)
			sMax[p] = sMax[p+1] + max(a, c)
		}
		b.part[q] = 0
	}
	return true
}

// search tries every hand of the state position by position, from p on,
// tot cards taken so far, pruned by the size and the own constraints.
func (b *genericBuilder) search(p, tot int) {
	if b.err != nil || tot+b.sufLo[p] > b.totHi || tot+b.sufHi[p] < b.totLo {
		return
	}
	l := b.l
	for q := range l.local {
		k := &l.local[q]
		if k.op != Ge && b.part[q]+b.sMin[q][p] > k.bound {
			return
		}
		if k.op != Le && b.part[q]+b.sMax[q][p] < k.bound {
			return
		}
	}
	if p == b.np {
		b.emit(-1)
		return
	}
	for v := b.lo[p]; v <= b.hi[p]; v++ {
		b.hand[p] = uint16(v)
		for q := range l.local {
			b.part[q] += l.local[q].coef[p] * v
		}
		b.search(p+1, tot+v)
		for q := range l.local {
			b.part[q] -= l.local[q].coef[p] * v
		}
	}
	b.hand[p] = 0
}

// walk tries the hands of the trie below node n (at position p, tot cards
// taken so far) that fit the state.
func (b *genericBuilder) walk(n int32, p, tot int) {
	nd := &b.trie[n]
	if b.err != nil || tot+nd.minRest > b.totHi || tot+nd.maxRest < b.totLo {
		return
	}
	if p == b.np {
		b.emit(nd.hand)
		return
	}
	for _, kd := range nd.kids {
		v := int(kd.v)
		if v > b.hi[p] {
			break
		}
		if v < b.lo[p] {
			continue
		}
		b.hand[p] = kd.v
		b.walk(kd.c, p+1, tot+v)
	}
}

// emit lays out the edge of the hand b.hand (its index hid in the layer's
// hands, or -1 when it is not registered yet) out of the state: the next
// state, unless the partial sums can no longer be met or the next layer
// refuses it, and the edge's weight.
func (b *genericBuilder) emit(hid int32) {
	if !b.check() {
		return
	}
	cp, l := b.cp, b.l
	r, hand, nr, ns := b.left, b.hand, b.nextLeft, b.nextSums
	clear(nr)
	for j, v := range r {
		if p := b.inLayer[j]; p >= 0 {
			v -= hand[p]
		}
		if v > 0 {
			nr[l.up[j]] += v
		}
	}
	copy(ns, b.sums)
	for c, cf := range l.cross {
		if cf == nil || ns[c] == doneSum {
			continue
		}
		s := int(ns[c])
		for p, k := range hand {
			s += cf[p] * int(k)
		}
		ns[c] = int32(s)
	}
	if !cp.settle(b.nx, nr, ns) {
		return
	}
	y := b.next.add(nr, ns)
	if y < 0 {
		return
	}
	h := hid
	if h < 0 {
		b.handKey = b.handKey[:0]
		for _, k := range hand {
			b.handKey = binary.AppendUvarint(b.handKey, uint64(k))
		}
		var ok bool
		h, ok = l.handIdx[string(b.handKey)]
		if !ok {
			h = int32(len(l.hands))
			l.handIdx[string(b.handKey)] = h
			l.hands = append(l.hands, append([]uint16(nil), hand...))
		}
	}
	w := uint64(1)
	for p, j := range l.cells {
		k := int(hand[p])
		if k == 0 || k == int(r[j]) || w == 0 {
			continue
		}
		c, fits := binomU64(int(r[j]), k)
		hi, lo := bits.Mul64(w, c)
		if !fits || hi != 0 {
			w = 0
		} else {
			w = lo
		}
	}
	l.edgeTo = append(l.edgeTo, y)
	l.edgeHand.push(h)
	l.edgeWeight = append(l.edgeWeight, w)
	b.edges++
	cp.used += genericEdgeBytes
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func growU(s []uint16, n int) []uint16 {
	if cap(s) < n {
		return make([]uint16, n)
	}
	return s[:n]
}

// maxTrie bounds the number of nodes of a layer's hand trie.
const maxTrie = 1 << 20

// tnode is a node of a layer's hand trie: the valid hands of the layer's
// holder (for the full cells), position by position.
type tnode struct {
	kids             []tkid // by increasing value
	minRest, maxRest int    // least and greatest number of cards below
	hand             int32  // at a leaf: the hand's index in the layer
}

type tkid struct {
	v uint16
	c int32
}

// handBounds is what a search for hands of layer l over whole cells needs:
// the most cards it may take from each position (the cell's size), the
// sums of those from each position on, and, per own constraint, the least
// and greatest contribution of the positions from each one on.
func handBounds(l *glayer) (hi, sufHi []int, sMin, sMax [][]int) {
	np := len(l.cells)
	hi = make([]int, np)
	for p, j := range l.cells {
		hi[p] = l.cellSize[j]
	}
	sufHi = make([]int, np+1)
	for p := np - 1; p >= 0; p-- {
		sufHi[p] = sufHi[p+1] + hi[p]
	}
	sMin = make([][]int, len(l.local))
	sMax = make([][]int, len(l.local))
	for q, k := range l.local {
		sMin[q], sMax[q] = make([]int, np+1), make([]int, np+1)
		for p := np - 1; p >= 0; p-- {
			a := k.coef[p] * hi[p]
			sMin[q][p] = sMin[q][p+1] + min(a, 0)
			sMax[q][p] = sMax[q][p+1] + max(a, 0)
		}
	}
	return hi, sufHi, sMin, sMax
}

// buildTrie lists the hands of layer l that satisfy the holder's own
// constraints and size (whatever the state), as a trie, registering each in
// l.hands. It returns nil when asked not to (a single state: searching it
// directly is cheaper) or when there are too many.
func buildTrie(l *glayer, want bool) []tnode {
	if !want {
		return nil
	}
	np := len(l.cells)
	hi, sufHi, sMin, sMax := handBounds(l)
	part := make([]int, len(l.local))
	hand := make([]uint16, np)
	var nodes []tnode
	over := false
	var rec func(p, tot int) int32
	rec = func(p, tot int) int32 {
		if over || tot > l.maxSz || tot+sufHi[p] < l.minSz {
			return -1
		}
		for q := range l.local {
			k := &l.local[q]
			if k.op != Ge && part[q]+sMin[q][p] > k.bound {
				return -1
			}
			if k.op != Le && part[q]+sMax[q][p] < k.bound {
				return -1
			}
		}
		if len(nodes) >= maxTrie {
			over = true
			return -1
		}
		id := int32(len(nodes))
		nodes = append(nodes, tnode{hand: -1})
		if p == np {
			nodes[id].hand = int32(len(l.hands))
			l.hands = append(l.hands, append([]uint16(nil), hand...))
			return id
		}
		var kids []tkid
		mn, mx := math.MaxInt, math.MinInt
		for v := 0; v <= hi[p] && tot+v <= l.maxSz; v++ {
			hand[p] = uint16(v)
			for q := range l.local {
				part[q] += l.local[q].coef[p] * v
			}
			c := rec(p+1, tot+v)
			for q := range l.local {
				part[q] -= l.local[q].coef[p] * v
			}
			if c >= 0 {
				kids = append(kids, tkid{uint16(v), c})
				mn = min(mn, v+nodes[c].minRest)
				mx = max(mx, v+nodes[c].maxRest)
			}
		}
		hand[p] = 0
		if len(kids) == 0 {
			nodes = nodes[:id] // nothing below was kept
			return -1
		}
		nodes[id].kids, nodes[id].minRest, nodes[id].maxRest = kids, mn, mx
		return id
	}
	start := len(l.hands)
	if rec(0, 0) < 0 || over {
		l.hands = l.hands[:start]
		return nil
	}
	return nodes
}

// admitter returns a quick test of a new state of layer i: every holder of
// layers i+1 and later must still be able to take, from what is left, a hand
// that fits its size and its own constraints (necessary, not sufficient;
// layer i itself is tested when its edges are laid out).
func (cp *compiled) admitter(i int) func(r []uint16) bool {
	L := len(cp.layers)
	type fut struct {
		l     *glayer
		to    []int // cell of layer i -> cell of layer t
		proj  []uint16
		width []int           // bits per cell of layer t in a memo key
		memo  map[uint64]bool // answers by packed projected counts, or nil
	}
	var fs []fut
	// to of layer t is to of layer t-1 carried one layer up (the cells of
	// layer i identity-mapped before layer i+1), so each layer's map costs
	// one pass over the cells of layer i, not one per layer between.
	prev := make([]int, cp.layers[i].ncells)
	for j := range prev {
		prev[j] = j
	}
	for t := i + 1; t < L; t++ {
		to := make([]int, cp.layers[i].ncells)
		up := cp.layers[t-1].up
		for j, k := range prev {
			to[j] = up[k]
		}
		prev = to
		f := fut{l: cp.layers[t], to: to, proj: make([]uint16, cp.layers[t].ncells)}
		// The answer depends on the projected counts only, and many states
		// share them: remember it when the counts pack into a uint64.
		nb := 0
		f.width = make([]int, len(f.proj))
		for j, s := range cp.layers[t].cellSize {
			f.width[j] = bits.Len(uint(s))
			nb += f.width[j]
		}
		if nb <= 64 {
			f.memo = map[uint64]bool{}
		}
		fs = append(fs, f)
	}
	var pk picker
	return func(r []uint16) bool {
		for _, f := range fs {
			clear(f.proj)
			for j, v := range r {
				f.proj[f.to[j]] += v
			}
			if f.memo == nil {
				if !pk.can(f.l, f.proj) {
					return false
				}
				continue
			}
			var key uint64
			nb := 0
			for j, v := range f.proj {
				key |= uint64(v) << nb
				nb += f.width[j]
			}
			ok, seen := f.memo[key]
			if !seen {
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

// picker searches for one hand of a layer's holder within given counts.
type picker struct {
	hi, sufHi []int
	sMin      [][]int
	sMax      [][]int
	part      []int
}

// can reports whether l's holder can take a hand within avail (counts by
// cell of l) that fits its size and its own constraints. A search that runs
// long answers true: the test only prunes, it never decides a count.
func (pk *picker) can(l *glayer, avail []uint16) bool {
	np := len(l.cells)
	pk.hi, pk.sufHi = grow(pk.hi, np), grow(pk.sufHi, np+1)
	pk.part = grow(pk.part, len(l.local))
	for len(pk.sMin) < len(l.local) {
		pk.sMin, pk.sMax = append(pk.sMin, nil), append(pk.sMax, nil)
	}
	pk.sufHi[np] = 0
	for p := np - 1; p >= 0; p-- {
		pk.hi[p] = int(avail[l.cells[p]])
		pk.sufHi[p] = pk.sufHi[p+1] + pk.hi[p]
	}
	for q, k := range l.local {
		pk.sMin[q], pk.sMax[q] = grow(pk.sMin[q], np+1), grow(pk.sMax[q], np+1)
		pk.sMin[q][np], pk.sMax[q][np] = 0, 0
		for p := np - 1; p >= 0; p-- {
			a := k.coef[p] * pk.hi[p]
			pk.sMin[q][p] = pk.sMin[q][p+1] + min(a, 0)
			pk.sMax[q][p] = pk.sMax[q][p+1] + max(a, 0)
		}
		pk.part[q] = 0
	}
	budget := 1000
	var rec func(p, tot int) bool
	rec = func(p, tot int) bool {
		if budget--; budget < 0 {
			return true // undecided: let the state in
		}
		if tot > l.maxSz || tot+pk.sufHi[p] < l.minSz {
			return false
		}
		for q := range l.local {
			k := &l.local[q]
			if k.op != Ge && pk.part[q]+pk.sMin[q][p] > k.bound {
				return false
			}
			if k.op != Le && pk.part[q]+pk.sMax[q][p] < k.bound {
				return false
			}
		}
		if p == np {
			return true
		}
		for v := 0; v <= pk.hi[p] && tot+v <= l.maxSz; v++ {
			for q := range l.local {
				pk.part[q] += l.local[q].coef[p] * v
			}
			ok := rec(p+1, tot+v)
			for q := range l.local {
				pk.part[q] -= l.local[q].coef[p] * v
			}
			if ok {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}
