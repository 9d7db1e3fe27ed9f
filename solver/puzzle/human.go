package puzzle

import (
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// This file holds the deductions a person makes in one look at the sheet
// that unit propagation, which reads one constraint at a time, does not:
// they read several lines at once. The solver tries them, at the top level
// of a worked solution, whenever propagation stalls and before it makes a
// supposition, so that a puzzle is graded by suppositions a person needs.
//
//   - A hand accounted for ([HandFull]): a holder (or a count of one
//     holder's cards, as one kind of Clue's envelope) has room for n more
//     cards, and n lines each need cards of it among sets no two of which
//     share a card still open: every room is taken, so the holder holds
//     none of its other open cards.
//   - A shared set ([SharedSet], the naked pair of Sudoku solvers): k
//     needs (lines, hands or envelope kinds; of different holders, or of
//     one holder among sets that share no card) need as many cards as
//     there are cards left among all their sets: each of these cards is
//     held by one of them, so by no other holder.
//
// "A card that only one holder can still take" is the rule that every
// card is in exactly one place, read when every other holder is ruled
// out; together with the two above (a hand accounted for rules a card out
// of it) it is the one-look deduction a person makes.

// HumanRule names a deduction that reads several lines at once.
type HumanRule uint8

// The rules a person applies in one look.
const (
	NoHuman   HumanRule = iota // a rule of the game or one line, read alone
	HandFull                   // a holder's room is all accounted for
	SharedSet                  // k cards that k needs must share
)

// String is "", "hand-full" or "shared-set".
func (h HumanRule) String() string {
	switch h {
	case HandFull:
		return "hand-full"
	case SharedSet:
		return "shared-set"
	}
	return ""
}

// Reading is a rule a step reads besides its Rule: an observation (with
// the constraints of it read, nil for all) or a rule of the model.
type Reading struct {
	Rule  solver.Rule
	Parts []int
}

// need is "holder h holds at least r more of the open cards": a line's
// count, a hand's size or an envelope kind, read with the cells fixed so
// far.
type need struct {
	read   Reading
	holder solver.Holder
	r      int
	open   []solver.Card
	fixed  []int // trail positions of the fixed cells of the count
	cards  []solver.Card
	bound  int // the count's upper bound (room), for containers
	hasMax bool
}

// needs lists the counts of one holder's cards among the active
// observations and the holders' sizes, read against r: those with cards
// still needed (lower bounds) and those with room left (upper bounds).
func needs(p *solver.Problem, ids []int, r *solver.Propagation) []need {
	m := p.Model()
	var out []need
	add := func(read Reading, h solver.Holder, cards []solver.Card, lo, hi int, hasLo, hasHi bool) {
		n := need{read: read, holder: h, cards: cards}
		held := 0
		for _, c := range cards {
			switch r.Status(c, h) {
			case solver.Forced:
				held++
				n.fixed = append(n.fixed, r.Index(c, h))
			case solver.Impossible:
				n.fixed = append(n.fixed, r.Index(c, h))
			default:
				n.open = append(n.open, c)
			}
		}
		if len(n.open) == 0 {
			return
		}
		if hasLo && lo-held > 0 {
			n.r = lo - held
		}
		if hasHi {
			n.hasMax, n.bound = true, hi-held
		}
		if n.r > 0 || n.hasMax {
			out = append(out, n)
		}
	}
	all := make([]solver.Card, m.NumCards())
	for c := range all {
		all[c] = solver.Card(c)
	}
	for h := range m.NumHolders() {
		s := m.HolderSize(solver.Holder(h))
		add(Reading{Rule: solver.Rule{Kind: solver.RuleHolderSize, Index: h}}, solver.Holder(h), all, s.Min, s.Max, true, true)
	}
	obs := p.Observations()
	for _, id := range ids {
		ks := obs[id].Constraints
		for i, k := range ks {
			h, cards, ok := countOf(k)
			if !ok || len(cards) < 2 {
				continue
			}
			read := Reading{Rule: solver.Rule{Kind: solver.RuleObservation, Index: id}}
			if len(ks) > 1 {
				read.Parts = []int{i}
			}
			add(read, h, cards, k.Bound, k.Bound, k.Op != solver.Le, k.Op != solver.Ge)
		}
	}
	return out
}

// humanFind is one application of a rule a person makes in one look.
type humanFind struct {
	rule  HumanRule
	main  Reading
	also  []Reading
	facts []solver.Fact
	cites []int // trail positions
}

// maxSharedOpen is the most open cards a need of a shared set may have,
// and maxShared the most needs in one: small sets, as a person sees them.
const (
	maxSharedOpen = 3
	maxShared     = 3
	maxFamily     = 4000 // the search for a full hand's family, in nodes
)

// findHuman looks for one deduction of a hand accounted for, then of a
// shared set, in the state r of the active observations ids.
func findHuman(p *solver.Problem, ids []int, r *solver.Propagation) *humanFind {
	ns := needs(p, ids, r)
	if f := findHandFull(p, ns, r); f != nil {
		return f
	}
	return findShared(p, ns, r)
}

func findHandFull(p *solver.Problem, ns []need, r *solver.Propagation) *humanFind {
	for _, box := range ns {
		if !box.hasMax || box.bound <= 0 {
			continue
		}
		var cand []int
		for j, n := range ns {
			if n.holder != box.holder || n.r <= 0 || n.read.Rule == box.read.Rule && slices.Equal(n.read.Parts, box.read.Parts) {
				continue
			}
			if subset(n.open, box.open) {
				cand = append(cand, j)
			}
		}
		if len(cand) == 0 {
			continue
		}
		// A family of needs whose open sets share no card and whose
		// needs fill the room.
		var best []int
		nodes := 0
		var dfs func(k int, chosen []int, used map[solver.Card]bool, sum int) bool
		dfs = func(k int, chosen []int, used map[solver.Card]bool, sum int) bool {
			nodes++
			if sum == box.bound {
				best = slices.Clone(chosen)
				return true
			}
			if k == len(cand) || sum > box.bound || nodes > maxFamily {
				return false
			}
			n := ns[cand[k]]
			free := true
			for _, c := range n.open {
				free = free && !used[c]
			}
			if free {
				for _, c := range n.open {
					used[c] = true
				}
				if dfs(k+1, append(chosen, cand[k]), used, sum+n.r) {
					return true
				}
				for _, c := range n.open {
					delete(used, c)
				}
			}
			return dfs(k+1, chosen, used, sum)
		}
		if !dfs(0, nil, map[solver.Card]bool{}, 0) {
			continue
		}
		in := map[solver.Card]bool{}
		for _, j := range best {
			for _, c := range ns[j].open {
				in[c] = true
			}
		}
		f := &humanFind{rule: HandFull, main: box.read}
		for _, c := range box.open {
			if !in[c] {
				f.facts = append(f.facts, solver.Fact{Card: c, Holder: box.holder, Holds: false})
			}
		}
		if len(f.facts) == 0 {
			continue
		}
		f.cites = append(f.cites, heldOf(box, r)...)
		for _, j := range best {
			f.also = append(f.also, ns[j].read)
			f.cites = append(f.cites, ns[j].fixed...)
		}
		f.cites = sortedUnique(f.cites)
		return f
	}
	return nil
}

// heldOf are the trail positions of the cards the box's holder is known to
// hold among its cards: what the room left is counted from.
func heldOf(box need, r *solver.Propagation) []int {
	var out []int
	for _, c := range box.cards {
		if r.Status(c, box.holder) == solver.Forced {
			out = append(out, r.Index(c, box.holder))
		}
	}
	return out
}

func findShared(p *solver.Problem, ns []need, r *solver.Propagation) *humanFind {
	var small []int
	for j, n := range ns {
		if n.r > 0 && len(n.open) <= maxSharedOpen {
			small = append(small, j)
		}
	}
	nh := p.Model().NumHolders()
	var found *humanFind
	var try func(k int, chosen []int)
	try = func(k int, chosen []int) {
		if found != nil {
			return
		}
		if len(chosen) >= 2 {
			if f := sharedFind(ns, chosen, nh, r); f != nil {
				found = f
				return
			}
		}
		if len(chosen) == maxShared {
			return
		}
		for i := k; i < len(small); i++ {
			try(i+1, append(chosen, small[i]))
		}
	}
	try(0, nil)
	return found
}

// sharedFind checks a family of needs as a shared set and returns what it
// rules out, or nil.
func sharedFind(ns []need, chosen []int, nh int, r *solver.Propagation) *humanFind {
	u := map[solver.Card]bool{}
	sum := 0
	for a, j := range chosen {
		n := ns[j]
		for _, b := range chosen[:a] {
			if ns[b].holder == n.holder && overlap(ns[b].open, n.open) {
				return nil
			}
		}
		sum += n.r
		for _, c := range n.open {
			u[c] = true
		}
	}
	if sum != len(u) {
		return nil
	}
	f := &humanFind{rule: SharedSet}
	for _, c := range slices.Sorted(mapKeysCard(u)) {
		for h := range nh {
			if r.Status(c, solver.Holder(h)) != solver.Open {
				continue
			}
			ok := false
			for _, j := range chosen {
				ok = ok || ns[j].holder == solver.Holder(h) && slices.Contains(ns[j].open, c)
			}
			if !ok {
				f.facts = append(f.facts, solver.Fact{Card: c, Holder: solver.Holder(h), Holds: false})
			}
		}
	}
	if len(f.facts) == 0 {
		return nil
	}
	f.main = ns[chosen[0]].read
	for _, j := range chosen {
		if j != chosen[0] {
			f.also = append(f.also, ns[j].read)
		}
		f.cites = append(f.cites, ns[j].fixed...)
	}
	f.cites = sortedUnique(f.cites)
	return f
}

func mapKeysCard(m map[solver.Card]bool) func(func(solver.Card) bool) {
	return func(yield func(solver.Card) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func subset(a, b []solver.Card) bool {
	for _, c := range a {
		if !slices.Contains(b, c) {
			return false
		}
	}
	return true
}

func overlap(a, b []solver.Card) bool {
	for _, c := range a {
		if slices.Contains(b, c) {
			return true
		}
	}
	return false
}

func sortedUnique(xs []int) []int {
	slices.Sort(xs)
	return slices.Compact(xs)
}
