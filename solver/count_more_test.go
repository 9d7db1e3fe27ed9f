package solver

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// multinomial is n! / prod(k!) in math/big: an independent oracle for
// problems without observations.
func multinomial(ks ...int) *big.Int {
	n := 0
	for _, k := range ks {
		n += k
	}
	out := new(big.Int).MulRange(1, int64(max(n, 1)))
	for _, k := range ks {
		if k > 1 {
			out.Quo(out, new(big.Int).MulRange(1, int64(k)))
		}
	}
	return out
}

func namedModel(t *testing.T, ncards int, sizes ...Size) *Model {
	t.Helper()
	cards := make([]string, ncards)
	for i := range cards {
		cards[i] = fmt.Sprintf("c%d", i)
	}
	hs := make([]HolderSpec, len(sizes))
	for i, s := range sizes {
		hs[i] = HolderSpec{Name: fmt.Sprintf("h%d", i), Size: s}
	}
	m, err := NewModel(cards, hs)
	require.NoError(t, err)
	return m
}

// TestCounterBigCounts checks counts beyond uint64 (the exact math/big path)
// against closed forms.
func TestCounterBigCounts(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		build func(t *testing.T) *Problem
		want  *big.Int
		// wantMarg is the expected count of card 0 with holder 0.
		wantMarg *big.Int
	}{
		{
			name: "40 cards in four hands of 10, no observation",
			build: func(t *testing.T) *Problem {
				return NewProblem(namedModel(t, 40, Exactly(10), Exactly(10), Exactly(10), Exactly(10)))
			},
			want:     multinomial(10, 10, 10, 10),
			wantMarg: multinomial(9, 10, 10, 10),
		},
		{
			name: "card 0 with holder 0 or 1, card 1 known with holder 2",
			build: func(t *testing.T) *Problem {
				p := NewProblem(namedModel(t, 40, Exactly(10), Exactly(10), Exactly(10), Exactly(10)))
				_, err := p.Add(Observation{Label: "a", Constraints: []Constraint{
					CountOf([]Lit{{0, 0}, {0, 1}}, Eq, 1), Holds(1, 2)}})
				require.NoError(t, err)
				return p
			},
			// card 0 in h0 or h1, card 1 in h2: 2 * 38!/(9! 10! 9! 10!)
			want:     new(big.Int).Mul(big.NewInt(2), multinomial(9, 10, 9, 10)),
			wantMarg: multinomial(9, 10, 9, 10),
		},
		{
			name: "70 cards in seven hands of 10",
			build: func(t *testing.T) *Problem {
				s := Exactly(10)
				return NewProblem(namedModel(t, 70, s, s, s, s, s, s, s))
			},
			want:     multinomial(10, 10, 10, 10, 10, 10, 10),
			wantMarg: multinomial(9, 10, 10, 10, 10, 10, 10),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCounter(tc.build(t))
			n, err := c.Count(ctx)
			require.NoError(t, err)
			require.Zero(t, tc.want.Cmp(n), "count %v, want %v", n, tc.want)
			require.False(t, n.IsUint64(), "the case must overflow uint64")
			m, err := c.Marginals(ctx)
			require.NoError(t, err)
			require.Zero(t, tc.want.Cmp(m.Total))
			require.Zero(t, tc.wantMarg.Cmp(m.Count(0, 0)), "marginal %v, want %v", m.Count(0, 0), tc.wantMarg)
			w, err := c.Sample(ctx, rand.New(rand.NewPCG(3, 4)))
			require.NoError(t, err)
			v, deal := c.p.Check(w)
			require.True(t, deal)
			require.Nil(t, v)
		})
	}
}

// TestCounterAgreesWithSAT checks, on random problems too large for brute
// force, that the two engines agree: no world exactly when the SAT engine
// finds the problem inconsistent, and a marginal equal to the total (zero)
// exactly when the SAT engine says forced (impossible).
func TestCounterAgreesWithSAT(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	n := 300
	if *longCount {
		n = 5000
	}
	consistent := 0
	for i := 0; i < n; i++ {
		p := randomCountProblem(rng, 14, 5)
		c := NewCounter(p)
		s := NewSAT(p)
		m, err := c.Marginals(ctx)
		require.NoError(t, err)
		require.Equal(t, m.Total.Sign() > 0, isConsistent(t, s), "instance %d:\n%s", i, describeCount(p))
		if m.Total.Sign() == 0 {
			continue
		}
		consistent++
		sh, err := s.Sheet(ctx)
		require.NoError(t, err)
		for card := 0; card < p.Model().NumCards(); card++ {
			for h := 0; h < p.Model().NumHolders(); h++ {
				v := m.Count(Card(card), Holder(h))
				want := Open
				switch {
				case v.Sign() == 0:
					want = Impossible
				case v.Cmp(m.Total) == 0:
					want = Forced
				}
				require.Equal(t, want, sh.Status(Card(card), Holder(h)), "card %d holder %d", card, h)
			}
		}
	}
	require.Greater(t, consistent, n/5)
}

