package count

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"
)

// maxOutcomes bounds the number of outcomes Contents lists.
const maxOutcomes = 1 << 20

// Counter answers the counting queries of one Input. It keeps the graphs
// and passes it computed, so that a later query that can use them does not
// redo the work. It is safe for concurrent use.
type Counter struct {
	in *Input

	mu     sync.Mutex
	graphs map[Holder]*compiled      // by the holder asked first (NoHolder: default order)
	passes map[*compiled]*passResult // backward passes with per-card counts
	full   *passResult               // backward pass of the default graph keeping every count, for Sample
}

// New returns a counter of in, which it keeps: in must not change.
func New(in *Input) *Counter {
	return &Counter{in: in, graphs: map[Holder]*compiled{}, passes: map[*compiled]*passResult{}}
}

// graph is the problem compiled with holder first in the first layer
// (NoHolder: the default order).
func (c *Counter) graph(ctx context.Context, first Holder) (*compiled, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if g, ok := c.graphs[first]; ok {
		return g, nil
	}
	// A holder that takes no free card leads no graph: a graph made
	// already serves it (its content is fixed, and the answers do not
	// depend on the graph), as the default one would.
	if first != NoHolder {
		for _, g := range c.graphs {
			if g.infeasible || g.holderLayer[first] < 0 {
				c.graphs[first] = g
				return g, nil
			}
		}
	}
	cp, err := compile(ctx, c.in, layout{first: first})
	if err != nil {
		return nil, err
	}
	c.graphs[first] = cp
	if first == NoHolder && len(cp.layers) > 0 {
		if _, ok := c.graphs[cp.layers[0].holder]; !ok {
			c.graphs[cp.layers[0].holder] = cp
		}
	}
	return cp, nil
}

// KeptGraph is the graph the counter keeps for queries led by holder first
// (NoHolder: the default graph), nil when it keeps none.
func (c *Counter) KeptGraph(first Holder) *Graph {
	c.mu.Lock()
	defer c.mu.Unlock()
	if g := c.graphs[first]; g != nil {
		return &Graph{g}
	}
	return nil
}

// Release drops the graphs and passes the counter keeps between queries,
// so that their memory can be reclaimed. Later queries build them again.
func (c *Counter) Release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.graphs = map[Holder]*compiled{}
	c.passes = map[*compiled]*passResult{}
	c.full = nil
}

// Kept is the number of graphs (by leading holder) and passes the counter
// keeps.
func (c *Counter) Kept() (graphs, passes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.graphs), len(c.passes)
}

// counts is the backward pass with per-card counts over cp, computed once.
func (c *Counter) counts(ctx context.Context, cp *compiled) (*passResult, error) {
	c.mu.Lock()
	r, ok := c.passes[cp]
	c.mu.Unlock()
	if ok {
		return r, nil
	}
	r, err := cp.pass(ctx, true, false)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.passes[cp] = r
	c.mu.Unlock()
	return r, nil
}

// Count is the number of worlds.
func (c *Counter) Count(ctx context.Context) (*big.Int, error) {
	cp, err := c.graph(ctx, NoHolder)
	if err != nil {
		return nil, err
	}
	if cp.infeasible {
		return new(big.Int), nil
	}
	c.mu.Lock()
	r, ok := c.passes[cp]
	c.mu.Unlock()
	if !ok {
		if r, err = cp.pass(ctx, false, false); err != nil {
			return nil, err
		}
	}
	return new(big.Int).Set(r.total), nil
}

// Marginals are the number of worlds, Total, and for every card and
// holder the number in which the card is with the holder, Counts[c][h].
// The integers may be shared with the counter: they must not be changed.
type Marginals struct {
	Total  *big.Int
	Counts [][]*big.Int
}

// Marginals counts, for every card and holder, the worlds in which the card
// is with the holder: one backward pass over the counting graph.
func (c *Counter) Marginals(ctx context.Context) (*Marginals, error) {
	cp, err := c.graph(ctx, NoHolder)
	if err != nil {
		return nil, err
	}
	return c.marginalsOf(ctx, cp)
}

