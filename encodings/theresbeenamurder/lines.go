package theresbeenamurder

import (
	"fmt"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"

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
	n := len(g.p.players)
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
	n := len(g.p.players)
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

// checkLine refuses an event that cannot happen, by what the lines say:
// a draw with two cards in hand or from an empty deck, a play the hand
// cannot make, a reveal or an announcement with no card come into the
// hand, a pass, show, discard or look the play does not make, or made
// twice, a card the seat cannot choose. newTurn says whether e begins a
// turn; cols are the line's word columns.
func (g *Game) checkLine(e engine.Event, newTurn bool, cols []int) error {
	names := g.p.players
	who := names[e.P]
	seat := g.p.seat
	me := e.P == seat
	pub := g.pub
	t := &g.turn
	if newTurn {
		t = &turnLines{}
	}
	verb := colOf(cols, 1)
	arg := func(i int) int { return colOf(cols, 2+i) }
	refuse := func(col int, want, format string, args ...any) error {
		return lineErr(col, want, format, args...)
	}
	mine := g.myHand()
	switch e.Kind {
	case engine.EvDraw:
		if pub.deck == 0 {
			return refuse(verb, "another line", "the deck is empty: %s cannot draw (a player who must draw and cannot loses the game)", who)
		}
		if !newTurn && g.played {
			if g.lastPlay != engine.Swain || t.swainDrew || t.chosen {
				return refuse(verb, "the next player's line", "%s has played this turn; only the Swain draws after its play, once", who)
			}
			return nil
		}
		if pub.sizes[e.P] >= 2 {
			return refuse(verb, who+"'s play", "%s holds %d cards: a player draws only while holding fewer than two", who, pub.sizes[e.P])
		}
		if me && newTurn && engine.Has(mine, engine.Aristocrat) {
			return refuse(verb, "your play", "you hold the Aristocrat: a player who starts the turn with it does not draw")
		}
	case engine.EvPlay:
		size := pub.sizes[e.P]
		if size == 0 {
			return refuse(verb, who+"'s draw", "%s holds no card: a player draws to two before playing", who)
		}
		if size < 2 {
			switch {
			case t.drew > 0 && t.loop:
				// the Blackmailer's loop ends the draw phase (blackmailLoop)
			case t.drew > 0:
				return refuse(verb, who+"'s draw", "%s holds %d card: a player draws until holding two", who, size)
			case !g.cfg.Has(engine.Aristocrat):
				return refuse(verb, who+"'s draw", "%s holds %d card: a player draws to two before playing", who, size)
			case me && !engine.Has(mine, engine.Aristocrat):
				return refuse(verb, "your draw", "you hold %d card and no Aristocrat: draw to two before playing", size)
			case e.Card != engine.Aristocrat && e.Card != engine.Monkey && e.Card != engine.Drunk:
				return refuse(arg(0), who+"'s draw", "%s holds %d card: without a draw, only a player holding the Aristocrat plays (the Aristocrat, or the Monkey or the Drunk beside it)", who, size)
			}
		}
		if me {
			if err := g.checkMyPlay(e, mine, arg); err != nil {
				return err
			}
		}
		left := size - 1
		switch {
		case e.Card == engine.Murderer && size > 1:
			return refuse(arg(0), "another card", "%s holds %d cards: the Murderer is played only when it is the only card", who, size)
		case e.Card == engine.Aristocrat && len(e.Cards) > left:
			return refuse(arg(1), "the end of the line", "%s holds %d cards besides the Aristocrat", who, left)
		case e.As == engine.Socialite && left == 0 && e.Q >= 0:
			return refuse(arg(1), "the end of the line", "%s has no card left to swap: the Socialite names no one", who)
		case e.As == engine.Socialite && left > 0 && e.Q < 0:
			return refuse(arg(1), "the player to swap with", "%s still holds a card: the Socialite names the player to swap with", who)
		case (e.As == engine.Doctor) && e.Arg == 0 && len(pub.pile) > 0:
			return refuse(arg(1), "a card of the pile", "the pile is not empty: the Doctor takes a card from it")
		case (e.As == engine.Butler) && (e.Arg == 0) != (pub.deck == 0):
			if pub.deck == 0 {
				return refuse(arg(1), "none", "the deck is empty: the Butler sees no card")
			}
			return refuse(arg(1), "the top card", "the Butler announces the top card of the deck (%d cards)", pub.deck)
		case e.As == engine.Secretary && e.Arg != 0 && pub.deck == 0:
			return refuse(arg(1), "none", "the deck is empty: the Secretary discards no card")
		case e.As == engine.Seer && e.Flag && pub.deck == 0:
			return refuse(arg(1), "keep", "the deck is empty: the Seer moves no card")
		case e.As == engine.Reporter && (e.Arg == 0) != (pub.sizes[e.Q] == 0):
			if pub.sizes[e.Q] == 0 {
				return refuse(arg(2), "none", "%s holds no card: the Reporter shows none", names[e.Q])
			}
			return refuse(arg(2), "the card shown", "%s holds a card: the Reporter shows one", names[e.Q])
		case e.As == engine.Reporter && e.Q == seat && e.Arg != 0 && !engine.Has(mine, e.Arg):
			return refuse(arg(2), "a card you hold", "you do not hold the %v (you hold %s)", e.Arg, g.handText())
		case e.As == engine.Hound && e.Q == seat && !engine.Has(mine, e.Arg):
			return refuse(arg(2), "nobody, or the holder", "you do not hold the %v", e.Arg)
		case e.As == engine.Hound && e.Q != seat && e.Q != engine.Unseen && engine.Has(mine, e.Arg) && e.Arg != e.Card:
			return refuse(arg(2), names[seat], "you hold the %v: your hand is raised", e.Arg)
		case e.As == engine.Hound && e.Q >= 0 && (slices.Contains(pub.pile, e.Arg) || e.Arg == e.Card):
			return refuse(arg(2), "nobody", "the %v is in the pile: no one holds it", e.Arg)
		}
	case engine.EvDiscard:
		if t.discard {
			return refuse(verb, "another line", "%s has discarded for this Detective already", who)
		}
		if pub.sizes[e.P] == 0 {
			return refuse(verb, "another line", "%s holds no card to discard", who)
		}
		if err := g.checkChoice(e, "discards", arg); err != nil {
			return err
		}
	case engine.EvGive:
		to, ok := g.giver(e.P)
		if !ok || to != e.Q {
			return nil // checkTurn says what is wrong
		}
		if t.gave[e.P] {
			return refuse(verb, "another line", "%s has passed a card in this play already", who)
		}
		if g.lastPlay == engine.Swain && pub.deck > 0 && !t.swainDrew {
			return refuse(verb, who+"'s draw", "the Swain draws first: write %s's draw before the card taken", names[g.play.P])
		}
		if g.lastPlay == engine.Swain {
			if me && !engine.Has(t.mine, e.Card) && !engine.Has(mine, e.Card) {
				return refuse(arg(0), "a card you hold", "you do not hold the %v", e.Card)
			}
			return nil // taken at random: any card
		}
		if err := g.checkChoice(e, "gives", arg); err != nil {
			return err
		}
	case engine.EvChosen:
		if t.chosen {
			return refuse(verb, "another line", "%s's Swain has chosen already: %s takes", names[e.P], names[t.taker])
		}
		if t.short > 0 && t.short-1 != e.Q {
			return refuse(1, names[t.short-1]+" takes from "+names[e.P], "%s's Swain named %s on its play's line", names[e.P], names[t.short-1])
		}
		if pub.deck > 0 && !t.swainDrew {
			return refuse(verb, names[e.P]+"'s draw", "the Swain draws first: write %s's draw before who takes", names[e.P])
		}
	case engine.EvShow:
		if t.shown[e.P] {
			return refuse(verb, "another line", "%s has shown a card for this Maid already", who)
		}
		if pub.sizes[e.P] == 0 {
			return refuse(verb, "another line", "%s holds no card to show", who)
		}
		if err := g.checkChoice(e, "shows", arg); err != nil {
			return err
		}
	case engine.EvSees:
		if !g.played || g.play.P != e.P {
			return nil
		}
		if t.saw != nil {
			return refuse(verb, "another line", "you have looked at the deck for this play already")
		}
		want := 0
		switch g.lastPlay {
		case engine.Driver:
			want = min(3, pub.deck)
		case engine.Secretary:
			want = pub.deck
			if g.play.Arg != 0 {
				want++ // the card discarded was in the deck when seen
			}
		case engine.Seer:
			want = min(1, pub.deck)
		}
		if len(e.Cards) != want {
			return refuse(arg(0), fmt.Sprintf("%d cards", want), "the %v shows %d cards here, not %d", g.lastPlay, want, len(e.Cards))
		}
		if g.lastPlay == engine.Secretary && g.play.Arg != 0 && !slices.Contains(e.Cards, g.play.Arg) {
			return refuse(arg(0), "the deck with the "+g.play.Arg.String(), "the %v discarded was in the deck", g.play.Arg)
		}
		for i, c := range e.Cards {
			if slices.Contains(e.Cards[:i], c) {
				return refuse(arg(i), "another card", "the %v twice", c)
			}
			if k, ok := g.known[c]; ok && !(g.lastPlay == engine.Secretary && c == g.play.Arg) {
				return table.NewConflict(g.lines, []int{k.line})
			}
		}
	case engine.EvTake:
		if !g.played || g.play.P != e.P || g.lastPlay != engine.Driver {
			return nil
		}
		if t.took {
			return refuse(verb, "another line", "you have taken the Driver's card already")
		}
		if t.saw == nil && pub.deck > 0 {
			return refuse(verb, "your look: you sees CARD ...", "write the cards the Driver shows you before the one you take")
		}
		if !slices.Contains(t.saw, e.Card) {
			return refuse(arg(0), "a card you saw", "the Driver takes one of the cards it shows (%s)", cardsText(t.saw))
		}
	case engine.EvBury:
		if !g.played || g.play.P != e.P || g.lastPlay != engine.Nun {
			return nil
		}
		if t.buried {
			return refuse(verb, "another line", "you have put a card under the deck already")
		}
		if !slices.Contains(engine.Buryable(mine), e.Card) {
			return refuse(arg(0), "a card you may bury", "the Nun puts one of %s under the deck", cardsText(engine.Buryable(mine)))
		}
	case engine.EvAnnounce:
		if g.cur >= 0 && !t.entered[e.P] && !g.receives(e.P) {
			return refuse(verb, "another line", "no card has come into %s's hand this turn: the Drunk is announced when it enters a hand", who)
		}
		if me && !engine.Has(mine, engine.Drunk) {
			return refuse(arg(0), "another line", "you do not hold the Drunk")
		}
	case engine.EvReveal:
		if e.Cards[0] == engine.Murderer {
			if !g.receives(e.P) {
				return refuse(verb, "another line", "no card is passed to %s in this turn: %s reveals the Murderer only when it is passed to its holder", who, e.Cards[1].Title())
			}
			break
		}
		if !g.cfg.Has(engine.Blackmailer) {
			return refuse(arg(0), "another line", "the Blackmailer is not in this game")
		}
		if g.cur >= 0 && !t.entered[e.P] && !(g.receives(e.P) && !t.revealed[e.P]) {
			return refuse(verb, "another line", "no card has come into %s's hand since the turn began or since its last reveal: the Blackmailer reveals the Detective when a hand comes to hold both", who)
		}
	}
	return nil
}

// checkMyPlay refuses a play the seat's hand cannot make: the Monkey and
// the Drunk must be played, the Murderer only alone, the Imposter not
// beside a higher card, the Aristocrat with every Action card held.
func (g *Game) checkMyPlay(e engine.Event, mine []engine.Card, arg func(int) int) error {
	if engine.Has(mine, engine.Aristocrat) && !engine.Has(mine, engine.Monkey) && !engine.Has(mine, engine.Drunk) {
		if e.Card != engine.Aristocrat {
			return lineErr(arg(0), "aristocrat", "you hold the Aristocrat: it is discarded with your Action cards instead of a play")
		}
		var want []engine.Card
		for _, c := range engine.SortedCards(mine) {
			if c.IsAction() {
				want = append(want, c)
			}
		}
		if !slices.Equal(want, e.Cards) {
			return lineErr(arg(1), "aristocrat "+cardsText(want), "the Aristocrat discards every Action card in your hand: %s", cardsText(want))
		}
		return nil
	}
	if e.Card == engine.Aristocrat {
		return lineErr(arg(0), cardsText(engine.LegalPlays(mine)), "the Monkey or the Drunk is played before the Aristocrat")
	}
	if legal := engine.LegalPlays(mine); !slices.Contains(legal, e.Card) {
		return lineErr(arg(0), cardsText(legal), "you may play %s", cardsText(legal))
	}
	return nil
}

// checkChoice refuses a card passed, shown or discarded that its player
// cannot choose: the Murderer beside another card, anything but the
// Stranger when the seat holds it.
func (g *Game) checkChoice(e engine.Event, verb string, arg func(int) int) error {
	who := g.p.players[e.P]
	size := g.turn.base[e.P]
	if e.Kind == engine.EvDiscard {
		size = g.pub.sizes[e.P]
	}
	if e.Card == engine.Murderer && size > 1 {
		return lineErr(arg(0), "another card", "%s holds %d cards: the Murderer %s only when it is the only card", who, size, verbIs(verb))
	}
	if e.P != g.p.seat {
		return nil
	}
	hand := g.turn.mine
	if e.Kind == engine.EvDiscard || hand == nil {
		hand = g.myHand()
	}
	if ok := engine.Choosable(hand); !slices.Contains(ok, e.Card) {
		return lineErr(arg(0), cardsText(ok), "you may choose %s", cardsText(ok))
	}
	return nil
}

func verbIs(verb string) string {
	switch verb {
	case "gives":
		return "is passed"
	case "shows":
		return "is shown"
	}
	return "is discarded"
}

// cardsText lists cards: "cad, maid".
func cardsText(cs []engine.Card) string {
	if len(cs) == 0 {
		return "no card"
	}
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " or "
		}
		s += c.String()
	}
	return s
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
		if e.As == engine.Driver && g.pub.deck > 0 {
			t.entered[e.P] = true // another player's pick has no line
		}
		copy(t.base[:], sizes)
		t.base[e.P]--
		t.deck = g.pub.deck
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
			t.loop = !g.played && e.P == g.cur && g.pub.deck == 0 // the Detective goes back: the deck is then it alone
		}
	}
}

