package deduceordie

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want string // card name, or "" for an error
		err  string // part of the error
	}{
		{"7C", "7C", ""},
		{"7c", "7C", ""},
		{"7♣", "7C", ""},
		{"A♠", "AS", ""},
		{"a♤", "AS", ""},
		{"1h", "AH", ""}, // rank 1 is the Ace
		{"9♡", "9H", ""},
		{"10H", "", "no 10 in the Motive deck; ranks are A-9"},
		{"KS", "", "no K in the Motive deck"},
		{"5D", "", "no Diamonds"},
		{"5", "", "has no suit"},
		{"S", "", "has no rank"},
		{"", "", "missing card"},
		{"xS", "", "is not a rank"},
		{"5X", "", "is not a suit"},
	}
	for _, tc := range tests {
		c, err := ParseCard(tc.in)
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseCard(%q) = %v, %v; want an error with %q", tc.in, c, err, tc.err)
			}
			continue
		}
		if err != nil || CardName(c) != tc.want {
			t.Errorf("ParseCard(%q) = %s, %v; want %s", tc.in, CardName(c), err, tc.want)
		}
	}
}

func TestCardNamesRoundTrip(t *testing.T) {
	for c := range Card(NumCards) {
		got, err := ParseCard(CardName(c))
		if err != nil || got != c {
			t.Errorf("card %d: %s parses as %d, %v", c, CardName(c), got, err)
		}
	}
}

func TestMurderCard(t *testing.T) {
	tests := []struct{ a, b, want, why string }{
		{"3H", "5S", "8C", "different suits: the third suit, ranks add"},
		{"3C", "4C", "7C", "same suit: that suit"},
		{"7S", "8H", "6C", "15 is above 9: less 9"},
		{"9S", "9H", "9C", "18 less 9 is 9"},
		{"AS", "9S", "AS", "the Murder card can be an Evidence card"},
		{"5H", "4C", "9S", "sum exactly 9 stays 9"},
	}
	for _, tc := range tests {
		a, _ := ParseCard(tc.a)
		b, _ := ParseCard(tc.b)
		if got := CardName(MurderCard(a, b)); got != tc.want {
			t.Errorf("%s: MurderCard(%s, %s) = %s, want %s", tc.why, tc.a, tc.b, got, tc.want)
		}
		if got := CardName(MurderCard(b, a)); got != tc.want {
			t.Errorf("%s: MurderCard is not symmetric", tc.why)
		}
	}
}

func cards(t *testing.T, s string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func TestMurdererAndTargetCard(t *testing.T) {
	tests := []struct {
		why           string
		a, b, exposed string
		hand          string
		murderer      string
		target        string // "" when no target
	}{
		{"plain", "3H", "5S", "AS", "", "8C", "8C"},
		{"Murder card is Evidence: next higher", "AS", "9S", "5H", "", "2S", "2S"},
		{"Murder card exposed: next higher", "3H", "5S", "8C", "", "9C", "9C"},
		{"wraps 9 to A past exposed", "4H", "5S", "9C", "", "AC", "AC"},
		{"accuser holds the Murder card and the next: skip both", "2C", "3C", "AS", "5C 6C", "5C", "7C"},
		{"accuser's hand, Evidence and exposed all skipped", "3C", "9C", "4C", "3C 5C 6C", "5C", "7C"},
		{"no target when the accuser holds the whole rest of the suit", "AC", "2C", "4C", "3C 5C 6C 7C 8C 9C", "3C", ""},
	}
	for _, tc := range tests {
		ab := cards(t, tc.a+" "+tc.b+" "+tc.exposed)
		hand := cards(t, tc.hand)
		if got := CardName(MurdererCard(ab[0], ab[1], ab[2])); got != tc.murderer {
			t.Errorf("%s: murderer card %s, want %s", tc.why, got, tc.murderer)
		}
		tc2, ok := TargetCard(ab[0], ab[1], ab[2], func(c Card) bool { return slices.Contains(hand, c) })
		switch {
		case tc.target == "" && ok:
			t.Errorf("%s: target %s, want none", tc.why, CardName(tc2))
		case tc.target != "" && (!ok || CardName(tc2) != tc.target):
			t.Errorf("%s: target %s %v, want %s", tc.why, CardName(tc2), ok, tc.target)
		}
	}
}

func TestRangeCards(t *testing.T) {
	tests := []struct {
		in, want, why string
	}{
		{"3C..6C", "3C 4C 5C 6C", "same suit, low to high"},
		{"6C..3C", "6C 7C 8C 9C AC 2C 3C", "same suit wraps past 9"},
		{"3H..5S", "3S 4S 5S 3H 4H 5H 3C 4C 5C", "different suits: those ranks in all three suits"},
		{"5S..3H", "AS 2S 3S 5S 6S 7S 8S 9S AH 2H 3H 5H 6H 7H 8H 9H AC 2C 3C 5C 6C 7C 8C 9C", "different suits wrap: everything but the Fours"},
		{"2S rank", "2S 2H 2C", "identical cards, rank chosen"},
		{"2S suit", "AS 2S 3S 4S 5S 6S 7S 8S 9S", "identical cards, suit chosen"},
		{"2s..2♠ rank", "2S 2H 2C", "identical cards written as a span with the choice"},
		{"4H..4C", "4S 4H 4C", "same rank, different suits: one rank band"},
		{"9h..ah", "9H AH", "same suit wraps by one"},
	}
	for _, tc := range tests {
		r, err := ParseRange(tc.in)
		if err != nil {
			t.Errorf("%s: ParseRange(%q): %v", tc.why, tc.in, err)
			continue
		}
		got := cardList(r.Cards())
		want := cardList(func() []Card { c := cards(t, tc.want); slices.Sort(c); return c }())
		if got != want {
			t.Errorf("%s: %s is %s, want %s", tc.why, tc.in, got, want)
		}
		if r2, err := ParseRange(r.String()); err != nil || r2 != r {
			t.Errorf("%s: %s does not round-trip: %v %v", tc.why, r, r2, err)
		}
	}
	bad := []struct{ in, err string }{
		{"2S..2S", "two identical cards need the asker's choice"},
		{"2S", "alone is not a range"},
		{"2S colour", "neither rank nor suit"},
		{"3H..10S", "no 10 in the Motive deck"},
		{"3H..5S 1", "unexpected"},
	}
	for _, tc := range bad {
		if _, err := ParseRange(tc.in); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseRange(%q) error %v, want %q", tc.in, err, tc.err)
		}
	}
}

