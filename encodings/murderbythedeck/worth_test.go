package murderbythedeck

import (
	"context"
	"flag"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

var worthRounds = flag.Int("mbtd.rounds", 1000, "simulated rounds BenchmarkAdviceWorth plays")

// tracked is a player's view of the round as a tracker: its Game, fed the
// lines of its seat's log as they come.
type tracked struct {
	seat int
	g    *Game
	fed  int
}

func (t *tracked) update(r *Round) error {
	if t.g == nil {
		t.g = NewGame()
		t.g.SetSamples(200)
	}
	lines := SeatLog(r.Rules, SimPlayers, t.seat, r.Deal[t.seat*HandSize:(t.seat+1)*HandSize], r.Events)
	for ; t.fed < len(lines); t.fed++ {
		if err := t.g.Apply(lines[t.fed]); err != nil {
			return err
		}
	}
	return nil
}

// fixedPolicy is the simple fixed policy: keep family cards (discard a
// null card when there is one, else any legal card at random), BLOCK when
// possible, accuse only when certain (the tracker's Spade status forced).
type fixedPolicy struct {
	rng *rand.Rand
	t   tracked
	err error
}

func (f *fixedPolicy) Act(r *Round, p int, legal []Action) Action {
	for _, a := range legal {
		if a.Kind == Block {
			return a
		}
	}
	if legal[0].Kind == Pass && len(legal) > 1 { // BLOCKed: may accuse
		f.t.seat = p
		if err := f.t.update(r); err != nil {
			f.err = err
			return legal[0]
		}
		sp := f.t.g.spadeStatus(context.Background(), nil)
		for _, a := range legal {
			if a.Kind == Accuse && sp[a.Target].status == "forced" {
				return a
			}
		}
	}
	return legal[0]
}

func (f *fixedPolicy) Discard(_ *Round, _ int, legal []Card) Card {
	var nulls []Card
	for _, c := range legal {
		if !c.IsFamily() {
			nulls = append(nulls, c)
		}
	}
	if len(nulls) > 0 {
		return nulls[f.rng.IntN(len(nulls))]
	}
	return legal[f.rng.IntN(len(legal))]
}

// advicePolicy plays by the advice: the discard ranked first, BLOCK when
// possible, and, when it may accuse, the most likely Spade if the advice
// gives that accusation at least an even chance.
type advicePolicy struct {
	t   tracked
	err error
}

func (a *advicePolicy) Act(r *Round, p int, legal []Action) Action {
	for _, x := range legal {
		if x.Kind == Block {
			return x
		}
	}
	if legal[0].Kind == Pass && len(legal) > 1 {
		a.t.seat = p
		if err := a.t.update(r); err != nil {
			a.err = err
			return legal[0]
		}
		adv, err := a.t.g.Advice(context.Background())
		if err != nil {
			a.err = err
			return legal[0]
		}
		if len(adv.Accusations) > 0 {
			best := adv.Accusations[0]
			if best.Status == "forced" || best.Status == "open" && best.P.Cmp(big.NewRat(1, 2)) >= 0 {
				for _, x := range legal {
					if x.Kind == Accuse && SimPlayers[x.Target] == best.Player {
						return x
					}
				}
			}
		}
	}
	return legal[0]
}

func (a *advicePolicy) Discard(r *Round, p int, legal []Card) Card {
	hand := r.Hands[p]
	_, ranked := rankDiscards(r.Rules, hand, NoCard)
	for _, o := range ranked {
		for _, c := range legal {
			if c == o.Card {
				return c
			}
		}
	}
	return legal[0]
}

// BenchmarkAdviceWorth plays simulated rounds with one seat (rotating)
// playing by the advice and the three others by the fixed policy, and
// reports how often the advice seat wins the round (scores the most
// points alone) against the average fixed seat, and the mean scores.
//
//	nice -n 10 go test ./encodings/murderbythedeck -run '^$' -bench AdviceWorth -benchtime 1x
func BenchmarkAdviceWorth(b *testing.B) {
	for b.Loop() {
		var advWins, fixWins, advScore, fixScore, blocks, accusations float64
		n := *worthRounds
		for i := range n {
			seat := i % Players
			rng := rand.New(rand.NewPCG(uint64(i), 17))
			var pol [Players]Policy
			var advs []*advicePolicy
			var fixes []*fixedPolicy
			for p := range Players {
				if p == seat {
					a := &advicePolicy{}
					advs = append(advs, a)
					pol[p] = a
				} else {
					f := &fixedPolicy{rng: rng}
					fixes = append(fixes, f)
					pol[p] = f
				}
			}
			sim, err := Simulate(SimOptions{Seed: uint64(i), Policies: pol})
			if err != nil {
				b.Fatal(err)
			}
			for _, a := range advs {
				if a.err != nil {
					b.Fatal(a.err)
				}
			}
			for _, f := range fixes {
				if f.err != nil {
					b.Fatal(f.err)
				}
			}
			for _, e := range sim.Round.Events {
				switch e.Kind {
				case Block:
					blocks++
				case Accuse:
					accusations++
				}
			}
			sc := sim.Round.Score()
			for p := range Players {
				alone := true
				for q := range Players {
					if q != p && sc[q] >= sc[p] {
						alone = false
					}
				}
				if p == seat {
					advScore += float64(sc[p])
					if alone {
						advWins++
					}
				} else {
					fixScore += float64(sc[p]) / 3
					if alone {
						fixWins += 1.0 / 3
					}
				}
			}
		}
		fn := float64(n)
		b.ReportMetric(advWins/fn, "advice-win-rate")
		b.ReportMetric(math.Sqrt(advWins/fn*(1-advWins/fn)/fn), "advice-win-se")
		b.ReportMetric(fixWins/fn, "fixed-win-rate")
		b.ReportMetric(advScore/fn, "advice-mean-score")
		b.ReportMetric(fixScore/fn, "fixed-mean-score")
		b.ReportMetric(blocks/fn, "blocks-per-round")
		b.ReportMetric(accusations/fn, "accusations-per-round")
	}
}

var worthMatches = flag.Int("mbtd.matches", 1000, "matches (first to 16 points) BenchmarkAdviceWorthMatch plays")

// BenchmarkAdviceWorthMatch plays matches (rounds until a player has 16
// points; the highest score wins, ties to the earlier seat) with one seat
// (rotating by match) playing by the advice and three by the fixed policy,
// and reports the advice seat's match win rate (a fixed seat's share is
// the rest over three; 1/4 is no effect).
//
//	nice -n 10 go test ./encodings/murderbythedeck -run '^$' -bench AdviceWorthMatch -benchtime 1x
func BenchmarkAdviceWorthMatch(b *testing.B) {
	for b.Loop() {
		wins, rounds := 0.0, 0
		n := *worthMatches
		for m := range n {
			seat := m % Players
			var total [Players]int
			for r := 0; ; r++ {
				rounds++
				rng := rand.New(rand.NewPCG(uint64(m), uint64(r)))
				var pol [Players]Policy
				for p := range Players {
					if p == seat {
						pol[p] = &advicePolicy{}
					} else {
						pol[p] = &fixedPolicy{rng: rng}
					}
				}
				sim, err := Simulate(SimOptions{Seed: uint64(m)<<20 | uint64(r), Policies: pol})
				if err != nil {
					b.Fatal(err)
				}
				for p, s := range sim.Round.Score() {
					total[p] += s
				}
				best := 0
				for p := range Players {
					if total[p] > total[best] {
						best = p
					}
				}
				if total[best] >= 16 {
					if best == seat {
						wins++
					}
					break
				}
			}
		}
		fn := float64(n)
		b.ReportMetric(wins/fn, "advice-match-win-rate")
		b.ReportMetric(math.Sqrt(wins/fn*(1-wins/fn)/fn), "advice-match-win-se")
		b.ReportMetric(float64(rounds)/fn, "rounds-per-match")
	}
}
