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

// A generator of Deduce or Die games seen from one seat, for the counting
// benchmarks: 27 cards A-9 of spades, hearts and clubs; two evidence cards;
// with 3, 4 or 6 players one exposed card; the hands dealt out. The seat
// (player 0) knows its hand and the exposed card, hears every player's
// fewest-suit revelation and the answers to the range questions players
// ask each other.

var (
	dodGames   = flag.Int("dod.games", 100, "Deduce or Die games per player count in BenchmarkDeduceOrDie")
	dodEnumMax = flag.Int64("dod.enummax", 5000, "largest world count enumerated with the SAT engine in BenchmarkDeduceOrDieVsWorlds")
	dodEnumN   = flag.Int("dod.enumn", 5, "prefixes per player count enumerated in BenchmarkDeduceOrDieVsWorlds")
)

const dodSuits = "SHC"

func dodCard(suit, rank int) Card { return Card(suit*9 + rank - 1) } // rank 1..9
func dodSuit(c Card) int          { return int(c) / 9 }
func dodRank(c Card) int          { return int(c)%9 + 1 }

func dodName(c Card) string { return string("A23456789"[dodRank(c)-1]) + string(dodSuits[dodSuit(c)]) }

var dodHand = map[int]int{3: 8, 4: 6, 5: 5, 6: 4}

// dodGame is one dealt game and the seat's observations, in table order.
type dodGame struct {
	players  int
	model    *Model
	evidence Holder
	exposed  Holder // NoHolder with 5 players
	exposedC Card   // -1 with 5 players
	deal     World
	obs      []Observation
}

// murderPick is the murder-card chain rule as a pick function over the
// evidence content: the card whose holder is the murderer.
func (g *dodGame) murderPick(ev []Card) (Card, bool) {
	if len(ev) != 2 {
		return 0, false
	}
	a, b := ev[0], ev[1]
	rank := dodRank(a) + dodRank(b)
	if rank > 9 {
		rank -= 9
	}
	suit := dodSuit(a)
	if dodSuit(b) != suit {
		suit = 3 - dodSuit(a) - dodSuit(b)
	}
	c := dodCard(suit, rank)
	for c == a || c == b || c == g.exposedC {
		rank = rank%9 + 1
		c = dodCard(suit, rank)
	}
	return c, true
}

func newDodGame(rng *rand.Rand, players int) *dodGame {
	cards := make([]string, 27)
	for i := range cards {
		cards[i] = dodName(Card(i))
	}
	var hs []HolderSpec
	for p := 0; p < players; p++ {
		hs = append(hs, HolderSpec{Name: fmt.Sprintf("P%d", p), Size: Exactly(dodHand[players])})
	}
	g := &dodGame{players: players, evidence: Holder(players), exposed: NoHolder, exposedC: -1}
	hs = append(hs, HolderSpec{Name: "evidence", Size: Exactly(2)})
	if players != 5 {
		g.exposed = Holder(players + 1)
		hs = append(hs, HolderSpec{Name: "exposed", Size: Exactly(1)})
	}
	m, err := NewModel(cards, hs)
	if err != nil {
		panic(err)
	}
	g.model = m
	// Deal.
	perm := rng.Perm(27)
	g.deal = make(World, 27)
	i := 0
	for h, s := range hs {
		for k := 0; k < s.Size.Min; k++ {
			g.deal[perm[i]] = Holder(h)
			i++
		}
	}
	hand := func(p Holder) []Card { return contentOf(g.deal, p) }
	// The seat's hand and the exposed card.
	var own []Constraint
	for _, c := range hand(0) {
		own = append(own, Holds(c, 0))
	}
	g.obs = append(g.obs, Observation{Label: "hand", Constraints: own})
	if g.exposed != NoHolder {
		g.exposedC = hand(g.exposed)[0]
		g.obs = append(g.obs, Observation{Label: "exposed " + dodName(g.exposedC), Constraints: []Constraint{Holds(g.exposedC, g.exposed)}})
	}
	// Fewest-suit revelations.
	for p := 0; p < players; p++ {
		var n [3]int
		for _, c := range hand(Holder(p)) {
			n[dodSuit(c)]++
		}
		least := min(n[0], n[1], n[2])
		var tied []int
		for s := range 3 {
			if n[s] == least {
				tied = append(tied, s)
			}
		}
		s := tied[rng.IntN(len(tied))]
		o := Observation{Label: fmt.Sprintf("P%d fewest %c", p, dodSuits[s])}
		for t := range 3 {
			if t == s {
				continue
			}
			var terms []Term
			for r := 1; r <= 9; r++ {
				terms = append(terms, Term{1, Lit{dodCard(s, r), Holder(p)}}, Term{-1, Lit{dodCard(t, r), Holder(p)}})
			}
			o.Constraints = append(o.Constraints, Constraint{Terms: terms, Op: Le, Bound: 0})
		}
		g.obs = append(g.obs, o)
	}
	// Range questions, in turn order, to a random opponent.
	nq := 1 + rng.IntN(60)
	for q := 0; q < nq; q++ {
		asker := q % players
		target := rng.IntN(players - 1)
		if target >= asker {
			target++
		}
		lo, hi := Card(rng.IntN(27)), Card(rng.IntN(27))
		var rng_ []Card
		switch {
		case lo == hi && rng.IntN(2) == 0: // all of the rank
			for s := range 3 {
				rng_ = append(rng_, dodCard(s, dodRank(lo)))
			}
		case dodSuit(lo) == dodSuit(hi): // the suit from lo to hi, wrapping
			r := dodRank(lo)
			for {
				rng_ = append(rng_, dodCard(dodSuit(lo), r))
				if r == dodRank(hi) {
					break
				}
				r = r%9 + 1
			}
		default: // the ranks from lo to hi, wrapping, in every suit
			r := dodRank(lo)
			for {
				for s := range 3 {
					rng_ = append(rng_, dodCard(s, r))
				}
				if r == dodRank(hi) {
					break
				}
				r = r%9 + 1
			}
		}
		lits := make([]Lit, len(rng_))
		ans := 0
		for i, c := range rng_ {
			lits[i] = Lit{c, Holder(target)}
			if g.deal[c] == Holder(target) {
				ans++
			}
		}
		g.obs = append(g.obs, Observation{
			Label:       fmt.Sprintf("P%d asks P%d %s-%s: %d", asker, target, dodName(lo), dodName(hi), ans),
			Constraints: []Constraint{CountOf(lits, Eq, ans)},
		})
	}
	return g
}

