package murderbythedeck

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// SimOptions are the options of [Simulate]: the same options play the same
// round.
type SimOptions struct {
	// Players must be 0 or 4 (the game is played by four).
	Players int
	// Seed seeds the deal, the shuffles and every choice.
	Seed uint64
	// Policies, when not nil, make the choices of the players whose entry
	// is not nil; the others play uniformly among legal choices.
	Policies [Players]Policy
	// MaxTurns stops a round after that many turns (0: DefaultMaxTurns).
	MaxTurns int
	// Rules are the readings played (the zero value: the defaults).
	Rules Rules
}

// DefaultMaxTurns is the simulator's turn limit when SimOptions.MaxTurns is
// 0: a round nobody can end (players who can neither BLOCK nor be killed,
// and do not accuse) is stopped there, its end Stopped.
const DefaultMaxTurns = 2000

// Simulation is a simulated round: its full record and each seat's log.
type Simulation struct {
	Players []string
	Round   *Round
	// Logs are, for each seat, the lines of its log after the header.
	Logs [Players][]string
	// Deal is the permutation dealt (hands in order, the pile's top last).
	Deal []Card
}

// SimPlayers are the names the simulator gives the players.
var SimPlayers = []string{"alice", "bob", "carol", "dave"}

// Uniform is the policy of random legal play: every choice uniform among
// the legal ones.
type Uniform struct{ Rand *rand.Rand }

// Act picks an action uniformly.
func (u Uniform) Act(_ *Round, _ int, legal []Action) Action { return legal[u.Rand.IntN(len(legal))] }

// Discard picks a card uniformly.
func (u Uniform) Discard(_ *Round, _ int, legal []Card) Card { return legal[u.Rand.IntN(len(legal))] }

// Simulate plays a seeded random legal round.
func Simulate(o SimOptions) (*Simulation, error) {
	if o.Players != 0 && o.Players != Players {
		return nil, fmt.Errorf("Murder By The Deck is played by %d players, not %d", Players, o.Players)
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6d627464))
	deck := make([]Card, NumCards)
	for i := range deck {
		deck[i] = Card(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	r, err := NewRound(deck)
	if err != nil {
		return nil, err
	}
	r.Rules = o.Rules
	r.Shuffle = func(cs []Card) { rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] }) }
	var pol [Players]Policy
	for p := range Players {
		pol[p] = o.Policies[p]
		if pol[p] == nil {
			pol[p] = Uniform{rng}
		}
	}
	limit := o.MaxTurns
	if limit == 0 {
		limit = DefaultMaxTurns
	}
	for turns := 0; !r.Over; turns++ {
		if turns >= limit {
			r.End = Stopped
			break
		}
		if err := r.Play(pol); err != nil {
			return nil, err
		}
	}
	s := &Simulation{Players: SimPlayers, Round: r, Deal: deck}
	for seat := range Players {
		s.Logs[seat] = SeatLog(o.Rules, SimPlayers, seat, deck[seat*HandSize:(seat+1)*HandSize], r.Events)
	}
	return s, nil
}

// SeatLog is the log of seat (its lines after the header): the set-up
// lines (the players, the rule lines of rules, the seat and its hand),
// then every event as the seat sees it.
func SeatLog(rules Rules, names []string, seat int, hand []Card, events []Event) []string {
	lines := []string{"players " + strings.Join(names, " ")}
	lines = append(lines, rules.Lines()...)
	lines = append(lines, "seat "+names[seat], "hand "+cardList(hand))
	for _, e := range events {
		if l, ok := EventLine(names, seat, e); ok {
			lines = append(lines, l)
		}
	}
	return lines
}

// EventLine is the line of event e in seat's log; false when the seat does
// not see it.
func EventLine(names []string, seat int, e Event) (string, bool) {
	n := names[e.P]
	switch e.Kind {
	case Draw:
		if e.P == seat {
			return n + " draws " + e.Card.String(), true
		}
		return n + " draws", true
	case Down:
		return n + " down", true
	case Discard:
		return n + " discards " + e.Card.String(), true
	case Lucky:
		return n + " lucky " + cardList(e.Cards), true
	case Dead:
		return strings.TrimSpace(n + " dead " + cardList(e.Cards)), true
	case Block:
		return n + " block", true
	case Pass:
		return n + " passes", true
	case Accuse:
		return n + " accuses " + names[e.Q] + " " + e.Outcome.String() + " " + cardList(e.Cards), true
	case Shows:
		if e.Q == seat {
			return strings.TrimSpace(n + " shows " + cardList(e.Cards)), true
		}
	}
	return "", false
}
