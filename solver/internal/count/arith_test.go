package count

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCounterArithmeticsAgree runs the passes in both arithmetics on random
// problems: the uint64 path and the math/big path must give the same counts.
func TestCounterArithmeticsAgree(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 500; i++ {
		p := randomCountInput(rng, 9, 4)
		cp, err := compile(ctx, p, layout{first: NoHolder})
		require.NoError(t, err)
		if cp.infeasible {
			continue
		}
		a := &u64{}
		r1, err := backward[uint64](ctx, a, cp, true, true)
		require.NoError(t, err)
		require.False(t, a.overflowed())
		r2, err := backward[*big.Int](ctx, bigs{}, cp, true, true)
		require.NoError(t, err)
		require.Zero(t, r1.total.Cmp(r2.total))
		require.Equal(t, fmt.Sprint(r1.ways, r1.rootCardWays, r1.cardWays1), fmt.Sprint(r2.ways, r2.rootCardWays, r2.cardWays1))
	}
}

// TestAlwaysHolds checks the test of a constraint met whatever its
// literals are.
func TestAlwaysHolds(t *testing.T) {
	lit := func(c int) Lit { return Lit{Card: Card(c), Holder: 0} }
	terms := func(coefs ...int) []Term {
		var ts []Term
		for i, k := range coefs {
			ts = append(ts, Term{Coef: k, Lit: lit(i)})
		}
		return ts
	}
	for _, tc := range []struct {
		name string
		k    ncon
		want bool
	}{
		{"clause met by its least sum", ncon{terms: terms(-1, -1), op: Ge, bound: -2}, true},
		{"clause that can fail", ncon{terms: terms(-1, -1), op: Ge, bound: -1}, false},
		{"at most all", ncon{terms: terms(1, 1, 1), op: Le, bound: 3}, true},
		{"at most two of three", ncon{terms: terms(1, 1, 1), op: Le, bound: 2}, false},
		{"mixed signs at least", ncon{terms: terms(2, -1), op: Ge, bound: -1}, true},
		{"mixed signs at least, can fail", ncon{terms: terms(2, -1), op: Ge, bound: 0}, false},
		{"equality with room", ncon{terms: terms(1, 1), op: Eq, bound: 1}, false},
		{"equality of zero coefficients' sum", ncon{terms: nil, op: Eq, bound: 0}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, alwaysHolds(tc.k))
		})
	}
}
