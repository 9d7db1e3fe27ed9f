package count

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"
)

// Spread is what the entropy of a distribution needs: the number of
// worlds it is over (Total) and the sum, over its outcomes, of n·log2(n),
// n being an outcome's number of worlds (NLogN, in float64: it only ever
// makes an entropy). The entropy in bits is log2(Total) - NLogN/Total.
type Spread struct {
	Total *big.Int
	NLogN float64
}

// TallySpread is the spread of [Counter.Contents] over the worlds in which
// a tally has one value.
type TallySpread struct {
	Value int
	Spread
}

// SpreadByTally is [Counter.ByTally] summed for entropies: all is the
// spread of the joint distribution of h's content and the picked card's
// holder over every world, and out[i] lists, for every value tallies[i]
// takes in some world (ascending), its spread over the worlds with that
// value. In the common case (the graph with h first and the tally's holder
// second, counted in uint64) it reads the sums off the split directly,
// without listing, converting or sorting one outcome; otherwise it lists
// the outcomes as ByTally does and sums them. Arguments and errors are as
// for ByTally; with no tallies, all comes from Contents.
func (c *Counter) SpreadByTally(ctx context.Context, h Holder, pick Pick, tallies []Tally) (all Spread, out [][]TallySpread, err error) {
	out = make([][]TallySpread, len(tallies))
	all = Spread{Total: new(big.Int)}
	if len(tallies) == 0 {
		j, err := c.Contents(ctx, h, pick)
		if err != nil {
			return Spread{}, nil, err
		}
		all, _ = listSpreads([][]TallyOutcome{{{Joint: j}}})
		return all, out, nil
	}
	for bi, g := range byHolder(tallies) {
		b, idx, ts := g.holder, g.idx, g.tallies
		sums := &tallySums{}
		res, err := c.byTally(ctx, h, pick, b, ts, sums)
		if err != nil {
			return Spread{}, nil, err
		}
		if !sums.done {
			sums.all, sums.out = listSpreads(res)
		}
		if bi == 0 {
			// Every holder's graph has the same joint: the first one's
			// is kept.
			all = sums.all
		}
		for k, i := range idx {
			out[i] = sums.out[k]
		}
	}
	return all, out, nil
}

// tallySums receives the spreads of one tally holder's graph.
type tallySums struct {
	done bool // set when the spreads were summed off the graph
	all  Spread
	out  [][]TallySpread
}

// xlog2 is x·log2(x), 0 for 0.
func xlog2(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return x * math.Log2(x)
}

