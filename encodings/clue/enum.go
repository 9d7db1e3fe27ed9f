package clue

import (
	"context"
	"math"
	"math/big"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// This file enumerates the worlds of a problem explicitly, for question
// advice once few worlds remain: one pass over them answers every question,
// where the counting engine needs a run per answer of each question.

// EachWorld calls visit with every world of p, in a fixed order (the
// slice is reused: visit must copy what it keeps), and returns true; when
// there are more than limit worlds it stops after the first limit of them
// and returns false. The order is lexicographic in the holders of the cards, in
// deck order. It suits problems of a few million worlds at most; the
// counting engine answers larger ones.
func EachWorld(ctx context.Context, p *solver.Problem, limit int, visit func(solver.World)) (bool, error) {
	sheet, err := solver.NewSAT(p).Sheet(ctx)
	if err != nil {
		return false, err
	}
	ok := enumEach(ctx, p, sheet, limit, visit)
	if err := ctx.Err(); err != nil {
		return false, err
	}
	return ok, nil
}

// enumWorlds lists the worlds of p, given the sheet's impossible facts, or
// returns nil, false when there are more than limit of them.
func enumWorlds(ctx context.Context, p *solver.Problem, sheet *solver.Sheet, limit int) ([]solver.World, bool) {
	var out []solver.World
	ok := enumEach(ctx, p, sheet, limit, func(w solver.World) { out = append(out, slices.Clone(w)) })
	if !ok {
		return nil, false
	}
	return out, true
}

// enumEach calls visit with every world of p (the slice is reused: visit
// must copy what it keeps), given the sheet's impossible facts; it stops
// and returns false when there are more than limit worlds or ctx is done.
func enumEach(ctx context.Context, p *solver.Problem, sheet *solver.Sheet, limit int, visit func(solver.World)) bool {
	if limit <= 0 {
		return false
	}
	m := p.Model()
	nc, nh := m.NumCards(), m.NumHolders()
	cand := make([][]solver.Holder, nc)
	for c := range cand {
		for h := 0; h < nh; h++ {
			if m.Allowed(solver.Card(c), solver.Holder(h)) && sheet.Status(solver.Card(c), solver.Holder(h)) != solver.Impossible {
				cand[c] = append(cand[c], solver.Holder(h))
			}
		}
		if len(cand[c]) == 0 {
			return true // no world at all
		}
	}
	type term struct {
		k, coef int
		h       solver.Holder
	}
	// The constraints that every choice among the candidates satisfies
	// (the units the sheet has settled, a shower known to hold an asked
	// card) never prune the search: they are left out.
	var cons []solver.Constraint
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			if !alwaysSatisfied(k, cand) {
				cons = append(cons, k)
			}
		}
	}
	terms := make([][]term, nc)
	cur := make([]int, len(cons))
	hi := make([]int, len(cons)) // the most the unassigned cards can still add
	lo := make([]int, len(cons)) // the least
	pot := make([][][2]int, nc)  // per card, per constraint touched: its (lo, hi) share
	touched := make([][]int, nc)
	for k, con := range cons {
		by := map[solver.Card]map[solver.Holder]int{}
		for _, t := range con.Terms {
			if by[t.Lit.Card] == nil {
				by[t.Lit.Card] = map[solver.Holder]int{}
			}
			by[t.Lit.Card][t.Lit.Holder] += t.Coef
			terms[t.Lit.Card] = append(terms[t.Lit.Card], term{k, t.Coef, t.Lit.Holder})
		}
		for c, hs := range by {
			l, u := 0, 0
			first := true
			for _, h := range cand[c] {
				v := hs[h]
				if first || v < l {
					l = v
				}
				if first || v > u {
					u = v
				}
				first = false
			}
			lo[k] += l
			hi[k] += u
			pot[c] = append(pot[c], [2]int{l, u})
			touched[c] = append(touched[c], k)
		}
	}
	ok := func(k int) bool {
		b := cons[k].Bound
		switch cons[k].Op {
		case solver.Eq:
			return cur[k]+lo[k] <= b && b <= cur[k]+hi[k]
		case solver.Le:
			return cur[k]+lo[k] <= b
		default:
			return cur[k]+hi[k] >= b
		}
	}
	// Per card and candidate holder, the terms choosing it adds; per
	// constraint its operator and bound.
	type add struct{ k, coef int }
	adds := make([][][]add, nc)
	for c := range adds {
		adds[c] = make([][]add, len(cand[c]))
		for j, h := range cand[c] {
			for _, t := range terms[c] {
				if t.h == h {
					adds[c][j] = append(adds[c][j], add{t.k, t.coef})
				}
			}
		}
	}
	ops := make([]solver.Op, len(cons))
	bounds := make([]int, len(cons))
	for k, con := range cons {
		ops[k], bounds[k] = con.Op, con.Bound
	}
	for k := range cons {
		if !ok(k) {
			return true
		}
	}
	count := make([]int, nh)
	avail := make([]int, nh) // unassigned cards that may still go to each holder
	for c := range cand {
		for _, h := range cand[c] {
			avail[h]++
		}
	}
	minOf := make([]int, nh)
	maxOf := make([]int, nh)
	for h := range minOf {
		s := m.HolderSize(solver.Holder(h))
		minOf[h], maxOf[h] = s.Min, s.Max
		if avail[h] < s.Min {
			return true
		}
	}
	w := make(solver.World, nc)
	found := 0
	over := false
	steps := 0
	var rec func(c int)
	rec = func(c int) {
		if over {
			return
		}
		if steps++; steps&1023 == 0 && ctx.Err() != nil {
			over = true
			return
		}
		if c == nc {
			if found == limit {
				over = true
				return
			}
			found++
			visit(w)
			return
		}
		for i, k := range touched[c] {
			lo[k] -= pot[c][i][0]
			hi[k] -= pot[c][i][1]
		}
		short := 0 // holders that need card c to reach their minimum
		for _, h := range cand[c] {
			avail[h]--
			if count[h]+avail[h] < minOf[h] {
				short++
			}
		}
		for j, h := range cand[c] {
			if count[h] == maxOf[h] || short > 1 || (short == 1 && count[h]+avail[h] >= minOf[h]) {
				continue
			}
			for _, t := range adds[c][j] {
				cur[t.k] += t.coef
			}
			good := true
			for _, k := range touched[c] {
				b, v := bounds[k], cur[k]
				switch ops[k] {
				case solver.Eq:
					good = v+lo[k] <= b && b <= v+hi[k]
				case solver.Le:
					good = v+lo[k] <= b
				default:
					good = v+hi[k] >= b
				}
				if !good {
					break
				}
			}
			if good {
				w[c] = h
				count[h]++
				rec(c + 1)
				count[h]--
			}
			for _, t := range adds[c][j] {
				cur[t.k] -= t.coef
			}
		}
		for _, h := range cand[c] {
			avail[h]++
		}
		for i, k := range touched[c] {
			lo[k] += pot[c][i][0]
			hi[k] += pot[c][i][1]
		}
	}
	rec(0)
	return !over
}

