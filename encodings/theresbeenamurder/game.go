package theresbeenamurder

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/certain"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/notation"
)

// Name is the game's name in a log header.
const Name = "tbam"

// DefaultParticles is the number of hidden histories the tracker keeps.
const DefaultParticles = 500

// Game is a game of There's Been A Murder as seen from one seat: the lines
// accepted so far, what the seat knows for certain (its hand and the
// pile) and the tracker's estimate of everything else.
type Game struct {
	lines   []string
	p       notation.Parser
	level   engine.Level
	cards   []engine.Card
	removed int
	cfg     *engine.Config
	hand    []engine.Card
	tr      *estimate.Tracker // up to date with evs[:done]; built on demand (track)
	evs     []certain.Tracked
	done    int
	pub     *certain.Public
	// lostAt is the line after which the tracker found no hidden history
	// (0 while it has one): its estimates stop there.
	lostAt int
	// refines counts the Refine calls that replayed since the lines last
	// changed.
	refines int
	cur     int  // whose turn is open (-1 during the set-up)
	played  bool // the open turn's play has been written
	// lastPlay is the Action the open turn's play performed.
	lastPlay engine.Card
	play     engine.Event // the open turn's play
	// known is where the seat knows each card to be for certain, and the
	// line that put it there.
	known map[engine.Card]knownAt
	// handLine is the hand line's number.
	handLine int
	// enc is the exact encoding of the lines (nil until built).
	enc *certain.Encoding
	// turn is what the open turn's lines have said (lines.go), and
	// playAt the index in evs of its play.
	turn   turnLines
	playAt int
	// Particles is the tracker's number of hidden histories (set before
	// the hand line; DefaultParticles when 0).
	Particles int
}

// knownAt is a card the seat knows the place of: in its own hand or in
// the pile, since line.
type knownAt struct {
	pile bool
	line int
}

var _ table.Game = (*Game)(nil)

// NewGame returns an empty game awaiting its set-up lines.
func NewGame() *Game {
	return &Game{p: notation.Parser{Seat: -1}, removed: 1, cur: -1, known: map[engine.Card]knownAt{}}
}

// Load reads a whole log (its header "game tbam") and replays it.
func Load(r io.Reader) (*Game, error) { return table.LoadAs[*Game](Definition, r) }

// Name is "tbam".
func (g *Game) Name() string { return Name }

// Lines are the accepted lines, in order.
func (g *Game) Lines() []string { return g.lines }

// Players are the players in seat order (the first player first).
func (g *Game) Players() []string { return g.p.Players }

// Config is the game's set-up, nil before the hand line.
func (g *Game) Config() *engine.Config { return g.cfg }

// Words are the player names, the card names and the keywords.
func (g *Game) Words() []string {
	w := slices.Clone(g.p.Players)
	for c := engine.Card(1); c <= engine.NumCards; c++ {
		w = append(w, c.String())
	}
	w = append(w, "players", "seat", "level", "cards", "removed", "hand", "draws", "announces", "reveals",
		"plays", "discards", "gives", "shows", "sees", "takes", "buries", "to", "from", "none", "nobody", "move", "keep",
		"novice", "veteran", "master", "not", "pile", "deck")
	return w
}

// clone copies the game so that a refused line can leave it unchanged.
func (g *Game) clone() *Game {
	h := *g
	h.lines = slices.Clip(g.lines)
	h.p.Players = slices.Clip(g.p.Players)
	h.known = make(map[engine.Card]knownAt, len(g.known))
	for k, v := range g.known {
		h.known[k] = v
	}
	h.evs = slices.Clip(g.evs)
	if g.pub != nil {
		h.pub = g.pub.Clone()
	}
	return &h
}

// Apply parses one line and adds it. A malformed line, or one out of turn,
// returns a *table.LineError; a line that contradicts what the seat knows
// for certain returns a *table.ConflictError naming the line that says
// so. On any error the game is unchanged.
func (g *Game) Apply(line string) error {
	return table.CharColumns(g.applyLine(line), line)
}

// applyLine is Apply with the columns of its errors in bytes.
func (g *Game) applyLine(line string) error {
	if len(line) > table.MaxLineLen {
		return &table.LineError{Msg: fmt.Sprintf("the line has %d bytes, more than %d", len(line), table.MaxLineLen)}
	}
	e, err := g.p.Parse(line)
	if err != nil {
		return err
	}
	if e.Kind == notation.KindComment {
		g.lines = append(g.lines, line)
		return nil
	}
	h := g.clone()
	n := len(g.lines) + 1 // this line's number
	if err := h.apply(e, n); err != nil {
		return err
	}
	if err := h.checkExact(n); err != nil {
		return err
	}
	h.lines = append(h.lines, line)
	h.refines = 0
	*g = *h
	return nil
}

