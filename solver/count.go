package solver

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"
)

// NoHolder stands for "no holder": in a [ContentHolderCount], the outcome
// for which the pick function chose no card.
const NoHolder Holder = -1

// maxOutcomes bounds the number of outcomes Contents and ContentsAndHolder
// list.
const maxOutcomes = 1 << 20

// Counter is the exact counting engine: it counts the worlds of a
// [Problem], the worlds in which each card is with each holder, the joint
// distributions of a few cards or of one holder's content, and samples worlds
// uniformly. Counts are exact integers; probabilities are exact ratios.
//
// A Counter reads a snapshot of the problem taken by [NewCounter];
// observations added to the problem later are not seen. It is safe for
// concurrent use.
type Counter struct {
	p *Problem

	mu     sync.Mutex
	base   *compiled
	marg   *Marginals
	sample [][]*big.Int // backward counts of base, for Sample
}

// NewCounter returns a counter over a snapshot of p.
func NewCounter(p *Problem) *Counter { return &Counter{p: p.Clone()} }

func (c *Counter) compiled(ctx context.Context) (*compiled, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.base != nil {
		return c.base, nil
	}
	cp, err := compile(ctx, c.p, compileOpts{last: NoHolder})
	if err != nil {
		return nil, err
	}
	c.base = cp
	return cp, nil
}

// Count is the number of worlds: complete deals that respect the model and
// every observation.
func (c *Counter) Count(ctx context.Context) (*big.Int, error) {
	cp, err := c.compiled(ctx)
	if err != nil {
		return nil, err
	}
	if cp.infeasible {
		return new(big.Int), nil
	}
	return run(ctx, cp,
		func(a *u64) (*big.Int, error) { return total[uint64](ctx, a, cp) },
		func(a bigs) (*big.Int, error) { return total[*big.Int](ctx, a, cp) })
}

// Marginals are, for every card and holder, the number of worlds in which
// the card is with the holder, out of Total worlds.
type Marginals struct {
	// Total is the number of worlds.
	Total *big.Int

	counts [][]*big.Int // [card][holder]
}

// Count is the number of worlds in which card c is with holder h; 0 for an
// unknown card or holder.
func (m *Marginals) Count(c Card, h Holder) *big.Int {
	if c < 0 || int(c) >= len(m.counts) || h < 0 || int(h) >= len(m.counts[c]) {
		return new(big.Int)
	}
	return new(big.Int).Set(m.counts[c][h])
}

// Prob is the probability that card c is with holder h when every world is
// equally likely: Count(c, h) / Total, and 0 when there is no world.
func (m *Marginals) Prob(c Card, h Holder) *big.Rat {
	if m.Total.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(m.Count(c, h), m.Total)
}

// Marginals counts, for every card and holder, the worlds in which the card
// is with the holder. It costs one forward and one backward pass over the
// counting graph, not one count per card and holder.
func (c *Counter) Marginals(ctx context.Context) (*Marginals, error) {
	c.mu.Lock()
	if c.marg != nil {
		m := c.marg
		c.mu.Unlock()
		return m, nil
	}
	c.mu.Unlock()
	cp, err := c.compiled(ctx)
	if err != nil {
		return nil, err
	}
	m := &Marginals{Total: new(big.Int), counts: make([][]*big.Int, cp.nCards)}
	for k := range m.counts {
		m.counts[k] = make([]*big.Int, cp.nHolders)
		for h := range m.counts[k] {
			m.counts[k][h] = new(big.Int)
		}
	}
	if !cp.infeasible {
		type res struct {
			acc [][]*big.Int
			tot *big.Int
		}
		r, err := run(ctx, cp,
			func(a *u64) (res, error) {
				acc, tot, err := cellCounts[uint64](ctx, a, cp)
				return res{acc, tot}, err
			},
			func(a bigs) (res, error) {
				acc, tot, err := cellCounts[*big.Int](ctx, a, cp)
				return res{acc, tot}, err
			})
		if err != nil {
			return nil, err
		}
		m.Total = r.tot
		for k := 0; k < cp.nCards; k++ {
			if h := cp.fixed[k]; h >= 0 {
				m.counts[k][h].Set(r.tot)
			}
		}
		for i, l := range cp.layers {
			for p, j := range l.cells {
				q, rem := new(big.Int).QuoRem(r.acc[i][p], big.NewInt(int64(cp.sizes[j])), new(big.Int))
				if rem.Sign() != 0 {
					return nil, errors.New("solver: internal error: inexact marginal")
				}
				for _, k := range cp.cells[j] {
					m.counts[k][l.holder].Set(q)
				}
			}
		}
	}
	c.mu.Lock()
	c.marg = m
	c.mu.Unlock()
	return m, nil
}

