package murderbythedeck

import (
	"fmt"
	"strconv"
	"strings"
)

// Rules are the readings of the rule sheet that a log may choose, each by
// a set-up line "rule NAME VALUE" before the first turn
// (docs/rules/murder-by-the-deck.md, "Readings a log chooses"). The zero
// value is the default: the readings the sheet's text supports best. The
// simulator and the tracker both read them through the same functions of
// this package.
type Rules struct {
	// Murderer is what makes a player the murderer.
	Murderer MurdererRule
	// Discard is which cards may be discarded.
	Discard DiscardRule
	// MaxPiles caps the draw piles of a round (the pile left by the deal
	// counts as one); 0 is no cap: the return pile is shuffled into a new
	// draw pile each time the draw pile runs out.
	MaxPiles int
	// MaxTurns ends a round after that many turns ("rule turns N"), scored
	// as a round the murderer got away from (its kills doubled, nobody
	// else scoring); 0 is no limit, the default: the sheet names no such
	// end.
	MaxTurns int
}

// MurdererRule says which card makes its holder the murderer.
type MurdererRule uint8

// The murderer rules.
const (
	// MurdererKS (the default, "rule murderer KS"): the holder of the King
	// of Spades, Mr. Spade's identity card, is the murderer; one card, so
	// at most one murderer.
	MurdererKS MurdererRule = iota
	// MurdererQS ("rule murderer QS"): the Queen of Spades is the
	// identity card (a table whose Spade is Mrs. Spade).
	MurdererQS
	// MurdererHigh ("rule murderer high"): any of J, Q, K of Spades makes
	// its holder a murderer; several at once are possible (the reading
	// before the default changed).
	MurdererHigh
)

// DiscardRule says which cards of a hand may be discarded after a draw.
type DiscardRule uint8

// The discard rules.
const (
	// DiscardKeepDeath (the default, "rule discard keepdeath"): any card
	// but the identity card, but the card just drawn when it is a Spade
	// other than the 6 and the 8, and but a death card the player drew
	// (only the murderer holds one: it keeps every death card it draws
	// for the round); a dealt death card may be discarded.
	DiscardKeepDeath DiscardRule = iota
	// DiscardSheet ("rule discard sheet"): as DiscardKeepDeath, but a
	// death card the murderer drew may be discarded on a later turn (the
	// default before: a death card then kills again and again).
	DiscardSheet
	// DiscardNoSpade ("rule discard nospade"): no Spade is ever discarded
	// (every card may be when all are Spades); dealt death cards then stay
	// in hand, inert (the reading before the default changed).
	DiscardNoSpade
)

// Old are the readings the package played before the default changed:
// any high Spade a murderer, no Spade discarded, three draw piles at most.
var Old = Rules{Murderer: MurdererHigh, Discard: DiscardNoSpade, MaxPiles: 3}

var murdererNames = []string{"KS", "QS", "high"}
var discardNames = []string{"keepdeath", "sheet", "nospade"}

// Lines are the set-up lines that choose r: none for the default.
func (r Rules) Lines() []string {
	var out []string
	if r.Murderer != MurdererKS {
		out = append(out, "rule murderer "+murdererNames[r.Murderer])
	}
	if r.Discard != DiscardKeepDeath {
		out = append(out, "rule discard "+discardNames[r.Discard])
	}
	if r.MaxPiles != 0 {
		out = append(out, fmt.Sprintf("rule piles %d", r.MaxPiles))
	}
	if r.MaxTurns != 0 {
		out = append(out, fmt.Sprintf("rule turns %d", r.MaxTurns))
	}
	return out
}

// String names the readings: "murderer KS, discard keepdeath, piles
// unlimited", and ", turns N" when a turn limit is set.
func (r Rules) String() string {
	piles := "unlimited"
	if r.MaxPiles > 0 {
		piles = strconv.Itoa(r.MaxPiles)
	}
	s := fmt.Sprintf("murderer %s, discard %s, piles %s", murdererNames[r.Murderer], discardNames[r.Discard], piles)
	if r.MaxTurns > 0 {
		s += fmt.Sprintf(", turns %d", r.MaxTurns)
	}
	return s
}

// RuleHelp is the grammar of the rule lines.
const RuleHelp = "rule murderer KS|QS|high, rule discard keepdeath|sheet|nospade, rule piles unlimited|N, rule turns unlimited|N"