// TestSecretRanges checks the Secret Interrogation ranges against a
// brute-force list of every range every pair of cards can generate.
func TestSecretRanges(t *testing.T) {
	want := map[uint32]bool{}
	for lo := range Card(NumCards) {
		for hi := range Card(NumCards) {
			if lo == hi {
				want[mask(Range{lo, hi, RankChoice}.Cards())] = true
				want[mask(Range{lo, hi, SuitChoice}.Cards())] = true
				continue
			}
			want[mask(Range{lo, hi, Span}.Cards())] = true
		}
	}
	got := map[uint32]bool{}
	for _, r := range SecretRanges() {
		m := mask(r.Cards())
		if got[m] {
			t.Errorf("%s listed twice", r)
		}
		got[m] = true
		if len(r.Cards()) < 2 {
			t.Errorf("%s is a single card", r)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d secret ranges, want %d", len(got), len(want))
	}
	for m := range want {
		if !got[m] {
			t.Errorf("range %b missing", m)
		}
	}
}

// TestAccusationConstraints checks the clause encodings of accusations
// against the rule applied directly to random deals.
func TestAccusationConstraints(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 3; n <= 6; n++ {
		for range 800 {
			s, err := Simulate(SimOptions{Players: n, Seed: rng.Uint64()})
			if err != nil {
				t.Fatal(err)
			}
			w := s.Deal
			a := rng.IntN(n)
			d := (a + 1 + rng.IntN(n-1)) % n
			var x, y Card
			if rng.IntN(2) == 0 {
				x, y = s.Evidence[0], s.Evidence[1] // the right pair half the time
			} else {
				for x == y {
					x, y = Card(rng.IntN(NumCards)), Card(rng.IntN(NumCards))
				}
			}
			if rng.IntN(4) == 0 {
				// Accuse the target's holder, so successes are common.
				if tc, ok := TargetCard(x, y, s.Exposed, func(c Card) bool { return w[c] == solver.Holder(a) }); ok && int(w[tc]) < n && int(w[tc]) != a {
					d = int(w[tc])
				}
			}
			success := false
			if min(x, y) == s.Evidence[0] && max(x, y) == s.Evidence[1] {
				if tc, ok := TargetCard(x, y, s.Exposed, func(c Card) bool { return w[c] == solver.Holder(a) }); ok && w[tc] == solver.Holder(d) {
					success = true
				}
			}
			ev := solver.Holder(n)
			sat := func(cons []solver.Constraint) bool {
				for _, k := range cons {
					if !k.Satisfied(w) {
						return false
					}
				}
				return true
			}
			if got := sat(AccusationWrong(x, y, s.Exposed, solver.Holder(a), solver.Holder(d), ev)); got == success {
				t.Fatalf("%d players, pair %s+%s, accuser %d, accused %d, deal %v: wrong-clauses hold = %v, success = %v", n, CardName(x), CardName(y), a, d, w, got, success)
			}
			if got := sat(AccusationRight(x, y, s.Exposed, solver.Holder(a), solver.Holder(d), ev)); got != success {
				t.Fatalf("%d players, pair %s+%s, accuser %d, accused %d: right-clauses hold = %v, success = %v", n, CardName(x), CardName(y), a, d, got, success)
			}
		}
	}
}
