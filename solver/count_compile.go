package solver

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"sort"
)

// This file turns a Problem into the layered graph the counting passes walk:
//
//  1. propagation: constraints on a single card narrow that card's holders,
//     cards left with one holder are fixed and substituted away;
//  2. cells: free cards that no constraint tells apart (same allowed
//     holders, same coefficient in every constraint for every holder) are
//     interchangeable and counted together with binomial coefficients;
//  3. layers: the holders that can still receive a card, one layer each, in
//     an order chosen by a heuristic; a state before a layer is the number
//     of cards of each cell still unassigned plus the partial sums of the
//     constraints that span several holders; an edge is a hand (how many
//     cards of each cell the layer's holder takes) that satisfies the
//     holder's own constraints.

// maxEdges bounds the size of the graph; beyond it Count and the other
// queries return errTooLarge rather than exhausting memory.
const maxEdges = 50_000_000

var errTooLarge = errors.New("solver: problem too large to count exactly (state space limit reached)")

// doneSum marks a multi-holder constraint already settled in a state.
const doneSum = math.MinInt32

// lconstr is a linear constraint over the cells of one layer: Coef[p] is
// the coefficient of a card of cell cells[p] going to the layer's holder.
type lconstr struct {
	coef  []int
	op    Op
	bound int
}

func (k *lconstr) ok(sum int) bool {
	switch k.op {
	case Eq:
		return sum == k.bound
	case Le:
		return sum <= k.bound
	default:
		return sum >= k.bound
	}
}

// glayer is one holder's layer: its states (before the holder takes its
// hand) and the edges out of them.
type glayer struct {
	holder Holder
	cells  []int // cells the holder may take cards from
	minSz  int   // free size range of the holder
	maxSz  int
	local  []lconstr
	cross  [][]int // per multi-holder constraint: coefficients parallel to cells (nil when absent)

	ncells int
	ncross int
	r      []uint16 // nstates * ncells: cards of each cell unassigned
	sums   []int32  // nstates * ncross
	n      int      // number of states

	edgeStart []int32 // n+1
	eTo       []int32
	eHand     []int32
	eW        []uint64 // product of binomials; 0 when it overflows uint64

	hands   [][]uint16 // distinct hands, parallel to cells
	handIdx map[string]int32
}

func (l *glayer) state(x int) []uint16 { return l.r[x*l.ncells : (x+1)*l.ncells] }
func (l *glayer) stateSums(x int) []int32 {
	return l.sums[x*l.ncross : (x+1)*l.ncross]
}

// crossCon is a constraint spanning several layers, carried in the state.
type crossCon struct {
	op    Op
	bound int
	// cmin[ℓ][j], cmax[ℓ][j]: least and greatest coefficient a remaining card
	// of cell j can still contribute when it goes to a layer >= ℓ.
	cmin, cmax [][]int
}

// compiled is a Problem prepared for counting.
type compiled struct {
	infeasible bool
	nCards     int
	nHolders   int
	fixed      []Holder // per card: its holder when fixed, else -1
	cellOf     []int    // per card: its cell, -1 when fixed
	cells      [][]Card // cards of each cell, ascending
	sizes      []int    // len(cells[j])

	holderLayer []int // per holder: its layer, -1 when it takes no free card
	layers      []*glayer
	term        *glayer // the terminal state layer (one state when feasible)
	cross       []crossCon
	// futAllowed[ℓ][j]: some layer >= ℓ may take cards of cell j.
	futAllowed [][]bool
	futMin     []int // least number of cards layers >= ℓ must take
	futMax     []int
}

// compileOpts steers compilation for a query.
type compileOpts struct {
	last      Holder // holder to put in the last layer, or NoHolder
	singleton []Card // cards to keep in cells of their own
}

// ncon is a normalised constraint: one term per literal, no zero coefficient.
type ncon struct {
	terms []Term
	op    Op
	bound int
}