// exchangeEnds reports whether e is a pass of the open turn's exchange
// written after the Murderer's reveal that ended the game: the passes of
// a swap or a Gossip happen together, the reveal after them.
func (g *Game) exchangeEnds(e engine.Event) bool {
	if g.pub.end != engine.WinConfidant && g.pub.end != engine.LoseWitness {
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
func (g *Game) record(t tracked) {
	i := len(g.evs)
	if t.e.Kind == engine.EvGive && !t.newTurn && g.played {
		switch g.lastPlay {
		case engine.Cad, engine.Socialite, engine.Gossip:
			r := g.giveRank(t.e)
			for i > g.playAt+1 {
				f := g.evs[i-1].e
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
	pub := g.evs[i-1].pub.clone()
	for j := i; j < len(g.evs); j++ {
		pub.apply(g.evs[j].e, g.p.seat, len(g.p.players))
		g.evs[j].pub = pub.clone()
	}
	if g.done > i {
		if g.tr != nil && g.tr.stop == nil && len(g.tr.obs) >= g.done-i {
			g.tr = g.tr.clone()
			g.tr.obs = g.tr.obs[:len(g.tr.obs)-(g.done-i)]
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
	if g.cur < 0 || !g.played || g.pub.end != engine.Playing {
		return ""
	}
	names, seat, t, pl := g.p.players, g.p.seat, &g.turn, g.play
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
