package solver

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// satLong turns on the long property run: go test ./solver -run SAT -sat.long
var satLong = flag.Bool("sat.long", false, "run the long SAT property tests (tens of thousands of random problems)")

// satSizes are the random problem shapes of the property run: how many
// problems of at most cards cards and holders holders. Brute force costs
// holders^cards worlds, so most problems are small and a few are large.
type satSize struct{ n, cards, holders int }

func satSizes() []satSize {
	if *satLong {
		return []satSize{{20000, 6, 4}, {8000, 8, 4}, {1500, 10, 4}, {4000, 7, 6}, {1000, 4, 10}}
	}
	// 3 cards and up to 10 holders: a card with more than 8 allowed holders
	// takes the BDD form of "at most one holder".
	return []satSize{{1500, 6, 4}, {450, 8, 4}, {50, 10, 4}, {150, 6, 6}, {100, 3, 10}}
}

// worldKey is a world as a comparable string.
func worldKey(w World) string { return fmt.Sprint([]Holder(w)) }

// checkSAT compares every answer of the SAT engine on p with brute force.
func checkSAT(t *testing.T, rng *rand.Rand, p *Problem) {
	t.Helper()
	ctx := context.Background()
	m := p.Model()
	s := NewSAT(p)
	want := bruteWorlds(p)
	consistent := len(want) > 0
	require.Equal(t, consistent, isConsistent(t, s), "Consistent")

	// Worlds: exactly the brute-force worlds, each once.
	wantSet := map[string]bool{}
	for _, w := range want {
		wantSet[worldKey(w)] = true
	}
	got := map[string]bool{}
	for w := range s.Worlds(ctx) {
		k := worldKey(w)
		require.False(t, got[k], "world %s yielded twice", k)
		require.True(t, wantSet[k], "world %s is not a world of the problem", k)
		got[k] = true
	}
	require.Equal(t, len(wantSet), len(got), "Worlds misses some worlds")

	// Sheet.
	sh, err := s.Sheet(ctx)
	if !consistent {
		require.ErrorIs(t, err, ErrInconsistent)
		require.Nil(t, sh)
	} else {
		require.NoError(t, err)
		st := bruteStatus(p)
		for c := range m.NumCards() {
			for h := range m.NumHolders() {
				require.Equal(t, st[c][h], sh.Status(Card(c), Holder(h)), "status of card %d holder %d", c, h)
			}
		}
	}

	// Conflict.
	conf, err := s.Conflict(ctx)
	require.NoError(t, err)
	if consistent {
		require.Nil(t, conf)
	} else {
		require.NotNil(t, conf)
		require.True(t, slices.IsSorted(conf))
		require.False(t, bruteConsistent(p.Subset(conf)), "conflict %v is consistent", conf)
		for i := range conf {
			less := slices.Delete(slices.Clone(conf), i, i+1)
			require.True(t, bruteConsistent(p.Subset(less)), "conflict %v is not minimal: %v is inconsistent too", conf, less)
		}
	}

	// Implies and Why on a few facts.
	for range 4 {
		f := Fact{Card(rng.IntN(m.NumCards())), Holder(rng.IntN(m.NumHolders())), rng.IntN(2) == 0}
		implied := bruteImplies(p, f)
		require.Equal(t, implied, isImplied(t, s, f), "Implies(%v)", f)
		ids, err := s.Why(ctx, f)
		switch {
		case !consistent:
			require.ErrorIs(t, err, ErrInconsistent)
		case !implied:
			require.ErrorIs(t, err, ErrNotImplied)
		default:
			require.NoError(t, err)
			require.NotNil(t, ids)
			require.True(t, slices.IsSorted(ids))
			require.True(t, bruteImplies(p.Subset(ids), f), "Why(%v) = %v does not imply it", f, ids)
			for i := range ids {
				less := slices.Delete(slices.Clone(ids), i, i+1)
				require.False(t, bruteImplies(p.Subset(less), f), "Why(%v) = %v is not minimal: %v implies it too", f, ids, less)
			}
		}
	}
}