// marginalsOf reads the marginals off graph cp, whichever holder leads it.
func (c *Counter) marginalsOf(ctx context.Context, cp *compiled) (*Marginals, error) {
	m := &Marginals{Total: new(big.Int), Counts: make([][]*big.Int, cp.nCards)}
	for k := range m.Counts {
		m.Counts[k] = make([]*big.Int, cp.nHolders)
		for h := range m.Counts[k] {
			m.Counts[k][h] = bigZero
		}
	}
	if cp.infeasible {
		return m, nil
	}
	r, err := c.counts(ctx, cp)
	if err != nil {
		return nil, err
	}
	m.Total = new(big.Int).Set(r.total)
	L := len(cp.layers)
	for k := 0; k < cp.nCards; k++ {
		if h := cp.fixed[k]; h >= 0 {
			m.Counts[k][h] = r.total
			continue
		}
		j := cp.layers[0].of[cp.cellOf[k]]
		for l := 0; l < L; l++ {
			m.Counts[k][cp.layers[l].holder] = r.rootCardWays[j*L+l]
		}
	}
	return m, nil
}

// JointCount is one outcome of a joint distribution: Holders[i] holds the
// i-th card asked, in Count worlds.
type JointCount struct {
	Holders []Holder
	Count   *big.Int
}