// JointCount is one outcome of a joint distribution: Holders[i] holds the
// i-th card asked, in Count worlds.
type JointCount struct {
	Holders []Holder
	Count   *big.Int
}

// Joint is the joint distribution of the holders of the given cards: every
// tuple of holders that occurs in some world, with its number of worlds,
// in increasing lexicographic order of the tuples. It is meant for a few
// cards: the work grows with the number of tuples. It returns an error for
// an unknown card.
func (c *Counter) Joint(ctx context.Context, cards []Card) ([]JointCount, error) {
	m := c.p.Model()
	for _, k := range cards {
		if !m.ValidCard(k) {
			return nil, fmt.Errorf("solver: unknown card %d", k)
		}
	}
	cp, err := compile(ctx, c.p, compileOpts{last: NoHolder, singleton: cards})
	if err != nil {
		return nil, err
	}
	if cp.infeasible {
		return nil, nil
	}
	res, err := run(ctx, cp,
		func(a *u64) (map[string]*big.Int, error) { return jointPass[uint64](ctx, a, cp, cards) },
		func(a bigs) (map[string]*big.Int, error) { return jointPass[*big.Int](ctx, a, cp, cards) })
	if err != nil {
		return nil, err
	}
	out := make([]JointCount, 0, len(res))
	for key, n := range res {
		hs := make([]Holder, len(cards))
		for t := range hs {
			hs[t] = Holder(int(key[2*t]) | int(key[2*t+1])<<8)
		}
		out = append(out, JointCount{Holders: hs, Count: n})
	}
	slices.SortFunc(out, func(a, b JointCount) int { return slices.Compare(a.Holders, b.Holders) })
	return out, nil
}

// jointPass runs forward with, in every state, the distribution of the
// holders given so far to the asked cards.
func jointPass[T any, A arith[T]](ctx context.Context, a A, cp *compiled, cards []Card) (map[string]*big.Int, error) {
	const pending = 0xffff
	tag0 := make([]byte, 2*len(cards))
	for t, k := range cards {
		h := pending
		if cp.fixed[k] >= 0 {
			h = int(cp.fixed[k])
		}
		tag0[2*t], tag0[2*t+1] = byte(h), byte(h>>8)
	}
	cur := []map[string]T{{string(tag0): a.small(1)}}
	if cp.layer(0).n == 0 {
		return nil, nil
	}
	L := len(cp.layers)
	tag := make([]byte, len(tag0))
	for i := 0; i < L; i++ {
		l := cp.layers[i]
		pos := make([]int, len(cards)) // position of each asked card's cell in the layer
		for t, k := range cards {
			pos[t] = -1
			if j := cp.cellOf[k]; j >= 0 {
				pos[t] = slices.Index(l.cells, j)
			}
		}
		next := make([]map[string]T, cp.layer(i+1).n)
		for x := 0; x < l.n; x++ {
			if x&255 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			for tg, f := range cur[x] {
				for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
					copy(tag, tg)
					hand := l.hands[l.eHand[e]]
					for t, p := range pos {
						if p >= 0 && hand[p] > 0 {
							tag[2*t], tag[2*t+1] = byte(l.holder), byte(l.holder>>8)
						}
					}
					y := l.eTo[e]
					if next[y] == nil {
						next[y] = map[string]T{}
					}
					old, ok := next[y][string(tag)]
					if !ok {
						old = a.zero()
					}
					next[y][string(tag)] = a.add(old, a.mul(f, a.weight(l, x, int(e))))
				}
			}
			cur[x] = nil
		}
		cur = next
	}
	out := map[string]*big.Int{}
	for _, mp := range cur {
		for tg, n := range mp {
			if !a.isZero(n) {
				if old, ok := out[tg]; ok {
					out[tg] = new(big.Int).Add(old, a.toBig(n))
				} else {
					out[tg] = a.toBig(n)
				}
			}
		}
	}
	return out, nil
}

