package deduceordie

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestSimulatedLogs checks every seat's log of simulated games: it loads,
// the true deal satisfies every line, and every forced fact of the sheet
// is true in the deal.
func TestSimulatedLogs(t *testing.T) {
	games := 4
	if *long {
		games = 100
	}
	ctx := context.Background()
	for n := 3; n <= 6; n++ {
		for seed := range uint64(games) {
			s, err := Simulate(SimOptions{Players: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for seat := range n {
				g, err := Load(strings.NewReader(s.Log(seat)))
				if err != nil {
					t.Fatalf("%d players, seed %d, seat %d: %v\n%s", n, seed, seat, err, s.Log(seat))
				}
				if v, deal := g.Problem().Check(s.Deal); !deal || v != nil {
					t.Fatalf("%d players, seed %d, seat %d: the true deal violates %v (deal %v)", n, seed, seat, v, deal)
				}
				sheet, err := solver.NewSAT(g.Problem()).Sheet(ctx)
				if err != nil {
					t.Fatal(err)
				}
				for c := range Card(NumCards) {
					for h := range solver.Holder(g.Problem().Model().NumHolders()) {
						st := sheet.Status(c, h)
						if st == solver.Forced && s.Deal[c] != h || st == solver.Impossible && s.Deal[c] == h {
							t.Fatalf("%d players, seed %d, seat %d: %s with holder %d is %v but the deal says %d", n, seed, seat, CardName(c), h, st, s.Deal[c])
						}
					}
				}
			}
		}
	}
}

func TestSimulateDeterministic(t *testing.T) {
	a, _ := Simulate(SimOptions{Players: 4, Seed: 42})
	b, _ := Simulate(SimOptions{Players: 4, Seed: 42})
	if a.Log(2) != b.Log(2) {
		t.Errorf("the same seed gave two games")
	}
	if _, err := Simulate(SimOptions{Players: 7, Seed: 1}); err == nil {
		t.Errorf("7 players accepted")
	}
	if a.Murder != MurderCard(a.Evidence[0], a.Evidence[1]) || a.Deal[a.Evidence[0]] != 4 || a.Deal[a.Evidence[1]] != 4 {
		t.Errorf("simulation bookkeeping: %+v", a)
	}
}

// prefix is a random prefix of a seat's log without its reveal lines,
// always keeping the setup. Reveals are dropped because a player with a
// tie chooses which suit to name, and that choice is not part of the
// uniform-deal model; every other line is chosen independently of the
// deal, so the model's probabilities are exact posteriors for it.
func prefix(rng *rand.Rand, log []string) string {
	setup := 0
	for i, l := range log {
		if strings.HasPrefix(l, "hand ") || strings.HasPrefix(l, "exposed ") {
			setup = i + 1
		}
	}
	end := setup + rng.IntN(len(log)-setup+1)
	var keep []string
	for _, l := range log[:end] {
		if !strings.HasPrefix(l, "reveal ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n") + "\n"
}

// TestCalibration bins the predicted probability of every possible Murder
// card over many simulated positions and compares each bin's predicted
// total with the number of times the card was the true one.
//
// Tolerance: within a bin, the observed count is a sum of indicators whose
// expectations are the predicted probabilities (the model is the exact
// posterior for these logs); indicators of one position are negatively
// correlated (exactly one card is the Murder card) and positions are
// independent, so the variance is at most sum p(1-p). A bin fails when it
// is more than 4 standard deviations plus one card off.
func TestCalibration(t *testing.T) {
	positions := map[int]int{3: 150}
	if *long {
		positions = map[int]int{3: 1500, 4: 300}
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 7))
	for n, count := range positions {
		var pred, obs, vari [10]float64
		for i := range count {
			s, err := Simulate(SimOptions{Players: n, Seed: uint64(1000 + i)})
			if err != nil {
				t.Fatal(err)
			}
			seat := rng.IntN(n)
			g, err := Load(strings.NewReader(prefix(rng, s.Logs[seat])))
			if err != nil {
				t.Fatal(err)
			}
			a, err := g.Analyze(ctx)
			if err != nil {
				t.Fatal(err)
			}
			sum := new(big.Rat)
			for _, m := range a.MurderCards {
				sum.Add(sum, m.P)
				p, _ := m.P.Float64()
				b := min(int(p*10), 9)
				pred[b] += p
				vari[b] += p * (1 - p)
				if m.Card == s.Murder {
					obs[b]++
				}
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				t.Fatalf("Murder-card probabilities add up to %v", sum)
			}
		}
		for b := range pred {
			tol := 4*math.Sqrt(vari[b]) + 1
			t.Logf("%d players, bin %.1f-%.1f: predicted %.1f, observed %.0f (tolerance %.1f)", n, float64(b)/10, float64(b+1)/10, pred[b], obs[b], tol)
			if math.Abs(pred[b]-obs[b]) > tol {
				t.Errorf("%d players, bin %d: predicted %.2f, observed %.0f, tolerance %.2f", n, b, pred[b], obs[b], tol)
			}
		}
	}
}

// TestCountingAgainstEnumeration cross-checks the counting reports against
// the worlds the SAT engine enumerates, on small 3-player positions.
func TestCountingAgainstEnumeration(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for seed := uint64(0); checked < 4 && seed < 100; seed++ {
		s, _ := Simulate(SimOptions{Players: 3, Seed: seed})
		for seat := range 3 {
			g, err := Load(strings.NewReader(s.Log(seat)))
			if err != nil {
				t.Fatal(err)
			}
			a, err := g.Analyze(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if a.Worlds.Cmp(big.NewInt(500)) > 0 {
				continue
			}
			checked++
			pairs := map[string]int64{}
			murderer := map[int]int64{}
			acc := int64(0)
			marg := map[[2]int]int64{}
			total := int64(0)
			hand := []Card{}
			for c := range Card(NumCards) {
				if a.Status[c][seat] == solver.Forced {
					hand = append(hand, c)
				}
			}
			for w := range solver.NewSAT(g.Problem()).Worlds(ctx) {
				total++
				var ev []Card
				for c, h := range w {
					marg[[2]int{c, int(h)}]++
					if h == 3 {
						ev = append(ev, Card(c))
					}
				}
				pairs[fmt.Sprint(ev)]++
				murderer[int(w[MurdererCard(ev[0], ev[1], s.Exposed)])]++
				if x := a.Accusation; x != nil && x.A == ev[0] && x.B == ev[1] {
					if tc, ok := TargetCard(ev[0], ev[1], s.Exposed, func(c Card) bool { return w[c] == solver.Holder(seat) }); ok && int(w[tc]) == x.Accused {
						acc++
					}
				}
			}
			if a.Worlds.Int64() != total {
				t.Fatalf("seed %d seat %d: %v worlds counted, %d enumerated", seed, seat, a.Worlds, total)
			}
			for _, p := range a.Pairs {
				if got := pairs[fmt.Sprint([]Card{p.A, p.B})]; got != p.Count.Int64() {
					t.Errorf("seed %d seat %d: pair %s+%s counted %v, enumerated %d", seed, seat, CardName(p.A), CardName(p.B), p.Count, got)
				}
			}
			if len(a.Pairs) != len(pairs) {
				t.Errorf("seed %d seat %d: %d pairs counted, %d enumerated", seed, seat, len(a.Pairs), len(pairs))
			}
			for _, m := range a.Murderers {
				if m.Count.Int64() != murderer[m.Player] {
					t.Errorf("seed %d seat %d: murderer %d counted %v, enumerated %d", seed, seat, m.Player, m.Count, murderer[m.Player])
				}
			}
			if x := a.Accusation; x != nil && x.Count.Int64() != acc {
				t.Errorf("seed %d seat %d: accusation counted %v, enumerated %d", seed, seat, x.Count, acc)
			}
			for c := range NumCards {
				for h := range a.Holders {
					want := big.NewRat(marg[[2]int{c, h}], total)
					if a.P[c][h].Cmp(want) != 0 {
						t.Errorf("seed %d seat %d: P(%s, %s) = %v, enumerated %v", seed, seat, CardName(Card(c)), a.Holders[h], a.P[c][h], want)
					}
				}
			}
		}
	}
	if checked < 3 {
		t.Errorf("only %d small positions found", checked)
	}
}
