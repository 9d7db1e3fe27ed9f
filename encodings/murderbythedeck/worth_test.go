package murderbythedeck

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"
)

var (
	worthMatches = flag.Int("mbtd.matches", 100, "matches (first to 16 points) BenchmarkMatches plays")
	allAdvised   = flag.Bool("mbtd.alldiscard", false, "BenchmarkMatches: every seat discards by the advice (only the advice seat accuses by it)")
)

// tracked is a player's view of the round as a tracker: its Game, fed the
// lines of its seat's log when a decision needs it.
type tracked struct {
	seat int
	g    *Game
	fed  int
}

func (t *tracked) update(r *Round) error {
	if t.g == nil {
		t.g = NewGame()
		t.g.SetMaxSamples(Samples)
	}
	lines := SeatLog(r.Rules, SimPlayers, t.seat, r.Deal[t.seat*HandSize:(t.seat+1)*HandSize], r.Events)
	for ; t.fed < len(lines); t.fed++ {
		if err := t.g.Apply(lines[t.fed]); err != nil {
			return err
		}
	}
	return nil
}

// player is a simulated player that tries to win: it collects the suit it
// holds most of (the murderer: Spades), discarding Spades it may, then
// null cards, then the suits it holds fewest of (rankDiscards, the
// advice's ranking; the fixed rule's murderer keeps its Spades, death
// cards included, unless -mbtd.alldiscard), and turns to its next best
// suit after 10 to 29 own turns without a new card of its suit; it calls
// BLOCK as soon as it can; with a complete family it accuses by its rule:
// the fixed rule accuses only a player the tracker says is certainly the
// murderer, the advice seat accuses when the advice says so (AccuseNow:
// the most likely murderer at an even chance or better).
type player struct {
	advice bool
	t      tracked
	err    error
	calls  int
	rng    *rand.Rand
	// target is the suit collected, best the most family cards of it held
	// so far, stuck the own turns since that grew and patience how many
	// such turns the player waits before it collects its next best suit
	// (two players collecting one suit would otherwise wait forever).
	target, best, stuck, patience int
}

func (a *player) Act(r *Round, p int, legal []Action) Action {
	for _, x := range legal {
		if x.Kind == Block {
			return x
		}
	}
	canAccuse := false
	for _, x := range legal {
		canAccuse = canAccuse || x.Kind == Accuse
	}
	if canAccuse {
		if suit, ok := fullFamily(r.Hands[p]); ok && suit != Spades {
			if x, ok := a.accusation(r, p, legal); ok {
				return x
			}
		}
	}
	for _, x := range legal {
		if x.Kind == Draw {
			return x
		}
	}
	return legal[0]
}

func (a *player) accusation(r *Round, p int, legal []Action) (Action, bool) {
	a.t.seat = p
	if err := a.t.update(r); err != nil {
		a.err = err
		return Action{}, false
	}
	a.calls++
	target := ""
	if a.advice {
		adv, err := a.t.g.Advice(context.Background())
		if err != nil {
			a.err = err
			return Action{}, false
		}
		if adv.AccuseNow {
			target = adv.Accusations[0].Player
		}
	} else {
		sp, err := a.t.g.murdererOdds(context.Background())
		if err != nil {
			a.err = err
			return Action{}, false
		}
		for q := range Players {
			if q != p && sp[q].status == "forced" {
				target = SimPlayers[q]
			}
		}
	}
	for _, x := range legal {
		if x.Kind == Accuse && SimPlayers[x.Target] == target {
			return x, true
		}
	}
	return Action{}, false
}

func (a *player) Discard(r *Round, p int, legal []Card) Card {
	hand := r.Hands[p]
	count := familyCounts(hand)
	switch {
	case r.Rules.IsMurderer(hand):
		a.target = Spades
	case a.target == Spades || a.patience == 0:
		a.target, a.patience = -1, 10+a.rng.IntN(20)
		for s := range 3 {
			if a.target < 0 || count[s] > count[a.target] {
				a.target = s
			}
		}
		a.best, a.stuck = count[a.target], 0
	case count[a.target] > a.best:
		a.best, a.stuck = count[a.target], 0
	default:
		if a.stuck++; a.stuck > a.patience {
			next := -1
			for s := range 3 {
				if s != a.target && (next < 0 || count[s] > count[next]) {
					next = s
				}
			}
			a.target, a.best, a.stuck = next, count[next], 0
		}
	}
	_, ranked := rankDiscardsFor(r.Rules, hand, NoCard, r.Drew[p], a.target)
	if !a.advice && !*allAdvised && a.target == Spades {
		// The fixed rule collects its suit: the murderer keeps its Spades,
		// death cards included, where the advice discards them.
		slices.SortStableFunc(ranked, func(x, y DiscardOption) int { return b2i(x.Card.IsSpade()) - b2i(y.Card.IsSpade()) })
	}
	for _, o := range ranked {
		for _, c := range legal {
			if c == o.Card {
				return c
			}
		}
	}
	return legal[0]
}

