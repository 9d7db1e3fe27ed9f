package deductio

import (
	"github.com/gumshoe-dev/gumshoe/solver"
)

// This file is an independent oracle for the counts of the solver's
// counting engine on Deductio problems. Every observation of the game is a
// unit fact (a number is, or is not, with a holder), so a world is an
// assignment of distinct numbers to the secrets nobody knows; the deck takes
// the rest. The number of assignments of distinct numbers from sets A1..Ak
// is a sum over the set partitions of the k secrets (inclusion-exclusion on
// the partition lattice), itself checked against plain enumeration.

// domains reads the unit facts of s: the numbers each holder may have, the
// holder each pinned number must be with, and whether the facts contradict
// each other outright.
func (s *state) domains() (dom []Set, pinned []solver.Holder, ok bool) {
	nh := s.prob.Model().NumHolders()
	dom = make([]Set, nh)
	for i := range dom {
		dom[i] = All
	}
	pinned = make([]solver.Holder, MaxNumber+1)
	for i := range pinned {
		pinned[i] = -1
	}
	ok = true
	for _, us := range s.units {
		for _, u := range us {
			if u.holds {
				if p := pinned[u.n]; p >= 0 && p != u.h {
					ok = false
				}
				pinned[u.n] = u.h
			} else {
				dom[u.h] &^= 1 << u.n
			}
		}
	}
	return dom, pinned, ok
}

// directTally counts the worlds of s exactly, without the engine.
func (s *state) directTally() tally {
	nh := s.prob.Model().NumHolders()
	t := tally{count: make([][MaxNumber + 1]int64, nh)}
	dom, pinned, ok := s.domains()
	if !ok {
		return t
	}
	// Pinned numbers: their holder must allow them; a size-1 holder takes
	// at most one.
	pins := make([]int, nh)
	var used Set
	for n := 1; n <= MaxNumber; n++ {
		h := pinned[n]
		if h < 0 {
			continue
		}
		if !dom[h].Has(n) {
			return t
		}
		pins[h]++
		used |= 1 << n
	}
	var free []solver.Holder
	for h := range nh {
		size := s.prob.Model().HolderSize(solver.Holder(h)).Min
		if solver.Holder(h) == s.deck {
			// The deck takes whatever is left; it has no facts of its own.
			continue
		}
		switch {
		case pins[h] > size:
			return t
		case pins[h] < size:
			if size != 1 {
				return t // face-up groups are always fully pinned
			}
			free = append(free, solver.Holder(h))
		}
	}
	sets := make([]Set, len(free))
	for i, h := range free {
		sets[i] = dom[h] &^ used
	}
	t.total = injections(sets)
	if t.total == 0 {
		return t
	}
	for n := 1; n <= MaxNumber; n++ {
		if h := pinned[n]; h >= 0 {
			t.count[h][n] = t.total
		}
	}
	rest := make([]Set, 0, len(free))
	for i, h := range free {
		for n := 1; n <= MaxNumber; n++ {
			if !sets[i].Has(n) {
				continue
			}
			rest = rest[:0]
			for j := range sets {
				if j != i {
					rest = append(rest, sets[j]&^(1<<n))
				}
			}
			t.count[h][n] = injections(rest)
		}
	}
	// The deck holds every number no other holder has.
	for n := 1; n <= MaxNumber; n++ {
		if pinned[n] >= 0 {
			continue
		}
		c := t.total
		for _, h := range free {
			c -= t.count[h][n]
		}
		t.count[s.deck][n] = c
	}
	return t
}

// injections is the number of ways to pick distinct numbers x1..xk with xi
// in sets[i]: the sum over the set partitions of {1..k} of the product, over
// the blocks B, of (-1)^(|B|-1) (|B|-1)! |intersection of the sets of B|.
func injections(sets []Set) int64 {
	switch len(sets) {
	case 0:
		return 1
	case 1:
		return int64(sets[0].Len())
	}
	// The block of the first set: it and any subset of the others.
	first, others := sets[0], sets[1:]
	var sum int64
	rest := make([]Set, 0, len(others))
	for mask := 0; mask < 1<<len(others); mask++ {
		inter := first
		size := 1
		rest = rest[:0]
		for j, o := range others {
			if mask&(1<<j) != 0 {
				inter &= o
				size++
			} else {
				rest = append(rest, o)
			}
		}
		n := int64(inter.Len())
		if n == 0 {
			continue
		}
		coef := int64(1)
		for f := 2; f < size; f++ {
			coef *= int64(f)
		}
		if size%2 == 0 {
			coef = -coef
		}
		sum += coef * n * injections(rest)
	}
	return sum
}
