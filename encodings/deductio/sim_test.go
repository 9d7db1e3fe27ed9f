package deductio

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// long runs the long property and calibration runs:
//
//	go test ./encodings/deductio -long
var long = flag.Bool("long", false, "run the long simulation and calibration tests")

// trueWorld is the deal of a simulated game for a compiled prefix.
func trueWorld(t testing.TB, sim *Simulation, st *state) solver.World {
	t.Helper()
	m := st.prob.Model()
	w := make(solver.World, MaxNumber)
	for c := range w {
		w[c] = st.deck
	}
	for h := range m.NumHolders() {
		name := m.HolderName(solver.Holder(h))
		if solver.Holder(h) == st.deck {
			continue
		}
		nums, ok := sim.Truth[name]
		if !ok {
			t.Fatalf("no truth for holder %q", name)
		}
		for _, n := range nums {
			w[cardOf(n)] = solver.Holder(h)
		}
	}
	return w
}

// replay applies lines one by one and calls check after each line that is
// not a comment.
func replay(t testing.TB, lines []string, check func(g *Game, i int)) {
	t.Helper()
	g := NewGame()
	for i, l := range lines {
		if err := g.Apply(l); err != nil {
			t.Fatalf("line %d %q refused: %v", i+1, l, err)
		}
		check(g, i)
	}
}

