package count

import (
	"context"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync/atomic"
)

// layer returns layer i of the graph (the terminal layer when i == L).
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
	var tk ticker
	for i := 0; i < L; i++ {
		l := cp.layers[i]
		for x := 0; x < l.n; x++ {
			if tk.due(int(l.edgeStart[x+1]-l.edgeStart[x])) && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			f := F[i][x]
			if a.isZero(f) {
				continue
			}
			for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
				y := l.edgeTo[e]
				F[i+1][y] = a.add(F[i+1][y], a.mul(f, a.weight(l, x, int(e))))
			}
		}
	}
	return F, nil
}

// passResult is what the backward pass computes. In docs/counting.md and
// in the passes' code, B is a state's ways to complete it and P its ways
// per remaining card and later holder.
type passResult struct {
	total *big.Int
	// ways[i][x] (B): the number of ways to complete state x of layer i
	// (when asked for every layer; else see ways1).
	ways [][]*big.Int
	// rootCardWays[j*L+l] (P at the root): the number of worlds in which
	// a given card of global cell j is with the holder of layer l (the
	// marginals).
	rootCardWays []*big.Int
	// cardWays1[x][j*(L-1)+l-1] (P at layer 1): for state x of layer 1,
	// the number of ways to complete it in which a given remaining card of
	// the layer's cell j is with the holder of layer l.
	cardWays1 [][]*big.Int
	// ways1 and cardWays1Raw, when set, stand for ways[1] and cardWays1
	// in uint64 (cardWays1Raw in rows of rawWidth).
	ways1        []uint64
	cardWays1Raw []uint64
	rawWidth     int
}

// b1 is B[1][y].
func (r *passResult) b1(y int) *big.Int {
	if r.ways1 != nil {
		return new(big.Int).SetUint64(r.ways1[y])
	}
	return r.ways[1][y]
}

// p1 is cardWays1[y][t].
func (r *passResult) p1(y, t int) *big.Int {
	if r.cardWays1Raw != nil {
		return new(big.Int).SetUint64(r.cardWays1Raw[y*r.rawWidth+t])
	}
	return r.cardWays1[y][t]
}

// backward counts, for every state, the ways to complete it; with cards
// set, it also counts, for every state and every cell of its layer, the
// completions in which a given remaining card of the cell goes to each later
// layer. That vector, at the root, is every marginal; at the first layer's
// successors, the split of a content of the first holder by the holder of
// any other card.
func backward[T any, A arith[T]](ctx context.Context, a A, cp *compiled, cards, keepB bool) (*passResult, error) {
	L := len(cp.layers)
	B := make([][]T, L+1)
	B[L] = make([]T, cp.term.n)
	for x := range B[L] {
		B[L][x] = a.small(1)
	}
	var P, nextP []T // P of layer i+1, then of layer i
	res := &passResult{}
	for i := L - 1; i >= 0; i-- {
		l := cp.layers[i]
		B[i] = make([]T, l.n)
		width := l.ncells * (L - i)
		nw := 0
		if i+1 < L {
			nw = L - i - 1
		}
		if cards {
			if err := cp.passFits(int64(l.n) * int64(width) * bigValueBytes); err != nil {
				return nil, err
			}
			nextP = make([]T, l.n*width)
			for t := range nextP {
				nextP[t] = a.zero()
			}
		}
		inLayer := make([]int, l.ncells)
		for j := range inLayer {
			inLayer[j] = -1
		}
		for p, j := range l.cells {
			inLayer[j] = p
		}
		nxCells := cp.layer(i + 1).ncells
		var tk ticker
		for x := 0; x < l.n; x++ {
			if tk.due(int(l.edgeStart[x+1]-l.edgeStart[x])*l.ncells) && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			s := a.zero()
			r := l.state(x)
			var px []T
			if cards {
				px = nextP[x*width : (x+1)*width]
			}
			for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
				y := int(l.edgeTo[e])
				b := B[i+1][y]
				if a.isZero(b) {
					continue
				}
				w := a.weight(l, x, int(e))
				s = a.add(s, a.mul(w, b))
				if !cards {
					continue
				}
				hand := l.hands[l.edgeHand.at(e)]
				var py []T
				if nw > 0 {
					py = P[y*nxCells*nw : (y+1)*nxCells*nw]
				}
				for j, xj := range r {
					if xj == 0 {
						continue
					}
					kj := uint16(0)
					if p := inLayer[j]; p >= 0 {
						kj = hand[p]
					}
					row := px[j*(L-i) : (j+1)*(L-i)]
					if kj > 0 {
						wIn := w
						if kj != xj {
							wIn = a.scale(w, uint64(kj), uint64(xj))
						}
						row[0] = a.add(row[0], a.mul(wIn, b))
					}
					if kj < xj && nw > 0 {
						wEx := w
						if kj != 0 {
							wEx = a.scale(w, uint64(xj-kj), uint64(xj))
						}
						src := py[l.up[j]*nw : (l.up[j]+1)*nw]
						for t, v := range src {
							if !a.isZero(v) {
								row[t+1] = a.add(row[t+1], a.mul(wEx, v))
							}
						}
					}
				}
			}
			B[i][x] = s
		}
		if cards {
			P = nextP
			if i == 1 {
				res.cardWays1 = make([][]*big.Int, l.n)
				for x := range res.cardWays1 {
					row := make([]*big.Int, width)
					for t := range row {
						row[t] = a.toBig(P[x*width+t])
					}
					res.cardWays1[x] = row
				}
			}
			if i == 0 && l.n > 0 {
				res.rootCardWays = make([]*big.Int, width)
				for t := range res.rootCardWays {
					res.rootCardWays[t] = a.toBig(P[t])
				}
			}
		}
	}
	res.ways = make([][]*big.Int, L+1)
	for i := range B {
		if !keepB && i != 1 {
			continue
		}
		res.ways[i] = make([]*big.Int, len(B[i]))
		for x := range B[i] {
			res.ways[i][x] = a.toBig(B[i][x])
		}
	}
	res.total = new(big.Int)
	if len(B[0]) > 0 {
		res.total = a.toBig(B[0][0])
	}
	return res, nil
}

