package theresbeenamurder

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// simulateStates plays the game Simulate plays for o and keeps the state
// right after the deal and at the start of every turn (then the final
// state).
func simulateStates(t *testing.T, o SimOptions) (*Simulation, []*State) {
	t.Helper()
	cfg, err := NewConfig(o.Players, o.Level)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x7b3a))
	sim := &Simulation{Players: slices.Clone(PlayerNames[:cfg.Players]), Config: cfg, Logs: make([][]string, cfg.Players)}
	deck, removed := RandomDeal(cfg, rng)
	s := NewState(cfg, deck, removed)
	for p := range cfg.Players {
		sim.Logs[p] = SetupLines(cfg, sim.Players, p, s.Hands[p])
	}
	ag := &randomAgent{rng: rng, sim: sim, plan: map[int]Play{}}
	states := []*State{s.Clone()}
	s.start(ag)
	for !s.Over() {
		states = append(states, s.Clone())
		s.playTurn(ag)
	}
	return sim, append(states, s.Clone())
}

// truePlace is the encoding's place of card c in state s.
func truePlace(x *encoding, s *State, c Card) solver.Holder {
	if p := s.HolderOf(c); p >= 0 {
		return solver.Holder(p)
	}
	switch i := slices.Index(s.Deck, c); {
	case i == 0:
		return solver.Holder(x.top())
	case i > 0:
		return solver.Holder(x.rest())
	case has(s.Discard, c):
		return solver.Holder(x.pile())
	}
	return solver.Holder(x.removed())
}

// TestExactSound: over simulated games at every table size and level, from
// every seat, the true history (every card's place after the deal and at
// the end of every turn) satisfies every observation of the encoding, and
// the SAT engine finds the lines consistent. It fails when a constraint
// claims more than the rules give (try the Butler's card in the rest of
// the deck rather than on top).
func TestExactSound(t *testing.T) {
	games := 0
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := range uint64(3) {
			o := SimOptions{Players: players, Seed: 100 + seed, Level: Level(seed % 3)}
			sim, states := simulateStates(t, o)
			want, err := Simulate(o)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(want.Logs[0], sim.Logs[0]) {
				t.Fatal("simulateStates does not play Simulate's game")
			}
			games++
			for seat := range players {
				g := replay(t, sim, seat, 50)
				x, err := g.exactEnc()
				if err != nil {
					t.Fatal(err)
				}
				segs := g.segments()
				if len(segs) > len(states) {
					t.Fatalf("%d segments, %d states", len(segs), len(states))
				}
				w := make(solver.World, x.model.NumCards())
				for tm := range x.times {
					st := states[len(states)-1]
					if tm < x.times-1 {
						st = states[tm]
					}
					for _, c := range x.cards {
						w[x.card(c, tm)] = truePlace(x, st, c)
					}
				}
				bad, deal := x.prob.Check(w)
				if !deal || len(bad) > 0 {
					for _, i := range bad {
						t.Errorf("%d players seed %d seat %d: the true history violates the observation of line %d (%q)",
							players, o.Seed, seat, x.obsLine[i], g.lines[x.obsLine[i]-1])
					}
					t.Fatalf("deal %v; %d violated", deal, len(bad))
				}
			}
		}
	}
	if games == 0 {
		t.Fatal("no games")
	}
}
