package tournament

import (
	"context"
	"math/big"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Event is a set of worlds picked out by constraints, and the answers the
// seat may hear in them: each of Answers with chance Weight (times a
// common factor of every event), for answers that a responder chooses at
// random among several.
type Event struct {
	Constraints []solver.Constraint
	Answers     []int
	Weight      int64
}

// ExpectedSettled is the exact expected number of settled cells (card ×
// holder cells that are ✓ or ✗: held in every world or in none) of the
// sheet after the seat hears the answer of a question, the answer drawn
// from its distribution under the seat's view. The events list the
// question's outcomes; every world of the problem must be in events whose
// weights add up to the same total (the answers partition the worlds).
func ExpectedSettled(ctx context.Context, p *solver.Problem, events []Event) (*big.Rat, error) {
	m := p.Model()
	nc, nh := m.NumCards(), m.NumHolders()
	type acc struct {
		total  *big.Int
		counts [][]*big.Int
	}
	answers := map[int]*acc{}
	var order []int
	tmp := new(big.Int)
	for _, ev := range events {
		q := p.Clone()
		if _, err := q.Add(solver.Observation{Label: "answer", Constraints: ev.Constraints}); err != nil {
			return nil, err
		}
		mg, err := solver.NewCounter(q).Marginals(ctx)
		if err != nil {
			return nil, err
		}
		if mg.Total.Sign() == 0 {
			continue
		}
		for _, ans := range ev.Answers {
			a := answers[ans]
			if a == nil {
				a = &acc{total: new(big.Int), counts: make([][]*big.Int, nc)}
				for c := range a.counts {
					a.counts[c] = make([]*big.Int, nh)
					for h := range a.counts[c] {
						a.counts[c][h] = new(big.Int)
					}
				}
				answers[ans] = a
				order = append(order, ans)
			}
			w := big.NewInt(ev.Weight)
			a.total.Add(a.total, tmp.Mul(mg.Total, w))
			for c := range nc {
				for h := range nh {
					a.counts[c][h].Add(a.counts[c][h], tmp.Mul(mg.Count(solver.Card(c), solver.Holder(h)), w))
				}
			}
		}
	}
	num, den := new(big.Int), new(big.Int)
	for _, k := range order {
		a := answers[k]
		settled := 0
		for c := range nc {
			for h := range nh {
				if x := a.counts[c][h]; x.Sign() == 0 || x.Cmp(a.total) == 0 {
					settled++
				}
			}
		}
		num.Add(num, tmp.Mul(a.total, big.NewInt(int64(settled))))
		den.Add(den, a.total)
	}
	if den.Sign() == 0 {
		return new(big.Rat), nil
	}
	return new(big.Rat).SetFrac(num, den), nil
}