// Joint is the joint distribution of the holders of the given cards (valid
// cards of the input), in increasing lexicographic order of the tuples.
func (c *Counter) Joint(ctx context.Context, cards []Card) ([]JointCount, error) {
	cp, err := compile(ctx, c.in, layout{first: NoHolder, singleton: cards})
	if err != nil {
		return nil, err
	}
	if cp.infeasible {
		return nil, nil
	}
	res, err := run(cp,
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
// holders given so far to the asked cards (each in a cell of its own).
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
	if cp.layer(0).n == 0 {
		return nil, nil
	}
	cur := []map[string]T{{string(tag0): a.small(1)}}
	L := len(cp.layers)
	tag := make([]byte, len(tag0))
	for i := 0; i < L; i++ {
		l := cp.layers[i]
		pos := make([]int, len(cards)) // position of each asked card's cell in the layer's hands
		for t, k := range cards {
			pos[t] = -1
			if g := cp.cellOf[k]; g >= 0 {
				pos[t] = slices.Index(l.cells, l.of[g])
			}
		}
		next := make([]map[string]T, cp.layer(i+1).n)
		var tk ticker
		for x := 0; x < l.n; x++ {
			if tk.due(int(l.edgeStart[x+1]-l.edgeStart[x])*len(cur[x])) && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			for tg, f := range cur[x] {
				for e := l.edgeStart[x]; e < l.edgeStart[x+1]; e++ {
					copy(tag, tg)
					hand := l.hands[l.edgeHand.at(e)]
					for t, p := range pos {
						if p >= 0 && hand[p] > 0 {
							tag[2*t], tag[2*t+1] = byte(l.holder), byte(l.holder>>8)
						}
					}
					y := l.edgeTo[e]
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

// Pick chooses a card from a content (ascending; the slice must not be
// kept), or none.
type Pick func(content []Card) (Card, bool)

// ContentCount is one outcome of [Counter.Contents]: the holder's content
// is Cards (ascending) and the picked card is with Holder (NoHolder when
// no card was picked), in Count worlds.
type ContentCount struct {
	Cards  []Card
	Holder Holder
	Count  *big.Int
}

// Contents is the joint distribution of the exact content of holder h (a
// valid holder) and the holder of the card pick chooses from it, by
// content then holder; with pick nil, the distribution of the content
// alone (every Holder NoHolder). It returns ErrTooManyContents when the
// holder has more than about a million possible contents, and an error
// when pick returns an unknown card.
func (c *Counter) Contents(ctx context.Context, h Holder, pick Pick) ([]ContentCount, error) {
	fc, err := c.focus(ctx, h)
	if err != nil {
		return nil, err
	}
	return c.contentsOf(ctx, fc, pick)
}

// EachContent calls f with every outcome of c.Contents(ctx, h, pick), in
// no particular order: the content, a fresh ascending slice of cards of
// the caller's card type C, the holder of the picked card, and the number
// of worlds, which f must not change (it may be the counter's). It saves
// the caller a copy of every content in its own types.
func EachContent[C ~int](ctx context.Context, c *Counter, h Holder, pick Pick, f func(cards []C, holder Holder, n *big.Int)) error {
	fc, err := c.focus(ctx, h)
	if err != nil {
		return err
	}
	return eachContentOf(ctx, c, fc, pick, f)
}

// contentsOf reads Contents off a focused graph and pass.
func (c *Counter) contentsOf(ctx context.Context, fc *focused, pick Pick) ([]ContentCount, error) {
	var out []ContentCount
	err := eachContentOf(ctx, c, fc, pick, func(cards []Card, g Holder, n *big.Int) {
		out = append(out, ContentCount{cards, g, new(big.Int).Set(n)})
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b ContentCount) int {
		if d := slices.Compare(a.Cards, b.Cards); d != 0 {
			return d
		}
		return int(a.Holder) - int(b.Holder)
	})
	return out, nil
}

// eachContentOf is EachContent off a focused graph and pass.
func eachContentOf[C ~int](ctx context.Context, c *Counter, fc *focused, pick Pick, f func(cards []C, holder Holder, n *big.Int)) error {
	if pick == nil {
		pick = func([]Card) (Card, bool) { return 0, false }
	}
	h := fc.h
	cp := fc.cp
	L := len(cp.layers)
	var marg *Marginals
	var bad error
	// emit calls f with the content as a fresh slice of the caller's
	// cards.
	emit := func(cards []Card, g Holder, n *big.Int) {
		cs := make([]C, len(cards))
		for i, k := range cards {
			cs[i] = C(k)
		}
		f(cs, g, n)
	}
	err := fc.each(func(cards []Card, n *big.Int, y int) {
		k, ok := pick(cards)
		switch {
		case bad != nil:
		case !ok:
			emit(cards, NoHolder, n)
		case !c.in.validCard(k):
			bad = fmt.Errorf("pick returned unknown card %d", k)
		case slices.Contains(cards, k):
			emit(cards, h, n)
		case cp.fixed[k] >= 0:
			emit(cards, cp.fixed[k], n)
		case y < 0:
			// The holder's content is settled: the picked card is spread
			// as its marginals say.
			if marg == nil {
				if marg, bad = c.Marginals(ctx); bad != nil {
					return
				}
			}
			for g := range marg.Counts[k] {
				if v := marg.Counts[k][g]; v.Sign() != 0 {
					emit(cards, Holder(g), v)
				}
			}
		default:
			l0 := cp.layers[0]
			j := l0.up[l0.of[cp.cellOf[k]]]
			for t := range L - 1 {
				if v := fc.res.p1(y, j*(L-1)+t); v.Sign() != 0 {
					emit(cards, cp.layers[t+1].holder, v)
				}
			}
		}
	})
	if err == nil {
		err = bad
	}
	return err
}

// focused is a problem compiled with one holder in the first layer, and
// its backward pass.
type focused struct {
	cp    *compiled
	h     Holder
	res   *passResult
	fixed []Card // cards fixed to the holder
}

func (c *Counter) focus(ctx context.Context, h Holder) (*focused, error) {
	cp, err := c.graph(ctx, h)
	if err != nil {
		return nil, err
	}
	fc := &focused{cp: cp, h: h}
	if cp.infeasible {
		return fc, nil
	}
	fc.fixed = cp.fixedTo(h)
	if fc.res, err = c.counts(ctx, cp); err != nil {
		return nil, err
	}
	return fc, nil
}

// each calls f for every content of the focused holder (ascending, valid
// during the call only) with its number of worlds and the state of layer
// 1 it leads to (-1 when the holder takes no free card).
func (fc *focused) each(f func(cards []Card, n *big.Int, y int)) error {
	cp := fc.cp
	if cp.infeasible {
		return nil
	}
	if cp.holderLayer[fc.h] < 0 {
		if fc.res.total.Sign() > 0 {
			f(fc.fixed, fc.res.total, -1)
		}
		return nil
	}
	l0 := cp.layers[0]
	glob := cp.rootCells()
	// Count the outcomes first.
	if !cp.fewContents(func(y int) bool { return fc.res.b1(y).Sign() != 0 }) {
		return ErrTooManyContents
	}
	for e := l0.edgeStart[0]; e < l0.edgeStart[1]; e++ {
		y := int(l0.edgeTo[e])
		n := fc.res.b1(y)
		if n.Sign() == 0 {
			continue
		}
		cp.contentsOf(glob, fc.fixed, l0.hands[l0.edgeHand.at(e)], func(s []Card) { f(s, n, y) })
	}
	return nil
}

// fixedTo lists the cards fixed to holder h, ascending.
func (cp *compiled) fixedTo(h Holder) []Card {
	var out []Card
	for k, g := range cp.fixed {
		if g == h {
			out = append(out, Card(k))
		}
	}
	return out
}

// rootCells maps each cell of the first layer to its global cell.
func (cp *compiled) rootCells() []int {
	l0 := cp.layers[0]
	glob := make([]int, l0.ncells)
	for g, j := range l0.of {
		glob[j] = g
	}
	return glob
}

// fewContents reports whether the contents of the first layer's holder
// that lead to states of layer 1 for which keep holds number at most
// maxOutcomes.
func (cp *compiled) fewContents(keep func(y int) bool) bool {
	l0 := cp.layers[0]
	total := 0
	var b big.Int
	for e := l0.edgeStart[0]; e < l0.edgeStart[1]; e++ {
		if !keep(int(l0.edgeTo[e])) {
			continue
		}
		w := big.NewInt(1)
		for p, k := range l0.hands[l0.edgeHand.at(e)] {
			w.Mul(w, b.Binomial(int64(l0.cellSize[l0.cells[p]]), int64(k)))
		}
		if !w.IsInt64() || w.Int64() > maxOutcomes || total+int(w.Int64()) > maxOutcomes {
			return false
		}
		total += int(w.Int64())
	}
	return true
}

// contentsOf calls emit with every content (ascending, valid during the
// call only) of the first layer's holder that the hand (counts per cell of
// the layer) stands for, with the cards fixed to the holder; glob maps the
// layer's cells to global cells.
func (cp *compiled) contentsOf(glob []int, fixed []Card, hand []uint16, emit func([]Card)) {
	l0 := cp.layers[0]
	cards := slices.Clone(fixed)
	var s []Card
	var rec func(p int)
	rec = func(p int) {
		if p == len(hand) {
			s = append(s[:0], cards...)
			slices.Sort(s)
			emit(s)
			return
		}
		cell := cp.cells[glob[l0.cells[p]]]
		k := int(hand[p])
		idx := make([]int, k)
		var sub func(start, d int)
		sub = func(start, d int) {
			if d == k {
				base := len(cards)
				for _, t := range idx {
					cards = append(cards, cell[t])
				}
				rec(p + 1)
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

// pickCells is, for every state of the second layer, the cells (of its
// layer) of the cards pick returns for the contents of the first layer's
// holder h that lead there: what Contents reads of P there (nil when the
// contents are too many to list).
func (cp *compiled) pickCells(h Holder, pick Pick) [][]int {
	l0, l1 := cp.layers[0], cp.layers[1]
	glob := cp.rootCells()
	fixed := cp.fixedTo(h)
	if !cp.fewContents(func(int) bool { return true }) {
		return nil // too many to list: Contents will say so
	}
	out := make([][]int, l1.n)
	for e := l0.edgeStart[0]; e < l0.edgeStart[1]; e++ {
		y := int(l0.edgeTo[e])
		cp.contentsOf(glob, fixed, l0.hands[l0.edgeHand.at(e)], func(s []Card) {
			k, ok := pick(s)
			if !ok || k < 0 || int(k) >= cp.nCards || cp.fixed[k] >= 0 || slices.Contains(s, k) {
				return
			}
			if j := l0.up[l0.of[cp.cellOf[k]]]; !slices.Contains(out[y], j) {
				out[y] = append(out[y], j)
			}
		})
	}
	return out
}

// Sample draws one world (the holder of every card), every world equally
// likely, using rng. It returns ErrNoWorld when there is none.
func (c *Counter) Sample(ctx context.Context, rng *rand.Rand) ([]Holder, error) {
	cp, err := c.graph(ctx, NoHolder)
	if err != nil {
		return nil, err
	}
	if cp.infeasible {
		return nil, ErrNoWorld
	}
	c.mu.Lock()
	res := c.full
	c.mu.Unlock()
	if res == nil {
		if res, err = cp.pass(ctx, false, true); err != nil {
			return nil, err
		}
		c.mu.Lock()
		c.full = res
		c.mu.Unlock()
	}
	B := res.ways
	if B[0][0].Sign() == 0 {
		return nil, ErrNoWorld
	}
	w := make([]Holder, cp.nCards)
	var free []Card
	for k, h := range cp.fixed {
		w[k] = h
		if h < 0 {
			free = append(free, Card(k))
		}
	}
	x := 0
	var u, v, wt big.Int
	// The groups of one layer, kept from layer to layer (their arrays
	// reused), so that a world allocates little: the cards of each group
	// are in the same order as when each layer had groups of its own.
	// The arrays are kept from world to world too (sampleGroups).
	gp := sampleGroups.Get().(*[][]Card)
	groups := *gp
	defer func() {
		*gp = groups
		sampleGroups.Put(gp)
	}()
	for i, l := range cp.layers {
		// The remaining cards, by cell of this layer.
		for len(groups) < l.ncells {
			groups = append(groups, make([]Card, 0, len(free)))
		}
		group := groups[:l.ncells]
		for j := range group {
			group[j] = group[j][:0]
		}
		for _, k := range free {
			j := l.of[cp.cellOf[k]]
			group[j] = append(group[j], k)
		}
		randBelow(rng, B[i][x], &u)
		e := l.edgeStart[x]
		for ; e < l.edgeStart[x+1]; e++ {
			if w := l.w64(x, e); w != 0 {
				v.Mul(wt.SetUint64(w), B[i+1][l.edgeTo[e]])
			} else {
				v.Mul(bigs{}.weight(l, x, int(e)), B[i+1][l.edgeTo[e]])
			}
			if u.Cmp(&v) < 0 {
				break
			}
			u.Sub(&u, &v)
		}
		if e == l.edgeStart[x+1] {
			return nil, errors.New("internal error: sampling fell off the graph")
		}
		for p, k := range l.hands[l.edgeHand.at(e)] {
			g := group[l.cells[p]]
			for ; k > 0; k-- {
				t := rng.IntN(len(g))
				w[g[t]] = l.holder
				g[t] = g[len(g)-1]
				g = g[:len(g)-1]
			}
			group[l.cells[p]] = g
		}
		free = free[:0]
		for _, g := range group {
			free = append(free, g...)
		}
		x = int(l.edgeTo[e])
	}
	return w, nil
}

// sampleGroups keeps Sample's arrays of groups of cards from one world to
// the next: a world of a model with many layers and cards would otherwise
// allocate a group the size of the cards left for every cell.
var sampleGroups = sync.Pool{New: func() any { return new([][]Card) }}

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

// RandBelow is a uniform integer in [0, n), n > 0, drawn with rng.
func RandBelow(rng *rand.Rand, n *big.Int) *big.Int {
	u := new(big.Int)
	randBelow(rng, n, u)
	return u
}
