package deductio

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Numbers are the Secret Numbers of the game, 1 to MaxNumber.
const MaxNumber = 20

// Set is a set of Secret Numbers: bit n is set when n is in the set (bits 1
// to 20; bit 0 is never used).
type Set uint32

// All is the set of every Secret Number, 1 to 20.
const All Set = ((1 << (MaxNumber + 1)) - 1) &^ 1

// SetOf is the set of the numbers given; numbers outside 1-20 are ignored.
func SetOf(ns ...int) Set {
	var s Set
	for _, n := range ns {
		if n >= 1 && n <= MaxNumber {
			s |= 1 << n
		}
	}
	return s
}

// Has reports whether n is in s.
func (s Set) Has(n int) bool { return n >= 1 && n <= MaxNumber && s&(1<<n) != 0 }

// Len is the number of numbers in s.
func (s Set) Len() int { return bits.OnesCount32(uint32(s & All)) }

// Numbers lists the numbers of s in increasing order.
func (s Set) Numbers() []int {
	var out []int
	for n := 1; n <= MaxNumber; n++ {
		if s.Has(n) {
			out = append(out, n)
		}
	}
	return out
}

// String writes s compactly with ranges, as "1-3,7,9-20"; "none" when empty.
func (s Set) String() string {
	ns := s.Numbers()
	if len(ns) == 0 {
		return "none"
	}
	var b strings.Builder
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j > i {
			fmt.Fprintf(&b, "%d-%d", ns[i], ns[j])
		} else {
			fmt.Fprintf(&b, "%d", ns[i])
		}
		i = j + 1
	}
	return b.String()
}

// Kind is the icon of a clue card.
type Kind uint8

// The clue icons of the rulebook.
const (
	InRange     Kind = iota // the number is within Lo-Hi
	Even                    // the number is even
	Odd                     // the number is odd
	NotIn                   // the number is none of the numbers and ranges listed
	SingleDigit             // the number is 1-9
	DoubleDigit             // the number is 10-20
	AtLeast                 // the number is >= Lo
	AtMost                  // the number is <= Lo
	AboveFaceUp             // the number is 1 greater than some face-up Secret Number
	BelowFaceUp             // the number is 1 lower than some face-up Secret Number
	numKinds
)

// Ability is the optional ability printed at the bottom of a clue card. It
// triggers only when the card is placed vertically, outside penalty plays.
type Ability uint8

// The abilities of the rulebook.
const (
	NoAbility Ability = iota
	FreeGuess         // a guess without penalty if wrong
	Look1             // look at the top Secret Number card of the deck
	Look2             // look at the top two Secret Number cards of the deck
)

var abilityNames = [...]string{NoAbility: "", FreeGuess: "free", Look1: "look1", Look2: "look2"}

// String is "free", "look1", "look2", or "" for no ability.
func (a Ability) String() string {
	if int(a) < len(abilityNames) {
		return abilityNames[a]
	}
	return fmt.Sprintf("Ability(%d)", uint8(a))
}

// Clue is one clue card: an icon with its numbers, and an ability.
//
// The text form (see [ParseClue]) is a single word without spaces:
//
//	5-12       within the range 5 to 12
//	even, odd  even, odd
//	not:9,19   none of 9 and 19 (ranges allowed: not:5-12, not:3,7-9)
//	single     single digit, 1-9
//	double     double digit, 10-20
//	>=7, <=7   at least 7, at most 7
//	faceup+1   1 greater than some face-up Secret Number
//	faceup-1   1 lower than some face-up Secret Number
//
// An ability is written after a slash: "even/look2", ">=7/free".
type Clue struct {
	Kind    Kind
	Lo, Hi  int // InRange: the range; AtLeast, AtMost: the number in Lo
	Not     Set // NotIn: the excluded numbers
	Ability Ability
}

// FaceUpRelative reports whether the clue is judged against the face-up
// Secret Numbers.
func (c Clue) FaceUpRelative() bool { return c.Kind == AboveFaceUp || c.Kind == BelowFaceUp }

