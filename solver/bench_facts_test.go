package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// deduceOrDie6 builds a problem the size of a six-player Deduce or Die game
// seen from the first seat: the 27 cards A-9 of Spades, Hearts and Clubs,
// six players of four cards, two evidence cards and one exposed card. From
// a seeded random deal it adds the seat's own hand, the exposed card, and
// nq interrogation answers ("player P has k cards in this range", k the
// true count) over ranges of 3 to 9 cards as the game forms them: a run of
// one suit (wrapping from 9 to A) or one to three ranks across all suits.
// It also returns the deal.
func deduceOrDie6(seed uint64, nq int) (*Problem, World) {
	rng := rand.New(rand.NewPCG(seed, 27))
	const ranks = "A23456789"
	suits := []string{"S", "H", "C"}
	var cards []string
	for _, s := range suits {
		for _, r := range ranks {
			cards = append(cards, string(r)+s)
		}
	}
	card := func(suit, rank int) Card { return Card(suit*9 + rank%9) }
	holders := []HolderSpec{
		{"P1", Exactly(4)}, {"P2", Exactly(4)}, {"P3", Exactly(4)},
		{"P4", Exactly(4)}, {"P5", Exactly(4)}, {"P6", Exactly(4)},
		{"evidence", Exactly(2)}, {"exposed", Exactly(1)},
	}
	m, err := NewModel(cards, holders)
	if err != nil {
		panic(err)
	}
	deal := make(World, len(cards))
	for i, c := range rng.Perm(len(cards)) {
		switch {
		case i < 24:
			deal[c] = Holder(i / 4)
		case i < 26:
			deal[c] = 6
		default:
			deal[c] = 7
		}
	}
	p := NewProblem(m)
	var hand []Constraint
	for c, h := range deal {
		if h == 0 {
			hand = append(hand, Holds(Card(c), 0))
		}
	}
	mustAdd(p, Observation{Label: "my hand", Constraints: hand})
	for c, h := range deal {
		if h == 7 {
			mustAdd(p, Observation{Label: "exposed " + cards[c], Constraints: []Constraint{Holds(Card(c), 7)}})
		}
	}
	for q := range nq {
		var rng3 []Card
		if rng.IntN(2) == 0 {
			s, lo, n := rng.IntN(3), rng.IntN(9), 3+rng.IntN(7)
			for i := range n {
				rng3 = append(rng3, card(s, lo+i))
			}
		} else {
			lo, n := rng.IntN(9), 1+rng.IntN(3)
			for i := range n {
				for s := range 3 {
					rng3 = append(rng3, card(s, lo+i))
				}
			}
		}
		who := Holder(1 + rng.IntN(5))
		lits := make([]Lit, len(rng3))
		k := 0
		for i, c := range rng3 {
			lits[i] = Lit{c, who}
			if deal[c] == who {
				k++
			}
		}
		mustAdd(p, Observation{
			Label:       fmt.Sprintf("question %d: P%d has %d of %d cards", q+1, who+1, k, len(rng3)),
			Constraints: []Constraint{CountOf(lits, Eq, k)},
		})
	}
	return p, deal
}

