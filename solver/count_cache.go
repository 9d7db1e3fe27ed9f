package solver

import (
	"encoding/binary"
	"sync"
)

// CounterCache keeps one [Counter] while the problems asked about count the
// same worlds: a game whose next line adds no constraint (a pass, a move
// the seat does not see), or only constraints settled by what is known
// (a question whose answer the seat's own hand gives), redraws from the
// counts already made, and the report and the advice share them.
//
// Two problems count the same worlds for the cache when they have the same
// model and the same constraints in the same order, leaving out every
// constraint that cards known to be with a holder (a constraint "card c is
// with h") settle and satisfy. The zero value is ready to use; a nil cache
// keeps nothing. It is safe for concurrent use.
type CounterCache struct {
	mu    sync.Mutex
	model *Model
	key   string
	cnt   *Counter
}

// Counter returns a counter over p: the counter given last when p counts
// the same worlds as the problem it was made for, else a new one, made
// with opts, that the cache keeps instead. The options of a kept counter
// are those it was made with.
func (cc *CounterCache) Counter(p *Problem, opts ...CounterOption) *Counter {
	if cc == nil {
		return NewCounter(p, opts...)
	}
	key := countKey(p)
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.cnt == nil || cc.model != p.Model() || cc.key != key {
		cc.cnt, cc.model, cc.key = NewCounter(p, opts...), p.Model(), key
	}
	return cc.cnt
}

// countKey encodes every constraint of p that can change a count.
func countKey(p *Problem) string {
	m := p.Model()
	// Cards known to be with a holder (a hand, an exposed card): a
	// constraint they settle, and that holds, changes no count.
	known := make(World, m.NumCards()) // NoHolder: not known
	for c := range known {
		known[c] = NoHolder
	}
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			if isHolds(k) {
				known[k.Terms[0].Lit.Card] = k.Terms[0].Lit.Holder
			}
		}
	}
	// Holders all of whose cards are known hold no other card.
	n := make([]int, m.NumHolders())
	for _, h := range known {
		if h != NoHolder {
			n[h]++
		}
	}
	full := make([]bool, m.NumHolders())
	for h, k := range n {
		full[h] = k > 0 && m.HolderSize(Holder(h)).Max == k
	}
	var b []byte
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			if settledBy(k, known, full) {
				continue
			}
			b = binary.AppendUvarint(b, uint64(k.Op))
			b = binary.AppendVarint(b, int64(k.Bound))
			b = binary.AppendUvarint(b, uint64(len(k.Terms)))
			for _, t := range k.Terms {
				b = binary.AppendVarint(b, int64(t.Coef))
				b = binary.AppendVarint(b, int64(t.Lit.Card))
				b = binary.AppendVarint(b, int64(t.Lit.Holder))
			}
		}
	}
	return string(b)
}

// settledBy reports whether every literal of k is decided (its card's
// holder is known, or its holder's whole hand is known) and k holds then.
// A constraint "card c is with h" counts as not settled: it is what the
// others are settled by.
func settledBy(k Constraint, known World, full []bool) bool {
	if isHolds(k) {
		return false
	}
	for _, t := range k.Terms {
		if known[t.Lit.Card] == NoHolder && !full[t.Lit.Holder] {
			return false
		}
	}
	// A card not known is elsewhere than a full holder: NoHolder in known
	// counts for no literal.
	return k.Satisfied(known)
}

// isHolds reports whether k is [Holds]: one card with one holder.
func isHolds(k Constraint) bool {
	return len(k.Terms) == 1 && k.Terms[0].Coef == 1 && k.Op == Eq && k.Bound == 1
}
