package deductio

import (
	"context"
	"errors"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// tally is the exact count of the worlds (deals) of a compiled game and of
// the worlds in which each holder has each number. A Deductio game has at
// most 20·19·18·17 deals, so int64 holds every count.
type tally struct {
	total int64
	// per holder: count[h][n] worlds in which h holds n (n from 1)
	count [][MaxNumber + 1]int64
}

// countWorlds counts the worlds of s with the solver's counting engine.
func (s *state) countWorlds(ctx context.Context) (tally, error) {
	m := s.prob.Model()
	t := tally{count: make([][MaxNumber + 1]int64, m.NumHolders())}
	marg, err := solver.NewCounter(s.prob).Marginals(ctx)
	if err != nil {
		return t, err
	}
	if !marg.Total.IsInt64() {
		return t, errors.New("deductio: internal error: more deals than a game can have")
	}
	t.total = marg.Total.Int64()
	for h := range m.NumHolders() {
		for n := 1; n <= MaxNumber; n++ {
			t.count[h][n] = marg.Count(cardOf(n), solver.Holder(h)).Int64()
		}
	}
	return t, nil
}