// BenchmarkMatches plays matches of simulated players that try to win
// (player): one seat, rotating by match, plays by the advice, three by the
// fixed rule. It reports the calibration figures (rounds a match, how
// rounds end, draws, BLOCKs and accusations a round) and the advice's worth
// (its points a round less the fixed seats' mean, with a 95% interval;
// matches won).
//
//	nice -n 10 go test ./encodings/murderbythedeck -run '^$' -bench Matches -benchtime 1x -mbtd.matches 100
func BenchmarkMatches(b *testing.B) {
	for b.Loop() {
		var rounds, draws, blocks, accusations, right int
		var ends [Stopped + 1]int
		var diffs []float64
		advWins := 0.0
		start := time.Now()
		for m := range *worthMatches {
			seat := m % Players
			var totals [Players]int
			for k := 0; ; k++ {
				var pol [Players]Policy
				var ps [Players]*player
				for p := range Players {
					ps[p] = &player{advice: p == seat, rng: rand.New(rand.NewPCG(uint64(m), uint64(k*4+p)))}
					pol[p] = ps[p]
				}
				sim, err := Simulate(SimOptions{Seed: uint64(m)<<16 | uint64(k), Policies: pol})
				if err != nil {
					b.Fatal(err)
				}
				for _, x := range ps {
					if x.err != nil {
						b.Fatal(x.err)
					}
				}
				r := sim.Round
				rounds++
				ends[r.End]++
				draws += r.Draws
				for _, e := range r.Events {
					switch e.Kind {
					case Block:
						blocks++
					case Accuse:
						accusations++
						if e.Outcome == Right {
							right++
						}
					}
				}
				sc := r.Score()
				fixed := 0.0
				for p := range Players {
					totals[p] += sc[p]
					if p != seat {
						fixed += float64(sc[p]) / 3
					}
				}
				diffs = append(diffs, float64(sc[seat])-fixed)
				best := 0
				for p := range Players {
					if totals[p] > totals[best] {
						best = p
					}
				}
				if totals[best] >= 16 {
					if best == seat {
						advWins++
					}
					if m%5 == 4 {
						report(func(f string, a ...any) { fmt.Fprintf(os.Stderr, f+"\n", a...) }, m+1, rounds, draws, blocks, accusations, right, ends, diffs, advWins, start)
					}
					break
				}
				if k > 500 {
					b.Fatalf("match %d: no winner after %d rounds", m, k)
				}
			}
		}
		report(b.Logf, *worthMatches, rounds, draws, blocks, accusations, right, ends, diffs, advWins, start)
		b.ReportMetric(float64(rounds)/float64(*worthMatches), "rounds/match")
	}
}

// report writes the figures of BenchmarkMatches.
func report(logf func(string, ...any), matches, rounds, draws, blocks, accusations, right int, ends [Stopped + 1]int, diffs []float64, advWins float64, start time.Time) {
	{
		b := struct{ Logf func(string, ...any) }{logf}
		worthMatches := &matches
		n := float64(rounds)
		mean, sd := meanSD(diffs)
		half := 1.96 * sd / math.Sqrt(n)
		b.Logf("%d matches, %d rounds in %v: %.2f rounds a match", *worthMatches, rounds, time.Since(start).Round(time.Second), n/float64(*worthMatches))
		for e := Caught; e <= Stopped; e++ {
			b.Logf("round ends: %-30s %5d  %5.1f%%", e, ends[e], 100*float64(ends[e])/n)
		}
		b.Logf("draws a round %.1f; BLOCKs a round %.2f; accusations a round %.2f (right %d of %d)", float64(draws)/n, float64(blocks)/n, float64(accusations)/n, right, accusations)
		b.Logf("advice seat's points a round less the fixed seats' mean: %+.3f, 95%% interval [%+.3f, %+.3f]", mean, mean-half, mean+half)
		mw := advWins / float64(*worthMatches)
		b.Logf("matches won by the advice seat: %.1f%% ± %.1f%% (1/4 is no effect)", 100*mw, 100*math.Sqrt(mw*(1-mw)/float64(*worthMatches)))
	}
}

func meanSD(xs []float64) (float64, float64) {
	var s, s2 float64
	for _, x := range xs {
		s += x
	}
	m := s / float64(len(xs))
	for _, x := range xs {
		s2 += (x - m) * (x - m)
	}
	return m, math.Sqrt(s2 / float64(max(len(xs)-1, 1)))
}
