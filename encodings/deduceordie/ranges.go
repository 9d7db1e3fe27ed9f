package deduceordie

import (
	"fmt"
	"strings"
)

// RangeKind says how a [Range] was formed from its two Interrogation cards.
type RangeKind uint8

// The kinds of range.
const (
	Span       RangeKind = iota // Low..High: one suit when they share it, else all three suits
	RankChoice                  // identical cards: all cards of their rank
	SuitChoice                  // identical cards: all cards of their suit
)

// Range is an Interrogation range: the low and the high Interrogation card
// and, for two identical cards, the asker's choice of rank or suit.
type Range struct {
	Low, High Card
	Kind      RangeKind
}

// Valid reports whether r is a range the rules allow: Span needs two
// different cards; RankChoice and SuitChoice need Low == High.
func (r Range) Valid() bool {
	if r.Low < 0 || r.Low >= NumCards || r.High < 0 || r.High >= NumCards {
		return false
	}
	if r.Kind == Span {
		return r.Low != r.High
	}
	return r.Low == r.High && r.Kind <= SuitChoice
}

// Cards are the cards of the range, ascending.
func (r Range) Cards() []Card {
	var in [NumCards]bool
	switch r.Kind {
	case RankChoice:
		for s := Spades; s <= Clubs; s++ {
			in[MakeCard(Rank(r.Low), s)] = true
		}
	case SuitChoice:
		for k := 1; k <= 9; k++ {
			in[MakeCard(k, SuitOf(r.Low))] = true
		}
	default:
		lo, hi := Rank(r.Low), Rank(r.High)
		n := (hi-lo+9)%9 + 1
		for i := range n {
			k := (lo-1+i)%9 + 1
			if SuitOf(r.Low) == SuitOf(r.High) {
				in[MakeCard(k, SuitOf(r.Low))] = true
				continue
			}
			for s := Spades; s <= Clubs; s++ {
				in[MakeCard(k, s)] = true
			}
		}
	}
	var out []Card
	for c, ok := range in {
		if ok {
			out = append(out, Card(c))
		}
	}
	return out
}

// String is the range's notation: "3H..5S", "2S rank" or "2S suit".
func (r Range) String() string {
	switch r.Kind {
	case RankChoice:
		return CardName(r.Low) + " rank"
	case SuitChoice:
		return CardName(r.Low) + " suit"
	}
	return CardName(r.Low) + ".." + CardName(r.High)
}

// ParseRange reads a range in the notation of [Range.String]; "2S..2S rank"
// is accepted for "2S rank".
func ParseRange(s string) (Range, error) {
	toks := tokenize(s)
	r, n, e := parseRange(toks, 0)
	if e != nil {
		return Range{}, e
	}
	if n != len(toks) {
		return Range{}, &lineErr{toks[n].col, fmt.Sprintf("unexpected %q after the range", toks[n].s), "end of range"}
	}
	return r, nil
}

// parseRange reads a range starting at toks[i]; it returns the index after it.
func parseRange(toks []token, i int) (Range, int, *lineErr) {
	const want = "a range such as 3H..5S or 2S rank"
	if i >= len(toks) {
		col := 0
		if len(toks) > 0 {
			col = toks[len(toks)-1].end() + 1
		}
		return Range{}, i, &lineErr{col, "missing range", want}
	}
	t := toks[i]
	lo, hi, ok := strings.Cut(t.s, "..")
	lc, e := parseCard(lo)
	if e != nil {
		return Range{}, i, e.at(t.col)
	}
	if !ok {
		// "2S rank" / "2S suit"
		if i+1 >= len(toks) {
			return Range{}, i, &lineErr{t.end() + 1, fmt.Sprintf("%q alone is not a range", t.s), want}
		}
		switch strings.ToLower(toks[i+1].s) {
		case "rank":
			return Range{lc, lc, RankChoice}, i + 2, nil
		case "suit":
			return Range{lc, lc, SuitChoice}, i + 2, nil
		}
		return Range{}, i, &lineErr{toks[i+1].col, fmt.Sprintf("%q is neither rank nor suit", toks[i+1].s), "rank or suit after a single card"}
	}
	hc, e := parseCard(hi)
	if e != nil {
		return Range{}, i, e.at(t.col + len(lo) + 2)
	}
	if lc != hc {
		return Range{lc, hc, Span}, i + 1, nil
	}
	if i+1 < len(toks) {
		switch strings.ToLower(toks[i+1].s) {
		case "rank":
			return Range{lc, lc, RankChoice}, i + 2, nil
		case "suit":
			return Range{lc, lc, SuitChoice}, i + 2, nil
		}
	}
	return Range{}, i, &lineErr{t.end() + 1, "two identical cards need the asker's choice", "rank or suit after " + t.s}
}

// at moves a column relative to a token to the line.
func (e *lineErr) at(col int) *lineErr {
	c := *e
	if c.Col == 0 {
		c.Col = col
	} else {
		c.Col += col - 1
	}
	return &c
}

// SecretRanges are every range a Secret Interrogation may ask: every set
// of cards some pair of Interrogation cards could generate (single cards
// never), each once, written with a canonical low and high card.
func SecretRanges() []Range {
	var out []Range
	seen := map[uint32]bool{}
	add := func(r Range) {
		k := mask(r.Cards())
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	for s := Spades; s <= Clubs; s++ {
		add(Range{MakeCard(1, s), MakeCard(1, s), SuitChoice})
	}
	for k := 1; k <= 9; k++ {
		add(Range{MakeCard(k, Spades), MakeCard(k, Spades), RankChoice})
	}
	for lo := 1; lo <= 9; lo++ {
		for hi := 1; hi <= 9; hi++ {
			for s := Spades; s <= Clubs; s++ {
				if lo != hi {
					add(Range{MakeCard(lo, s), MakeCard(hi, s), Span})
				}
			}
			add(Range{MakeCard(lo, Spades), MakeCard(hi, Hearts), Span})
		}
	}
	return out
}

func mask(cs []Card) uint32 {
	var m uint32
	for _, c := range cs {
		m |= 1 << uint(c)
	}
	return m
}

// token is a word of a line and its 1-based byte column.
type token struct {
	s   string
	col int
}

func (t token) end() int { return t.col + len(t.s) - 1 }

// tokenize splits a line into words at spaces and tabs; '=' is always a
// word of its own.
func tokenize(line string) []token {
	var out []token
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, token{line[start:i], start + 1})
			start = -1
		}
	}
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ', '\t', '\r', '\n':
			flush(i)
		case '=':
			flush(i)
			out = append(out, token{"=", i + 1})
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(line))
	return out
}