func normalise(k Constraint) ncon {
	m := map[Lit]int{}
	for _, t := range k.Terms {
		m[t.Lit] += t.Coef
	}
	out := ncon{op: k.Op, bound: k.Bound}
	for l, c := range m {
		if c != 0 {
			out.terms = append(out.terms, Term{Coef: c, Lit: l})
		}
	}
	sort.Slice(out.terms, func(a, b int) bool {
		x, y := out.terms[a].Lit, out.terms[b].Lit
		if x.Card != y.Card {
			return x.Card < y.Card
		}
		return x.Holder < y.Holder
	})
	return out
}

func opOK(op Op, sum, bound int) bool {
	switch op {
	case Eq:
		return sum == bound
	case Le:
		return sum <= bound
	default:
		return sum >= bound
	}
}

// compile prepares p. It returns an error only on cancellation or when the
// state space is too large.
func compile(ctx context.Context, p *Problem, o compileOpts) (*compiled, error) {
	m := p.Model()
	n, H := m.NumCards(), m.NumHolders()
	cp := &compiled{nCards: n, nHolders: H}
	allowed := make([][]bool, n)
	for c := range allowed {
		allowed[c] = make([]bool, H)
		for h := 0; h < H; h++ {
			allowed[c][h] = m.Allowed(Card(c), Holder(h))
		}
	}
	minSz, maxSz := make([]int, H), make([]int, H)
	for h := 0; h < H; h++ {
		s := m.HolderSize(Holder(h))
		minSz[h], maxSz[h] = s.Min, s.Max
	}
	fixed := make([]Holder, n)
	for c := range fixed {
		fixed[c] = -1
	}
	var cons []ncon
	for _, ob := range p.Observations() {
		for _, k := range ob.Constraints {
			cons = append(cons, normalise(k))
		}
	}
	infeasible := func() (*compiled, error) {
		cp.infeasible = true
		return cp, nil
	}

	// Propagate to a fixpoint.
	for changed := true; changed; {
		changed = false
		kept := cons[:0]
		for _, k := range cons {
			ts := k.terms[:0]
			for _, t := range k.terms {
				c, h := t.Lit.Card, t.Lit.Holder
				if fixed[c] >= 0 {
					if fixed[c] == h {
						k.bound -= t.Coef
					}
					continue
				}
				if !allowed[c][h] {
					continue
				}
				ts = append(ts, t)
			}
			k.terms = ts
			if len(ts) == 0 {
				if !opOK(k.op, 0, k.bound) {
					return infeasible()
				}
				changed = true
				continue
			}
			if ts[0].Lit.Card == ts[len(ts)-1].Lit.Card {
				// A constraint on one card: keep the holders that satisfy it.
				c := ts[0].Lit.Card
				for h := 0; h < H; h++ {
					if !allowed[c][h] {
						continue
					}
					sum := 0
					for _, t := range ts {
						if t.Lit.Holder == Holder(h) {
							sum += t.Coef
						}
					}
					if !opOK(k.op, sum, k.bound) {
						allowed[c][h] = false
					}
				}
				changed = true
				continue
			}
			kept = append(kept, k)
		}
		cons = kept
		for h := 0; h < H; h++ {
			if maxSz[h] < 0 {
				return infeasible()
			}
			if maxSz[h] == 0 {
				for c := 0; c < n; c++ {
					if fixed[c] < 0 && allowed[c][h] {
						allowed[c][h] = false
						changed = true
					}
				}
			}
		}
		for c := 0; c < n; c++ {
			if fixed[c] >= 0 {
				continue
			}
			cnt, last := 0, -1
			for h := 0; h < H; h++ {
				if allowed[c][h] {
					cnt++
					last = h
				}
			}
			switch cnt {
			case 0:
				return infeasible()
			case 1:
				fixed[c] = Holder(last)
				minSz[last]--
				maxSz[last]--
				if maxSz[last] < 0 {
					return infeasible()
				}
				changed = true
			}
		}
	}
	for h := range minSz {
		minSz[h] = max(minSz[h], 0)
	}
	cp.fixed = fixed

	// Cells.
	type occ struct{ q, h, coef int }
	perCard := make([][]occ, n)
	for q, k := range cons {
		for _, t := range k.terms {
			perCard[t.Lit.Card] = append(perCard[t.Lit.Card], occ{q, int(t.Lit.Holder), t.Coef})
		}
	}
	single := make([]bool, n)
	for _, c := range o.singleton {
		if c >= 0 && int(c) < n {
			single[c] = true
		}
	}
	cp.cellOf = make([]int, n)
	sigCell := map[string]int{}
	var sig []byte
	for c := 0; c < n; c++ {
		cp.cellOf[c] = -1
		if fixed[c] >= 0 {
			continue
		}
		sig = sig[:0]
		if single[c] {
			sig = binary.AppendVarint(sig, int64(-1-c))
		}
		for h := 0; h < H; h++ {
			if allowed[c][h] {
				sig = binary.AppendVarint(sig, int64(h))
			}
		}
		sig = append(sig, 0xff)
		for _, e := range perCard[c] {
			sig = binary.AppendVarint(sig, int64(e.q))
			sig = binary.AppendVarint(sig, int64(e.h))
			sig = binary.AppendVarint(sig, int64(e.coef))
		}
		j, ok := sigCell[string(sig)]
		if !ok {
			j = len(cp.cells)
			sigCell[string(sig)] = j
			cp.cells = append(cp.cells, nil)
		}
		cp.cells[j] = append(cp.cells[j], Card(c))
		cp.cellOf[c] = j
	}
	nc := len(cp.cells)
	cp.sizes = make([]int, nc)
	for j, cs := range cp.cells {
		cp.sizes[j] = len(cs)
		if len(cs) > math.MaxUint16 {
			return nil, errTooLarge
		}
	}
	cellAllowed := func(j, h int) bool { return allowed[cp.cells[j][0]][h] }

	// Holders that can take a free card become layers.
	var active []Holder
	for h := 0; h < H; h++ {
		any := false
		for j := 0; j < nc; j++ {
			if cellAllowed(j, h) {
				any = true
				break
			}
		}
		if any {
			active = append(active, Holder(h))
		} else if minSz[h] > 0 {
			return infeasible()
		}
	}
	if nc == 0 && len(active) == 0 {
		// Everything is fixed; still check the remaining constraints (none
		// can be left: every term was substituted).
	}

	// Coefficient of a card of cell j going to holder h in constraint q.
	coef := func(q, j, h int) int {
		for _, e := range perCard[cp.cells[j][0]] {
			if e.q == q && e.h == h {
				return e.coef
			}
		}
		return 0
	}
	holdersOf := make([][]int, len(cons))
	for q, k := range cons {
		for _, t := range k.terms {
			if !slices.Contains(holdersOf[q], int(t.Lit.Holder)) {
				holdersOf[q] = append(holdersOf[q], int(t.Lit.Holder))
			}
		}
	}

	order := orderHolders(active, o.last, cons, holdersOf, cp, cellAllowed, maxSz)
	cp.holderLayer = make([]int, H)
	for h := range cp.holderLayer {
		cp.holderLayer[h] = -1
	}
	for i, h := range order {
		cp.holderLayer[h] = i
	}

	// Multi-holder constraints.
	var crossIdx []int
	crossOf := make([]int, len(cons))
	for q := range cons {
		crossOf[q] = -1
		if len(holdersOf[q]) > 1 {
			crossOf[q] = len(crossIdx)
			crossIdx = append(crossIdx, q)
		}
	}
	L := len(order)
	for i, h := range order {
		l := &glayer{holder: h, minSz: minSz[h], maxSz: maxSz[h], ncells: nc, ncross: len(crossIdx), handIdx: map[string]int32{}}
		for j := 0; j < nc; j++ {
			if cellAllowed(j, int(h)) {
				l.cells = append(l.cells, j)
			}
		}
		l.cross = make([][]int, len(crossIdx))
		for q, k := range cons {
			if !slices.Contains(holdersOf[q], int(h)) {
				continue
			}
			cf := make([]int, len(l.cells))
			for p, j := range l.cells {
				cf[p] = coef(q, j, int(h))
			}
			if crossOf[q] >= 0 {
				l.cross[crossOf[q]] = cf
			} else {
				l.local = append(l.local, lconstr{coef: cf, op: k.op, bound: k.bound})
			}
		}
		_ = i
		cp.layers = append(cp.layers, l)
	}
	cp.futAllowed = make([][]bool, L+1)
	cp.futMin = make([]int, L+1)
	cp.futMax = make([]int, L+1)
	cp.futAllowed[L] = make([]bool, nc)
	for i := L - 1; i >= 0; i-- {
		fa := slices.Clone(cp.futAllowed[i+1])
		for _, j := range cp.layers[i].cells {
			fa[j] = true
		}
		cp.futAllowed[i] = fa
		cp.futMin[i] = cp.futMin[i+1] + minSz[order[i]]
		cp.futMax[i] = min(cp.futMax[i+1]+maxSz[order[i]], math.MaxInt32)
	}
	for j := 0; j < nc; j++ {
		if !cp.futAllowed[0][j] {
			return infeasible() // cannot happen: a free card has two holders
		}
	}
	for _, q := range crossIdx {
		cc := crossCon{op: cons[q].op, bound: cons[q].bound, cmin: make([][]int, L+1), cmax: make([][]int, L+1)}
		cc.cmin[L] = make([]int, nc)
		cc.cmax[L] = make([]int, nc)
		for i := L - 1; i >= 0; i-- {
			lo, hi := slices.Clone(cc.cmin[i+1]), slices.Clone(cc.cmax[i+1])
			h := int(order[i])
			for _, j := range cp.layers[i].cells {
				v := coef(q, j, h)
				if !cp.futAllowed[i+1][j] {
					lo[j], hi[j] = v, v
				} else {
					lo[j], hi[j] = min(lo[j], v), max(hi[j], v)
				}
			}
			cc.cmin[i], cc.cmax[i] = lo, hi
		}
		cp.cross = append(cp.cross, cc)
	}
	if err := cp.build(ctx); err != nil {
		return nil, err
	}
	return cp, nil
}