// bigFloat is n as the nearest float64.
func bigFloat(n *big.Int) float64 {
	if n.IsUint64() {
		return float64(n.Uint64())
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
}

// listSpreads sums listed outcomes (those of one part, all distinct within
// a list): each value's spread, and that of every world, the outcomes of
// the first tally's values added up by content and holder (a value of one
// tally is a set of worlds; together its values are every world).
func listSpreads(res [][]TallyOutcome) (all Spread, out [][]TallySpread) {
	out = make([][]TallySpread, len(res))
	for i, outs := range res {
		for _, o := range outs {
			s := Spread{Total: new(big.Int)}
			for _, x := range o.Joint {
				s.Total.Add(s.Total, x.Count)
				s.NLogN += xlog2(bigFloat(x.Count))
			}
			if s.Total.Sign() > 0 {
				out[i] = append(out[i], TallySpread{Value: o.Value, Spread: s})
			}
		}
	}
	all = Spread{Total: new(big.Int)}
	if len(res) == 0 {
		return all, out
	}
	sum := map[string]*big.Int{}
	var keys []string
	for _, o := range res[0] {
		for _, x := range o.Joint {
			k := fmt.Sprint(x.Cards, x.Holder)
			if sum[k] == nil {
				sum[k] = new(big.Int)
				keys = append(keys, k)
			}
			sum[k].Add(sum[k], x.Count)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		all.Total.Add(all.Total, sum[k])
		all.NLogN += xlog2(bigFloat(sum[k]))
	}
	return all, out
}

// rootPlan is, for every edge out of the root of a graph with h first,
// what its contents' outcomes read at layer 1: each content's worlds are
// B1 of the edge's state, and they are one outcome when the picked card's
// holder is known from the content (no card picked, the card in the
// content, or fixed), else one outcome per later holder, P1 of the state
// at the picked card's cell. Contents that read the same are counted
// together, so that a split is summed without listing them.
type rootPlan struct {
	edges []rootEdge
	only  [][]int // per state of layer 1, the cells read (as pickCells)
}

type rootEdge struct {
	y        int        // the state of layer 1 it leads to
	contents uint64     // contents of its hand
	single   uint64     // contents that are one outcome each
	cells    []cellMult // contents whose picked card is a free card of layer 1's cell j
	bad      error      // pick returned an unknown card for one of the contents
}

type cellMult struct {
	j int
	m uint64
}

// newRootPlan is the root plan of h (the first layer's holder), nil when
// the contents are too many to list (Contents then says so).
func (cp *compiled) newRootPlan(h Holder, pick Pick) *rootPlan {
	l0, l1 := cp.layers[0], cp.layers[1]
	if !cp.fewContents(func(int) bool { return true }) {
		return nil
	}
	glob := cp.rootCells()
	fixed := cp.fixedTo(h)
	p := &rootPlan{only: make([][]int, l1.n)}
	for e := l0.edgeStart[0]; e < l0.edgeStart[1]; e++ {
		re := rootEdge{y: int(l0.edgeTo[e])}
		cp.contentsOf(glob, fixed, l0.hands[l0.edgeHand.at(e)], func(s []Card) {
			re.contents++
			k, ok := pick(s)
			switch {
			case !ok:
				re.single++
			case k < 0 || int(k) >= cp.nCards:
				if re.bad == nil {
					re.bad = fmt.Errorf("pick returned unknown card %d", k)
				}
			case slices.Contains(s, k) || cp.fixed[k] >= 0:
				re.single++
			default:
				j := l0.up[l0.of[cp.cellOf[k]]]
				at := slices.IndexFunc(re.cells, func(c cellMult) bool { return c.j == j })
				if at < 0 {
					re.cells = append(re.cells, cellMult{j: j})
					at = len(re.cells) - 1
				}
				re.cells[at].m++
				if !slices.Contains(p.only[re.y], j) {
					p.only[re.y] = append(p.only[re.y], j)
				}
			}
		})
		p.edges = append(p.edges, re)
	}
	return p
}

// spreads sums the split of layer 1 (B and P of every row of sp, width
// values a state) into sums: each tally value's spread, and that of every
// world from the first tally's rows added up. P is widened (a value for
// every later holder) or as stepPacked leaves it (width a value less a
// cell: the last holder's, B less the others, is put back here as widen
// would).
func (p *rootPlan) spreads(cp *compiled, sp *classSplit, values [][]int, Bv, full []uint64, width int, sums *tallySums) error {
	l1 := cp.layers[1]
	W := len(cp.layers) - 1
	nw := width / max(l1.ncells, 1) // values a cell in full: W, or W-1
	vals := make([]uint64, W)
	// cell is the W values of cell j in state y of row r.
	cell := func(r, y, j int) []uint64 {
		if nw == W {
			at := (r*l1.n+y)*width + j*W
			return full[at : at+W]
		}
		clear(vals)
		if l1.state(y)[j] == 0 {
			return vals
		}
		at := (r*l1.n+y)*width + j*nw
		rest := Bv[r*l1.n+y]
		for t, u := range full[at : at+nw] {
			vals[t] = u
			rest -= u
		}
		vals[W-1] = rest
		return vals
	}
	sums.out = make([][]TallySpread, len(values))
	total := new(big.Int)
	var t1, t2 big.Int
	for ti, vs := range values {
		for vi, v := range vs {
			r := sp.off[ti] + vi
			B := Bv[r*l1.n : (r+1)*l1.n]
			s := Spread{Total: new(big.Int)}
			for _, e := range p.edges {
				n := B[e.y]
				if n == 0 {
					continue
				}
				if e.bad != nil {
					return e.bad
				}
				s.Total.Add(s.Total, t1.Mul(t1.SetUint64(e.contents), t2.SetUint64(n)))
				s.NLogN += float64(e.single) * xlog2(float64(n))
				for _, c := range e.cells {
					x := 0.0
					for _, u := range cell(r, e.y, c.j) {
						x += xlog2(float64(u))
					}
					s.NLogN += float64(c.m) * x
				}
			}
			if s.Total.Sign() > 0 {
				sums.out[ti] = append(sums.out[ti], TallySpread{Value: v, Spread: s})
				if ti == 0 {
					total.Add(total, s.Total)
				}
			}
		}
	}
	// Every world: the first tally's values added up, outcome by outcome.
	all := Spread{Total: total}
	k0 := len(values[0])
	xs := make([]float64, W)
	for _, e := range p.edges {
		n := 0.0
		for vi := range k0 {
			n += float64(Bv[(sp.off[0]+vi)*l1.n+e.y])
		}
		if n == 0 {
			continue
		}
		all.NLogN += float64(e.single) * xlog2(n)
		for _, c := range e.cells {
			clear(xs)
			for vi := range k0 {
				r := sp.off[0] + vi
				for t, u := range cell(r, e.y, c.j) {
					xs[t] += float64(u)
				}
			}
			x := 0.0
			for _, u := range xs {
				x += xlog2(u)
			}
			all.NLogN += float64(c.m) * x
		}
	}
	sums.all = all
	sums.done = true
	return nil
}