// TestSimulatedTruth plays games for 2 to 4 players and checks, for every
// seat at every line, that the true deal is a world of the problem (every
// observation holds in it; the SAT engine agrees at sampled lines), and
// that every number forced or ruled out by the counts is so in the deal.
func TestSimulatedTruth(t *testing.T) {
	games := 6
	if *long {
		games = 60
	}
	for players := 2; players <= 4; players++ {
		for seed := range uint64(games) {
			sim, err := Simulate(SimOptions{Players: players, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			logs := append(append([][]string{}, sim.Logs...), sim.Public)
			for seat, lines := range logs {
				replay(t, lines, func(g *Game, i int) {
					st := g.st
					w := trueWorld(t, sim, st)
					v, deal := st.prob.Check(w)
					if !deal || v != nil {
						t.Fatalf("%d players, seed %d, seat %d, line %d: the true deal violates %v (deal %v)", players, seed, seat, i+1, v, deal)
					}
					for h := range st.prob.Model().NumHolders() {
						for n := 1; n <= MaxNumber; n++ {
							c := g.tal.count[h][n]
							in := w[cardOf(n)] == solver.Holder(h)
							if (c == g.tal.total && !in) || (c == 0 && in) {
								t.Fatalf("%d players, seed %d, seat %d, line %d: holder %d, number %d: count %d of %d, true: %v", players, seed, seat, i+1, h, n, c, g.tal.total, in)
							}
						}
					}
					if i%7 == 0 {
						ok, err := solver.NewSAT(st.prob).Consistent(context.Background())
						if err != nil || !ok {
							t.Fatalf("%d players, seed %d, seat %d, line %d: SAT finds no world (%v)", players, seed, seat, i+1, err)
						}
					}
				})
			}
		}
	}
}

// TestCountsAgainstEngines checks the counts of the solver's counting
// engine against the partition formula (oracle_test.go) and the SAT
// engine's sheet (forced, impossible, open) at every third line of simulated
// games (every line with -long), and against the worlds the SAT engine
// enumerates when there are few.
func TestCountsAgainstEngines(t *testing.T) {
	ctx := context.Background()
	games := 3
	if *long {
		games = 30
	}
	checked, enumerated := 0, 0
	for players := 2; players <= 4; players++ {
		for seed := range uint64(games) {
			sim, err := Simulate(SimOptions{Players: players, Seed: 100 + seed})
			if err != nil {
				t.Fatal(err)
			}
			for _, lines := range [][]string{sim.Logs[0], sim.Public} {
				replay(t, lines, func(g *Game, i int) {
					if i%3 != 0 && !*long {
						return
					}
					st, tal := g.st, g.tal
					direct := st.directTally()
					if direct.total != tal.total {
						t.Fatalf("line %d: the counting engine finds %d deals, the partition formula %d", i+1, tal.total, direct.total)
					}
					for h := range st.prob.Model().NumHolders() {
						if direct.count[h] != tal.count[h] {
							t.Fatalf("line %d: holder %d: the counting engine finds %v, the partition formula %v", i+1, h, tal.count[h], direct.count[h])
						}
					}
					sheet, err := solver.NewSAT(st.prob).Sheet(ctx)
					if err != nil {
						t.Fatal(err)
					}
					for h := range st.prob.Model().NumHolders() {
						for n := 1; n <= MaxNumber; n++ {
							want := solver.Open
							switch tal.count[h][n] {
							case 0:
								want = solver.Impossible
							case tal.total:
								want = solver.Forced
							}
							if got := sheet.Status(cardOf(n), solver.Holder(h)); got != want {
								t.Fatalf("line %d: holder %d number %d: the SAT sheet says %v, the counts %v", i+1, h, n, got, want)
							}
						}
					}
					checked++
					if tal.total > 100 {
						return
					}
					enumerated++
					var count int64
					marg := make([][MaxNumber + 1]int64, st.prob.Model().NumHolders())
					for w := range solver.NewSAT(st.prob).Worlds(ctx) {
						count++
						for c, h := range w {
							marg[h][numberOf(solver.Card(c))]++
						}
					}
					if count != tal.total {
						t.Fatalf("line %d: %d deals, SAT enumerates %d", i+1, tal.total, count)
					}
					for h := range marg {
						if marg[h] != tal.count[h] {
							t.Fatalf("line %d: holder %d: counts %v, SAT enumeration %v", i+1, h, tal.count[h], marg[h])
						}
					}
				})
			}
		}
	}
	t.Logf("%d prefixes checked against the partition formula, %d against SAT enumeration", checked, enumerated)
}

// TestInjections checks the partition formula against plain enumeration.
func TestInjections(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var brute func(sets []Set, used Set) int64
	brute = func(sets []Set, used Set) int64 {
		if len(sets) == 0 {
			return 1
		}
		var n int64
		for _, x := range (sets[0] &^ used).Numbers() {
			n += brute(sets[1:], used|1<<x)
		}
		return n
	}
	for range 2000 {
		k := rng.IntN(6)
		sets := make([]Set, k)
		for i := range sets {
			sets[i] = Set(rng.Uint32()) & All
			if rng.IntN(3) == 0 {
				sets[i] &= Set(rng.Uint32())
			}
		}
		if got, want := injections(sets), brute(sets, 0); got != want {
			t.Fatalf("%v: %d, want %d", sets, got, want)
		}
	}
}

// TestCalibration checks that the probabilities are calibrated: over many
// simulated games, the numbers given probability about p turn out to be the
// player's number a fraction p of the time.
//
// One prediction is sampled per game (a random seat's policy log, a random
// line, a random other player), so that games are independent. The seat's
// policy log adds what the simulated players' policy reveals (the cards
// before the one played are false), so it holds every fact the players'
// choices depend on and the model is exact on it; predictions after a draw
// that may have taken a looked-at card of uncertain place (approx) are left
// out, since the model keeps no fact there. Per bin of predicted
// probability, the sum of (hit - p) then has mean 0 and variance at most the
// sum of p(1-p) (the candidates of one number are mutually exclusive, so
// their covariances are negative): the test allows 4 standard deviations.
func TestCalibration(t *testing.T) {
	games := 400
	if *long {
		games = 4000
	}
	const bins = 10
	var sumP, sumVar, hits [bins]float64
	var counts [bins]int
	rng := rand.New(rand.NewPCG(7, 7))
	ctx := context.Background()
	for seed := range uint64(games) {
		players := 2 + int(seed%3)
		sim, err := Simulate(SimOptions{Players: players, Seed: 1000 + seed})
		if err != nil {
			t.Fatal(err)
		}
		seat := rng.IntN(players)
		lines := sim.PolicyLogs[seat]
		cut := 1 + rng.IntN(len(lines))
		g := NewGame()
		for _, l := range lines[:cut] {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
		}
		if g.st.approx || len(g.st.players) == 0 {
			continue
		}
		other := (seat + 1 + rng.IntN(players-1)) % players
		r, err := g.report(ctx, false, false)
		if err != nil {
			t.Fatal(err)
		}
		w := trueWorld(t, sim, g.st)
		h := g.st.cur(other)
		for _, c := range r.Secrets[other].Candidates {
			p := ratFloat(c.P)
			b := min(int(p*bins), bins-1)
			counts[b]++
			sumP[b] += p
			sumVar[b] += p * (1 - p)
			if w[cardOf(c.Number)] == h {
				hits[b]++
			}
		}
	}
	for b := range bins {
		if counts[b] == 0 {
			continue
		}
		dev := hits[b] - sumP[b]
		sd := math.Sqrt(sumVar[b])
		t.Logf("bin %.1f-%.1f: %5d predictions, mean p %.3f, observed %.3f (deviation %.1f sd)", float64(b)/bins, float64(b+1)/bins, counts[b], sumP[b]/float64(counts[b]), hits[b]/float64(counts[b]), dev/math.Max(sd, 1e-9))
		if math.Abs(dev) > 4*sd+1e-9 {
			t.Errorf("bin %d: %v hits against %.2f expected (sd %.2f)", b, hits[b], sumP[b], sd)
		}
	}
}
