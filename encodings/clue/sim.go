package clue

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// SimPlayers are the names the simulator gives its players, in seating order.
var SimPlayers = []string{"alice", "bob", "carol", "dave", "erin", "frank"}

// SimOptions are what [Simulate] plays: the deck, the players, the seed
// and how the game goes.
type SimOptions struct {
	// Preset is the deck's preset ("" is PresetCluedo).
	Preset string
	// Players is the number of players: a count the preset allows ([Deck.PlayerRange]).
	Players int
	// Seed makes the game: the same options play the same game.
	Seed uint64
	// Rand, when not nil, is drawn from instead of a generator seeded by
	// Seed (for callers that play many games from one generator).
	Rand *rand.Rand
	// Questions is the number of question turns played at most (default 40).
	Questions int
	// AccuseChance is the chance that the player whose turn it is accuses a
	// random triple instead of asking (default 0: nobody accuses).
	AccuseChance float64
	// FaceUp deals every player as many cards and puts the spare cards face
	// up, where the deck's rule deals every card (classic Cluedo); the log
	// then says "deal faceup".
	FaceUp bool
}

// Simulation is one random legal game: the true deal and everything that
// happened, from which each seat's log is written.
type Simulation struct {
	Deck    *Deck // Deck.Deal is the deal played
	Players []string
	// Deal is the true deal in the holder numbering of [Game.Problem]:
	// players in seating order, the envelope, then the face-up pile.
	Deal   solver.World
	Events []SimEvent
}

// SimEvent is one question or accusation of a simulated game.
type SimEvent struct {
	Player int
	Cards  []solver.Card
	// For a question: the player who showed (-1 for nobody) and the card.
	Shower int
	Shown  solver.Card
	// For an accusation.
	Accusation, Right bool
}

