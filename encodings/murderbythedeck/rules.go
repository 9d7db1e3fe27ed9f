package murderbythedeck

import (
	"errors"
	"fmt"
	"slices"
)

// Players is the number of players of a round (docs/rules reading 2).
const Players = 4

// HandSize is the number of cards dealt to each player.
const HandSize = 7

// MaxPiles is the cap on draw piles of the old reading (Old.MaxPiles): the
// pile left by the deal and two shuffles of the return pile. The default
// rules have no cap (Rules.MaxPiles 0).
const MaxPiles = 3

// End is how a round ended.
type End uint8

// The ends of a round.
const (
	NotOver End = iota // the round goes on
	Caught             // a right accusation
	Alone              // fewer than two players alive
	NoDraw             // a full round of turns without a draw (everybody BLOCKed, or nothing to draw)
	Stopped            // a turn limit: the simulator's (SimOptions.MaxTurns) or the table's (rule turns N)
)

var endNames = []string{"not over", "murderer caught", "one player left", "a round of turns with no draw but the lone unBLOCKed player's", "stopped"}

// String says how the round ended.
func (e End) String() string { return endNames[e] }

// Kind is the kind of an [Event] or of an [Action].
type Kind uint8

// The kinds of events. Draw, Block, Accuse and Pass are also the actions
// a player chooses between at the start of a turn.
const (
	Draw    Kind = iota + 1 // the player draws the top card
	Down                    // the drawn death card is placed face down
	Discard                 // a card is discarded face up
	Lucky                   // lucky break: two death cards revealed and returned
	Dead                    // "I'm dead": the hand goes face up to the return pile
	Block                   // BLOCK is called
	Accuse                  // an accusation
	Pass                    // a turn with no draw
	Shows                   // the accused shows the accuser their hand
)

// Outcome is the result of an accusation.
type Outcome uint8

// The outcomes of an accusation.
const (
	Right      Outcome = iota + 1 // the accused is a Spade: the round ends
	Wrong                         // the accused is not: the accuser dies
	AccuserDie                    // the accuser showed a Spade and dies, unjudged
)

var outcomeNames = map[Outcome]string{Right: "right", Wrong: "wrong", AccuserDie: "dead"}

// String is "right", "wrong" or "dead".
func (o Outcome) String() string { return outcomeNames[o] }

// Event is one thing that happened in a round, with everything about it
// (the simulator's full record; a seat's log shows what the seat sees).
type Event struct {
	Kind    Kind
	P, Q    int     // the player; for Accuse and Shows, Q is the accused
	Card    Card    // Draw: the card drawn; Discard: the card
	Cards   []Card  // Dead: the hand; Accuse: the accuser's hand; Lucky: drawn, held; Shows: the accused's hand
	Outcome Outcome // Accuse
}

// Action is a choice at the start of a turn: Draw, Block, Pass or Accuse
// Target.
type Action struct {
	Kind   Kind
	Target int
}

// Policy makes the choices of one player: an action among the legal ones
// at the start of a turn, and a card to discard among the legal ones.
type Policy interface {
	Act(r *Round, p int, legal []Action) Action
	Discard(r *Round, p int, legal []Card) Card
}

// Round is a round of Murder By The Deck with everything known: the
// rules engine.
type Round struct {
	Hands     [Players][]Card
	DownCard  [Players]Card // the face-down death card of a player on death row, else NoCard
	DownTurns [Players]int  // own turns since it was placed
	DeadDown  [Players]Card // a dead player's death card, else NoCard
	Pile      []Card        // the draw pile, top last
	Used      []Card        // the return pile
	Alive     [Players]bool
	Blocked   [Players]bool
	LuckyUsed [Players]bool
	// Drew are the cards of each hand that its player drew (not dealt).
	Drew    [Players]CardSet
	Kills   int
	Piles   int // draw piles used so far (1 after the deal)
	Turn    int // whose turn it is
	Over    bool
	Catcher int // the right accuser, -1
	Caught  int // the Spade caught, -1
	Events  []Event
	Deal    []Card // the deck dealt (NewRound's argument)
	// Rules are the readings played (the zero value: the defaults).
	Rules Rules
	// End says how the round ended, once it is over.
	End End
	// Draws counts the cards drawn.
	Draws int
	// Shuffle shuffles the return pile when it becomes the draw pile; nil
	// keeps its order.
	Shuffle func([]Card)
	noDraw  int
	// pileNulls: the draw pile was made of a return pile of null cards
	// only.
	pileNulls bool
	// turns counts the turns played.
	turns int
}

