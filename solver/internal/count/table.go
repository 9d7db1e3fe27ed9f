package count

import (
	"math/bits"
	"sync/atomic"
)

// stateTable maps packed states (counts and, when the problem has
// constraints across holders, partial sums) to their index in a layer: an
// open-addressing hash table with linear probing, faster than a Go map for
// these keys and without per-entry allocation. Indexes are int32 >= -1.
type stateTable struct {
	slots []tslot
	sums  []uint64 // partial sums, parallel to slots (nil when every key's are 0)
	shift uint     // 64 - log2(len(slots))
	n     int      // entries
	// guess, when set, is the caller's guess of the entries there will
	// be in all, asked when the table is full: it grows straight to the
	// size for them (see grow).
	guess func() int
	// charged, when set, follows the table's memory: growth adds to it.
	charged *atomic.Int64
}

type tslot struct {
	k uint64
	v int32 // index + 2; 0 for an empty slot
}

// newStateTable returns a table sized for about hint entries, of keys with
// partial sums when withSums is set.
func newStateTable(hint int, withSums bool) *stateTable {
	t := &stateTable{}
	t.alloc(max(16, 2*hint), withSums)
	return t
}

func (t *stateTable) alloc(size int, withSums bool) {
	b := bits.Len(uint(size - 1))
	t.slots = slotSlab.get(1 << b)
	if withSums {
		t.sums = getU64(1 << b)
	}
	t.shift = uint(64 - b)
}

func (t *stateTable) hash(k, s uint64) uint64 {
	h := (k ^ bits.RotateLeft64(s, 31)) * 0x9e3779b97f4a7c15
	return (h ^ h>>29) * 0xbf58476d1ce4e5b9
}

// getOrPut returns the index of (k, s), storing v first when it is absent
// (and reporting that it was). s must be 0 in a table without sums.
func (t *stateTable) getOrPut(k, s uint64, v int32) (int32, bool) {
	mask := len(t.slots) - 1
	i := int(t.hash(k, s) >> t.shift)
	for ; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.v == 0 {
			break
		}
		if sl.k == k && (t.sums == nil || t.sums[i] == s) {
			return sl.v - 2, false
		}
	}
	t.slots[i] = tslot{k, v + 2}
	if t.sums != nil {
		t.sums[i] = s
	}
	t.n++
	if 2*t.n > len(t.slots) {
		want := 0
		if t.guess != nil {
			want = t.guess()
		}
		t.grow(want)
	}
	return v, true
}

// grow makes the table at least twice as large, and large enough for want
// entries (at most eight times as large).
func (t *stateTable) grow(want int) {
	old, olds := t.slots, t.sums
	before := t.bytes()
	size := 2 * len(old)
	for size < 2*want && size < 8*len(old) {
		size *= 2
	}
	t.alloc(size, olds != nil)
	mask := len(t.slots) - 1
	for o, sl := range old {
		if sl.v == 0 {
			continue
		}
		var s uint64
		if olds != nil {
			s = olds[o]
		}
		i := int(t.hash(sl.k, s) >> t.shift)
		for t.slots[i].v != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = sl
		if olds != nil {
			t.sums[i] = s
		}
	}
	slotSlab.put(old)
	putU64(olds)
	if t.charged != nil {
		t.charged.Add(t.bytes() - before)
	}
}

// release hands the table's memory back for reuse: the table is not used
// again.
func (t *stateTable) release() {
	slotSlab.put(t.slots)
	putU64(t.sums)
	t.slots, t.sums = nil, nil
}

// bytes is the memory of the table's slots.
func (t *stateTable) bytes() int64 { return int64(len(t.slots))*16 + int64(len(t.sums))*8 }
