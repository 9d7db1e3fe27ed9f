package count

import (
	"context"
	"math/big"
	"math/rand/v2"
)

// This file has what the package's tests share: random inputs (as the
// solver's random problems, in the package's terms), a problem the size of
// a six-player Deduce or Die game, and a deliberately naive oracle that
// lists every assignment of cards to holders. The solver's own tests check
// the counts against its brute-force oracle through the public API; the
// oracle here serves the tests that switch the package's internals.

// check reports whether the world w (a holder per card) is a world of in.
func check(in *Input, w []Holder) bool {
	counts := make([]int, len(in.Sizes))
	for c, h := range w {
		if !in.allowed(Card(c), h) {
			return false
		}
		counts[h]++
	}
	for h, n := range counts {
		if s := in.Sizes[h]; n < s.Min || n > s.Max {
			return false
		}
	}
	for _, k := range in.Constraints {
		sum := 0
		for _, t := range k.Terms {
			if w[t.Lit.Card] == t.Lit.Holder {
				sum += t.Coef
			}
		}
		if !opOK(k.Op, sum, k.Bound) {
			return false
		}
	}
	return true
}

// bruteWorlds lists every world of in.
func bruteWorlds(in *Input) [][]Holder {
	var out [][]Holder
	w := make([]Holder, in.Cards)
	var rec func(c int)
	rec = func(c int) {
		if c == in.Cards {
			if check(in, w) {
				out = append(out, append([]Holder(nil), w...))
			}
			return
		}
		for h := range in.Sizes {
			w[c] = Holder(h)
			rec(c + 1)
		}
	}
	rec(0)
	return out
}

// bruteCount is the number of worlds of in.
func bruteCount(in *Input) *big.Int { return big.NewInt(int64(len(bruteWorlds(in)))) }

// bruteMarginals counts, for every card and holder, the worlds in which
// the card is with the holder.
func bruteMarginals(in *Input) [][]int64 {
	out := make([][]int64, in.Cards)
	for c := range out {
		out[c] = make([]int64, len(in.Sizes))
	}
	for _, w := range bruteWorlds(in) {
		for c, h := range w {
			out[c][h]++
		}
	}
	return out
}

// countOf is "the number of the literals that are true op bound".
func countOf(lits []Lit, op Op, bound int) Constraint {
	k := Constraint{Op: op, Bound: bound}
	for _, l := range lits {
		k.Terms = append(k.Terms, Term{Coef: 1, Lit: l})
	}
	return k
}

// clause is "one of pos is true or one of neg is false".
func clause(pos, neg []Lit) Constraint {
	k := Constraint{Op: Ge, Bound: 1 - len(neg)}
	for _, l := range pos {
		k.Terms = append(k.Terms, Term{Coef: 1, Lit: l})
	}
	for _, l := range neg {
		k.Terms = append(k.Terms, Term{Coef: -1, Lit: l})
	}
	return k
}

// holds is "card c is with h".
func holds(c Card, h Holder) Constraint { return countOf([]Lit{{c, h}}, Eq, 1) }

// randomInput builds a small random input as the solver's randomProblem
// does: up to maxCards cards, up to maxHolders holders with exact or ranged
// sizes, some card restrictions, and a few random constraints (clauses,
// differences, range counts). Some have no world, on purpose.
func randomInput(rng *rand.Rand, maxCards, maxHolders int) *Input {
	n := 1 + rng.IntN(maxCards)
	k := 1 + rng.IntN(maxHolders)
	counts := make([]int, k)
	for range n {
		counts[rng.IntN(k)]++
	}
	in := &Input{Cards: n, Sizes: make([]Size, k), Allowed: make([][]bool, n)}
	for h := range in.Sizes {
		s := Size{counts[h], counts[h]}
		if rng.IntN(4) == 0 {
			s.Min = max(0, s.Min-rng.IntN(2))
			s.Max += rng.IntN(2)
		}
		in.Sizes[h] = s
	}
	for c := range in.Allowed {
		in.Allowed[c] = make([]bool, k)
		for h := range k {
			in.Allowed[c][h] = true
		}
		if k > 1 && rng.IntN(6) == 0 {
			row := make([]bool, k)
			any := false
			for h := range k {
				if rng.IntN(2) == 0 {
					row[h], any = true, true
				}
			}
			if any {
				in.Allowed[c] = row
			}
		}
	}
	for range rng.IntN(6) {
		for range 1 + rng.IntN(2) {
			in.Constraints = append(in.Constraints, randomConstraint(rng, n, k))
		}
	}
	return in
}

func randomLits(rng *rand.Rand, n, k, most int) []Lit {
	lits := make([]Lit, 1+rng.IntN(most))
	for i := range lits {
		lits[i] = Lit{Card(rng.IntN(n)), Holder(rng.IntN(k))}
	}
	return lits
}

