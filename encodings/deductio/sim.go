package deductio

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// SimOptions are what [Simulate] plays.
type SimOptions struct {
	Players int    // 2 to 4
	Seed    uint64 // the game is a function of the seed (the same options play the same game)
	// MaxTurns stops a game that has not ended (0: 300 turns).
	MaxTurns int
}

// Simulation is one random legal game: what each seat saw, and the truth.
type Simulation struct {
	Players []string
	// Logs are each seat's log lines (without the header), in seat order;
	// Public is the log of a spectator, who sees only public lines.
	Logs   [][]string
	Public []string
	// PolicyLogs are the seats' logs with what the simulated players'
	// policy also reveals: each vertical card is the first true card of the
	// row, so the cards before it in the row are false of the number
	// ("P denies CLUE" lines). Calibration is exact on these logs.
	PolicyLogs [][]string
	// Truth maps each holder name of the solver model ("alice#1",
	// "faceup2") to its numbers; numbers in none of them are in the deck.
	Truth map[string][]int
	// Clues is the clue deck the game was played with (Reveal cards left
	// out), in its first shuffled order.
	Clues  []Clue
	Winner string // "" when MaxTurns was reached first
	Turns  int
}

var simNames = []string{"alice", "bob", "carol", "dave"}

// RandomClue draws a clue card from the icon kinds of the rulebook, with
// numbers and an ability (about one card in four has one).
func RandomClue(rng *rand.Rand) Clue {
	var c Clue
	switch k := rng.IntN(12); {
	case k < 3:
		c.Kind = InRange
		w := 3 + rng.IntN(8)
		c.Lo = 1 + rng.IntN(MaxNumber-w+1)
		c.Hi = c.Lo + w - 1
	case k == 3:
		c.Kind = Even
	case k == 4:
		c.Kind = Odd
	case k == 5:
		c.Kind = NotIn
		if rng.IntN(2) == 0 {
			a := 1 + rng.IntN(9)
			c.Not = SetOf(a, a+10)
		} else {
			lo := 1 + rng.IntN(MaxNumber-4)
			c.Not = SetOf(lo, lo+1, lo+2, lo+3)
		}
	case k == 6:
		c.Kind = SingleDigit
	case k == 7:
		c.Kind = DoubleDigit
	case k == 8:
		c.Kind, c.Lo = AtLeast, 4+rng.IntN(13)
	case k == 9:
		c.Kind, c.Lo = AtMost, 4+rng.IntN(13)
	case k == 10:
		c.Kind = AboveFaceUp
	default:
		c.Kind = BelowFaceUp
	}
	switch rng.IntN(12) {
	case 0:
		c.Ability = FreeGuess
	case 1:
		c.Ability = Look1
	case 2:
		c.Ability = Look2
	}
	return c
}

// simCard is a clue deck card: a clue or a "Reveal a Secret Number" card.
type simCard struct {
	clue   Clue
	reveal bool
}

type simPlayer struct {
	secret     int
	index      int       // 1 for the first number
	clues      []simCard // in front of the player
	horizontal []bool
	score      int
}

type sim struct {
	rng                    *rand.Rand
	cfg                    SimOptions
	out                    *Simulation
	numDeck                []int // top first
	clueDeck, discard, row []simCard
	faceUp                 Set
	players                []simPlayer
	public                 *Game // the spectator's game, for the policy's decisions
	groups                 int
}

// Simulate plays a random legal game of Deductio. Every player acts on
// public information only (so that no action tells more than the facts it
// logs): a player guesses the most likely number of another player, as the
// table sees it, when it is at least 1/2 likely, or after a free-guess card;
// otherwise they play the first true card of the row, or take the row
// horizontally when none is true. Look abilities are always used: the seen
// cards go to the bottom of the deck in the order seen.
func Simulate(cfg SimOptions) (*Simulation, error) {
	if cfg.Players < 2 || cfg.Players > 4 {
		return nil, fmt.Errorf("deductio: %d players; Deductio is for 2 to 4", cfg.Players)
	}
	if cfg.MaxTurns <= 0 {
		cfg.MaxTurns = 300
	}
	s, err := newSim(cfg)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	need := winsNeeded(n)
	p := s.rng.IntN(n)
	for turn := 1; turn <= cfg.MaxTurns; turn++ {
		s.out.Turns = turn
		if err := s.turn(p); err != nil {
			return nil, err
		}
		if s.players[p].score >= need {
			s.out.Winner = s.out.Players[p]
			break
		}
		p = (p + 1) % n
	}
	return s.out, nil
}

