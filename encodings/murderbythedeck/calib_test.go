package murderbythedeck

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

var (
	calibRounds = flag.Int("mbtd.calib", 0, "TestCalibration: simulated rounds whose estimates are checked against the true places (0: a short run of 2 rounds)")
	calibFirst  = flag.Int("mbtd.calibfirst", 0, "TestCalibration: the first round's seed")
	calibPlay   = flag.String("mbtd.calibplay", "fixed", "TestCalibration: how the rounds are played: fixed (the fixed rule of BenchmarkMatches in every seat) or random")
	calibMax    = flag.Int("mbtd.calibmax", 0, "TestCalibration: the most worlds an estimate draws (0: MaxSamples)")
)

// calibBuckets are the upper bounds of the buckets of estimated chances.
var calibBuckets = []float64{0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99, 1.0000001}

// bucketTally counts, in one bucket of estimated chances, the estimates and how
// many came true.
type bucketTally struct {
	n, hits int
	sum     float64 // of the estimates
}

func (t *bucketTally) add(p float64, true_ bool) {
	t.n++
	t.sum += p
	if true_ {
		t.hits++
	}
}

// calibration is the tallies of one kind of figure, by bucket.
type calibration [8]bucketTally

func (c *calibration) add(p float64, true_ bool) {
	for i, b := range calibBuckets {
		if p < b {
			c[i].add(p, true_)
			return
		}
	}
}

// report is the table of the tallies: per bucket the estimates' mean, the
// share that came true with its standard error, and whether the two are
// more than three standard errors apart.
func (c *calibration) report(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:\n", name)
	lo := 0.0
	for i, t := range c {
		if t.n > 0 {
			mean := t.sum / float64(t.n)
			f := float64(t.hits) / float64(t.n)
			se := math.Sqrt(math.Max(f*(1-f), mean*(1-mean)) / float64(t.n))
			flag := ""
			if math.Abs(f-mean) > 3*se {
				flag = "  off by more than 3 SE"
			}
			fmt.Fprintf(&b, "  [%5.1f%%, %5.1f%%): %6d figures, mean estimate %6.2f%%, true %6.2f%% ± %.2f%s\n", 100*lo, 100*math.Min(calibBuckets[i], 1), t.n, 100*mean, 100*f, 100*se, flag)
		}
		lo = calibBuckets[i]
	}
	return b.String()
}

// TestCalibration plays simulated rounds and, from a seat that turns with
// the round, at the end of every turn, compares the tracker's estimates
// with where the cards truly are and who truly is the murderer: per bucket
// of estimated chance, the share that came true. Cells the lines settle
// (an estimate of exactly 0 or 1 that the public facts give) are counted
// in the end buckets. A short run (2 rounds) checks the harness; the
// figures of docs/benchmarks.md are of long runs:
//
//	go test ./encodings/murderbythedeck -run Calibration -v -timeout 0 -mbtd.calib 40
func TestCalibration(t *testing.T) {
	rounds := *calibRounds
	if rounds == 0 {
		rounds = 2
	}
	choices := flagChoices(t)
	ctx := context.Background()
	var cells, spades calibration
	var ess []float64
	positions, worlds, failed := 0, 0, 0
	start := time.Now()
	for i := range rounds {
		seed := uint64(*calibFirst + i)
		rules := Rules{}
		var r *Round
		switch *calibPlay {
		case "fixed":
			st := [Players]style{fixedStyle, fixedStyle, fixedStyle, fixedStyle}
			var err error
			if r, _, err = playRound(seed, rules, st, playOpts{}); err != nil {
				t.Fatal(err)
			}
		case "random":
			sim, err := Simulate(SimOptions{Seed: seed, Rules: rules, MaxTurns: 200})
			if err != nil {
				t.Fatal(err)
			}
			r = sim.Round
		default:
			t.Fatalf("-mbtd.calibplay %q: fixed or random", *calibPlay)
		}
		seat := int(seed % Players)
		g := NewGame()
		g.SetChoices(choices)
		if *calibMax > 0 {
			g.SetMaxSamples(*calibMax)
		}
		followRound(t, g, r, rules, seat, fmt.Sprintf("seed %d", seed), func(tr *truth) {
			if g.Over() {
				return
			}
			est, err := g.Estimate(ctx)
			if err != nil {
				failed++
				t.Logf("seed %d seat %d line %d: no estimate: %v", seed, seat, len(g.Lines()), err)
				return
			}
			if est.Exact {
				return
			}
			positions++
			worlds += est.N
			ess = append(ess, est.ESS)
			for c := range Card(NumCards) {
				if tr.loc[c] == seat {
					continue // the seat's own cards: known
				}
				for col := range numCols {
					cells.add(ratFloat(est.LocP(c, col)), tr.loc[c] == col)
				}
			}
			for p := range Players {
				if p != seat && tr.alive[p] {
					spades.add(ratFloat(est.SpadeP(p)), rules.IsMurderer(tr.hands[p]))
				}
			}
		})
	}
	low := 0
	for _, x := range ess {
		if x < roughSize {
			low++
		}
	}
	t.Logf("choices %s: %d rounds (%s play, seeds %d on), %d positions, %.0f worlds an estimate, %d positions with fewer than %d effective worlds, %d without an estimate, %v", choices, rounds, *calibPlay, *calibFirst, positions, float64(worlds)/float64(max(positions, 1)), low, roughSize, failed, time.Since(start).Round(time.Second))
	t.Log("\n" + cells.report("where each card is (other players' hands, pile, face down, return pile)") + spades.report("who is the murderer"))
	if positions == 0 {
		t.Fatal("no position checked")
	}
}
