package count

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"sync/atomic"
)

// TallyOutcome is [Counter.Contents] over the worlds in which a tally has
// one value.
type TallyOutcome struct {
	Value int
	Joint []ContentCount
}

// ByTally is [Counter.Contents] split by the value of each tally: out[i]
// lists, for every value tallies[i] takes in some world (ascending), the
// joint distribution of h's content and the holder of the picked card over
// the worlds with that value. It costs one compilation per distinct tally
// holder plus one cheap pass per tally, instead of one count per value (a
// holder whose graph would pass 4 million edges costs one count per
// value). pick (not nil) may be called more than once for a content and
// must give the same answer each time. Holders and cards must be valid;
// errors are as for [Counter.Contents].
func (c *Counter) ByTally(ctx context.Context, h Holder, pick Pick, tallies []Tally) ([][]TallyOutcome, error) {
	out := make([][]TallyOutcome, len(tallies))
	// One holder's graph at a time: two at once were a fifth faster on
	// six-player advice (median 309 ms instead of 382 ms over 10 simulated
	// games) but took 480 MB at peak instead of 292 MB, and each graph's
	// passes use every core anyway.
	for _, g := range byHolder(tallies) {
		b, idx, ts := g.holder, g.idx, g.tallies
		res, err := c.byTally(ctx, h, pick, b, ts, nil)
		if err != nil {
			return nil, err
		}
		for k, i := range idx {
			out[i] = res[k]
		}
	}
	return out, nil
}

// holderTallies are the tallies of one holder and their places in the
// list they came from.
type holderTallies struct {
	holder  Holder
	idx     []int
	tallies []Tally
}

// byHolder groups tallies by holder, holders in the order they first
// come.
func byHolder(tallies []Tally) []holderTallies {
	var out []holderTallies
	for i, t := range tallies {
		j := slices.IndexFunc(out, func(g holderTallies) bool { return g.holder == t.Holder })
		if j < 0 {
			j = len(out)
			out = append(out, holderTallies{holder: t.Holder})
		}
		out[j].idx = append(out[j].idx, i)
		out[j].tallies = append(out[j].tallies, t)
	}
	return out
}

