package deduceordie

import (
	"cmp"
	"context"
	"errors"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"sync"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// This file is a second, separate count of what viewLeaks asks the
// general engine (solver.Counter.EntropyByTally), kept as a check of it
// (TestLeakHandsMatchEngine) and as the measured alternative described in
// docs/benchmarks.md ("Counting the views by hand lists"): it was built
// to replace the engine in LeakAdvice and took 2 to 2.5 times its CPU
// time on the 6-player views measured, so the package does not use it.
//
// Every constraint of a Deduce or Die view but a wrong accusation's speaks
// of one holder (a range answer, a fewest-suit revelation, a hand, the
// exposed card), so each holder's possible contents can be listed as bit
// masks of cards, and a world is one content of each holder, the contents
// disjoint. The joint of (Evidence pair, murderer's holder, answer) is
// counted with 64-bit integers: every (Evidence pair, asked player's
// hand) is listed, and the cards they leave are completed by the other
// holders layer by layer, a state being the cards left up to the cards
// those holders' lines cannot tell apart (classDP).

// errNoSplit is returned when a view does not split into hand lists (a
// constraint over two holders, a holder of open size) or would be too
// large to count this way.
var errNoSplit = errors.New("deduceordie: view does not split into hand lists")

// Limits of the hand-list count (early in a game, where the lines leave
// most hands possible, it would take too long).
const (
	maxHands  = 50000   // listed contents of the Evidence or an asked player
	maxPairs  = 2000000 // (Evidence, asked player's hand) pairs of one count
	maxStates = 400000  // states of one layer of the other holders
	maxEdges  = 4000000 // hand types taken, all layers of one count
)

// cgroup is the cards of one coefficient of a constraint, as a mask.
type cgroup struct {
	mask uint32
	coef int
}

// hcons is a constraint over one holder's cards: Σ coef·|hand ∩ mask| op
// bound over its groups.
type hcons struct {
	gs    []cgroup
	op    solver.Op
	bound int
}

// ok reports whether hand satisfies every constraint of cs.
func consOK(cs []hcons, hand uint32) bool {
	for _, x := range cs {
		sum := 0
		for _, g := range x.gs {
			sum += g.coef * bits.OnesCount32(hand&g.mask)
		}
		if !holdsOp(sum, x.op, x.bound) {
			return false
		}
	}
	return true
}

// handLists is a view split by holder. Masks of open cards use bit i for
// card[i].
type handLists struct {
	nh    int            // holders
	fixed [NumCards]int8 // holder of a card whose place is fixed, -1 if open
	card  []Card         // the open cards
	bit   [NumCards]int8 // bit of an open card, -1 for a fixed one
	all   uint32         // every open card
	open  []int          // holders of open content, ascending
	size  []int          // each holder's number of cards
	cand  []uint32       // open cards each holder may take
	must  []uint32       // open cards each holder must take
	cons  [][]hcons      // each holder's constraints over open cards
}

// splitHands splits problem p by holder, or returns errNoSplit. A holder
// whose every card is known is fixed, and its cards too.
func splitHands(p *solver.Problem) (*handLists, error) {
	m := p.Model()
	nh, nc := m.NumHolders(), m.NumCards()
	if nc != NumCards || nh > 127 {
		return nil, errNoSplit
	}
	// Constraints by holder; single-literal ones as must / cannot.
	local := make([][]hcons, nh)
	must := make([]uint32, nh)   // over the 27 cards
	cannot := make([]uint32, nh) // likewise
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			if len(k.Terms) == 0 {
				if !holdsOp(0, k.Op, k.Bound) {
					return nil, solver.ErrInconsistent
				}
				continue
			}
			h := k.Terms[0].Lit.Holder
			for _, t := range k.Terms[1:] {
				if t.Lit.Holder != h {
					return nil, errNoSplit
				}
			}
			if len(k.Terms) == 1 {
				t := k.Terms[0]
				in, out := holdsOp(t.Coef, k.Op, k.Bound), holdsOp(0, k.Op, k.Bound)
				switch {
				case in && !out:
					must[h] |= 1 << t.Lit.Card
				case out && !in:
					cannot[h] |= 1 << t.Lit.Card
				case !in && !out:
					return nil, solver.ErrInconsistent
				}
				continue
			}
			x := hcons{op: k.Op, bound: k.Bound}
			for _, t := range k.Terms {
				j := slices.IndexFunc(x.gs, func(g cgroup) bool { return g.coef == t.Coef })
				if j < 0 {
					x.gs = append(x.gs, cgroup{coef: t.Coef})
					j = len(x.gs) - 1
				}
				if x.gs[j].mask&(1<<t.Lit.Card) != 0 {
					return nil, errNoSplit // a card twice: not this form
				}
				x.gs[j].mask |= 1 << t.Lit.Card
			}
			local[h] = append(local[h], x)
		}
	}
	// A card must be with one holder: not with the others; a card allowed
	// with one holder only is with it.
	for {
		changed := false
		for h := range nh {
			for g := range nh {
				if g != h && must[h]&^cannot[g] != 0 {
					cannot[g] |= must[h]
					changed = true
				}
			}
		}
		for c := range Card(nc) {
			only, n := -1, 0
			for h := range nh {
				if m.Allowed(solver.Card(c), solver.Holder(h)) && cannot[h]&(1<<c) == 0 {
					only, n = h, n+1
				}
			}
			if n == 0 {
				return nil, solver.ErrInconsistent
			}
			if n == 1 && must[only]&(1<<c) == 0 {
				must[only] |= 1 << c
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	hl := &handLists{nh: nh, size: make([]int, nh), cand: make([]uint32, nh), must: make([]uint32, nh), cons: make([][]hcons, nh)}
	for c := range hl.fixed {
		hl.fixed[c], hl.bit[c] = -1, -1
	}
	isFixed := make([]bool, nh)
	for h := range nh {
		sz := m.HolderSize(solver.Holder(h))
		if sz.Min != sz.Max {
			return nil, errNoSplit
		}
		hl.size[h] = sz.Min
		var cand uint32
		for c := range Card(nc) {
			if m.Allowed(solver.Card(c), solver.Holder(h)) && cannot[h]&(1<<c) == 0 {
				cand |= 1 << c
			}
		}
		if must[h]&^cand != 0 || bits.OnesCount32(must[h]) > sz.Min || bits.OnesCount32(cand) < sz.Min {
			return nil, solver.ErrInconsistent
		}
		hl.cand[h], hl.must[h] = cand, must[h]
		if bits.OnesCount32(must[h]) == sz.Min {
			if !consOK(local[h], must[h]) {
				return nil, solver.ErrInconsistent
			}
			isFixed[h] = true
			for x := must[h]; x != 0; x &= x - 1 {
				hl.fixed[bits.TrailingZeros32(x)] = int8(h)
			}
		}
	}
	for c := range Card(nc) {
		if hl.fixed[c] < 0 {
			hl.bit[c] = int8(len(hl.card))
			hl.card = append(hl.card, c)
		}
	}
	hl.all = uint32(1)<<len(hl.card) - 1
	// Every count is at most the multinomial of the open holders' sizes:
	// it must fit in 63 bits.
	bound, left := 1.0, len(hl.card)
	toOpen := func(x uint32) uint32 {
		var y uint32
		for ; x != 0; x &= x - 1 {
			if b := hl.bit[bits.TrailingZeros32(x)]; b >= 0 {
				y |= 1 << b
			}
		}
		return y
	}
	for h := range nh {
		if isFixed[h] {
			continue
		}
		hl.open = append(hl.open, h)
		k := hl.size[h]
		for i := range k {
			bound = bound * float64(left-i) / float64(i+1)
		}
		left -= k
		hl.cand[h], hl.must[h] = toOpen(hl.cand[h]), toOpen(hl.must[h])
		for _, x := range local[h] {
			y := hcons{op: x.op, bound: x.bound}
			for _, g := range x.gs {
				// A fixed card of the group is with another holder.
				y.gs = append(y.gs, cgroup{mask: toOpen(g.mask), coef: g.coef})
			}
			hl.cons[h] = append(hl.cons[h], y)
		}
	}
	if left != 0 {
		return nil, solver.ErrInconsistent
	}
	if bound > 1<<62 {
		return nil, errNoSplit
	}
	return hl, nil
}

// hands lists holder h's possible contents over the open cards ([0] for
// a fixed holder), or errNoSplit beyond maxHands.
func (hl *handLists) hands(h int) ([]uint32, error) {
	if !slices.Contains(hl.open, h) {
		return []uint32{0}, nil
	}
	k := hl.size[h]
	pool := hl.cand[h] &^ hl.must[h]
	rest := k - bits.OnesCount32(hl.must[h])
	if binom(bits.OnesCount32(pool), rest) > 20*maxHands {
		return nil, errNoSplit
	}
	var out []uint32
	forSubsets(pool, rest, func(s uint32) bool {
		if hand := s | hl.must[h]; consOK(hl.cons[h], hand) {
			out = append(out, hand)
		}
		return len(out) <= maxHands
	})
	if len(out) > maxHands {
		return nil, errNoSplit
	}
	return out, nil
}

// holdsOp reports whether sum op bound.
func holdsOp(sum int, op solver.Op, bound int) bool {
	switch op {
	case solver.Eq:
		return sum == bound
	case solver.Le:
		return sum <= bound
	default:
		return sum >= bound
	}
}

// binom is n choose k, saturating at 1<<40.
func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
		if r > 1<<40 {
			return 1 << 40
		}
	}
	return r
}

