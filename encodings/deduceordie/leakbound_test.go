package deduceordie

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/solver"
)

var leakBoundMeasure = flag.Int("dod.leakbound", 0, "TestLeakBoundMeasure: at the -dod.every/-dod.positions positions of game 0 with this many players, count every (view, asked player) graph of the advice with leaks one at a time and report how many bounding by gain could skip (0: off)")

// TestLeakBoundMeasure measures, on the benchmark's positions and draws,
// what bounding the advice with leaks by the gains could save: each
// (opponent view, asked player) graph is counted on its own, timed, and
// the bounding is replayed for several numbers of top questions kept.
func TestLeakBoundMeasure(t *testing.T) {
	if *leakBoundMeasure == 0 {
		t.Skip("-dod.leakbound not set")
	}
	n := *leakBoundMeasure
	ctx := context.Background()
	runtime.GOMAXPROCS(1)
	gs := prefixes(t, n, 1)
	var positions []int
	for _, f := range strings.Split(*benchOnly, ",") {
		var i int
		if _, err := fmt.Sscan(f, &i); err == nil {
			positions = append(positions, i)
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	k := 0
	for i, g := range gs {
		if g.over || g.eliminated[0] || g.exposed < 0 && HasExposed(n) {
			continue
		}
		draw := [3]Card{Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))}
		if k++; (k-1)%max(*benchEvery, 1) != 0 || len(positions) > 0 && !slices.Contains(positions, i) {
			continue
		}
		c := *g
		c.cnt = NewGame().cnt
		measureBound(t, ctx, &c, i, draw)
	}
}

