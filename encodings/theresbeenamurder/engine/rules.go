package engine

import (
	"slices"
)

// End is how a game ended.
type End uint8

// The ends of a game.
const (
	Playing      End = iota // not over
	WinDetective            // the Detective's target discarded the Murderer
	WinConfidant            // the Murderer was passed to the Confidant's holder
	LoseWitness             // the Murderer was passed to the Witness's holder
	LoseDeck                // a player could not draw at the start of a turn
	LoseDead                // no way left to win (see the rules document)
	LoseLong                // the turn limit of the simulator was reached
)

// Won reports whether the players won.
func (e End) Won() bool { return e == WinDetective || e == WinConfidant }

// String says how the game ended.
func (e End) String() string {
	return [...]string{"playing", "won: the Detective caught the Murderer", "won: the Murderer was passed to the Confidant",
		"lost: the Murderer was passed to the Witness", "lost: the deck ran out", "lost: no way left to win",
		"lost: turn limit reached"}[e]
}

// TurnLimit ends a game that is still going after this many turns (a loss;
// real games end long before).
const TurnLimit = 400

// State is the whole state of a game: every hand, the deck in order, the
// discard pile, the removed cards and whose turn it is.
type State struct {
	Cfg   *Config
	Hands [][]Card
	Deck  []Card // the draw deck, top first
	// Grp and Top run beside Deck: the exchangeability group of each
	// position (see deck.go) and, in group 0, whether it is one of the
	// top part's positions at set-up.
	Grp      []int
	Top      []bool
	Shuffles int // the deck's shuffles so far (the newest group's number)
	// Virgin marks the players whose hands are still their dealt cards,
	// untouched and never consulted by the rules (see deck.go).
	Virgin  []bool
	Discard []Card // the discard pile, bottom first
	Removed []Card // removed unseen at set-up
	Turn    int    // the player whose turn is next
	Turns   int    // turns begun
	Last    Card   // the last Action card played (what the Monkey copies); 0 for none
	End     End
	// OffHands are cards no virgin hand holds, as a Hound's answer says
	// (the estimator's; the rules never read it).
	OffHands CardSet
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.End != Playing }

// Score is the number of cards left in the draw deck when the players won,
// 0 when they lost.
func (s *State) Score() int {
	if s.End.Won() {
		return len(s.Deck)
	}
	return 0
}

// Clone is a deep copy of s (the Config is shared). The hands, the deck,
// the pile and the removed cards share one new buffer, each with room to
// grow by cloneSpare cards (beyond it, append moves it out): a particle is
// cloned at every turn it plays, and one buffer is fewer allocations.
func (s *State) Clone() *State {
	t := *s
	n := len(s.Deck) + len(s.Discard) + len(s.Removed) + (len(s.Hands)+2)*cloneSpare
	for _, h := range s.Hands {
		n += len(h)
	}
	buf := make([]Card, 0, n)
	part := func(cs []Card, spare int) []Card {
		i := len(buf)
		buf = append(buf, cs...)
		buf = buf[:len(buf)+spare]
		return buf[i : i+len(cs) : i+len(cs)+spare]
	}
	t.Hands = make([][]Card, len(s.Hands))
	for i, h := range s.Hands {
		t.Hands[i] = part(h, cloneSpare)
	}
	t.Deck = part(s.Deck, cloneSpare)
	t.Discard = part(s.Discard, cloneSpare)
	t.Removed = part(s.Removed, 0)
	t.Grp = slices.Clone(s.Grp)
	t.Top = slices.Clone(s.Top)
	t.Virgin = slices.Clone(s.Virgin)
	return &t
}

// cloneSpare is the room Clone leaves after a hand, the deck and the pile.
const cloneSpare = 2

// Decision is the kind of a choice made during play.
type Decision uint8

