package certain

import (
	"fmt"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// maxSwapWorlds bounds the worlds a turn's questions make by swaps.
const maxSwapWorlds = 256

// swapper makes worlds from a world without the solver: two cards that
// trade places at every time point make a world of the same observations
// when every constraint naming either still holds (the model's structure
// always does: every card keeps one place, every place its count). Most
// cards are told apart by no rule and by few lines, so one world found by
// a search gives many. The constraints that hold for every card alike
// (symmetric) hold after any trade and are not checked.
type swapper struct {
	x  *Encoding
	by [][]solver.Constraint // by card index: the constraints in force that name it, but the symmetric ones
}

// NewSwapper indexes the constraints of the observations ids by card.
func (x *Encoding) NewSwapper(ids []int) *swapper {
	nc := len(x.Cards)
	sw := &swapper{x: x, by: make([][]solver.Constraint, nc)}
	last := make([]int, nc) // the constraint that last named each card, +1
	obs := x.Prob.Observations()
	n := 0
	for _, id := range ids {
		sym := x.symmetric(id)
		for j, k := range obs[id].Constraints {
			n++
			if sym[j] {
				continue
			}
			for _, t := range k.Terms {
				if i := int(t.Lit.Card) % nc; last[i] != n {
					last[i] = n
					sw.by[i] = append(sw.by[i], k)
				}
			}
		}
	}
	return sw
}

// symmetric tells, for each constraint of observation id, whether it is
// one of a family the observation holds for every card alike: a count of
// every card of one time point at one place, or a constraint on one card
// that the observation also makes, term for term, of every other card.
// Trading two cards' places at every time point maps such a family onto
// itself, so a world keeps satisfying it. Cached by id (an observation
// never changes).
func (x *Encoding) symmetric(id int) []bool {
	if sym, ok := x.sym[id]; ok {
		return sym
	}
	nc := len(x.Cards)
	cs := x.Prob.Observations()[id].Constraints
	sym := make([]bool, len(cs))
	cardsOf := map[string]uint64{} // shape: the cards it is made of
	keys := make([]string, len(cs))
	var buf []byte
	for j, k := range cs {
		card, one := -1, true
		for _, t := range k.Terms {
			c := int(t.Lit.Card) % nc
			if card >= 0 && c != card {
				one = false
				break
			}
			card = c
		}
		if card < 0 {
			continue
		}
		if !one {
			sym[j] = x.countsAll(k)
			continue
		}
		buf = buf[:0]
		buf = fmt.Appendf(buf, "%d %d", k.Op, k.Bound)
		for _, t := range k.Terms {
			buf = fmt.Appendf(buf, "|%d %d %d", int(t.Lit.Card)/nc, t.Lit.Holder, t.Coef)
		}
		keys[j] = string(buf)
		cardsOf[keys[j]] |= 1 << card
	}
	all := uint64(1)<<nc - 1
	for j, key := range keys {
		if key != "" && cardsOf[key] == all {
			sym[j] = true
		}
	}
	if x.sym == nil {
		x.sym = map[int][]bool{}
	}
	x.sym[id] = sym
	return sym
}

// countsAll reports whether k counts every card of one time point at one
// place, each once with the same coefficient.
func (x *Encoding) countsAll(k solver.Constraint) bool {
	nc := len(x.Cards)
	if len(k.Terms) != nc {
		return false
	}
	var seen uint64
	t0 := k.Terms[0]
	for _, t := range k.Terms {
		c := int(t.Lit.Card)
		if c/nc != int(t0.Lit.Card)/nc || t.Lit.Holder != t0.Lit.Holder || t.Coef != t0.Coef || seen&(1<<(c%nc)) != 0 {
			return false
		}
		seen |= 1 << (c % nc)
	}
	return true
}

// Swap is w with cards i and j (indexes) traded at every time point, and
// whether it is a world of the indexed observations. The constraints are
// read on w through the trade; the world is made only when it is one.
func (sw *swapper) Swap(w solver.World, i, j int) (solver.World, bool) {
	nc := len(sw.x.Cards)
	at := func(c solver.Card) solver.Holder {
		switch int(c) % nc {
		case i:
			c += solver.Card(j - i)
		case j:
			c += solver.Card(i - j)
		}
		return w[c]
	}
	for _, ks := range [][]solver.Constraint{sw.by[i], sw.by[j]} {
		for _, k := range ks {
			if !satisfiedAt(k, at) {
				return nil, false
			}
		}
	}
	v := slices.Clone(w)
	for t := range sw.x.Times {
		a, b := t*nc+i, t*nc+j
		v[a], v[b] = w[b], w[a]
	}
	return v, true
}

// satisfiedAt is k.Satisfied for the world whose card c is at at(c).
func satisfiedAt(k solver.Constraint, at func(solver.Card) solver.Holder) bool {
	sum := 0
	for _, t := range k.Terms {
		if at(t.Lit.Card) == t.Lit.Holder {
			sum += t.Coef
		}
	}
	switch k.Op {
	case solver.Eq:
		return sum == k.Bound
	case solver.Le:
		return sum <= k.Bound
	}
	return sum >= k.Bound
}