func (s *sim) drawNumber() int {
	x := s.numDeck[0]
	s.numDeck = s.numDeck[1:]
	return x
}

// all logs a public line for every seat and the spectator.
func (s *sim) all(line string) error {
	for i := range s.out.Logs {
		s.logSeat(i, line)
	}
	s.out.Public = append(s.out.Public, line)
	if err := s.public.Apply(line); err != nil {
		return fmt.Errorf("deductio: simulated line %q refused: %w", line, err)
	}
	return nil
}

func (s *sim) logSeat(i int, line string) {
	s.out.Logs[i] = append(s.out.Logs[i], line)
	s.out.PolicyLogs[i] = append(s.out.PolicyLogs[i], line)
}

func (s *sim) policy(line string) {
	for i := range s.out.PolicyLogs {
		s.out.PolicyLogs[i] = append(s.out.PolicyLogs[i], line)
	}
}

func (s *sim) reveal(nums []int) error {
	s.groups++
	s.out.Truth[fmt.Sprintf("faceup%d", s.groups)] = nums
	s.faceUp |= SetOf(nums...)
	parts := make([]string, len(nums))
	for i, x := range nums {
		parts[i] = fmt.Sprint(x)
	}
	return s.all("faceup " + strings.Join(parts, " "))
}

// drawClue takes the top clue card, reshuffling the discard pile into the
// deck when it runs out; ok is false when there is no card at all.
func (s *sim) drawClue() (simCard, bool) {
	if len(s.clueDeck) == 0 {
		s.clueDeck, s.discard = s.discard, nil
		s.rng.Shuffle(len(s.clueDeck), func(i, j int) { s.clueDeck[i], s.clueDeck[j] = s.clueDeck[j], s.clueDeck[i] })
	}
	if len(s.clueDeck) == 0 {
		return simCard{}, false
	}
	c := s.clueDeck[0]
	s.clueDeck = s.clueDeck[1:]
	return c, true
}

// refill brings the row back to three cards, turning up Secret Numbers for
// Reveal cards, and logs the row.
func (s *sim) refill() error {
	for len(s.row) < 3 {
		c, ok := s.drawClue()
		if !ok {
			break
		}
		if !c.reveal {
			s.row = append(s.row, c)
			continue
		}
		if len(s.numDeck) == 0 {
			continue
		}
		if err := s.reveal([]int{s.drawNumber()}); err != nil {
			return err
		}
		// Horizontal face-up-relative cards are discarded.
		for i := range s.players {
			p := &s.players[i]
			var keep []simCard
			var hz []bool
			for j, c := range p.clues {
				if p.horizontal[j] && c.clue.FaceUpRelative() {
					s.discard = append(s.discard, c)
					continue
				}
				keep, hz = append(keep, c), append(hz, p.horizontal[j])
			}
			p.clues, p.horizontal = keep, hz
		}
	}
	if len(s.row) == 0 {
		return nil
	}
	parts := make([]string, len(s.row))
	for i, c := range s.row {
		parts[i] = c.clue.String()
	}
	return s.all("row " + strings.Join(parts, " "))
}

// bestGuess is the public best guess of player p: the most likely number of
// another player, from public lines only.
func (s *sim) bestGuess(p int) (target, number int, pr float64) {
	r, err := s.public.report(context.Background(), false, false)
	if err != nil {
		return -1, 0, 0
	}
	target = -1
	n := len(s.players)
	for k := 1; k < n; k++ {
		i := (p + k) % n
		for _, c := range r.Secrets[i].Candidates {
			if f := ratFloat(c.P); target < 0 || f > pr {
				target, number, pr = i, c.Number, f
			}
		}
	}
	return target, number, pr
}