// ContentCount is one possible exact content of a holder: the Cards, in
// increasing order, in Count worlds.
type ContentCount struct {
	Cards []Card
	Count *big.Int
}

// Contents is the distribution of the exact content of holder h: every set
// of cards h holds in some world, with its number of worlds, in increasing
// lexicographic order of the card lists. It is meant for a small holder (an
// envelope, an evidence pile): it returns an error for an unknown holder
// and when the holder has more than about a million possible contents.
func (c *Counter) Contents(ctx context.Context, h Holder) ([]ContentCount, error) {
	fc, err := c.focus(ctx, h)
	if err != nil {
		return nil, err
	}
	var out []ContentCount
	fc.each(func(cards []Card, n *big.Int, _ int) {
		out = append(out, ContentCount{Cards: slices.Clone(cards), Count: new(big.Int).Set(n)})
	})
	slices.SortFunc(out, func(a, b ContentCount) int { return slices.Compare(a.Cards, b.Cards) })
	return out, nil
}

// ContentHolderCount is one outcome of [Counter.ContentsAndHolder]: the
// holder's content is Cards and the picked card is with Holder (NoHolder
// when no card was picked), in Count worlds.
type ContentHolderCount struct {
	Cards  []Card
	Holder Holder
	Count  *big.Int
}

// ContentsAndHolder is the joint distribution of the exact content of holder
// h and the holder of the card pick chooses from that content: for every
// content of h (Cards ascending), pick returns a card, or false for none,
// and the worlds with that content are split by the holder of the picked
// card (h itself when the picked card is in the content). Outcomes with no
// world are left out; the order is by content, then holder. It costs two
// forward passes over the counting graph whatever the number of contents.
// pick must not keep its argument.
func (c *Counter) ContentsAndHolder(ctx context.Context, h Holder, pick func(content []Card) (Card, bool)) ([]ContentHolderCount, error) {
	fc, err := c.focus(ctx, h)
	if err != nil {
		return nil, err
	}
	m := c.p.Model()
	// First, which cells may hold a picked card.
	type pickd struct {
		card Card
		ok   bool
	}
	var picks []pickd
	var bad error
	need := map[int]bool{}
	fc.each(func(cards []Card, _ *big.Int, _ int) {
		k, ok := pick(cards)
		if ok && !m.ValidCard(k) && bad == nil {
			bad = fmt.Errorf("solver: pick returned unknown card %d", k)
		}
		picks = append(picks, pickd{k, ok})
		if ok && m.ValidCard(k) && !slices.Contains(cards, k) && fc.cp.cellOf[k] >= 0 {
			need[fc.cp.cellOf[k]] = true
		}
	})
	if bad != nil {
		return nil, bad
	}
	var cols []int
	for j := range need {
		cols = append(cols, j)
	}
	slices.Sort(cols)
	var mats map[string][]*big.Int
	if len(cols) > 0 && fc.layer >= 0 {
		mats, err = run(ctx, fc.cp,
			func(a *u64) (map[string][]*big.Int, error) { return takenPass[uint64](ctx, a, fc.cp, cols) },
			func(a bigs) (map[string][]*big.Int, error) { return takenPass[*big.Int](ctx, a, fc.cp, cols) })
		if err != nil {
			return nil, err
		}
	}
	nl := len(fc.cp.layers) - 1
	var out []ContentHolderCount
	var marg *Marginals
	i := 0
	fc.each(func(cards []Card, n *big.Int, share int) {
		pk := picks[i]
		i++
		cs := slices.Clone(cards)
		switch {
		case !pk.ok:
			out = append(out, ContentHolderCount{cs, NoHolder, new(big.Int).Set(n)})
		case slices.Contains(cards, pk.card):
			out = append(out, ContentHolderCount{cs, h, new(big.Int).Set(n)})
		case fc.cp.fixed[pk.card] >= 0:
			out = append(out, ContentHolderCount{cs, fc.cp.fixed[pk.card], new(big.Int).Set(n)})
		case fc.layer < 0:
			// The holder's content is settled: the picked card is spread
			// as its marginals say.
			if marg == nil {
				marg, err = c.Marginals(ctx)
				if err != nil && bad == nil {
					bad = err
					return
				}
			}
			for g := 0; g < m.NumHolders(); g++ {
				if v := marg.Count(pk.card, Holder(g)); v.Sign() != 0 {
					out = append(out, ContentHolderCount{cs, Holder(g), v})
				}
			}
		default:
			j := fc.cp.cellOf[pk.card]
			col := slices.Index(cols, j)
			r := fc.vec[share]
			mat := mats[fc.keys[share]]
			taken := fc.cp.sizes[j] - int(r[j])
			div := new(big.Int).Mul(fc.ways[share], big.NewInt(int64(taken)))
			for l := 0; l < nl; l++ {
				v := mat[col*nl+l]
				if v.Sign() == 0 {
					continue
				}
				q, rem := new(big.Int).QuoRem(v, div, new(big.Int))
				if rem.Sign() != 0 && bad == nil {
					bad = errors.New("solver: internal error: inexact content split")
				}
				out = append(out, ContentHolderCount{cs, fc.cp.layers[l].holder, q})
			}
		}
	})
	if bad != nil {
		return nil, bad
	}
	slices.SortFunc(out, func(a, b ContentHolderCount) int {
		if d := slices.Compare(a.Cards, b.Cards); d != 0 {
			return d
		}
		return int(a.Holder) - int(b.Holder)
	})
	return out, nil
}

