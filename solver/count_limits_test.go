package solver

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// fullDeck is a 52-card deck in suit order (S1..S13, H1..H13, D1..D13,
// C1..C13) dealt to four players of 13, and a deal (card c to player
// (11c mod 52) / 13, a spread of every suit).
func fullDeck(t testing.TB) (*Model, World) {
	var cards []string
	for s := range 4 {
		for r := range 13 {
			cards = append(cards, fmt.Sprintf("%c%d", "SHDC"[s], r+1))
		}
	}
	m, err := NewModel(cards, []HolderSpec{{"P1", Exactly(13)}, {"P2", Exactly(13)}, {"P3", Exactly(13)}, {"P4", Exactly(13)}})
	require.NoError(t, err)
	deal := make(World, 52)
	for c := range deal {
		deal[c] = Holder(c * 11 % 52 / 13)
	}
	return m, deal
}

// rangeQuestions is the full deck with the answers, true to the deal, of
// range questions "player p holds how many of cards lo..hi?".
func rangeQuestions(t testing.TB, qs [][3]int) *Problem {
	m, deal := fullDeck(t)
	p := NewProblem(m)
	for _, q := range qs {
		who, lo, hi := Holder(q[0]), q[1], q[2]
		var lits []Lit
		k := 0
		for c := lo; c <= hi; c++ {
			lits = append(lits, Lit{Card(c), who})
			if deal[c] == who {
				k++
			}
		}
		_, err := p.Add(Observation{Label: fmt.Sprintf("P%d holds %d of %d..%d", who+1, k, lo, hi), Constraints: []Constraint{CountOf(lits, Eq, k)}})
		require.NoError(t, err)
	}
	return p
}

// beyondReach is a handful of long, overlapping range questions, two to
// each player (player, first card, last card): their ends cut the deck into
// sixteen runs that the players' constraints tell apart, and a state of the
// counting graph is a count in each run (about 4 TB estimated).
var beyondReach = [][3]int{{0, 0, 24}, {1, 4, 30}, {2, 8, 35}, {3, 12, 40}, {0, 17, 45}, {1, 21, 49}, {2, 26, 51}, {3, 2, 33}}

// TestCounterRefusesBeyondReach checks that a problem whose graph is far
// beyond the memory budget is refused with ErrTooLarge, from the estimate
// alone: no state is laid out.
func TestCounterRefusesBeyondReach(t *testing.T) {
	p := rangeQuestions(t, beyondReach)
	v, deal := p.Check(func() World { _, d := fullDeck(t); return d }())
	require.True(t, deal)
	require.Nil(t, v, "the questions are answered truly")
	before := count.StatesBuilt()
	c := NewCounter(p)
	_, err := c.Count(context.Background())
	require.ErrorIs(t, err, ErrTooLarge)
	var tl *TooLargeError
	require.True(t, errors.As(err, &tl))
	require.True(t, tl.Estimated, "refused on the estimate")
	require.Greater(t, float64(tl.Bytes), float64(tl.Budget), "%v", err)
	require.Equal(t, before, count.StatesBuilt(), "no state laid out")
	_, err = c.Marginals(context.Background())
	require.ErrorIs(t, err, ErrTooLarge)
	_, err = c.Contents(context.Background(), 0)
	require.ErrorIs(t, err, ErrTooLarge)
}

// TestCounterBudgetWhileBuilding checks that a graph that outgrows a small
// memory budget stops being built and is refused with ErrTooLarge (the
// estimate let it through), and that the same problem counts under the
// default budget.
func TestCounterBudgetWhileBuilding(t *testing.T) {
	p := rangeQuestions(t, beyondReach[:5])
	_, err := NewCounter(p, WithMemoryBudget(256<<10)).Count(context.Background())
	require.ErrorIs(t, err, ErrTooLarge)
	var tl *TooLargeError
	require.True(t, errors.As(err, &tl))
	require.False(t, tl.Estimated, "refused while building: %v", err)
	require.Greater(t, tl.Bytes, tl.Budget)
	n, err := NewCounter(p).Count(context.Background())
	require.NoError(t, err)
	require.Positive(t, n.Sign())
}

var cancelLog = flag.Bool("cancel.log", false, "log every latency of BenchmarkCancel")