// forSubsets calls f with every subset of pool of k elements, in
// increasing order of the masks, until f returns false.
func forSubsets(pool uint32, k int, f func(uint32) bool) {
	var elems []uint32
	for x := pool; x != 0; x &= x - 1 {
		elems = append(elems, x&-x)
	}
	n := len(elems)
	if k == 0 {
		f(0)
		return
	}
	if k > n {
		return
	}
	// Gosper's hack over n bits, mapped to the pool's bits.
	for s := uint64(1)<<k - 1; s < uint64(1)<<n; {
		var m uint32
		for x := s; x != 0; x &= x - 1 {
			m |= elems[bits.TrailingZeros64(x)]
		}
		if !f(m) {
			return
		}
		c := s & -s
		r := s + c
		s = (((r ^ s) >> 2) / c) | r
	}
}

// u32table maps 32-bit masks to dense indices (open addressing).
type u32table struct {
	keys []uint32 // key+1, 0 for empty
	vals []int32
	mask uint32
	n    int
}

func newU32table(hint int) *u32table {
	size := 16
	for size < 2*hint {
		size *= 2
	}
	return &u32table{keys: make([]uint32, size), vals: make([]int32, size), mask: uint32(size - 1)}
}

// reset empties t, keeping its size.
func (t *u32table) reset() {
	clear(t.keys)
	t.n = 0
}

