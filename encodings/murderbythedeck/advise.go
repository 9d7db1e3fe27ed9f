package murderbythedeck

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Advice is the whole answer of the advice for the seat: the accusations it
// may make now with the chance each is right, the risk of the next draw,
// and the discards ranked.
type Advice struct {
	// CanAccuse is set when the seat may accuse now.
	CanAccuse bool
	// AccuseNow is set when the advice is to accuse now the first of
	// Accusations: the seat may (BLOCK first when it can, since a BLOCKed
	// player cannot be killed and may accuse on any later turn), and that
	// accusation is right with a chance of at least AccuseAt, or with any
	// chance at the LastChance. A right accusation scores the players
	// alive; a wrong one kills the accuser, which costs a player with a
	// complete family of another suit no points (it scores only by a right
	// accusation), but ends its chance to make one later, with better odds.
	AccuseNow bool
	// LastChance is set when the round will end before the seat's next
	// turn unless somebody accuses: every other living player is
	// BLOCKed or after a lucky break, or all but one and the seat is
	// BLOCKed or would be by a BLOCK now (docs/rules reading 27c). An
	// accusation is then worth its chance times the players alive, and
	// waiting nothing.
	LastChance bool
	// Block is set when the seat may call BLOCK now, which the advice
	// recommends (a BLOCKed player cannot be killed) unless the BLOCK
	// would end the round before the seat's next turn: at most one other
	// living player neither BLOCKed nor after a lucky break (then the
	// advice is the accusation of its last chance).
	Block bool
	// Accusations are the other living players, most likely Spade first.
	Accusations []AccuseOption
	// NextDeath is the estimated chance that the next card drawn is a death
	// card; Kills tells whether such a card would put the seat on death row
	// (false for a Spade, who keeps it, and for a player on death row, for
	// whom it is a lucky break).
	NextDeath   *big.Rat
	NextDeathSE float64
	Kills       bool
	// Discards are the cards the seat may discard, best first; empty when
	// the seat holds no hand.
	Discards []DiscardOption
	// Target is the suit the discards keep toward a BLOCK.
	Target int
}

// AccuseAt is the chance of being right at which the advice accuses
// before its last chance: 1, only when every world the tracker weighs
// makes the accused the murderer. The advice accuses before drawing only
// with a complete family, and BLOCKs first when the BLOCK leaves it
// another turn, so AccuseAt is what a BLOCKed seat waits for: it cannot
// be killed and keeps its accusation for a later turn, and it accuses at
// any chance at its last. Against seats that accuse at an even chance,
// waiting so won more points a round than accusing at an even chance or
// at 0.7 (docs/benchmarks.md, "Murder By The Deck").
var AccuseAt = big.NewRat(1, 1)

// AccuseOption is one accusation weighed: the accused and the chance they
// are a Spade (Status "forced", "impossible" or "open" with the estimate).
type AccuseOption struct {
	Player string
	Status string
	P      *big.Rat
	SE     float64
}

// DiscardOption is one card the seat may discard, weighed: Cost is the
// number of family cards of the target suit it gives up (0 or 1); Leak the
// cards of its suit the seat keeps (the fewer, the less a discard of that
// suit tells); Why says it in words.
type DiscardOption struct {
	Card Card
	Cost int
	Leak int
	Why  string
}

// Advice computes the advice for the seat.
func (g *Game) Advice(ctx context.Context) (*Advice, error) {
	st := g.st
	if st.seat < 0 {
		return nil, fmt.Errorf("advice is for a seat: the log has no seat line")
	}
	if len(st.seatHand) == 0 && st.setup == 3 && !st.alive[st.seat] {
		return nil, fmt.Errorf("%s is out of the round", st.names[st.seat])
	}
	est, _ := g.Estimate(ctx)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a := &Advice{}
	me := st.seat
	hand := slices.Clone(st.seatHand)
	if _, full := fullFamily(hand); full && st.step == stStart && st.turn == me && st.downSlot[me] < 0 && !st.over {
		a.CanAccuse = true
	}
	sp, err := g.murdererOdds(ctx)
	if err != nil {
		return nil, err
	}
	for q := range Players {
		if q == me || !st.alive[q] {
			continue
		}
		a.Accusations = append(a.Accusations, AccuseOption{Player: st.names[q], Status: sp[q].status, P: sp[q].p, SE: sp[q].se})
	}
	slices.SortStableFunc(a.Accusations, func(x, y AccuseOption) int { return y.P.Cmp(x.P) })
	// A BLOCK when at most one other living player may draw in a way that
	// counts ends the round before the seat's next turn (reading 27c): the
	// seat would never accuse. Then the turn is the seat's last chance.
	blockEnds := !st.blocked[me] && st.openOthers(me) <= 1
	a.Block = a.CanAccuse && !st.blocked[me] && !st.lucky[me] && !blockEnds
	a.LastChance = a.CanAccuse && (st.lastChance(me) || blockEnds)
	if suit, _ := fullFamily(hand); a.CanAccuse && suit != Spades && !a.Block && len(a.Accusations) > 0 {
		best := a.Accusations[0]
		a.AccuseNow = best.Status == "forced" || (best.Status == "open" && (best.P.Cmp(AccuseAt) >= 0 || a.LastChance))
	}
	if est != nil && est.RiskDen > 0 {
		a.NextDeath, a.NextDeathSE = est.RiskP(), est.RiskSE()
	}
	a.Kills = st.downSlot[me] < 0 && !st.rules.IsMurderer(hand)
	// Discards: of the hand and the card drawn this turn, if any.
	drawn := NoCard
	if st.step == stDrawn && st.turn == me {
		if !(st.drawn.IsDeath() && (st.downSlot[me] >= 0 || !st.rules.IsMurderer(hand))) {
			hand = append(hand, st.drawn)
			drawn = st.drawn
		}
	}
	drew := st.seatDrew
	if drawn != NoCard {
		drew = drew.With(drawn)
	}
	a.Target, a.Discards = rankDiscardsFor(st.rules, hand, drawn, drew, -1, st.onlyNullsOut(), false)
	return a, nil
}

