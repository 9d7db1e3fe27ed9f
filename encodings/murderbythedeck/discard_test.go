package murderbythedeck

import (
	"testing"
)

// TestDiscardNullsLast: a null card is the first discard, but when only
// null cards are out of the hands (stale) a family card of another suit
// goes first, and a murderer that releases (the simulated players before
// their first kill) keeps null cards.
func TestDiscardNullsLast(t *testing.T) {
	first := func(hand string, target int, stale, release bool) Card {
		t.Helper()
		_, ranked := rankDiscardsFor(Rules{}, cards(t, hand), NoCard, 0, target, stale, release)
		if len(ranked) == 0 {
			t.Fatal("no discard")
		}
		return ranked[0].Card
	}
	hand := "AH 2H 3H 4H 6D 2C 2D JD"
	if c := first(hand, Hearts, false, true); c != NewCard(4, Diamonds) {
		t.Errorf("a player's first discard is %v, not the null card 6D", c)
	}
	if c := first(hand, Hearts, true, false); c != NewCard(1, Clubs) {
		t.Errorf("only null cards out: the first discard is %v, not 2C (the suit held fewest of)", c)
	}
	murderer := "KS QS JS 6H 2D 3D 4C 8C"
	if c := first(murderer, Spades, false, false); c != NewCard(4, Hearts) {
		t.Errorf("the murderer discards %v first, not the null card 6H", c)
	}
	if c := first(murderer, Spades, false, true); c != NewCard(3, Clubs) {
		t.Errorf("the murderer that releases discards %v first, not 4C", c)
	}
}

// TestFixedRoundsEnd: rounds of the fixed rule in every seat end before
// the turn limit (before null cards were kept when only null cards are out
// of the hands, about one round in ten, under either reading of the
// murderer's death cards, went on to it: TestStuckRounds counts why).
func TestFixedRoundsEnd(t *testing.T) {
	var st [Players]style
	for p := range Players {
		st[p] = fixedStyle
	}
	for _, rules := range []Rules{{}, {Discard: DiscardSheet}} {
		for k := uint64(100000); k < 100040; k++ {
			r, _, err := playRound(k, rules, st, playOpts{})
			if err != nil {
				t.Fatal(err)
			}
			if r.End == Stopped {
				t.Errorf("%v: deal %d stopped at the turn limit", rules, k)
			}
		}
	}
}
