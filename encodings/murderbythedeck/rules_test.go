package murderbythedeck

import (
	"slices"
	"strings"
	"testing"
)

// cards parses "AH 2S ..." (test input).
func cards(t *testing.T, s string) []Card {
	t.Helper()
	var out []Card
	for _, w := range strings.Fields(s) {
		c, err := ParseCard(w)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// deal makes a round: the cards given for each hand, the draw pile's
// first cards (drawn first) as given, everything else filled in with the
// cards left, non-Spades first and the 6 and 8 of Spades last (so that no
// hand holds a Spade it was not given).
func deal(t *testing.T, hands [Players]string, pileTop string) *Round {
	t.Helper()
	used := map[Card]bool{}
	var hs [Players][]Card
	for p, h := range hands {
		hs[p] = cards(t, h)
		for _, c := range hs[p] {
			used[c] = true
		}
	}
	top := cards(t, pileTop)
	for _, c := range top {
		used[c] = true
	}
	var fill []Card
	for _, pass := range []func(Card) bool{
		func(c Card) bool { return !c.IsSpade() },
		func(c Card) bool { return c.IsSpade() && !c.IsDeath() && !c.IsHigh() },
		func(c Card) bool { return c.IsSpade() && (c.IsDeath() || c.IsHigh()) },
	} {
		for c := range Card(NumCards) {
			if !used[c] && pass(c) {
				fill = append(fill, c)
				used[c] = true
			}
		}
	}
	deck := []Card{}
	for p := range Players {
		for len(hs[p]) < HandSize {
			hs[p], fill = append(hs[p], fill[0]), fill[1:]
		}
		deck = append(deck, hs[p]...)
	}
	// The pile: the leftovers at the bottom, the given cards on top (the
	// last card of deck is drawn first).
	pile := slices.Clone(fill)
	for i := len(top) - 1; i >= 0; i-- {
		pile = append(pile, top[i])
	}
	deck = append(deck, pile...)
	r, err := NewRound(deck)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// script plays the actions and discards queued for a player, in order;
// with none queued it draws and discards its first legal card.
type script struct {
	acts     []Action
	discards []Card
}

func (s *script) Act(_ *Round, _ int, legal []Action) Action {
	if len(s.acts) > 0 {
		a := s.acts[0]
		s.acts = s.acts[1:]
		return a
	}
	for _, a := range legal {
		if a.Kind == Draw {
			return a
		}
	}
	return legal[0]
}

func (s *script) Discard(_ *Round, _ int, legal []Card) Card {
	if len(s.discards) > 0 {
		c := s.discards[0]
		s.discards = s.discards[1:]
		return c
	}
	return legal[0]
}

func kinds(r *Round) string {
	var b strings.Builder
	names := map[Kind]string{Draw: "draw", Down: "down", Discard: "discard", Lucky: "lucky", Dead: "dead", Block: "block", Accuse: "accuse", Pass: "pass", Shows: "shows"}
	for _, e := range r.Events {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(SimPlayers[e.P][:1] + ":" + names[e.Kind])
	}
	return b.String()
}

// TestRules plays scripted turns and checks the events, each case citing
// the reading of docs/rules/murder-by-the-deck.md it checks.
func TestRules(t *testing.T) {
	fam := func(s string) string { return s } // readability
	cases := []struct {
		name   string
		hands  [Players]string
		pile   string
		turns  int
		script [Players]*script
		want   string // the events, "a:draw a:discard ..."
		check  func(t *testing.T, r *Round)
	}{{
		name:  "reading 14-16: an Ace kills on the drawer's next turn",
		pile:  "AS",
		turns: 5,
		want:  "a:draw a:down a:discard b:draw b:discard c:draw c:discard d:draw d:discard a:dead",
		check: func(t *testing.T, r *Round) {
			if r.Alive[0] || r.Kills != 1 || r.DeadDown[0] != deathCard(1) || len(r.Events[len(r.Events)-1].Cards) != 6 {
				t.Errorf("alive %v kills %d down %v", r.Alive, r.Kills, r.DeadDown)
			}
		},
	}, {
		name:  "reading 16: a 3 lets two more turns be played, death on the third",
		pile:  "3S 2H 3H 4H 6H 8H JH QH",
		turns: 13,
		want: "a:draw a:down a:discard b:draw b:discard c:draw c:discard d:draw d:discard " +
			"a:draw a:discard b:draw b:discard c:draw c:discard d:draw d:discard " +
			"a:draw a:discard b:draw b:discard c:draw c:discard d:draw d:discard a:dead",
	}, {
		name:  "reading 18: a Spade keeps a death card in hand",
		hands: [Players]string{"QS"},
		pile:  "2S",
		turns: 1,
		want:  "a:draw a:discard",
		check: func(t *testing.T, r *Round) {
			if !slices.Contains(r.Hands[0], deathCard(2)) || r.DownCard[0] != NoCard {
				t.Errorf("hand %v down %v", r.Hands[0], r.DownCard[0])
			}
		},
	}, {
		name:  "reading 7, 19: a high Spade drawn on death row makes a Spade who still dies",
		pile:  "2S 2H 3H 4H KS 6H 8H JH",
		turns: 9,
		want: "a:draw a:down a:discard b:draw b:discard c:draw c:discard d:draw d:discard " +
			"a:draw a:discard b:draw b:discard c:draw c:discard d:draw d:discard a:dead",
		check: func(t *testing.T, r *Round) {
			if r.Alive[0] {
				t.Error("alice survived")
			}
		},
	}, {
		name:  "reading 20: a second death card on death row is a lucky break, six cards after",
		pile:  "3S 2H 3H 4H AS 6H",
		turns: 6,
		want: "a:draw a:down a:discard b:draw b:discard c:draw c:discard d:draw d:discard " +
			"a:draw a:lucky b:draw b:discard",
		check: func(t *testing.T, r *Round) {
			if !r.Alive[0] || !r.LuckyUsed[0] || len(r.Hands[0]) != 6 || r.DownCard[0] != NoCard {
				t.Errorf("alive %v lucky %v hand %v down %v", r.Alive[0], r.LuckyUsed[0], r.Hands[0], r.DownCard[0])
			}
			if l := r.Events[len(r.Events)-3]; l.Kind != Lucky || !slices.Equal(l.Cards, []Card{deathCard(1), deathCard(3)}) {
				t.Errorf("lucky event %+v: want drawn AS then held 3S", l)
			}
			if !slices.Contains(r.Used, deathCard(1)) || !slices.Contains(r.Used, deathCard(3)) {
				t.Errorf("return pile %v lacks the two death cards", r.Used)
			}
		},
	}, {
		name:  "reading 11: a Spade is never discarded",
		hands: [Players]string{"6S 8S"},
		pile:  "2H",
		turns: 1,
		want:  "a:draw a:discard",
		check: func(t *testing.T, r *Round) {
			if d := r.Events[1].Card; d.IsSpade() {
				t.Errorf("discarded %v", d)
			}
		},
	}, {
		name:   "reading 21, 22: BLOCK with a complete family, then an accusation that is right",
		hands:  [Players]string{fam("AH 2H 3H 4H JH QH KH"), "KS"},
		pile:   "2D 3D 4D",
		script: [Players]*script{{acts: []Action{{Kind: Block}, {Kind: Accuse, Target: 1}}}},
		turns:  5,
		want:   "a:block b:draw b:discard c:draw c:discard d:draw d:discard a:accuse b:shows",
		check: func(t *testing.T, r *Round) {
			if !r.Over || r.Catcher != 0 || r.Caught != 1 || r.Score()[0] != 4 {
				t.Errorf("over %v catcher %d caught %d score %v", r.Over, r.Catcher, r.Caught, r.Score())
			}
		},
	}, {
		name:   "reading 26: a wrong accusation kills the accuser",
		hands:  [Players]string{fam("AD 2D 3D 4D JD QD KD"), "", "QS"},
		script: [Players]*script{{acts: []Action{{Kind: Accuse, Target: 1}}}},
		turns:  1,
		want:   "a:accuse b:shows",
		check: func(t *testing.T, r *Round) {
			if r.Alive[0] || r.Over || r.Events[0].Outcome != Wrong || len(r.Used) != 7 {
				t.Errorf("alive %v over %v outcome %v used %v", r.Alive[0], r.Over, r.Events[0].Outcome, r.Used)
			}
		},
	}, {
		name:   "reading 24: an accuser showing Spades dies unjudged",
		hands:  [Players]string{"AS 2S 3S 4S JS QS KS"},
		script: [Players]*script{{acts: []Action{{Kind: Accuse, Target: 2}}}},
		turns:  1,
		want:   "a:accuse",
		check: func(t *testing.T, r *Round) {
			if r.Alive[0] || r.Events[0].Outcome != AccuserDie {
				t.Errorf("alive %v outcome %v", r.Alive[0], r.Events[0].Outcome)
			}
		},
	}, {
		name:   "reading 25: an accused on death row dies at once",
		hands:  [Players]string{fam("AC 2C 3C 4C JC QC KC")},
		pile:   "4S",
		script: [Players]*script{{acts: []Action{{Kind: Block}, {Kind: Accuse, Target: 1}}}},
		turns:  5,
		want:   "a:block b:draw b:down b:discard c:draw c:discard d:draw d:discard a:accuse b:shows b:dead",
		check: func(t *testing.T, r *Round) {
			if r.Alive[1] || r.Alive[0] || r.Kills != 1 {
				t.Errorf("alive %v kills %d", r.Alive, r.Kills)
			}
		},
	}, {
		name:  "reading 13, 27: the return pile makes the next draw pile, three piles at most",
		turns: 200,
		check: func(t *testing.T, r *Round) {
			if !r.Over || r.Piles != MaxPiles {
				t.Errorf("over %v piles %d", r.Over, r.Piles)
			}
		},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := deal(t, tc.hands, tc.pile)
			var pol [Players]Policy
			for p := range Players {
				pol[p] = &script{}
				if tc.script[p] != nil {
					pol[p] = tc.script[p]
				}
			}
			for i := 0; i < tc.turns && !r.Over; i++ {
				if err := r.Play(pol); err != nil {
					t.Fatal(err)
				}
			}
			if tc.want != "" {
				if got := kinds(r); got != tc.want {
					t.Errorf("events\n got %s\nwant %s", got, tc.want)
				}
			}
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
}

// TestIllegalChoicesRefused: a policy that chooses what the rules forbid
// is an error, not a silent move.
func TestIllegalChoicesRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    *script
	}{
		{"BLOCK without a family", &script{acts: []Action{{Kind: Block}}}},
		{"accusing without a family", &script{acts: []Action{{Kind: Accuse, Target: 1}}}},
		{"discarding a Spade", &script{discards: []Card{NewCard(4, Spades)}}},
	} {
		r := deal(t, [Players]string{"6S"}, "")
		pol := [Players]Policy{tc.s, &script{}, &script{}, &script{}}
		if err := r.Play(pol); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}
