package solver

import (
	"context"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A generator of classic Clue games seen from one seat, for the counting
// benchmarks: 6 suspects, 6 weapons and 9 rooms; one of each in the
// envelope; the other 18 dealt out as evenly as possible. Player 0 is the
// seat: it knows its hand, sees the card shown to it, and hears who passes
// and who shows a card to someone else.

var clueGames = flag.Int("clue.games", 20, "Clue games per player count in BenchmarkClue")

type clueGame struct {
	players  int
	model    *Model
	envelope Holder
	deal     World
	obs      []Observation
}

func newClueGame(rng *rand.Rand, players int) *clueGame {
	cards := make([]string, 21)
	for i := range cards {
		cards[i] = fmt.Sprintf("card%d", i)
	}
	var hs []HolderSpec
	for p := 0; p < players; p++ {
		n := 18 / players
		if p < 18%players {
			n++
		}
		hs = append(hs, HolderSpec{Name: fmt.Sprintf("P%d", p), Size: Exactly(n)})
	}
	hs = append(hs, HolderSpec{Name: "envelope", Size: Exactly(3)})
	m, err := NewModel(cards, hs)
	if err != nil {
		panic(err)
	}
	g := &clueGame{players: players, model: m, envelope: Holder(players)}
	kinds := [][2]int{{0, 6}, {6, 12}, {12, 21}}
	// Deal: one of each kind to the envelope, the rest shuffled out.
	g.deal = make(World, 21)
	for c := range g.deal {
		g.deal[c] = -1
	}
	for _, k := range kinds {
		g.deal[k[0]+rng.IntN(k[1]-k[0])] = g.envelope
	}
	var rest []Card
	for c := range g.deal {
		if g.deal[c] < 0 {
			rest = append(rest, Card(c))
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	i := 0
	for p := 0; p < players; p++ {
		for k := 0; k < hs[p].Size.Min; k++ {
			g.deal[rest[i]] = Holder(p)
			i++
		}
	}
	var env []Constraint
	for _, k := range kinds {
		var lits []Lit
		for c := k[0]; c < k[1]; c++ {
			lits = append(lits, Lit{Card(c), g.envelope})
		}
		env = append(env, CountOf(lits, Eq, 1))
	}
	g.obs = append(g.obs, Observation{Label: "one of each kind in the envelope", Constraints: env})
	var own []Constraint
	for c, h := range g.deal {
		if h == 0 {
			own = append(own, Holds(Card(c), 0))
		}
	}
	g.obs = append(g.obs, Observation{Label: "hand", Constraints: own})
	nsug := 1 + rng.IntN(40)
	for t := 0; t < nsug; t++ {
		s := t % players
		sug := []Card{Card(rng.IntN(6)), Card(6 + rng.IntN(6)), Card(12 + rng.IntN(9))}
	answer:
		for d := 1; d < players; d++ {
			p := Holder((s + d) % players)
			var has []Card
			for _, c := range sug {
				if g.deal[c] == p {
					has = append(has, c)
				}
			}
			if len(has) == 0 {
				var none []Constraint
				for _, c := range sug {
					none = append(none, NotHolds(c, p))
				}
				g.obs = append(g.obs, Observation{Label: fmt.Sprintf("P%d passes on %v", p, sug), Constraints: none})
				continue
			}
			switch {
			case s == 0:
				shown := has[rng.IntN(len(has))]
				g.obs = append(g.obs, Observation{Label: fmt.Sprintf("P%d shows %d", p, shown), Constraints: []Constraint{Holds(shown, p)}})
			case p != 0:
				lits := []Lit{{sug[0], p}, {sug[1], p}, {sug[2], p}}
				g.obs = append(g.obs, Observation{Label: fmt.Sprintf("P%d shows one of %v", p, sug), Constraints: []Constraint{Clause(lits, nil)}})
			}
			break answer
		}
	}
	return g
}

func (g *clueGame) prefix(k int) *Problem {
	p := NewProblem(g.model)
	for _, o := range g.obs[:k] {
		if _, err := p.Add(o); err != nil {
			panic(err)
		}
	}
	return p
}

// TestClueReport checks, on prefixes of generated Clue games, that the true
// deal is a world and that the envelope's contents add up to the total.
func TestClueReport(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(31, 32))
	for _, players := range []int{3, 4, 5, 6} {
		g := newClueGame(rng, players)
		for k := 0; k <= len(g.obs); k += max(1, len(g.obs)/4) {
			p := g.prefix(k)
			v, deal := p.Check(g.deal)
			require.True(t, deal)
			require.Nil(t, v)
			c := NewCounter(p)
			m, err := c.Marginals(ctx)
			require.NoError(t, err)
			env, err := c.Contents(ctx, g.envelope)
			require.NoError(t, err)
			sum := new(big.Int)
			for _, o := range env {
				sum.Add(sum, o.Count)
				require.Len(t, o.Cards, 3)
			}
			require.Zero(t, sum.Cmp(m.Total), "%d players, prefix %d", players, k)
		}
	}
}

// BenchmarkClue times every marginal and the envelope's distribution on
// every observation prefix of -clue.games generated games per player count:
//
//	go test ./solver -run '^$' -bench Clue -benchtime 1x
func BenchmarkClue(b *testing.B) {
	ctx := context.Background()
	for _, players := range []int{3, 4, 5, 6} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(players), 55))
			var games []*clueGame
			for range *clueGames {
				games = append(games, newClueGame(rng, players))
			}
			var times, cpus []time.Duration
			for b.Loop() {
				times, cpus = times[:0], cpus[:0]
				for _, g := range games {
					for k := 0; k <= len(g.obs); k++ {
						p := g.prefix(k)
						c0 := cpuTime()
						t0 := time.Now()
						c := NewCounter(p)
						if _, err := c.Marginals(ctx); err != nil {
							b.Fatal(err)
						}
						if _, err := c.Contents(ctx, g.envelope); err != nil {
							b.Fatal(err)
						}
						times = append(times, time.Since(t0))
						cpus = append(cpus, cpuTime()-c0)
					}
				}
			}
			b.ReportMetric(float64(median(times).Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(slices.Max(times).Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(median(cpus).Microseconds())/1000, "median-cpu-ms")
			b.ReportMetric(float64(slices.Max(cpus).Microseconds())/1000, "max-cpu-ms")
			b.ReportMetric(float64(len(times)), "prefixes")
		})
	}
}