// TestSATAgainstBruteForce checks every engine answer on thousands of random
// small problems, ±1 constraints and weighted ones, against the naive
// oracle.
func TestSATAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	total := 0
	for _, sz := range satSizes() {
		for i := range sz.n {
			p := randomProblem(rng, sz.cards, sz.holders)
			if i%3 == 0 {
				addWeighted(rng, p)
			}
			ok := t.Run(fmt.Sprintf("%dx%d/%d", sz.cards, sz.holders, i), func(t *testing.T) {
				checkSAT(t, rng, p)
			})
			if !ok {
				t.Logf("failing problem:\n%s", describe(p))
				return
			}
			total++
		}
	}
	t.Logf("%d random problems checked", total)
}

// addWeighted adds one or two observations of constraints with coefficients
// beyond ±1, repeated literals and all three relations, keeping most of them
// satisfiable by building them around a random deal.
func addWeighted(rng *rand.Rand, p *Problem) {
	m := p.Model()
	n, k := m.NumCards(), m.NumHolders()
	for i := range 1 + rng.IntN(2) {
		var ts []Term
		for range 1 + rng.IntN(5) {
			c := 1 + rng.IntN(MaxCoef)
			if rng.IntN(3) > 0 {
				c = 1 + rng.IntN(4)
			}
			if rng.IntN(3) == 0 {
				c = -c
			}
			ts = append(ts, Term{c, Lit{Card(rng.IntN(n)), Holder(rng.IntN(k))}})
		}
		// A bound near the sum of a random subset of the terms.
		b := 0
		for _, t := range ts {
			if rng.IntN(2) == 0 {
				b += t.Coef
			}
		}
		b += rng.IntN(3) - 1
		o := Observation{Label: fmt.Sprintf("w%d", i), Constraints: []Constraint{{Terms: ts, Op: Op(rng.IntN(3)), Bound: b}}}
		if _, err := p.Add(o); err != nil {
			panic(err)
		}
	}
}

// describe writes p for a failure message.
func describe(p *Problem) string {
	m := p.Model()
	s := ""
	for h := range m.NumHolders() {
		s += fmt.Sprintf("holder %s size %v\n", m.HolderName(Holder(h)), m.HolderSize(Holder(h)))
	}
	for c := range m.NumCards() {
		var hs []int
		for h := range m.NumHolders() {
			if m.Allowed(Card(c), Holder(h)) {
				hs = append(hs, h)
			}
		}
		s += fmt.Sprintf("card %s allowed %v\n", m.CardName(Card(c)), hs)
	}
	for i, o := range p.Observations() {
		s += fmt.Sprintf("obs %d %q: %+v\n", i, o.Label, o.Constraints)
	}
	return s
}