func (t *u32table) slot(k uint32) uint32 { return (k * 0x9e3779b1) >> 7 & t.mask }

// get is the index of k, or -1.
func (t *u32table) get(k uint32) int32 {
	for i := t.slot(k); ; i = (i + 1) & t.mask {
		switch t.keys[i] {
		case k + 1:
			return t.vals[i]
		case 0:
			return -1
		}
	}
}

// getOrPut is the index of k, giving it the next one when new.
func (t *u32table) getOrPut(k uint32) (idx int32, added bool) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	for i := t.slot(k); ; i = (i + 1) & t.mask {
		switch t.keys[i] {
		case k + 1:
			return t.vals[i], false
		case 0:
			t.keys[i], t.vals[i] = k+1, int32(t.n)
			t.n++
			return t.vals[i], true
		}
	}
}

func (t *u32table) grow() {
	old, oldv := t.keys, t.vals
	t.keys = make([]uint32, 2*len(old))
	t.vals = make([]int32, 2*len(old))
	t.mask = uint32(len(t.keys) - 1)
	for j, k := range old {
		if k != 0 {
			i := t.slot(k - 1)
			for t.keys[i] != 0 {
				i = (i + 1) & t.mask
			}
			t.keys[i], t.vals[i] = k, oldv[j]
		}
	}
}