// focused is a problem compiled with one holder in the last layer, and the
// distribution of that holder's content by cell.
type focused struct {
	cp    *compiled
	h     Holder
	layer int        // the holder's layer, -1 when it takes no free card
	fixed []Card     // cards fixed to the holder
	keys  []string   // per content class: key of its cell vector
	vec   [][]uint16 // per content class: cards of each cell the holder takes
	count []*big.Int // per content class: worlds
	ways  []*big.Int // per content class: number of card sets it stands for
}

func (c *Counter) focus(ctx context.Context, h Holder) (*focused, error) {
	if !c.p.Model().ValidHolder(h) {
		return nil, fmt.Errorf("solver: unknown holder %d", h)
	}
	cp, err := compile(ctx, c.p, compileOpts{last: h})
	if err != nil {
		return nil, err
	}
	fc := &focused{cp: cp, h: h, layer: -1}
	if cp.infeasible {
		return fc, nil
	}
	for k, g := range cp.fixed {
		if g == h {
			fc.fixed = append(fc.fixed, Card(k))
		}
	}
	fc.layer = cp.holderLayer[h]
	nc := len(cp.cells)
	if fc.layer < 0 {
		tot, err := run(ctx, cp,
			func(a *u64) (*big.Int, error) { return total[uint64](ctx, a, cp) },
			func(a bigs) (*big.Int, error) { return total[*big.Int](ctx, a, cp) })
		if err != nil {
			return nil, err
		}
		if tot.Sign() > 0 {
			fc.keys = []string{""}
			fc.vec = [][]uint16{make([]uint16, nc)}
			fc.count = []*big.Int{tot}
			fc.ways = []*big.Int{big.NewInt(1)}
		}
		return fc, nil
	}
	cls, err := run(ctx, cp,
		func(a *u64) (map[string]*big.Int, error) { return lastPass[uint64](ctx, a, cp) },
		func(a bigs) (map[string]*big.Int, error) { return lastPass[*big.Int](ctx, a, cp) })
	if err != nil {
		return nil, err
	}
	kr := newKeyer(cp.sizes)
	nout := 0
	last := cp.layers[fc.layer]
	seen := map[string]bool{}
	for x := 0; x < last.n; x++ {
		r := last.state(x)
		key := string(kr.key(r, nil))
		n, ok := cls[key]
		if !ok || seen[key] {
			continue
		}
		seen[key] = true
		w := big.NewInt(1)
		var b big.Int
		for j, v := range r {
			w.Mul(w, b.Binomial(int64(cp.sizes[j]), int64(v)))
		}
		if nout += int(min(w.Int64(), maxOutcomes+1)); !w.IsInt64() || nout > maxOutcomes {
			return nil, fmt.Errorf("solver: holder %q has too many possible contents to list", c.p.Model().HolderName(h))
		}
		fc.keys = append(fc.keys, key)
		fc.vec = append(fc.vec, slices.Clone(r))
		fc.count = append(fc.count, n)
		fc.ways = append(fc.ways, w)
	}
	return fc, nil
}