// The kinds of choices.
const (
	DPlay    Decision = iota + 1 // which card to play (options: cards)
	DTarget                      // which player (options: players)
	DPair                        // which two other players, the Cad (options: a*16+b)
	DGive                        // which card to pass or swap (options: cards; actor is the giver)
	DShow                        // which card to show the Maid's player (actor is the shower)
	DDiscard                     // which card the Detective's target discards
	DPick                        // the player's pick: Doctor, Secretary (0 for none), Driver, Nun, Hound
	DSeer                        // 1 to move the bottom card to the top, 0 to keep it
	DChance                      // a card at random (Swain, Reporter); actor -1
	DTaker                       // the Swain's other player, chosen after its draw (options: players)
)

// Agent makes the choices of a game and watches its events.
type Agent interface {
	// Choose picks an index into opts (never empty).
	Choose(s *State, d Decision, actor int, opts []int) int
	// Shuffle shuffles cards in place.
	Shuffle(cards []Card)
	// Emit is told every event as it happens.
	Emit(s *State, e Event)
	// Consult is told that the rules are about to read virgin player p's
	// hand.
	Consult(s *State, p int)
	// Reveal is told that p is about to play from the hand it holds.
	Reveal(s *State, p int)
	// Look is told, before deck position i is read, who will see the
	// card there (-1 for everyone, -2 for no one) and why.
	Look(s *State, i, who int, why Site)
}

// Site is why a deck position is read.
type Site uint8

const (
	SiteDraw Site = iota + 1
	SiteButler
	SiteDriver0 // the Driver's first card; +1, +2 for the next
	SiteDriver1
	SiteDriver2
	SiteSeer
	SiteSecretary // the whole deck, seen by the Secretary's player
)

// Has reports whether hand h holds c.
func Has(h []Card, c Card) bool { return slices.Contains(h, c) }

// Without is h without its first c (h itself, shortened in place).
func Without(h []Card, c Card) []Card {
	i := slices.Index(h, c)
	if i < 0 {
		return h
	}
	return slices.Delete(h, i, i+1)
}

func ints(cs []Card) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = int(c)
	}
	return out
}

// SortedCards is a sorted copy of h.
func SortedCards(h []Card) []Card {
	c := slices.Clone(h)
	slices.Sort(c)
	return c
}

