package solver

import (
	"math/big"
	"math/rand/v2"
)

// This file is the deliberately naive oracle the engines are checked against:
// it lists every assignment of cards to holders and keeps those that
// [Problem.Check] accepts. It is exponential and meant for small problems
// only; keep it simple enough to audit at a glance.

// bruteWorlds lists every world of p.
func bruteWorlds(p *Problem) []World {
	m := p.Model()
	n, k := m.NumCards(), m.NumHolders()
	var out []World
	w := make(World, n)
	var rec func(c int)
	rec = func(c int) {
		if c == n {
			if v, deal := p.Check(w); deal && v == nil {
				out = append(out, append(World(nil), w...))
			}
			return
		}
		for h := 0; h < k; h++ {
			w[c] = Holder(h)
			rec(c + 1)
		}
	}
	rec(0)
	return out
}

// bruteCount is the number of worlds of p.
func bruteCount(p *Problem) *big.Int {
	return big.NewInt(int64(len(bruteWorlds(p))))
}

// bruteMarginals counts, for every card and holder, the worlds in which the
// card is with that holder.
func bruteMarginals(p *Problem) [][]int64 {
	m := p.Model()
	out := make([][]int64, m.NumCards())
	for c := range out {
		out[c] = make([]int64, m.NumHolders())
	}
	for _, w := range bruteWorlds(p) {
		for c, h := range w {
			out[c][h]++
		}
	}
	return out
}

// bruteStatus is the status of every indicator: forced when true in every
// world, impossible when true in none. With no world at all every indicator
// is reported impossible.
func bruteStatus(p *Problem) [][]Status {
	m := p.Model()
	ws := bruteWorlds(p)
	marg := bruteMarginals(p)
	out := make([][]Status, m.NumCards())
	for c := range out {
		out[c] = make([]Status, m.NumHolders())
		for h := range out[c] {
			switch marg[c][h] {
			case 0:
				out[c][h] = Impossible
			case int64(len(ws)):
				out[c][h] = Forced
			default:
				out[c][h] = Open
			}
		}
	}
	return out
}

// bruteImplies reports whether every world of p satisfies f (vacuously true
// when p has no world).
func bruteImplies(p *Problem, f Fact) bool {
	for _, w := range bruteWorlds(p) {
		if (w[f.Card] == f.Holder) != f.Holds {
			return false
		}
	}
	return true
}

// bruteConsistent reports whether p has a world.
func bruteConsistent(p *Problem) bool { return len(bruteWorlds(p)) > 0 }

// randomProblem builds a small random problem: up to maxCards cards, up to
// maxHolders holders with exact or ranged sizes, some card restrictions, and
// a few observations of random linear constraints with ±1 coefficients,
// difference constraints and clauses. Some come out inconsistent, on
// purpose.
func randomProblem(rng *rand.Rand, maxCards, maxHolders int) *Problem {
	for {
		n := 1 + rng.IntN(maxCards)
		k := 1 + rng.IntN(maxHolders)
		cards := make([]string, n)
		for i := range cards {
			cards[i] = string(rune('a' + i))
		}
		// Deal a random world first so that sizes fit, then loosen some sizes.
		counts := make([]int, k)
		for i := 0; i < n; i++ {
			counts[rng.IntN(k)]++
		}
		holders := make([]HolderSpec, k)
		for h := range holders {
			s := Exactly(counts[h])
			if rng.IntN(4) == 0 {
				s.Min = max(0, s.Min-rng.IntN(2))
				s.Max += rng.IntN(2)
			}
			holders[h] = HolderSpec{Name: string(rune('A' + h)), Size: s}
		}
		m, err := NewModel(cards, holders)
		if err != nil {
			continue
		}
		for c := 0; c < n; c++ {
			if k > 1 && rng.IntN(6) == 0 {
				var hs []Holder
				for h := 0; h < k; h++ {
					if rng.IntN(2) == 0 {
						hs = append(hs, Holder(h))
					}
				}
				_ = m.Restrict(Card(c), hs...) // an empty restriction is refused: fine
			}
		}
		p := NewProblem(m)
		nobs := rng.IntN(6)
		for i := 0; i < nobs; i++ {
			o := Observation{Label: string(rune('0' + i))}
			nk := 1 + rng.IntN(2)
			for j := 0; j < nk; j++ {
				o.Constraints = append(o.Constraints, randomConstraint(rng, n, k))
			}
			if _, err := p.Add(o); err != nil {
				panic(err) // a bug in the generator, not in the code under test
			}
		}
		return p
	}
}

func randomLits(rng *rand.Rand, n, k, most int) []Lit {
	cnt := 1 + rng.IntN(most)
	lits := make([]Lit, cnt)
	for i := range lits {
		lits[i] = Lit{Card(rng.IntN(n)), Holder(rng.IntN(k))}
	}
	return lits
}

func randomConstraint(rng *rand.Rand, n, k int) Constraint {
	switch rng.IntN(4) {
	case 0: // a clause
		return Clause(randomLits(rng, n, k, 3), randomLits(rng, n, k, 2)[:rng.IntN(2)])
	case 1: // a difference: count(A) - count(B) <= 0
		a := randomLits(rng, n, k, 3)
		b := randomLits(rng, n, k, 3)
		t := make([]Term, 0, len(a)+len(b))
		for _, l := range a {
			t = append(t, Term{1, l})
		}
		for _, l := range b {
			t = append(t, Term{-1, l})
		}
		return Constraint{Terms: t, Op: Le, Bound: rng.IntN(2)}
	default: // a range count: one holder, several cards
		h := Holder(rng.IntN(k))
		cnt := 1 + rng.IntN(n)
		var lits []Lit
		for _, c := range rng.Perm(n)[:cnt] {
			lits = append(lits, Lit{Card(c), h})
		}
		return CountOf(lits, Op(rng.IntN(3)), rng.IntN(cnt+1))
	}
}