// alwaysSatisfied says whether every world whose cards c are held by one of
// cand[c] satisfies k.
func alwaysSatisfied(k solver.Constraint, cand [][]solver.Holder) bool {
	lo, hi := 0, 0
	for i, t := range k.Terms {
		if slices.ContainsFunc(k.Terms[:i], func(u solver.Term) bool { return u.Lit.Card == t.Lit.Card }) {
			continue // the card's terms are taken together below
		}
		l, u := 0, 0
		for j, h := range cand[t.Lit.Card] {
			v := 0
			for _, x := range k.Terms[i:] {
				if x.Lit.Card == t.Lit.Card && x.Lit.Holder == h {
					v += x.Coef
				}
			}
			if j == 0 || v < l {
				l = v
			}
			if j == 0 || v > u {
				u = v
			}
		}
		lo += l
		hi += u
	}
	switch k.Op {
	case solver.Eq:
		return lo == k.Bound && hi == k.Bound
	case solver.Le:
		return hi <= k.Bound
	}
	return lo >= k.Bound
}

// worldSet is a compact list of worlds for question advice: per world the
// responder position of every card's holder and the envelope's content.
type worldSet struct {
	nc    int
	ranks []uint8 // ranks[i*nc+c]: position after the seat of card c's holder, n-1 for no responder
	eid   []int32 // the envelope content of world i, numbered
	ne    int
}

