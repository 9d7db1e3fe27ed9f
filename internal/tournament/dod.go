package tournament

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	dod "github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
)

// Policy is how a seat plays.
type Policy int

// The policies, simplest first.
const (
	Random Policy = iota // a uniformly random legal question; accuse when certain
	Advice               // gumshoe's advice; accuse when certain
	Full                 // gumshoe's advice; accuse now when accusing beats waiting
	numPolicies
)

// Policies are every policy, simplest first.
var Policies = []Policy{Random, Advice, Full}

// String is the policy's name.
func (p Policy) String() string {
	switch p {
	case Random:
		return "random"
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
	Turns  int      // turns played (each seat's question is one turn)
}

// MaxTurns ends a game with no winner.
const MaxTurns = 300

// PlayDoD plays one seeded game of Deduce or Die with the given policy in
// each seat. Every seat's log holds the public lines (reveals, the exposed
// card, questions, accusations) and its own hand; Secret Interrogations
// are not used. Accusations are made at the start of the accuser's turn.
func PlayDoD(ctx context.Context, seats []Policy, seed uint64) (Result, error) {
	n := len(seats)
	res := Result{Seats: slices.Clone(seats), Winner: -1}
	rng := rand.New(rand.NewPCG(seed, 0x746f75726e))
	deck := make([]dod.Card, dod.NumCards)
	for i := range deck {
		deck[i] = dod.Card(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	hs := dod.HandSize(n)
	deal := make([]int, dod.NumCards) // holder of each card: seats, n evidence, n+1 exposed
	evidence := [2]dod.Card{min(deck[0], deck[1]), max(deck[0], deck[1])}
	deal[deck[0]], deal[deck[1]] = n, n
	hands := make([][]dod.Card, n)
	for p := range n {
		hands[p] = slices.Clone(deck[2+p*hs : 2+(p+1)*hs])
		slices.Sort(hands[p])
		for _, c := range hands[p] {
			deal[c] = p
		}
	}
	exposed := dod.Card(-1)
	if dod.HasExposed(n) {
		exposed = deck[dod.NumCards-1]
		deal[exposed] = n + 1
	}
	names := slices.Clone(dod.PlayerNames[:n])
	games := make([]*dod.Game, n)
	all := func(line string) error {
		for p, g := range games {
			if err := g.Apply(line); err != nil {
				return fmt.Errorf("seat %d, %q: %w", p, line, err)
			}
		}
		return nil
	}
	for p := range n {
		games[p] = dod.NewGame()
		for _, l := range []string{"players " + strings.Join(names, " "), "seat " + names[p], "hand " + names[p] + " " + cardList(hands[p])} {
			if err := games[p].Apply(l); err != nil {
				return res, err
			}
		}
	}
	if exposed >= 0 {
		if err := all("exposed " + dod.CardName(exposed)); err != nil {
			return res, err
		}
	}
	for p := range n {
		if err := all(fmt.Sprintf("reveal %s %s", names[p], fewestSuit(hands[p]))); err != nil {
			return res, err
		}
	}
	inter := make([]dod.Card, 0, 2*dod.NumCards)
	out := make([]bool, n)
	left := n
	for turn, p := 0, rng.IntN(n); turn < MaxTurns; p = (p + 1) % n {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if out[p] {
			continue
		}
		if left == 1 {
			// The last player in the game: every other accused wrongly.
			res.Winner, res.Turns = p, turn
			return res, nil
		}
		turn++
		res.Turns = turn
		g := games[p]
		// Accuse?
		a, err := g.Analyze(ctx)
		if err != nil {
			return res, err
		}
		if x := a.Accusation; x != nil {
			accuse := x.Certain
			if !accuse && seats[p] == Full {
				figs, err := g.Threats(ctx, threat.Options{Seed: seed + uint64(turn), Limit: 2})
				if err != nil {
					return res, err
				}
				accuse = threat.Decide(x.P, figs, nil).Now
			}
			if accuse {
				right := x.A == evidence[0] && x.B == evidence[1]
				if right {
					t, ok := dod.TargetCard(x.A, x.B, exposed, func(c dod.Card) bool { return deal[c] == p })
					right = ok && deal[t] == x.Accused
				}
				verdict := "wrong"
				if right {
					verdict = "right"
				}
				if err := all(fmt.Sprintf("accuse %s %s %s+%s %s", names[p], names[x.Accused], dod.CardName(x.A), dod.CardName(x.B), verdict)); err != nil {
					return res, err
				}
				if right {
					res.Winner = p
					return res, nil
				}
				out[p] = true
				left--
				continue
			}
		}
		// Ask.
		if len(inter) < 3 {
			inter = inter[:0]
			for range 2 {
				for c := range dod.Card(dod.NumCards) {
					inter = append(inter, c)
				}
			}
			rng.Shuffle(len(inter), func(i, j int) { inter[i], inter[j] = inter[j], inter[i] })
		}
		draw := [3]dod.Card{inter[0], inter[1], inter[2]}
		inter = inter[3:]
		var r dod.Range
		var d int
		switch seats[p] {
		case Random:
			rs := dod.DrawQuestions(draw)
			r = rs[rng.IntN(len(rs))]
			d = (p + 1 + rng.IntN(n-1)) % n
		default:
			adv, err := g.Advice(ctx, draw)
			if err != nil {
				return res, err
			}
			if len(adv.Questions) == 0 {
				return res, fmt.Errorf("seat %d: no question to ask", p)
			}
			q := adv.Questions[0]
			r, d = q.Range, q.Opponent
		}
		k := 0
		for _, c := range r.Cards() {
			if deal[c] == d {
				k++
			}
		}
		if err := all(fmt.Sprintf("ask %s %s %s = %d", names[p], names[d], r, k)); err != nil {
			return res, err
		}
	}
	return res, nil
}

func cardList(cs []dod.Card) string {
	var s []string
	for _, c := range cs {
		s = append(s, dod.CardName(c))
	}
	return strings.Join(s, " ")
}

// fewestSuit is the suit with fewest cards in the hand (the first of equal
// ones, spades before hearts before clubs).
func fewestSuit(hand []dod.Card) string {
	var count [3]int
	for _, c := range hand {
		count[dod.SuitOf(c)]++
	}
	best := 0
	for s := 1; s < 3; s++ {
		if count[s] < count[best] {
			best = s
		}
	}
	return [...]string{"spades", "hearts", "clubs"}[best]
}