func (s *sim) turn(p int) error {
	t, n, pr := s.bestGuess(p)
	if t >= 0 && pr >= 0.5 {
		right, err := s.guess(p, t, n)
		if err != nil || right {
			return err
		}
		for range 2 {
			if err := s.playClue(p, true); err != nil {
				return err
			}
		}
		return nil
	}
	return s.playClue(p, false)
}

// guess logs p's guess of t's number n and its outcome.
func (s *sim) guess(p, t, n int) (bool, error) {
	name := s.out.Players
	tp := &s.players[t]
	if tp.secret != n {
		return false, s.all(fmt.Sprintf("%s guesses %s %d wrong", name[p], name[t], n))
	}
	if err := s.all(fmt.Sprintf("%s guesses %s %d right", name[p], name[t], n)); err != nil {
		return false, err
	}
	s.players[p].score++
	if s.players[p].score >= winsNeeded(len(s.players)) {
		return true, nil // the game ends at once
	}
	s.discard = append(s.discard, tp.clues...)
	tp.clues, tp.horizontal = nil, nil
	if len(s.numDeck) == 0 {
		return true, errors.New("deductio: the Secret Number deck ran out")
	}
	tp.secret = s.drawNumber()
	tp.index++
	s.out.Truth[fmt.Sprintf("%s#%d", name[t], tp.index)] = []int{tp.secret}
	s.logSeat(t, fmt.Sprintf("secret %s %d", name[t], tp.secret))
	return true, nil
}

// playClue plays the first true card of the row, or takes the row
// horizontally; abilities are used unless penalty is set.
func (s *sim) playClue(p int, penalty bool) error {
	if len(s.row) == 0 {
		return nil
	}
	name := s.out.Players[p]
	pl := &s.players[p]
	play := -1
	for i, c := range s.row {
		if c.clue.True(pl.secret, s.faceUp) {
			play = i
			break
		}
	}
	if play < 0 {
		parts := make([]string, len(s.row))
		for i, c := range s.row {
			parts[i] = c.clue.String()
			pl.clues = append(pl.clues, c)
			pl.horizontal = append(pl.horizontal, true)
		}
		s.row = nil
		if err := s.all(fmt.Sprintf("%s rejects %s", name, strings.Join(parts, " "))); err != nil {
			return err
		}
		return s.refill()
	}
	c := s.row[play]
	for _, d := range s.row[:play] {
		s.policy(fmt.Sprintf("%s denies %s", name, d.clue))
	}
	s.row = append(s.row[:play:play], s.row[play+1:]...)
	pl.clues = append(pl.clues, c)
	pl.horizontal = append(pl.horizontal, false)
	if err := s.all(fmt.Sprintf("%s plays %s", name, c.clue)); err != nil {
		return err
	}
	if !penalty {
		switch c.clue.Ability {
		case Look1, Look2:
			k := 1
			if c.clue.Ability == Look2 {
				k = 2
			}
			k = min(k, len(s.numDeck))
			if k > 0 {
				seen := append([]int(nil), s.numDeck[:k]...)
				s.numDeck = append(s.numDeck[k:], seen...)
				for i := range s.out.Logs {
					if i == p {
						parts := make([]string, k)
						for j, x := range seen {
							parts[j] = fmt.Sprint(x)
						}
						s.logSeat(i, fmt.Sprintf("%s looks %s", name, strings.Join(parts, " ")))
					} else {
						s.logSeat(i, fmt.Sprintf("%s looks %d", name, k))
					}
				}
				line := fmt.Sprintf("%s looks %d", name, k)
				s.out.Public = append(s.out.Public, line)
				if err := s.public.Apply(line); err != nil {
					return err
				}
			}
		case FreeGuess:
			if t, n, _ := s.bestGuess(p); t >= 0 {
				if _, err := s.guess(p, t, n); err != nil {
					return err
				}
				if pl.score >= winsNeeded(len(s.players)) {
					return nil // the game ends at once
				}
			}
		}
	}
	return s.refill()
}