// set applies "rule NAME VALUE" (ws are the words after "rule").
func (r *Rules) set(ws []word) error {
	if len(ws) != 2 {
		col := 0
		if len(ws) > 2 {
			col = ws[2].col
		}
		return lineErr(col, RuleHelp, "a rule line is a name and a value")
	}
	v := ws[1]
	pick := func(names []string) (int, error) {
		for i, n := range names {
			if strings.EqualFold(n, v.text) {
				return i, nil
			}
		}
		return 0, lineErr(v.col, strings.Join(names, " or "), "%q is not a value of rule %s", v.text, ws[0].text)
	}
	switch strings.ToLower(ws[0].text) {
	case "murderer":
		i, err := pick(murdererNames)
		if err != nil {
			return err
		}
		r.Murderer = MurdererRule(i)
	case "discard":
		i, err := pick(discardNames)
		if err != nil {
			return err
		}
		r.Discard = DiscardRule(i)
	case "piles":
		if strings.EqualFold(v.text, "unlimited") {
			r.MaxPiles = 0
			return nil
		}
		n, err := strconv.Atoi(v.text)
		if err != nil || n < 1 || n > 99 {
			return lineErr(v.col, "unlimited or a number from 1 to 99", "%q is not a number of draw piles", v.text)
		}
		r.MaxPiles = n
	case "turns":
		if strings.EqualFold(v.text, "unlimited") {
			r.MaxTurns = 0
			return nil
		}
		n, err := strconv.Atoi(v.text)
		if err != nil || n < 1 || n > 9999 {
			return lineErr(v.col, "unlimited or a number from 1 to 9999", "%q is not a number of turns", v.text)
		}
		r.MaxTurns = n
	default:
		return lineErr(ws[0].col, "murderer, discard, piles or turns", "no rule %q", ws[0].text)
	}
	return nil
}

// IDCards are the cards that make their holder the murderer.
func (r Rules) IDCards() []Card {
	switch r.Murderer {
	case MurdererQS:
		return []Card{NewCard(7, Spades)}
	case MurdererHigh:
		return []Card{NewCard(6, Spades), NewCard(7, Spades), NewCard(8, Spades)}
	}
	return []Card{NewCard(8, Spades)}
}

// IsID reports whether c makes its holder the murderer.
func (r Rules) IsID(c Card) bool {
	switch r.Murderer {
	case MurdererQS:
		return c == NewCard(7, Spades)
	case MurdererHigh:
		return c.IsHigh()
	}
	return c == NewCard(8, Spades)
}

// IsMurderer reports whether a hand holds an identity card.
func (r Rules) IsMurderer(hand []Card) bool {
	for _, c := range hand {
		if r.IsID(c) {
			return true
		}
	}
	return false
}

// keptIfDrawn reports whether a card just drawn must be kept this turn: a
// Spade other than the 6 and the 8 (every rule but DiscardNoSpade).
func keptIfDrawn(c Card) bool { return c.IsSpade() && c.Rank() != 4 && c.Rank() != 5 }

// CardSet is a set of cards, bit c for card c.
type CardSet uint64

// Has reports whether c is in the set.
func (s CardSet) Has(c Card) bool { return c < NumCards && s&(1<<c) != 0 }

// With is the set with c added.
func (s CardSet) With(c Card) CardSet { return s | 1<<c }

// Without is the set with c taken out.
func (s CardSet) Without(c Card) CardSet { return s &^ (1 << c) }

// LegalDiscards are the cards of hand (the card drawn this turn included
// when it is in hand) that may be discarded; drawn is the card drawn this
// turn, NoCard when it is not in hand (placed face down); drew are the
// cards of the hand the player drew (not dealt), which DiscardKeepDeath
// needs.
func (r Rules) LegalDiscards(hand []Card, drawn Card, drew CardSet) []Card {
	var out []Card
	switch r.Discard {
	case DiscardNoSpade:
		for _, c := range hand {
			if !c.IsSpade() {
				out = append(out, c)
			}
		}
		if len(out) == 0 {
			return append(out, hand...)
		}
		return out
	}
	for _, c := range hand {
		if r.IsID(c) || (c == drawn && keptIfDrawn(c)) || (r.Discard == DiscardKeepDeath && c.IsDeath() && drew.Has(c)) {
			continue
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return append(out, hand...)
	}
	return out
}

// canDraw reports whether a card can be drawn given the cards left in the
// draw pile, on the return pile and the piles used so far.
func (r Rules) canDraw(pile, used, piles int) bool {
	return pile > 0 || (used > 0 && (r.MaxPiles == 0 || piles < r.MaxPiles))
}
