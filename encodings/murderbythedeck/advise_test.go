package murderbythedeck

import (
	"context"
	"testing"
)

// TestAdviceNoBlockIntoTheEnd checks the BLOCK advice against the end of
// a round, docs/rules reading 27c ("a whole round of turns passes ... in
// which nobody drew but, perhaps, the one living player not BLOCKed"):
// the sheet's "If a player has all his / her suit cards he / she may call
// "BLOCK"" is a choice, and a BLOCK when at most one other living player
// still draws ends the round before the BLOCKed player's next turn, so it
// could never accuse. Alice and Bob BLOCK with three others drawing, then
// two; Carol, with one other (Dave) drawing, is advised not to BLOCK but
// to accuse at her last chance; and the round played with her BLOCK
// indeed ends before her next turn.
func TestAdviceNoBlockIntoTheEnd(t *testing.T) {
	ctx := context.Background()
	hands := [Players]string{"AH 2H 3H 4H JH QH KH", "AD 2D 3D 4D JD QD KD", "AC 2C 3C 4C JC QC KC", "KS"}
	r := deal(t, hands, "")
	var pol [Players]Policy
	for p := range Players {
		pol[p] = &script{}
	}
	pol[0].(*script).acts = []Action{{Kind: Block}}
	pol[1].(*script).acts = []Action{{Kind: Block}}
	pol[2].(*script).acts = []Action{{Kind: Block}}
	advice := func(seat int) *Advice {
		t.Helper()
		g := NewGame()
		for _, l := range SeatLog(r.Rules, SimPlayers, seat, r.Deal[seat*HandSize:(seat+1)*HandSize], r.Events) {
			if err := g.Apply(l); err != nil {
				t.Fatalf("%s: %v", l, err)
			}
		}
		a, err := g.Advice(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for p := range 3 {
		a := advice(p)
		want := p < 2
		if a.Block != want || a.LastChance == want || a.AccuseNow == want {
			t.Errorf("%s, %d others drawing: Block %v, LastChance %v, AccuseNow %v; want Block %v and the others %v", SimPlayers[p], 3-p, a.Block, a.LastChance, a.AccuseNow, want, !want)
		}
		if err := r.Play(pol); err != nil {
			t.Fatal(err)
		}
	}
	n := len(r.Events)
	for !r.Over {
		if err := r.Play(pol); err != nil {
			t.Fatal(err)
		}
	}
	if r.End != NoDraw {
		t.Errorf("the round ended by %v, want %v", r.End, NoDraw)
	}
	for _, e := range r.Events[n:] {
		if e.P == 2 {
			t.Errorf("carol had another turn after her BLOCK: %+v", e)
		}
	}
}

// TestLastChanceLucky checks that the last chance counts a player after a
// lucky break as not drawing, as the end of a round does (docs/rules
// reading 27c: "A player after a lucky break counts as not drawing for
// (c), and is not counted among the players not BLOCKed"): with Bob
// BLOCKed, Carol after a lucky break and Dave drawing, Alice BLOCKed has
// her last chance, and the round with those flags indeed ends before her
// next turn (three idle turns after hers).
func TestLastChanceLucky(t *testing.T) {
	s := newState()
	s.blocked = [Players]bool{true, true, false, false}
	s.lucky = [Players]bool{false, false, true, false}
	if !s.lastChance(0) {
		t.Errorf("Alice BLOCKed, Bob BLOCKed, Carol lucky, Dave drawing: not her last chance")
	}
	s.lucky[2] = false
	if s.lastChance(0) {
		t.Errorf("Alice BLOCKed, Bob BLOCKed, Carol and Dave drawing: her last chance")
	}
	// The round's count of idle turns: Alice passes, Bob passes, Carol
	// (lucky) draws, Dave draws: four idle turns, the round ends.
	alive, blocked, lucky := [Players]bool{true, true, true, true}, [Players]bool{true, true, false, false}, [Players]bool{false, false, true, false}
	idle := 0
	for p, drew := range []bool{false, false, true, true} {
		idle = idleAfter(idle, drew, loneDrawer(alive, blocked, lucky, p))
	}
	if idle < Players {
		t.Errorf("%d idle turns after a round of turns, want %d: the round would go on", idle, Players)
	}
}