// slowQuestions is a handful of range questions whose graph fits the
// budget (about 30 million edges, 190 MB) but takes seconds to lay out.
var slowQuestions = [][3]int{{0, 2, 26}, {1, 20, 38}, {2, 33, 50}, {3, 29, 51}, {0, 11, 23}, {1, 9, 30}, {2, 0, 18}, {3, 7, 27}}

// TestCounterCancelledWhileBuilding cancels the context while the graph of
// a problem that takes seconds is being laid out: the query stops with the
// context's error.
func TestCounterCancelledWhileBuilding(t *testing.T) {
	p := rangeQuestions(t, slowQuestions)
	for _, q := range []func(context.Context, *Counter) error{
		func(ctx context.Context, c *Counter) error { _, err := c.Count(ctx); return err },
		func(ctx context.Context, c *Counter) error { _, err := c.Contents(ctx, 0); return err },
	} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		err := q(ctx, NewCounter(p))
		require.ErrorIs(t, err, context.Canceled)
	}
}

// BenchmarkRefuse times the refusal of a problem beyond reach (the
// estimate, before anything is built):
//
//	go test ./solver -run '^$' -bench Refuse -benchtime 20x
func BenchmarkRefuse(b *testing.B) {
	p := rangeQuestions(b, beyondReach)
	for b.Loop() {
		if _, err := NewCounter(p).Count(context.Background()); !errors.Is(err, ErrTooLarge) {
			b.Fatal(err)
		}
	}
}

// BenchmarkCancel measures how long a query takes to return once its
// context is cancelled while a graph is being laid out (slowQuestions,
// then beyondReach's first five questions under a memory budget the
// estimate lets through), cancelled after 10 to 990 ms: the mean and the
// largest latency.
//
//	go test ./solver -run '^$' -bench Cancel -benchtime 20x
func BenchmarkCancel(b *testing.B) {
	for _, tc := range []struct {
		name string
		p    *Problem
	}{
		{"slow", rangeQuestions(b, slowQuestions)},
		{"budget", rangeQuestions(b, beyondReach[:7])},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var worst, sum time.Duration
			n := 0
			for b.Loop() {
				ctx, cancel := context.WithCancel(context.Background())
				var at time.Time
				time.AfterFunc(time.Duration(10+n*70%980)*time.Millisecond, func() { at = time.Now(); cancel() })
				_, err := NewCounter(tc.p, WithMemoryBudget(-1)).Count(ctx)
				done := time.Now()
				cancel()
				if !errors.Is(err, context.Canceled) {
					continue // finished first
				}
				d := done.Sub(at)
				if *cancelLog {
					b.Logf("cancelled at %v: %v", time.Duration(10+n*70%980)*time.Millisecond, d)
				}
				worst = max(worst, d)
				sum += d
				n++
			}
			if n > 0 {
				b.ReportMetric(float64(sum.Microseconds())/float64(n)/1000, "mean-latency-ms")
				b.ReportMetric(float64(worst.Microseconds())/1000, "max-latency-ms")
			}
			b.ReportMetric(float64(n), "cancelled")
		})
	}
}

// TestContentsTooManyIsTooLarge: a holder whose possible contents are too
// many to list (13 of 26 free cards: about ten million) is refused with
// ErrTooLarge, as a *TooLargeError that says so, though the problem counts.
func TestContentsTooManyIsTooLarge(t *testing.T) {
	var cards []string
	for i := range 26 {
		cards = append(cards, fmt.Sprintf("c%d", i))
	}
	m, err := NewModel(cards, []HolderSpec{{"A", Exactly(13)}, {"B", Exactly(13)}})
	require.NoError(t, err)
	c := NewCounter(NewProblem(m))
	n, err := c.Count(context.Background())
	require.NoError(t, err)
	require.Equal(t, "10400600", n.String())
	_, err = c.Contents(context.Background(), 0)
	require.ErrorIs(t, err, ErrTooLarge)
	tl, ok := errors.AsType[*TooLargeError](err)
	require.True(t, ok, "%T %v", err, err)
	require.True(t, tl.Contents)
	require.Contains(t, err.Error(), `holder "A" has too many possible contents to list`)
}
