package tournament

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// Policy is how a seat plays.
type Policy int

// The policies, simplest first.
const (
	Random Policy = iota // a uniformly random legal move; accuse when certain
	Greedy               // the move that settles most cells of the seat's sheet in expectation; accuse when certain
	Advice               // gumshoe's advice; accuse when certain
	Full                 // gumshoe's advice with leaks where the game has it; accuse now when accusing beats waiting
	numPolicies
)

// Policies are every policy, simplest first.
var Policies = []Policy{Random, Greedy, Advice, Full}

// String is the policy's name.
func (p Policy) String() string {
	switch p {
	case Random:
		return "random"
	case Greedy:
		return "greedy"
	case Advice:
		return "advice"
	case Full:
		return "full"
	}
	return fmt.Sprintf("policy(%d)", int(p))
}

// Result is one game's outcome.
type Result struct {
	Seats  []Policy // the policy of each seat
	Winner int      // the winning seat, -1 when the game hit the turn limit
	Turns  int      // turns played (each seat's move is one turn)
	// Think is the wall time each seat spent deciding its moves.
	Think []time.Duration
}

// MaxTurns ends a game with no winner.
const MaxTurns = 300

// Play plays one seeded game with the given policy in each seat.
type Play func(ctx context.Context, seats []Policy, seed uint64) (Result, error)

// GameSpec is one game of the tournament.
type GameSpec struct {
	Name   string // as written in the tables
	Slug   string // in file names: tournament-SLUG.svg
	Counts []int  // the player counts the tournament plays
	Play   Play
}

// Games are the games of the tournament, by slug.
var Games = []GameSpec{
	{Name: "Deduce or Die", Slug: "dod", Counts: []int{3, 4, 5, 6}, Play: PlayDoD},
	{Name: "Clue (classic Cluedo)", Slug: "clue", Counts: []int{3, 4, 5, 6}, Play: PlayClue},
	{Name: "Deductio", Slug: "deductio", Counts: []int{3, 4}, Play: PlayDeductio},
}

// Seats are the policies of game i of n players: the policies take the
// seats in turn starting from policy i mod 4, so that every policy sits in
// every seat equally often.
func Seats(n, i int) []Policy {
	seats := make([]Policy, n)
	for s := range seats {
		seats[s] = Policies[(i+s)%len(Policies)]
	}
	return seats
}

func newResult(seats []Policy) Result {
	return Result{Seats: slices.Clone(seats), Winner: -1, Think: make([]time.Duration, len(seats))}
}
