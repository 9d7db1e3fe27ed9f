package deductio

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Player decides the moves of one seat of [Play], from that seat's own
// game (its log so far, kept line by line).
type Player interface {
	// Guess is the guess the seat makes now: another player's seat index
	// and a number, ok false to play a clue card instead. free is set when
	// the guess is the free guess of a card's ability (a wrong free guess
	// costs nothing).
	Guess(ctx context.Context, g *Game, free bool) (player, number int, ok bool, err error)
	// Clue is the index in row of the clue card the seat plays vertically
	// (one true of its number), or -1 to take the whole row horizontally,
	// which the rules allow only when no card of the row is true.
	Clue(ctx context.Context, g *Game, row []Clue) (int, error)
}

// Play plays a game of Deductio like [Simulate] (the same deal, decks,
// reveals and rules; opts.Seed makes the game) with each seat's moves
// decided by its Player from its own log: on their turn a player guesses
// or plays a clue card; a wrong guess costs two clue plays without
// abilities; Look abilities are always used and a free guess is offered to
// the Player. It refuses a move the rules forbid. The Simulation's Logs,
// Winner and Turns are those of the game played; PolicyLogs are the Logs.
func Play(ctx context.Context, opts SimOptions, players []Player) (*Simulation, error) {
	if opts.Players < 2 || opts.Players > 4 {
		return nil, fmt.Errorf("deductio: %d players; Deductio is for 2 to 4", opts.Players)
	}
	if len(players) != opts.Players {
		return nil, fmt.Errorf("deductio: %d players for %d seats", len(players), opts.Players)
	}
	if opts.MaxTurns <= 0 {
		opts.MaxTurns = 300
	}
	s, err := newSim(opts)
	if err != nil {
		return nil, err
	}
	pl := &play{sim: s, players: players, games: make([]*Game, opts.Players), applied: make([]int, opts.Players)}
	for i := range pl.games {
		pl.games[i] = NewGame()
	}
	n := opts.Players
	need := winsNeeded(n)
	p := s.rng.IntN(n)
	for turn := 1; turn <= opts.MaxTurns; turn++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s.out.Turns = turn
		if err := pl.turn(ctx, p); err != nil {
			return nil, err
		}
		if s.players[p].score >= need {
			s.out.Winner = s.out.Players[p]
			break
		}
		p = (p + 1) % n
	}
	s.out.PolicyLogs = s.out.Logs
	return s.out, nil
}

// newSim deals a game as Simulate does, up to the first player's turn.
func newSim(cfg SimOptions) (*sim, error) {
	s := &sim{rng: rand.New(rand.NewPCG(cfg.Seed, 0x6465647563)), cfg: cfg}
	n := cfg.Players
	s.out = &Simulation{Players: simNames[:n:n], Logs: make([][]string, n), PolicyLogs: make([][]string, n), Truth: map[string][]int{}}
	s.public = NewGame()
	for i := 1; i <= MaxNumber; i++ {
		s.numDeck = append(s.numDeck, i)
	}
	s.rng.Shuffle(len(s.numDeck), func(i, j int) { s.numDeck[i], s.numDeck[j] = s.numDeck[j], s.numDeck[i] })
	for range 35 {
		c := RandomClue(s.rng)
		s.out.Clues = append(s.out.Clues, c)
		s.clueDeck = append(s.clueDeck, simCard{clue: c})
	}
	reveals := 7
	if n == 4 {
		reveals = 5
	}
	for range reveals {
		s.clueDeck = append(s.clueDeck, simCard{reveal: true})
	}
	s.rng.Shuffle(len(s.clueDeck), func(i, j int) { s.clueDeck[i], s.clueDeck[j] = s.clueDeck[j], s.clueDeck[i] })
	if err := s.all("players " + strings.Join(s.out.Players, " ")); err != nil {
		return nil, err
	}
	s.players = make([]simPlayer, n)
	for i := range s.players {
		s.logSeat(i, "seat "+s.out.Players[i])
		s.players[i].index = 1
		s.players[i].secret = s.drawNumber()
		s.out.Truth[fmt.Sprintf("%s#1", s.out.Players[i])] = []int{s.players[i].secret}
		s.logSeat(i, fmt.Sprintf("secret %s %d", s.out.Players[i], s.players[i].secret))
	}
	var up []int
	for range 3 {
		up = append(up, s.drawNumber())
	}
	if err := s.reveal(up); err != nil {
		return nil, err
	}
	if err := s.refill(); err != nil {
		return nil, err
	}
	return s, nil
}

type play struct {
	*sim
	players []Player
	games   []*Game
	applied []int // lines of each seat's log applied to its game
}

// game is seat p's game, brought up to date with its log.
func (pl *play) game(p int) (*Game, error) {
	g, log := pl.games[p], pl.out.Logs[p]
	for ; pl.applied[p] < len(log); pl.applied[p]++ {
		if err := g.Apply(log[pl.applied[p]]); err != nil {
			return nil, fmt.Errorf("deductio: seat %d, line %q: %w", p, log[pl.applied[p]], err)
		}
	}
	return g, nil
}