// Numbers is the set of numbers the clue is true of, judged against the
// face-up Secret Numbers faceUp (used by the face-up-relative icons only).
func (c Clue) Numbers(faceUp Set) Set {
	var s Set
	switch c.Kind {
	case InRange:
		for n := max(c.Lo, 1); n <= min(c.Hi, MaxNumber); n++ {
			s |= 1 << n
		}
	case Even:
		for n := 2; n <= MaxNumber; n += 2 {
			s |= 1 << n
		}
	case Odd:
		for n := 1; n <= MaxNumber; n += 2 {
			s |= 1 << n
		}
	case NotIn:
		s = All &^ c.Not
	case SingleDigit:
		s = SetOf(1, 2, 3, 4, 5, 6, 7, 8, 9)
	case DoubleDigit:
		s = All &^ SetOf(1, 2, 3, 4, 5, 6, 7, 8, 9)
	case AtLeast:
		for n := max(c.Lo, 1); n <= MaxNumber; n++ {
			s |= 1 << n
		}
	case AtMost:
		for n := 1; n <= min(c.Lo, MaxNumber); n++ {
			s |= 1 << n
		}
	case AboveFaceUp:
		s = (faceUp << 1) & All
	case BelowFaceUp:
		s = (faceUp >> 1) & All
	}
	return s
}

// True reports whether the clue is true of n, judged against faceUp.
func (c Clue) True(n int, faceUp Set) bool { return c.Numbers(faceUp).Has(n) }

// String is the canonical text form of the clue, as [ParseClue] reads it.
func (c Clue) String() string {
	var s string
	switch c.Kind {
	case InRange:
		s = fmt.Sprintf("%d-%d", c.Lo, c.Hi)
	case Even:
		s = "even"
	case Odd:
		s = "odd"
	case NotIn:
		s = "not:" + c.Not.String()
	case SingleDigit:
		s = "single"
	case DoubleDigit:
		s = "double"
	case AtLeast:
		s = fmt.Sprintf(">=%d", c.Lo)
	case AtMost:
		s = fmt.Sprintf("<=%d", c.Lo)
	case AboveFaceUp:
		s = "faceup+1"
	case BelowFaceUp:
		s = "faceup-1"
	default:
		s = fmt.Sprintf("Kind(%d)", uint8(c.Kind))
	}
	if c.Ability != NoAbility {
		s += "/" + c.Ability.String()
	}
	return s
}

// clueWant is the hint given when a clue cannot be read.
const clueWant = "a clue such as 5-12, even, odd, not:9,19, single, double, >=7, <=7, faceup+1 or faceup-1"

// ClueError is a clue that cannot be read: Off is the 0-based byte offset in
// the word where the problem starts.
type ClueError struct {
	Off  int
	Msg  string
	Want string
}

// Error is the message, with what was expected.
func (e *ClueError) Error() string {
	if e.Want != "" {
		return e.Msg + " (expected " + e.Want + ")"
	}
	return e.Msg
}

