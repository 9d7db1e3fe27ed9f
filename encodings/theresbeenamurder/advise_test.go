package theresbeenamurder

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestOutcomes checks the win-now and lose-now chances of plays from set
// positions against what the rules make of them.
func TestOutcomes(t *testing.T) {
	tests := []struct {
		why       string
		hands     [][]engine.Card
		play      engine.Play
		win, lose float64
	}{
		{"the Detective on a player holding only the Murderer wins",
			[][]engine.Card{{engine.Detective, engine.Butler}, {engine.Murderer}, {engine.Cad}}, engine.Play{Card: engine.Detective, Q: 1, R: -1}, 1, 0},
		{"the Detective on a player with the Murderer and another card: no",
			[][]engine.Card{{engine.Detective, engine.Butler}, {engine.Murderer, engine.Maid}, {engine.Cad}}, engine.Play{Card: engine.Detective, Q: 1, R: -1}, 0, 0},
		{"the lone Murderer swapped to the Confidant's holder, who must give the Stranger: win",
			[][]engine.Card{{engine.Socialite, engine.Murderer}, {engine.Confidant, engine.Stranger}, {engine.Cad}}, engine.Play{Card: engine.Socialite, Q: 1, R: -1}, 1, 0},
		{"the lone Murderer swapped to the Confidant's holder, who gives the Confidant half the time",
			[][]engine.Card{{engine.Socialite, engine.Murderer}, {engine.Confidant, engine.Maid}, {engine.Cad}}, engine.Play{Card: engine.Socialite, Q: 1, R: -1}, 0.5, 0},
		{"the Invalid takes the lone Murderer into the Witness's hand: loss",
			[][]engine.Card{{engine.Invalid, engine.Witness}, {engine.Murderer}, {engine.Cad}}, engine.Play{Card: engine.Invalid, Q: 1, R: -1}, 0, 1},
		{"the Swain: the Confidant's holder takes one of two cards, the Murderer half the time",
			[][]engine.Card{{engine.Swain, engine.Murderer}, {engine.Confidant}, {engine.Cad}}, engine.Play{Card: engine.Swain, Q: 1, R: -1}, 0.5, 0},
		{"the Cad between the Witness's holder and the lone Murderer: lost unless she swaps the Witness away (half)",
			[][]engine.Card{{engine.Cad, engine.Butler}, {engine.Murderer}, {engine.Witness, engine.Maid}}, engine.Play{Card: engine.Cad, Q: 1, R: 2}, 0, 0.5},
		{"the Cad: the Witness's holder must swap the Stranger away and keeps the Witness: loss",
			[][]engine.Card{{engine.Cad, engine.Butler}, {engine.Murderer}, {engine.Witness, engine.Stranger}}, engine.Play{Card: engine.Cad, Q: 1, R: 2}, 0, 1},
	}
	for _, tt := range tests {
		s := &engine.State{Cfg: cfg(3), Hands: tt.hands, Deck: []engine.Card{engine.Nun}, Grp: []int{0}, Top: []bool{false},
			Virgin: make([]bool, 3)}
		win, lose := outcomes(s, 0, tt.play, rand.New(rand.NewPCG(1, 2)))
		if math.Abs(win-tt.win) > 1e-9 || math.Abs(lose-tt.lose) > 1e-9 {
			t.Errorf("%s: win %v lose %v, want %v %v", tt.why, win, lose, tt.win, tt.lose)
		}
	}
}

// TestTakeOutcomes checks the Swain's choice, made after its draw with the
// drawn card in hand: the Confidant's holder wins half the time when the
// hand holds the Murderer, the Witness's holder loses half the time.
func TestTakeOutcomes(t *testing.T) {
	hands := [][]engine.Card{{engine.Murderer, engine.Nun}, {engine.Confidant}, {engine.Witness}}
	for _, tt := range []struct {
		to        int
		win, lose float64
	}{{1, 0.5, 0}, {2, 0, 0.5}} {
		s := &engine.State{Cfg: cfg(3), Hands: hands, Deck: []engine.Card{engine.Cad}, Grp: []int{0}, Top: []bool{false}, Virgin: make([]bool, 3),
			Discard: []engine.Card{engine.Swain}, Last: engine.Swain}
		win, lose := takeOutcomes(s, 0, engine.Play{Card: engine.Swain, Q: tt.to, R: -1}, rand.New(rand.NewPCG(1, 2)))
		if math.Abs(win-tt.win) > 1e-9 || math.Abs(lose-tt.lose) > 1e-9 {
			t.Errorf("to %d: win %v lose %v, want %v %v", tt.to, win, lose, tt.win, tt.lose)
		}
	}
}

