package murderbythedeck

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestPossibleByCountAgrees checks the sheet's places settled by the
// counter's marginals (the fallback when the SAT engine is slow) against
// the SAT engine, at the end of turns of simulated rounds: every place of
// every card, and each player being or not being the murderer.
func TestPossibleByCountAgrees(t *testing.T) {
	ctx := context.Background()
	checked, differ := 0, 0
	for _, seed := range []uint64{5, 9} {
		sim, err := Simulate(SimOptions{Seed: seed, MaxTurns: 60})
		if err != nil {
			t.Fatal(err)
		}
		lines := sim.Logs[int(seed%Players)]
		g := NewGame()
		prev := 0
		for k, end := range turnEnds(lines) {
			for _, l := range lines[prev : end+1] {
				if err := g.Apply(l); err != nil {
					t.Fatal(err)
				}
			}
			prev = end + 1
			if k%4 != 3 {
				continue
			}
			var qs []query
			for c := range Card(NumCards) {
				for col := range numCols {
					if lits, public, _ := g.st.where(c, col); !public && len(lits) > 0 {
						qs = append(qs, query{lits: lits, hold: true}, query{lits: lits, hold: false})
					}
				}
			}
			for p := range Players {
				if lits := g.st.highIn(p); len(lits) > 0 {
					qs = append(qs, query{lits: lits, hold: true}, query{lits: lits, hold: false})
				}
			}
			ks := make([]solver.Constraint, len(qs))
			for i, q := range qs {
				ks[i] = g.queryCons(q)
			}
			want, err := g.engine(g.cp.prob).Possible(ctx, ks)
			if err != nil {
				t.Fatal(err)
			}
			got, err := g.possibleByCount(ctx, qs, ks)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				differ++
				for i := range qs {
					if got[i] != want[i] {
						t.Errorf("seed %d line %d: query %d (%v, hold %v): counter %v, SAT %v", seed, end+1, i, qs[i].lits, qs[i].hold, got[i], want[i])
					}
				}
			}
			checked += len(qs)
		}
	}
	if checked < 500 {
		t.Fatalf("only %d queries checked", checked)
	}
	t.Logf("%d queries checked", checked)
}

// TestPossibleStopsAtItsDeadline checks that the SAT engine's questions
// stop when their context ends: at a position where proving the open
// places impossible takes the engine seconds (a random round of seed 5,
// seat 0, line 194), the sheet's questions (the places no sampled world
// shows) asked with 50 ms end with the deadline rather than an answer; a
// solve that ignored its context would answer, seconds later.
func TestPossibleStopsAtItsDeadline(t *testing.T) {
	sim, err := Simulate(SimOptions{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame()
	for _, l := range sim.Logs[0][:194] {
		if err := g.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	// The places no sampled world shows: the questions the sheet asks.
	est, err := g.Estimate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ks []solver.Constraint
	for c := range Card(NumCards) {
		for col := range numCols {
			if lits, public, _ := g.st.where(c, col); !public && len(lits) > 0 && est.LocP(c, col).Sign() == 0 {
				ks = append(ks, g.queryCons(query{lits: lits, hold: true}))
			}
		}
	}
	if len(ks) == 0 {
		t.Fatal("no question to ask")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := g.engine(g.cp.prob).Possible(ctx, ks); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the questions ended with %v, not the deadline", err)
	}
}