func randomConstraint(rng *rand.Rand, n, k int) Constraint {
	switch rng.IntN(4) {
	case 0:
		return clause(randomLits(rng, n, k, 3), randomLits(rng, n, k, 2)[:rng.IntN(2)])
	case 1: // count(A) - count(B) <= 0 or 1
		c := Constraint{Op: Le}
		for _, l := range randomLits(rng, n, k, 3) {
			c.Terms = append(c.Terms, Term{1, l})
		}
		for _, l := range randomLits(rng, n, k, 3) {
			c.Terms = append(c.Terms, Term{-1, l})
		}
		c.Bound = rng.IntN(2)
		return c
	default: // a range count: one holder, several cards
		h := Holder(rng.IntN(k))
		cnt := 1 + rng.IntN(n)
		var lits []Lit
		for _, c := range rng.Perm(n)[:cnt] {
			lits = append(lits, Lit{Card(c), h})
		}
		return countOf(lits, Op(rng.IntN(3)), rng.IntN(cnt+1))
	}
}

// randomCountInput is randomInput with, half of the time, one more
// constraint whose literals name distinct cards and at least two holders.
func randomCountInput(rng *rand.Rand, cards, holders int) *Input {
	in := randomInput(rng, cards, holders)
	if len(in.Sizes) < 2 || in.Cards < 2 || rng.IntN(2) == 0 {
		return in
	}
	for {
		k := randomConstraint(rng, in.Cards, len(in.Sizes))
		hs := map[Holder]bool{}
		cs := map[Card]bool{}
		for _, t := range k.Terms {
			hs[t.Lit.Holder] = true
			cs[t.Lit.Card] = true
		}
		if len(hs) >= 2 && len(cs) == len(k.Terms) {
			in.Constraints = append(in.Constraints, k)
			return in
		}
	}
}

// addCrossConstraint adds a constraint over several holders: a clause
// "not all of these" (a failed accusation), "at least one of these", or a
// count across holders.
func addCrossConstraint(rng *rand.Rand, in *Input) {
	n, k := in.Cards, len(in.Sizes)
	if k < 2 {
		return
	}
	var lits []Lit
	for range 2 + rng.IntN(3) {
		lits = append(lits, Lit{Card(rng.IntN(n)), Holder(rng.IntN(k))})
	}
	var c Constraint
	switch rng.IntN(3) {
	case 0:
		c = clause(nil, lits)
	case 1:
		c = clause(lits, nil)
	default:
		c = countOf(lits, Op(rng.IntN(3)), rng.IntN(len(lits)+1))
	}
	in.Constraints = append(in.Constraints, c)
}

// dod6 is an input the size of a six-player Deduce or Die game seen from
// the first seat, as the solver's benchmark problem: 27 cards, six players
// of four, two evidence cards and one exposed card (holders 6 and 7); the
// seat's hand, the exposed card, and nq range questions answered with the
// true count of a seeded random deal.
func dod6(seed uint64, nq int) *Input {
	rng := rand.New(rand.NewPCG(seed, 27))
	card := func(suit, rank int) Card { return Card(suit*9 + rank%9) }
	in := &Input{Cards: 27, Sizes: []Size{{4, 4}, {4, 4}, {4, 4}, {4, 4}, {4, 4}, {4, 4}, {2, 2}, {1, 1}}}
	deal := make([]Holder, 27)
	for i, c := range rng.Perm(27) {
		switch {
		case i < 24:
			deal[c] = Holder(i / 4)
		case i < 26:
			deal[c] = 6
		default:
			deal[c] = 7
		}
	}
	for c, h := range deal {
		if h == 0 || h == 7 {
			in.Constraints = append(in.Constraints, holds(Card(c), h))
		}
	}
	for range nq {
		var cards []Card
		if rng.IntN(2) == 0 {
			s, lo, n := rng.IntN(3), rng.IntN(9), 3+rng.IntN(7)
			for i := range n {
				cards = append(cards, card(s, lo+i))
			}
		} else {
			lo, n := rng.IntN(9), 1+rng.IntN(3)
			for i := range n {
				for s := range 3 {
					cards = append(cards, card(s, lo+i))
				}
			}
		}
		who := Holder(1 + rng.IntN(5))
		var lits []Lit
		k := 0
		for _, c := range cards {
			lits = append(lits, Lit{c, who})
			if deal[c] == who {
				k++
			}
		}
		in.Constraints = append(in.Constraints, countOf(lits, Eq, k))
	}
	return in
}

// marginalsOf counts the marginals of in with a fresh counter.
func marginalsOf(t interface{ Fatal(...any) }, in *Input) *Marginals {
	m, err := New(in).Marginals(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return m
}
