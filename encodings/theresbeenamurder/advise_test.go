package theresbeenamurder

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestOutcomes checks the win-now and lose-now chances of plays from set
// positions against what the rules make of them.
func TestOutcomes(t *testing.T) {
	tests := []struct {
		why       string
		hands     [][]Card
		play      Play
		win, lose float64
	}{
		{"the Detective on a player holding only the Murderer wins",
			[][]Card{{Detective, Butler}, {Murderer}, {Cad}}, Play{Detective, 1, -1}, 1, 0},
		{"the Detective on a player with the Murderer and another card: no",
			[][]Card{{Detective, Butler}, {Murderer, Maid}, {Cad}}, Play{Detective, 1, -1}, 0, 0},
		{"the lone Murderer swapped to the Confidant's holder, who must give the Stranger: win",
			[][]Card{{Socialite, Murderer}, {Confidant, Stranger}, {Cad}}, Play{Socialite, 1, -1}, 1, 0},
		{"the lone Murderer swapped to the Confidant's holder, who gives the Confidant half the time",
			[][]Card{{Socialite, Murderer}, {Confidant, Maid}, {Cad}}, Play{Socialite, 1, -1}, 0.5, 0},
		{"the Invalid takes the lone Murderer into the Witness's hand: loss",
			[][]Card{{Invalid, Witness}, {Murderer}, {Cad}}, Play{Invalid, 1, -1}, 0, 1},
		{"the Swain: the Confidant's holder takes one of two cards, the Murderer half the time",
			[][]Card{{Swain, Murderer}, {Confidant}, {Cad}}, Play{Swain, 1, -1}, 0.5, 0},
		{"the Cad between the Witness's holder and the lone Murderer: lost unless she swaps the Witness away (half)",
			[][]Card{{Cad, Butler}, {Murderer}, {Witness, Maid}}, Play{Cad, 1, 2}, 0, 0.5},
		{"the Cad: the Witness's holder must swap the Stranger away and keeps the Witness: loss",
			[][]Card{{Cad, Butler}, {Murderer}, {Witness, Stranger}}, Play{Cad, 1, 2}, 0, 1},
	}
	for _, tt := range tests {
		s := &State{Cfg: cfg(3), Hands: tt.hands, Deck: []Card{Nun}, Grp: []int{0}, Top: []bool{false},
			Virgin: make([]bool, 3)}
		win, lose := outcomes(s, 0, tt.play, rand.New(rand.NewPCG(1, 2)))
		if math.Abs(win-tt.win) > 1e-9 || math.Abs(lose-tt.lose) > 1e-9 {
			t.Errorf("%s: win %v lose %v, want %v %v", tt.why, win, lose, tt.win, tt.lose)
		}
	}
}