// TestCounterAgreesWithWorlds counts medium problems both ways: the counter
// and the SAT engine's enumeration of every world.
func TestCounterAgreesWithWorlds(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 40; i++ {
		p := randomCountProblem(rng, 12, 4)
		n, err := NewCounter(p).Count(ctx)
		require.NoError(t, err)
		if n.Cmp(big.NewInt(20000)) > 0 {
			continue // enumeration would be slow
		}
		cnt := int64(0)
		for range NewSAT(p).Worlds(ctx) {
			cnt++
		}
		require.Equal(t, cnt, n.Int64(), "instance %d", i)
	}
}

// chiSquareCritical is the upper 0.1% point of the chi-square distribution
// with k degrees of freedom (Wilson-Hilferty; accurate to a few percent for
// k >= 10, and the test uses k in the hundreds).
func chiSquareCritical(k int) float64 {
	const z = 3.0902 // upper 0.1% point of the standard normal
	f := float64(k)
	a := 2 / (9 * f)
	return f * math.Pow(1-a+z*math.Sqrt(a), 3)
}

// TestSampleUniform draws many samples from small problems whose worlds are
// listed by brute force and checks the frequencies with a chi-square test
// at the 0.1% level (fixed seeds: the test is deterministic). The problems
// have interchangeable cards and a constraint spanning two holders, so every
// step of the sampler is exercised.
func TestSampleUniform(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		build func(t *testing.T) *Problem
	}{
		{"three hands of 2 and an envelope of 2, one clause across holders", func(t *testing.T) *Problem {
			p := NewProblem(namedModel(t, 8, Exactly(2), Exactly(2), Exactly(2), Exactly(2)))
			_, err := p.Add(Observation{Label: "not (c0 with h3 and c1 with h3 and c2 with h0)",
				Constraints: []Constraint{Clause(nil, []Lit{{0, 3}, {1, 3}, {2, 0}})}})
			require.NoError(t, err)
			_, err = p.Add(Observation{Label: "h1 has one of c3 c4 c5",
				Constraints: []Constraint{CountOf([]Lit{{3, 1}, {4, 1}, {5, 1}}, Ge, 1)}})
			require.NoError(t, err)
			return p
		}},
		{"ranged sizes and a difference", func(t *testing.T) *Problem {
			p := NewProblem(namedModel(t, 7, Between(1, 3), Exactly(2), Between(1, 4)))
			_, err := p.Add(Observation{Label: "h0 has no more of c0 c1 than of c2 c3",
				Constraints: []Constraint{{Terms: []Term{{1, Lit{0, 0}}, {1, Lit{1, 0}}, {-1, Lit{2, 0}}, {-1, Lit{3, 0}}}, Op: Le, Bound: 0}}})
			require.NoError(t, err)
			return p
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.build(t)
			ws := bruteWorlds(p)
			W := len(ws)
			require.Greater(t, W, 50)
			index := map[string]int{}
			for i, w := range ws {
				index[fmt.Sprint(w)] = i
			}
			c := NewCounter(p)
			n, err := c.Count(ctx)
			require.NoError(t, err)
			require.Equal(t, int64(W), n.Int64())
			rng := rand.New(rand.NewPCG(11, 12))
			const per = 100
			N := per * W
			freq := make([]int, W)
			for i := 0; i < N; i++ {
				w, err := c.Sample(ctx, rng)
				require.NoError(t, err)
				k, ok := index[fmt.Sprint(w)]
				require.True(t, ok, "sampled %v is not a world", w)
				freq[k]++
			}
			chi := 0.0
			for _, f := range freq {
				d := float64(f - per)
				chi += d * d / per
			}
			crit := chiSquareCritical(W - 1)
			t.Logf("%d worlds, %d samples, chi-square %.1f (0.1%% critical value %.1f)", W, N, chi, crit)
			require.Less(t, chi, crit)
		})
	}
}