// run computes f in uint64 arithmetic and, when that overflowed, again in
// math/big.
func run[R any](cp *compiled, fast func(*u64) (R, error), exact func(bigs) (R, error)) (R, error) {
	a := &u64{}
	r, err := fast(a)
	if err != nil || !a.overflowed() {
		return r, err
	}
	return exact(bigs{})
}

// pass runs the backward pass in the right arithmetic.
func (cp *compiled) pass(ctx context.Context, cards, keepB bool) (*passResult, error) {
	if r, ovf, err := backwardU64(ctx, cp, cards, keepB, nil); err != nil || !ovf {
		return r, err
	}
	return backward[*big.Int](ctx, bigs{}, cp, cards, keepB)
}

// backwardU64 is backward in uint64 arithmetic, written out for speed (the
// generic pass calls its arithmetic through a dictionary) and run on every
// core: the states of a layer are independent. It reports whether anything
// overflowed, in which case its result is meaningless. With raw set, it
// stops before layer raw.stop and leaves in raw the uint64 B and P of the
// layer after it (for [Counter.ContentsAndHolderByTally]), returning an
// empty result.
func backwardU64(ctx context.Context, cp *compiled, cards, keepB bool, raw *rawLayer) (*passResult, bool, error) {
	L := len(cp.layers)
	B := make([][]uint64, L+1)
	B[L] = make([]uint64, cp.term.n)
	for x := range B[L] {
		B[L][x] = 1
	}
	var P pvec
	res := &passResult{}
	for i := L - 1; i >= 0; i-- {
		if raw != nil && i == raw.stop {
			// The caller runs this layer itself.
			raw.ways, raw.P = B[i+1], P
			return res, false, nil
		}
		// P is sparse but where it is read as a whole: layers 0 and 1
		// (the marginals and P1). A caller that continues the pass reads
		// it with stepPacked, which takes either layout.
		sparse := i >= 2 || (raw != nil && i > raw.stop)
		Bi, Pi, ovf, err := stepPacked(ctx, cp, i, B[i+1], P, cards, nil, sparse, nil)
		if err != nil || ovf {
			return nil, ovf, err
		}
		B[i] = Bi
		if cards {
			// Layer i+1's P was read by this step alone.
			putU64(P.v)
			P = Pi
			width := cp.layers[i].ncells * (L - i)
			if i == 1 && raw == nil {
				res.cardWays1Raw, res.rawWidth = widen(cp, i, Bi, P.v, 1, nil), width
			}
			if i == 0 && cp.layers[i].n > 0 {
				res.rootCardWays = bigRows(widen(cp, i, Bi, P.v, 1, nil), 1, width)[0]
			}
			if i == 0 {
				putU64(P.v)
				P = pvec{}
			}
		}
	}
	res.ways = make([][]*big.Int, L+1)
	if keepB {
		for i := range B {
			res.ways[i] = bigVec(B[i])
		}
	}
	if L >= 1 {
		res.ways1 = B[1]
	}
	res.total = new(big.Int)
	if len(B[0]) > 0 {
		res.total = new(big.Int).SetUint64(B[0][0])
	}
	return res, false, nil
}

