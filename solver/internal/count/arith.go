package count

import (
	"math/big"
	"math/bits"
)

// The counting passes are written once, generic over the arithmetic: a fast
// one on uint64 that notes any overflow, and an exact one on math/big used
// when the fast one overflowed. Results are always exact.

// arith is the arithmetic a counting pass runs in.
type arith[T any] interface {
	zero() T
	small(v uint64) T
	add(a, b T) T
	mul(a, b T) T
	isZero(a T) bool
	toBig(a T) *big.Int
	// weight is the number of ways the hand of edge e of layer l takes its
	// cards from the remaining cards of state x.
	weight(l *glayer, x, e int) T
	// scale is a*num/den, known to be an integer.
	scale(a T, num, den uint64) T
	overflowed() bool
}

// u64 is uint64 arithmetic that records overflow instead of wrapping.
type u64 struct{ ovf bool }

func (*u64) zero() uint64            { return 0 }
func (*u64) small(v uint64) uint64   { return v }
func (*u64) isZero(a uint64) bool    { return a == 0 }
func (*u64) toBig(a uint64) *big.Int { return new(big.Int).SetUint64(a) }
func (a *u64) overflowed() bool      { return a.ovf }

func (a *u64) add(x, y uint64) uint64 {
	s, c := bits.Add64(x, y, 0)
	if c != 0 {
		a.ovf = true
	}
	return s
}

func (a *u64) mul(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	if hi != 0 {
		a.ovf = true
	}
	return lo
}

func (a *u64) scale(x, num, den uint64) uint64 {
	hi, lo := bits.Mul64(x, num)
	if hi >= den {
		a.ovf = true
		return 0
	}
	q, _ := bits.Div64(hi, lo, den)
	return q
}

func (a *u64) weight(l *glayer, x, e int) uint64 {
	w := l.w64(x, int32(e))
	if w == 0 {
		a.ovf = true
	}
	return w
}

// bigs is exact arithmetic on math/big; values are never mutated once made.
type bigs struct{}

var bigZero, bigOne = big.NewInt(0), big.NewInt(1)

func (bigs) zero() *big.Int          { return bigZero }
func (bigs) small(v uint64) *big.Int { return new(big.Int).SetUint64(v) }
func (bigs) add(a, b *big.Int) *big.Int {
	if a.Sign() == 0 {
		return b
	}
	if b.Sign() == 0 {
		return a
	}
	return new(big.Int).Add(a, b)
}
func (bigs) mul(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }
func (bigs) isZero(a *big.Int) bool     { return a.Sign() == 0 }
func (bigs) toBig(a *big.Int) *big.Int  { return new(big.Int).Set(a) }
func (bigs) overflowed() bool           { return false }

func (bigs) scale(a *big.Int, num, den uint64) *big.Int {
	v := new(big.Int).Mul(a, new(big.Int).SetUint64(num))
	return v.Quo(v, new(big.Int).SetUint64(den))
}

func (bigs) weight(l *glayer, x, e int) *big.Int {
	if w := l.w64(x, int32(e)); w != 0 {
		return new(big.Int).SetUint64(w)
	}
	r := l.state(x)
	k := l.hands[l.edgeHand.at(int32(e))]
	w := big.NewInt(1)
	var b big.Int
	for p, j := range l.cells {
		if k[p] > 0 && int(k[p]) < int(r[j]) {
			w.Mul(w, b.Binomial(int64(r[j]), int64(k[p])))
		}
	}
	return w
}

// w64 is the weight of edge e out of state x of l (the number of ways its
// hand takes its cards from the state), 0 when it does not fit in a uint64.
// The generic builder stores it (edgeWeight); the packed builder does not,
// and it is computed from the cells the hand takes part of (weightCells)
// and the state:
// an edge then takes 8 bytes instead of 16.
func (l *glayer) w64(x int, e int32) uint64 {
	if l.edgeWeight != nil {
		return l.edgeWeight[e]
	}
	if l.weightCells == nil {
		return 1
	}
	return l.w64cells(x, l.weightCells[l.edgeHand.at(e)])
}

// w64cells is the weight of taking the cells ws out of state x of l (1
// when ws is empty).
func (l *glayer) w64cells(x int, ws []wcell) uint64 {
	r := l.cardsLeft[x*l.ncells : (x+1)*l.ncells]
	w := uint64(1)
	for _, wc := range ws {
		n, k := int(r[wc.j]), int(wc.k)
		if k == n {
			continue
		}
		var b uint64
		if n < len(binTab) {
			b = binTab[n][k]
		} else {
			var fits bool
			if b, fits = binomU64(n, k); !fits {
				return 0
			}
		}
		hi, lo := bits.Mul64(w, b)
		if hi != 0 {
			return 0
		}
		w = lo
	}
	return w
}

// binTab[n][k] is C(n, k) for n <= 64 (all fit in a uint64).
var binTab = func() (t [65][65]uint64) {
	for n := range 65 {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

// binomU64 is C(n, k) and whether it fits in a uint64.
func binomU64(n, k int) (uint64, bool) {
	if k < 0 || k > n {
		return 0, true
	}
	if k > n-k {
		k = n - k
	}
	r := uint64(1)
	for i := 1; i <= k; i++ {
		// r = r * (n-k+i) / i, exact at every step; guard the product.
		hi, lo := bits.Mul64(r, uint64(n-k+i))
		if hi >= uint64(i) {
			return 0, false
		}
		q, _ := bits.Div64(hi, lo, uint64(i))
		r = q
	}
	return r, true
}
