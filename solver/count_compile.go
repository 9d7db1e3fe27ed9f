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
//     of cards still unassigned in each cell of that layer's partition (the
//     cards that the holders of this and later layers cannot tell apart,
//     coarser and coarser as layers go: what earlier holders told apart is
//     forgotten) plus the partial sums of the constraints that span several
//     holders; an edge is a hand (how many cards of each cell the layer's
//     holder takes) that satisfies the holder's own constraints.

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

// glayer is one holder's layer: the partition of the free cards the layer
// works with, its states (before the holder takes its hand) and the edges
// out of them.
type glayer struct {
	holder Holder
	ncells int   // cells of this layer's partition
	csize  []int // their sizes
	of     []int // global cell -> cell of this layer
	up     []int // cell of this layer -> cell of the next layer
	fut    []bool
	futMin int // least number of cards later layers take
	futMax int
	cells  []int // cells the holder may take cards from
	minSz  int   // free size range of the holder
	maxSz  int
	local  []lconstr
	cross  [][]int // per multi-holder constraint: coefficients parallel to cells (nil when absent)
	cmin   [][]int // per multi-holder constraint, per cell: least coefficient a card can still add
	cmax   [][]int
	// plo and phi bound, per multi-holder constraint, the partial sum a
	// state of this layer can carry: what the free cards given to earlier
	// holders can add.
	plo, phi []int

	ncross int
	r      []uint16 // n * ncells: cards of each cell unassigned
	pk     []uint64 // n, when built packed: the packed states
	ptot   []int32  // n, when built packed: cards left in each state
	psk    []uint64 // n, when built packed: the packed partial sums
	sums   []int32  // n * ncross
	n      int      // number of states

	edgeStart []int32 // n+1
	eTo       []int32
	eHand     edgeHands
	eW        []uint64  // product of binomials, 0 when it overflows uint64 (generic builder only: see w64)
	wsp       [][]wcell // packed builder, per hand: the cells whose binomials make the weight

	hands   [][]uint16 // distinct hands, parallel to cells
	handIdx map[string]int32
}

// edgeHands is the hand of every edge of a layer, an index into its hands:
// the low 16 bits of each, and the high 16 bits only once some index needs
// them. A layer rarely has more than 65,536 distinct hands, so an edge
// takes 6 bytes (eTo and its hand) instead of 8: 40 MB less on a graph of
// 20 million edges.
type edgeHands struct {
	lo, hi []uint16
}

// makeEdgeHands is room for n edges of a layer with the given number of
// distinct hands.
func makeEdgeHands(n, hands int) edgeHands {
	h := edgeHands{lo: make([]uint16, n)}
	if hands > 1<<16 {
		h.hi = make([]uint16, n)
	}
	return h
}

// at is edge e's hand.
func (h edgeHands) at(e int32) int32 {
	v := int32(h.lo[e])
	if h.hi != nil {
		v |= int32(h.hi[e]) << 16
	}
	return v
}

// set makes v edge e's hand; v must fit the room made (makeEdgeHands).
func (h edgeHands) set(e int32, v int32) {
	h.lo[e] = uint16(v)
	if h.hi != nil {
		h.hi[e] = uint16(v >> 16)
	}
}

// push appends an edge with hand v, making room for high bits when v
// first needs them.
func (h *edgeHands) push(v int32) {
	if v >= 1<<16 && h.hi == nil {
		h.hi = make([]uint16, len(h.lo), cap(h.lo))
	}
	h.lo = append(h.lo, uint16(v))
	if h.hi != nil {
		h.hi = append(h.hi, uint16(v>>16))
	}
}

// slice is edges a to b, sharing storage.
func (h edgeHands) slice(a, b int32) edgeHands {
	out := edgeHands{lo: h.lo[a:b:b]}
	if h.hi != nil {
		out.hi = h.hi[a:b:b]
	}
	return out
}

func (l *glayer) state(x int) []uint16 { return l.r[x*l.ncells : (x+1)*l.ncells] }
func (l *glayer) stateSums(x int) []int32 {
	return l.sums[x*l.ncross : (x+1)*l.ncross]
}

