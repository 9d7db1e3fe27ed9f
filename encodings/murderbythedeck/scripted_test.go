package murderbythedeck

import (
	"context"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestScriptedRoundsTracked plays scripted rounds that use every kind of
// line (BLOCK, accusations right, wrong and unjudged, an accused on death
// row, lucky breaks, deaths) and feeds every seat's log to a Game: every
// line is accepted, and the true deal and draws satisfy every constraint.
func TestScriptedRoundsTracked(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		hands  [Players]string
		pile   string
		turns  int
		script [Players]*script
	}{
		{"block then right", [Players]string{"AH 2H 3H 4H JH QH KH", "KS"}, "2D 3D 4D", 8,
			[Players]*script{{acts: []Action{{Kind: Block}, {Kind: Accuse, Target: 1}}}}},
		{"wrong accusation", [Players]string{"AD 2D 3D 4D JD QD KD", "", "QS"}, "", 6,
			[Players]*script{{acts: []Action{{Kind: Accuse, Target: 1}}}}},
		{"accuser with Spades", [Players]string{"AS 2S 3S 4S JS QS KS"}, "", 6,
			[Players]*script{{acts: []Action{{Kind: Accuse, Target: 2}}}}},
		{"accused on death row", [Players]string{"AC 2C 3C 4C JC QC KC"}, "4S", 6,
			[Players]*script{{acts: []Action{{Kind: Block}, {Kind: Accuse, Target: 1}}}}},
		{"lucky break", [Players]string{}, "3S 2H 3H 4H AS 6H", 10, [Players]*script{}},
		{"death by a 2", [Players]string{}, "2S 2H 3H 4H 6H 8H JH QH", 12, [Players]*script{}},
		{"to the end", [Players]string{}, "", 400, [Players]*script{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := deal(t, tc.hands, tc.pile)
			var pol [Players]Policy
			for p := range Players {
				pol[p] = &script{}
				if tc.script[p] != nil {
					pol[p] = tc.script[p]
				}
			}
			for i := 0; i < tc.turns && !r.Over; i++ {
				if err := r.Play(pol); err != nil {
					t.Fatal(err)
				}
			}
			sim := &Simulation{Players: SimPlayers, Round: r, Deal: r.Deal}
			for seat := range Players {
				g := NewGame()
				lines := SeatLog(r.Rules, SimPlayers, seat, r.Deal[seat*HandSize:(seat+1)*HandSize], r.Events)
				for _, l := range lines {
					if err := g.Apply(l); err != nil {
						t.Fatalf("seat %d: %q: %v\n%v", seat, l, err, lines)
					}
				}
				st := g.st
				w := trueWorld(sim, st)
				// The BLOCK cards: try every suit (one fits).
				var blocks []int
				for i, cp := range st.copies {
					if cp.epoch < 0 {
						blocks = append(blocks, i)
					}
				}
				found := false
				for code := 0; code < 1<<(2*len(blocks)) && !found; code++ {
					for j, i := range blocks {
						suit := code >> (2 * j) & 3
						n := 0
						for h, e := range st.hEpoch {
							if e == st.copies[i].epoch {
								if n == suit {
									w[i] = solver.Holder(h)
								}
								n++
							}
						}
					}
					bad, deal := g.cp.prob.Check(w)
					found = len(bad) == 0 && deal
				}
				if !found {
					bad, _ := g.cp.prob.Check(w)
					t.Fatalf("seat %d: the true world breaks observations %v", seat, bad)
				}
				if seat == 0 {
					if _, err := g.Sheet(ctx); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}
