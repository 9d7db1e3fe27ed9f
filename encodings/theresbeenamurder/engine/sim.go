package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// SimOptions set up a simulated game. The same options play the same game.
type SimOptions struct {
	Players int
	Seed    uint64
	Level   Level
	// Config, when set, is the set-up (Players and Level are then ignored).
	Config *Config
	// Policy, when set, makes seat p's choice of play, and the player
	// p's Swain chooses after its draw: given p's log so far and p's
	// plays (cards with the players they name; for the Swain's choice,
	// the card played with each other player, the log ending with the
	// draw), it returns the index of the play to make, or -1 for a
	// uniformly random one. nil plays uniformly at random. Every other
	// choice is uniform among the legal ones.
	Policy func(p int, log []string, plays []Play) int
}

// Simulation is a simulated game: the players, every event, each seat's
// log, and how it ended.
type Simulation struct {
	Players []string
	Config  *Config
	Events  []Event
	// Logs are the seat's logs, one per seat, as lines after the header:
	// the set-up lines, then what the seat saw.
	Logs  [][]string
	End   End
	Score int
	Turns int
	// Final is the state at the end; States[i] is the state right after
	// Events[i] (when SimOptions asked for them with KeepStates).
	Final *State
}

// PlayerNames are the names the simulator gives the players.
var PlayerNames = []string{"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"}

// RandomDeal is a set-up dealt as printed: the Murderer and the Detective
// set aside, the rest shuffled, cfg.Removed cards removed, the rest split
// into a top part of TopSize-1 cards with the Murderer shuffled in and a
// bottom part with the Detective shuffled in.
func RandomDeal(cfg *Config, rng *rand.Rand) (deck, removed []Card) {
	var rest []Card
	for _, c := range cfg.Cards {
		if c != Murderer && c != Detective {
			rest = append(rest, c)
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	removed = slices.Clone(rest[:cfg.Removed])
	rest = rest[cfg.Removed:]
	t := cfg.TopSize() - 1
	top := append(slices.Clone(rest[:t]), Murderer)
	bot := append(slices.Clone(rest[t:]), Detective)
	rng.Shuffle(len(top), func(i, j int) { top[i], top[j] = top[j], top[i] })
	rng.Shuffle(len(bot), func(i, j int) { bot[i], bot[j] = bot[j], bot[i] })
	return append(top, bot...), removed
}

// SetupLines are the set-up lines of a seat's log.
func SetupLines(cfg *Config, names []string, seat int, hand []Card) []string {
	lines := []string{"players " + strings.Join(names[:cfg.Players], " "), "seat " + names[seat]}
	switch {
	case slices.Equal(DefaultCards(cfg.Players, Novice), cfg.Cards):
	case slices.Equal(DefaultCards(cfg.Players, Veteran), cfg.Cards):
		lines = append(lines, "level veteran")
	case slices.Equal(DefaultCards(cfg.Players, Master), cfg.Cards):
		lines = append(lines, "level master")
	default:
		lines = append(lines, "cards "+cardList(cfg.Cards))
	}
	if cfg.Removed != 1 {
		lines = append(lines, fmt.Sprintf("removed %d", cfg.Removed))
	}
	hs := make([]string, len(hand))
	for i, c := range hand {
		hs[i] = c.String()
	}
	return append(lines, "hand "+strings.Join(hs, " "))
}

// cardList writes cards as numbers and ranges ("1-18 21").
func cardList(cs []Card) string {
	var parts []string
	for i := 0; i < len(cs); {
		j := i
		for j+1 < len(cs) && cs[j+1] == cs[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", cs[i], cs[j]))
		} else {
			parts = append(parts, fmt.Sprint(int(cs[i])))
		}
		i = j + 1
	}
	return strings.Join(parts, " ")
}

// RandomAgent makes every choice uniformly at random (the play through a
// policy when one is set) and writes each seat's log.
type RandomAgent struct {
	Rng    *rand.Rand
	Sim    *Simulation
	policy func(p int, log []string, plays []Play) int
	Plan   map[int]Play // the play a policy chose, for its named players
}

// Choose picks uniformly among opts, or follows the policy.
func (a *RandomAgent) Choose(s *State, d Decision, actor int, opts []int) int {
	if a.policy != nil {
		switch d {
		case DPlay:
			delete(a.Plan, actor)
			plays := s.Plays(actor)
			if i := a.policy(actor, a.Sim.Logs[actor], plays); i >= 0 && i < len(plays) {
				if j := slices.Index(opts, int(plays[i].Card)); j >= 0 {
					a.Plan[actor] = plays[i]
					return j
				}
			}
		case DTaker:
			// The Swain's choice, after its draw: the card played (the
			// Swain, or the Monkey copying it) is the pile's top card.
			card := s.Discard[len(s.Discard)-1]
			plays := make([]Play, len(opts))
			for i, q := range opts {
				plays[i] = Play{card, q, -1}
			}
			if i := a.policy(actor, a.Sim.Logs[actor], plays); i >= 0 && i < len(plays) {
				return i
			}
		case DTarget, DPair:
			if pl, ok := a.Plan[actor]; ok {
				want := pl.Q
				if d == DPair {
					want = pl.Q*16 + pl.R
				}
				if j := slices.Index(opts, want); j >= 0 {
					return j
				}
			}
		}
	}
	return a.Rng.IntN(len(opts))
}

// Shuffle shuffles cs uniformly.
func (a *RandomAgent) Shuffle(cs []Card) {
	a.Rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}

// Look, Consult and Reveal do nothing: the simulator sees every card.
func (a *RandomAgent) Look(*State, int, int, Site) {}

// Consult does nothing.
func (a *RandomAgent) Consult(*State, int) {}

// Reveal does nothing.
func (a *RandomAgent) Reveal(*State, int) {}

// Emit records e and writes it to the log of every seat that sees it.
func (a *RandomAgent) Emit(s *State, e Event) {
	a.Sim.Events = append(a.Sim.Events, e)
	for p := range a.Sim.Logs {
		if v, ok := e.View(p); ok {
			a.Sim.Logs[p] = append(a.Sim.Logs[p], v.Text(a.Sim.Players))
		}
	}
}

// Simulate plays a seeded random legal game.
func Simulate(o SimOptions) (*Simulation, error) {
	cfg := o.Config
	if cfg == nil {
		var err error
		if cfg, err = NewConfig(o.Players, o.Level); err != nil {
			return nil, err
		}
	} else if err := cfg.Check(); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x7b3a))
	sim := &Simulation{Players: slices.Clone(PlayerNames[:cfg.Players]), Config: cfg, Logs: make([][]string, cfg.Players)}
	deck, removed := RandomDeal(cfg, rng)
	s := NewState(cfg, deck, removed)
	for p := range cfg.Players {
		sim.Logs[p] = SetupLines(cfg, sim.Players, p, s.Hands[p])
	}
	ag := &RandomAgent{Rng: rng, Sim: sim, policy: o.Policy, Plan: map[int]Play{}}
	s.Start(ag)
	for !s.Over() {
		s.PlayTurn(ag)
	}
	sim.End, sim.Score, sim.Turns, sim.Final = s.End, s.Score(), s.Turns, s
	return sim, nil
}