// entropyByTally is solver.Counter.EntropyByTally(ctx, ev, murdererPick(exposed),
// tallies) over the worlds of hl: the entropy of the joint of (Evidence
// pair, holder of the murderer card) over every world, and over the worlds
// of each value of each tally, with the exact numbers of worlds. The
// numbers of worlds are the same integers; the entropies are summed in
// another order, so they agree to rounding. It returns errNoSplit when the
// count would be too large for this way.
func (hl *handLists) entropyByTally(ctx context.Context, ev solver.Holder, exposed Card, tallies []solver.Tally) (solver.JointEntropy, [][]solver.TallyEntropy, error) {
	out := make([][]solver.TallyEntropy, len(tallies))
	var all []uint64 // by (Evidence content, holder): every world
	eHands, err := hl.hands(int(ev))
	if err != nil {
		return solver.JointEntropy{}, nil, err
	}
	var evFixed []Card
	for c := range Card(NumCards) {
		if hl.fixed[c] == int8(ev) {
			evFixed = append(evFixed, c)
		}
	}
	// The murderer card of each Evidence content.
	mc := make([]Card, len(eHands))
	for i, e := range eHands {
		pair := slices.Clone(evFixed)
		for y := e; y != 0; y &= y - 1 {
			pair = append(pair, hl.card[bits.TrailingZeros32(y)])
		}
		if len(pair) != 2 {
			return solver.JointEntropy{}, nil, errNoSplit
		}
		mc[i] = MurdererCard(pair[0], pair[1], exposed)
	}
	done := make([]bool, len(tallies))
	for i := range tallies {
		if done[i] {
			continue
		}
		d := tallies[i].Holder
		var group []int
		for j := i; j < len(tallies); j++ {
			if tallies[j].Holder == d {
				group = append(group, j)
				done[j] = true
			}
		}
		joint, classes, err := hl.countJoint(ctx, ev, d, eHands, mc, tallies, group)
		if err != nil {
			return solver.JointEntropy{}, nil, err
		}
		ncls := len(classes)
		if all == nil {
			all = make([]uint64, len(joint)/ncls)
			for k := range all {
				for c := range ncls {
					all[k] += joint[k*ncls+c]
				}
			}
		}
		for gi, ti := range group {
			maxV := 0
			for _, cl := range classes {
				maxV = max(maxV, int(cl[gi]))
			}
			for v := 0; v <= maxV; v++ {
				var tot uint64
				nlogn := 0.0
				for k := range len(joint) / ncls {
					var n uint64
					for c, cl := range classes {
						if int(cl[gi]) == v {
							n += joint[k*ncls+c]
						}
					}
					if n > 0 {
						tot += n
						f := float64(n)
						nlogn += f * math.Log2(f)
					}
				}
				if tot > 0 {
					out[ti] = append(out[ti], solver.TallyEntropy{Value: v, JointEntropy: entropyOf(tot, nlogn)})
				}
			}
		}
	}
	var tot uint64
	nlogn := 0.0
	for _, n := range all {
		if n > 0 {
			tot += n
			f := float64(n)
			nlogn += f * math.Log2(f)
		}
	}
	return entropyOf(tot, nlogn), out, nil
}

// entropyOf is the entropy of outcomes of tot worlds in all whose Σ n·log2(n)
// is nlogn, as the solver reports it: log2(N) - Σ n·log2(n)/N.
func entropyOf(tot uint64, nlogn float64) solver.JointEntropy {
	e := solver.JointEntropy{Worlds: new(big.Int).SetUint64(tot)}
	if tot > 0 {
		n := float64(tot)
		e.Bits = max(0, math.Log2(n)-nlogn/n)
	}
	return e
}