// prefix is the problem of the first k observations.
func (g *dodGame) prefix(k int) *Problem {
	p := NewProblem(g.model)
	for _, o := range g.obs[:k] {
		if _, err := p.Add(o); err != nil {
			panic(err)
		}
	}
	return p
}

// dodReport is what a Deduce or Die report needs: every marginal, and the
// evidence pair jointly with the murderer.
func dodReport(ctx context.Context, g *dodGame, p *Problem) (*Marginals, []ContentHolderCount, error) {
	c := NewCounter(p)
	m, err := c.Marginals(ctx)
	if err != nil {
		return nil, nil, err
	}
	j, err := c.ContentsAndHolder(ctx, g.evidence, g.murderPick)
	return m, j, err
}

// TestDeduceOrDieReport checks the report on prefixes of generated games:
// the true deal is always counted, the evidence-murderer joint adds up to
// the total and agrees with an independent computation (for every evidence
// pair, the marginals of the problem with that evidence fixed).
func TestDeduceOrDieReport(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	checked := 0
	for _, players := range []int{3, 4, 5, 6} {
		g := newDodGame(rng, players)
		for k := len(g.obs); k >= 0; k -= max(1, len(g.obs)/3) {
			t.Run(fmt.Sprintf("%dp-prefix%d", players, k), func(t *testing.T) {
				p := g.prefix(k)
				v, deal := p.Check(g.deal)
				require.True(t, deal)
				require.Nil(t, v, "the true deal satisfies every observation")
				m, joint, err := dodReport(ctx, g, p)
				require.NoError(t, err)
				sum := new(big.Int)
				got := map[string]*big.Int{}
				for _, o := range joint {
					sum.Add(sum, o.Count)
					got[fmt.Sprint(o.Cards, o.Holder)] = o.Count
				}
				require.Zero(t, sum.Cmp(m.Total))
				if m.Total.Cmp(big.NewInt(1e8)) > 0 {
					return // the independent check below would take too long
				}
				checked++
				cont, err := NewCounter(p).Contents(ctx, g.evidence)
				require.NoError(t, err)
				for _, cc := range cont {
					q := p.Clone()
					var cs []Constraint
					for _, c := range cc.Cards {
						cs = append(cs, Holds(c, g.evidence))
					}
					_, err := q.Add(Observation{Label: "evidence", Constraints: cs})
					require.NoError(t, err)
					qm, err := NewCounter(q).Marginals(ctx)
					require.NoError(t, err)
					require.Zero(t, qm.Total.Cmp(cc.Count))
					mc, _ := g.murderPick(cc.Cards)
					for h := 0; h < g.model.NumHolders(); h++ {
						want := qm.Count(mc, Holder(h))
						have := got[fmt.Sprint(cc.Cards, Holder(h))]
						if want.Sign() == 0 {
							require.Nil(t, have)
						} else {
							require.NotNil(t, have, "evidence %v murderer %d", cc.Cards, h)
							require.Zero(t, want.Cmp(have))
						}
					}
				}
			})
		}
	}
	t.Logf("%d prefixes checked against the per-pair computation", checked)
	require.GreaterOrEqual(t, checked, 8)
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkDeduceOrDie times the full report (every marginal and the
// evidence-pair x murderer joint) on every observation prefix of
// -dod.games generated games per player count, and reports the median and
// the largest time per prefix. One iteration runs them all:
//
//	go test ./solver -run '^$' -bench DeduceOrDie$ -benchtime 1x
func BenchmarkDeduceOrDie(b *testing.B) {
	ctx := context.Background()
	for _, players := range []int{3, 4, 5, 6} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(players), 99))
			var games []*dodGame
			for range *dodGames {
				games = append(games, newDodGame(rng, players))
			}
			b.ResetTimer()
			var times, cpus []time.Duration
			var worst string
			var worstT time.Duration
			var peak uint64
			for b.Loop() {
				times, cpus = times[:0], cpus[:0]
				for gi, g := range games {
					for k := 0; k <= len(g.obs); k++ {
						p := g.prefix(k)
						c0 := cpuTime()
						t0 := time.Now()
						if _, _, err := dodReport(ctx, g, p); err != nil {
							b.Fatal(err)
						}
						d := time.Since(t0)
						cpus = append(cpus, cpuTime()-c0)
						times = append(times, d)
						if d > worstT {
							worstT, worst = d, fmt.Sprintf("game %d prefix %d", gi, k)
						}
					}
				}
			}
			peak = peakRSS()
			b.ReportMetric(float64(median(times).Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(slices.Max(times).Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(median(cpus).Microseconds())/1000, "median-cpu-ms")
			b.ReportMetric(float64(slices.Max(cpus).Microseconds())/1000, "max-cpu-ms")
			b.ReportMetric(float64(len(times)), "prefixes")
			b.ReportMetric(float64(peak)/(1<<20), "peak-rss-MB")
			b.Logf("slowest: %s (%v)", worst, worstT)
		})
	}
}

