package solver

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
		if l.cmin != nil {
			cmin, cmax := l.cmin[c], l.cmax[c]
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
	lb.l.r = append(lb.l.r, r...)
	lb.l.sums = append(lb.l.sums, sums...)
	lb.l.n++
	return x
}

// usePacked lets build use buildPacked when it applies (tests compare the
// two builders).
var usePacked = true

// build lays out the states and edges of every layer, from the root.
func (cp *compiled) build(ctx context.Context) error {
	if pls, sl, ok := cp.packedOK(); ok && usePacked {
		if done, err := cp.buildPacked(ctx, pls, sl); done {
			return err
		}
	}
	L := len(cp.layers)
	ncross := len(cp.cross)
	cp.term = &glayer{ncross: ncross}
	all := append(append([]*glayer(nil), cp.layers...), cp.term)
	l0 := all[0]
	root := make([]uint16, l0.ncells)
	for j, s := range l0.csize {
		root[j] = uint16(s)
	}
	rootSums := make([]int32, ncross)
	if !cp.settle(l0, root, rootSums) {
		cp.infeasible = true
		return nil
	}
	newLayerBuilder(l0, l0.csize, ncross).add(root, rootSums)

	edges := 0
	var (
		ns    = make([]int32, ncross)
		hand  []uint16
		hkey  []byte
		lo    []int
		hi    []int
		sufLo []int
		sufHi []int
		sMin  [][]int
		sMax  [][]int
		part  []int
	)
	for i := 0; i < L; i++ {
		l := all[i]
		nx := all[i+1]
		nr := make([]uint16, nx.ncells)
		next := newLayerBuilder(nx, nx.csize, ncross)
		if i+2 < L {
			next.admit = cp.admitter(i + 1)
		}
		np := len(l.cells)
		lo, hi = grow(lo, np), grow(hi, np)
		sufLo, sufHi = grow(sufLo, np+1), grow(sufHi, np+1)
		hand = growU(hand, np)
		part = grow(part, len(l.local))
		for len(sMin) < len(l.local) {
			sMin = append(sMin, nil)
			sMax = append(sMax, nil)
		}
		for q := range l.local {
			sMin[q], sMax[q] = grow(sMin[q], np+1), grow(sMax[q], np+1)
		}
		l.edgeStart = make([]int32, 0, l.n+1)
		inLayer := make([]int, l.ncells) // position in cells, or -1
		for j := range inLayer {
			inLayer[j] = -1
		}
		for p, j := range l.cells {
			inLayer[j] = p
		}
		tr := buildTrie(l, l.n > 1)
		for x := 0; x < l.n; x++ {
			if x&1023 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			l.edgeStart = append(l.edgeStart, int32(len(l.eTo)))
			r := l.state(x)
			sums := l.stateSums(x)
			R := 0
			dead := false
			for j, v := range r {
				R += int(v)
				if v > 0 && !l.fut[j] && inLayer[j] < 0 {
					dead = true
				}
			}
			if dead {
				continue
			}
			totLo := max(l.minSz, R-l.futMax)
			totHi := min(l.maxSz, R-l.futMin)
			if totLo > totHi {
				continue
			}
			for p, j := range l.cells {
				hi[p] = int(r[j])
				if l.fut[j] {
					lo[p] = 0
				} else {
					lo[p] = hi[p]
				}
			}
			sufLo[np], sufHi[np] = 0, 0
			for p := np - 1; p >= 0; p-- {
				sufLo[p] = sufLo[p+1] + lo[p]
				sufHi[p] = sufHi[p+1] + hi[p]
			}
			for q, k := range l.local {
				sMin[q][np], sMax[q][np] = 0, 0
				for p := np - 1; p >= 0; p-- {
					a, b := k.coef[p]*lo[p], k.coef[p]*hi[p]
					sMin[q][p] = sMin[q][p+1] + min(a, b)
					sMax[q][p] = sMax[q][p+1] + max(a, b)
				}
				part[q] = 0
			}
			var dfs func(p, tot int)
			emit := func(hid int32) {
				clear(nr)
				for j, v := range r {
					if p := inLayer[j]; p >= 0 {
						v -= hand[p]
					}
					if v > 0 {
						nr[l.up[j]] += v
					}
				}
				copy(ns, sums)
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
				if !cp.settle(nx, nr, ns) {
					return
				}
				y := next.add(nr, ns)
				if y < 0 {
					return
				}
				h := hid
				if h < 0 {
					hkey = hkey[:0]
					for _, k := range hand {
						hkey = binary.AppendUvarint(hkey, uint64(k))
					}
					var ok bool
					h, ok = l.handIdx[string(hkey)]
					if !ok {
						h = int32(len(l.hands))
						l.handIdx[string(hkey)] = h
						l.hands = append(l.hands, append([]uint16(nil), hand...))
					}
				}
				w := uint64(1)
				for p, j := range l.cells {
					k := int(hand[p])
					if k == 0 || k == int(r[j]) || w == 0 {
						continue
					}
					b, fits := binomU64(int(r[j]), k)
					hi, lo := bits.Mul64(w, b)
					if !fits || hi != 0 {
						w = 0
					} else {
						w = lo
					}
				}
				l.eTo = append(l.eTo, y)
				l.eHand.push(h)
				l.eW = append(l.eW, w)
				edges++
			}
			dfs = func(p, tot int) {
				if tot+sufLo[p] > totHi || tot+sufHi[p] < totLo {
					return
				}
				for q := range l.local {
					k := &l.local[q]
					if k.op != Ge && part[q]+sMin[q][p] > k.bound {
						return
					}
					if k.op != Le && part[q]+sMax[q][p] < k.bound {
						return
					}
				}
				if p == np {
					emit(-1)
					return
				}
				for v := lo[p]; v <= hi[p]; v++ {
					hand[p] = uint16(v)
					for q := range l.local {
						part[q] += l.local[q].coef[p] * v
					}
					dfs(p+1, tot+v)
					for q := range l.local {
						part[q] -= l.local[q].coef[p] * v
					}
				}
				hand[p] = 0
			}
			if tr != nil {
				var walk func(n int32, p, tot int)
				walk = func(n int32, p, tot int) {
					nd := &tr[n]
					if tot+nd.minRest > totHi || tot+nd.maxRest < totLo {
						return
					}
					if p == np {
						emit(nd.hand)
						return
					}
					for _, kd := range nd.kids {
						v := int(kd.v)
						if v > hi[p] {
							break
						}
						if v < lo[p] {
							continue
						}
						hand[p] = kd.v
						walk(kd.c, p+1, tot+v)
					}
				}
				walk(0, 0, 0)
			} else {
				dfs(0, 0)
			}
			if edges > cp.edgeLimit() {
				return errTooLarge
			}
		}
		l.edgeStart = append(l.edgeStart, int32(len(l.eTo)))
		l.handIdx = nil
	}
	if cp.term.n == 0 {
		cp.infeasible = true
	}
	return nil
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
		hi[p] = l.csize[j]
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
	for t := i + 1; t < L; t++ {
		to := make([]int, cp.layers[i].ncells)
		for j := range to {
			k := j
			for u := i; u < t; u++ {
				k = cp.layers[u].up[k]
			}
			to[j] = k
		}
		f := fut{l: cp.layers[t], to: to, proj: make([]uint16, cp.layers[t].ncells)}
		// The answer depends on the projected counts only, and many states
		// share them: remember it when the counts pack into a uint64.
		nb := 0
		f.width = make([]int, len(f.proj))
		for j, s := range cp.layers[t].csize {
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