// crossCon is a constraint spanning several layers, carried in the state.
type crossCon struct {
	op    Op
	bound int
}

// compiled is a Problem prepared for counting.
type compiled struct {
	maxEdges   int // the graph's limit (0: maxEdges)
	infeasible bool
	model      *Model
	nCards     int
	nHolders   int
	fixed      []Holder // per card: its holder when fixed, else -1
	cellOf     []int    // per card: its global cell, -1 when fixed
	cells      [][]Card // cards of each global cell, ascending
	sizes      []int    // len(cells[j])

	holderLayer []int // per holder: its layer, -1 when it takes no free card
	layers      []*glayer
	term        *glayer // the terminal layer (one state when feasible)
	cross       []crossCon
}

// compileOpts steers compilation for a query.
type compileOpts struct {
	first     Holder // holder to put in the first layer, or NoHolder
	singleton []Card // cards to keep in cells of their own
	// second, when hasSecond, is the holder of the second layer (first
	// must be set too).
	second    Holder
	hasSecond bool
	// track are tallies whose values the second layer's edges must tell:
	// their cards are told apart as a constraint of their holder would.
	track []Tally
	// maxEdges, when positive, lowers the limit on the graph's edges.
	maxEdges int
}

// edgeLimit is the most edges the graph may have.
func (cp *compiled) edgeLimit() int {
	if cp.maxEdges > 0 {
		return min(cp.maxEdges, maxEdges)
	}
	return maxEdges
}

// ncon is a normalised constraint: one term per literal, no zero coefficient.
type ncon struct {
	terms []Term
	op    Op
	bound int
}

func normalise(k Constraint) ncon {
	ts := slices.Clone(k.Terms)
	slices.SortFunc(ts, func(x, y Term) int {
		if x.Lit.Card != y.Lit.Card {
			return int(x.Lit.Card) - int(y.Lit.Card)
		}
		return int(x.Lit.Holder) - int(y.Lit.Holder)
	})
	out := ncon{op: k.Op, bound: k.Bound, terms: ts[:0]}
	for i := 0; i < len(ts); {
		t := ts[i]
		for i++; i < len(ts) && ts[i].Lit == t.Lit; i++ {
			t.Coef += ts[i].Coef
		}
		if t.Coef != 0 {
			out.terms = append(out.terms, t)
		}
	}
	return out
}