// BenchmarkDeduceOrDieVsWorlds computes the same report twice on late
// prefixes (at most -dod.enummax worlds, -dod.enumn prefixes per player
// count): with the counter, and by enumerating every world with the SAT
// engine and tallying. The answers must agree exactly; it reports the
// total time of each and their ratio.
//
//	go test ./solver -run '^$' -bench DeduceOrDieVsWorlds -benchtime 1x
func BenchmarkDeduceOrDieVsWorlds(b *testing.B) {
	ctx := context.Background()
	for _, players := range []int{3, 4, 5, 6} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(players), 77))
			type job struct {
				g *dodGame
				p *Problem
			}
			var jobs []job
			for len(jobs) < *dodEnumN {
				g := newDodGame(rng, players)
				// The shortest prefix with few enough worlds.
				for k := len(g.obs); k >= 0; k-- {
					n, err := NewCounter(g.prefix(k)).Count(ctx)
					if err != nil {
						b.Fatal(err)
					}
					if n.Cmp(big.NewInt(*dodEnumMax)) > 0 {
						if k < len(g.obs) {
							jobs = append(jobs, job{g, g.prefix(k + 1)})
						}
						break
					}
				}
			}
			var tc, te time.Duration
			var worlds int64
			for b.Loop() {
				tc, te, worlds = 0, 0, 0
				for _, j := range jobs {
					t0 := time.Now()
					m, joint, err := dodReport(ctx, j.g, j.p)
					if err != nil {
						b.Fatal(err)
					}
					tc += time.Since(t0)
					t0 = time.Now()
					marg, tally := enumReport(ctx, j.g, j.p)
					te += time.Since(t0)
					worlds += m.Total.Int64()
					// Same answers, exactly.
					for c := 0; c < 27; c++ {
						for h := 0; h < j.g.model.NumHolders(); h++ {
							if m.Count(Card(c), Holder(h)).Int64() != marg[c][h] {
								b.Fatalf("marginal %d %d differs", c, h)
							}
						}
					}
					if len(joint) != len(tally) {
						b.Fatalf("joint has %d outcomes, enumeration %d", len(joint), len(tally))
					}
					for _, o := range joint {
						if tally[fmt.Sprint(o.Cards, o.Holder)] != o.Count.Int64() {
							b.Fatalf("joint outcome %v %d differs", o.Cards, o.Holder)
						}
					}
				}
			}
			b.ReportMetric(float64(tc.Microseconds())/1000, "counter-ms")
			b.ReportMetric(float64(te.Microseconds())/1000, "enumerate-ms")
			b.ReportMetric(float64(te)/float64(tc), "speedup")
			b.ReportMetric(float64(worlds)/float64(len(jobs)), "worlds/prefix")
		})
	}
}

// enumReport computes the report by listing every world with the SAT engine.
func enumReport(ctx context.Context, g *dodGame, p *Problem) ([][]int64, map[string]int64) {
	marg := make([][]int64, 27)
	for c := range marg {
		marg[c] = make([]int64, g.model.NumHolders())
	}
	tally := map[string]int64{}
	for w := range NewSAT(p).Worlds(ctx) {
		for c, h := range w {
			marg[c][h]++
		}
		ev := contentOf(w, g.evidence)
		mc, _ := g.murderPick(ev)
		tally[fmt.Sprint(ev, w[mc])]++
	}
	return marg, tally
}
