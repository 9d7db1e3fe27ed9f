package theresbeenamurder

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

// prefixAgent plays a random game and stops it once the seat's log leaves
// the target prefix (failing) or reaches its end (keeping the state).
type prefixAgent struct {
	engine.RandomAgent
	seat   int
	prefix []string
	n      int // lines of the prefix matched
	snap   *engine.State
	// after is set when the prefix ends on a play: the swap it makes
	// between other players, which the seat does not see, belongs to
	// the play's line (the state is taken after it).
	after bool
}

type stopRun struct{}

func (a *prefixAgent) Emit(s *engine.State, e engine.Event) {
	v, ok := e.View(a.seat)
	if a.after {
		if !ok && e.Kind == engine.EvGive {
			a.snap = s.Clone()
		}
		panic(stopRun{})
	}
	if !ok {
		return
	}
	if a.n >= len(a.prefix) || v.Text(a.Sim.Players) != a.prefix[a.n] {
		panic(stopRun{})
	}
	a.n++
	if a.n == len(a.prefix) {
		a.snap = s.Clone()
		if estimate.PassesAmongOthers(e, a.seat) {
			a.after = true
			return
		}
		panic(stopRun{})
	}
}

// choose stops a run whose prefix is matched at the seat's own choice
// (its lines would say).
func (a *prefixAgent) Choose(s *engine.State, d engine.Decision, actor int, opts []int) int {
	if a.after && actor == a.seat {
		panic(stopRun{})
	}
	return a.RandomAgent.Choose(s, d, actor, opts)
}

// prefixHand is the hand line's cards.
func prefixHand(prefix []string) []engine.Card {
	for _, l := range prefix {
		if rest, ok := strings.CutPrefix(l, "hand "); ok {
			ws := strings.Fields(rest)
			a, _ := engine.ParseCard(ws[0])
			b, _ := engine.ParseCard(ws[1])
			return []engine.Card{a, b}
		}
	}
	return nil
}

// runPrefix plays one random game with seed and returns its state when the
// seat's log is prefix, or nil when the log differs.
func runPrefix(cfg *engine.Config, seed uint64, seat int, prefix []string) *engine.State {
	rng := rand.New(rand.NewPCG(seed, 99))
	sim := &engine.Simulation{Players: engine.PlayerNames[:cfg.Players], Logs: make([][]string, cfg.Players)}
	deck, removed := engine.RandomDeal(cfg, rng)
	// The hand first, cheaply: most games differ there.
	h := []engine.Card{deck[cfg.DealPosition(seat, 0)], deck[cfg.DealPosition(seat, 1)]}
	if want := prefixHand(prefix); want == nil || !(h[0] == want[0] && h[1] == want[1] || h[0] == want[1] && h[1] == want[0]) {
		return nil
	}
	s := engine.NewState(cfg, deck, removed)
	setup := engine.SetupLines(cfg, sim.Players, seat, s.Hands[seat])
	if len(setup) > len(prefix) || !slices.Equal(setup, prefix[:len(setup)]) {
		return nil
	}
	a := &prefixAgent{RandomAgent: engine.RandomAgent{Rng: rng, Sim: sim}, seat: seat, prefix: prefix, n: len(setup)}
	if a.n == len(prefix) {
		return s
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stopRun); !ok {
					panic(r)
				}
			}
		}()
		s.Start(a)
		for !s.Over() {
			s.PlayTurn(a)
		}
	}()
	return a.snap
}

// TestAgainstRejection compares the tracker's estimates with rejection
// sampling: random games are played until the seat's log starts with the
// same lines, and the cards' places in those games are counted. Every
// estimate must agree with the rejection frequency within 3 standard
// errors (the tracker's and the frequency's, combined).
func TestAgainstRejection(t *testing.T) {
	cards := []engine.Card{1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 14}
	cfg := &engine.Config{Players: 3, Cards: cards, Removed: 1}
	tests := []struct {
		seed  uint64
		lines int // lines of the seat's log after the set-up
	}{
		{seed: 3, lines: 2},
		{seed: 21, lines: 4},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.seed), func(t *testing.T) {
			sim, err := engine.Simulate(engine.SimOptions{Config: cfg, Seed: tt.seed})
			if err != nil {
				t.Fatal(err)
			}
			setup := engine.SetupLines(cfg, sim.Players, 0, nil)
			n := len(setup) + tt.lines
			if n > len(sim.Logs[0]) {
				t.Skip("game too short")
			}
			prefix := sim.Logs[0][:n]
			g := NewGame()
			g.Particles = 4000
			for _, l := range prefix {
				if err := g.Apply(l); err != nil {
					t.Fatal(l, err)
				}
			}
			if g.track() == nil {
				t.Fatalf("the tracker found no history for %q", prefix)
			}
			// Rejection sampling.
			counts, kept := rejectionCounts(cfg, prefix, 400, 1_500_000)
			if kept < 200 {
				t.Fatalf("only %d games kept", kept)
			}
			checkAgainstRejection(t, g, cfg, counts, kept)
			t.Logf("%d lines, %d games kept", len(prefix), kept)
		})
	}
}

