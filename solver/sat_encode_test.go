package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
	"github.com/stretchr/testify/require"
)

// bareSAT is a SAT with only the constant true literal and n free
// variables, to test the constraint encoder on its own.
func bareSAT(n int) (*SAT, []z.Lit) {
	s := &SAT{giniSolver: giniSolver{g: gini.New()}}
	s.t = s.g.Lit()
	s.g.Add(s.t)
	s.g.Add(z.LitNull)
	s.bg = s.g.Lit()
	xs := make([]z.Lit, n)
	for i := range xs {
		xs[i] = s.g.Lit()
	}
	return s, xs
}

// pbHolds evaluates sum(coef * x) op k for the assignment bits.
func pbHolds(coefs []int, bits uint, op Op, k int) bool {
	sum := 0
	for i, c := range coefs {
		if bits&(1<<i) != 0 {
			sum += c
		}
	}
	switch op {
	case Le:
		return sum <= k
	case Ge:
		return sum >= k
	}
	return sum == k
}

// TestEncodeExact checks, for random constraints with weights up to
// MaxCoef, that the encoding admits exactly the assignments that satisfy
// the constraint: every assignment is tried under assumptions.
func TestEncodeExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		n := 1 + rng.IntN(6)
		coefs := make([]int, n)
		total := 0
		for j := range coefs {
			coefs[j] = 1 + rng.IntN(4)
			if rng.IntN(4) == 0 {
				coefs[j] = 1 + rng.IntN(MaxCoef)
			}
			total += coefs[j]
		}
		op := Op(rng.IntN(3))
		k := rng.IntN(total+3) - 1
		t.Run(fmt.Sprintf("%d:%v%v%d", i, coefs, op, k), func(t *testing.T) {
			s, xs := bareSAT(n)
			terms := make([]pbTerm, n)
			for j := range terms {
				terms[j] = pbTerm{coefs[j], xs[j]}
			}
			switch op {
			case Le:
				s.addLe(terms, k, s.bg)
			case Ge:
				s.addGe(terms, k, s.bg)
			default:
				s.addLe(terms, k, s.bg)
				s.addGe(terms, k, s.bg)
			}
			for bits := uint(0); bits < 1<<n; bits++ {
				as := []z.Lit{s.bg}
				for j := range n {
					if bits&(1<<j) == 0 {
						as = append(as, xs[j].Not())
					} else {
						as = append(as, xs[j])
					}
				}
				r, err := s.solve(t.Context(), as)
				require.NoError(t, err)
				require.Equal(t, pbHolds(coefs, bits, op, k), r == 1, "assignment %0*b", n, bits)
			}
		})
	}
}

