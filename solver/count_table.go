package solver

import "math/bits"

// stateTable maps packed states (counts and partial sums) to their index
// in a layer: an open-addressing hash table with linear probing, faster
// than a Go map for these keys and without per-entry allocation. Indexes
// are int32 >= -1 (-1 for a dead state).
type stateTable struct {
	slots []tslot
	shift uint // 64 - log2(len(slots))
	n     int  // entries
}

type tslot struct {
	k, s uint64
	v    int32 // index + 2; 0 for an empty slot
}

// newStateTable returns a table sized for about hint entries.
func newStateTable(hint int) *stateTable {
	t := &stateTable{}
	t.alloc(max(16, 2*hint))
	return t
}

func (t *stateTable) alloc(size int) {
	b := bits.Len(uint(size - 1))
	t.slots = make([]tslot, 1<<b)
	t.shift = uint(64 - b)
}

func (t *stateTable) hash(k, s uint64) uint64 {
	h := (k ^ bits.RotateLeft64(s, 31)) * 0x9e3779b97f4a7c15
	return (h ^ h>>29) * 0xbf58476d1ce4e5b9
}

// get returns the index of (k, s) and whether it is present.
func (t *stateTable) get(k, s uint64) (int32, bool) {
	mask := len(t.slots) - 1
	for i := int(t.hash(k, s) >> t.shift); ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.v == 0 {
			return 0, false
		}
		if sl.k == k && sl.s == s {
			return sl.v - 2, true
		}
	}
}

// getOrPut returns the index of (k, s), storing v first when it is absent
// (and reporting that it was).
func (t *stateTable) getOrPut(k, s uint64, v int32) (int32, bool) {
	mask := len(t.slots) - 1
	i := int(t.hash(k, s) >> t.shift)
	for ; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.v == 0 {
			break
		}
		if sl.k == k && sl.s == s {
			return sl.v - 2, false
		}
	}
	t.slots[i] = tslot{k, s, v + 2}
	t.n++
	if 2*t.n > len(t.slots) {
		t.grow()
	}
	return v, true
}

// set changes the index of (k, s), which must be present.
func (t *stateTable) set(k, s uint64, v int32) {
	mask := len(t.slots) - 1
	for i := int(t.hash(k, s) >> t.shift); ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.k == k && sl.s == s && sl.v != 0 {
			sl.v = v + 2
			return
		}
	}
}

func (t *stateTable) grow() {
	old := t.slots
	t.alloc(2 * len(old))
	mask := len(t.slots) - 1
	for _, sl := range old {
		if sl.v == 0 {
			continue
		}
		i := int(t.hash(sl.k, sl.s) >> t.shift)
		for t.slots[i].v != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = sl
	}
}