func (g *Game) apply(e notation.Entry, n int) error {
	switch e.Kind {
	case notation.KindPlayers:
		g.p.Players = e.Names
		return nil
	case notation.KindSeat:
		g.p.Seat = e.Player
		return nil
	case notation.KindLevel:
		g.level, g.cards = e.Level, nil
		return nil
	case notation.KindCards:
		g.cards = e.Cards
		return nil
	case notation.KindRemoved:
		g.removed = e.Removed
		return nil
	case notation.KindHand:
		return g.setup(e.Cards, e.Cols, n)
	}
	return g.event(e.Ev, n, e.Cols)
}

func (g *Game) setup(hand []engine.Card, cols []int, n int) error {
	cfg := &engine.Config{Players: len(g.p.Players), Cards: g.cards, Removed: g.removed}
	if cfg.Cards == nil {
		cfg.Cards = engine.DefaultCards(cfg.Players, g.level)
	}
	if err := cfg.Check(); err != nil {
		return notation.ErrorAt(1, "a set-up the game allows", "%v", err)
	}
	for i, c := range hand {
		if !cfg.Has(c) {
			col := 1
			if i < len(cols) {
				col = cols[i]
			}
			return notation.ErrorAt(col, "a card of this game", "the %v is not in this game", c)
		}
	}
	if w := estimate.DealWeights(cfg, g.p.Seat, hand); w[0]+w[1] == 0 {
		return notation.ErrorAt(6, "a hand the deal can give", "the deal cannot give the seat this hand (the Murderer is dealt from the top part, the Detective from the bottom)")
	}
	g.cfg, g.hand, g.p.Cards = cfg, slices.Clone(hand), cfg.Cards
	g.handLine = n
	g.pub = certain.NewPublic(cfg, g.p.Seat, hand)
	for _, c := range hand {
		g.known[c] = knownAt{line: n}
	}
	return nil
}

// event checks an event against the turn order and what the seat knows,
// then lets the tracker weigh it. The Swain's choice, after its draw, is
// its own event (EvChosen); a play's line naming it ("plays swain P",
// the shorthand) records the play without it and the choice once the
// Swain's draw and what the draw sets off are written (swainShort), and
// a card the Swain's player gives before any choice is written names the
// player chosen.
func (g *Game) event(e engine.Event, n int, cols []int) error {
	if e.Kind == engine.EvPlay && e.As == engine.Swain && e.Q >= 0 {
		q := e.Q
		e.Q = -1
		if err := g.event1(e, n, cols); err != nil {
			return err
		}
		g.turn.short, g.turn.shortLine = q+1, n
		if g.pub.Deck == 0 {
			return g.swainShort(cols) // no draw: the choice is now
		}
		return nil
	}
	if t := &g.turn; t.short > 0 && (t.swainDrew || t.deck == 0) && !g.swainDrawLine(e) && e.Kind != engine.EvChosen {
		if err := g.swainShort(cols); err != nil {
			return err
		}
	}
	if e.Kind == engine.EvGive && g.cur >= 0 && g.played && g.lastPlay == engine.Swain && !g.turn.chosen && e.P == g.play.P {
		// The Swain's player's card given: the player chosen is its
		// receiver.
		if err := g.event1(engine.Event{Kind: engine.EvChosen, P: e.P, Q: e.Q, R: -1}, n, cols); err != nil {
			return err
		}
	}
	return g.event1(e, n, cols)
}

// swainDrawLine reports whether e is a line of the open Swain's draw, or
// of what the draw sets off in its player's hand (the Drunk announced,
// the Blackmailer's reveal), which come before the Swain's choice.
func (g *Game) swainDrawLine(e engine.Event) bool {
	if !g.played || g.lastPlay != engine.Swain || e.P != g.play.P {
		return false
	}
	switch e.Kind {
	case engine.EvDraw:
		return !g.turn.swainDrew
	case engine.EvAnnounce:
		return g.turn.swainDrew
	case engine.EvReveal:
		return g.turn.swainDrew && e.Cards[0] == engine.Detective
	}
	return false
}

// swainShort records the Swain's choice its play's line named.
func (g *Game) swainShort(cols []int) error {
	t := &g.turn
	q, line := t.short-1, t.shortLine
	t.short = 0
	return g.event1(engine.Event{Kind: engine.EvChosen, P: g.play.P, Q: q, R: -1}, line, cols)
}

