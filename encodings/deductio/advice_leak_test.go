package deductio

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// entropyOf is the entropy, in bits, of the weights of m.
func entropyOf(m map[string]float64) float64 {
	total := 0.0
	for _, x := range m {
		total += x
	}
	h := 0.0
	for _, x := range m {
		if x > 0 {
			h -= x / total * math.Log2(x/total)
		}
	}
	return h
}

// TestClueLeaksBrute checks the leak-aware figures of the clue cards
// against brute force at positions of simulated games with few worlds:
// every world of the seat's view (SAT enumeration) and in each every world
// of each opponent's view (the public game and the opponent's own numbers,
// SAT enumeration, not the counter); the gain of a look from the joint
// entropies of the opponents' numbers and every set of cards seen, that
// of a free guess from the best guess's frequency over the worlds.
func TestClueLeaksBrute(t *testing.T) {
	ctx := context.Background()
	checked, leaky, gains := 0, 0, 0
	rows := [][]string{{"even", ">=7/look2", "not:9,19/free"}, {"odd/look1", "<=12", "10-15/look2"}, {"single", "double/free", "faceup+1"}}
	for seed := uint64(1); seed <= 40 && checked < 8; seed++ {
		sim, err := Simulate(SimOptions{Players: 3 + int(seed%2), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame()
		for i, l := range sim.Logs[0] {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
			if i < 6 || i%4 != 0 || g.st.winner() >= 0 || g.st.seat < 0 || g.st.current[g.st.seat] == 0 {
				continue
			}
			c, err := solver.NewCounter(g.st.prob).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if c.Cmp(big.NewInt(100)) > 0 {
				continue
			}
			var row []Clue
			for _, s := range rows[checked%len(rows)] {
				cl, err := ParseClue(s)
				if err != nil {
					t.Fatal(err)
				}
				row = append(row, cl)
			}
			adv, err := g.Advice(ctx, false, row)
			if err != nil {
				t.Fatal(err)
			}
			if adv.Clue == nil || adv.Clue.Play < 0 {
				continue
			}
			checkClueLeaks(t, fmt.Sprintf("seed %d line %d", seed, i), g, adv, &leaky, &gains)
			checked++
		}
	}
	if checked < 8 || leaky == 0 || gains == 0 {
		t.Errorf("%d positions, %d leaks and %d gains above 0: too weak a test", checked, leaky, gains)
	}
}

func checkClueLeaks(t *testing.T, at string, g *Game, adv *Advice, leaky, gains *int) {
	t.Helper()
	ctx := context.Background()
	st := g.st
	pub, err := g.publicState()
	if err != nil {
		t.Fatal(err)
	}
	var worlds []solver.World
	for w := range solver.NewSAT(st.prob).Worlds(ctx) {
		worlds = append(worlds, w)
	}
	holderOf := func(w solver.World, h solver.Holder) int {
		for c, x := range w {
			if x == h {
				return c
			}
		}
		return -1
	}
	// The best guess's frequency over the worlds.
	bestP := 0.0
	for j := range st.players {
		if j == st.seat {
			continue
		}
		freq := map[int]float64{}
		for _, w := range worlds {
			freq[holderOf(w, st.cur(j))]++
		}
		for _, f := range freq {
			bestP = max(bestP, f/float64(len(worlds)))
		}
	}
	bestScore := math.Inf(-1)
	viewCache := map[string][]int{}
	for i, o := range adv.Clue.Options {
		if o.True != o.Ranked {
			t.Fatalf("%s: %s true %v ranked %v", at, o.Clue, o.True, o.Ranked)
		}
		if !o.True {
			continue
		}
		set := o.Clue.Numbers(st.faceUp)
		var gain float64
		switch o.Clue.Ability {
		case FreeGuess:
			gain = binaryEntropyBrute(bestP)
		case Look1, Look2:
			k := int(o.Clue.Ability-Look1) + 1
			pO, pS, pOS := map[string]float64{}, map[string]float64{}, map[string]float64{}
			for _, w := range worlds {
				opp := ""
				for j := range st.players {
					if j != st.seat {
						opp += fmt.Sprint(holderOf(w, st.cur(j)), ",")
					}
				}
				var deck []int
				for c, h := range w {
					if _, looked := st.looked[c+1]; h == st.deck && !looked {
						deck = append(deck, c)
					}
				}
				var sets []string
				var rec func(i int, cur string, n int)
				rec = func(i int, cur string, n int) {
					if n == min(k, len(deck)) {
						sets = append(sets, cur)
						return
					}
					for j := i; j < len(deck); j++ {
						rec(j+1, cur+fmt.Sprint(deck[j], ","), n+1)
					}
				}
				rec(0, "", 0)
				pO[opp]++
				for _, s := range sets {
					pS[s] += 1 / float64(len(sets))
					pOS[opp+"|"+s] += 1 / float64(len(sets))
				}
			}
			gain = entropyOf(pO) + entropyOf(pS) - entropyOf(pOS)
		}
		if math.Abs(o.Gain-gain) > 1e-9 {
			t.Errorf("%s, %s: gain %.6f, brute force %.6f", at, o.Clue, o.Gain, gain)
		}
		if gain > 1e-6 {
			*gains++
		}
		worst := 0.0
		k := 0
		for op := range st.players {
			if op == st.seat {
				continue
			}
			want := 0.0
			for _, w := range worlds {
				var cons []solver.Constraint
				key := ""
				for c, h := range w {
					if st.owner[h] == op {
						cons = append(cons, solver.Holds(solver.Card(c), h))
						key += fmt.Sprint(c, h, ",")
					}
				}
				// The opponent's view's seat numbers, enumerated once per
				// view.
				seatNums, ok := viewCache[key]
				if !ok {
					view := pub.prob.Clone()
					if _, err := view.Add(solver.Observation{Label: "own", Constraints: cons}); err != nil {
						t.Fatal(err)
					}
					for v := range solver.NewSAT(view).Worlds(ctx) {
						seatNums = append(seatNums, holderOf(v, st.cur(st.seat))+1)
					}
					viewCache[key] = seatNums
				}
				yes := 0
				for _, n := range seatNums {
					if set.Has(n) {
						yes++
					}
				}
				want += -math.Log2(float64(yes)/float64(len(seatNums))) / float64(len(worlds))
			}
			l := o.Leaks[k]
			k++
			if l.Opponent != st.players[op] || math.Abs(l.Gain-want) > 1e-9 {
				t.Errorf("%s, %s: leak to %s %.6f, brute force to %s %.6f", at, o.Clue, l.Opponent, l.Gain, st.players[op], want)
			}
			if want > 1e-6 {
				*leaky++
			}
			worst = max(worst, want)
		}
		if k != len(o.Leaks) {
			t.Errorf("%s, %s: %d leaks, want %d", at, o.Clue, len(o.Leaks), k)
		}
		if math.Abs(o.Score-(gain-worst)) > 1e-9 {
			t.Errorf("%s, %s: score %.6f, brute force %.6f", at, o.Clue, o.Score, gain-worst)
		}
		if gain-worst > bestScore+1e-9 {
			bestScore = gain - worst
		}
		_ = i
	}
	if p := adv.Clue.Options[adv.Clue.Play]; math.Abs(p.Score-bestScore) > 1e-9 {
		t.Errorf("%s: plays %s of score %.6f, the best is %.6f", at, p.Clue, p.Score, bestScore)
	}
}

func binaryEntropyBrute(p float64) float64 {
	return entropyOf(map[string]float64{"yes": p, "no": 1 - p})
}