// Simulate deals the preset deck (opts.Preset, Cluedo when empty) to
// opts.Players players at random and plays a random legal game.
// opts.Players must be a player count the preset's rules allow
// ([Deck.PlayerRange]). The deal follows the deck's rule (or opts.FaceUp):
// one item of each category in the envelope, the rest shuffled and dealt,
// so that when the cards do not share evenly the first players in seating
// order hold one more or, for face-up spares, every player holds as many
// and the rest lie face up. Then in turn each player still in asks a
// uniformly random legal question (or, with opts.AccuseChance, accuses a
// random triple), the responders answer in seating order and a responder
// holding several asked cards shows one uniformly at random. A right
// accusation ends the game; in
// a 2-player game any accusation makes the other player accuse too and ends
// it (the special rule).
func Simulate(opts SimOptions) (*Simulation, error) {
	preset, n, rng := opts.Preset, opts.Players, opts.Rand
	if preset == "" {
		preset = PresetCluedo
	}
	if rng == nil {
		rng = rand.New(rand.NewPCG(opts.Seed, 0x636c7565))
	}
	d, err := PresetDeck(preset)
	if err != nil {
		return nil, err
	}
	if err := d.checkPlayers(n); err != nil {
		return nil, fmt.Errorf("clue: %w", err)
	}
	if n < 2 || n > len(SimPlayers) {
		return nil, fmt.Errorf("clue: the simulator plays 2 to %d players, not %d", len(SimPlayers), n)
	}
	if opts.FaceUp {
		d.Deal = FaceUpSpares
	}
	if opts.Questions == 0 {
		opts.Questions = 40
	}
	s := &Simulation{Deck: d, Players: slices.Clone(SimPlayers[:n])}
	ncards := d.NumCards()
	env := solver.Holder(n)
	s.Deal = make(solver.World, ncards)
	var rest []int
	first := 0
	for _, cat := range d.Categories {
		pick := rng.IntN(len(cat.Items))
		for i := range cat.Items {
			if i == pick {
				s.Deal[first+i] = env
			} else {
				rest = append(rest, first+i)
			}
		}
		first += len(cat.Items)
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	// The shuffled cards go to the players in turn, a hand at a time:
	// player p gets sizes[p] of them, the rest go face up.
	sizes := make([]int, n)
	for p := range sizes {
		sizes[p] = len(rest) / n
		if d.Deal == DealAll && p < len(rest)%n {
			sizes[p]++
		}
	}
	p, left := 0, sizes[0]
	for _, c := range rest {
		for p < n && left == 0 {
			p++
			if p < n {
				left = sizes[p]
			}
		}
		if p == n {
			s.Deal[c] = env + 1
			continue
		}
		s.Deal[c] = solver.Holder(p)
		left--
	}
	out := make([]bool, n)
	randomTriple := func() []solver.Card {
		var t []solver.Card
		first := 0
		for _, cat := range d.Categories {
			t = append(t, solver.Card(first+rng.IntN(len(cat.Items))))
			first += len(cat.Items)
		}
		return t
	}
	accuse := func(p int) bool {
		t := randomTriple()
		right := true
		for _, c := range t {
			right = right && s.Deal[c] == env
		}
		s.Events = append(s.Events, SimEvent{Player: p, Cards: t, Accusation: true, Right: right, Shower: -1, Shown: -1})
		out[p] = !right
		return right
	}
	asked := 0
	for turn := 0; asked < opts.Questions; turn++ {
		p := turn % n
		if !slices.Contains(out, false) {
			break
		}
		if out[p] {
			continue
		}
		if rng.Float64() < opts.AccuseChance {
			if accuse(p) {
				break
			}
			if n == 2 {
				if other := 1 - p; !out[other] {
					accuse(other)
				}
				break
			}
			continue
		}
		var q []solver.Card
		if d.Style == AnyTwo {
			a := rng.IntN(ncards)
			b := rng.IntN(ncards - 1)
			if b >= a {
				b++
			}
			q = []solver.Card{solver.Card(a), solver.Card(b)}
		} else {
			q = randomTriple()
		}
		ev := SimEvent{Player: p, Cards: q, Shower: -1, Shown: -1}
		for k := 1; k < n; k++ {
			r := (p + k) % n
			var have []solver.Card
			for _, c := range q {
				if s.Deal[c] == solver.Holder(r) {
					have = append(have, c)
				}
			}
			if len(have) > 0 {
				ev.Shower, ev.Shown = r, have[rng.IntN(len(have))]
				break
			}
		}
		s.Events = append(s.Events, ev)
		asked++
	}
	return s, nil
}

// Log is the game's log from seat's point of view: the header, the setup
// (with a deal line when the deal is not the preset's rule), the seat's
// hand and the face-up cards, then one line an event, with the
// card shown only when the seat asked or showed it. The first prefix lines
// of Log (the header and setup) are Setup(seat) lines long.
func (s *Simulation) Log(seat int) []string {
	names := s.Deck.Cards()
	n := len(s.Players)
	lines := []string{"game clue", "preset " + s.Deck.Name, "players " + strings.Join(s.Players, " ")}
	if d, err := PresetDeck(s.Deck.Name); err == nil && d.Deal != s.Deck.Deal {
		lines = append(lines, "deal "+s.Deck.Deal.String())
	}
	lines = append(lines, "seat "+s.Players[seat])
	var hand, face []string
	for c, h := range s.Deal {
		switch {
		case int(h) == seat:
			hand = append(hand, names[c])
		case int(h) == n+1:
			face = append(face, names[c])
		}
	}
	lines = append(lines, "hand "+strings.Join(hand, " "))
	if len(face) > 0 {
		lines = append(lines, "faceup "+strings.Join(face, " "))
	}
	for _, ev := range s.Events {
		var qs []string
		for _, c := range ev.Cards {
			qs = append(qs, names[c])
		}
		if ev.Accusation {
			out := "wrong"
			if ev.Right {
				out = "right"
			}
			lines = append(lines, fmt.Sprintf("%s accuses %s %s", s.Players[ev.Player], strings.Join(qs, " "), out))
			continue
		}
		ans := "nobody"
		if ev.Shower >= 0 {
			ans = s.Players[ev.Shower] + " shows"
			if ev.Player == seat || ev.Shower == seat {
				ans += " " + names[ev.Shown]
			}
		}
		lines = append(lines, fmt.Sprintf("%s asks %s: %s", s.Players[ev.Player], strings.Join(qs, " "), ans))
	}
	return lines
}

// EnvelopeNames are the items of the true envelope, in category order.
func (s *Simulation) EnvelopeNames() []string {
	var out []string
	for c, h := range s.Deal {
		if int(h) == len(s.Players) {
			out = append(out, s.Deck.Cards()[c])
		}
	}
	return out
}
