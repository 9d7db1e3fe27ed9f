package threat

import (
	"context"
	"math/big"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// AccuseGame is a [Game] that can also tell what each opponent would
// accuse: the opponent model of Options.AccuseAt, where an opponent
// accuses as soon as its own best accusation is at least AccuseAt likely
// in its own view, whether or not it is certain.
type AccuseGame interface {
	Game
	// Accusations are opponent o's best accusations in world w of the
	// seat's view, one [Accusation] per hidden choice the game models
	// (the cards shown to o out of the seat's sight), the choices'
	// weights adding up to 1; a game whose view of o is fixed by w
	// returns one, of weight 1. In each, Best is the probability, in o's
	// view (every world o cannot tell from w, equally likely), of o's
	// most likely winning accusation, and Right is the share of o's
	// equally likely best accusations that win in w: o is taken to pick
	// one of its tied best accusations with equal chance.
	Accusations(ctx context.Context, o int, w solver.World) ([]Accusation, error)
}

// Accusation is an opponent's best accusation under one hidden choice of
// a world (see [AccuseGame]).
type Accusation struct {
	Weight *big.Rat // the hidden choice's chance in the world
	Best   *big.Rat // the probability of o's best accusation in o's view
	Right  *big.Rat // the chance o's best accusation is the world's solution
}

// accusing is, from the accusations of one world, the chance that the
// opponent accuses (its best accusation is at least t likely) and the
// chance that it accuses and is right.
func accusing(as []Accusation, t *big.Rat) (accuses, right *big.Rat) {
	accuses, right = new(big.Rat), new(big.Rat)
	for _, a := range as {
		if a.Best.Cmp(t) < 0 {
			continue
		}
		accuses.Add(accuses, a.Weight)
		right.Add(right, new(big.Rat).Mul(a.Weight, a.Right))
	}
	return accuses, right
}

// SolutionCount is one solution of an opponent's view with its number of
// worlds (see Views.Solutions).
type SolutionCount struct {
	Key   string // as Views.Solution names it
	Count *big.Int
	// NoWin is set when no accusation wins in these worlds (in Deduce or
	// Die, every card the accuser could name is in its own hand): the
	// opponent never makes it, and counts these worlds only as lost.
	NoWin bool
}

// best is what an opponent's view says of its best accusation: its
// probability and the keys of the equally likely best solutions.
type best struct {
	prob *big.Rat
	keys []string
}

// Best is opponent o's best accusation in world w (Views.Solutions must be
// set): its probability in o's view, and the share of o's equally likely
// best solutions that are w's solution. Solutions no accusation wins
// (SolutionCount.NoWin) are never o's best; when every solution is one,
// both are 0.
func (v *Views) Best(ctx context.Context, o int, w solver.World) (prob, right *big.Rat, err error) {
	ck, view, err := v.view(o, w)
	if err != nil {
		return nil, nil, err
	}
	if v.bests == nil {
		v.bests = make(map[string]best)
	}
	b, ok := v.bests[ck]
	if !ok {
		sols, err := v.Solutions(ctx, o, w, view)
		if err != nil {
			return nil, nil, err
		}
		total, top := new(big.Int), new(big.Int)
		for _, s := range sols {
			total.Add(total, s.Count)
			if s.NoWin || s.Count.Sign() == 0 {
				continue
			}
			switch s.Count.Cmp(top) {
			case 1:
				top.Set(s.Count)
				b.keys = append(b.keys[:0], s.Key)
			case 0:
				b.keys = append(b.keys, s.Key)
			}
		}
		if total.Sign() == 0 {
			return nil, nil, ErrNoWorld
		}
		b.prob = new(big.Rat).SetFrac(top, total)
		v.bests[ck] = b
	}
	key := v.Solution(o, w)
	n := 0
	for _, k := range b.keys {
		if k == key {
			n++
		}
	}
	if len(b.keys) == 0 {
		return b.prob, new(big.Rat), nil
	}
	return b.prob, big.NewRat(int64(n), int64(len(b.keys))), nil
}

// AnyRight is [Any] for the opponents modelled as accusing at
// Options.AccuseAt: the probability that at least one of them accuses and
// is right (Figure.PerWorldRight), the opponents' hidden choices
// independent in each world. It is Any when the figures have no Right.
func AnyRight(figs []Figure, include func(o int) bool) (p *big.Rat, se float64) {
	if len(figs) == 0 || len(figs[0].PerWorldRight) == 0 {
		return Any(figs, include)
	}
	return anyOf(figs, include, func(f *Figure) []*big.Rat { return f.PerWorldRight })
}