// event1 is event for one event.
func (g *Game) event1(e engine.Event, n int, cols []int) error {
	if err := g.checkKnown(e, colOf(cols, 2)); err != nil {
		return err
	}
	if e.Kind == engine.EvDraw || e.Kind == engine.EvPlay {
		if e.P != g.cur && g.played {
			g.pub.CheckDead() // a turn ends
		}
	}
	if g.pub.End != engine.Playing && !g.exchangeEnds(e) {
		return notation.ErrorAt(0, "a comment", "the game is over (%v)", g.pub.End)
	}
	newTurn := false
	if e.Kind == engine.EvDraw || e.Kind == engine.EvPlay {
		switch {
		case e.P == g.cur && e.Kind == engine.EvPlay && g.played:
			return notation.ErrorAt(1, "the next player's line", "%s has played this turn", g.p.Players[e.P])
		case e.P == g.cur && e.Kind == engine.EvDraw && g.played && !(g.lastPlayWas(engine.Swain)):
			return notation.ErrorAt(1, "the next player's line", "%s has played this turn", g.p.Players[e.P])
		case e.P == g.cur:
		default:
			next := 0
			if g.cur >= 0 {
				if !g.played {
					return notation.ErrorAt(1, g.p.Players[g.cur]+"'s play", "%s has not played yet", g.p.Players[g.cur])
				}
				next = (g.cur + 1) % len(g.p.Players)
			}
			if e.P != next {
				return notation.ErrorAt(1, g.p.Players[next]+"'s turn", "it is %s's turn", g.p.Players[next])
			}
			newTurn = true
		}
	} else if g.cur < 0 && e.Kind != engine.EvAnnounce && e.Kind != engine.EvReveal {
		return notation.ErrorAt(1, "the first player's draw or play", "no turn has begun")
	}
	if !newTurn {
		if err := g.checkTurn(e); err != nil {
			return err
		}
	} else if m := g.missing(); m != "" {
		return notation.ErrorAt(1, "the rest of "+g.p.Players[g.cur]+"'s turn", "a line of %s's turn is missing: %s", g.p.Players[g.cur], m)
	}
	if err := g.checkLine(e, newTurn, cols); err != nil {
		return err
	}
	sizes, mine := slices.Clone(g.pub.Sizes), g.myHand()
	if newTurn {
		g.cur, g.played, g.lastPlay = e.P, false, 0
	}
	g.noteLine(e, newTurn, sizes, mine)
	g.pub.Apply(e, g.p.Seat, len(g.p.Players))
	g.record(certain.Tracked{Ev: e, NewTurn: newTurn, Line: n, Pub: g.pub.Clone()})
	if e.Kind == engine.EvPlay {
		g.playAt = len(g.evs) - 1
		g.played = true
		g.lastPlay = e.As
		g.play = e
		if e.Card.IsAction() {
			g.p.Last = e.Card
		}
	}
	g.learn(e, n)
	return nil
}

// checkTurn refuses a line that the open turn's play cannot lead to: a
// card passed between players the play does not make pass, a card shown
// to someone who played no Maid, a discard with no Detective, a look or
// pick the seat's play does not give.
func (g *Game) checkTurn(e engine.Event) error {
	n := len(g.p.Players)
	pl := g.play
	as := g.lastPlay
	if !g.played {
		as = 0
	}
	bad := func(what string) error {
		return notation.ErrorAt(1, "a line the turn's play leads to", "%s", what)
	}
	switch e.Kind {
	case engine.EvGive:
		ok := false
		switch as {
		case engine.Cad:
			ok = (e.P == pl.Q && e.Q == pl.R) || (e.P == pl.R && e.Q == pl.Q)
		case engine.Socialite:
			ok = (e.P == pl.P && e.Q == pl.Q) || (e.P == pl.Q && e.Q == pl.P)
		case engine.Invalid:
			ok = e.P == pl.Q && e.Q == pl.P
		case engine.Swain:
			ok = e.P == pl.P && g.turn.chosen && e.Q == g.turn.taker
		case engine.Gossip:
			ok = e.Q == (e.P+1)%n
		}
		if !ok {
			return bad("no card passes from " + g.p.Players[e.P] + " to " + g.p.Players[e.Q] + " in this turn")
		}
	case engine.EvChosen:
		if as != engine.Swain || e.P != pl.P {
			return bad("no Swain of " + g.p.Players[e.P] + "'s chooses a player in this turn")
		}
	case engine.EvShow:
		if as != engine.Maid || e.Q != pl.P || (e.P != (pl.P+1)%n && e.P != (pl.P+n-1)%n) {
			return bad("no Maid asks " + g.p.Players[e.P] + " to show a card to " + g.p.Players[e.Q])
		}
	case engine.EvDiscard:
		if as != engine.Detective || e.P != pl.Q {
			return bad("no Detective names " + g.p.Players[e.P] + " in this turn")
		}
	case engine.EvSees:
		if (as != engine.Driver && as != engine.Secretary && as != engine.Seer) || pl.P != e.P {
			return bad("the seat looks at the deck only after its Driver, Secretary or Seer")
		}
	case engine.EvTake:
		if as != engine.Driver || pl.P != e.P {
			return bad("the seat takes a card only after its Driver")
		}
	case engine.EvBury:
		if as != engine.Nun || pl.P != e.P {
			return bad("the seat buries a card only after its Nun")
		}
	}
	return nil
}

