package solver

import (
	"context"
	"fmt"
)

// WorldUnder is a world of the observations listed by id, with the
// model's structure, or nil when they admit none (the question
// [SAT.ConsistentUnder] asks, with the world it finds). Unknown ids are an
// error.
func (s *SAT) WorldUnder(ctx context.Context, ids []int) (World, error) {
	s.sync()
	for _, id := range ids {
		if id < 0 || id >= len(s.acts) {
			return nil, fmt.Errorf("solver: unknown observation id %d", id)
		}
	}
	r, err := s.solve(ctx, s.assumptions(ids))
	if err != nil || r != 1 {
		return nil, err
	}
	return s.world(), nil
}
