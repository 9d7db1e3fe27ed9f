package theresbeenamurder

import (
	"context"
	"math"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestViewCells checks the view the sheet and the reports read against
// the cell-by-cell answers: after every line of a few simulated games
// (sizes 3, 5 and 8, the tracker following and lost), every card's mark
// at every location is mark's and its estimate is Where's, to the bit.
func TestViewCells(t *testing.T) {
	tests := []struct {
		why     string
		players int
		seed    uint64
		parts   int
	}{
		{"three players", 3, 4, 100},
		{"five players", 5, 2, 100},
		{"eight players", 8, 1, 100},
		{"eight players, few particles (the tracker may be lost)", 8, 3, 5},
	}
	for _, tt := range tests {
		sim, err := engine.Simulate(engine.SimOptions{Players: tt.players, Seed: tt.seed})
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame()
		g.Particles = tt.parts
		cells := 0
		for n, line := range sim.Logs[0] {
			if err := g.Apply(line); err != nil {
				t.Fatalf("%s: line %d: %v", tt.why, n+1, err)
			}
			if g.cfg == nil || n%3 != 0 {
				continue
			}
			v := g.view()
			for _, c := range g.cfg.Cards {
				for l := range g.locations() {
					if got, want := v.mark(c, l), g.mark(c, l); got != want {
						t.Fatalf("%s: line %d: %v at %s: view's mark %v, mark %v", tt.why, n+1, c, g.locName(l), got, want)
					}
					got, want := v.where(c, l), g.Where(c, l)
					if math.Float64bits(got.P) != math.Float64bits(want.P) || math.Float64bits(got.SE) != math.Float64bits(want.SE) {
						t.Fatalf("%s: line %d: %v at %s: view's estimate %v, Where %v", tt.why, n+1, c, g.locName(l), got, want)
					}
					cells++
				}
			}
		}
		if cells == 0 {
			t.Fatalf("%s: no cell compared", tt.why)
		}
	}
}

// TestPlacesOracle checks where the SAT layer says each card may be at the
// open turn's start (places0: the tracker's histories, one scope of
// questions, and the worlds two cards' swaps make of the worlds found)
// against one plain question per card and place (ImpliesUnder on the
// closed turns' observations), at every turn of a few simulated games.
func TestPlacesOracle(t *testing.T) {
	tests := []struct {
		why     string
		players int
		seed    uint64
	}{
		{"three players", 3, 2},
		{"five players", 5, 4},
	}
	ctx := context.Background()
	turns, swapped := 0, 0
	for _, tt := range tests {
		sim, err := engine.Simulate(engine.SimOptions{Players: tt.players, Seed: tt.seed})
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame()
		g.Particles = 50
		for n, line := range sim.Logs[0] {
			if err := g.Apply(line); err != nil {
				t.Fatalf("%s: line %d: %v", tt.why, n+1, err)
			}
			if g.cfg == nil || len(g.evs) == 0 || !g.evs[len(g.evs)-1].NewTurn {
				continue
			}
			x, err := g.exactEnc()
			if err != nil {
				t.Fatal(err)
			}
			for _, seen := range []func() map[engine.Card][]bool{nil, func() map[engine.Card][]bool { return g.seenPlaces(x) }} {
				before := x.Swapped
				was, err := x.Places0(ctx, seen)
				swapped += x.Swapped - before
				if err != nil {
					t.Fatal(err)
				}
				for i, c := range x.Cards {
					for m := range x.Places {
						e, err := x.Sat.ImpliesUnder(ctx, x.ClosedIDs(), solver.Fact{Card: x.Card(c, x.Now-1), Holder: solver.Holder(m), Holds: false})
						if err != nil {
							t.Fatal(err)
						}
						if was[i][m] == e.Implied {
							t.Fatalf("%s: line %d: %v at place %d: places0 says possible %v, the solver %v", tt.why, n+1, c, m, was[i][m], !e.Implied)
						}
					}
				}
			}
			turns++
		}
	}
	if turns == 0 || swapped == 0 {
		t.Fatalf("%d turns checked, %d worlds made by swaps: both should be some", turns, swapped)
	}
}