// alwaysHolds reports whether k holds whatever values its literals take:
// its least possible sum (the negative coefficients) and its greatest (the
// positive ones) both satisfy it, and every sum lies between them.
func alwaysHolds(k ncon) bool {
	lo, hi := 0, 0
	for _, t := range k.terms {
		if t.Coef < 0 {
			lo += t.Coef
		} else {
			hi += t.Coef
		}
	}
	return opOK(k.op, lo, k.bound) && opOK(k.op, hi, k.bound)
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
	cp := &compiled{model: m, nCards: n, nHolders: H, maxEdges: o.maxEdges}
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
			if alwaysHolds(k) {
				// Met whatever the free cards do (a failed accusation's
				// clause once one of its cards is seen elsewhere): its
				// cards need not be told apart.
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

	// Free cards and active holders.
	var free []Card
	for c := 0; c < n; c++ {
		if fixed[c] < 0 {
			free = append(free, Card(c))
		}
	}
	var active []Holder
	for h := 0; h < H; h++ {
		any := false
		for _, c := range free {
			if allowed[c][h] {
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
	// Tallies to track: a constraint that always holds, so that the cells
	// of its holder's layer and of the layers before it tell its cards
	// apart.
	for _, t := range o.track {
		k := ncon{op: Ge, bound: math.MinInt32 / 4}
		for _, c := range t.Cards {
			if c >= 0 && int(c) < n && fixed[c] < 0 && t.Holder >= 0 && int(t.Holder) < H && allowed[c][t.Holder] {
				if !slices.ContainsFunc(k.terms, func(x Term) bool { return x.Lit.Card == c }) {
					k.terms = append(k.terms, Term{Coef: 1, Lit: Lit{Card: c, Holder: t.Holder}})
				}
			}
		}
		if len(k.terms) > 0 {
			cons = append(cons, k)
		}
	}
	holdersOf := make([][]int, len(cons))
	for q, k := range cons {
		for _, t := range k.terms {
			if !slices.Contains(holdersOf[q], int(t.Lit.Holder)) {
				holdersOf[q] = append(holdersOf[q], int(t.Lit.Holder))
			}
		}
	}
	single := make([]bool, n)
	for _, c := range o.singleton {
		if c >= 0 && int(c) < n {
			single[c] = true
		}
	}
	// The searched order when it applies; the heuristic one (which counts
	// every holder's candidate hands) only otherwise.
	var order []Holder
	if len(active) > 2 && useOrderSearch {
		first := firstHolder(active, o.first, free, allowed, maxSz)
		order = searchOrder(active, first, o.second, o.hasSecond, cons, holdersOf, free, allowed, minSz, maxSz, single)
	}
	if order == nil {
		order = orderHolders(active, o.first, cons, holdersOf, free, allowed, minSz, maxSz)
	}
	if o.first != NoHolder && o.hasSecond && len(order) > 2 && order[0] == o.first {
		if at := slices.Index(order, o.second); at > 1 {
			copy(order[2:at+1], order[1:at])
			order[1] = o.second
		}
	}
	L := len(order)
	cp.holderLayer = make([]int, H)
	for h := range cp.holderLayer {
		cp.holderLayer[h] = -1
	}
	for i, h := range order {
		cp.holderLayer[h] = i
	}

	// Per card: its terms, as (constraint, layer, coefficient).
	type occ struct{ q, layer, coef int }
	perCard := make([][]occ, n)
	for q, k := range cons {
		for _, t := range k.terms {
			perCard[t.Lit.Card] = append(perCard[t.Lit.Card], occ{q, cp.holderLayer[t.Lit.Holder], t.Coef})
		}
	}
	// The partition of layer i: cards with the same allowed layers >= i and
	// the same coefficients for the holders of layers >= i.
	var sig []byte
	partition := func(i int, reps []Card) (of []int, nparts int) {
		idx := map[string]int{}
		of = make([]int, len(reps))
		for g, c := range reps {
			sig = sig[:0]
			if single[c] {
				sig = binary.AppendVarint(sig, int64(-1-c))
			}
			for l := i; l < L; l++ {
				if allowed[c][order[l]] {
					sig = binary.AppendVarint(sig, int64(l))
				}
			}
			sig = append(sig, 0xff)
			for _, e := range perCard[c] {
				if e.layer >= i {
					sig = binary.AppendVarint(sig, int64(e.q))
					sig = binary.AppendVarint(sig, int64(e.layer))
					sig = binary.AppendVarint(sig, int64(e.coef))
				}
			}
			j, ok := idx[string(sig)]
			if !ok {
				j = len(idx)
				idx[string(sig)] = j
			}
			of[g] = j
		}
		return of, len(idx)
	}
	// Global cells: the partition of layer 0 over every free card.
	cp.cellOf = make([]int, n)
	for c := range cp.cellOf {
		cp.cellOf[c] = -1
	}
	of0, nc := partition(0, free)
	cp.cells = make([][]Card, nc)
	for t, c := range free {
		cp.cellOf[c] = of0[t]
		cp.cells[of0[t]] = append(cp.cells[of0[t]], c)
	}
	cp.sizes = make([]int, nc)
	reps := make([]Card, nc)
	for j, cs := range cp.cells {
		cp.sizes[j] = len(cs)
		reps[j] = cs[0]
		if len(cs) > math.MaxUint16 {
			return nil, errTooLarge
		}
	}
	coefOf := func(c Card, q, layer int) int {
		for _, e := range perCard[c] {
			if e.q == q && e.layer == layer {
				return e.coef
			}
		}
		return 0
	}

	// Multi-holder constraints.
	crossOf := make([]int, len(cons))
	for q, k := range cons {
		crossOf[q] = -1
		if len(holdersOf[q]) > 1 {
			crossOf[q] = len(cp.cross)
			cp.cross = append(cp.cross, crossCon{op: k.op, bound: k.bound})
		}
	}
	ncross := len(cp.cross)

	// Layers.
	futMin, futMax := 0, 0
	cp.layers = make([]*glayer, L)
	for i := L - 1; i >= 0; i-- {
		h := order[i]
		of, np := partition(i, reps)
		l := &glayer{holder: h, ncells: np, of: of, csize: make([]int, np), minSz: minSz[h], maxSz: maxSz[h],
			ncross: ncross, handIdx: map[string]int32{}, futMin: futMin, futMax: futMax}
		futMin += minSz[h]
		futMax = min(futMax+maxSz[h], math.MaxInt32)
		rep := make([]Card, np) // a card of each cell
		for g, j := range of {
			l.csize[j] += cp.sizes[g]
			rep[j] = reps[g]
		}
		l.fut = make([]bool, np)
		for j, c := range rep {
			for t := i + 1; t < L; t++ {
				if allowed[c][order[t]] {
					l.fut[j] = true
				}
			}
			if allowed[c][h] {
				l.cells = append(l.cells, j)
			}
		}
		if i+1 < L {
			next := cp.layers[i+1]
			l.up = make([]int, np)
			for g, j := range of {
				l.up[j] = next.of[g]
			}
		}
		l.cross = make([][]int, ncross)
		for q, k := range cons {
			if !slices.Contains(holdersOf[q], int(h)) {
				continue
			}
			cf := make([]int, len(l.cells))
			for p, j := range l.cells {
				cf[p] = coefOf(rep[j], q, i)
			}
			if crossOf[q] >= 0 {
				l.cross[crossOf[q]] = cf
			} else {
				l.local = append(l.local, lconstr{coef: cf, op: k.op, bound: k.bound})
			}
		}
		l.cmin = make([][]int, ncross)
		l.cmax = make([][]int, ncross)
		for q := range cons {
			x := crossOf[q]
			if x < 0 {
				continue
			}
			l.cmin[x] = make([]int, np)
			l.cmax[x] = make([]int, np)
			for j, c := range rep {
				first := true
				for t := i; t < L; t++ {
					if !allowed[c][order[t]] {
						continue
					}
					v := coefOf(c, q, t)
					if first || v < l.cmin[x][j] {
						l.cmin[x][j] = v
					}
					if first || v > l.cmax[x][j] {
						l.cmax[x][j] = v
					}
					first = false
				}
			}
		}
		cp.layers[i] = l
	}
	// The partial sums' ranges, layer by layer: a card adds to a state's
	// sum the coefficient of the earlier holder it went to, or nothing.
	if ncross > 0 {
		lo, hi := make([][]int, ncross), make([][]int, ncross) // [c][global cell]
		for x := range ncross {
			lo[x], hi[x] = make([]int, nc), make([]int, nc)
		}
		for i, l := range cp.layers {
			l.plo, l.phi = make([]int, ncross), make([]int, ncross)
			for x := range ncross {
				for g, sz := range cp.sizes {
					l.plo[x] += sz * lo[x][g]
					l.phi[x] += sz * hi[x][g]
				}
			}
			for q := range cons {
				x := crossOf[q]
				if x < 0 {
					continue
				}
				for g, c := range reps {
					if allowed[c][order[i]] {
						v := coefOf(c, q, i)
						lo[x][g] = min(lo[x][g], v)
						hi[x][g] = max(hi[x][g], v)
					}
				}
			}
		}
	}
	if err := cp.build(ctx); err != nil {
		return nil, err
	}
	return cp, nil
}

// orderHolders picks the layer order. The first layer has a single state,
// so the requested holder goes there (the queries about one holder's
// content read it off the first layer's edges); without one, the holder
// with the fewest places does. The last layer's hand is forced (it takes
// what is left), so the holder with the most candidate hands goes last. In
// between, holders with fewer candidate hands come first, to keep the
// number of states low.
func orderHolders(active []Holder, first Holder, cons []ncon, holdersOf [][]int, free []Card, allowed [][]bool, minSz, maxSz []int) []Holder {
	type est struct {
		h     Holder
		hands float64
	}
	var es []est
	for _, h := range active {
		es = append(es, est{h, handCount(h, cons, holdersOf, free, allowed, minSz[h], maxSz[h])})
	}
	sort.SliceStable(es, func(a, b int) bool { return es[a].hands < es[b].hands })
	var sorted []Holder
	for _, e := range es {
		sorted = append(sorted, e.h)
	}
	if len(sorted) == 0 {
		return nil
	}
	at := slices.Index(sorted, firstHolder(sorted, first, free, allowed, maxSz))
	out := []Holder{sorted[at]}
	return append(out, slices.Delete(sorted, at, at+1)...)
}

// firstHolder is the holder for the first layer among active (not empty):
// first when it is active, else the one with the fewest places (the least
// of its size and the free cards it may take), the earliest on a tie.
func firstHolder(active []Holder, first Holder, free []Card, allowed [][]bool, maxSz []int) Holder {
	if slices.Contains(active, first) {
		return first
	}
	best, bestCap := active[0], math.MaxInt
	for _, h := range active {
		nfree := 0
		for _, c := range free {
			if allowed[c][h] {
				nfree++
			}
		}
		if c := min(maxSz[h], nfree); c < bestCap {
			best, bestCap = h, c
		}
	}
	return best
}

// handCount is about the number of card sets holder h could hold as far as
// its own constraints and size say: exact when a short search settles it,
// otherwise the binomial bound.
func handCount(h Holder, cons []ncon, holdersOf [][]int, free []Card, allowed [][]bool, lo, hi int) float64 {
	var own []int
	for q := range cons {
		if len(holdersOf[q]) == 1 && holdersOf[q][0] == int(h) {
			own = append(own, q)
		}
	}
	// Group the cards h may hold by their coefficients in h's constraints.
	idx := map[string]int{}
	var key []byte
	var size []int
	var coef [][]int // [group][own constraint]
	for _, c := range free {
		if !allowed[c][h] {
			continue
		}
		cf := make([]int, len(own))
		for t, q := range own {
			for _, term := range cons[q].terms {
				if term.Lit.Card == c {
					cf[t] += term.Coef
				}
			}
		}
		key = key[:0]
		for _, v := range cf {
			key = binary.AppendVarint(key, int64(v))
		}
		g, ok := idx[string(key)]
		if !ok {
			g = len(size)
			idx[string(key)] = g
			size = append(size, 0)
			coef = append(coef, cf)
		}
		size[g]++
	}
	n := 0
	for _, s := range size {
		n += s
	}
	bound := math.Exp2(lgammaC(n, min(hi, n)))
	budget := 50000
	part := make([]int, len(own))
	ng := len(size)
	sufN := make([]int, ng+1)
	sMin := make([][]int, len(own))
	sMax := make([][]int, len(own))
	for t := range own {
		sMin[t], sMax[t] = make([]int, ng+1), make([]int, ng+1)
	}
	for g := ng - 1; g >= 0; g-- {
		sufN[g] = sufN[g+1] + size[g]
		for t := range own {
			a := coef[g][t] * size[g]
			sMin[t][g] = sMin[t][g+1] + min(a, 0)
			sMax[t][g] = sMax[t][g+1] + max(a, 0)
		}
	}
	var rec func(g, tot int) float64
	rec = func(g, tot int) float64 {
		budget--
		if budget < 0 || tot > hi || tot+sufN[g] < lo {
			return 0
		}
		for t, q := range own {
			k := &cons[q]
			if k.op != Ge && part[t]+sMin[t][g] > k.bound {
				return 0
			}
			if k.op != Le && part[t]+sMax[t][g] < k.bound {
				return 0
			}
		}
		if g == len(size) {
			if tot < lo {
				return 0
			}
			for t, q := range own {
				if !opOK(cons[q].op, part[t], cons[q].bound) {
					return 0
				}
			}
			return 1
		}
		sum := 0.0
		b := 1.0
		for v := 0; v <= size[g] && tot+v <= hi; v++ {
			for t := range own {
				part[t] += coef[g][t] * v
			}
			sum += b * rec(g+1, tot+v)
			for t := range own {
				part[t] -= coef[g][t] * v
			}
			b = b * float64(size[g]-v) / float64(v+1)
		}
		return sum
	}
	got := rec(0, 0)
	if budget < 0 {
		return bound
	}
	return got
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

func (cp *compiled) holderName(h Holder) string { return cp.model.HolderName(h) }