// countJoint counts the worlds of hl by (Evidence content eHands[i],
// holder of the murderer card mc[i], class of holder d's content), where
// a class is the values of the tallies of group (indices into tallies),
// all of holder d. joint[(i*nh+h)*len(classes)+class] is that number.
//
// The order is the Evidence, d, then the other holders of open content,
// fewest possible contents first. Each (Evidence, d) pair is listed; the
// cards it leaves (a root) are completed by the others, counted backwards
// over their layers (classDP), the state of a layer being the cards left
// up to the cards its holders cannot tell apart.
func (hl *handLists) countJoint(ctx context.Context, ev, d solver.Holder, eHands []uint32, mc []Card, tallies []solver.Tally, group []int) (joint []uint64, classes [][]int8, err error) {
	dHands, err := hl.hands(int(d))
	if err != nil {
		return nil, nil, err
	}
	tmask := make([]uint32, len(group))
	tfix := make([]int, len(group))
	for gi, ti := range group {
		for _, c := range tallies[ti].Cards {
			if hl.bit[c] >= 0 {
				tmask[gi] |= 1 << hl.bit[c]
			} else if hl.fixed[c] == int8(d) {
				tfix[gi]++
			}
		}
	}
	classOf := make([]int32, len(dHands))
	byKey := map[string]int32{}
	key := make([]int8, len(group))
	for di, x := range dHands {
		for gi := range group {
			key[gi] = int8(bits.OnesCount32(x&tmask[gi]) + tfix[gi])
		}
		k := string(int8Key(key))
		c, ok := byKey[k]
		if !ok {
			c = int32(len(classes))
			byKey[k] = c
			classes = append(classes, slices.Clone(key))
		}
		classOf[di] = c
	}
	// The others, fewest contents first.
	var others []int
	for _, h := range hl.open {
		if h != int(ev) && h != int(d) {
			others = append(others, h)
		}
	}
	lists := map[int][]uint32{}
	for _, h := range others {
		x, err := hl.hands(h)
		if err != nil {
			return nil, nil, err
		}
		lists[h] = x
	}
	slices.SortStableFunc(others, func(a, b int) int { return cmp.Compare(len(lists[a]), len(lists[b])) })
	var hands [][]uint32
	for _, h := range others {
		hands = append(hands, lists[h])
	}
	dp := newClassDP(hl, others, hands)
	defer dp.release()
	m := len(others)
	ncls := len(classes)
	nh := hl.nh
	joint = make([]uint64, len(eHands)*nh*ncls)
	pairs := 0
	for di, x := range dHands {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		cls := int(classOf[di])
		var rootD uint32
		if m > 0 {
			rootD = dp.cls[0].canon(hl.all &^ x)
		}
		for ei, e := range eHands {
			if e&x != 0 {
				continue
			}
			if pairs++; pairs > maxPairs {
				return nil, nil, errNoSplit
			}
			var n uint64
			var r int32
			if m == 0 {
				if hl.all&^(e|x) == 0 {
					n = 1
				}
			} else {
				t := rootD
				c0 := dp.cls[0]
				for y := e; y != 0; y &= y - 1 {
					k := c0.of[bits.TrailingZeros32(y)]
					s := bits.OnesCount32(t & c0.mask[k])
					t &^= c0.pre[k][s] ^ c0.pre[k][s-1]
				}
				r, err = dp.value(0, t)
				if err != nil {
					return nil, nil, err
				}
				n = dp.cnt[0][r]
			}
			if n == 0 {
				continue
			}
			c := mc[ei]
			base := ei * nh
			if h := hl.fixed[c]; h >= 0 {
				joint[(base+int(h))*ncls+cls] += n
				continue
			}
			b := uint(hl.bit[c])
			switch {
			case x>>b&1 != 0:
				joint[(base+int(d))*ncls+cls] += n
			case e>>b&1 != 0:
				joint[(base+int(ev))*ncls+cls] += n
			default:
				k := int(dp.cls[0].of[b])
				v := dp.vec[0][(int(r)*len(dp.cls[0].mask)+k)*m:]
				for j, h := range others {
					joint[(base+h)*ncls+cls] += v[j]
				}
			}
		}
	}
	return joint, classes, nil
}