// orderHolders picks the layer order: the requested holder last; otherwise
// the holder with the fewest free places last; the others from the most
// constrained (fewest candidate hands, estimated) to the least.
func orderHolders(active []Holder, last Holder, cons []ncon, holdersOf [][]int, cp *compiled, cellAllowed func(j, h int) bool, maxSz []int) []Holder {
	type est struct {
		h     Holder
		score float64
		cap   int
	}
	var es []est
	for _, h := range active {
		nfree := 0
		for j := range cp.cells {
			if cellAllowed(j, int(h)) {
				nfree += cp.sizes[j]
			}
		}
		k := min(maxSz[h], nfree)
		// log C(nfree, k), reduced by one bit per own constraint.
		s := lgammaC(nfree, k)
		for q := range cons {
			if len(holdersOf[q]) == 1 && holdersOf[q][0] == int(h) {
				s -= 1
			}
		}
		es = append(es, est{h, s, k})
	}
	sort.SliceStable(es, func(a, b int) bool { return es[a].score < es[b].score })
	lastAt := -1
	for i, e := range es {
		if e.h == last {
			lastAt = i
		}
	}
	if lastAt < 0 && len(es) > 0 {
		lastAt = 0
		for i, e := range es {
			if e.cap < es[lastAt].cap {
				lastAt = i
			}
		}
	}
	var out []Holder
	for i, e := range es {
		if i != lastAt {
			out = append(out, e.h)
		}
	}
	if lastAt >= 0 {
		out = append(out, es[lastAt].h)
	}
	return out
}

func lgammaC(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return (a - b - c) / math.Ln2
}