// TestCounterNoWorld checks every query on a problem with no world.
func TestCounterNoWorld(t *testing.T) {
	ctx := context.Background()
	p := NewProblem(namedModel(t, 3, Exactly(1), Exactly(2)))
	_, err := p.Add(Observation{Label: "h0 has two", Constraints: []Constraint{CountOf([]Lit{{0, 0}, {1, 0}, {2, 0}}, Ge, 2)}})
	require.NoError(t, err)
	c := NewCounter(p)
	n, err := c.Count(ctx)
	require.NoError(t, err)
	require.Zero(t, n.Sign())
	m, err := c.Marginals(ctx)
	require.NoError(t, err)
	require.Zero(t, m.Total.Sign())
	require.Zero(t, m.Prob(0, 0).Sign())
	j, err := c.Joint(ctx, []Card{0, 1})
	require.NoError(t, err)
	require.Empty(t, j)
	cc, err := c.Contents(ctx, 0)
	require.NoError(t, err)
	require.Empty(t, cc)
	ch, err := c.ContentsAndHolder(ctx, 0, func([]Card) (Card, bool) { return 0, true })
	require.NoError(t, err)
	require.Empty(t, ch)
	_, err = c.Sample(ctx, rand.New(rand.NewPCG(1, 1)))
	require.ErrorIs(t, err, ErrInconsistent)
}

// TestCounterBadInput checks that bad arguments give errors, not panics.
func TestCounterBadInput(t *testing.T) {
	ctx := context.Background()
	c := NewCounter(NewProblem(namedModel(t, 3, Exactly(1), Exactly(2))))
	_, err := c.Joint(ctx, []Card{0, 7})
	require.Error(t, err)
	_, err = c.Contents(ctx, 5)
	require.Error(t, err)
	_, err = c.ContentsAndHolder(ctx, -2, func([]Card) (Card, bool) { return 0, false })
	require.Error(t, err)
	_, err = c.ContentsAndHolder(ctx, 0, func([]Card) (Card, bool) { return 9, true })
	require.Error(t, err)
	m, err := c.Marginals(ctx)
	require.NoError(t, err)
	require.Zero(t, m.Count(9, 0).Sign())
	require.Zero(t, m.Count(0, -1).Sign())
}

// TestCounterCancelled checks that a cancelled context stops the work.
func TestCounterCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := NewCounter(NewProblem(namedModel(t, 30, Exactly(10), Exactly(10), Exactly(10))))
	_, err := c.Count(ctx)
	require.True(t, errors.Is(err, context.Canceled), "got %v", err)
	_, err = c.Contents(ctx, 0)
	require.True(t, errors.Is(err, context.Canceled), "got %v", err)
}

// TestContentsTooMany checks that listing a huge holder's contents is
// refused rather than attempted.
func TestContentsTooMany(t *testing.T) {
	c := NewCounter(NewProblem(namedModel(t, 60, Exactly(30), Exactly(30))))
	_, err := c.Contents(context.Background(), 0)
	require.Error(t, err)
}

// TestCounterConcurrent uses one counter from several goroutines (run with
// -race), and checks that changing a returned number does not change the
// counter's later answers.
func TestCounterConcurrent(t *testing.T) {
	ctx := context.Background()
	p := NewProblem(namedModel(t, 8, Exactly(2), Exactly(3), Exactly(3)))
	_, err := p.Add(Observation{Label: "a", Constraints: []Constraint{Clause([]Lit{{0, 0}, {1, 1}}, nil)}})
	require.NoError(t, err)
	c := NewCounter(p)
	want := bruteCount(p)
	done := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			m, err := c.Marginals(ctx)
			if err == nil && m.Total.Cmp(want) != 0 {
				err = fmt.Errorf("total %v, want %v", m.Total, want)
			}
			if err == nil {
				_, err = c.ContentsAndHolder(ctx, 0, func(cs []Card) (Card, bool) { return 2, true })
			}
			if err == nil {
				_, err = c.Sample(ctx, rand.New(rand.NewPCG(uint64(g), 1)))
			}
			done <- err
		}()
	}
	for g := 0; g < 8; g++ {
		require.NoError(t, <-done)
	}
	m, err := c.Marginals(ctx)
	require.NoError(t, err)
	m.Total.SetInt64(-1)
	cont, err := c.Contents(ctx, 0)
	require.NoError(t, err)
	cont[0].Count.SetInt64(-1)
	m2, err := c.Marginals(ctx)
	require.NoError(t, err)
	require.Zero(t, m2.Total.Cmp(want))
	cont2, err := c.Contents(ctx, 0)
	require.NoError(t, err)
	require.Positive(t, cont2[0].Count.Sign())
}