// TestEncodePropagates checks that the encoding of a single <= or >=
// constraint is generalised arc consistent: under any partial assignment,
// unit propagation alone (gini's Test) sets every literal that only one
// value can complete, and finds the conflict when no completion exists.
// This is what makes the sheet's easy deductions cheap for the solver.
func TestEncodePropagates(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 300 {
		n := 1 + rng.IntN(6)
		coefs := make([]int, n)
		total := 0
		for j := range coefs {
			coefs[j] = 1 + rng.IntN(3)
			if rng.IntN(5) == 0 {
				coefs[j] = 1 + rng.IntN(MaxCoef)
			}
			total += coefs[j]
		}
		op := Le
		if rng.IntN(2) == 0 {
			op = Ge
		}
		k := rng.IntN(total + 1)
		t.Run(fmt.Sprintf("%d:%v%v%d", i, coefs, op, k), func(t *testing.T) {
			s, xs := bareSAT(n)
			terms := make([]pbTerm, n)
			for j := range terms {
				terms[j] = pbTerm{coefs[j], xs[j]}
			}
			if op == Le {
				s.addLe(terms, k, s.bg)
			} else {
				s.addGe(terms, k, s.bg)
			}
			// Every partial assignment: each variable unset, false or true.
			pow := 1
			for range n {
				pow *= 3
			}
			for code := range pow {
				vals := make([]int, n) // 0 unset, 1 false, 2 true
				as := []z.Lit{s.bg}
				for j, c := 0, code; j < n; j, c = j+1, c/3 {
					vals[j] = c % 3
					switch vals[j] {
					case 1:
						as = append(as, xs[j].Not())
					case 2:
						as = append(as, xs[j])
					}
				}
				// What completions allow.
				can := make([][2]bool, n) // can[j][v]: some completion has x_j = v
				any := false
				for bits := uint(0); bits < 1<<n; bits++ {
					ok := true
					for j := range n {
						b := bits&(1<<j) != 0
						if vals[j] == 1 && b || vals[j] == 2 && !b {
							ok = false
						}
					}
					if !ok || !pbHolds(coefs, bits, op, k) {
						continue
					}
					any = true
					for j := range n {
						if bits&(1<<j) != 0 {
							can[j][1] = true
						} else {
							can[j][0] = true
						}
					}
				}
				s.g.Assume(as...)
				res, out := s.g.Test(make([]z.Lit, 0, 64))
				if !any {
					require.Equal(t, -1, res, "no completion of %v, but propagation finds no conflict", vals)
					s.g.Untest()
					continue
				}
				require.NotEqual(t, -1, res, "propagation finds a conflict in %v, which has a completion", vals)
				set := map[z.Lit]bool{}
				for _, m := range out {
					set[m] = true
				}
				for j := range n {
					if vals[j] != 0 {
						continue
					}
					if !can[j][0] {
						require.True(t, set[xs[j]], "under %v, x%d must be true but is not propagated", vals, j)
					}
					if !can[j][1] {
						require.True(t, set[xs[j].Not()], "under %v, x%d must be false but is not propagated", vals, j)
					}
				}
				s.g.Untest()
			}
		})
	}
}

// TestEncodeShapes checks which constraints are written without auxiliary
// variables: an observation then costs its activation literal only.
func TestEncodeShapes(t *testing.T) {
	m, err := NewModel([]string{"a", "b", "c", "d"}, []HolderSpec{{"X", Exactly(2)}, {"Y", Exactly(2)}})
	if err != nil {
		t.Fatal(err)
	}
	lits := []Lit{{0, 0}, {1, 0}, {2, 1}}
	tests := []struct {
		name string
		k    Constraint
		aux  bool // needs BDD variables
	}{
		{"clause of positives", Clause(lits, nil), false},
		{"clause with negatives", Clause(lits[:2], lits[2:]), false},
		{"not all of these (at most n-1)", CountOf(lits, Le, 2), false},
		{"none of these (at most 0)", CountOf(lits, Le, 0), false},
		{"all of these (at least n)", CountOf(lits, Ge, 3), false},
		{"trivial (at most n)", CountOf(lits, Le, 3), false},
		{"weighted clause: any one term reaches the bound", Constraint{Terms: []Term{{5, lits[0]}, {7, lits[1]}}, Op: Ge, Bound: 5}, false},
		{"exactly one of three", CountOf(lits, Eq, 1), true},
		{"at most 1 of 3", CountOf(lits, Le, 1), true},
		{"a difference", Constraint{Terms: []Term{{1, lits[0]}, {1, lits[1]}, {-1, lits[2]}}, Op: Le, Bound: 0}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := NewProblem(m)
			s := NewSAT(p)
			before := s.g.MaxVar()
			if _, err := p.Add(Observation{Label: tc.name, Constraints: []Constraint{tc.k}}); err != nil {
				t.Fatal(err)
			}
			s.sync()
			added := int(s.g.MaxVar() - before)
			if tc.aux && added <= 1 {
				t.Errorf("expected auxiliary variables, got %d variable(s)", added)
			}
			if !tc.aux && added != 1 {
				t.Errorf("expected the activation literal only, got %d variables", added)
			}
		})
	}
}