// NewRound deals a round from a permutation of the 36 cards: the first
// seven to the first player, and so on; the last eight are the draw pile,
// the last card of deck on top.
func NewRound(deck []Card) (*Round, error) {
	if len(deck) != NumCards {
		return nil, fmt.Errorf("a deck has %d cards, not %d", NumCards, len(deck))
	}
	seen := make([]bool, NumCards)
	for _, c := range deck {
		if c >= NumCards || seen[c] {
			return nil, errors.New("the deck is not a permutation of the 36 cards")
		}
		seen[c] = true
	}
	r := &Round{Piles: 1, Catcher: -1, Caught: -1, Deal: slices.Clone(deck)}
	for p := range Players {
		r.Hands[p] = slices.Clone(deck[p*HandSize : (p+1)*HandSize])
		r.Alive[p] = true
		r.DownCard[p], r.DeadDown[p] = NoCard, NoCard
	}
	r.Pile = slices.Clone(deck[Players*HandSize:])
	return r, nil
}

// IsSpade reports whether player p holds an identity card
// ([Rules.IDCards]): p is the murderer, Mr. or Mrs. Spade.
func (r *Round) IsSpade(p int) bool { return r.Rules.IsMurderer(r.Hands[p]) }

// Living is the number of players alive.
func (r *Round) Living() int {
	n := 0
	for _, a := range r.Alive {
		if a {
			n++
		}
	}
	return n
}

// dies is true when it is p's turn of death (the count is advanced first).
func (r *Round) dueToDie(p int) bool {
	return r.DownCard[p] != NoCard && r.DownTurns[p]+1 == r.DownCard[p].DeathTurns()
}

// canDraw reports whether a card can be drawn: the pile has one, or the
// return pile can be shuffled into a new one.
func (r *Round) canDraw() bool {
	return r.Rules.canDraw(len(r.Pile), len(r.Used), r.Piles)
}

// Legal are the actions of player p at the start of their turn (p is not
// due to die).
func (r *Round) Legal(p int) []Action {
	var out []Action
	accusals := func() {
		for q := range Players {
			if q != p && r.Alive[q] {
				out = append(out, Action{Kind: Accuse, Target: q})
			}
		}
	}
	if r.Blocked[p] {
		out = append(out, Action{Kind: Pass})
		accusals()
		return out
	}
	if r.canDraw() {
		out = append(out, Action{Kind: Draw})
	} else {
		out = append(out, Action{Kind: Pass})
	}
	if _, ok := fullFamily(r.Hands[p]); ok && r.DownCard[p] == NoCard && !r.LuckyUsed[p] {
		out = append(out, Action{Kind: Block})
		accusals()
	}
	return out
}

func (r *Round) emit(e Event) { r.Events = append(r.Events, e) }

// die puts p's hand on the return pile.
func (r *Round) die(p int) {
	r.Used = append(r.Used, r.Hands[p]...)
	r.Hands[p] = nil
	r.Drew[p] = 0
	r.Alive[p] = false
	r.Blocked[p] = false
}

// Play plays one turn, the choices made by the players' policies; it does
// nothing once the round is over.
func (r *Round) Play(pol [Players]Policy) error {
	if r.Over {
		return nil
	}
	p := r.Turn
	drew := false
	switch {
	case r.DownCard[p] != NoCard && r.dueToDie(p):
		r.emit(Event{Kind: Dead, P: p, Cards: slices.Clone(r.Hands[p])})
		r.DeadDown[p], r.DownCard[p] = r.DownCard[p], NoCard
		r.Kills++
		r.die(p)
	default:
		if r.DownCard[p] != NoCard {
			r.DownTurns[p]++
		}
		legal := r.Legal(p)
		a := pol[p].Act(r, p, legal)
		if !slices.Contains(legal, a) {
			return fmt.Errorf("player %d chose %v, not a legal action", p, a)
		}
		switch a.Kind {
		case Pass:
			r.emit(Event{Kind: Pass, P: p})
		case Block:
			r.Blocked[p] = true
			r.emit(Event{Kind: Block, P: p})
		case Accuse:
			r.accuse(p, a.Target)
		case Draw:
			drew = true
			if err := r.draw(p, pol[p]); err != nil {
				return err
			}
		}
	}
	r.noDraw = idleAfter(r.noDraw, drew, loneDrawer(r.Alive, r.Blocked, r.LuckyUsed, p))
	r.turns++
	r.advance()
	return nil
}

func (r *Round) accuse(p, q int) {
	hand := slices.Clone(r.Hands[p])
	if hasSpade(hand) {
		r.emit(Event{Kind: Accuse, P: p, Q: q, Cards: hand, Outcome: AccuserDie})
		r.die(p)
		return
	}
	right := r.IsSpade(q)
	o := Wrong
	if right {
		o = Right
	}
	r.emit(Event{Kind: Accuse, P: p, Q: q, Cards: hand, Outcome: o})
	r.emit(Event{Kind: Shows, P: q, Q: p, Cards: slices.Clone(r.Hands[q])})
	if r.DownCard[q] != NoCard {
		r.emit(Event{Kind: Dead, P: q, Cards: slices.Clone(r.Hands[q])})
		r.DeadDown[q], r.DownCard[q] = r.DownCard[q], NoCard
		r.Kills++
		r.die(q)
	}
	if right {
		r.Over, r.Catcher, r.Caught, r.End = true, p, q, Caught
		return
	}
	r.die(p)
}