// TestSATErrors covers bad input and the error results.
func TestSATErrors(t *testing.T) {
	ctx := context.Background()
	m, err := NewModel([]string{"a", "b"}, []HolderSpec{{"X", Exactly(1)}, {"Y", Exactly(1)}})
	require.NoError(t, err)
	p := NewProblem(m)
	s := NewSAT(p)

	t.Run("unknown card or holder", func(t *testing.T) {
		for _, f := range []Fact{{5, 0, true}, {0, 5, true}, {-1, 0, false}, {0, -1, false}} {
			_, err := s.Implies(ctx, f)
			require.Error(t, err, "Implies(%v)", f)
			_, err = s.Why(ctx, f)
			require.Error(t, err)
		}
	})
	t.Run("not implied", func(t *testing.T) {
		_, err := s.Why(ctx, Fact{0, 0, true})
		require.ErrorIs(t, err, ErrNotImplied)
	})
	t.Run("sheet of unknown pair", func(t *testing.T) {
		sh, err := s.Sheet(ctx)
		require.NoError(t, err)
		require.Equal(t, Impossible, sh.Status(9, 0))
		require.Equal(t, Impossible, sh.Status(0, -1))
		require.Equal(t, Open, sh.Status(0, 0))
	})
	t.Run("cancelled context", func(t *testing.T) {
		c, cancel := context.WithCancel(ctx)
		cancel()
		_, err := s.Sheet(c)
		require.ErrorIs(t, err, context.Canceled)
		_, err = s.Conflict(c)
		require.ErrorIs(t, err, context.Canceled)
		_, err = s.Consistent(c)
		require.ErrorIs(t, err, context.Canceled)
		_, err = s.Implies(c, Fact{0, 0, true})
		require.ErrorIs(t, err, context.Canceled)
		n := 0
		for range s.Worlds(c) {
			n++
		}
		require.Zero(t, n)
	})
	t.Run("observations added later are seen", func(t *testing.T) {
		q := p.Clone()
		sq := NewSAT(q)
		require.False(t, isImplied(t, sq, Fact{0, 0, true}))
		_, err := q.Add(Observation{Label: "a with X", Constraints: []Constraint{Holds(0, 0)}})
		require.NoError(t, err)
		require.True(t, isImplied(t, sq, Fact{1, 1, true}))
		ids, err := sq.Why(ctx, Fact{1, 1, true})
		require.NoError(t, err)
		require.Equal(t, []int{0}, ids)
		_, err = q.Add(Observation{Label: "b with X", Constraints: []Constraint{Holds(1, 0)}})
		require.NoError(t, err)
		require.False(t, isConsistent(t, sq))
		ids, err = sq.Conflict(ctx)
		require.NoError(t, err)
		require.Equal(t, []int{0, 1}, ids)
		_, err = sq.Why(ctx, Fact{1, 1, true})
		require.ErrorIs(t, err, ErrInconsistent)
	})
}

// TestSATEdges covers shapes the random problems rarely produce.
func TestSATEdges(t *testing.T) {
	ctx := context.Background()
	m, err := NewModel([]string{"a", "b", "c"}, []HolderSpec{{"X", Exactly(1)}, {"Y", Between(1, 2)}, {"Z", Between(0, 1)}})
	require.NoError(t, err)
	require.NoError(t, m.Restrict(0, 0, 1))

	t.Run("an observation impossible on its own is a conflict by itself", func(t *testing.T) {
		p := NewProblem(m)
		_, err := p.Add(Observation{Label: "fine", Constraints: []Constraint{Holds(1, 1)}})
		require.NoError(t, err)
		// Card a may not go to Z: the constraint reads 0 = 1.
		_, err = p.Add(Observation{Label: "a with Z", Constraints: []Constraint{Holds(0, 2)}})
		require.NoError(t, err)
		ids, err := NewSAT(p).Conflict(ctx)
		require.NoError(t, err)
		require.Equal(t, []int{1}, ids)
	})
	t.Run("an observation with no constraint changes nothing", func(t *testing.T) {
		p := NewProblem(m)
		_, err := p.Add(Observation{Label: "nothing"})
		require.NoError(t, err)
		s := NewSAT(p)
		require.True(t, isConsistent(t, s))
		require.Equal(t, len(bruteWorlds(p)), countWorlds(s.Worlds(ctx)))
	})
	t.Run("stopping Worlds early", func(t *testing.T) {
		s := NewSAT(NewProblem(m))
		n := 0
		for range s.Worlds(ctx) {
			n++
			if n == 2 {
				break
			}
		}
		require.Equal(t, 2, n)
		// The engine is unchanged: all worlds are still there.
		require.Equal(t, len(bruteWorlds(NewProblem(m))), countWorlds(s.Worlds(ctx)))
	})
	t.Run("the same engine answers again after a conflict is fixed elsewhere", func(t *testing.T) {
		p := NewProblem(m)
		s := NewSAT(p)
		_, err := p.Add(Observation{Label: "b with X", Constraints: []Constraint{Holds(1, 0)}})
		require.NoError(t, err)
		require.True(t, isConsistent(t, s))
		require.True(t, isImplied(t, s, Fact{0, 1, true}))
		// A copy with a contradicting observation does not disturb s.
		q := p.Clone()
		_, err = q.Add(Observation{Label: "c with X", Constraints: []Constraint{Holds(2, 0)}})
		require.NoError(t, err)
		require.False(t, isConsistent(t, NewSAT(q)))
		require.True(t, isConsistent(t, s))
	})
}