// byTally answers the tallies of holder b: with h's layer first and b's
// second, every edge of b's layer has one value of each tally, and the
// last step of the backward pass, run once over the edges of each value
// (one sweep for all values), gives what ContentsAndHolder reads. The
// cases where h or b takes no free card, or b is h, are read off simpler
// graphs; when uint64 overflows, each value is counted as a problem of its
// own. With sums set, the common case (h first, b second, in uint64) adds
// up the spreads into sums instead of listing the outcomes, and returns
// none (sums.done says so); the other cases list them as without it.
// With sums set, too, the tallies may be answered from a graph per tally
// with b where the order search puts it (rows.go), when rowsMayPay says
// that can be cheaper and the estimate of that way's cost is below the
// size of the graph with b second (built with that limit), or when the
// graph with b second is too large.
func (c *Counter) byTally(ctx context.Context, h Holder, pick Pick, b Holder, ts []Tally, sums *tallySums) (_ [][]TallyOutcome, err error) {
	limit := tallyMaxEdges
	var first *rowsGraph // the graph of ts[0] alone, with b where the order search puts it
	try := rowsMode == 1
	if sums != nil && rowsMode == 0 && b != h {
		if try, err = c.rowsMayPay(ctx, h, b, ts); err != nil {
			return nil, err
		}
	}
	if sums != nil && try && b != h {
		g, ok, err := c.rowsGraph(ctx, h, b, ts[0])
		if err != nil {
			return nil, err
		}
		if ok {
			first = &g
			// The tallies' graphs are about the same size: when this
			// one's estimate for all of them is below the cost of
			// the graph with b second, they answer.
			if rowsMode == 1 {
				limit = 0
			} else {
				limit = int(min(int64(limit), max(1, g.cost*int64(len(ts))/costEdge)))
			}
		}
	}
	var cp *compiled
	err = &TooLargeError{}
	if limit > 0 {
		cp, err = compile(ctx, c.in, layout{first: h, second: b, hasSecond: true, track: ts, maxEdges: limit})
	}
	if tooLarge(err) && first != nil {
		done, rerr := c.byRows(ctx, h, pick, b, ts, *first, sums)
		if rerr != nil || done {
			return nil, rerr
		}
		if limit < tallyMaxEdges {
			cp, err = compile(ctx, c.in, layout{first: h, second: b, hasSecond: true, track: ts, maxEdges: tallyMaxEdges})
		}
	}
	if tooLarge(err) {
		// b's hands multiply the evidence contents' states: count each
		// value on its own, in graphs of the usual order.
		return c.byTallySlow(ctx, h, pick, ts)
	}
	if err != nil {
		return nil, err
	}
	out := make([][]TallyOutcome, len(ts))
	switch {
	case cp.infeasible:
		return out, nil
	case cp.holderLayer[b] < 0 || b == h:
		// The tally is settled, or a function of h's content.
		j, err := c.Contents(ctx, h, pick)
		if err != nil {
			return nil, err
		}
		for ti, t := range ts {
			byV := map[int][]ContentCount{}
			for _, o := range j {
				v := fixedIn(cp, b, t)
				if b == h {
					v = 0
					for _, k := range t.Cards {
						if slices.Contains(o.Cards, k) {
							v++
						}
					}
				}
				byV[v] = append(byV[v], o)
			}
			for _, v := range slices.Sorted(maps.Keys(byV)) {
				out[ti] = append(out[ti], TallyOutcome{Value: v, Joint: byV[v]})
			}
		}
		return out, nil
	case cp.holderLayer[h] < 0:
		return c.byTallyRoot(ctx, h, pick, b, ts)
	case cp.holderLayer[h] != 0 || cp.holderLayer[b] != 1:
		return c.byTallySlow(ctx, h, pick, ts)
	}
	raw := &rawLayer{stop: 1}
	_, ovf, err := backwardU64(ctx, cp, true, false, raw)
	if err != nil {
		return nil, err
	}
	if ovf {
		return c.byTallySlow(ctx, h, pick, ts)
	}
	l1 := cp.layers[1]
	tallyFastRuns.Add(1)
	fixedH := cp.fixedTo(h)
	// ContentsAndHolder reads P, at each state of b's layer, for the cells
	// of the picked cards alone: the step computes those (at six players,
	// one or two cells of about twenty), for every tally in one sweep.
	var plan *rootPlan
	var only [][]int
	if sums != nil {
		plan = cp.newRootPlan(h, pick)
	}
	if plan != nil {
		only = plan.only
	} else {
		only = cp.pickCells(h, pick)
	}
	narrow := plan != nil && lean
	sp, values, Bv, full, ok, err := splitByTallies(ctx, cp, 1, b, ts, raw, only, narrow)
	if err != nil {
		return nil, err
	}
	if !ok {
		return c.byTallySlow(ctx, h, pick, ts)
	}
	width := l1.ncells * (len(cp.layers) - 1)
	if plan != nil {
		if narrow {
			// full is P as the step leaves it, without the last
			// holder's values: spreads puts them back where it reads
			// them.
			width -= l1.ncells
		}
		err := plan.spreads(cp, sp, values, Bv, full, width, sums)
		putU64(full)
		return nil, err
	}
	for ti := range ts {
		for vi, v := range values[ti] {
			r := sp.off[ti] + vi
			res := &passResult{
				ways1:        Bv[r*l1.n : (r+1)*l1.n],
				cardWays1Raw: full[r*l1.n*width : (r+1)*l1.n*width],
				rawWidth:     width,
			}
			fc := &focused{cp: cp, h: h, res: res, fixed: fixedH}
			j, err := c.contentsOf(ctx, fc, pick)
			if err != nil {
				return nil, err
			}
			if len(j) > 0 {
				out[ti] = append(out[ti], TallyOutcome{Value: v, Joint: j})
			}
		}
	}
	return out, nil
}

