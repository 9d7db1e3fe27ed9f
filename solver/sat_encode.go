package solver

import (
	"slices"

	"github.com/irifrance/gini/z"
)

// This file turns linear constraints into clauses.
//
// Every constraint is first normalised to one or two constraints of the form
// sum(a_i * l_i) <= K with every a_i > 0 over solver literals l_i (a negative
// coefficient is moved onto the negated literal). Each of those is then
// written in the cheapest form that unit propagation fully understands:
//
//   - nothing, when even all literals true fit under K;
//   - a unit clause ¬act ∨ ¬l_i for every literal, when any single one is too
//     many (a_i > K for all i);
//   - one clause ¬act ∨ ¬l_1 ∨ ... ∨ ¬l_n, when only all of them together
//     overflow K: the "pure clause" case, which includes every constraint
//     built by [Clause];
//   - otherwise a reduced ordered BDD of the constraint (Eén and Sörensson
//     2006; Abío, Nieuwenhuis, Oliveras, Rodríguez-Carbonell 2012), two
//     clauses a node, with the root enforced under act.
//
// Every clause that the all-false assignment (every ownership indicator and
// every BDD node false) would violate carries a guard: ¬act for an
// observation, ¬bg for the model's structure. So the clause set alone is
// always satisfiable and every contradiction runs through assumed guards;
// see giniSolver for why that matters.
//
// The BDD encoding is generalised arc consistent: whenever the literals set
// so far leave only one value possible for another literal of the
// constraint, unit propagation sets it. For a count of literals (all a_i ==
// 1) it is the sequential counter; nodes are shared by the interval
// technique of Abío et al., so equal sub-functions are built once.

// pbTerm is a positive coefficient times a solver literal.
type pbTerm struct {
	coef int
	lit  z.Lit
}

// infinity bounds BDD intervals; sums stay far below it (Problem.Add
// bounds coefficients and bounds).
const infinity = 1 << 50

// clause adds the clause of lits to the solver, dropping constant-false
// and repeated literals, and skipping the clause when it is always true (a
// constant-true literal, or a literal and its negation): gini expects
// clauses without either.
func (s *SAT) clause(lits ...z.Lit) {
	f := s.t.Not()
	n := 0
	for _, m := range lits {
		switch m {
		case s.t:
			return
		case f:
			continue
		}
		if slices.Contains(lits[:n], m.Not()) {
			return
		}
		if slices.Contains(lits[:n], m) {
			continue
		}
		lits[n] = m
		n++
	}
	if n == 0 {
		// Never reached: every clause that can lose all its literals
		// carries a guard, and guards are never constant.
		panic("solver: internal error: empty clause")
	}
	for _, m := range lits[:n] {
		s.g.Add(m)
	}
	s.g.Add(z.LitNull)
}

// lit is the solver literal of x[c,h]: constant false when h may not hold c.
func (s *SAT) lit(l Lit) z.Lit { return s.x[l.Card][l.Holder] }

// addConstraint encodes k, enforced when the guard act is true.
func (s *SAT) addConstraint(k Constraint, act z.Lit) {
	// Merge the coefficients of each solver literal; constant literals
	// move into the bound.
	coef := make(map[z.Lit]int, len(k.Terms))
	var order []z.Lit
	bound := k.Bound
	for _, t := range k.Terms {
		m := s.lit(t.Lit)
		switch m {
		case s.t.Not():
			continue
		case s.t:
			bound -= t.Coef
			continue
		}
		if _, seen := coef[m]; !seen {
			order = append(order, m)
		}
		coef[m] += t.Coef
	}
	// Positive coefficients only: a*l with a < 0 is a + |a|*¬l.
	terms := make([]pbTerm, 0, len(order))
	for _, m := range order {
		a := coef[m]
		switch {
		case a > 0:
			terms = append(terms, pbTerm{a, m})
		case a < 0:
			terms = append(terms, pbTerm{-a, m.Not()})
			bound -= a
		}
	}
	switch k.Op {
	case Le:
		s.addLe(terms, bound, act)
	case Ge:
		s.addGe(terms, bound, act)
	default:
		s.addLe(terms, bound, act)
		s.addGe(terms, bound, act)
	}
}

// addGe encodes sum(terms) >= b as sum(a_i * ¬l_i) <= sum(a_i) - b.
func (s *SAT) addGe(terms []pbTerm, b int, act z.Lit) {
	neg := make([]pbTerm, len(terms))
	total := 0
	for i, t := range terms {
		neg[i] = pbTerm{t.coef, t.lit.Not()}
		total += t.coef
	}
	s.addLe(neg, total-b, act)
}

// addLe encodes sum(terms) <= k under the guard act; every coefficient is
// positive.
func (s *SAT) addLe(terms []pbTerm, k int, act z.Lit) {
	off := act.Not()
	total, least := 0, infinity
	allOver := true
	for _, t := range terms {
		total += t.coef
		least = min(least, t.coef)
		if t.coef <= k {
			allOver = false
		}
	}
	switch {
	case total <= k:
		return
	case k < 0:
		s.clause(off)
	case allOver:
		for _, t := range terms {
			s.clause(off, t.lit.Not())
		}
	case total-least <= k:
		c := make([]z.Lit, 0, len(terms)+1)
		c = append(c, off)
		for _, t := range terms {
			c = append(c, t.lit.Not())
		}
		s.clause(c...)
	default:
		sorted := slices.Clone(terms)
		slices.SortStableFunc(sorted, func(a, b pbTerm) int { return b.coef - a.coef })
		b := bdd{s: s, terms: sorted, rest: make([]int, len(sorted)+1), memo: make([][]bddNode, len(sorted))}
		for i := len(sorted) - 1; i >= 0; i-- {
			b.rest[i] = b.rest[i+1] + sorted[i].coef
		}
		_, _, root := b.build(0, k)
		s.clause(off, root)
	}
}

// bdd builds the reduced ordered BDD of sum(terms[j:]) <= k, one solver
// literal a node: a node literal true means the remaining terms fit.
type bdd struct {
	s     *SAT
	terms []pbTerm
	rest  []int       // rest[j] is the sum of the coefficients of terms[j:]
	memo  [][]bddNode // per level, the nodes built with their intervals
}

// bddNode is the node at some level for every k in [lo, hi].
type bddNode struct {
	lo, hi int
	lit    z.Lit
}

// build returns the node of level j and bound k, with the interval of
// bounds for which it is the same function.
func (b *bdd) build(j, k int) (lo, hi int, v z.Lit) {
	s := b.s
	if k < 0 {
		return -infinity, -1, s.t.Not()
	}
	if b.rest[j] <= k {
		return b.rest[j], infinity, s.t
	}
	for _, n := range b.memo[j] {
		if n.lo <= k && k <= n.hi {
			return n.lo, n.hi, n.lit
		}
	}
	a, x := b.terms[j].coef, b.terms[j].lit
	flo, fhi, f := b.build(j+1, k)
	tlo, thi, t := b.build(j+1, k-a)
	lo, hi = max(flo, tlo+a), min(fhi, thi+a)
	if f == t {
		v = f
	} else {
		v = s.g.Lit()
		s.clause(v.Not(), f)
		s.clause(v.Not(), x.Not(), t)
	}
	b.memo[j] = append(b.memo[j], bddNode{lo, hi, v})
	return lo, hi, v
}