// rawLayer asks backwardU64 to stop before layer stop, and receives the
// uint64 B and P of layer stop+1.
type rawLayer struct {
	stop int
	ways []uint64
	P    pvec
}

// bigRows cuts v into n rows of width values, as big integers. The
// integers share three allocations (they must not be changed in place,
// which the passes' results never are).
func bigRows(v []uint64, n, width int) [][]*big.Int {
	all := bigVec(v[:n*width])
	out := make([][]*big.Int, n)
	for x := range out {
		out[x] = all[x*width : (x+1)*width : (x+1)*width]
	}
	return out
}

// bigVec is v as big integers sharing a few allocations.
func bigVec(v []uint64) []*big.Int {
	ints := make([]big.Int, len(v))
	out := make([]*big.Int, len(v))
	if bits.UintSize == 64 {
		words := make([]big.Word, len(v))
		for t, x := range v {
			if x != 0 {
				words[t] = big.Word(x)
				ints[t].SetBits(words[t : t+1 : t+1])
			}
			out[t] = &ints[t]
		}
		return out
	}
	for t, x := range v {
		out[t] = ints[t].SetUint64(x)
	}
	return out
}

// pvec is P of one layer. Dense (off nil), the W values of state x and
// cell j are at v[(x*ncells+j)*W:]. Sparse, only the cells a state has
// cards left of have values: those of state x and cell j are at
// v[off[x]+rk[x*ncells+j]*W:]. Sparse vectors take a third to a half less
// memory in the middle layers, where states have many empty cells.
type pvec struct {
	v   []uint64
	off []int
	rk  []uint16
}

// widen is P of layer i as stepPacked leaves it (dense, k classes) with
// the values of the last layer's holder put back: per state and cell with
// cards left, B less the values of the other holders. Rows have
// ncells*(L-i) values. With only set, only the cells only[x] of state x
// are widened (see stepPacked).
func widen(cp *compiled, i int, B []uint64, v []uint64, k int, only [][]int) []uint64 {
	L := len(cp.layers)
	l := cp.layers[i]
	W := L - i
	out := getU64(k * l.n * l.ncells * W)
	for cx := range k * l.n {
		x := cx % l.n
		st := l.state(x)
		for j, n := range st {
			if n == 0 || (only != nil && !slices.Contains(only[x], j)) {
				continue
			}
			dst := out[(cx*l.ncells+j)*W : (cx*l.ncells+j+1)*W]
			copy(dst, v[(cx*l.ncells+j)*(W-1):(cx*l.ncells+j+1)*(W-1)])
			rest := B[cx]
			for _, u := range dst[:W-1] {
				rest -= u
			}
			dst[W-1] = rest
		}
	}
	return out
}

// left is a cell some cards of which remain in a state.
type left struct {
	at, pos, up int // its values in the state's block, its position in hands, its cell in the next layer
	n           uint64
}

// taken is the number of the cell's cards that hand takes.
func (c *left) taken(hand []uint16) uint64 {
	if c.pos < 0 {
		return 0
	}
	return uint64(hand[c.pos])
}

// split divides w, the ways through an edge whose hand takes k of the
// cell's n cards (0 < k < n), into those that give a given card of the
// cell to the hand and those that leave it: w*k/n and w*(n-k)/n, both
// whole numbers (w has the factor C(n, k), and C(n, k)*k/n is C(n-1, k-1)).
func (c *left) split(w, k uint64) (in, ex uint64) {
	h, lo := bits.Mul64(w, k)
	in, _ = bits.Div64(h, lo, c.n)
	h, lo = bits.Mul64(w, c.n-k)
	ex, _ = bits.Div64(h, lo, c.n)
	return in, ex
}

