package theresbeenamurder

import (
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestTrackerPlayedCardNotInDeck: the card a play is carrying out is on
// the table, so a line that has the Secretary pick itself from the deck
// fits no history (the Butler turning itself up and the Hound naming
// itself are guarded the same way). The tracker once
// relabelled a deck card as the played card and kept such histories, with
// two cards of one name.
func TestTrackerPlayedCardNotInDeck(t *testing.T) {
	sim, err := engine.Simulate(engine.SimOptions{Players: 5, Seed: 6})
	if err != nil {
		t.Fatal(err)
	}
	lines := sim.Logs[0]
	k := 0
	for k < len(lines) && lines[k] != "bob plays secretary witness" {
		k++
	}
	if k == len(lines) {
		t.Fatal("the simulated log has no Secretary play to change")
	}
	for _, tc := range []struct {
		line string
		fits bool
	}{
		{"bob plays secretary witness", true}, // the line as played
		{"bob plays secretary secretary", false},
	} {
		g := NewGame()
		g.Particles = 100
		for _, l := range lines[:k] {
			if err := g.Apply(l); err != nil {
				t.Fatal(l, err)
			}
		}
		if g.track() == nil {
			t.Fatal("the tracker stopped before the Secretary")
		}
		e, err := g.p.Parse(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		h := g.clone()
		if err := h.apply(e, len(h.lines)+1); err != nil {
			t.Fatal(err)
		}
		tr := h.track() // the SAT layer's check left out: the tracker alone
		if got := tr != nil; got != tc.fits {
			t.Fatalf("%q: some history fits: %v, want %v", tc.line, got, tc.fits)
		}
		if tr == nil {
			continue
		}
		for _, sn := range tr.Now {
			seen := map[engine.Card]bool{}
			for _, cs := range append(append(append(slicesOf(sn.S.Hands), sn.S.Deck), sn.S.Discard), sn.S.Removed) {
				for _, c := range cs {
					if seen[c] {
						t.Fatalf("%q: a history has two %v", tc.line, c)
					}
					seen[c] = true
				}
			}
		}
	}
}

// slicesOf is the hands as a list of card lists.
func slicesOf(hands [][]engine.Card) [][]engine.Card { return append([][]engine.Card(nil), hands...) }
