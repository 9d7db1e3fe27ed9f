package solver

import (
	"context"
	"math/big"
)

// layerOf returns the layer i of the graph (the terminal layer when i == L).
func (cp *compiled) layer(i int) *glayer {
	if i == len(cp.layers) {
		return cp.term
	}
	return cp.layers[i]
}

// forward is, for every state, the number of ways to reach it from the
// root: the holders of earlier layers have taken their hands.
func forward[T any, A arith[T]](ctx context.Context, a A, cp *compiled) ([][]T, error) {
	L := len(cp.layers)
	F := make([][]T, L+1)
	for i := 0; i <= L; i++ {
		F[i] = make([]T, cp.layer(i).n)
		for x := range F[i] {
			F[i][x] = a.zero()
		}
	}
	if cp.layer(0).n > 0 {
		F[0][0] = a.small(1)
	}
	for i := 0; i < L; i++ {
		l := cp.layers[i]
		for x := 0; x < l.n; x++ {
			if x&1023 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			f := F[i][x]
			if a.isZero(f) {
				continue
			}
			for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
				y := l.eTo[e]
				F[i+1][y] = a.add(F[i+1][y], a.mul(f, a.weight(l, x, int(e))))
			}
		}
	}
	return F, nil
}

// backward is, for every state, the number of ways to complete it.
func backward[T any, A arith[T]](ctx context.Context, a A, cp *compiled) ([][]T, error) {
	L := len(cp.layers)
	B := make([][]T, L+1)
	B[L] = make([]T, cp.term.n)
	for x := range B[L] {
		B[L][x] = a.small(1)
	}
	for i := L - 1; i >= 0; i-- {
		l := cp.layers[i]
		B[i] = make([]T, l.n)
		for x := 0; x < l.n; x++ {
			if x&1023 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			s := a.zero()
			for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
				b := B[i+1][l.eTo[e]]
				if a.isZero(b) {
					continue
				}
				s = a.add(s, a.mul(a.weight(l, x, int(e)), b))
			}
			B[i][x] = s
		}
	}
	return B, nil
}

// total is the number of worlds of a feasible compiled problem.
func total[T any, A arith[T]](ctx context.Context, a A, cp *compiled) (*big.Int, error) {
	B, err := backward[T](ctx, a, cp)
	if err != nil {
		return nil, err
	}
	if len(B[0]) == 0 {
		return new(big.Int), nil
	}
	return a.toBig(B[0][0]), nil
}

// cellCounts is, for every layer and cell, the sum over worlds of the number
// of cards of the cell the layer's holder takes; and the total.
func cellCounts[T any, A arith[T]](ctx context.Context, a A, cp *compiled) ([][]*big.Int, *big.Int, error) {
	F, err := forward[T](ctx, a, cp)
	if err != nil {
		return nil, nil, err
	}
	B, err := backward[T](ctx, a, cp)
	if err != nil {
		return nil, nil, err
	}
	L := len(cp.layers)
	out := make([][]*big.Int, L)
	for i := 0; i < L; i++ {
		l := cp.layers[i]
		acc := make([]T, len(l.cells))
		for p := range acc {
			acc[p] = a.zero()
		}
		for x := 0; x < l.n; x++ {
			if x&1023 == 0 && ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			f := F[i][x]
			if a.isZero(f) {
				continue
			}
			for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
				b := B[i+1][l.eTo[e]]
				if a.isZero(b) {
					continue
				}
				v := a.mul(a.mul(f, a.weight(l, x, int(e))), b)
				for p, k := range l.hands[l.eHand[e]] {
					if k != 0 {
						acc[p] = a.add(acc[p], a.mul(v, a.small(uint64(k))))
					}
				}
			}
		}
		out[i] = make([]*big.Int, len(l.cells))
		for p := range acc {
			out[i][p] = a.toBig(acc[p])
		}
	}
	tot := new(big.Int)
	if len(B[0]) > 0 {
		tot = a.toBig(B[0][0])
	}
	return out, tot, nil
}

// run computes f in uint64 arithmetic and, when that overflowed, again in
// math/big.
func run[R any](ctx context.Context, cp *compiled, fast func(*u64) (R, error), exact func(bigs) (R, error)) (R, error) {
	a := &u64{}
	r, err := fast(a)
	if err != nil || !a.overflowed() {
		return r, err
	}
	return exact(bigs{})
}
