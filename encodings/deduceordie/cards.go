package deduceordie

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Suit is a suit of the Motive deck.
type Suit int

// The three suits of the Motive deck, in the order the deck is indexed.
const (
	Spades Suit = iota
	Hearts
	Clubs
)

// NumCards is the size of the Motive deck: A-9 of three suits.
const NumCards = 27

// String is "S", "H" or "C".
func (s Suit) String() string {
	switch s {
	case Spades:
		return "S"
	case Hearts:
		return "H"
	case Clubs:
		return "C"
	}
	return fmt.Sprintf("Suit(%d)", int(s))
}

// Name is "spades", "hearts" or "clubs".
func (s Suit) Name() string {
	switch s {
	case Spades:
		return "spades"
	case Hearts:
		return "hearts"
	case Clubs:
		return "clubs"
	}
	return s.String()
}

// Card is a card of the Motive deck: Suit*9 + Rank-1, from 0 (AS) to 26
// (9C). It is also the card's index in the solver model.
type Card = solver.Card

// MakeCard is the card of the given rank (1 for the Ace, to 9) and suit.
func MakeCard(rank int, s Suit) Card { return Card(int(s)*9 + rank - 1) }

// Rank is the rank of c, 1 (Ace) to 9.
func Rank(c Card) int { return int(c)%9 + 1 }

// SuitOf is the suit of c.
func SuitOf(c Card) Suit { return Suit(int(c) / 9) }

// CardName is the notation of c: rank (A, 2-9) then suit (S, H, C), as "AS"
// or "7C".
func CardName(c Card) string {
	if c < 0 || c >= NumCards {
		return fmt.Sprintf("Card(%d)", int(c))
	}
	r := Rank(c)
	rs := "A"
	if r > 1 {
		rs = fmt.Sprint(r)
	}
	return rs + SuitOf(c).String()
}

// next is the card one rank higher in the same suit, 9 wrapping to A.
func next(c Card) Card { return MakeCard(Rank(c)%9+1, SuitOf(c)) }

// ParseCard reads one card: a rank (A or 1, 2-9; any case) followed by a
// suit letter (S, H, C; any case) or symbol (♠ ♥ ♣, ♤ ♡ ♧). The error says
// what is wrong, as "no 10 in the Motive deck; ranks are A-9".
func ParseCard(s string) (Card, error) {
	c, e := parseCard(s)
	if e != nil {
		return 0, e
	}
	return c, nil
}

// parseCard is ParseCard with a *LineError whose Col is the 1-based offset
// in s (0 when the whole token is wrong).
func parseCard(s string) (Card, *lineErr) {
	const want = "a card such as 7C"
	if s == "" {
		return 0, &lineErr{0, "missing card", want}
	}
	// Rank: everything up to the last rune.
	last, size := utf8.DecodeLastRuneInString(s)
	rankPart := s[:len(s)-size]
	var suit Suit
	switch last {
	case 's', 'S', '♠', '♤':
		suit = Spades
	case 'h', 'H', '♥', '♡':
		suit = Hearts
	case 'c', 'C', '♣', '♧':
		suit = Clubs
	case 'd', 'D', '♦', '♢':
		return 0, &lineErr{len(rankPart) + 1, "no Diamonds in the Motive deck; suits are S, H, C", "a suit S, H or C"}
	default:
		if rankPart == "" || isRank(s) {
			return 0, &lineErr{len(s) + 1, fmt.Sprintf("%q has no suit", s), "a suit S, H or C after the rank"}
		}
		return 0, &lineErr{len(rankPart) + 1, fmt.Sprintf("%q is not a suit", string(last)), "a suit S, H or C"}
	}
	if rankPart == "" {
		return 0, &lineErr{1, fmt.Sprintf("%q has no rank", s), "a rank A-9 before the suit"}
	}
	r, ok := rankOf(rankPart)
	if !ok {
		switch strings.ToUpper(rankPart) {
		case "10", "T", "J", "Q", "K", "11", "12", "13", "0":
			return 0, &lineErr{1, fmt.Sprintf("no %s in the Motive deck; ranks are A-9", rankPart), "a rank A-9"}
		}
		return 0, &lineErr{1, fmt.Sprintf("%q is not a rank", rankPart), "a rank A-9"}
	}
	return MakeCard(r, suit), nil
}

func isRank(s string) bool { _, ok := rankOf(s); return ok }

func rankOf(s string) (int, bool) {
	switch s {
	case "A", "a", "1":
		return 1, true
	}
	if len(s) == 1 && s[0] >= '2' && s[0] <= '9' {
		return int(s[0] - '0'), true
	}
	return 0, false
}

// ParseSuit reads a suit: a letter (S, H, C), a symbol (♠ ♥ ♣) or a name
// (spades, hearts, clubs, singular or plural), any case.
func ParseSuit(s string) (Suit, bool) {
	switch strings.ToLower(s) {
	case "s", "♠", "♤", "spade", "spades":
		return Spades, true
	case "h", "♥", "♡", "heart", "hearts":
		return Hearts, true
	case "c", "♣", "♧", "club", "clubs":
		return Clubs, true
	}
	return 0, false
}

// lineErr is a parse error inside a line, turned into a *table.LineError
// by the caller.
type lineErr struct {
	Col       int
	Msg, Want string
}

func (e *lineErr) Error() string {
	s := e.Msg
	if e.Want != "" {
		s += " (expected " + e.Want + ")"
	}
	return s
}

// MurderCard is the Murder card of the Evidence pair a, b: its rank is the
// sum of their ranks (less 9 above 9); its suit is theirs when they share
// it, else the third suit.
func MurderCard(a, b Card) Card {
	r := Rank(a) + Rank(b)
	if r > 9 {
		r -= 9
	}
	sa, sb := SuitOf(a), SuitOf(b)
	s := sa
	if sa != sb {
		s = 3 - sa - sb
	}
	return MakeCard(r, s)
}

// chain is the cards M, M+1, ... of the Murder card's suit (wrapping),
// leaving out the skipped cards, appended to dst.
func chain(dst []Card, m Card, skip func(Card) bool) []Card {
	c := m
	for range 9 {
		if !skip(c) {
			dst = append(dst, c)
		}
		c = next(c)
	}
	return dst
}

// MurdererCard is the card whose holder is the murderer when the Evidence
// pair is a, b and the exposed card is exposed (or -1 when there is none):
// the Murder card, or the next higher card of its suit that is neither
// Evidence nor exposed.
func MurdererCard(a, b, exposed Card) Card {
	m := MurderCard(a, b)
	for c := m; ; c = next(c) {
		if c != a && c != b && c != exposed {
			return c
		}
	}
}

// TargetCard is the card the accuser must find in the accused's hand when
// the Evidence pair is a, b: the first card from the Murder card upwards in
// its suit (wrapping) that is not Evidence, not exposed and not in the
// accuser's hand (inHand). ok is false when every such card is in the
// accuser's hand: no accusation with this pair can succeed.
func TargetCard(a, b, exposed Card, inHand func(Card) bool) (t Card, ok bool) {
	for _, c := range chain(nil, MurderCard(a, b), func(c Card) bool { return c == a || c == b || c == exposed }) {
		if !inHand(c) {
			return c, true
		}
	}
	return 0, false
}
