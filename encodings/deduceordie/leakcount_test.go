package deduceordie

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/solver"
)

var leakHandsTime = flag.Bool("dod.leakhands", false, "TestLeakHandsMatchEngine: compare the two counts at a 5-player position and 6-player positions 16, 24 and 32 too, and log each one's CPU time per view")

// leakView is one opponent's view in one world of the seat's view, and the
// tallies that opponent would hear from the seat's questions of a draw, as
// LeakAdvice builds them.
type leakView struct {
	name    string
	view    *solver.Problem
	tallies []solver.Tally
	exposed Card
	ev      solver.Holder
}

// leakViews are the opponents' views at every step-th prefix of seat 0's
// log of a simulated game from line from to line to (where the exposed
// card is known), in one world of the seat's view drawn at each, with one random
// draw's tallies.
func leakViews(t *testing.T, players int, seed uint64, from, to, step int) []leakView {
	t.Helper()
	ctx := context.Background()
	sim, err := Simulate(SimOptions{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	g := NewGame()
	var out []leakView
	for i, line := range sim.Logs[0][1:] {
		if err := g.Apply(line); err != nil {
			t.Fatal(err)
		}
		exposed, ok := g.exposedCard()
		if i > to {
			break
		}
		if i < max(from, 3) || !ok || (i-from)%step != 0 || g.over {
			continue
		}
		w, err := g.cnt.Counter(g.prob).Sample(ctx, rng)
		if err != nil {
			t.Fatal(err)
		}
		draw := [3]Card{Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))}
		qs := g.drawQuestions(draw)
		v := g.views(exposed)
		for o := range g.players {
			if o == g.seat || g.eliminated[o] {
				continue
			}
			view := v.Known(o)
			_, seen := v.Seen(o, w)
			if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
				t.Fatal(err)
			}
			tallies, _, err := leakTallies(view, o, qs, -1)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, leakView{fmt.Sprintf("players %d seed %d line %d opponent %d", players, seed, i, o), view, tallies, exposed, g.evidenceH()})
		}
	}
	return out
}

// TestLeakHandsMatchEngine compares the general engine's count of the
// leaks' entropies (solver.Counter.EntropyByTally, what LeakAdvice uses)
// with the hand-list count of leakhands_test.go, written separately, on
// opponent views of simulated games: the same values with the same
// numbers of worlds (exact integers), the entropies equal to rounding. It
// checks that the hand-list count was taken on most of the views, and
// that it declines a view with a wrong accusation (a constraint over two
// holders). With -dod.leakhands it also compares them at a 5-player
// position and at 6-player positions of game 0 (the one of
// docs/benchmarks.md), and logs each one's CPU time per view.
func TestLeakHandsMatchEngine(t *testing.T) {
	ctx := context.Background()
	taken, views := 0, 0
	var cpuHands, cpuEngine time.Duration
	type pos struct {
		players  int
		seed     uint64
		from, to int
		step     int
	}
	cases := []pos{{3, 1, 6, 10, 2}, {3, 2, 10, 16, 3}, {4, 1, 15, 15, 1}, {4, 2, 14, 16, 2}}
	if *leakHandsTime {
		cases = append(cases, pos{5, 1, 12, 12, 1}, pos{6, 0, 16, 32, 8})
	}
	for _, tc := range cases {
		for _, lv := range leakViews(t, tc.players, tc.seed, tc.from, tc.to, tc.step) {
			if len(lv.tallies) == 0 {
				continue
			}
			views++
			c0 := cpuNow()
			hl, err := splitHands(lv.view)
			if errors.Is(err, errNoSplit) {
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", lv.name, err)
			}
			all, split, err := hl.entropyByTally(ctx, lv.ev, lv.exposed, lv.tallies)
			if errors.Is(err, errNoSplit) {
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", lv.name, err)
			}
			c1 := cpuNow()
			wantAll, want, err := solver.NewCounter(lv.view).EntropyByTally(ctx, lv.ev, murdererPick(lv.exposed), lv.tallies)
			if err != nil {
				t.Fatal(err)
			}
			c2 := cpuNow()
			taken++
			if *leakHandsTime {
				cpuHands += c1 - c0
				cpuEngine += c2 - c1
				t.Logf("%s: CPU hand lists %v, engine %v", lv.name, (c1 - c0).Round(time.Millisecond), (c2 - c1).Round(time.Millisecond))
			}
			same := func(what string, got, want solver.JointEntropy) {
				if got.Worlds.Cmp(want.Worlds) != 0 || math.Abs(got.Bits-want.Bits) > 1e-9 {
					t.Errorf("%s, %s: %v worlds %.15g bits, engine %v worlds %.15g bits", lv.name, what, got.Worlds, got.Bits, want.Worlds, want.Bits)
				}
			}
			same("all", all, wantAll)
			for i := range want {
				if len(split[i]) != len(want[i]) {
					t.Errorf("%s, tally %d: %d values, engine %d", lv.name, i, len(split[i]), len(want[i]))
					continue
				}
				for k := range want[i] {
					if split[i][k].Value != want[i][k].Value {
						t.Errorf("%s, tally %d: value %d, engine %d", lv.name, i, split[i][k].Value, want[i][k].Value)
					}
					same(fmt.Sprintf("tally %d value %d", i, want[i][k].Value), split[i][k].JointEntropy, want[i][k].JointEntropy)
				}
			}
		}
	}
	t.Logf("%d of %d views counted both ways", taken, views)
	if *leakHandsTime {
		t.Logf("CPU, all views counted both ways: hand lists %v, engine %v", cpuHands.Round(time.Millisecond), cpuEngine.Round(time.Millisecond))
	}
	if 3*taken < 2*views {
		t.Errorf("hand lists taken on %d of %d views only", taken, views)
	}
	// A wrong accusation ties the Evidence to a player: no split.
	g := NewGame()
	for _, l := range []string{"players A B C", "seat A", "hand A 1s 2s 3s 4s 5s 6s 7s 8s", "exposed 9s", "accuse B C 1h+2h wrong"} {
		if err := g.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := splitHands(g.prob); !errors.Is(err, errNoSplit) {
		t.Errorf("a wrong accusation: %v, want errNoSplit", err)
	}
}
