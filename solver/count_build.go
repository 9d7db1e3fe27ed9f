package solver

import (
	"context"
	"encoding/binary"
	"math/bits"
)

// settle checks the multi-holder constraints of a state before layer i
// against the least and greatest contributions its remaining cards can still
// make: it reports false when one can no longer be met, and marks as done
// those that are met whatever happens next (so that states differing only in
// such sums merge).
func (cp *compiled) settle(i int, r []uint16, sums []int32) bool {
	for c := range cp.cross {
		s := sums[c]
		if s == doneSum {
			continue
		}
		cc := &cp.cross[c]
		lo, hi := int(s), int(s)
		cmin, cmax := cc.cmin[i], cc.cmax[i]
		for j, n := range r {
			if n != 0 {
				lo += int(n) * cmin[j]
				hi += int(n) * cmax[j]
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

// keyer packs a state into a compact map key.
type keyer struct {
	width []int // bits per cell
	buf   []byte
}

func newKeyer(sizes []int) *keyer {
	k := &keyer{width: make([]int, len(sizes))}
	for j, s := range sizes {
		k.width[j] = bits.Len(uint(s))
	}
	return k
}

func (k *keyer) key(r []uint16, sums []int32) []byte {
	b := k.buf[:0]
	var acc uint64
	nb := 0
	for j, v := range r {
		w := k.width[j]
		acc |= uint64(v) << nb
		nb += w
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
	k.buf = b
	return b
}

// layerBuilder collects the distinct states of one layer.
type layerBuilder struct {
	l   *glayer
	idx map[string]int32
}

func (lb *layerBuilder) add(key []byte, r []uint16, sums []int32) int32 {
	if x, ok := lb.idx[string(key)]; ok {
		return x
	}
	x := int32(lb.l.n)
	lb.idx[string(key)] = x
	lb.l.r = append(lb.l.r, r...)
	lb.l.sums = append(lb.l.sums, sums...)
	lb.l.n++
	return x
}

// build lays out the states and edges of every layer, from the root.
func (cp *compiled) build(ctx context.Context) error {
	nc, L := len(cp.cells), len(cp.layers)
	ncross := len(cp.cross)
	cp.term = &glayer{ncells: nc, ncross: ncross}
	all := append(append([]*glayer(nil), cp.layers...), cp.term)
	kr := newKeyer(cp.sizes)
	root := make([]uint16, nc)
	for j, s := range cp.sizes {
		root[j] = uint16(s)
	}
	rootSums := make([]int32, ncross)
	if !cp.settle(0, root, rootSums) {
		cp.infeasible = true
		return nil
	}
	lb := &layerBuilder{l: all[0], idx: map[string]int32{}}
	lb.add(kr.key(root, rootSums), root, rootSums)

	edges := 0
	var (
		nr    = make([]uint16, nc)
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
		next := &layerBuilder{l: all[i+1], idx: map[string]int32{}}
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
		fa := cp.futAllowed[i+1]
		inLayer := make([]bool, nc)
		for _, j := range l.cells {
			inLayer[j] = true
		}
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
				if v > 0 && !fa[j] && !inLayer[j] {
					dead = true
				}
			}
			if dead {
				continue
			}
			totLo := max(l.minSz, R-cp.futMax[i+1])
			totHi := min(l.maxSz, R-cp.futMin[i+1])
			if totLo > totHi {
				continue
			}
			for p, j := range l.cells {
				hi[p] = int(r[j])
				if fa[j] {
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
			emit := func() {
				copy(nr, r)
				for p, j := range l.cells {
					nr[j] -= hand[p]
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
				if !cp.settle(i+1, nr, ns) {
					return
				}
				y := next.add(kr.key(nr, ns), nr, ns)
				hkey = hkey[:0]
				for _, k := range hand {
					hkey = binary.AppendUvarint(hkey, uint64(k))
				}
				h, ok := l.handIdx[string(hkey)]
				if !ok {
					h = int32(len(l.hands))
					l.handIdx[string(hkey)] = h
					l.hands = append(l.hands, append([]uint16(nil), hand...))
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
				l.eHand = append(l.eHand, h)
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
					emit()
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
			dfs(0, 0)
			if edges > maxEdges {
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