// addP adds an edge's share to P of its state (px, the state's values):
// for each cell with cards left (ls), the worlds through the edge (weight
// w, b ways on from the next state) that give a given card of the cell to
// this layer's holder, and those that leave it, weighed by what the next
// state's values (in src from yAt, by rank yRk when sparse, nw a cell)
// say later holders do with it.
func addP(px []uint64, ls []left, hand []uint16, w, b uint64, yAt int, yRk []uint16, src []uint64, W, nw int) {
	switch nw {
	case 1:
		addP1(px, ls, hand, w, b, yAt, yRk, src)
		return
	case 2:
		addP2(px, ls, hand, w, b, yAt, yRk, src)
		return
	}
	for _, c := range ls {
		kj := c.taken(hand)
		dst := px[c.at : c.at+W]
		if kj == c.n {
			dst[0] += w * b
			continue
		}
		wEx := w
		if kj > 0 {
			var wIn uint64
			wIn, wEx = c.split(w, kj)
			dst[0] += wIn * b
		}
		if nw == 0 {
			continue
		}
		at := yAt + c.up*nw
		if yRk != nil {
			at = yAt + int(yRk[c.up])*nw
		}
		sv := src[at : at+nw]
		d := dst[1 : 1+len(sv)]
		for t, v := range sv {
			d[t] += wEx * v
		}
	}
}

// addP2 is addP with two later holders' values (W is 3), written out: the
// layer before the last three, where most edges of a six-player Deduce or
// Die graph are (Evidence first, five players after it).
func addP2(px []uint64, ls []left, hand []uint16, w, b uint64, yAt int, yRk []uint16, src []uint64) {
	for _, c := range ls {
		kj := c.taken(hand)
		if kj == c.n {
			px[c.at] += w * b
			continue
		}
		at := yAt + 2*c.up
		if yRk != nil {
			at = yAt + 2*int(yRk[c.up])
		}
		sv := src[at : at+2 : at+2]
		d := px[c.at : c.at+3 : c.at+3]
		if kj == 0 {
			d[1] += w * sv[0]
			d[2] += w * sv[1]
			continue
		}
		wIn, wEx := c.split(w, kj)
		d[0] += wIn * b
		d[1] += wEx * sv[0]
		d[2] += wEx * sv[1]
	}
}

// addP1 is addP with one later holder's values (W is 2): the layer before
// the last two, where most edges of a Deduce or Die graph are. A card of a
// cell of one (most cells) is taken or left whole, with no division.
func addP1(px []uint64, ls []left, hand []uint16, w, b uint64, yAt int, yRk []uint16, src []uint64) {
	for _, c := range ls {
		kj := c.taken(hand)
		if kj == c.n {
			px[c.at] += w * b
			continue
		}
		at := yAt + c.up
		if yRk != nil {
			at = yAt + int(yRk[c.up])
		}
		if kj == 0 {
			px[c.at+1] += w * src[at]
			continue
		}
		wIn, wEx := c.split(w, kj)
		px[c.at] += wIn * b
		px[c.at+1] += wEx * src[at]
	}
}

// classSplit sorts the edges of a layer into classes by their hands, for
// several tallies side by side: tally t puts an edge of hand hd in class
// class[t][hd] (-1: in none), and its classes' rows follow those of the
// tallies before it.
type classSplit struct {
	class [][]int8
	k     []int // classes of each tally
	off   []int // first row of each tally
}

func newClassSplit(class [][]int8, k []int) *classSplit {
	sp := &classSplit{class: class, k: k, off: make([]int, len(k))}
	for t := 1; t < len(k); t++ {
		sp.off[t] = sp.off[t-1] + k[t-1]
	}
	return sp
}

// rows is the number of classes of every tally together.
func (sp *classSplit) rows() int {
	return sp.off[len(sp.off)-1] + sp.k[len(sp.k)-1]
}

// of appends to rows the rows of state x (of n) that an edge of hand hd
// adds to.
func (sp *classSplit) of(rows []int, x int, hd int32, n int) []int {
	for t, cl := range sp.class {
		if c := cl[hd]; c >= 0 {
			rows = append(rows, (sp.off[t]+int(c))*n+x)
		}
	}
	return rows
}

