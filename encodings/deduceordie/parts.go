package deduceordie

import (
	"cmp"
	"context"
	"math/big"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// A failed accusation is a chain of clauses, each "not (x and y are the
// Evidence and ...)". The report's counting graph has the Evidence first,
// so on every first edge but the pair {x, y} the clauses are settled at
// once; but the graph's layers tell cards apart for all states alike, so
// while the pair is possible the chain's cards are told apart everywhere
// (a five-player report of 3.2 million edges, 1 million without them). The
// report therefore counts the worlds in disjoint parts: those whose
// Evidence is none of the accused pairs (the accusations' clauses hold
// there and are left out, "not this pair" taking their place), and, for
// each accused pair, those whose Evidence is that pair. The Evidence holds
// exactly two cards, so the parts share no world and cover them all, and
// every count is the sum of the parts' counts.

// guardPair reports the Evidence pair observation o is guarded by: every
// one of its constraints is a clause "not (x with the Evidence and y with
// the Evidence and ...)", so it holds whenever the Evidence is not {x, y},
// as a failed accusation's constraints do.
func guardPair(o solver.Observation, ev solver.Holder) ([2]Card, bool) {
	var pair [2]Card
	if len(o.Constraints) == 0 {
		return pair, false
	}
	for i, k := range o.Constraints {
		if k.Op != solver.Ge || k.Bound != 1-len(k.Terms) {
			return pair, false
		}
		var on []Card
		for _, t := range k.Terms {
			if t.Coef != -1 {
				return pair, false
			}
			if t.Lit.Holder == ev {
				on = append(on, t.Lit.Card)
			}
		}
		slices.Sort(on)
		on = slices.Compact(on)
		if len(on) != 2 || (i > 0 && [2]Card{on[0], on[1]} != pair) {
			return pair, false
		}
		pair = [2]Card{on[0], on[1]}
	}
	return pair, true
}

// reportParts splits the worlds of p as above; nil when no observation is
// guarded by an Evidence pair (or the Evidence does not hold exactly two
// cards), and the report counts p whole.
func reportParts(p *solver.Problem, ev solver.Holder) []*solver.Problem {
	if p.Model().HolderSize(ev) != solver.Exactly(2) {
		return nil
	}
	var pairs [][2]Card
	var keep []int
	for id, o := range p.Observations() {
		pair, ok := guardPair(o, ev)
		if !ok {
			keep = append(keep, id)
			continue
		}
		if !slices.Contains(pairs, pair) {
			pairs = append(pairs, pair)
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	lit := func(c Card) solver.Lit { return solver.Lit{Card: c, Holder: ev} }
	rest := p.Subset(keep)
	parts := []*solver.Problem{rest}
	for _, pair := range pairs {
		not := solver.Observation{Label: "the Evidence is not " + pairName(pair), Constraints: []solver.Constraint{solver.Clause(nil, []solver.Lit{lit(pair[0]), lit(pair[1])})}}
		is := solver.Observation{Label: "the Evidence is " + pairName(pair), Constraints: []solver.Constraint{solver.Holds(pair[0], ev), solver.Holds(pair[1], ev)}}
		if _, err := rest.Add(not); err != nil {
			return nil
		}
		q := p.Clone()
		if _, err := q.Add(is); err != nil {
			return nil
		}
		parts = append(parts, q)
	}
	return parts
}

func pairName(pair [2]Card) string { return CardName(pair[0]) + "+" + CardName(pair[1]) }

// reportCounter is what the report asks of its counts.
type reportCounter interface {
	Marginals(ctx context.Context) (*solver.Marginals, error)
	ContentsAndHolder(ctx context.Context, h solver.Holder, pick func([]solver.Card) (solver.Card, bool)) ([]solver.ContentHolderCount, error)
	Contents(ctx context.Context, h solver.Holder) ([]solver.ContentCount, error)
}

// partCounter counts the worlds of disjoint parts and adds them up.
type partCounter []*solver.Counter

func (pc partCounter) Marginals(ctx context.Context) (*solver.Marginals, error) {
	var ms []*solver.Marginals
	for _, c := range pc {
		m, err := c.Marginals(ctx)
		if err != nil {
			return nil, err
		}
		ms = append(ms, m)
	}
	return solver.SumMarginals(ms...)
}

func (pc partCounter) ContentsAndHolder(ctx context.Context, h solver.Holder, pick func([]solver.Card) (solver.Card, bool)) ([]solver.ContentHolderCount, error) {
	out, err := gather(pc, func(c *solver.Counter) ([]solver.ContentHolderCount, error) { return c.ContentsAndHolder(ctx, h, pick) })
	if err != nil {
		return nil, err
	}
	return addUp(out, func(a, b solver.ContentHolderCount) int {
		return cmp.Or(slices.Compare(a.Cards, b.Cards), cmp.Compare(a.Holder, b.Holder))
	}, func(x solver.ContentHolderCount) *big.Int { return x.Count }, func(x *solver.ContentHolderCount, n *big.Int) { x.Count = n }), nil
}

func (pc partCounter) Contents(ctx context.Context, h solver.Holder) ([]solver.ContentCount, error) {
	out, err := gather(pc, func(c *solver.Counter) ([]solver.ContentCount, error) { return c.Contents(ctx, h) })
	if err != nil {
		return nil, err
	}
	return addUp(out, func(a, b solver.ContentCount) int { return slices.Compare(a.Cards, b.Cards) },
		func(x solver.ContentCount) *big.Int { return x.Count }, func(x *solver.ContentCount, n *big.Int) { x.Count = n }), nil
}

// gather is every part's outcomes, one after the other.
func gather[T any](pc partCounter, f func(*solver.Counter) ([]T, error)) ([]T, error) {
	var out []T
	for _, c := range pc {
		x, err := f(c)
		if err != nil {
			return nil, err
		}
		out = append(out, x...)
	}
	return out, nil
}

// addUp sorts outcomes as one counter orders them and adds up those that
// name the same outcome: the parts share no world, but an outcome of one
// part may have been left out of another or appear in two.
func addUp[T any](out []T, order func(a, b T) int, count func(T) *big.Int, set func(*T, *big.Int)) []T {
	slices.SortStableFunc(out, order)
	merged := out[:0]
	for _, x := range out {
		if n := len(merged); n > 0 && order(merged[n-1], x) == 0 {
			set(&merged[n-1], new(big.Int).Add(count(merged[n-1]), count(x)))
			continue
		}
		merged = append(merged, x)
	}
	return merged
}