func measureBound(t *testing.T, ctx context.Context, g *Game, pos int, draw [3]Card) {
	exposed, _ := g.exposedCard()
	c0 := cpuNow()
	adv, err := g.Advice(ctx, draw)
	if err != nil {
		t.Fatal(err)
	}
	advCPU := cpuNow() - c0
	var opps []int
	for p := range g.players {
		if p != g.seat && !g.eliminated[p] {
			opps = append(opps, p)
		}
	}
	cnt := g.cnt.Counter(g.prob)
	rng := rand.New(rand.NewPCG(0, 0x6c65616b))
	var worlds []solver.World
	for range 8 {
		w, err := cnt.Sample(ctx, rng)
		if err != nil {
			t.Fatal(err)
		}
		worlds = append(worlds, w)
	}
	qs := g.drawQuestions(draw)
	gain := make([]float64, len(qs))
	for qi, q := range qs {
		gain[qi] = math.NaN()
		for _, a := range adv.Questions {
			if a.Range.Cards() != nil && mask(a.Range.Cards()) == mask(q.Range.Cards()) && a.Opponent == q.Opponent {
				gain[qi] = a.Gain
			}
		}
	}
	v := g.views(exposed)
	type job struct {
		o    int
		leak map[int][]float64 // asked -> leaks of qs
		cost map[int]time.Duration
	}
	at := map[int][]*job{}
	var jobs []*job
	for _, o := range opps {
		byKey := map[string]*job{}
		for _, w := range worlds {
			key, seen := v.Seen(o, w)
			j := byKey[key]
			if j == nil {
				j = &job{o: o, leak: map[int][]float64{}, cost: map[int]time.Duration{}}
				byKey[key] = j
				jobs = append(jobs, j)
				view := v.Known(o).Clone()
				if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
					t.Fatal(err)
				}
				for _, d := range opps {
					if d == o {
						continue
					}
					c0 := cpuNow()
					out, err := g.viewLeaks(ctx, view, o, exposed, qs, d)
					if err != nil {
						t.Fatal(err)
					}
					j.cost[d] = cpuNow() - c0
					j.leak[d] = out
				}
			}
			at[o] = append(at[o], j)
		}
	}
	var total time.Duration
	graphs := 0
	for _, j := range jobs {
		for _, c := range j.cost {
			total += c
			graphs++
		}
	}
	// Exact scores.
	score := make([]float64, len(qs))
	for qi, q := range qs {
		worst := 0.0
		for _, o := range opps {
			if o == q.Opponent {
				continue
			}
			s := 0.0
			for _, j := range at[o] {
				s += j.leak[q.Opponent][qi]
			}
			worst = max(worst, s/float64(len(worlds)))
		}
		score[qi] = gain[qi] - worst
	}
	order := slices.Clone(opps)
	maxGain := func(d int) float64 {
		m := math.Inf(-1)
		for qi, q := range qs {
			if q.Opponent == d && !math.IsNaN(gain[qi]) {
				m = max(m, gain[qi])
			}
		}
		return m
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpF(maxGain(b), maxGain(a)) })
	var b strings.Builder
	fmt.Fprintf(&b, "position %d: seat advice %v CPU; %d graphs, %v CPU; %d distinct views\n", pos, advCPU.Round(time.Millisecond), graphs, total.Round(time.Millisecond), len(jobs))
	for _, d := range order {
		var dc time.Duration
		for _, j := range jobs {
			dc += j.cost[d]
		}
		fmt.Fprintf(&b, "  asked %d: max gain %.4f, graphs CPU %v; scores", d, maxGain(d), dc.Round(time.Millisecond))
		for qi, q := range qs {
			if q.Opponent == d && !math.IsNaN(gain[qi]) {
				fmt.Fprintf(&b, " %.3f/%.3f", score[qi], gain[qi])
			}
		}
		b.WriteString("\n")
	}
	for _, top := range []int{1, 2, 3, 5, 1000} {
		// Per asked player: whole or nothing.
		var exact []float64
		kth := func() float64 {
			if len(exact) < top {
				return math.Inf(-1)
			}
			s := slices.Clone(exact)
			slices.Sort(s)
			return s[len(s)-top]
		}
		var costA time.Duration
		graphsA := 0
		for _, d := range order {
			if maxGain(d) <= kth() {
				continue
			}
			for _, j := range jobs {
				if c, ok := j.cost[d]; ok {
					costA += c
					graphsA++
				}
			}
			for qi, q := range qs {
				if q.Opponent == d && !math.IsNaN(gain[qi]) {
					exact = append(exact, score[qi])
				}
			}
		}
		// Graph by graph, world-major, stopping an asked player when
		// no question of its can reach the top.
		exact = nil
		var costB time.Duration
		graphsB := 0
		for _, d := range order {
			th := kth()
			if maxGain(d) <= th {
				continue
			}
			done := map[*job]bool{}
			psum := map[int][]float64{}
			stopped := false
		loop:
			for w := range worlds {
				for _, o := range opps {
					if o == d {
						continue
					}
					j := at[o][w]
					if psum[o] == nil {
						psum[o] = make([]float64, len(qs))
					}
					if !done[j] {
						done[j] = true
						costB += j.cost[d]
						graphsB++
					}
					for qi := range qs {
						psum[o][qi] += j.leak[d][qi] / float64(len(worlds))
					}
					// Upper bound of each question of d.
					reach := false
					for qi, q := range qs {
						if q.Opponent != d || math.IsNaN(gain[qi]) {
							continue
						}
						worst := 0.0
						for _, s := range psum {
							worst = max(worst, s[qi])
						}
						if gain[qi]-worst > th {
							reach = true
						}
					}
					if !reach {
						stopped = true
						break loop
					}
				}
			}
			if !stopped {
				for qi, q := range qs {
					if q.Opponent == d && !math.IsNaN(gain[qi]) {
						exact = append(exact, score[qi])
					}
				}
			}
		}
		fmt.Fprintf(&b, "  top %d: by asked player %d graphs %v (%.0f%%); graph by graph %d graphs %v (%.0f%%)\n", top,
			graphsA, costA.Round(time.Millisecond), 100*costA.Seconds()/total.Seconds(),
			graphsB, costB.Round(time.Millisecond), 100*costB.Seconds()/total.Seconds())
	}
	fmt.Fprint(os.Stderr, b.String())
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
