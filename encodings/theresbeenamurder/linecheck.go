package theresbeenamurder

import (
	"fmt"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/notation"
)

// checkLine refuses an event that cannot happen, by what the lines say:
// a draw with two cards in hand or from an empty deck, a play the hand
// cannot make, a reveal or an announcement with no card come into the
// hand, a pass, show, discard or look the play does not make, or made
// twice, a card the seat cannot choose. newTurn says whether e begins a
// turn; cols are the line's word columns.
func (g *Game) checkLine(e engine.Event, newTurn bool, cols []int) error {
	names := g.p.Players
	who := names[e.P]
	seat := g.p.Seat
	me := e.P == seat
	pub := g.pub
	t := &g.turn
	if newTurn {
		t = &turnLines{}
	}
	verb := colOf(cols, 1)
	arg := func(i int) int { return colOf(cols, 2+i) }
	refuse := func(col int, want, format string, args ...any) error {
		return notation.ErrorAt(col, want, format, args...)
	}
	mine := g.myHand()
	switch e.Kind {
	case engine.EvDraw:
		if pub.Deck == 0 {
			return refuse(verb, "another line", "the deck is empty: %s cannot draw (a player who must draw and cannot loses the game)", who)
		}
		if !newTurn && g.played {
			if g.lastPlay != engine.Swain || t.swainDrew || t.chosen {
				return refuse(verb, "the next player's line", "%s has played this turn; only the Swain draws after its play, once", who)
			}
			return nil
		}
		if pub.Sizes[e.P] >= 2 {
			return refuse(verb, who+"'s play", "%s holds %d cards: a player draws only while holding fewer than two", who, pub.Sizes[e.P])
		}
		if me && newTurn && engine.Has(mine, engine.Aristocrat) {
			return refuse(verb, "your play", "you hold the Aristocrat: a player who starts the turn with it does not draw")
		}
	case engine.EvPlay:
		size := pub.Sizes[e.P]
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
		case (e.As == engine.Doctor) && e.Arg == 0 && len(pub.Pile) > 0:
			return refuse(arg(1), "a card of the pile", "the pile is not empty: the Doctor takes a card from it")
		case (e.As == engine.Butler) && (e.Arg == 0) != (pub.Deck == 0):
			if pub.Deck == 0 {
				return refuse(arg(1), "none", "the deck is empty: the Butler sees no card")
			}
			return refuse(arg(1), "the top card", "the Butler announces the top card of the deck (%d cards)", pub.Deck)
		case e.As == engine.Secretary && e.Arg != 0 && pub.Deck == 0:
			return refuse(arg(1), "none", "the deck is empty: the Secretary discards no card")
		case e.As == engine.Seer && e.Flag && pub.Deck == 0:
			return refuse(arg(1), "keep", "the deck is empty: the Seer moves no card")
		case e.As == engine.Reporter && (e.Arg == 0) != (pub.Sizes[e.Q] == 0):
			if pub.Sizes[e.Q] == 0 {
				return refuse(arg(2), "none", "%s holds no card: the Reporter shows none", names[e.Q])
			}
			return refuse(arg(2), "the card shown", "%s holds a card: the Reporter shows one", names[e.Q])
		case e.As == engine.Reporter && e.Q == seat && e.Arg != 0 && !engine.Has(mine, e.Arg):
			return refuse(arg(2), "a card you hold", "you do not hold the %v (you hold %s)", e.Arg, g.handText())
		case e.As == engine.Hound && e.Q == seat && !engine.Has(mine, e.Arg):
			return refuse(arg(2), "nobody, or the holder", "you do not hold the %v", e.Arg)
		case e.As == engine.Hound && e.Q != seat && e.Q != engine.Unseen && engine.Has(mine, e.Arg) && e.Arg != e.Card:
			return refuse(arg(2), names[seat], "you hold the %v: your hand is raised", e.Arg)
		case e.As == engine.Hound && e.Q >= 0 && (slices.Contains(pub.Pile, e.Arg) || e.Arg == e.Card):
			return refuse(arg(2), "nobody", "the %v is in the pile: no one holds it", e.Arg)
		}
	case engine.EvDiscard:
		if t.discard {
			return refuse(verb, "another line", "%s has discarded for this Detective already", who)
		}
		if pub.Sizes[e.P] == 0 {
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
		if g.lastPlay == engine.Swain && pub.Deck > 0 && !t.swainDrew {
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
		if pub.Deck > 0 && !t.swainDrew {
			return refuse(verb, names[e.P]+"'s draw", "the Swain draws first: write %s's draw before who takes", names[e.P])
		}
	case engine.EvShow:
		if t.shown[e.P] {
			return refuse(verb, "another line", "%s has shown a card for this Maid already", who)
		}
		if pub.Sizes[e.P] == 0 {
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
			want = min(3, pub.Deck)
		case engine.Secretary:
			want = pub.Deck
			if g.play.Arg != 0 {
				want++ // the card discarded was in the deck when seen
			}
		case engine.Seer:
			want = min(1, pub.Deck)
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
		if t.saw == nil && pub.Deck > 0 {
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
			return notation.ErrorAt(arg(0), "aristocrat", "you hold the Aristocrat: it is discarded with your Action cards instead of a play")
		}
		var want []engine.Card
		for _, c := range engine.SortedCards(mine) {
			if c.IsAction() {
				want = append(want, c)
			}
		}
		if !slices.Equal(want, e.Cards) {
			return notation.ErrorAt(arg(1), "aristocrat "+cardsText(want), "the Aristocrat discards every Action card in your hand: %s", cardsText(want))
		}
		return nil
	}
	if e.Card == engine.Aristocrat {
		return notation.ErrorAt(arg(0), cardsText(engine.LegalPlays(mine)), "the Monkey or the Drunk is played before the Aristocrat")
	}
	if legal := engine.LegalPlays(mine); !slices.Contains(legal, e.Card) {
		return notation.ErrorAt(arg(0), cardsText(legal), "you may play %s", cardsText(legal))
	}
	return nil
}

// checkChoice refuses a card passed, shown or discarded that its player
// cannot choose: the Murderer beside another card, anything but the
// Stranger when the seat holds it.
func (g *Game) checkChoice(e engine.Event, verb string, arg func(int) int) error {
	who := g.p.Players[e.P]
	size := g.turn.base[e.P]
	if e.Kind == engine.EvDiscard {
		size = g.pub.Sizes[e.P]
	}
	if e.Card == engine.Murderer && size > 1 {
		return notation.ErrorAt(arg(0), "another card", "%s holds %d cards: the Murderer %s only when it is the only card", who, size, verbIs(verb))
	}
	if e.P != g.p.Seat {
		return nil
	}
	hand := g.turn.mine
	if e.Kind == engine.EvDiscard || hand == nil {
		hand = g.myHand()
	}
	if ok := engine.Choosable(hand); !slices.Contains(ok, e.Card) {
		return notation.ErrorAt(arg(0), cardsText(ok), "you may choose %s", cardsText(ok))
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