// TestAdviceSeesOnlyItsSeat checks that the advice a seat gets in a
// simulated game reads nothing but what that seat sees. The game has a
// Hound, whose raised hand only the Hound's player sees. At every choice
// the advice makes (the plays, the Swain's choice after its draw): the
// seat's log names no holder for another player's Hound; the plays
// offered are those the seat's own hand and the public pile give; and
// the choice is the one a fresh game reading that log alone makes (no
// other seat's game, no cache, no state of the simulation). A policy
// that read another seat's hidden cards, or the Hound's answer through
// another seat's log, would fail the last check.
func TestAdviceSeesOnlyItsSeat(t *testing.T) {
	cards := engine.DefaultCards(4, engine.Novice)
	cards = append(cards, engine.Hound)
	c := &engine.Config{Players: 4, Cards: cards, Removed: 1}
	type call struct {
		p     int
		log   []string
		plays []engine.Play
		got   int
	}
	checked, hounds, swains := 0, 0, 0
	for seed := uint64(1); seed <= 40 && (checked < 6 || hounds == 0 || swains == 0); seed++ {
		var calls []call
		adv := AdvicePolicy(40)
		pol := func(p int, log []string, plays []engine.Play) int {
			i := adv(p, log, plays)
			calls = append(calls, call{p, slices.Clone(log), slices.Clone(plays), i})
			return i
		}
		sim, err := engine.Simulate(engine.SimOptions{Config: c, Seed: seed, Policy: pol})
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range calls {
			houndSeen := false
			for _, l := range k.log {
				w := strings.Fields(l)
				if len(w) >= 3 && w[1] == "plays" && w[2] == "hound" && w[0] != sim.Players[k.p] {
					houndSeen = true
					if len(w) != 4 {
						t.Fatalf("seed %d seat %d: %q names the raised hand in another seat's log", seed, k.p, l)
					}
				}
			}
			g := NewGame()
			g.Particles = 40
			for _, l := range k.log {
				if err := g.Apply(l); err != nil {
					t.Fatalf("seed %d seat %d: %q: %v", seed, k.p, l, err)
				}
			}
			taker := g.swainChoosing()
			var own []engine.Play
			if taker {
				for q := range c.Players {
					if q != k.p {
						own = append(own, engine.Play{Card: g.play.Card, Q: q, R: -1})
					}
				}
				swains++
			} else {
				s := &engine.State{Cfg: g.cfg, Hands: make([][]engine.Card, c.Players), Last: g.p.Last}
				s.Hands[k.p] = g.myHand()
				own = s.Plays(k.p)
			}
			if !slices.Equal(own, k.plays) {
				t.Fatalf("seed %d seat %d: plays offered %v, the seat's own view gives %v", seed, k.p, k.plays, own)
			}
			if k.got < 0 || len(k.plays) < 2 {
				continue
			}
			if houndSeen {
				hounds++
			}
			if i := AdvicePolicy(40)(k.p, k.log, k.plays); i != k.got {
				t.Errorf("seed %d seat %d after %d lines: advised %v in the game, %v from the log alone",
					seed, k.p, len(k.log), k.plays[k.got], k.plays[max(i, 0)])
			}
			checked++
		}
	}
	if checked < 6 || hounds == 0 || swains == 0 {
		t.Fatalf("checked %d advised choices, %d after another player's Hound, %d Swain choices", checked, hounds, swains)
	}
	t.Logf("%d advised choices checked, %d after another player's Hound; %d Swain choices offered", checked, hounds, swains)
}
