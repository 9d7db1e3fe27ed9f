package murderbythedeck

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// compiled is the tracker's solver problem for a state: one solver card a
// copy of a card in one pile generation (and one a BLOCK's suit), one
// holder each initial hand, each draw, each draw pile (and each BLOCK's
// four suits). Observation i comes from line obsLine[i].
type compiled struct {
	prob    *solver.Problem
	obsLine []int
	// order is the counting graph's layer order (solver.WithOrder):
	// see countOrder.
	order []solver.Holder
}

// counter is an exact counter of the problem, its layers in countOrder's
// order.
func (cp *compiled) counter() *solver.Counter {
	if ownOrder {
		return solver.NewCounter(cp.prob)
	}
	return solver.NewCounter(cp.prob, solver.WithOrder(cp.order...))
}

// ownOrder, set by measurements only, leaves the counter to its own layer
// order, as the tracker did before it gave one: rounds played by simulated
// players whose trackers were refused are replayed that way.
var ownOrder bool

// countOrder is the layer order the counter is given: pile generations
// from the newest to the first, and in each, its draw pile (what is left
// of it, drawn last), then its draws from the latest to the earliest, then
// (the first generation) the initial hands; the BLOCK suits last. A
// discard of card X by p says X's copy is in one of p's holders up to
// then: counted in reverse time order, the copies whose discards are all
// later than the draws still to count are interchangeable with p's other
// such copies, so a state is little more than how many of each player's
// copies are left. The order the counter searches for by itself (it sorts
// a hundred holders or more by their candidate hands) keeps such copies
// apart, and its estimate then refuses long rounds that this order counts
// in a few thousand states (docs/benchmarks.md).
func (s *state) countOrder() []solver.Holder {
	kind := func(h int) int {
		switch {
		case h < Players:
			return 2
		case slices.Contains(s.pileH, h):
			return 0
		}
		return 1
	}
	epoch := func(h int) int {
		if e := s.hEpoch[h]; e > 0 {
			return e
		}
		return 0 // BLOCK suits: last
	}
	order := make([]solver.Holder, len(s.holders))
	for h := range order {
		order[h] = solver.Holder(h)
	}
	slices.SortFunc(order, func(a, b solver.Holder) int {
		x, y := int(a), int(b)
		if c := cmp.Compare(epoch(y), epoch(x)); c != 0 {
			return c
		}
		if c := cmp.Compare(kind(x), kind(y)); c != 0 {
			return c
		}
		return cmp.Compare(y, x)
	})
	return order
}

// copyName is the solver name of copy i.
func (s *state) copyName(i int) string {
	c := s.copies[i]
	switch {
	case c.epoch < 0:
		return fmt.Sprintf("block%d", -c.epoch-1)
	case c.epoch == 1:
		return c.card.String()
	}
	return fmt.Sprintf("%s@%d", c.card, c.epoch)
}

func (s *state) compile() (*compiled, error) {
	names := make([]string, len(s.copies))
	for i := range s.copies {
		names[i] = s.copyName(i)
	}
	specs := make([]solver.HolderSpec, len(s.holders))
	for h, n := range s.holders {
		size := solver.Exactly(1)
		switch {
		case h < Players:
			size = solver.Exactly(HandSize)
		case s.hEpoch[h] < 0:
			size = solver.Between(0, 1)
		case n[0] == 'p':
			size = solver.Exactly(0)
			if s.pileH[s.epoch-1] == h {
				size = solver.Exactly(s.pile)
			}
		}
		specs[h] = solver.HolderSpec{Name: n, Size: size}
	}
	m, err := solver.NewModel(names, specs)
	if err != nil {
		return nil, fmt.Errorf("mbtd: internal error: %v", err)
	}
	byEpoch := map[int][]solver.Holder{}
	for h, e := range s.hEpoch {
		byEpoch[e] = append(byEpoch[e], solver.Holder(h))
	}
	for i, c := range s.copies {
		if err := m.Restrict(solver.Card(i), byEpoch[c.epoch]...); err != nil {
			return nil, fmt.Errorf("mbtd: internal error: %v", err)
		}
	}
	p := solver.NewProblem(m)
	cp := &compiled{prob: p, order: s.countOrder()}
	for _, o := range s.obs {
		var cons []solver.Constraint
		for _, k := range o.cons {
			cons = append(cons, k.solver())
		}
		if _, err := p.Add(solver.Observation{Label: fmt.Sprint(o.line), Constraints: cons}); err != nil {
			return nil, fmt.Errorf("mbtd: internal error: line %d: %v", o.line, err)
		}
		cp.obsLine = append(cp.obsLine, o.line)
	}
	return cp, nil
}

func (k scons) solver() solver.Constraint {
	var ts []solver.Term
	for _, t := range k.terms {
		ts = append(ts, solver.Term{Coef: t.coef, Lit: solver.Lit{Card: solver.Card(t.l.copy), Holder: solver.Holder(t.l.holder)}})
	}
	op := [...]solver.Op{solver.Eq, solver.Le, solver.Ge}[k.op]
	return solver.Constraint{Terms: ts, Op: op, Bound: k.bound}
}
