package count

import (
	"context"
	"encoding/binary"
	"math"
	"slices"
)

// This file turns an Input into the layered graph the counting passes walk,
// in the stages compile runs one after the other:
//
//  1. propagation (propagate): constraints on a single card narrow that
//     card's holders, cards left with one holder are fixed and substituted
//     away; a constraint met whatever the free cards do is dropped;
//  2. active holders (activeHolders): the free cards, and the holders that
//     can still receive one;
//  3. order (chooseOrder): the active holders, one layer each, in an order
//     searched for the fewest states (order.go);
//  4. cells (makeCells): free cards that no constraint tells apart (same
//     allowed holders, same coefficient in every constraint for every
//     holder) are interchangeable and counted together with binomial
//     coefficients;
//  5. constraints across holders (crossConstraints): those carried in the
//     states as partial sums;
//  6. layers (makeLayers): a state before a layer is the number of cards
//     still unassigned in each cell of that layer's partition (the cards
//     that the holders of this and later layers cannot tell apart, coarser
//     and coarser as layers go: what earlier holders told apart is
//     forgotten) plus the partial sums of the constraints that span several
//     holders; an edge is a hand (how many cards of each cell the layer's
//     holder takes) that satisfies the holder's own constraints;
//  7. partial sums' ranges (partialSumRanges): what the states of each
//     layer can carry;
//  8. estimate (estimate.go): a problem whose states would not fit the
//     memory budget is refused before anything is built;
//  9. build (build.go, packed.go): the states and edges, from the root.

// compile prepares in for the queries o asks. It returns an error only on
// cancellation or for a problem beyond reach (a *TooLargeError).
func compile(ctx context.Context, in *Input, o layout) (*compiled, error) {
	c := newCompiler(in, o)
	if !c.propagate() || !c.activeHolders() {
		c.cp.infeasible = true
		return c.cp, nil
	}
	c.trackTallies()
	c.chooseOrder()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := c.makeCells(); err != nil {
		return nil, err
	}
	if o.probe {
		return c.cp, nil
	}
	c.crossConstraints()
	c.makeLayers()
	c.partialSumRanges()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := c.refuseBeyondBudget(); err != nil {
		return nil, err
	}
	if err := c.cp.build(ctx); err != nil {
		return nil, err
	}
	return c.cp, nil
}

// compiler is the work in progress of compile: what each stage leaves for
// the next.
type compiler struct {
	in *Input
	o  layout
	cp *compiled
	n  int // cards
	H  int // holders

	allowed      [][]bool // [card][holder], narrowed by propagation
	minSz, maxSz []int    // per holder: the free cards it takes
	fixed        []Holder // per card: its holder when fixed, else -1
	cons         []ncon   // the constraints still open

	free   []Card   // the cards not fixed
	active []Holder // the holders that may take a free card

	holdersOf [][]int  // per constraint: the holders it names
	single    []bool   // per card: kept in a cell of its own
	order     []Holder // the layers' holders
	perCard   [][]occ  // per card: its terms
	sig       []byte   // scratch space of partition
	reps      []Card   // a card of each global cell
	crossOf   []int    // per constraint: its index in cp.cross, or -1
}

// occ is a term of a card: constraint q, the layer of its holder, and its
// coefficient.
type occ struct{ q, layer, coef int }

func newCompiler(in *Input, o layout) *compiler {
	n, H := in.Cards, len(in.Sizes)
	c := &compiler{in: in, o: o, n: n, H: H,
		cp: &compiled{nCards: n, nHolders: H, maxEdges: o.maxEdges, budget: in.budget()}}
	c.allowed = make([][]bool, n)
	for k := range c.allowed {
		c.allowed[k] = make([]bool, H)
		for h := 0; h < H; h++ {
			c.allowed[k][h] = in.allowed(Card(k), Holder(h))
		}
	}
	c.minSz, c.maxSz = make([]int, H), make([]int, H)
	for h, s := range in.Sizes {
		c.minSz[h], c.maxSz[h] = s.Min, s.Max
	}
	c.fixed = make([]Holder, n)
	for k := range c.fixed {
		c.fixed[k] = -1
	}
	for _, k := range in.Constraints {
		c.cons = append(c.cons, normalise(k))
	}
	return c
}

