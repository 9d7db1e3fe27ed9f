package deduceordie

import (
	"encoding/binary"
	"sync"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// countCache keeps one counting engine while the problem's constraints do
// not change: a line that adds none (a pass, another seat's Secret
// Interrogation) redraws from the counts already made, and the report and
// the advice share them (the report reads the parts of reportParts instead
// when there are any).
type countCache struct {
	mu    sync.Mutex
	model *solver.Model
	key   string // every constraint, encoded
	cnt   *solver.Counter
	// parts is what report returns for the same constraints, once split
	// is set.
	parts reportCounter
	split bool
}

// get returns a counter over p, the same one as before when p has the
// model and the constraints it was made for (observations without
// constraints do not count).
func (cc *countCache) get(p *solver.Problem) *solver.Counter {
	if cc == nil {
		return solver.NewCounter(p)
	}
	key := cacheKey(p)
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.renew(p, key)
	return cc.cnt
}

// renew makes a new counter over p unless the one kept was made for the
// same model and key; cc.mu must be held.
func (cc *countCache) renew(p *solver.Problem, key string) {
	if cc.cnt == nil || cc.model != p.Model() || cc.key != key {
		cc.cnt, cc.model, cc.key = solver.NewCounter(p), p.Model(), key
		cc.parts, cc.split = nil, false
	}
}

// report returns the counts the report reads for p: a counter for each
// part of reportParts when it splits p (kept like the counter of get),
// else get's counter.
func (cc *countCache) report(p *solver.Problem, ev solver.Holder) reportCounter {
	if cc == nil {
		return partsOr(p, ev, solver.NewCounter(p))
	}
	key := cacheKey(p)
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.renew(p, key)
	if !cc.split {
		cc.parts, cc.split = partsOr(p, ev, cc.cnt), true
	}
	return cc.parts
}

// cacheKey encodes every constraint of p that can change a count.
func cacheKey(p *solver.Problem) string {
	// Cards known to be with a holder (hands, the exposed card): a
	// constraint they settle, and that holds, changes no count (a question
	// put to the seat, answered from the seat's known hand).
	known := make(solver.World, p.Model().NumCards()) // NoHolder: not known
	for c := range known {
		known[c] = solver.NoHolder
	}
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			if holds(k) {
				known[k.Terms[0].Lit.Card] = k.Terms[0].Lit.Holder
			}
		}
	}
	// Holders all of whose cards are known hold no other card.
	n := map[solver.Holder]int{}
	for _, h := range known {
		if h != solver.NoHolder {
			n[h]++
		}
	}
	full := map[solver.Holder]bool{}
	for h, k := range n {
		full[h] = p.Model().HolderSize(h).Max == k
	}
	var b []byte
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			if settled(k, known, full) {
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

// partsOr is a counter for each part of p, or cnt when p is not split.
func partsOr(p *solver.Problem, ev solver.Holder, cnt *solver.Counter) reportCounter {
	ps := reportParts(p, ev)
	if ps == nil {
		return cnt
	}
	pc := make(partCounter, len(ps))
	for i, q := range ps {
		pc[i] = solver.NewCounter(q)
	}
	return pc
}

// settled reports whether every literal of k is decided (its card's holder
// is known, or its holder's whole hand is known) and k holds then. A unit
// constraint that says where a card is counts as not settled: it is what
// the others are settled by.
func settled(k solver.Constraint, known solver.World, full map[solver.Holder]bool) bool {
	if holds(k) {
		return false
	}
	for _, t := range k.Terms {
		if known[t.Lit.Card] == solver.NoHolder && !full[t.Lit.Holder] {
			return false
		}
	}
	// A card not known is elsewhere than a full holder: NoHolder in known
	// counts for no literal.
	return k.Satisfied(known)
}

// holds reports whether k is solver.Holds: one card with one holder.
func holds(k solver.Constraint) bool {
	return len(k.Terms) == 1 && k.Terms[0].Coef == 1 && k.Op == solver.Eq && k.Bound == 1
}