// splitByTallies runs step i of the backward pass that raw stopped before,
// once for all the tallies of b, each edge's share kept apart by its value
// of each tally (b is layer i's holder): the split, each tally's values,
// and B and P (widened, unless narrow is set; only as for stepPacked) of
// every row. ok is false when a tally takes too many values or uint64
// overflowed.
func splitByTallies(ctx context.Context, cp *compiled, i int, b Holder, ts []Tally, raw *rawLayer, only [][]int, narrow bool) (sp *classSplit, values [][]int, B, full []uint64, ok bool, err error) {
	classes := make([][]int8, len(ts))
	values = make([][]int, len(ts))
	ks := make([]int, len(ts))
	l := cp.layers[i]
	used := make([]bool, len(l.hands)) // the hands of some edge
	for e := range int32(len(l.edgeTo)) {
		used[l.edgeHand.at(e)] = true
	}
	for ti, t := range ts {
		class, vs, err := tallyClasses(cp, i, b, t, used)
		if err != nil || class == nil {
			return nil, nil, nil, nil, false, err
		}
		classes[ti], values[ti], ks[ti] = class, vs, len(vs)
	}
	sp = newClassSplit(classes, ks)
	B, P, ovf, err := stepPacked(ctx, cp, i, raw.ways, raw.P, true, sp, false, only)
	// Layer i+1's P was read by this step alone.
	putU64(raw.P.v)
	raw.P = pvec{}
	if err != nil || ovf {
		return nil, nil, nil, nil, false, err
	}
	if narrow {
		return sp, values, B, P.v, true, nil
	}
	full = widen(cp, i, B, P.v, sp.rows(), only)
	putU64(P.v)
	return sp, values, B, full, true, nil
}

// fixedIn is the part of tally t that cards fixed to b make (a card listed
// twice counts twice, everywhere).
func fixedIn(cp *compiled, b Holder, t Tally) int {
	n := 0
	for _, k := range t.Cards {
		if cp.fixed[k] == b {
			n++
		}
	}
	return n
}

// tallyClasses is the value of tally t (of b, the holder of layer i) on
// every hand of layer i, as an index into the sorted values vs of the
// hands used (those of some edge); the classes are nil when there are
// more values than an int8 holds.
func tallyClasses(cp *compiled, i int, b Holder, t Tally, used []bool) ([]int8, []int, error) {
	l := cp.layers[i]
	inLayer := make([]bool, l.ncells)
	for _, j := range l.cells {
		inLayer[j] = true
	}
	// Each of the layer's cells is inside the tally or outside it.
	in := make([]int, l.ncells)
	for j := range in {
		in[j] = -1
	}
	for g, j := range l.of {
		if !inLayer[j] {
			in[j] = 0
			continue
		}
		k := cp.cells[g][0]
		n := 0
		for _, x := range t.Cards {
			if x == k {
				n++
			}
		}
		if in[j] >= 0 && in[j] != n {
			return nil, nil, fmt.Errorf("internal error: tally cards not told apart")
		}
		in[j] = n
	}
	base := fixedIn(cp, b, t)
	val := make([]int, len(l.hands))
	for hi, hand := range l.hands {
		v := base
		for p, k := range hand {
			v += int(k) * in[l.cells[p]]
		}
		val[hi] = v
	}
	var vs []int
	for hi, v := range val {
		if used[hi] && !slices.Contains(vs, v) {
			vs = append(vs, v)
		}
	}
	slices.Sort(vs)
	if len(vs) > 127 {
		return nil, vs, nil
	}
	cls := make([]int8, len(l.hands))
	for hi, v := range val {
		cls[hi] = int8(slices.Index(vs, v))
	}
	return cls, vs, nil
}

