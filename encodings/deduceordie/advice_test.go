package deduceordie

import (
	"context"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestAdviceAgainstEnumeration checks every question's answer distribution
// (exactly) and information gain (to 1e-9 bits) against the worlds the SAT
// engine enumerates, on small 3-player positions.
func TestAdviceAgainstEnumeration(t *testing.T) {
	ctx := context.Background()
	checked, questions := 0, 0
	draws := [][3]Card{{MakeCard(3, Hearts), MakeCard(5, Spades), MakeCard(5, Spades)}, {MakeCard(9, Clubs), MakeCard(2, Clubs), MakeCard(4, Hearts)}}
	for seed := uint64(0); checked < 2 && seed < 100; seed++ {
		s, _ := Simulate(SimOptions{Players: 3, Seed: seed})
		for seat := range 3 {
			g, err := Load(strings.NewReader(s.Log(seat)))
			if err != nil {
				t.Fatal(err)
			}
			if g.over || g.eliminated[seat] {
				continue
			}
			n, err := solver.NewCounter(g.Problem()).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n.Cmp(big.NewInt(300)) > 0 {
				continue
			}
			checked++
			var worlds []solver.World
			for w := range solver.NewSAT(g.Problem()).Worlds(ctx) {
				worlds = append(worlds, w)
			}
			tkeyOf := func(w solver.World) int {
				var ev []Card
				for c, h := range w {
					if h == 3 {
						ev = append(ev, Card(c))
					}
				}
				return tkey(ev, w[MurdererCard(ev[0], ev[1], s.Exposed)])
			}
			check := func(q Question) {
				questions++
				joint := map[[2]int]float64{}
				tm := map[int]float64{}
				am := map[int]int64{}
				for _, w := range worlds {
					k := 0
					for _, c := range q.Range.Cards() {
						if w[c] == solver.Holder(q.Opponent) {
							k++
						}
					}
					tk := tkeyOf(w)
					joint[[2]int{tk, k}]++
					tm[tk]++
					am[k]++
				}
				N := float64(len(worlds))
				mi := 0.0
				for key, c := range joint {
					mi += c / N * math.Log2(c*N/(tm[key[0]]*float64(am[key[1]])))
				}
				if len(q.Answers) != len(am) {
					t.Errorf("seed %d seat %d %s of %d: %d answers, enumerated %d", seed, seat, q.Range, q.Opponent, len(q.Answers), len(am))
				}
				for _, a := range q.Answers {
					if a.Count.Int64() != am[a.Value] {
						t.Errorf("seed %d seat %d %s of %d: answer %d counted %v, enumerated %d", seed, seat, q.Range, q.Opponent, a.Value, a.Count, am[a.Value])
					}
				}
				if math.Abs(mi-q.Gain) > 1e-9 {
					t.Errorf("seed %d seat %d %s of %d: gain %v, enumerated %v", seed, seat, q.Range, q.Opponent, q.Gain, mi)
				}
			}
			for _, d := range draws {
				a, err := g.Advice(ctx, d)
				if err != nil {
					t.Fatal(err)
				}
				for _, q := range a.Questions {
					check(q)
				}
				if a.Secret != nil {
					check(*a.Secret)
				}
			}
		}
	}
	if checked == 0 || questions < 10 {
		t.Errorf("only %d positions and %d questions checked", checked, questions)
	}
}