// reportCPU starts measuring the process's CPU time; the function it
// returns, deferred, reports it per operation as "cpu-ns/op" (the benchmark
// runs on one goroutine, so it is the operation's own CPU time, give or take
// the garbage collector's).
func reportCPU(b *testing.B) func() {
	start, ok := processCPU()
	return func() {
		end, ok2 := processCPU()
		if ok && ok2 && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

func mustAdd(p *Problem, o Observation) {
	if _, err := p.Add(o); err != nil {
		panic(err)
	}
}

// TestDeduceOrDie6 checks the benchmark problem itself: the true deal is a
// world, and every fact of the sheet agrees with it.
func TestDeduceOrDie6(t *testing.T) {
	for _, nq := range []int{10, 40} {
		p, deal := deduceOrDie6(1, nq)
		if v, ok := p.Check(deal); !ok || v != nil {
			t.Fatalf("%d questions: the true deal is not a world (violates %v)", nq, v)
		}
		sh, err := NewSAT(p).Sheet(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		open := 0
		for c, h := range deal {
			for o := range Holder(8) {
				st := sh.Status(Card(c), o)
				if st == Forced && o != h || st == Impossible && o == h {
					t.Fatalf("%d questions: card %d holder %d is %v, but the deal has holder %d", nq, c, o, st, h)
				}
				if st == Open {
					open++
				}
			}
		}
		t.Logf("%d questions: %d open pairs of 216", nq, open)
	}
}

// BenchmarkFacts measures the whole sheet of a six-player Deduce or Die
// game: "cold" builds the engine and settles every pair, "warm" settles
// every pair again on an engine that has solved before.
func BenchmarkFacts(b *testing.B) {
	for _, nq := range []int{10, 40} {
		p, _ := deduceOrDie6(1, nq)
		b.Run(fmt.Sprintf("questions=%d/cold", nq), func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				if _, err := NewSAT(p).Sheet(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("questions=%d/warm", nq), func(b *testing.B) {
			s := NewSAT(p)
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				if _, err := s.Sheet(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNewSAT measures building the engine of the 40-question game:
// the model's structure and 42 observations encoded, nothing solved.
func BenchmarkNewSAT(b *testing.B) {
	p, _ := deduceOrDie6(1, 40)
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		NewSAT(p)
	}
}

// BenchmarkWhy measures explanations on the 40-question game: each
// iteration explains the next forced fact not given outright (a card of
// another player, or a card the seat rules out for a player), on an engine
// that has solved before.
func BenchmarkWhy(b *testing.B) {
	p, deal := deduceOrDie6(1, 40)
	s := NewSAT(p)
	sh, err := s.Sheet(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	var facts []Fact
	for c, h := range deal {
		if h == 0 || h == 7 {
			continue
		}
		for o := range Holder(6) {
			switch sh.Status(Card(c), o) {
			case Forced:
				facts = append(facts, Fact{Card(c), o, true})
			case Impossible:
				facts = append(facts, Fact{Card(c), o, false})
			}
		}
	}
	if len(facts) == 0 {
		b.Fatal("no forced fact to explain")
	}
	b.ReportAllocs()
	defer reportCPU(b)()
	i := 0
	for b.Loop() {
		if _, err := s.Why(context.Background(), facts[i%len(facts)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestSheetAgreesWithCounter checks the sheet of the benchmark game, at
// several stages and deals, against the counting engine: a pair is forced
// exactly when every world has it and impossible exactly when none does.
// It is the large-problem oracle the brute-force one cannot be.
func TestSheetAgreesWithCounter(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 3; seed++ {
		for _, nq := range []int{0, 5, 10, 20, 40} {
			p, _ := deduceOrDie6(seed, nq)
			sh, err := NewSAT(p).Sheet(ctx)
			if err != nil {
				t.Fatal(err)
			}
			marg, err := NewCounter(p).Marginals(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for c := range Card(27) {
				for h := range Holder(8) {
					n := marg.Count(c, h)
					want := Open
					switch {
					case n.Sign() == 0:
						want = Impossible
					case n.Cmp(marg.Total) == 0:
						want = Forced
					}
					if got := sh.Status(c, h); got != want {
						t.Errorf("seed %d, %d questions, card %d, holder %d: sheet says %v, counts say %v (%v of %v worlds)",
							seed, nq, c, h, got, want, n, marg.Total)
					}
				}
			}
		}
	}
}

// TestWhyDeterministic checks that explanations do not depend on the run:
// two engines asked the same questions in the same order give the same
// answers (golden files and replayed logs depend on it). Answers may depend
// on the engine's history, the clauses learned by earlier questions, so the
// two engines are given the same history.
func TestWhyDeterministic(t *testing.T) {
	ctx := context.Background()
	p, _ := deduceOrDie6(2, 30)
	a, b := NewSAT(p), NewSAT(p)
	sh, err := a.Sheet(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Sheet(ctx); err != nil {
		t.Fatal(err)
	}
	n := 0
	for c := range Card(27) {
		for h := range Holder(6) {
			st := sh.Status(c, h)
			if st == Open {
				continue
			}
			f := Fact{c, h, st == Forced}
			x, err1 := a.Why(ctx, f)
			y, err2 := b.Why(ctx, f)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if fmt.Sprint(x) != fmt.Sprint(y) {
				t.Errorf("Why(%v): %v, then %v on a second engine with the same history", f, x, y)
			}
			n++
		}
	}
	t.Logf("%d facts explained", n)
}