// cardClasses is a partition of the open cards: cards in one class are
// told apart by none of some holders' constraints.
type cardClasses struct {
	of   [32]int8   // class of each open card's bit
	mask []uint32   // cards of each class
	pre  [][]uint32 // pre[k][n]: the n lowest cards of class k
}

// newCardClasses is the partition of the open cards by holders hs: two
// cards are in one class when every mask of their constraints, the cards
// they may take and those they must, holds both or neither.
func newCardClasses(hl *handLists, hs []int) *cardClasses {
	nf := len(hl.card)
	id := make([]int, nf)
	refine := func(x uint32) {
		next := map[[2]int]int{}
		for b := range nf {
			k := [2]int{id[b], int(x >> b & 1)}
			v, ok := next[k]
			if !ok {
				v = len(next)
				next[k] = v
			}
			id[b] = v
		}
	}
	for _, h := range hs {
		refine(hl.cand[h])
		refine(hl.must[h])
		for _, c := range hl.cons[h] {
			for _, g := range c.gs {
				refine(g.mask)
			}
		}
	}
	cl := &cardClasses{}
	for b := range nf {
		for id[b] >= len(cl.mask) {
			cl.mask = append(cl.mask, 0)
		}
		cl.mask[id[b]] |= 1 << b
		cl.of[b] = int8(id[b])
	}
	for _, x := range cl.mask {
		pre := []uint32{0}
		var acc uint32
		for ; x != 0; x &= x - 1 {
			acc |= x & -x
			pre = append(pre, acc)
		}
		cl.pre = append(cl.pre, pre)
	}
	return cl
}

// canon is the canonical state of the cards x: the lowest cards of each
// class, as many as x has.
func (cl *cardClasses) canon(x uint32) uint32 {
	var y uint32
	for k, m := range cl.mask {
		y |= cl.pre[k][bits.OnesCount32(x&m)]
	}
	return y
}

// zeros are a new state's values.
var zeros [32 * 8]uint64

