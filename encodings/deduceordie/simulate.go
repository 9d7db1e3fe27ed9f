package deduceordie

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// PlayerNames are the names the simulator gives the players, in seat order.
var PlayerNames = []string{"alice", "bob", "carol", "dave", "erin", "frank"}

// Simulation is one simulated game: the true deal and each seat's log.
type Simulation struct {
	Players  []string
	Deal     solver.World // holder of every card: players by index, then evidence, then exposed
	Evidence [2]Card
	Exposed  Card // -1 with 5 players
	Murder   Card
	Murderer int // the player holding the murderer's card
	// Logs are each seat's log, header included, one line an entry: the
	// public lines plus what that seat alone saw.
	Logs [][]string
}

// Log is seat s's log as one text, lines ended by newlines.
func (s *Simulation) Log(seat int) string { return strings.Join(s.Logs[seat], "\n") + "\n" }

// SimOptions are what [Simulate] plays.
type SimOptions struct {
	// Players is the number of players, 3 to 6.
	Players int
	// Seed makes the game: the same options play the same game.
	Seed uint64
}

// Simulate deals and plays a seeded random legal game of o.Players players
// (3 to 6). Every turn the active player draws three Interrogation cards and,
// at random, asks a random legal question of a random opponent, makes
// their Secret Interrogation (once), passes, or now and then makes a
// random accusation (which nearly always fails and eliminates them). The
// game ends after a random number of turns, when a random accusation
// succeeds, or when fewer than two players are left in it.
func Simulate(o SimOptions) (*Simulation, error) {
	n, seed := o.Players, o.Seed
	if n < 3 || n > 6 {
		return nil, fmt.Errorf("deduceordie: %d players; Deduce or Die is for 3 to 6", n)
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	hs := HandSize(n)
	deck := make([]Card, NumCards)
	for i := range deck {
		deck[i] = Card(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	s := &Simulation{Players: slices.Clone(PlayerNames[:n]), Deal: make(solver.World, NumCards), Exposed: -1}
	evH := solver.Holder(n)
	s.Evidence = [2]Card{min(deck[0], deck[1]), max(deck[0], deck[1])}
	s.Deal[deck[0]], s.Deal[deck[1]] = evH, evH
	hands := make([][]Card, n)
	for p := range n {
		hands[p] = slices.Clone(deck[2+p*hs : 2+(p+1)*hs])
		slices.Sort(hands[p])
		for _, c := range hands[p] {
			s.Deal[c] = solver.Holder(p)
		}
	}
	if HasExposed(n) {
		s.Exposed = deck[NumCards-1]
		s.Deal[s.Exposed] = solver.Holder(n + 1)
	}
	s.Murder = MurderCard(s.Evidence[0], s.Evidence[1])
	s.Murderer = int(s.Deal[MurdererCard(s.Evidence[0], s.Evidence[1], s.Exposed)])

	s.Logs = make([][]string, n)
	all := func(line string) {
		for p := range s.Logs {
			s.Logs[p] = append(s.Logs[p], line)
		}
	}
	for p := range n {
		s.Logs[p] = append(s.Logs[p], "game dod", "players "+strings.Join(s.Players, " "), "seat "+s.Players[p], "hand "+s.Players[p]+" "+cardList(hands[p]))
		if s.Exposed >= 0 {
			s.Logs[p] = append(s.Logs[p], "exposed "+CardName(s.Exposed))
		}
	}
	inHand := func(p int, c Card) bool { return s.Deal[c] == solver.Holder(p) }
	count := func(p int, r Range) int {
		k := 0
		for _, c := range r.Cards() {
			if inHand(p, c) {
				k++
			}
		}
		return k
	}
	for p := range n {
		var counts [3]int
		for _, c := range hands[p] {
			counts[SuitOf(c)]++
		}
		low := slices.Min(counts[:])
		var fewest []Suit
		for t, k := range counts {
			if k == low {
				fewest = append(fewest, Suit(t))
			}
		}
		all(fmt.Sprintf("reveal %s %s", s.Players[p], fewest[rng.IntN(len(fewest))].Name()))
	}

	// The Interrogation deck: two copies of the 27 cards.
	var interro, discard []Card
	for range 2 {
		for c := range Card(NumCards) {
			interro = append(interro, c)
		}
	}
	rng.Shuffle(len(interro), func(i, j int) { interro[i], interro[j] = interro[j], interro[i] })
	drawOne := func() Card {
		if len(interro) == 0 {
			interro, discard = discard, nil
			rng.Shuffle(len(interro), func(i, j int) { interro[i], interro[j] = interro[j], interro[i] })
		}
		c := interro[len(interro)-1]
		interro = interro[:len(interro)-1]
		return c
	}
	secretRanges := SecretRanges()
	eliminated := make([]bool, n)
	secretUsed := make([]bool, n)
	left := n
	turns := 4 + rng.IntN(6*n)
	p := 0
	for t := 0; t < turns && left >= 2; t++ {
		for eliminated[p] {
			p = (p + 1) % n
		}
		opp := func() int {
			for {
				if d := rng.IntN(n); d != p {
					return d
				}
			}
		}
		draw := [3]Card{drawOne(), drawOne(), drawOne()}
		discard = append(discard, draw[:]...)
		switch x := rng.IntN(100); {
		case x < 3:
			d := opp()
			var a, b Card
			for a == b {
				a, b = Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))
			}
			a, b = min(a, b), max(a, b)
			right := false
			if [2]Card{a, b} == s.Evidence {
				if tc, ok := TargetCard(a, b, s.Exposed, func(c Card) bool { return inHand(p, c) }); ok && inHand(d, tc) {
					right = true
				}
			}
			line := fmt.Sprintf("accuse %s %s %s+%s", s.Players[p], s.Players[d], CardName(a), CardName(b))
			if right {
				all(line + " right")
				return s, nil
			}
			all(line + " wrong")
			s.Logs[p] = append(s.Logs[p], fmt.Sprintf("evidence %s %s", CardName(s.Evidence[0]), CardName(s.Evidence[1])), "hand "+s.Players[d]+" "+cardList(hands[d]))
			eliminated[p] = true
			left--
		case x < 13 && !secretUsed[p]:
			d := opp()
			r := secretRanges[rng.IntN(len(secretRanges))]
			secretUsed[p] = true
			line := fmt.Sprintf("secret %s %s", s.Players[p], s.Players[d])
			for q := range n {
				if q == p || q == d {
					s.Logs[q] = append(s.Logs[q], fmt.Sprintf("%s %s = %d", line, r, count(d, r)))
				} else {
					s.Logs[q] = append(s.Logs[q], line)
				}
			}
		case x < 18:
			all("pass " + s.Players[p])
		default:
			rs := DrawQuestions(draw)
			r := rs[rng.IntN(len(rs))]
			d := opp()
			all(fmt.Sprintf("ask %s %s %s = %d", s.Players[p], s.Players[d], r, count(d, r)))
		}
		p = (p + 1) % n
	}
	return s, nil
}

func cardList(cs []Card) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, CardName(c))
	}
	return strings.Join(parts, " ")
}