// stepPacked is one layer i of backwardU64: from B and P of layer i+1 (P nil
// when cards is false, or when i+1 is the last layer), B and P of layer i.
// With sp set, the edges are split into classes, and B and P are computed
// for each class in the same sweep: the values of state x in row c (see
// classSplit) are at B[c*n+x] and P[(c*n+x)*width:], n being the layer's
// states. It reports an overflow.
//
// One sweep of the edges computes B, with every operation checked, and P,
// which needs no checks: every value it adds up for a state counts
// completions of that state, so none exceeds the state's B. P has no
// values for the last layer's holder (see widen).
//
// It reads P of layer i+1 in either layout, and writes P of layer i sparse
// when sparse is set (sp must be nil then). With only set (dense only),
// P is computed for the cells only[x] of each state x alone, the others
// left meaningless: a caller that reads a few cells saves the rest.
func stepPacked(ctx context.Context, cp *compiled, i int, Bn []uint64, P pvec, cards bool, sp *classSplit, sparse bool, only [][]int) ([]uint64, pvec, bool, error) {
	L := len(cp.layers)
	l := cp.layers[i]
	k := 1
	if sp != nil {
		k = sp.rows()
	}
	Bi := make([]uint64, k*l.n)
	// A remaining card goes to this layer's holder or a later one, so its
	// count for the last holder is B less the others: P leaves it out
	// (widen puts it back where P is read whole).
	W := L - i - 1
	nw := max(W-1, 0)
	withP := cards && W > 0
	var out pvec
	var nextP []uint64
	var inLayer []int // cell -> position in the layer's hands, -1 when not there
	var nxCells int
	if withP {
		if sparse && sp == nil {
			out.off = make([]int, l.n+1)
			out.rk = make([]uint16, l.n*l.ncells)
			at := 0
			for x := 0; x < l.n; x++ {
				out.off[x] = at
				q := 0
				for j, n := range l.state(x) {
					if n != 0 {
						out.rk[x*l.ncells+j] = uint16(q)
						q++
					}
				}
				at += q * W
			}
			out.off[l.n] = at
			if err := cp.passFits(int64(at) * 8); err != nil {
				return nil, pvec{}, false, err
			}
			out.v = getU64(at)
		} else {
			if err := cp.passFits(int64(k*l.n*l.ncells*W) * 8); err != nil {
				return nil, pvec{}, false, err
			}
			out.v = getU64(k * l.n * l.ncells * W)
		}
		nextP = out.v
		inLayer = make([]int, l.ncells)
		for j := range inLayer {
			inLayer[j] = -1
		}
		for p, j := range l.cells {
			inLayer[j] = p
		}
		nxCells = cp.layer(i + 1).ncells
	}
	// One sweep of the edges computes B and, with cards, P. Overflow of
	// uint64 shows in B (a P value is at most its state's B), and then
	// the caller discards both.
	var ovf atomic.Bool
	eW, wsp := l.edgeWeight, l.weightCells // the edge weights, as w64 reads them
	var js *jointSplit
	if sp != nil {
		js = sp.joint(l.hands, l.ncells*W)
	}
	err := parallel(l.edgeStart, func(lo, hi int) error {
		if js != nil {
			bad, err := js.step(ctx, l, lo, hi, Bn, P, Bi, nextP, withP, W, nw, nxCells, inLayer, only)
			if bad != 0 {
				ovf.Store(true)
			}
			return err
		}
		var bad uint64
		var ls []left
		var rows []int
		var one []uint64 // an edge's share of P, with a split
		var tk ticker
		for x := lo; x < hi; x++ {
			if tk.due(int(l.edgeStart[x+1]-l.edgeStart[x])) && ctx.Err() != nil {
				return ctx.Err()
			}
			var px []uint64 // x's values, without a split
			if withP {
				ls = ls[:0]
				for j, n := range l.state(x) {
					if n != 0 && (only == nil || slices.Contains(only[x], j)) {
						up := -1
						if nw > 0 {
							up = l.up[j]
						}
						at := j * W
						if out.off != nil {
							at = len(ls) * W
						}
						ls = append(ls, left{at, inLayer[j], up, uint64(n)})
					}
				}
				if sp == nil {
					if out.off != nil {
						px = nextP[out.off[x]:out.off[x+1]]
					} else {
						px = nextP[x*l.ncells*W : (x+1)*l.ncells*W]
					}
				}
			}
			for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
				y := int(l.edgeTo[e])
				b := Bn[y]
				if b == 0 {
					continue
				}
				hd := l.edgeHand.at(e)
				if sp != nil {
					if rows = sp.of(rows[:0], x, hd, l.n); len(rows) == 0 {
						continue
					}
				}
				w := uint64(1)
				switch {
				case eW != nil:
					w = eW[e]
				case wsp != nil && len(wsp[hd]) > 0:
					w = l.w64cells(x, wsp[hd])
				}
				if w == 0 {
					bad = 1
					continue
				}
				h, wb := bits.Mul64(w, b)
				bad |= h
				if sp == nil {
					var c uint64
					Bi[x], c = bits.Add64(Bi[x], wb, 0)
					bad |= c
				} else {
					for _, cx := range rows {
						var c uint64
						Bi[cx], c = bits.Add64(Bi[cx], wb, 0)
						bad |= c
					}
				}
				if !withP || bad != 0 {
					continue
				}
				hand := l.hands[hd]
				// Where y's values start, and the rank of each of its
				// cells when P is sparse.
				var yAt int
				var yRk []uint16
				if nw > 0 {
					if P.off == nil {
						yAt = y * nxCells * nw
					} else {
						yAt = P.off[y]
						yRk = P.rk[y*nxCells : (y+1)*nxCells]
					}
				}
				if sp == nil {
					addP(px, ls, hand, w, b, yAt, yRk, P.v, W, nw)
					continue
				}
				if len(rows) == 1 {
					addP(nextP[rows[0]*l.ncells*W:(rows[0]+1)*l.ncells*W], ls, hand, w, b, yAt, yRk, P.v, W, nw)
					continue
				}
				// The edge's share is the same in each of its rows: it is
				// computed once and added to each.
				if len(one) < l.ncells*W {
					one = make([]uint64, l.ncells*W)
				}
				for _, c := range ls {
					clear(one[c.at : c.at+W])
				}
				addP(one, ls, hand, w, b, yAt, yRk, P.v, W, nw)
				for _, cx := range rows {
					px := nextP[cx*l.ncells*W : (cx+1)*l.ncells*W]
					for _, c := range ls {
						d, v := px[c.at:c.at+W], one[c.at:c.at+W]
						for t := range d {
							d[t] += v[t]
						}
					}
				}
			}
		}
		if bad != 0 {
			ovf.Store(true)
		}
		return nil
	})
	if err != nil || ovf.Load() {
		return Bi, pvec{}, ovf.Load(), err
	}
	return Bi, out, false, nil
}

