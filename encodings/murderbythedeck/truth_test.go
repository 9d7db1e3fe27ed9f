package murderbythedeck

import (
	"context"
	"flag"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

var longChecks = flag.Bool("mbtd.long", false, "run the package's validation over many more simulated rounds")

// readings are the rule sets the validation plays: the default, each
// option alone, and the earlier readings together.
var readings = []Rules{{}, {Discard: DiscardSheet}, {Murderer: MurdererQS}, {Murderer: MurdererHigh}, {Discard: DiscardNoSpade}, {MaxPiles: 3}, Old}

// trueWorld is the world of the simulation sim for the model of st (built
// from seat's log of sim, up to the events seen): the deal, the card of
// every draw, the rest of each pile; BLOCK suits are tried in turn by the
// caller.
func trueWorld(sim *Simulation, st *state) solver.World {
	w := make(solver.World, len(st.copies))
	for i := range w {
		w[i] = solver.NoHolder
	}
	find := func(c Card, e int) int {
		for i, cp := range st.copies {
			if cp.card == c && cp.epoch == e {
				return i
			}
		}
		return -1
	}
	k := 0
	for _, ev := range sim.Round.Events {
		if ev.Kind != Draw || k >= len(st.slots) {
			continue
		}
		if i := find(ev.Card, st.slots[k].epoch); i >= 0 {
			w[i] = solver.Holder(st.slots[k].holder)
		}
		k++
	}
	for i, cp := range st.copies {
		if w[i] != solver.NoHolder || cp.epoch < 0 {
			continue
		}
		w[i] = solver.Holder(st.pileH[cp.epoch-1])
		if cp.epoch == 1 {
			for p := range Players {
				for _, c := range sim.Deal[p*HandSize : (p+1)*HandSize] {
					if c == cp.card {
						w[i] = solver.Holder(p)
					}
				}
			}
		}
	}
	for i, cp := range st.copies {
		if cp.epoch < 0 {
			b := -cp.epoch - 1
			best := solver.NoHolder
			for h, e := range st.hEpoch {
				if e == cp.epoch && best == solver.NoHolder {
					best = solver.Holder(h)
				}
			}
			_ = b
			w[i] = best
		}
	}
	return w
}

// TestTrueWorldAlwaysPossible feeds every seat's log of simulated rounds
// line by line: every line is accepted and the true world satisfies every
// observation (BLOCK suits aside, checked by consistency).
func TestTrueWorldAlwaysPossible(t *testing.T) {
	ctx := context.Background()
	seeds := uint64(4)
	if *longChecks {
		seeds = 40
	}
	for i := range uint64(len(readings)) * seeds {
		seed, rules := i/uint64(len(readings))+1, readings[i%uint64(len(readings))]
		// A round of some readings may not end (no Spade discarded and no
		// cap on the piles: nobody dies); 120 turns are enough.
		sim, err := Simulate(SimOptions{Seed: seed, Rules: rules, MaxTurns: 120})
		if err != nil {
			t.Fatal(err)
		}
		for seat := range Players {
			st := newState()
			for i, line := range sim.Logs[seat] {
				if err := st.apply(i+1, line); err != nil {
					t.Fatalf("seed %d seat %d line %d %q: %v", seed, seat, i+1, line, err)
				}
			}
			cp, err := st.compile()
			if err != nil {
				t.Fatal(err)
			}
			if st.blocks == 0 {
				w := trueWorld(sim, st)
				if bad, deal := cp.prob.Check(w); len(bad) > 0 || !deal {
					t.Fatalf("seed %d seat %d: the true world breaks observations %v (deal %v)", seed, seat, bad, deal)
				}
			}
			ok, err := solver.NewSAT(cp.prob).Consistent(ctx)
			if err != nil || !ok {
				t.Fatalf("seed %d seat %d: inconsistent: %v", seed, seat, err)
			}
		}
	}
}