// binoms[n][k] is n choose k.
var binoms = func() (t [33][33]uint64) {
	for n := range 33 {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return
}()

// classDP counts the completions of a set of open cards by the holders
// hold, in that order, by layers: layer l's state is the cards left
// before hold[l] takes its content, in canonical form for the classes of
// hold[l:] (cards those holders cannot tell apart are interchangeable).
// For each state it keeps the number of completions, and for each class
// and each holder hold[j], j ≥ l, the number in which one given card of
// the class goes to that holder.
type classDP struct {
	hold  []int
	cls   []*cardClasses // cls[l]: classes of hold[l:]
	up    [][]int8       // up[l][k]: the class in layer l+1 of layer l's class k
	types [][]handType   // the contents of hold[l] up to its classes
	tabs  []*u32table
	cnt   [][]uint64
	vec   [][]uint64 // vec[l][(s*len(classes)+k)*(m-l)+j-l]
	edges int
}

// handType is the contents of a holder with the same number of cards of
// each class: rep is the one with the lowest cards of each class, tau
// those numbers. rep fits in a canonical state s when rep&^s is empty.
type handType struct {
	rep uint32
	tau []uint8
}

// dpPool keeps the tables of finished counts, so that the next one does
// not allocate and clear them again.
var dpPool sync.Pool

// release returns dp's tables to dpPool.
func (dp *classDP) release() { dpPool.Put(dp) }

func newClassDP(hl *handLists, hold []int, hands [][]uint32) *classDP {
	m := len(hold)
	dp, _ := dpPool.Get().(*classDP)
	if dp == nil {
		dp = &classDP{}
	}
	dp.hold, dp.edges = hold, 0
	dp.cls, dp.up, dp.types = make([]*cardClasses, m), make([][]int8, m), make([][]handType, m)
	for len(dp.tabs) < m {
		dp.tabs = append(dp.tabs, newU32table(1024))
		dp.cnt = append(dp.cnt, nil)
		dp.vec = append(dp.vec, nil)
	}
	for l := range m {
		cl := newCardClasses(hl, hold[l:])
		dp.cls[l] = cl
		dp.tabs[l].reset()
		dp.cnt[l] = dp.cnt[l][:0]
		dp.vec[l] = dp.vec[l][:0]
		seen := map[uint32]bool{}
		for _, x := range hands[l] {
			rep := cl.canon(x)
			if seen[rep] {
				continue
			}
			seen[rep] = true
			t := handType{rep: rep, tau: make([]uint8, len(cl.mask))}
			for k, y := range cl.mask {
				t.tau[k] = uint8(bits.OnesCount32(x & y))
			}
			dp.types[l] = append(dp.types[l], t)
		}
	}
	for l := 0; l+1 < m; l++ {
		for _, x := range dp.cls[l].mask {
			dp.up[l] = append(dp.up[l], dp.cls[l+1].of[bits.TrailingZeros32(x)])
		}
	}
	return dp
}

// value is the index in layer l of state s (canonical), counted first if
// new.
func (dp *classDP) value(l int, s uint32) (int32, error) {
	idx, added := dp.tabs[l].getOrPut(s)
	if !added {
		return idx, nil
	}
	m := len(dp.hold)
	cl := dp.cls[l]
	nk := len(cl.mask)
	nj := m - l
	dp.cnt[l] = append(dp.cnt[l], 0)
	base := len(dp.vec[l])
	dp.vec[l] = append(dp.vec[l], zeros[:nk*nj]...)
	if dp.tabs[l].n > maxStates {
		return 0, errNoSplit
	}
	// Layers deeper than l do not touch layer l's tables: vec stays valid.
	vec := dp.vec[l][base : base+nk*nj]
	var sigma [32]int
	for k, x := range cl.mask {
		sigma[k] = bits.OnesCount32(s & x)
	}
	var cnt uint64
	var pre, suf [33]uint64
	for _, t := range dp.types[l] {
		if t.rep&^s != 0 {
			continue
		}
		dp.edges++
		if dp.edges > maxEdges {
			return 0, errNoSplit
		}
		rest := s &^ t.rep
		var cc uint64
		var cv []uint64
		if l+1 == m {
			if rest != 0 {
				continue
			}
			cc = 1
		} else {
			ci, err := dp.value(l+1, dp.cls[l+1].canon(rest))
			if err != nil {
				return 0, err
			}
			cc = dp.cnt[l+1][ci]
			if cc == 0 {
				continue
			}
			nk1 := len(dp.cls[l+1].mask)
			cv = dp.vec[l+1][int(ci)*nk1*(nj-1) : (int(ci)+1)*nk1*(nj-1)]
		}
		// pre[i], suf[i]: products of the binomials before and after i.
		pre[0] = 1
		for i := range nk {
			pre[i+1] = pre[i] * binoms[sigma[i]][t.tau[i]]
		}
		suf[nk] = 1
		for i := nk - 1; i >= 0; i-- {
			suf[i] = suf[i+1] * binoms[sigma[i]][t.tau[i]]
		}
		cnt += pre[nk] * cc
		for i := range nk {
			sg, ta := sigma[i], int(t.tau[i])
			if sg == 0 {
				continue
			}
			other := pre[i] * suf[i+1]
			v := vec[i*nj : (i+1)*nj]
			if ta > 0 {
				v[0] += binoms[sg-1][ta-1] * other * cc
			}
			if ta < sg && cv != nil {
				out := binoms[sg-1][ta] * other
				u := cv[int(dp.up[l][i])*(nj-1):]
				for j := 1; j < nj; j++ {
					v[j] += out * u[j-1]
				}
			}
		}
	}
	dp.cnt[l][idx] = cnt
	return idx, nil
}

// int8Key is x as bytes, for a map key.
func int8Key(x []int8) []byte {
	b := make([]byte, len(x))
	for i, v := range x {
		b[i] = byte(v)
	}
	return b
}
