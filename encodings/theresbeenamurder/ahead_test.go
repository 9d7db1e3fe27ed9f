package theresbeenamurder

import (
	"fmt"
	"testing"
)

// aheadOf is the look-ahead of a game's lines as the tracker would build
// it when its particles die at the last line: the closed turns and the
// open one, with the cards named before each.
func aheadOf(g *Game) *lookahead {
	segs := g.segments()
	t := &tracker{cfg: g.cfg, seat: g.p.seat, hand: g.hand}
	hard := special
	for _, c := range g.hand {
		hard.add(c)
	}
	for i, s := range segs {
		var obs []Event
		for _, e := range s.evs {
			obs = append(obs, e.e)
		}
		if i == len(segs)-1 {
			t.obs, t.hard = obs, hard
			break
		}
		t.hist = append(t.hist, checkpoint{obs: obs, hard: hard})
		for _, e := range obs {
			mentions(&hard, e)
		}
	}
	return t.ahead()
}

// TestAheadSound: the look-ahead (ahead.go) never drops the true
// history. Over simulated games at every table size and level (two seats
// of one game a player count; every seat of three games with
// -tbam.long), after every line, every card the look-ahead constrains at
// a time point (the deal's end, each turn's start) is, in the real game,
// at one of the places it allows (its exact place, not the looser pools
// of a sampled state). It fails when a line's card is pinned to the wrong
// place (try the Reporter's card in the reporter's hand) or a turn's
// moves are left out.
func TestAheadSound(t *testing.T) {
	checked := 0
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for _, seed := range sweepSeeds(players, 3) {
			o := SimOptions{Players: players, Seed: 200 + seed, Level: Level(seed % 3)}
			sim, states := simulateStates(t, o)
			for _, seat := range sweepSeats(players, seed) {
				g := NewGame()
				g.Particles = 20
				for i, line := range sim.Logs[seat] {
					if err := g.Apply(line); err != nil {
						t.Fatalf("line %d %q: %v", i+1, line, err)
					}
					if g.cfg == nil {
						continue
					}
					look := aheadOf(g)
					if look == nil {
						continue
					}
					x := &encoding{n: players, places: players + plExtra}
					for k, need := range look.need {
						for c, m := range need {
							if m == 0 {
								continue
							}
							checked++
							at := truePlace(x, states[k], Card(c))
							if m&(1<<at) == 0 {
								t.Fatalf("%d players seed %d seat %d, line %d %q: at time point %d the %v is at place %d, the look-ahead allows %b",
									players, o.Seed, seat, i+1, line, k, Card(c), at, m)
							}
						}
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	t.Log(fmt.Sprint(checked, " constraints checked"))
}