// ParseClue reads a clue in the text form described at [Clue]. Letters may be
// in any case; "≥" and "≤" stand for ">=" and "<=", "!" and "≠" for "not:",
// "in:" may precede a range, and "+1"/"-1" stand for "faceup+1"/"faceup-1".
func ParseClue(word string) (Clue, error) {
	var c Clue
	body := word
	if i := strings.IndexByte(word, '/'); i >= 0 {
		body = word[:i]
		switch asciiLower(word[i+1:]) {
		case "free", "freeguess", "guess":
			c.Ability = FreeGuess
		case "look1", "look":
			c.Ability = Look1
		case "look2":
			c.Ability = Look2
		default:
			return Clue{}, &ClueError{Off: i + 1, Msg: fmt.Sprintf("unknown ability %q", word[i+1:]), Want: "free, look1 or look2"}
		}
	}
	low := asciiLower(body)
	switch low {
	case "":
		return Clue{}, &ClueError{Msg: "empty clue", Want: clueWant}
	case "even":
		c.Kind = Even
		return c, nil
	case "odd":
		c.Kind = Odd
		return c, nil
	case "single", "single-digit", "1digit":
		c.Kind = SingleDigit
		return c, nil
	case "double", "double-digit", "2digits":
		c.Kind = DoubleDigit
		return c, nil
	case "faceup+1", "+1":
		c.Kind = AboveFaceUp
		return c, nil
	case "faceup-1", "-1":
		c.Kind = BelowFaceUp
		return c, nil
	}
	prefix := func(ps ...string) (string, int, bool) {
		for _, p := range ps {
			if strings.HasPrefix(low, p) {
				return body[len(p):], len(p), true
			}
		}
		return "", 0, false
	}
	if rest, off, ok := prefix(">=", "≥", "ge"); ok {
		n, err := parseNumber(rest, off)
		if err != nil {
			return Clue{}, err
		}
		c.Kind, c.Lo = AtLeast, n
		return c, nil
	}
	if rest, off, ok := prefix("<=", "≤", "le"); ok {
		n, err := parseNumber(rest, off)
		if err != nil {
			return Clue{}, err
		}
		c.Kind, c.Lo = AtMost, n
		return c, nil
	}
	if rest, off, ok := prefix("not:", "!", "≠", "not"); ok {
		s, err := parseList(rest, off)
		if err != nil {
			return Clue{}, err
		}
		if s == All {
			return Clue{}, &ClueError{Off: off, Msg: "a not clue must leave some number possible"}
		}
		c.Kind, c.Not = NotIn, s
		return c, nil
	}
	rest, off := body, 0
	if r, o, ok := prefix("in:", "in"); ok {
		rest, off = r, o
	}
	if rest == "" || rest[0] < '0' || rest[0] > '9' {
		return Clue{}, &ClueError{Msg: fmt.Sprintf("unknown clue %q", word), Want: clueWant}
	}
	lo, hi, err := parseRange(rest, off)
	if err != nil {
		return Clue{}, err
	}
	if lo == hi && !strings.Contains(rest, "-") {
		return Clue{}, &ClueError{Off: off, Msg: fmt.Sprintf("a bare number %q is not a clue", rest), Want: "a range such as 5-12"}
	}
	c.Kind, c.Lo, c.Hi = InRange, lo, hi
	return c, nil
}

// parseNumber reads a Secret Number 1-20; off is its offset in the word.
func parseNumber(s string, off int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || s == "" || s[0] == '+' || s[0] == '-' {
		return 0, &ClueError{Off: off, Msg: fmt.Sprintf("%q is not a number", s), Want: "a number 1-20"}
	}
	if n < 1 || n > MaxNumber {
		return 0, &ClueError{Off: off, Msg: fmt.Sprintf("no %d among the Secret Numbers", n), Want: "a number 1-20"}
	}
	return n, nil
}

// parseRange reads "n" or "lo-hi" with lo <= hi.
func parseRange(s string, off int) (int, int, error) {
	a, b, dash := strings.Cut(s, "-")
	lo, err := parseNumber(a, off)
	if err != nil {
		return 0, 0, err
	}
	if !dash {
		return lo, lo, nil
	}
	hi, err := parseNumber(b, off+len(a)+1)
	if err != nil {
		return 0, 0, err
	}
	if hi < lo {
		return 0, 0, &ClueError{Off: off, Msg: fmt.Sprintf("range %s runs backwards", s), Want: "a range low-high"}
	}
	return lo, hi, nil
}

// parseList reads a comma-separated list of numbers and ranges.
func parseList(s string, off int) (Set, error) {
	if s == "" {
		return 0, &ClueError{Off: off, Msg: "missing numbers", Want: "numbers or ranges such as 9,19 or 5-12"}
	}
	var set Set
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, err := parseRange(part, off)
		if err != nil {
			return 0, err
		}
		for n := lo; n <= hi; n++ {
			set |= 1 << n
		}
		off += len(part) + 1
	}
	return set, nil
}

// asciiLower lowers ASCII letters only, so that byte offsets are kept.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