// each calls f for every content of the focused holder with its number of
// worlds and its class index.
func (fc *focused) each(f func(cards []Card, n *big.Int, class int)) {
	cp := fc.cp
	for i, r := range fc.vec {
		n := new(big.Int).Quo(fc.count[i], fc.ways[i])
		cards := slices.Clone(fc.fixed)
		var rec func(j int)
		rec = func(j int) {
			if j == len(cp.cells) {
				s := slices.Clone(cards)
				slices.Sort(s)
				f(s, n, i)
				return
			}
			k := int(r[j])
			cell := cp.cells[j]
			// every k-subset of the cell
			idx := make([]int, k)
			var sub func(start, d int)
			sub = func(start, d int) {
				if d == k {
					base := len(cards)
					for _, t := range idx {
						cards = append(cards, cell[t])
					}
					rec(j + 1)
					cards = cards[:base]
					return
				}
				for t := start; t <= len(cell)-(k-d); t++ {
					idx[d] = t
					sub(t+1, d+1)
				}
			}
			sub(0, 0)
		}
		rec(0)
	}
}

// lastPass is, per cell vector of the last layer's states that can be
// completed, the number of ways to reach it.
func lastPass[T any, A arith[T]](ctx context.Context, a A, cp *compiled) (map[string]*big.Int, error) {
	F, err := forward[T](ctx, a, cp)
	if err != nil {
		return nil, err
	}
	L := len(cp.layers)
	l := cp.layers[L-1]
	kr := newKeyer(cp.sizes)
	acc := map[string]T{}
	for x := 0; x < l.n; x++ {
		if l.edgeStart[x] == l.edgeStart[x+1] || a.isZero(F[L-1][x]) {
			continue
		}
		key := string(kr.key(l.state(x), nil))
		old, ok := acc[key]
		if !ok {
			old = a.zero()
		}
		acc[key] = a.add(old, F[L-1][x]) // the last hand is forced: weight 1
	}
	out := make(map[string]*big.Int, len(acc))
	for k, v := range acc {
		out[k] = a.toBig(v)
	}
	return out, nil
}

// takenPass runs forward carrying, per state, for each cell of cols and each
// earlier layer, the number of ways to reach the state weighted by the
// number of cards of the cell that layer took. It returns those sums for
// the last layer's states that can be completed, by cell vector.
func takenPass[T any, A arith[T]](ctx context.Context, a A, cp *compiled, cols []int) (map[string][]*big.Int, error) {
	L := len(cp.layers)
	nl := L - 1
	width := len(cols) * nl
	F := []T{a.small(1)}
	M := make([]T, width)
	for t := range M {
		M[t] = a.zero()
	}
	for i := 0; i < nl; i++ {
		l := cp.layers[i]
		pos := make([]int, len(cols))
		for t, j := range cols {
			pos[t] = slices.Index(l.cells, j)
		}
		nn := cp.layers[i+1].n
		nF := make([]T, nn)
		nM := make([]T, nn*width)
		for y := range nF {
			nF[y] = a.zero()
		}
		for t := range nM {
			nM[t] = a.zero()
		}
		for x := 0; x < l.n; x++ {
			if x&1023 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			f := F[x]
			if a.isZero(f) {
				continue
			}
			mx := M[x*width : (x+1)*width]
			for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
				y := int(l.eTo[e])
				w := a.weight(l, x, int(e))
				nF[y] = a.add(nF[y], a.mul(f, w))
				my := nM[y*width : (y+1)*width]
				for t := range my {
					if !a.isZero(mx[t]) {
						my[t] = a.add(my[t], a.mul(mx[t], w))
					}
				}
				hand := l.hands[l.eHand[e]]
				for t, p := range pos {
					if p >= 0 && hand[p] > 0 {
						my[t*nl+i] = a.add(my[t*nl+i], a.mul(a.mul(f, w), a.small(uint64(hand[p]))))
					}
				}
			}
		}
		F, M = nF, nM
	}
	l := cp.layers[L-1]
	kr := newKeyer(cp.sizes)
	acc := map[string][]T{}
	for x := 0; x < l.n; x++ {
		if l.edgeStart[x] == l.edgeStart[x+1] || a.isZero(F[x]) {
			continue
		}
		key := string(kr.key(l.state(x), nil))
		v, ok := acc[key]
		if !ok {
			v = make([]T, width)
			copy(v, M[x*width:(x+1)*width])
			acc[key] = v
			continue
		}
		for t := range v {
			v[t] = a.add(v[t], M[x*width+t])
		}
	}
	out := make(map[string][]*big.Int, len(acc))
	for k, v := range acc {
		b := make([]*big.Int, width)
		for t := range v {
			b[t] = a.toBig(v[t])
		}
		out[k] = b
	}
	return out, nil
}