// byTallyRoot answers the tallies of b when h's content is settled: with
// b's layer first, the root's edges are b's hands, each with one value of
// each tally, and the first step of the backward pass, run over each
// value's edges, splits the picked card's holder by value.
func (c *Counter) byTallyRoot(ctx context.Context, h Holder, pick Pick, b Holder, ts []Tally) ([][]TallyOutcome, error) {
	cp, err := compile(ctx, c.in, layout{first: b, track: ts})
	if err != nil {
		return nil, err
	}
	out := make([][]TallyOutcome, len(ts))
	if cp.infeasible {
		return out, nil
	}
	if cp.holderLayer[b] != 0 || cp.holderLayer[h] >= 0 {
		return c.byTallySlow(ctx, h, pick, ts)
	}
	raw := &rawLayer{stop: 0}
	_, ovf, err := backwardU64(ctx, cp, true, false, raw)
	if err != nil {
		return nil, err
	}
	if ovf {
		return c.byTallySlow(ctx, h, pick, ts)
	}
	tallyRootRuns.Add(1)
	content := cp.fixedTo(h)
	m, ok := pick(slices.Clone(content))
	if ok && !c.in.validCard(m) {
		return nil, fmt.Errorf("pick returned unknown card %d", m)
	}
	l0 := cp.layers[0]
	L := len(cp.layers)
	width := l0.ncells * L
	sp, values, Bv, full, split, err := splitByTallies(ctx, cp, 0, b, ts, raw, nil, false)
	if err != nil {
		return nil, err
	}
	if !split {
		return c.byTallySlow(ctx, h, pick, ts)
	}
	for ti, vs := range values {
		for vi, v := range vs {
			r := sp.off[ti] + vi
			n := Bv[r]
			if n == 0 {
				continue
			}
			var j []ContentCount
			one := func(g Holder, x uint64) {
				j = append(j, ContentCount{Cards: slices.Clone(content), Holder: g, Count: new(big.Int).SetUint64(x)})
			}
			switch {
			case !ok:
				one(NoHolder, n)
			case slices.Contains(content, m):
				one(h, n)
			case cp.fixed[m] >= 0:
				one(cp.fixed[m], n)
			default:
				row := full[r*width : (r+1)*width]
				j0 := l0.of[cp.cellOf[m]]
				for l := range L {
					if x := row[j0*L+l]; x != 0 {
						one(cp.layers[l].holder, x)
					}
				}
				slices.SortFunc(j, func(a, b ContentCount) int { return int(a.Holder) - int(b.Holder) })
			}
			out[ti] = append(out[ti], TallyOutcome{Value: v, Joint: j})
		}
	}
	return out, nil
}

// tallyFastRuns and tallyRootRuns count the tally holders answered from
// one graph, with h first or b first (tests check that both are taken).
var tallyFastRuns, tallyRootRuns atomic.Int64

// byTallySlow counts each value of each tally as a problem of its own.
// Its graph has h first and the tally's holder second: the tally's cards
// are then told apart in the first two layers only (with the holder
// wherever the order search puts it, graphs of 8 million edges grew to 21
// million; see docs/counting.md).
func (c *Counter) byTallySlow(ctx context.Context, h Holder, pick Pick, ts []Tally) ([][]TallyOutcome, error) {
	out := make([][]TallyOutcome, len(ts))
	for ti, t := range ts {
		k := Constraint{Op: Eq}
		for _, card := range t.Cards {
			k.Terms = append(k.Terms, Term{Coef: 1, Lit: Lit{Card: card, Holder: t.Holder}})
		}
		for v := 0; v <= len(k.Terms); v++ {
			in := *c.in
			k.Bound = v
			in.Constraints = append(slices.Clip(c.in.Constraints), k)
			cnt := New(&in)
			if t.Holder != h {
				cp, err := compile(ctx, &in, layout{first: h, second: t.Holder, hasSecond: true})
				switch {
				case err == nil:
					cnt.graphs[h] = cp
				case !tooLarge(err):
					return nil, err
				}
			}
			j, err := cnt.Contents(ctx, h, pick)
			if err != nil {
				return nil, err
			}
			if len(j) > 0 {
				out[ti] = append(out[ti], TallyOutcome{Value: v, Joint: j})
			}
		}
	}
	return out, nil
}

// tooLarge reports whether err says a problem is beyond reach.
func tooLarge(err error) bool {
	var e *TooLargeError
	return errors.As(err, &e)
}

// tallyMaxEdges bounds a tally graph (h first, b second). Putting b second
// can multiply the states tenfold when b has many possible hands; beyond
// this many edges (a few tens of megabytes) each value is counted on its
// own instead, which takes longer but keeps memory to that of a report.
var tallyMaxEdges = 4_000_000

// TallyRuns is the number of tally holders answered from one graph so far,
// with the content's holder first (fast) or the tally's holder first
// (root): tests check that both ways are taken.
func TallyRuns() (fast, root int64) { return tallyFastRuns.Load(), tallyRootRuns.Load() }

// SetTallyMaxEdges sets the most edges of a tally graph (with the content's
// holder first and the tally's second), beyond which each value is counted
// on its own, and returns the limit it replaces: tests take the other way.
func SetTallyMaxEdges(n int) int {
	old := tallyMaxEdges
	tallyMaxEdges = n
	return old
}
