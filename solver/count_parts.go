package solver

import "slices"

// This file splits the worlds of a problem into disjoint parts that are
// cheaper to count one by one than together (see NewCounter and
// docs/counting.md).
//
// An observation guarded by a set S of cards of a holder g of exact size
// |S| holds whenever g's content is not S: every one of its constraints is
// a clause "not all of these" whose literals on g name exactly the cards
// of S. A failed Deduce or Die accusation is one ("not (x and y are the
// Evidence and c1 is with the accuser and ...)"). In a counting graph with
// g first, such a clause is settled on every first edge but S; but the
// graph's layers tell cards apart for all states alike, so while S is
// possible the clause's cards are told apart everywhere, and the graph
// grows (a five-player Deduce or Die report of 3.2 million edges has 1
// million without them). The parts are the worlds whose content of g is
// none of the guard sets (there the guarded observations hold: they are
// left out, "not S" taking their place), and, for each guard set S, the
// worlds whose content of g is S. They share no world and cover them all,
// so every count is the sum of the parts' counts.

// guardSet reports the set of cards of holder g (of exact size n) that
// observation o is guarded by, ascending, and whether o constrains another
// holder too (only then is the split worth it).
func guardSet(o Observation, g Holder, n int) (set []Card, ok bool) {
	if len(o.Constraints) == 0 || n == 0 {
		return nil, false
	}
	other := false
	for i, k := range o.Constraints {
		if k.Op != Ge || k.Bound != 1-len(k.Terms) {
			return nil, false
		}
		var on []Card
		for _, t := range k.Terms {
			if t.Coef != -1 {
				return nil, false
			}
			if t.Lit.Holder == g {
				on = append(on, t.Lit.Card)
			} else {
				other = true
			}
		}
		slices.Sort(on)
		on = slices.Compact(on)
		if len(on) != n || (i > 0 && !slices.Equal(on, set)) {
			return nil, false
		}
		set = on
	}
	return set, other
}

// splitParts is the holder whose content splits the worlds of p and the
// parts, as above; NoHolder and nil when no observation is guarded by a
// set of a holder of exact size and constrains another holder too. The
// holder with the most guarded observations is chosen, the first on a tie.
func splitParts(p *Problem) (Holder, []*Problem) {
	m := p.Model()
	best, bestN := NoHolder, 0
	for g := range Holder(m.NumHolders()) {
		s := m.HolderSize(g)
		if s.Min != s.Max {
			continue
		}
		n := 0
		for _, o := range p.Observations() {
			if _, ok := guardSet(o, g, s.Min); ok {
				n++
			}
		}
		if n > bestN {
			best, bestN = g, n
		}
	}
	if best == NoHolder {
		return NoHolder, nil
	}
	size := m.HolderSize(best).Min
	var sets [][]Card
	var keep []int
	for id, o := range p.Observations() {
		set, ok := guardSet(o, best, size)
		if !ok {
			keep = append(keep, id)
			continue
		}
		if !slices.ContainsFunc(sets, func(s []Card) bool { return slices.Equal(s, set) }) {
			sets = append(sets, set)
		}
	}
	rest := p.Subset(keep)
	parts := []*Problem{rest}
	for _, set := range sets {
		lits := make([]Lit, len(set))
		is := Observation{Label: "content is the guard set"}
		for i, k := range set {
			lits[i] = Lit{Card: k, Holder: best}
			is.Constraints = append(is.Constraints, Holds(k, best))
		}
		if _, err := rest.Add(Observation{Label: "content is not the guard set", Constraints: []Constraint{Clause(nil, lits)}}); err != nil {
			return NoHolder, nil
		}
		q := p.Clone()
		if _, err := q.Add(is); err != nil {
			return NoHolder, nil
		}
		parts = append(parts, q)
	}
	return best, parts
}