// LegalPlays are the cards a player holding h may play: the Monkey if held,
// else the Drunk if held; never the Murderer unless it is the only card;
// never the Imposter beside a card numbered above 5; the Socialite and the
// Nun only with another card. When no card is left (a lone Socialite or
// Nun) any card may be played, to no effect. Ascending.
func LegalPlays(h []Card) []Card {
	if Has(h, Monkey) {
		return []Card{Monkey}
	}
	if Has(h, Drunk) {
		return []Card{Drunk}
	}
	var out []Card
	for _, c := range SortedCards(h) {
		switch {
		case c == Murderer && len(h) > 1:
			continue
		case c == Imposter && slices.ContainsFunc(h, func(o Card) bool { return o > Imposter }):
			continue
		case (c == Socialite || c == Nun) && len(h) < 2:
			continue
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		out = SortedCards(h)
	}
	return out
}

// Choosable are the cards a player holding h may choose to pass, swap,
// show or discard: the Stranger alone if held; the Murderer only when it is
// the only card. Ascending; empty for an empty hand.
func Choosable(h []Card) []Card {
	if Has(h, Stranger) {
		return []Card{Stranger}
	}
	if len(h) == 1 {
		return slices.Clone(h)
	}
	return slices.DeleteFunc(SortedCards(h), func(c Card) bool { return c == Murderer })
}

// Buryable are the cards the Nun's player may put under the deck: any but
// the Murderer unless it is the only card (the Stranger does not bind: the
// Nun neither passes, shows nor discards).
func Buryable(h []Card) []Card {
	if len(h) == 1 {
		return slices.Clone(h)
	}
	return slices.DeleteFunc(SortedCards(h), func(c Card) bool { return c == Murderer })
}

// left and right are the neighbours of p: turns pass to the left.
func (s *State) left(p int) int  { return (p + 1) % s.Cfg.Players }
func (s *State) right(p int) int { return (p + s.Cfg.Players - 1) % s.Cfg.Players }

// Others are the players other than p, in seat order.
func (s *State) Others(p int) []int {
	var out []int
	for q := range s.Cfg.Players {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}

func (s *State) ev(k Kind, p int) Event { return Event{Kind: k, P: p, Q: -1, R: -1} }

func (s *State) end(e End) {
	if s.End == Playing {
		s.End = e
	}
}

// NewState deals a game: deck is the deck before the deal (top first) and
// removed the cards removed unseen. Start must follow.
func NewState(cfg *Config, deck, removed []Card) *State {
	s := &State{Cfg: cfg, Removed: slices.Clone(removed), Hands: make([][]Card, cfg.Players), Virgin: make([]bool, cfg.Players)}
	for p := range s.Virgin {
		s.Virgin[p] = true
	}
	deck = slices.Clone(deck)
	for k := range 2 {
		for p := range cfg.Players {
			s.Hands[p] = append(s.Hands[p], deck[cfg.DealPosition(p, k)])
		}
	}
	s.Deck = deck[2*cfg.Players:]
	for i := range s.Deck {
		s.Grp = append(s.Grp, 0)
		s.Top = append(s.Top, i+2*cfg.Players < cfg.TopSize())
	}
	return s
}

// Start runs what the deal triggers: the Drunk's announcement and the
// Blackmailer, in seat order.
func (s *State) Start(ag Agent) {
	for p := range s.Cfg.Players {
		s.entered(ag, p, s.Hands[p]...)
	}
}

// entered runs the effects of cards entering p's hand: the Drunk is
// announced, and the Blackmailer beside the Detective sends the Detective
// back into the deck.
func (s *State) entered(ag Agent, p int, cs ...Card) {
	if s.Over() {
		return
	}
	if Has(cs, Drunk) && Has(s.Hands[p], Drunk) {
		s.Virgin[p] = false
		e := s.ev(EvAnnounce, p)
		e.Card = Drunk
		ag.Emit(s, e)
	}
	h := s.Hands[p]
	if Has(h, Blackmailer) && Has(h, Detective) {
		s.Virgin[p] = false
		s.Hands[p] = Without(s.Hands[p], Detective)
		s.deckAppend(Detective)
		s.shuffleDeck(ag)
		e := s.ev(EvReveal, p)
		e.Cards = []Card{Detective, Blackmailer}
		ag.Emit(s, e)
	}
}

// passedMurderer runs the Confidant and the Witness for q, who was just
// passed the Murderer.
func (s *State) passedMurderer(ag Agent, q int) {
	h := s.Hands[q]
	for _, c := range []Card{Confidant, Witness} {
		if Has(h, c) {
			if c == Confidant {
				s.end(WinConfidant)
			} else {
				s.end(LoseWitness)
			}
			e := s.ev(EvReveal, q)
			e.Cards = []Card{Murderer, c}
			ag.Emit(s, e)
			return
		}
	}
}

// move is one card passed from one hand to another.
type move struct {
	from, to int
	card     Card
}

// exchange passes cards between hands at once (a swap, the Gossip), tells
// the two players concerned of each, then runs the Confidant or Witness
// of whoever got the Murderer, and the effects of the cards entering.
func (s *State) exchange(ag Agent, ms []move) {
	for _, m := range ms {
		s.consult(ag, m.from)
		s.consult(ag, m.to)
	}
	for _, m := range ms {
		s.Hands[m.from] = Without(s.Hands[m.from], m.card)
	}
	for _, m := range ms {
		s.Hands[m.to] = append(s.Hands[m.to], m.card)
	}
	for _, m := range ms {
		e := s.ev(EvGive, m.from)
		e.Q, e.Card = m.to, m.card
		ag.Emit(s, e)
	}
	for _, m := range ms {
		if m.card == Murderer {
			s.passedMurderer(ag, m.to)
		}
	}
	for _, m := range ms {
		s.entered(ag, m.to, m.card)
	}
}

// CheckDead ends the game when no way to win is left: the Murderer, or
// both the Detective and the Confidant, in the discard pile with neither
// the Doctor nor the Monkey able to come back from it.
func (s *State) CheckDead() {
	if s.Over() {
		return
	}
	in := func(c Card) bool { return Has(s.Discard, c) }
	back := !(in(Doctor) || !s.Cfg.Has(Doctor)) || !(in(Monkey) || !s.Cfg.Has(Monkey))
	if back {
		return
	}
	if in(Murderer) || (in(Detective) && (in(Confidant) || !s.Cfg.Has(Confidant))) {
		s.end(LoseDead)
	}
}

// blackmailLoop reports whether p's draw phase can never end: p drew the
// Detective, the Blackmailer sent it straight back, and the deck holds the
// Detective alone, so that every later draw would repeat the same state.
// The draw phase then ends, and p plays from the hand held (a reading: the
// rules would have p draw for ever). While the deck holds any other card,
// the shuffle lets p draw it, and p keeps drawing ("draw from the
// face-down deck until you have two cards").
func blackmailLoop(s *State, p int, drawn Card) bool {
	return drawn == Detective && !Has(s.Hands[p], Detective) && len(s.Deck) == 1 && s.Deck[0] == Detective
}

// PlayTurn plays the next player's turn: the draw, then the play (or the
// Aristocrat's discard), then passes the turn to the left.
func (s *State) PlayTurn(ag Agent) {
	if s.Over() {
		return
	}
	p := s.Turn
	s.consult(ag, p)
	s.Turns++
	if s.Turns > TurnLimit {
		s.end(LoseLong)
		return
	}
	if !Has(s.Hands[p], Aristocrat) {
		for len(s.Hands[p]) < 2 {
			if len(s.Deck) == 0 {
				s.end(LoseDeck)
				return
			}
			c := s.draw(ag, p)
			if s.Over() {
				return
			}
			if blackmailLoop(s, p, c) {
				break
			}
		}
	}
	ag.Reveal(s, p)
	h := s.Hands[p]
	switch {
	case Has(h, Aristocrat) && !Has(h, Monkey) && !Has(h, Drunk):
		var gone []Card
		for _, c := range SortedCards(h) {
			if c.IsAction() {
				gone = append(gone, c)
			}
		}
		s.Hands[p] = Without(s.Hands[p], Aristocrat)
		s.Discard = append(s.Discard, Aristocrat)
		for _, c := range gone {
			s.Hands[p] = Without(s.Hands[p], c)
			s.Discard = append(s.Discard, c)
		}
		e := s.ev(EvPlay, p)
		e.Card, e.Cards = Aristocrat, gone
		ag.Emit(s, e)
	case len(h) > 0:
		opts := LegalPlays(h)
		c := opts[ag.Choose(s, DPlay, p, ints(opts))]
		s.play(ag, p, c)
	}
	s.CheckDead()
	s.Turn = s.left(p)
}

// draw moves the deck's top card into p's hand, tells the agent, runs
// what its entering sets off, and returns it. The deck is not empty.
func (s *State) draw(ag Agent, p int) Card {
	ag.Look(s, 0, p, SiteDraw)
	c := s.deckRemove(0)
	s.Hands[p] = append(s.Hands[p], c)
	e := s.ev(EvDraw, p)
	e.Card = c
	ag.Emit(s, e)
	s.entered(ag, p, c)
	return c
}

// consult lets the agent know that the rules read p's hand, which is
// then no longer virgin.
func (s *State) consult(ag Agent, p int) {
	if s.Virgin[p] {
		ag.Consult(s, p)
		s.Virgin[p] = false
	}
}

// choosable are the cards p may choose to pass, show or discard, p's hand
// consulted.
func (s *State) choosable(ag Agent, p int) []int {
	s.consult(ag, p)
	return ints(Choosable(s.Hands[p]))
}

func (s *State) allPlayers() []int {
	out := make([]int, s.Cfg.Players)
	for i := range out {
		out[i] = i
	}
	return out
}

// HolderOf is the player holding card c, or -1.
func (s *State) HolderOf(c Card) int {
	for p, h := range s.Hands {
		if Has(h, c) {
			return p
		}
	}
	return -1
}
