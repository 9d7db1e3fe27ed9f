package tournament

import (
	"context"
	"errors"
)

// PlayDeductio plays one seeded game of Deductio.
func PlayDeductio(ctx context.Context, seats []Policy, seed uint64) (Result, error) {
	return newResult(seats), errors.New("todo")
}