func familyCounts(hand []Card) (count [4]int) {
	for _, c := range hand {
		if c.IsFamily() {
			count[c.Suit()]++
		}
	}
	return count
}

// rankDiscardsFor ranks the legal discards of hand toward the target suit
// given (-1: the suit of which the hand holds most family cards; Spades
// for the murderer): first the cards that cost nothing toward a BLOCK of
// the target suit, null cards first among them (nobody's family: they
// tell nothing of the suit sought), then the cards of the suits the hand
// holds fewest of (they leak least), a dealt death card last (its place
// is needed only for the last family card). A null card goes after the
// family cards of other suits (kept, not discarded) in two cases. When
// stale (every card out of the hands is a null card: Round.onlyNullsOut):
// discarding it would change nothing, for the next draws can only bring
// null cards, and a round in which every player does so never ends; a
// family card of another suit put back in play lets the cards move
// again. And for the murderer when release is set: a family card of
// another suit it holds keeps that suit's family from ever being
// complete, and with one card of each suit held so, nobody can complete
// one, nobody needs the place of the death card they were dealt, and the
// round may never end. The simulated players that try to win release so
// before the murderer's first kill (a round that never ends scores it
// nothing then); the advice does not, since keeping them won the
// murderer's seat more points against such players (docs/benchmarks.md,
// variant mhoard).
func rankDiscardsFor(rules Rules, hand []Card, drawn Card, drew CardSet, target int, stale, release bool) (int, []DiscardOption) {
	count := familyCounts(hand)
	switch {
	case target >= 0:
	case rules.IsMurderer(hand):
		target = Spades
	default:
		for s := range 3 {
			if target < 0 || count[s] > count[target] {
				target = s
			}
		}
	}
	release = release && target == Spades
	var out []DiscardOption
	for _, c := range rules.LegalDiscards(hand, drawn, drew) {
		o := DiscardOption{Card: c}
		switch {
		case c.Suit() == target && c.IsFamily() && !(target == Spades && c.IsDeath()):
			o.Cost = 1
			o.Why = fmt.Sprintf("a family card of %s, the suit you collect", suitWord(target))
		case target == Spades && c.IsDeath():
			o.Leak = -3
			o.Why = "a death card: whoever draws it dies, a kill for you"
		case c.IsDeath() && !dumpDeath:
			// Kept until its place is needed: once discarded it comes back
			// in a draw pile and kills whoever draws it, perhaps the seat.
			o.Leak = 50
			o.Why = "a death card: holding it is harmless, discarded it kills whoever draws it, perhaps you"
		case !c.IsFamily() && stale:
			o.Leak = 49
			o.Why = "a null card: nobody's family, but only null cards are out of the hands, so discarding it changes nothing"
		case !c.IsFamily() && release:
			o.Leak = 49
			o.Why = "a null card: nobody's family; with no kill yet, you keep it and put other families' cards back in play, so that players need the places of their death cards"
		case !c.IsFamily():
			o.Why = "a null card: nobody's family"
		case c.IsSpade():
			o.Leak = -2
			o.Why = "a Spade: holding one bars BLOCK and accusing"
		default:
			o.Leak = count[c.Suit()]
			o.Why = fmt.Sprintf("you hold %s of %s", table.Counted(count[c.Suit()], "family card"), suitWord(c.Suit()))
		}
		if !c.IsFamily() && o.Leak == 0 {
			o.Leak = -1
		}
		out = append(out, o)
	}
	slices.SortStableFunc(out, func(x, y DiscardOption) int {
		if x.Cost != y.Cost {
			return x.Cost - y.Cost
		}
		if x.Leak != y.Leak {
			return x.Leak - y.Leak
		}
		return int(x.Card) - int(y.Card)
	})
	for i := range out {
		out[i].Leak = max(out[i].Leak, 0)
	}
	return target, out
}