func (r *Round) draw(p int, pol Policy) error {
	if len(r.Pile) == 0 {
		r.Pile, r.Used = r.Used, nil
		r.pileNulls = onlyNulls(r.Pile)
		if r.Shuffle != nil {
			r.Shuffle(r.Pile)
		}
		r.Piles++
	}
	c := r.Pile[len(r.Pile)-1]
	r.Pile = r.Pile[:len(r.Pile)-1]
	r.Draws++
	r.emit(Event{Kind: Draw, P: p, Card: c})
	switch {
	case c.IsDeath() && r.DownCard[p] != NoCard:
		held := r.DownCard[p]
		r.emit(Event{Kind: Lucky, P: p, Cards: []Card{c, held}})
		r.Used = append(r.Used, c, held)
		r.DownCard[p], r.DownTurns[p] = NoCard, 0
		r.LuckyUsed[p] = true
		return nil
	case c.IsDeath() && !r.IsSpade(p):
		r.DownCard[p], r.DownTurns[p] = c, 0
		r.emit(Event{Kind: Down, P: p})
	default:
		r.Hands[p] = append(r.Hands[p], c)
		r.Drew[p] = r.Drew[p].With(c)
	}
	drawn := c
	if r.DownCard[p] == c {
		drawn = NoCard
	}
	legal := r.Rules.LegalDiscards(r.Hands[p], drawn, r.Drew[p])
	d := pol.Discard(r, p, legal)
	i := slices.Index(r.Hands[p], d)
	if i < 0 || !slices.Contains(legal, d) {
		return fmt.Errorf("player %d discarded %v, not a legal discard", p, d)
	}
	r.Hands[p] = slices.Delete(r.Hands[p], i, i+1)
	r.Drew[p] = r.Drew[p].Without(d)
	r.Used = append(r.Used, d)
	r.emit(Event{Kind: Discard, P: p, Card: d})
	return nil
}

// onlyNullsOut reports whether every card out of the hands is known to
// every player to be a null card: the draw pile was made of a return
// pile (face up) of null cards only, and the return pile holds only null
// cards. Then the draws can bring nobody a family card until a player
// discards one: a player who draws a null card and discards it changes
// nothing.
func (r *Round) onlyNullsOut() bool { return r.pileNulls && onlyNulls(r.Used) }

// onlyNulls reports whether cs holds null cards (6s and 8s) only.
func onlyNulls(cs []Card) bool {
	for _, c := range cs {
		if c.IsFamily() {
			return false
		}
	}
	return true
}

// NeedsShuffle reports whether the next turn will draw from a shuffled
// return pile if it draws: the pile is empty and the return pile may be
// used.
func (r *Round) NeedsShuffle() bool { return len(r.Pile) == 0 && r.canDraw() }

// advance ends the turn: the round ends, or the turn passes to the next
// living player.
func (r *Round) advance() {
	if r.Over {
		return
	}
	switch {
	case r.Living() < 2:
		r.Over, r.End = true, Alone
		return
	case r.noDraw >= r.Living():
		r.Over, r.End = true, NoDraw
		return
	case r.Rules.MaxTurns > 0 && r.turns >= r.Rules.MaxTurns:
		r.Over, r.End = true, Stopped
		return
	}
	for i := 1; i <= Players; i++ {
		q := (r.Turn + i) % Players
		if r.Alive[q] {
			r.Turn = q
			return
		}
	}
}

// idleAfter is the count of idle turns after a turn: a turn is idle when
// nobody draws, or when the one who draws is the only living player not
// BLOCKed; a draw by anyone else starts the count again (docs/rules
// reading 27: a round ends after as many idle turns in a row as there are
// living players).
func idleAfter(idle int, drew, lone bool) int {
	if drew && !lone {
		return 0
	}
	return idle + 1
}

// loneDrawer reports whether a draw by p cannot end the round by a BLOCK
// or an accusation: p had a lucky break (it can never BLOCK, and its six
// cards never make a family to accuse with), or p is the only living
// player not BLOCKed and without a lucky break (docs/rules reading 27c).
func loneDrawer(alive, blocked, lucky [Players]bool, p int) bool {
	if lucky[p] {
		return true
	}
	for q := range Players {
		if q != p && alive[q] && !blocked[q] && !lucky[q] {
			return false
		}
	}
	return true
}

// Score is each player's score for the round (docs/rules reading 28).
func (r *Round) Score() [Players]int {
	var s [Players]int
	if r.Catcher >= 0 {
		s[r.Catcher] = r.Living()
	}
	for p := range Players {
		if !r.Alive[p] || !r.IsSpade(p) {
			continue
		}
		switch {
		case p == r.Caught:
			if suit, ok := fullFamily(r.Hands[p]); ok && suit == Spades {
				s[p] += r.Kills
			}
		default:
			s[p] += 2 * r.Kills
		}
	}
	return s
}
