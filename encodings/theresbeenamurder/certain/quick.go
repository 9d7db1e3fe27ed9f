package certain

import (
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Quick is a world of the observations ids found without the engine,
// or nil when this way finds none (which proves nothing). It keeps the
// world of the last check (a world of the lines before this one) up to
// a time point, puts every card of the idle time points in the first
// hand, and chooses the time points from there to the open turn's end
// one after the other: with the earlier time points fixed, each
// constraint whose last time point is the one being chosen names one
// card there (the card's possible places, kept) or counts the cards at
// one place (the place's size, kept), so the choice is a matching of
// cards to places within those sizes (augmenting paths), the last
// world's place first. It keeps the last world up to the open turn's
// end, then up to 1, 2, 4 and 8 time points before, then not at all (a
// world of the lines from the deal on). Whatever went into it, the world is then checked against
// every constraint of ids and the model's structure (fits), so what
// quick returns is a world of them. A line rarely changes what the
// earlier turns' lines allow, so the last world mostly still fits them,
// and the check then needs no search.
func (x *Encoding) Quick(ids []int) solver.World {
	now := x.Now
	if now >= x.Times {
		return nil
	}
	return x.NewQuick(ids).World(now)
}

// World is what quick finds, the last world kept before time point last
// (the open turn's end for a line's check, its start for the sheet's
// places) or fewer; the world is checked by fits.
func (q *QuickIndex) World(last int) solver.World {
	x := q.x
	nc := len(x.Cards)
	var tried []int
	for _, from := range []int{last, last - 1, last - 2, last - 4, last - 8, 0} {
		if from < 0 || slices.Contains(tried, from) {
			continue
		}
		tried = append(tried, from)
		if from > 0 && (x.Last == nil || len(x.Last) < from*nc || x.LastNow < from-1) {
			continue
		}
		q.base = x.Last
		for swaps := 0; ; swaps++ {
			w, bad := q.complete(from)
			if w != nil {
				if x.Fits(w, q.ids) {
					return w
				}
				break
			}
			// A card with no place at the time point: its history
			// traded for another card's (every time point kept), as
			// the swaps of places0 do, may fit.
			if bad < 0 || swaps == maxQuickSwaps || q.base == nil {
				break
			}
			if !q.trade(from, bad) {
				break
			}
		}
	}
	return nil
}

// maxQuickSwaps bounds the histories a quick check trades.
const maxQuickSwaps = 3

// trade swaps, in the base world, the history of card bad (an index)
// with that of the first other card after which bad has a place at time
// point from; false when no card does.
func (q *QuickIndex) trade(from int, bad int) bool {
	x := q.x
	nc := len(x.Cards)
	lo := from * nc
	for j := range nc {
		if j == bad {
			continue
		}
		v := slices.Clone(q.base)
		for t := 0; (t+1)*nc <= len(v); t++ {
			v[t*nc+bad], v[t*nc+j] = v[t*nc+j], v[t*nc+bad]
		}
		old := q.base
		q.base = v
		w := make(solver.World, x.Times*nc)
		copy(w, v[:lo])
		ok := q.placeable(w, from, bad) && q.placeable(w, from, j) && q.keeps(v, from, bad) && q.keeps(v, from, j)
		if ok {
			return true
		}
		q.base = old
	}
	return false
}

// keeps reports whether v satisfies the constraints naming card i (an
// index) whose last time point is before from.
func (q *QuickIndex) keeps(v solver.World, from, i int) bool {
	x := q.x
	nc := len(x.Cards)
	if q.byCard == nil {
		q.byCard, q.lastT = make([][]quickCon, nc), make([][]int, nc)
		obs := x.Prob.Observations()
		mark := make([]int, nc)
		n := 0
		for _, id := range q.ids {
			cs := obs[id].Constraints
			for j := range cs {
				k := &cs[j]
				n++
				t := -1
				for _, tm := range k.Terms {
					t = max(t, int(tm.Lit.Card)/nc)
				}
				if t < 0 || t >= x.Now {
					continue
				}
				for _, tm := range k.Terms {
					if c := int(tm.Lit.Card) % nc; mark[c] != n {
						mark[c] = n
						q.byCard[c] = append(q.byCard[c], quickCon{k: k})
						q.lastT[c] = append(q.lastT[c], t)
					}
				}
			}
		}
	}
	for n, qc := range q.byCard[i] {
		if q.lastT[i][n] < from && !qc.k.Satisfied(v) {
			return false
		}
	}
	return true
}

// placeable reports whether card i (an index) has a place at time point
// t in w (fixed before t) by the constraints whose last time point is t
// and that name it alone there.
func (q *QuickIndex) placeable(w solver.World, t, i int) bool {
	x := q.x
	c := t*len(x.Cards) + i
	full := uint64(1)<<x.Places - 1
	allowed := full
	for _, qc := range q.byT[t] {
		if qc.card != c {
			continue
		}
		for p := range x.Places {
			if allowed&(1<<p) != 0 {
				w[c] = solver.Holder(p)
				if !qc.k.Satisfied(w) {
					allowed &^= 1 << p
				}
			}
		}
	}
	w[c] = 0
	return allowed != 0
}

// QuickIndex is the constraints of a quick check by their last time
// point (those of the idle time points left out), each with its shape
// there.
type QuickIndex struct {
	x    *Encoding
	ids  []int
	byT  [][]quickCon
	base solver.World // the last world, nil for none
	// byCard are, by card index, the constraints that name the card and
	// whose last time point, kept beside, is before the open turn's end
	// (built on first use, by trade).
	byCard [][]quickCon
	lastT  [][]int
	// pinned, when set (not -1), is a solver card put at place only;
	// toward[t] are, as a bit mask, the places from which the closed
	// segments' moves can bring that card there by then (see pin).
	pinned solver.Card
	only   solver.Holder
	toward []uint64
}

// Pin puts card i (an index) at place m at time point t, and marks at
// every earlier time point the places from which the closed segments'
// moves lead there, so that each time point chosen keeps the card on a
// way there.
func (q *QuickIndex) Pin(i, m, t int) {
	x := q.x
	q.pinned, q.only = solver.Card(t*len(x.Cards)+i), solver.Holder(m)
	q.toward = slices.Grow(q.toward[:0], t+1)[:t+1]
	q.toward[t] = 1 << m
	for k := t - 1; k >= 0; k-- {
		var b uint64
		if k < len(x.closed) && x.closed[k].reach != nil {
			for p := range x.Places {
				for r := range x.Places {
					if x.closed[k].reach[p][r] && q.toward[k+1]&(1<<r) != 0 {
						b |= 1 << p
						break
					}
				}
			}
		} else {
			b = uint64(1)<<x.Places - 1
		}
		q.toward[k] = b
	}
}

// quickCon is a constraint with, at its last time point t, the one card
// it names there (card >= 0), or the place whose cards it counts (card
// -1, place >= 0), or neither (checked by fits only).
type quickCon struct {
	k     *solver.Constraint
	card  int // solver card
	place solver.Holder
}

// NewQuick indexes the constraints of the observations ids for a quick
// check.
func (x *Encoding) NewQuick(ids []int) *QuickIndex {
	nc, now := len(x.Cards), x.Now
	q := &QuickIndex{x: x, ids: ids, byT: make([][]quickCon, now+1), base: x.Last, pinned: -1}
	obs := x.Prob.Observations()
	for _, id := range ids {
		cs := obs[id].Constraints
		for j := range cs {
			k := &cs[j]
			t := -1
			for _, tm := range k.Terms {
				t = max(t, int(tm.Lit.Card)/nc)
			}
			if t < 0 || t > now {
				continue
			}
			qc := quickCon{k: k, card: -1, place: -1}
			n, ok := 0, true
			for _, tm := range k.Terms {
				c := int(tm.Lit.Card)
				if c/nc != t {
					continue
				}
				switch {
				case qc.card < 0 && n == 0:
					qc.card = c
				case qc.card == c:
				default:
					qc.card = -1
				}
				if tm.Coef != 1 || (qc.place >= 0 && tm.Lit.Holder != qc.place) {
					ok = false
				}
				qc.place = tm.Lit.Holder
				n++
			}
			if qc.card >= 0 {
				qc.place = -1
			} else if !ok || n != nc {
				qc.place = -1 // not a count of one place: fits checks it
			}
			q.byT[t] = append(q.byT[t], qc)
		}
	}
	return q
}

// complete is the last world up to time point from (excluded) and every
// time point from there to the open turn's end chosen in turn, or nil
// when some choice has no matching; bad is then the index of a card
// with no place at all (-1 for none).
func (q *QuickIndex) complete(from int) (w solver.World, bad int) {
	x := q.x
	nc, now := len(x.Cards), x.Now
	w = make(solver.World, x.Times*nc) // idle time points: hand 0
	copy(w, q.base[:from*nc])
	full := uint64(1)<<x.Places - 1
	allowed := make([]uint64, nc)
	capLo, capHi := make([]int, x.Places), make([]int, x.Places)
	at := make([]int, nc)
	load := make([]int, x.Places)
	for t := from; t <= now; t++ {
		lo := t * nc
		for i := range allowed {
			allowed[i] = full
		}
		for p := range capHi {
			capLo[p], capHi[p] = 0, nc
		}
		for _, qc := range q.byT[t] {
			k := qc.k
			switch {
			case qc.card >= 0:
				i := qc.card - lo
				for p := range x.Places {
					if allowed[i]&(1<<p) != 0 {
						w[qc.card] = solver.Holder(p)
						if !k.Satisfied(w) {
							allowed[i] &^= 1 << p
						}
					}
				}
				w[qc.card] = 0
			case qc.place >= 0:
				base := 0
				for _, tm := range k.Terms {
					if c := int(tm.Lit.Card); c < lo && w[c] == tm.Lit.Holder {
						base += tm.Coef
					}
				}
				b := k.Bound - base
				if k.Op != solver.Ge {
					capHi[qc.place] = min(capHi[qc.place], b)
				}
				if k.Op != solver.Le {
					capLo[qc.place] = max(capLo[qc.place], b)
				}
			}
		}
		if q.pinned >= 0 {
			if i := int(q.pinned) % nc; t <= int(q.pinned)/nc {
				allowed[i] &= q.toward[t]
			}
		}
		for i, a := range allowed {
			if a == 0 {
				return nil, i
			}
		}
		if !x.match(allowed, capLo, capHi, q.prefer(t), at, load) {
			return nil, -1
		}
		for i, p := range at {
			w[lo+i] = solver.Holder(p)
		}
	}
	return w, -1
}

// prefer is the last world's place of every card at time point t (nil
// when it has none).
func (q *QuickIndex) prefer(t int) []solver.Holder {
	nc := len(q.x.Cards)
	if q.base == nil || t > q.x.LastNow || len(q.base) < (t+1)*nc {
		return nil
	}
	return q.base[t*nc : (t+1)*nc]
}

// match puts every card (by index) at one of its allowed places (a bit
// mask), each place p holding capLo[p] to capHi[p] cards, the card's
// place in prefer first: at is each card's place, load each place's
// count. It reports false when it finds none (augmenting paths find one
// within capHi whenever there is one; capLo is checked after).
func (x *Encoding) match(allowed []uint64, capLo, capHi []int, prefer []solver.Holder, at, load []int) bool {
	clear(load)
	for i := range at {
		at[i] = -1
		if prefer != nil {
			if p := int(prefer[i]); p < x.Places && allowed[i]&(1<<p) != 0 && load[p] < capHi[p] {
				at[i] = p
				load[p]++
			}
		}
	}
	var seen uint64
	var augment func(i int) bool
	augment = func(i int) bool {
		for p := range x.Places {
			if allowed[i]&(1<<p) == 0 || seen&(1<<p) != 0 {
				continue
			}
			seen |= 1 << p
			if load[p] < capHi[p] {
				at[i] = p
				load[p]++
				return true
			}
			for j := range at {
				if at[j] == p && augment(j) {
					// j left p for another place; i takes its slot.
					load[p]--
					at[i] = p
					load[p]++
					return true
				}
			}
		}
		return false
	}
	for i := range at {
		if at[i] >= 0 {
			continue
		}
		seen = 0
		if !augment(i) {
			return false
		}
	}
	for p := range load {
		if load[p] < capLo[p] {
			return false
		}
	}
	return true
}

// Fits reports whether w is a world of the observations ids, by the
// solver's plain checker (every card at a place the model allows, every
// place's size within the model's, every constraint satisfied).
func (x *Encoding) Fits(w solver.World, ids []int) bool {
	bad, deal := x.Prob.Subset(ids).Check(w)
	return deal && bad == nil
}