// Sample draws one world, every world equally likely, using rng. It returns
// [ErrInconsistent] when there is no world.
func (c *Counter) Sample(ctx context.Context, rng *rand.Rand) (World, error) {
	cp, err := c.compiled(ctx)
	if err != nil {
		return nil, err
	}
	if cp.infeasible {
		return nil, ErrInconsistent
	}
	c.mu.Lock()
	B := c.sample
	c.mu.Unlock()
	if B == nil {
		B, err = run(ctx, cp,
			func(a *u64) ([][]*big.Int, error) { return bigTable[uint64](ctx, a, cp) },
			func(a bigs) ([][]*big.Int, error) { return bigTable[*big.Int](ctx, a, cp) })
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		c.sample = B
		c.mu.Unlock()
	}
	if B[0][0].Sign() == 0 {
		return nil, ErrInconsistent
	}
	w := make(World, cp.nCards)
	for k, h := range cp.fixed {
		w[k] = h
	}
	rem := make([][]Card, len(cp.cells))
	for j, cs := range cp.cells {
		rem[j] = slices.Clone(cs)
	}
	x := 0
	var u, v big.Int
	for i, l := range cp.layers {
		randBelow(rng, B[i][x], &u)
		e := l.edgeStart[x]
		for ; e < l.edgeStart[x+1]; e++ {
			v.Mul(bigs{}.weight(l, x, int(e)), B[i+1][l.eTo[e]])
			if u.Cmp(&v) < 0 {
				break
			}
			u.Sub(&u, &v)
		}
		if e == l.edgeStart[x+1] {
			return nil, errors.New("solver: internal error: sampling fell off the graph")
		}
		for p, k := range l.hands[l.eHand[e]] {
			j := l.cells[p]
			for ; k > 0; k-- {
				t := rng.IntN(len(rem[j]))
				w[rem[j][t]] = l.holder
				rem[j][t] = rem[j][len(rem[j])-1]
				rem[j] = rem[j][:len(rem[j])-1]
			}
		}
		x = int(l.eTo[e])
	}
	return w, nil
}

func bigTable[T any, A arith[T]](ctx context.Context, a A, cp *compiled) ([][]*big.Int, error) {
	B, err := backward[T](ctx, a, cp)
	if err != nil {
		return nil, err
	}
	out := make([][]*big.Int, len(B))
	for i := range B {
		out[i] = make([]*big.Int, len(B[i]))
		for x := range B[i] {
			out[i][x] = a.toBig(B[i][x])
		}
	}
	return out, nil
}

// randBelow sets u to a uniform integer in [0, n), n > 0, by rejection.
func randBelow(rng *rand.Rand, n *big.Int, u *big.Int) {
	if n.IsUint64() {
		u.SetUint64(rng.Uint64N(n.Uint64()))
		return
	}
	nb := n.BitLen()
	buf := make([]byte, (nb+7)/8)
	for {
		for i := range buf {
			buf[i] = byte(rng.Uint32())
		}
		buf[0] &= byte(0xff >> (len(buf)*8 - nb))
		u.SetBytes(buf)
		if u.Cmp(n) < 0 {
			return
		}
	}
}