// TestCertainFactsHold replays every seat's log of simulated games and
// checks, after every line, that what the seat knows for certain (its
// hand, the pile) is true of the game's real state (two seats of one game
// a player count; every seat of four games with -tbam.long).
func TestCertainFactsHold(t *testing.T) {
	for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
		for _, seed := range sweepSeeds(players, 4) {
			o := engine.SimOptions{Players: players, Seed: seed, Level: engine.Level(seed % 3)}
			sim, err := engine.Simulate(o)
			if err != nil {
				t.Fatal(err)
			}
			states := statesAt(t, o)
			for _, seat := range sweepSeats(players, seed) {
				g := NewGame()
				k := 0 // events seen by the seat
				for i, line := range sim.Logs[seat] {
					if err := g.Apply(line); err != nil {
						t.Fatalf("%d players seed %d seat %d line %d %q: %v", players, seed, seat, i+1, line, err)
					}
					if g.cfg == nil || i < len(engine.SetupLines(g.cfg, sim.Players, seat, nil)) {
						continue
					}
					// The state the sheet describes after this line: once
					// a swap among other players that follows the line's
					// event is done (calib_test.go).
					seenState(sim, states, seat, &k)
					s := settledState(sim, states, seat, k)
					// The two lines of one swap: the second is still to come.
					if midExchange(sim.Logs[seat], i) {
						continue
					}
					for _, c := range g.cfg.Cards {
						for l := range g.locations() {
							m := g.exact(c, l)
							if (m == 1 && locOf(s, c) != l) || (m == 2 && locOf(s, c) == l) {
								t.Fatalf("%d players seed %d seat %d line %d %q: %v at %s marked %v, truly at %s",
									players, seed, seat, i+1, line, c, g.locName(l), m, g.locName(locOf(s, c)))
							}
						}
					}
				}
			}
		}
	}
}

// statesAt replays a simulation and returns the state right after each of
// its events.
func statesAt(t *testing.T, o engine.SimOptions) []*engine.State {
	t.Helper()
	cfg, _ := engine.NewConfig(o.Players, o.Level)
	rng := rand.New(rand.NewPCG(o.Seed, 0x7b3a))
	sim := &engine.Simulation{Players: engine.PlayerNames[:cfg.Players], Logs: make([][]string, cfg.Players)}
	deck, removed := engine.RandomDeal(cfg, rng)
	s := engine.NewState(cfg, deck, removed)
	a := &stateAgent{RandomAgent: engine.RandomAgent{Rng: rng, Sim: sim}}
	s.Start(a)
	for !s.Over() {
		s.PlayTurn(a)
	}
	return a.states
}

type stateAgent struct {
	engine.RandomAgent
	states []*engine.State
}

func (a *stateAgent) Emit(s *engine.State, e engine.Event) {
	a.RandomAgent.Emit(s, e)
	a.states = append(a.states, s.Clone())
}

// TestAgainstRejectionHound is TestAgainstRejection on a game with the
// Faithful Hound, whose answer the tracker conditions on without reading
// every hand: the first two seeds whose seat's log has a Hound's line
// among its first two lines after the set-up, cut just after it.
func TestAgainstRejectionHound(t *testing.T) {
	if testing.Short() {
		t.Skip("rejection sampling takes a while")
	}
	cards := []engine.Card{1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 23}
	cfg := &engine.Config{Players: 3, Cards: cards, Removed: 1}
	found := 0
	for seed := uint64(1); found < 2 && seed < 200; seed++ {
		sim, err := engine.Simulate(engine.SimOptions{Config: cfg, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		setup := len(engine.SetupLines(cfg, sim.Players, 0, nil))
		at := -1
		for i := setup; i < min(setup+2, len(sim.Logs[0])); i++ {
			if strings.Contains(sim.Logs[0][i], " plays hound ") {
				at = i
				break
			}
		}
		if at < 0 {
			continue
		}
		n := at + 1
		found++
		prefix := sim.Logs[0][:n]
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			g := NewGame()
			g.Particles = 4000
			for _, l := range prefix {
				if err := g.Apply(l); err != nil {
					t.Fatal(l, err)
				}
			}
			if g.track() == nil {
				t.Fatalf("the tracker found no history for %q", prefix)
			}
			counts, kept := rejectionCounts(cfg, prefix, 400, 1_500_000)
			if kept < 200 {
				t.Skipf("only %d games kept", kept)
			}
			checkAgainstRejection(t, g, cfg, counts, kept)
			t.Logf("%q: %d games kept", prefix[setup:], kept)
		})
	}
	if found == 0 {
		t.Fatal("no seed with an early Hound")
	}
}

// seenState is the real state when the seat's next line's event
// happened: k counts the events the seat has seen so far (its lines after
// the set-up), and is moved past that event.
func seenState(sim *engine.Simulation, states []*engine.State, seat int, k *int) *engine.State {
	for *k < len(sim.Events) {
		if _, ok := sim.Events[*k].View(seat); ok {
			break
		}
		*k++
	}
	s := states[*k]
	*k++
	return s
}

// midExchange reports whether line i of a log is the first line of one
// exchange (a swap, the Gossip) whose next line is still to come: the
// seat's hand is not yet what the histories say.
func midExchange(log []string, i int) bool {
	return i+1 < len(log) && strings.Contains(log[i], " gives ") && strings.Contains(log[i+1], " gives ")
}