// parallelMin is the least number of edges worth splitting a layer's
// states among goroutines for.
const parallelMin = 1 << 15

// parallel runs work over the states [0, n) of a layer whose edges start
// at edgeStart (n+1 offsets), in as many contiguous chunks as there are
// CPUs, of about equal numbers of edges, when the layer is large enough;
// else in one call.
func parallel(edgeStart []int32, work func(lo, hi int) error) error {
	n := len(edgeStart) - 1
	edges := int(edgeStart[n])
	k := runtime.GOMAXPROCS(0)
	if k < 2 || edges < parallelMin || n < 2 {
		return work(0, n)
	}
	k = min(k, n)
	bound := edgeRuns(edgeStart, k)
	return runChunks(k, func(t int) error { return work(bound[t], bound[t+1]) })
}

// edgeRuns cuts the states of a layer whose edges start at edgeStart (n+1
// offsets) into k contiguous runs of about equal numbers of edges: run t
// is [bound[t], bound[t+1]).
func edgeRuns(edgeStart []int32, k int) []int {
	n := len(edgeStart) - 1
	edges := int(edgeStart[n])
	bound := make([]int, k+1)
	bound[k] = n
	for t := 1; t < k; t++ {
		want := int32(edges * t / k)
		bound[t] = max(bound[t-1], sort.Search(n, func(x int) bool { return edgeStart[x] >= want }))
	}
	return bound
}