// collect enumerates the worlds of the seat's problem into a worldSet.
func (a *asker) collect(ctx context.Context, limit int) (*worldSet, bool) {
	g := a.g
	n := len(g.players)
	m := a.p.Model()
	env := g.envelope()
	rank := make([]uint8, m.NumHolders())
	for h := range rank {
		rank[h] = uint8(n - 1)
	}
	for k := 1; k < n; k++ {
		rank[(a.seat+k)%n] = uint8(k - 1)
	}
	ws := &worldSet{nc: m.NumCards()}
	if a.worlds > 0 && a.worlds <= int64(limit) {
		ws.ranks = make([]uint8, 0, int(a.worlds)*ws.nc)
		ws.eid = make([]int32, 0, a.worlds)
	}
	eids := map[string]int32{}
	var key []byte
	ok := enumEach(ctx, a.p, a.sheet, limit, func(w solver.World) {
		key = key[:0]
		for c, h := range w {
			ws.ranks = append(ws.ranks, rank[h])
			if h == env {
				key = append(key, byte(c), byte(c>>8))
			}
		}
		id, seen := eids[string(key)]
		if !seen {
			id = int32(len(eids))
			eids[string(key)] = id
		}
		ws.eid = append(ws.eid, id)
	})
	ws.ne = len(eids)
	return ws, ok
}