// propagate runs stage 1 to a fixpoint. It reports false when it finds
// there is no world.
func (c *compiler) propagate() bool {
	n, H := c.n, c.H
	allowed, fixed, minSz, maxSz := c.allowed, c.fixed, c.minSz, c.maxSz
	cons := c.cons
	for changed := true; changed; {
		changed = false
		kept := cons[:0]
		for _, k := range cons {
			ts := k.terms[:0]
			for _, t := range k.terms {
				card, h := t.Lit.Card, t.Lit.Holder
				if fixed[card] >= 0 {
					if fixed[card] == h {
						k.bound -= t.Coef
					}
					continue
				}
				if !allowed[card][h] {
					continue
				}
				ts = append(ts, t)
			}
			k.terms = ts
			if len(ts) == 0 {
				if !opOK(k.op, 0, k.bound) {
					return false
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
				card := ts[0].Lit.Card
				for h := 0; h < H; h++ {
					if !allowed[card][h] {
						continue
					}
					sum := 0
					for _, t := range ts {
						if t.Lit.Holder == Holder(h) {
							sum += t.Coef
						}
					}
					if !opOK(k.op, sum, k.bound) {
						allowed[card][h] = false
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
				return false
			}
			if maxSz[h] == 0 {
				for k := 0; k < n; k++ {
					if fixed[k] < 0 && allowed[k][h] {
						allowed[k][h] = false
						changed = true
					}
				}
			}
		}
		for k := 0; k < n; k++ {
			if fixed[k] >= 0 {
				continue
			}
			cnt, last := 0, -1
			for h := 0; h < H; h++ {
				if allowed[k][h] {
					cnt++
					last = h
				}
			}
			switch cnt {
			case 0:
				return false
			case 1:
				fixed[k] = Holder(last)
				minSz[last]--
				maxSz[last]--
				if maxSz[last] < 0 {
					return false
				}
				changed = true
			}
		}
	}
	for h := range minSz {
		minSz[h] = max(minSz[h], 0)
	}
	c.cons = cons
	c.cp.fixed = fixed
	return true
}

// activeHolders runs stage 2. It reports false when a holder that must
// take a free card can take none.
func (c *compiler) activeHolders() bool {
	for k := 0; k < c.n; k++ {
		if c.fixed[k] < 0 {
			c.free = append(c.free, Card(k))
		}
	}
	for h := 0; h < c.H; h++ {
		if slices.ContainsFunc(c.free, func(k Card) bool { return c.allowed[k][h] }) {
			c.active = append(c.active, Holder(h))
		} else if c.minSz[h] > 0 {
			return false
		}
	}
	return true
}

// trackTallies adds, for every tally the layout tracks, a constraint that
// always holds, so that the cells of its holder's layer and of the layers
// before it tell its cards apart.
func (c *compiler) trackTallies() {
	for _, t := range c.o.track {
		k := ncon{op: Ge, bound: math.MinInt32 / 4}
		for _, card := range t.Cards {
			if card >= 0 && int(card) < c.n && c.fixed[card] < 0 && t.Holder >= 0 && int(t.Holder) < c.H && c.allowed[card][t.Holder] {
				if !slices.ContainsFunc(k.terms, func(x Term) bool { return x.Lit.Card == card }) {
					k.terms = append(k.terms, Term{Coef: 1, Lit: Lit{Card: card, Holder: t.Holder}})
				}
			}
		}
		if len(k.terms) > 0 {
			c.cons = append(c.cons, k)
		}
	}
}

// chooseOrder runs stage 3: the searched order when it applies; the
// heuristic one (which counts every holder's candidate hands) only
// otherwise. The requested first holder leads, and the requested second
// holder follows it.
func (c *compiler) chooseOrder() {
	o := c.o
	c.holdersOf = make([][]int, len(c.cons))
	for q, k := range c.cons {
		for _, t := range k.terms {
			if !slices.Contains(c.holdersOf[q], int(t.Lit.Holder)) {
				c.holdersOf[q] = append(c.holdersOf[q], int(t.Lit.Holder))
			}
		}
	}
	c.single = make([]bool, c.n)
	for _, k := range o.singleton {
		if k >= 0 && int(k) < c.n {
			c.single[k] = true
		}
	}
	var order []Holder
	if len(c.in.Order) > 0 {
		order = hintedOrder(c.active, o.first, c.in.Order, c.cons, c.holdersOf, c.free, c.allowed, c.minSz, c.maxSz)
	} else if len(c.active) > 2 && useOrderSearch {
		first := firstHolder(c.active, o.first, c.free, c.allowed, c.maxSz)
		order = searchOrder(c.active, first, o.second, o.hasSecond, c.cons, c.holdersOf, c.free, c.allowed, c.minSz, c.maxSz, c.single)
	}
	if order == nil {
		order = orderHolders(c.active, o.first, c.cons, c.holdersOf, c.free, c.allowed, c.minSz, c.maxSz)
	}
	if o.first != NoHolder && o.hasSecond && len(order) > 2 && order[0] == o.first {
		if at := slices.Index(order, o.second); at > 1 {
			copy(order[2:at+1], order[1:at])
			order[1] = o.second
		}
	}
	c.order = order
	c.cp.holderLayer = make([]int, c.H)
	for h := range c.cp.holderLayer {
		c.cp.holderLayer[h] = -1
	}
	for i, h := range order {
		c.cp.holderLayer[h] = i
	}
}

// makeCells runs stage 4: the global cells are the partition of layer 0
// over every free card.
func (c *compiler) makeCells() error {
	cp := c.cp
	c.perCard = make([][]occ, c.n)
	for q, k := range c.cons {
		for _, t := range k.terms {
			c.perCard[t.Lit.Card] = append(c.perCard[t.Lit.Card], occ{q, cp.holderLayer[t.Lit.Holder], t.Coef})
		}
	}
	cp.cellOf = make([]int, c.n)
	for k := range cp.cellOf {
		cp.cellOf[k] = -1
	}
	of0, nc := c.partition(0, c.free)
	cp.cells = make([][]Card, nc)
	for t, k := range c.free {
		cp.cellOf[k] = of0[t]
		cp.cells[of0[t]] = append(cp.cells[of0[t]], k)
	}
	cp.sizes = make([]int, nc)
	c.reps = make([]Card, nc)
	for j, cs := range cp.cells {
		cp.sizes[j] = len(cs)
		c.reps[j] = cs[0]
		if len(cs) > math.MaxUint16 {
			return &TooLargeError{Edges: 0, Estimated: true}
		}
	}
	return nil
}

// partition is the partition of layer i over the cards reps: cards with
// the same allowed layers >= i and the same coefficients for the holders
// of layers >= i share a part. It returns each card's part and the number
// of parts.
func (c *compiler) partition(i int, reps []Card) (of []int, nparts int) {
	L := len(c.order)
	idx := map[string]int{}
	of = make([]int, len(reps))
	for g, k := range reps {
		sig := c.sig[:0]
		if c.single[k] {
			sig = binary.AppendVarint(sig, int64(-1-k))
		}
		for l := i; l < L; l++ {
			if c.allowed[k][c.order[l]] {
				sig = binary.AppendVarint(sig, int64(l))
			}
		}
		sig = append(sig, 0xff)
		for _, e := range c.perCard[k] {
			if e.layer >= i {
				sig = binary.AppendVarint(sig, int64(e.q))
				sig = binary.AppendVarint(sig, int64(e.layer))
				sig = binary.AppendVarint(sig, int64(e.coef))
			}
		}
		c.sig = sig
		j, ok := idx[string(sig)]
		if !ok {
			j = len(idx)
			idx[string(sig)] = j
		}
		of[g] = j
	}
	return of, len(idx)
}

// coefOf is the coefficient of card k in constraint q for the holder of
// layer, 0 when it has none.
func (c *compiler) coefOf(k Card, q, layer int) int {
	for _, e := range c.perCard[k] {
		if e.q == q && e.layer == layer {
			return e.coef
		}
	}
	return 0
}

// crossConstraints runs stage 5: the constraints that name several holders
// are carried in the states.
func (c *compiler) crossConstraints() {
	cp := c.cp
	c.crossOf = make([]int, len(c.cons))
	for q, k := range c.cons {
		c.crossOf[q] = -1
		if len(c.holdersOf[q]) > 1 {
			c.crossOf[q] = len(cp.cross)
			cp.cross = append(cp.cross, crossCon{op: k.op, bound: k.bound})
		}
	}
}

// makeLayers runs stage 6, from the last layer to the first: each layer's
// partition, the cells its holder may take from, its own constraints and
// its coefficients in the constraints across holders.
func (c *compiler) makeLayers() {
	cp := c.cp
	L := len(c.order)
	ncross := len(cp.cross)
	futMin, futMax := 0, 0
	cp.layers = make([]*glayer, L)
	for i := L - 1; i >= 0; i-- {
		h := c.order[i]
		of, np := c.partition(i, c.reps)
		l := &glayer{holder: h, ncells: np, of: of, cellSize: make([]int, np), minSz: c.minSz[h], maxSz: c.maxSz[h],
			ncross: ncross, handIdx: map[string]int32{}, futMin: futMin, futMax: futMax}
		futMin += c.minSz[h]
		futMax = min(futMax+c.maxSz[h], math.MaxInt32)
		rep := make([]Card, np) // a card of each cell
		for g, j := range of {
			l.cellSize[j] += cp.sizes[g]
			rep[j] = c.reps[g]
		}
		var next *glayer
		if i+1 < L {
			next = cp.layers[i+1]
			l.up = make([]int, np)
			for g, j := range of {
				l.up[j] = next.of[g]
			}
		}
		// later and the coefficient ranges below are carried from layer
		// i+1: the cards of a cell of layer i all lie in one cell of
		// layer i+1, whose cards share their allowed layers and
		// coefficients from i+1 on (partition), so what holds for layers
		// i+1 and after is that cell's, and one pass over the cells
		// suffices rather than one over the later layers for each.
		l.later = make([]bool, np)
		for j, k := range rep {
			if next != nil {
				l.later[j] = c.allowed[k][next.holder] || next.later[l.up[j]]
			}
			if c.allowed[k][h] {
				l.cells = append(l.cells, j)
			}
		}
		l.cross = make([][]int, ncross)
		for q, k := range c.cons {
			if !slices.Contains(c.holdersOf[q], int(h)) {
				continue
			}
			cf := make([]int, len(l.cells))
			for p, j := range l.cells {
				cf[p] = c.coefOf(rep[j], q, i)
			}
			if c.crossOf[q] >= 0 {
				l.cross[c.crossOf[q]] = cf
			} else {
				l.local = append(l.local, lconstr{coef: cf, op: k.op, bound: k.bound})
			}
		}
		l.coefMin = make([][]int, ncross)
		l.coefMax = make([][]int, ncross)
		for q := range c.cons {
			x := c.crossOf[q]
			if x < 0 {
				continue
			}
			l.coefMin[x] = make([]int, np)
			l.coefMax[x] = make([]int, np)
			for j, k := range rep {
				first := true
				if c.allowed[k][h] {
					v := c.coefOf(k, q, i)
					l.coefMin[x][j], l.coefMax[x][j] = v, v
					first = false
				}
				if next == nil || !(c.allowed[k][next.holder] || next.later[l.up[j]]) {
					continue
				}
				lo, hi := next.coefMin[x][l.up[j]], next.coefMax[x][l.up[j]]
				if first || lo < l.coefMin[x][j] {
					l.coefMin[x][j] = lo
				}
				if first || hi > l.coefMax[x][j] {
					l.coefMax[x][j] = hi
				}
			}
		}
		cp.layers[i] = l
	}
}

// partialSumRanges runs stage 7, layer by layer: a card adds to a state's
// sum the coefficient of the earlier holder it went to, or nothing.
func (c *compiler) partialSumRanges() {
	cp := c.cp
	ncross := len(cp.cross)
	if ncross == 0 {
		return
	}
	nc := len(cp.sizes)
	lo, hi := make([][]int, ncross), make([][]int, ncross) // [c][global cell]
	for x := range ncross {
		lo[x], hi[x] = make([]int, nc), make([]int, nc)
	}
	for i, l := range cp.layers {
		l.sumLo, l.sumHi = make([]int, ncross), make([]int, ncross)
		for x := range ncross {
			for g, sz := range cp.sizes {
				l.sumLo[x] += sz * lo[x][g]
				l.sumHi[x] += sz * hi[x][g]
			}
		}
		for q := range c.cons {
			x := c.crossOf[q]
			if x < 0 {
				continue
			}
			for g, k := range c.reps {
				if c.allowed[k][c.order[i]] {
					v := c.coefOf(k, q, i)
					lo[x][g] = min(lo[x][g], v)
					hi[x][g] = max(hi[x][g], v)
				}
			}
		}
	}
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
