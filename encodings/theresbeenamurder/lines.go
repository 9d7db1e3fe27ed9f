package theresbeenamurder

import (
	"fmt"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/certain"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// What the open turn's lines have said so far, read off the lines alone,
// for refusing a line that cannot happen (checkLine): how many cards the
// player drew, the hands' sizes when the play's passes are chosen, who
// has already given, shown or discarded, and into whose hand a card has
// come this turn (what the Drunk's announcement and the Blackmailer need).
type turnLines struct {
	drew      int  // draws before the play
	swainDrew bool // the Swain's draw, after the play
	// chosen is set once the Swain's player has chosen, after its draw,
	// the player who takes a card (taker). short is that player plus one
	// when the play's line named it (the shorthand "plays swain P"),
	// until its choice is recorded, and shortLine that line.
	chosen    bool
	taker     int
	short     int
	shortLine int
	// base are the hands' sizes when the play's choices are made: after
	// the card played left its player's hand (and, for the Swain, before
	// its draw).
	base [engine.MaxPlayers]int
	// mine is the seat's hand then.
	mine     []engine.Card
	gave     [engine.MaxPlayers]bool
	got      [engine.MaxPlayers]bool // given a card by a pass line
	deck     int                     // the deck's size before the play
	shown    [engine.MaxPlayers]bool
	entered  [engine.MaxPlayers]bool // a card came into the hand this turn (or at the deal)
	revealed [engine.MaxPlayers]bool // a Blackmailer's reveal this turn
	// loop is set when the draw phase's last reveal sent the Detective
	// back to a deck of the Detective alone (blackmailLoop).
	loop    bool
	discard bool
	saw     []engine.Card // the seat's look (nil before it)
	took    bool
	buried  bool
}

// colOf is the column of a line's i-th word (0 the player, 1 the verb,
// then the arguments), or the column past its end when it has fewer.
func colOf(cols []int, i int) int {
	if len(cols) == 0 {
		return 1
	}
	if i < len(cols)-1 {
		return cols[i]
	}
	return cols[len(cols)-1]
}

// receives reports whether the open turn's play passes a card to p, by
// the sizes at its choices (base): the Cad, the Socialite, the Gossip, the
// Invalid and the Swain's take.
func (g *Game) receives(p int) bool {
	if !g.played {
		return false
	}
	n := len(g.p.Players)
	pl, t := g.play, &g.turn
	switch g.lastPlay {
	case engine.Cad:
		return (p == pl.Q && t.base[pl.R] > 0) || (p == pl.R && t.base[pl.Q] > 0)
	case engine.Socialite:
		return pl.Q >= 0 && ((p == pl.Q && t.base[pl.P] > 0) || (p == pl.P && t.base[pl.Q] > 0))
	case engine.Gossip:
		return t.base[(p+n-1)%n] > 0
	case engine.Invalid:
		return p == pl.P && t.base[pl.Q] > 0
	case engine.Swain:
		return t.chosen && p == t.taker && (t.base[pl.P] > 0 || t.swainDrew)
	}
	return false
}

// giver reports whether p passes a card in the open turn's play, and to
// whom.
func (g *Game) giver(p int) (int, bool) {
	if !g.played {
		return -1, false
	}
	n := len(g.p.Players)
	pl, t := g.play, &g.turn
	switch g.lastPlay {
	case engine.Cad:
		switch p {
		case pl.Q:
			return pl.R, t.base[p] > 0
		case pl.R:
			return pl.Q, t.base[p] > 0
		}
	case engine.Socialite:
		switch {
		case pl.Q < 0:
		case p == pl.P:
			return pl.Q, t.base[p] > 0
		case p == pl.Q:
			return pl.P, t.base[p] > 0
		}
	case engine.Gossip:
		return (p + 1) % n, t.base[p] > 0
	case engine.Invalid:
		if p == pl.Q {
			return pl.P, t.base[p] > 0
		}
	case engine.Swain:
		if p == pl.P && t.chosen {
			return t.taker, t.base[p] > 0 || t.swainDrew
		}
	}
	return -1, false
}

// noteLine records what event e says for the open turn's later lines:
// sizes are the hands' sizes before it.
func (g *Game) noteLine(e engine.Event, newTurn bool, sizes []int, mine []engine.Card) {
	t := &g.turn
	if newTurn {
		*t = turnLines{}
	}
	switch e.Kind {
	case engine.EvDraw:
		t.entered[e.P] = true
		t.loop = false
		if g.played {
			t.swainDrew = true
		} else {
			t.drew++
		}
	case engine.EvTake:
		t.entered[e.P] = true
		t.took = true
	case engine.EvPlay:
		if e.As == engine.Driver && g.pub.Deck > 0 {
			t.entered[e.P] = true // another player's pick has no line
		}
		copy(t.base[:], sizes)
		t.base[e.P]--
		t.deck = g.pub.Deck
		t.mine = engine.Without(slices.Clone(mine), e.Card)
		for _, c := range e.Cards {
			t.mine = engine.Without(t.mine, c)
		}
	case engine.EvGive:
		t.gave[e.P] = true
		t.got[e.Q] = true
		t.entered[e.Q] = true
	case engine.EvShow:
		t.shown[e.P] = true
	case engine.EvChosen:
		t.chosen, t.taker, t.short = true, e.Q, 0
	case engine.EvDiscard:
		t.discard = true
	case engine.EvSees:
		t.saw = slices.Clone(e.Cards)
	case engine.EvBury:
		t.buried = true
	case engine.EvReveal:
		if e.Cards[0] == engine.Detective {
			t.revealed[e.P] = true
			t.entered[e.P] = false
			t.loop = !g.played && e.P == g.cur && g.pub.Deck == 0 // the Detective goes back: the deck is then it alone
		}
	}
}

// exchangeEnds reports whether e is a pass of the open turn's exchange
// written after the Murderer's reveal that ended the game: the passes of
// a swap or a Gossip happen together, the reveal after them.
func (g *Game) exchangeEnds(e engine.Event) bool {
	if g.pub.End != engine.WinConfidant && g.pub.End != engine.LoseWitness {
		return false
	}
	switch g.lastPlay {
	case engine.Cad, engine.Socialite, engine.Gossip:
		return g.played && e.Kind == engine.EvGive
	}
	return false
}

// giveRank is the place of a pass among the passes of the open turn's
// play, in the order the rules make them (the canonical order): the Cad's
// first named player (in seat order) first, the Socialite's player before
// the other, the Gossip's in seat order.
func (g *Game) giveRank(e engine.Event) int {
	switch g.lastPlay {
	case engine.Cad:
		if e.P == g.play.Q {
			return 0
		}
		return 1
	case engine.Socialite:
		if e.P == g.play.P {
			return 0
		}
		return 1
	case engine.Gossip:
		return e.P
	}
	return 0
}

// record adds an event of the log. The passes of a swap or a Gossip
// happen together, and their lines may be written in any order: each is
// put in the canonical order (giveRank), before the reveals and
// announcements they cause, so that every order the table may write
// means the same to the tracker and the exact layer. The public views
// after the moved events are recomputed; a tracker that had read past the
// new event's place goes back to it.
func (g *Game) record(t certain.Tracked) {
	i := len(g.evs)
	if t.Ev.Kind == engine.EvGive && !t.NewTurn && g.played {
		switch g.lastPlay {
		case engine.Cad, engine.Socialite, engine.Gossip:
			r := g.giveRank(t.Ev)
			for i > g.playAt+1 {
				f := g.evs[i-1].Ev
				if (f.Kind == engine.EvGive && g.giveRank(f) > r) || f.Kind == engine.EvAnnounce || f.Kind == engine.EvReveal {
					i--
					continue
				}
				break
			}
		}
	}
	if i == len(g.evs) {
		g.evs = append(g.evs, t)
		return
	}
	g.evs = slices.Insert(slices.Clip(g.evs), i, t)
	pub := g.evs[i-1].Pub.Clone()
	for j := i; j < len(g.evs); j++ {
		pub.Apply(g.evs[j].Ev, g.p.Seat, len(g.p.Players))
		g.evs[j].Pub = pub.Clone()
	}
	if g.done > i {
		if g.tr != nil && g.tr.Stop == nil && len(g.tr.Obs) >= g.done-i {
			g.tr = g.tr.Clone()
			g.tr.Obs = g.tr.Obs[:len(g.tr.Obs)-(g.done-i)]
			g.done = i
		} else {
			g.tr, g.done, g.lostAt = nil, 0, 0
		}
	}
}

// missing is the first line the open turn still owes the seat before the
// next turn begins, as a reason ("" for none): the passes, shows and
// looks the seat takes part in, the Detective's target's discard and the
// Swain's draw, which every seat sees.
func (g *Game) missing() string {
	if g.cur < 0 || !g.played || g.pub.End != engine.Playing {
		return ""
	}
	names, seat, t, pl := g.p.Players, g.p.Seat, &g.turn, g.play
	n := len(names)
	if g.lastPlay == engine.Swain && t.deck > 0 && !t.swainDrew {
		return fmt.Sprintf("%s's Swain draws a card: %s draws", names[pl.P], names[pl.P])
	}
	if g.lastPlay == engine.Swain && !t.chosen {
		return fmt.Sprintf("the player %s's Swain chooses: NAME takes from %s", names[pl.P], names[pl.P])
	}
	if to, ok := g.giver(seat); ok && !t.gave[seat] {
		return fmt.Sprintf("your card to %s: %s gives CARD to %s", names[to], names[seat], names[to])
	}
	if g.receives(seat) && !t.got[seat] {
		from := -1
		for p := range n {
			if to, ok := g.giver(p); ok && to == seat && p != seat {
				from = p
			}
		}
		if from >= 0 {
			return fmt.Sprintf("the card %s passes you: %s gives CARD to %s", names[from], names[from], names[seat])
		}
	}
	switch g.lastPlay {
	case engine.Detective:
		if t.base[pl.Q] > 0 && !t.discard {
			return fmt.Sprintf("%s's discard: %s discards CARD", names[pl.Q], names[pl.Q])
		}
	case engine.Maid:
		for _, x := range []int{(pl.P + 1) % n, (pl.P + n - 1) % n} {
			if t.base[x] > 0 && !t.shown[x] && (seat == pl.P || seat == x) {
				return fmt.Sprintf("%s's card shown to %s: %s shows CARD to %s", names[x], names[pl.P], names[x], names[pl.P])
			}
		}
	}
	if pl.P != seat || t.deck == 0 {
		return ""
	}
	switch g.lastPlay {
	case engine.Driver:
		if t.saw == nil {
			return "your Driver's look: " + names[seat] + " sees CARD CARD CARD"
		}
		if !t.took {
			return "your Driver's card: " + names[seat] + " takes CARD"
		}
	case engine.Secretary, engine.Seer:
		if t.saw == nil {
			return fmt.Sprintf("your %v's look: %s sees CARD ...", g.lastPlay.Title(), names[seat])
		}
	case engine.Nun:
		if t.base[seat] > 0 && !t.buried {
			return "your Nun's card: " + names[seat] + " buries CARD"
		}
	}
	return ""
}