// enumAdvice answers the questions qs of the seat from the listed worlds:
// the same numbers as asker.advise, from one pass over the worlds.
//
// The joint counts are kept by envelope: the worlds of one envelope are
// visited together and add into that envelope's block of every question's
// table, a block small enough to stay in the processor's cache; the
// workers take whole envelopes, so each block has one writer.
func (a *asker) enumAdvice(ws *worldSet, qs [][]solver.Card) []QuestionOption {
	g := a.g
	n := len(g.players)
	nc, ne := ws.nc, ws.ne
	ranks, eid := ws.ranks, ws.eid
	nw := len(eid)
	// The block of envelope e holds every question's outcomes: question
	// qi's outcome (k, i) at e*block+qoff[qi]+k*len(q)+i, nobody last.
	qoff := make([]int, len(qs)+1)
	no := make([]int, len(qs))
	weight := make([]int64, len(qs))
	for qi, q := range qs {
		no[qi] = (n-1)*len(q) + 1
		qoff[qi+1] = qoff[qi] + no[qi]
		weight[qi] = 1
		for i := 2; i <= len(q); i++ {
			weight[qi] = lcm(weight[qi], int64(i))
		}
	}
	block := qoff[len(qs)]
	// When every question names three cards, their cards as arrays.
	var triples [][3]solver.Card
	for _, q := range qs {
		if len(q) != 3 {
			triples = nil
			break
		}
		triples = append(triples, [3]solver.Card{q[0], q[1], q[2]})
	}
	joint := make([]int64, ne*block)
	// The worlds of each envelope, in the order listed.
	start := make([]int32, ne+1)
	for _, e := range eid {
		start[e+1]++
	}
	for e := range ne {
		start[e+1] += start[e]
	}
	byEnv := make([]int32, nw)
	fill := slices.Clone(start[:ne])
	for wi, e := range eid {
		byEnv[fill[e]] = int32(wi)
		fill[e]++
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), nw/1000))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var set [64]int
			for {
				e := int(next.Add(1) - 1)
				if e >= ne {
					return
				}
				t := joint[e*block : (e+1)*block]
				for _, wi := range byEnv[start[e]:start[e+1]] {
					r := ranks[int(wi)*nc : (int(wi)+1)*nc]
					if triples != nil {
						// Questions of three cards (classic Cluedo), unrolled.
						for qi, q := range triples {
							x, y, z := int(r[q[0]]), int(r[q[1]]), int(r[q[2]])
							first := min(x, y, z)
							base := qoff[qi]
							if first == n-1 {
								t[base+no[qi]-1] += weight[qi]
								continue
							}
							base += 3 * first
							if a.showerOnly {
								t[base] += weight[qi]
								continue
							}
							ns := int64(0)
							if x == first {
								ns++
							}
							if y == first {
								ns++
							}
							if z == first {
								ns++
							}
							share := weight[qi] / ns
							if x == first {
								t[base] += share
							}
							if y == first {
								t[base+1] += share
							}
							if z == first {
								t[base+2] += share
							}
						}
						continue
					}
					for qi, q := range qs {
						first, ns := n-1, 0
						for i, c := range q {
							switch rc := int(r[c]); {
							case rc < first:
								first, ns = rc, 1
								set[0] = i
							case rc == first && rc < n-1:
								set[ns] = i
								ns++
							}
						}
						base := qoff[qi]
						if first == n-1 {
							t[base+no[qi]-1] += weight[qi]
							continue
						}
						if a.showerOnly {
							t[base+first*len(q)] += weight[qi]
							continue
						}
						share := weight[qi] / int64(ns)
						for _, i := range set[:ns] {
							t[base+first*len(q)+i] += share
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	out := make([]QuestionOption, len(qs))
	var tab []int64
	for qi, q := range qs {
		qa := QuestionOption{Cards: q}
		for _, c := range q {
			qa.Names = append(qa.Names, g.deck.Cards()[c])
		}
		tab = slices.Grow(tab[:0], ne*no[qi])[:ne*no[qi]]
		for e := 0; e < ne; e++ {
			copy(tab[e*no[qi]:(e+1)*no[qi]], joint[e*block+qoff[qi]:e*block+qoff[qi+1]])
		}
		pe := make([]int64, ne)
		po := make([]int64, no[qi])
		var total int64
		for e := 0; e < ne; e++ {
			for o := 0; o < no[qi]; o++ {
				v := tab[e*no[qi]+o]
				pe[e] += v
				po[o] += v
				total += v
			}
		}
		qa.Gain = mutualInfo(tab, pe, po, total)
		for o := 0; o < no[qi]; o++ {
			if po[o] == 0 {
				continue
			}
			oc := Outcome{Prob: big.NewRat(po[o], total)}
			if o < no[qi]-1 {
				oc.Shower = g.players[(a.seat+1+o/len(q))%n]
				if !a.showerOnly {
					oc.Card = g.deck.Cards()[q[o%len(q)]]
				}
			}
			qa.Outcomes = append(qa.Outcomes, oc)
		}
		out[qi] = qa
	}
	return out
}

// mutualInfo is the mutual information, in bits, of the joint counts
// joint[e*len(po)+o] with marginals pe and po summing to total.
func mutualInfo(joint, pe, po []int64, total int64) float64 {
	if total == 0 {
		return 0
	}
	t := float64(total)
	no := len(po)
	gain := 0.0
	for e, ce := range pe {
		if ce == 0 {
			continue
		}
		for o, co := range po {
			v := joint[e*no+o]
			if v == 0 {
				continue
			}
			gain += float64(v) / t * math.Log2(float64(v)*t/(float64(ce)*float64(co)))
		}
	}
	return max(gain, 0)
}