func countWorlds(seq func(func(World) bool)) int {
	n := 0
	for range seq {
		n++
	}
	return n
}

// TestSATBackground checks that the model's structure is never named: a
// fact the model alone implies has an empty reason, and a model with no deal
// has an empty conflict.
func TestSATBackground(t *testing.T) {
	ctx := context.Background()
	m, err := NewModel([]string{"a", "b", "c"}, []HolderSpec{{"X", Exactly(1)}, {"Y", Between(0, 2)}})
	require.NoError(t, err)
	require.NoError(t, m.Restrict(0, 0))
	p := NewProblem(m)
	_, err = p.Add(Observation{Label: "b with Y", Constraints: []Constraint{Holds(1, 1)}})
	require.NoError(t, err)
	s := NewSAT(p)
	ids, err := s.Why(ctx, Fact{2, 1, true})
	require.NoError(t, err)
	require.NotNil(t, ids)
	require.Empty(t, ids, "card a is restricted to X, which has room for one card only")

	_, err = p.Add(Observation{Label: "c with X", Constraints: []Constraint{Holds(2, 0)}})
	require.NoError(t, err)
	ids, err = s.Conflict(ctx)
	require.NoError(t, err)
	require.Equal(t, []int{1}, ids)

	// Two cards restricted to a holder of one.
	m2, err := NewModel([]string{"a", "b"}, []HolderSpec{{"X", Exactly(1)}, {"Y", Exactly(1)}})
	require.NoError(t, err)
	require.NoError(t, m2.Restrict(0, 0))
	require.NoError(t, m2.Restrict(1, 0))
	p2 := NewProblem(m2)
	_, err = p2.Add(Observation{Label: "nothing", Constraints: nil})
	require.NoError(t, err)
	s2 := NewSAT(p2)
	require.False(t, isConsistent(t, s2))
	ids, err = s2.Conflict(ctx)
	require.NoError(t, err)
	require.NotNil(t, ids)
	require.Empty(t, ids)
}

// FuzzSAT checks the engine against brute force on problems generated from
// the fuzzer's seed: go test ./solver -run '^$' -fuzz FuzzSAT. The seed
// corpus runs in every go test.
func FuzzSAT(f *testing.F) {
	for _, seed := range []uint64{0, 1, 7, 42, 1 << 40} {
		f.Add(seed, uint8(6), uint8(4))
	}
	f.Add(uint64(3), uint8(3), uint8(10))
	f.Fuzz(func(t *testing.T, seed uint64, cards, holders uint8) {
		// Keep brute force small: at most 4^8 or 10^4 worlds.
		n := 1 + int(cards)%8
		k := 1 + int(holders)%10
		if k > 4 {
			n = min(n, 4)
		}
		rng := rand.New(rand.NewPCG(seed, uint64(n)<<8|uint64(k)))
		p := randomProblem(rng, n, k)
		if seed%3 == 0 {
			addWeighted(rng, p)
		}
		checkSAT(t, rng, p)
	})
}

// isConsistent is s.Consistent, which must not fail.
func isConsistent(t *testing.T, s *SAT) bool {
	t.Helper()
	ok, err := s.Consistent(context.Background())
	require.NoError(t, err)
	return ok
}

// isImplied is s.Implies(f), which must not fail.
func isImplied(t *testing.T, s *SAT, f Fact) bool {
	t.Helper()
	ok, err := s.Implies(context.Background(), f)
	require.NoError(t, err)
	return ok
}