func (g *Game) lastPlayWas(c engine.Card) bool { return g.lastPlay == c }

// checkKnown refuses an event that moves or reveals a card the seat knows
// to be elsewhere: in its own hand or in the pile.
func (g *Game) checkKnown(e engine.Event, col int) error {
	seat := g.p.Seat
	clash := func(c engine.Card, canBeMine, canBePile bool) error {
		k, ok := g.known[c]
		if !ok || c == 0 {
			return nil
		}
		if (k.pile && !canBePile) || (!k.pile && !canBeMine) {
			return table.NewConflict(g.lines, []int{k.line})
		}
		return nil
	}
	mine := func(c engine.Card, col int) error {
		if k, ok := g.known[c]; !ok || k.pile {
			return notation.ErrorAt(col, "a card you hold", "you do not hold the %v (you hold %s)", c, g.handText())
		}
		return nil
	}
	switch e.Kind {
	case engine.EvDraw, engine.EvTake:
		if e.P == seat {
			return clash(e.Card, false, false)
		}
	case engine.EvAnnounce:
		return clash(engine.Drunk, e.P == seat, false)
	case engine.EvReveal:
		for _, c := range e.Cards {
			if err := clash(c, e.P == seat, false); err != nil {
				return err
			}
		}
	case engine.EvPlay:
		if e.P == seat {
			if err := mine(e.Card, col); err != nil {
				return err
			}
		} else if err := clash(e.Card, false, false); err != nil {
			return err
		}
		for _, c := range e.Cards {
			if err := clash(c, e.P == seat, false); err != nil {
				return err
			}
		}
		if e.As == engine.Doctor && e.Arg != 0 {
			if k, ok := g.known[e.Arg]; !ok || !k.pile {
				return notation.ErrorAt(0, "a card of the pile", "the %v is not in the pile", e.Arg)
			}
		}
		if (e.As == engine.Secretary || e.As == engine.Butler) && e.Arg != 0 {
			return clash(e.Arg, false, false)
		}
		if e.As == engine.Reporter && e.Arg != 0 {
			return clash(e.Arg, e.Q == seat, false)
		}
	case engine.EvDiscard, engine.EvGive, engine.EvShow, engine.EvBury:
		if e.P == seat {
			return mine(e.Card, col)
		}
		return clash(e.Card, false, false)
	}
	return nil
}

func (g *Game) handText() string {
	var cs []string
	for _, c := range g.myHand() {
		cs = append(cs, c.String())
	}
	if len(cs) == 0 {
		return "nothing"
	}
	return strings.Join(cs, " and ")
}

// myHand is the seat's hand now, ascending.
func (g *Game) myHand() []engine.Card {
	var cs []engine.Card
	for c, k := range g.known {
		if !k.pile {
			cs = append(cs, c)
		}
	}
	slices.Sort(cs)
	return cs
}

// learn updates what the seat knows for certain after event e of line n:
// its hand and the pile, each card with the line that put it there.
func (g *Game) learn(e engine.Event, n int) {
	now := map[engine.Card]knownAt{}
	for _, c := range g.pub.Pile {
		now[c] = knownAt{pile: true, line: n}
	}
	for _, c := range g.pub.Mine {
		now[c] = knownAt{line: n}
	}
	for c, k := range now {
		if old, ok := g.known[c]; ok && old.pile == k.pile {
			now[c] = old
		}
	}
	g.known = now
}

// errNotForced is a fact the lines do not force.
var errNotForced = errors.New("not forced")
