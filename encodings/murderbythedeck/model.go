package murderbythedeck

import (
	"fmt"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// compiled is the tracker's solver problem for a state: one solver card a
// copy of a card in one pile generation (and one a BLOCK's suit), one
// holder each initial hand, each draw, each draw pile (and each BLOCK's
// four suits). Observation i comes from line obsLine[i].
type compiled struct {
	prob    *solver.Problem
	obsLine []int
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
	cp := &compiled{prob: p}
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
