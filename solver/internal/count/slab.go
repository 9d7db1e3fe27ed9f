package count

import (
	"math/bits"
	"sync"
)

// The passes of a tally graph allocate P vectors of megabytes, one a
// layer, each dead as soon as the next layer's is computed, and laying out
// a layer fills hash tables of next states of as many megabytes, dead once
// the layer is laid out. Left to the garbage collector, their memory goes
// back to the operating system between graphs and comes back as fresh
// pages (page faults, TLB flushes): a profile of six-player advice had a
// tenth of its CPU time in the kernel. The vectors known to be dead are
// handed back here and reused by the next ones of about the same size.

// slabMin is the least length of a vector worth keeping: smaller ones
// come and go cheaply.
const slabMin = 1 << 14

// slab holds vectors of T no longer read, by size class: class c holds
// vectors of capacity at least 1<<c.
type slab[T any] struct {
	pools [48]sync.Pool
}

// The kept vectors: P vectors, state tables' slots and next states.
var (
	u64Slab    slab[uint64]
	slotSlab   slab[tslot]
	pstateSlab slab[pstate]
)

// lean turns on the reuse of dead vectors, and the tally split's P left
// narrow for the spreads (splitByTallies): the ways of the passes that
// spare memory. Off, the passes take the ways they took before (tests
// compare the two).
var lean = true

// SetLean sets whether the passes and the layout reuse their dead vectors
// and the tally split leaves its P narrow, and returns the setting it
// replaces: tests compare the counts both ways.
func SetLean(on bool) bool {
	old := lean
	lean = on
	return old
}

// get is a vector of n zero values, reused when one is kept.
func (p *slab[T]) get(n int) []T {
	if !lean || n < slabMin {
		return make([]T, n)
	}
	c := bits.Len(uint(n - 1))
	if c >= len(p.pools) {
		return make([]T, n)
	}
	if v, ok := p.pools[c].Get().(*[]T); ok && cap(*v) >= n {
		s := (*v)[:n]
		clear(s)
		return s
	}
	return make([]T, n, 1<<c)
}

// put hands back a vector nothing reads any more (nor will).
func (p *slab[T]) put(s []T) {
	if !lean || cap(s) < slabMin {
		return
	}
	c := bits.Len(uint(cap(s))) - 1 // cap(s) >= 1<<c
	if c >= len(p.pools) {
		return
	}
	s = s[:0]
	p.pools[c].Put(&s)
}

// getU64 and putU64 are u64Slab's get and put.
func getU64(n int) []uint64 { return u64Slab.get(n) }
func putU64(s []uint64)     { u64Slab.put(s) }