// TestCounterRelease checks that a released counter drops its graphs and
// answers as before.
func TestCounterRelease(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 10))
	for range 50 {
		p := randomCountProblem(rng, 8, 4)
		c := NewCounter(p)
		m1, err := c.Marginals(ctx)
		require.NoError(t, err)
		c.Release()
		for _, pc := range c.parts {
			graphs, passes := pc.Kept()
			require.Zero(t, graphs)
			require.Zero(t, passes)
		}
		m2, err := c.Marginals(ctx)
		require.NoError(t, err)
		require.Zero(t, m1.Total.Cmp(m2.Total))
		require.Equal(t, fmt.Sprint(m1.counts), fmt.Sprint(m2.counts))
	}
}

// TestMetConstraintDropped checks that a constraint across holders that
// propagation leaves always met (a failed Deduce or Die accusation once one
// of its cards is seen elsewhere) no longer tells cards apart: the graph
// carries no sum for it and has one cell for the cards it named, and the
// counts still equal brute force.
func TestMetConstraintDropped(t *testing.T) {
	m := namedModel(t, 6, Exactly(2), Exactly(2), Exactly(2))
	p := NewProblem(m)
	// Not (c0 with h0 and c1 with h1 and c2 with h2) ...
	_, err := p.Add(Observation{Label: "clause", Constraints: []Constraint{Clause(nil, []Lit{{0, 0}, {1, 1}, {2, 2}})}})
	require.NoError(t, err)
	// ... and c0 is seen with h1: the clause is met whatever happens.
	_, err = p.Add(Observation{Label: "seen", Constraints: []Constraint{Holds(0, 1)}})
	require.NoError(t, err)
	g, err := count.Compile(context.Background(), countInput(p, 0))
	require.NoError(t, err)
	require.Zero(t, g.CrossConstraints())
	require.Len(t, g.CellSizes(), 1, "the five free cards are interchangeable")
	c := NewCounter(p)
	n, err := c.Count(context.Background())
	require.NoError(t, err)
	require.Equal(t, bruteCount(p).String(), n.String())
	marg, err := c.Marginals(context.Background())
	require.NoError(t, err)
	want := bruteMarginals(p)
	for card := range 6 {
		for h := range 3 {
			require.Equal(t, want[card][h], marg.Count(Card(card), Holder(h)).Int64(), "c%d h%d", card, h)
		}
	}
}

// TestSumMarginals splits random problems in two by where one card is (with
// holder 0 or not) and checks that the parts' marginals add up to the
// whole's.
func TestSumMarginals(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	for it := range 200 {
		p := randomProblem(rng, 7, 4)
		in, out := p.Clone(), p.Clone()
		_, err := in.Add(Observation{Label: "in", Constraints: []Constraint{Holds(0, 0)}})
		require.NoError(t, err)
		_, err = out.Add(Observation{Label: "out", Constraints: []Constraint{NotHolds(0, 0)}})
		require.NoError(t, err)
		var ms []*Marginals
		for _, q := range []*Problem{in, out} {
			m, err := NewCounter(q).Marginals(ctx)
			require.NoError(t, err)
			ms = append(ms, m)
		}
		sum, err := SumMarginals(ms...)
		require.NoError(t, err)
		whole, err := NewCounter(p).Marginals(ctx)
		require.NoError(t, err)
		require.Equal(t, whole.Total.String(), sum.Total.String(), "instance %d", it)
		for c := range Card(p.Model().NumCards()) {
			for h := range Holder(p.Model().NumHolders()) {
				require.Equal(t, whole.Count(c, h).String(), sum.Count(c, h).String(), "instance %d: card %d holder %d", it, c, h)
			}
		}
	}
	_, err := SumMarginals()
	require.Error(t, err)
	a, err := NewCounter(NewProblem(namedModel(t, 2, Exactly(1), Exactly(1)))).Marginals(ctx)
	require.NoError(t, err)
	b, err := NewCounter(NewProblem(namedModel(t, 3, Exactly(1), Exactly(2)))).Marginals(ctx)
	require.NoError(t, err)
	_, err = SumMarginals(a, b)
	require.Error(t, err)
}