func (pl *play) turn(ctx context.Context, p int) error {
	g, err := pl.game(p)
	if err != nil {
		return err
	}
	t, x, ok, err := pl.players[p].Guess(ctx, g, false)
	if err != nil {
		return err
	}
	if !ok {
		return pl.clue(ctx, p, false)
	}
	right, err := pl.guessAt(p, t, x)
	if err != nil || right {
		return err
	}
	for range 2 {
		if err := pl.clue(ctx, p, true); err != nil {
			return err
		}
	}
	return nil
}

// guessAt checks and makes p's guess that t holds x.
func (pl *play) guessAt(p, t, x int) (bool, error) {
	if t < 0 || t >= len(pl.players) || t == p || x < 1 || x > MaxNumber {
		return false, fmt.Errorf("deductio: seat %d guessed number %d of seat %d", p, x, t)
	}
	return pl.guess(p, t, x)
}

// clue asks p which card of the row to play and plays it; abilities are
// used unless penalty is set.
func (pl *play) clue(ctx context.Context, p int, penalty bool) error {
	if len(pl.row) == 0 {
		return nil
	}
	g, err := pl.game(p)
	if err != nil {
		return err
	}
	row := make([]Clue, len(pl.row))
	anyTrue := false
	for i, c := range pl.row {
		row[i] = c.clue
		anyTrue = anyTrue || c.clue.True(pl.seatState(p).secret, pl.faceUp)
	}
	k, err := pl.players[p].Clue(ctx, g, row)
	if err != nil {
		return err
	}
	name := pl.out.Players[p]
	me := pl.seatState(p)
	switch {
	case k == -1 && anyTrue:
		return fmt.Errorf("deductio: seat %d took the row horizontally with a true card in it", p)
	case k == -1:
		parts := make([]string, len(pl.row))
		for i, c := range pl.row {
			parts[i] = c.clue.String()
			me.clues = append(me.clues, c)
			me.horizontal = append(me.horizontal, true)
		}
		pl.row = nil
		if err := pl.all(fmt.Sprintf("%s rejects %s", name, strings.Join(parts, " "))); err != nil {
			return err
		}
		return pl.refill()
	case k < 0 || k >= len(row) || !row[k].True(me.secret, pl.faceUp):
		return fmt.Errorf("deductio: seat %d played card %d of the row, not a true card", p, k)
	}
	c := pl.row[k]
	pl.row = append(pl.row[:k:k], pl.row[k+1:]...)
	me.clues = append(me.clues, c)
	me.horizontal = append(me.horizontal, false)
	if err := pl.all(fmt.Sprintf("%s plays %s", name, c.clue)); err != nil {
		return err
	}
	if !penalty {
		switch c.clue.Ability {
		case Look1, Look2:
			n := 1
			if c.clue.Ability == Look2 {
				n = 2
			}
			n = min(n, len(pl.numDeck))
			if n > 0 {
				seen := append([]int(nil), pl.numDeck[:n]...)
				pl.numDeck = append(pl.numDeck[n:], seen...)
				for i := range pl.out.Logs {
					if i == p {
						parts := make([]string, n)
						for j, x := range seen {
							parts[j] = fmt.Sprint(x)
						}
						pl.logSeat(i, fmt.Sprintf("%s looks %s", name, strings.Join(parts, " ")))
					} else {
						pl.logSeat(i, fmt.Sprintf("%s looks %d", name, n))
					}
				}
				line := fmt.Sprintf("%s looks %d", name, n)
				pl.out.Public = append(pl.out.Public, line)
				if err := pl.public.Apply(line); err != nil {
					return err
				}
			}
		case FreeGuess:
			g, err := pl.game(p)
			if err != nil {
				return err
			}
			t, x, ok, err := pl.players[p].Guess(ctx, g, true)
			if err != nil {
				return err
			}
			if ok {
				if _, err := pl.guessAt(p, t, x); err != nil {
					return err
				}
				if me.score >= winsNeeded(len(pl.players)) {
					return nil // the game ends at once
				}
			}
		}
	}
	return pl.refill()
}

func (pl *play) seatState(p int) *simPlayer { return &pl.sim.players[p] }

// Number is the seat's current Secret Number, 0 when the log does not give
// it (or has no seat).
func (g *Game) Number() int {
	if g.st.seat < 0 {
		return 0
	}
	return g.st.current[g.st.seat]
}

// FaceUp is the set of face-up Secret Numbers.
func (g *Game) FaceUp() Set { return g.st.faceUp }

// DeckSize is the number of cards in the Secret Number deck.
func (g *Game) DeckSize() int { return g.st.size }

// Scores are the numbers each player has guessed right, in seat order.
func (g *Game) Scores() []int { return slices.Clone(g.st.scores) }

// Needed is the number of correct guesses that wins: 3 with 2 players, 2
// with 3 or 4.
func (g *Game) Needed() int { return winsNeeded(len(g.st.players)) }