// dumpDeath makes rankDiscardsFor rank a dealt death card among the
// Spades to discard first (the ranking before; a benchmark variant).
var dumpDeath = false

func suitWord(s int) string { return [...]string{"Hearts", "Diamonds", "Clubs", "Spades"}[s] }

// Advise writes the advice (args are none).
func (g *Game) Advise(ctx context.Context, args string, w io.Writer) error {
	if strings.TrimSpace(args) != "" {
		return lineErr(1, "no arguments", "advice takes no arguments")
	}
	a, err := g.Advice(ctx)
	if err != nil {
		return err
	}
	var b strings.Builder
	if d := a.decision(); d != nil {
		b.WriteString(d.Text() + "\n")
	}
	switch {
	case a.Block:
		b.WriteString("Call BLOCK now: a BLOCKed player cannot be killed, and may accuse on any later turn.\n")
		b.WriteString("Chance each accusation would be right (a wrong one kills you):\n")
	case a.AccuseNow:
		fmt.Fprintf(&b, "Accuse %s now. Chance each accusation is right (a wrong one kills you):\n", a.Accusations[0].Player)
	case a.CanAccuse:
		b.WriteString("You may accuse now; none is certain yet, and you will have another turn: wait. Chance each is right:\n")
	default:
		b.WriteString("You may not accuse now (it needs your seven family cards, before drawing).\nChance each player is the murderer:\n")
	}
	for _, o := range a.Accusations {
		switch o.Status {
		case "forced":
			fmt.Fprintf(&b, "  %-10s certain\n", o.Player)
		case "impossible":
			fmt.Fprintf(&b, "  %-10s never\n", o.Player)
		default:
			fmt.Fprintf(&b, "  %-10s %s\n", o.Player, pct(o.P, o.SE))
		}
	}
	if a.NextDeath != nil {
		risk := pct(a.NextDeath, a.NextDeathSE)
		if a.NextDeath.Sign() == 0 {
			// No world drawn had one: 0% only where the lines prove it,
			// as the sheet's headline says it.
			risk = "<1%"
			if g.noDeathInPile(ctx) {
				risk = "0%"
			}
		}
		fmt.Fprintf(&b, "Next card drawn is a death card: %s", risk)
		if !a.Kills {
			b.WriteString(" (it would not put you on death row)")
		}
		b.WriteByte('\n')
	}
	if len(a.Discards) > 0 {
		fmt.Fprintf(&b, "Discard (collecting %s), best first:\n", suitWord(a.Target))
		for _, o := range a.Discards {
			fmt.Fprintf(&b, "  %-3s %s\n", o.Card, o.Why)
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// AdviseJSON writes the advice as the JSON document "mbtd advice" of
// docs/json.md.
func (g *Game) AdviseJSON(ctx context.Context, args string, w io.Writer) error {
	if strings.TrimSpace(args) != "" {
		return lineErr(1, "no arguments", "advice takes no arguments")
	}
	a, err := g.Advice(ctx)
	if err != nil {
		return err
	}
	type accJSON struct {
		Player string `json:"player"`
		Status string `json:"status"`
		*table.Chance
	}
	type discJSON struct {
		Card string `json:"card"`
		Cost int    `json:"cost"`
		Why  string `json:"why"`
	}
	doc := struct {
		Schema      string     `json:"schema"`
		Game        string     `json:"game"`
		CanAccuse   bool       `json:"can_accuse"`
		Accusations []accJSON  `json:"accusations"`
		NextDeath   *Estimated `json:"next_draw_death"`
		DeathKills  bool       `json:"death_card_kills"`
		Target      string     `json:"target_suit"`
		Discards    []discJSON `json:"discards"`
	}{Schema: table.Schema, Game: Name, CanAccuse: a.CanAccuse, Accusations: []accJSON{}, DeathKills: a.Kills, Target: suitWord(a.Target), Discards: []discJSON{}}
	for _, o := range a.Accusations {
		j := accJSON{Player: o.Player, Status: o.Status, Chance: chanceOf(o.Status, o.P, o.SE)}
		doc.Accusations = append(doc.Accusations, j)
	}
	if a.NextDeath != nil {
		doc.NextDeath = newEstimated(a.NextDeath, a.NextDeathSE)
	}
	for _, o := range a.Discards {
		doc.Discards = append(doc.Discards, discJSON{Card: o.Card.String(), Cost: o.Cost, Why: o.Why})
	}
	return table.WriteJSON(w, doc)
}
