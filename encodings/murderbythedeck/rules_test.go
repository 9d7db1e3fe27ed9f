package murderbythedeck

import (
	"os"
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

// cardsOf parses cards known to be well written (test input).
func cardsOf(s string) []Card {
	var out []Card
	for _, w := range strings.Fields(s) {
		c, err := ParseCard(w)
		if err != nil {
			panic(err)
		}
		out = append(out, c)
	}
	return out
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
	for _, c := range legal {
		if !c.IsSpade() {
			return c
		}
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
		quote  string // the sentence of the rule sheet the case plays
		rules  Rules
		hands  [Players]string
		pile   string
		turns  int
		script [Players]*script
		want   string // the events, "a:draw a:discard ..."
		check  func(t *testing.T, r *Round)
	}{{
		name:  "reading 14-16: an Ace kills on the drawer's next turn",
		quote: "(A = 1 turn, 2 = two Turns, 3 = Three turns, and 4 = Four Turns)",
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
		quote: "Mrs. Heart cannot reveal that she has been murdered till 3 of here turns have passed.",
		pile:  "3S 2H 3H 4H 6H 8H JH QH",
		turns: 13,
		want: "a:draw a:down a:discard b:draw b:discard c:draw c:discard d:draw d:discard " +
			"a:draw a:discard b:draw b:discard c:draw c:discard d:draw d:discard " +
			"a:draw a:discard b:draw b:discard c:draw c:discard d:draw d:discard a:dead",
	}, {
		name:  "reading 18: the murderer keeps a death card in hand",
		quote: "if YOU are the murderer (own a high suit of SPADES) and you draw a A 2 3 4 you are NOT dead",
		hands: [Players]string{"KS"},
		pile:  "2S",
		turns: 1,
		want:  "a:draw a:discard",
		check: func(t *testing.T, r *Round) {
			if !slices.Contains(r.Hands[0], deathCard(2)) || r.DownCard[0] != NoCard {
				t.Errorf("hand %v down %v", r.Hands[0], r.DownCard[0])
			}
		},
	}, {
		name:  "reading 7, 19: the identity card drawn on death row makes a murderer who still dies",
		quote: `if the player draws the "Kill Spade", the player is DEAD!. (even if they were going out on the next turn.)`,
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
		quote: "a player who draws a 2 3 4 (excluding the ACE) and picks up yet another SPADE card, (A 2 3 4 of SPADE) both death cards are NULLIFIED.",
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
		name:   "reading 11 (rule discard sheet): a 6 or an 8 of Spades may be discarded",
		quote:  "If the card is 6 or an 8, you may keep it or place it in the discard.",
		hands:  [Players]string{"2H 3H"},
		pile:   "6S",
		script: [Players]*script{{discards: []Card{NewCard(4, Spades)}}},
		turns:  1,
		want:   "a:draw a:discard",
		check: func(t *testing.T, r *Round) {
			if d := r.Events[1].Card; d != NewCard(4, Spades) {
				t.Errorf("discarded %v", d)
			}
		},
	}, {
		name:   "reading 11 (rule discard sheet): a dealt death card may be discarded",
		quote:  "If the card is A 2 3 4 of Spades... your dead buddy!",
		hands:  [Players]string{"3S"},
		turns:  1,
		script: [Players]*script{{discards: []Card{deathCard(3)}}},
		want:   "a:draw a:discard",
		check: func(t *testing.T, r *Round) {
			if !slices.Contains(r.Used, deathCard(3)) {
				t.Errorf("return pile %v", r.Used)
			}
		},
	}, {
		name:  "reading 11 (rule discard nospade): a Spade is never discarded",
		quote: "(remember if you draw a SPADE card you HAVE TO KEEP IT!)",
		rules: Old,
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
		name:  "reading 5 (rule murderer KS): one murderer, the holder of the King of Spades",
		quote: "a high card [J Q K] of SPADES (K Male Q Female)",
		hands: [Players]string{"JS QS", "KS"},
		check: func(t *testing.T, r *Round) {
			if r.IsSpade(0) || !r.IsSpade(1) {
				t.Errorf("murderers: alice %v bob %v", r.IsSpade(0), r.IsSpade(1))
			}
		},
	}, {
		name:  "reading 5 (rule murderer QS): the Queen of Spades",
		quote: "a high card [J Q K] of SPADES (K Male Q Female)",
		rules: Rules{Murderer: MurdererQS},
		hands: [Players]string{"JS QS", "KS"},
		check: func(t *testing.T, r *Round) {
			if !r.IsSpade(0) || r.IsSpade(1) {
				t.Errorf("murderers: alice %v bob %v", r.IsSpade(0), r.IsSpade(1))
			}
		},
	}, {
		name:  "reading 5 (rule murderer high): any high Spade",
		quote: "if the player is dealt, (or draws) a high card [J Q K] of SPADES (K Male Q Female) They must Chose the Spade card!",
		rules: Rules{Murderer: MurdererHigh},
		hands: [Players]string{"JS", "KS"},
		check: func(t *testing.T, r *Round) {
			if !r.IsSpade(0) || !r.IsSpade(1) {
				t.Errorf("murderers: alice %v bob %v", r.IsSpade(0), r.IsSpade(1))
			}
		},
	}, {
		name:  "reading 11: the identity card is never discarded, a Spade drawn is kept that turn",
		quote: "They must Chose the Spade card! (if the high card was put back in the draw deck , it would take much longer to reveal the murderer.)",
		hands: [Players]string{"KS"},
		pile:  "JS",
		turns: 1,
		check: func(t *testing.T, r *Round) {
			legal := r.Rules.LegalDiscards(append(slices.Clone(r.Deal[:7]), NewCard(6, Spades)), NewCard(6, Spades), 0)
			if slices.Contains(legal, NewCard(8, Spades)) || slices.Contains(legal, NewCard(6, Spades)) || len(legal) != 6 {
				t.Errorf("legal discards %v", legal)
			}
		},
	}, {
		name:   "reading 11c (rule discard keepdeath, the default): the murderer keeps a death card it drew, not one dealt",
		quote:  "(this is the only time that SPADES are returned to the pile)",
		rules:  Rules{Discard: DiscardKeepDeath},
		hands:  [Players]string{"KS 2S"},
		pile:   "3S",
		script: [Players]*script{{discards: cardsOf("2S")}},
		turns:  1,
		check: func(t *testing.T, r *Round) {
			if slices.Contains(r.Used, NewCard(1, Spades)) != true || !slices.Contains(r.Hands[0], NewCard(2, Spades)) {
				t.Fatalf("alice discarded %v, holds %v", r.Used, r.Hands[0])
			}
			// Her next turn: the 3 of Spades she drew stays (keepdeath),
			// where rule discard sheet lets it go.
			hand := append(slices.Clone(r.Hands[0]), NewCard(0, Hearts))
			if legal := r.Rules.LegalDiscards(hand, NewCard(0, Hearts), r.Drew[0].With(NewCard(0, Hearts))); slices.Contains(legal, NewCard(2, Spades)) || len(legal) != 6 {
				t.Errorf("keepdeath: legal discards %v", legal)
			}
			sheet := Rules{Discard: DiscardSheet}
			if legal := sheet.LegalDiscards(hand, NewCard(0, Hearts), r.Drew[0]); !slices.Contains(legal, NewCard(2, Spades)) {
				t.Errorf("sheet: legal discards %v", legal)
			}
		},
	}, {
		name:   "reading 21, 22: BLOCK with a complete family, then an accusation that is right",
		quote:  "you score the number of points to the number of player still alive (yes including the MURDERER, and yourself)",
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
		quote:  "If you WRONGLY ACCUSE a player of being the MURDERER, you are DEAD!",
		hands:  [Players]string{fam("AD 2D 3D 4D JD QD KD"), "", "KS"},
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
		quote:  "If you turn over your cards in an accusation and you have a SPADE card you are DEAD.",
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
		quote:  "if the ACCUSED player is dying, he / she must reveal that they are dead!",
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
		name:  "reading 27 (rule piles 3): the return pile makes the next draw pile, three piles at most",
		rules: Old,
		turns: 200,
		check: func(t *testing.T, r *Round) {
			if !r.Over || r.Piles != MaxPiles || r.End != NoDraw {
				t.Errorf("over %v piles %d end %v", r.Over, r.Piles, r.End)
			}
		},
	}, {
		name:  "reading 13, 27 (rule piles unlimited): the return pile is shuffled each time the draw pile runs out",
		quote: "The two SPADE cards are then put back into the return pile.",
		hands: [Players]string{"AS 2S 3S 4S"},
		turns: 200,
		check: func(t *testing.T, r *Round) {
			if r.Piles < 4 {
				t.Errorf("over %v piles %d end %v", r.Over, r.Piles, r.End)
			}
		},
	}, {
		name:  "reading 27: a round ends when one player is left",
		quote: "1 Player alive 1 point",
		rules: Rules{Discard: DiscardKeepDeath},
		hands: [Players]string{"KS"},
		pile:  "2H AS 2S 3S 4S",
		turns: 30,
		check: func(t *testing.T, r *Round) {
			if !r.Over || r.End != Alone || r.Living() != 1 || !r.Alive[0] {
				t.Errorf("over %v end %v alive %v", r.Over, r.End, r.Alive)
			}
		},
	}, {
		name:  "reading 27c: a player after a lucky break cannot end a round, and its draws count as none",
		quote: "this player cannot get a \"BLOCK\"",
		rules: Rules{Discard: DiscardKeepDeath},
		hands: [Players]string{"KS"},
		pile:  "2H AS 2S 3S",
		turns: 60,
		check: func(t *testing.T, r *Round) {
			if !r.Over || r.End != NoDraw || r.Living() != 2 || !r.Alive[0] || !r.Alive[3] || !r.LuckyUsed[3] {
				t.Errorf("over %v end %v alive %v lucky %v", r.Over, r.End, r.Alive, r.LuckyUsed)
			}
		},
	}, {
		name:  "reading 27 (rule turns N): the round ends after N turns, and the murderer got away",
		quote: "if The MURDERER does NOT get caught... he / she gets their MURDER POINTS * 2!!!",
		rules: Rules{MaxTurns: 6},
		hands: [Players]string{"", "KS"},
		pile:  "AS 2H 3H 4H 6H",
		turns: 20,
		want:  "a:draw a:down a:discard b:draw b:discard c:draw c:discard d:draw d:discard a:dead b:draw b:discard",
		check: func(t *testing.T, r *Round) {
			if !r.Over || r.End != Stopped || r.Kills != 1 || r.Score() != [Players]int{0, 2, 0, 0} {
				t.Errorf("over %v end %v kills %d score %v", r.Over, r.End, r.Kills, r.Score())
			}
		},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.quote != "" && !strings.Contains(ruleSheet, strings.Join(strings.Fields(tc.quote), " ")) {
				t.Fatalf("the quote is not a sentence of the rule sheet: %q", tc.quote)
			}
			r := deal(t, tc.hands, tc.pile)
			r.Rules = tc.rules
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
		{"discarding the identity card", &script{discards: []Card{NewCard(8, Spades)}}},
	} {
		r := deal(t, [Players]string{"KS"}, "")
		pol := [Players]Policy{tc.s, &script{}, &script{}, &script{}}
		if err := r.Play(pol); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

// ruleSheet is the text of docs/rules/murder-by-the-deck.md with its white
// space collapsed: every sentence of the rule sheet a rule test quotes is
// quoted there, beside the reading it supports.
var ruleSheet = func() string {
	b, err := os.ReadFile("../../docs/rules/murder-by-the-deck.md")
	if err != nil {
		return ""
	}
	return strings.Join(strings.Fields(string(b)), " ")
}()

// TestRuleTurnsTracked: under "rule turns N" the tracker ends the round
// after N turns as the simulator does, and refuses a line after it.
func TestRuleTurnsTracked(t *testing.T) {
	for seed := uint64(0); seed < 4; seed++ {
		sim, err := Simulate(SimOptions{Seed: seed, Rules: Rules{MaxTurns: 9}})
		if err != nil {
			t.Fatal(err)
		}
		if !sim.Round.Over {
			t.Fatalf("seed %d: the round is not over after 9 turns", seed)
		}
		g := NewGame()
		for i, l := range sim.Logs[0] {
			if err := g.Apply(l); err != nil {
				t.Fatalf("seed %d line %d %q: %v", seed, i+1, l, err)
			}
		}
		if !slices.Contains(sim.Logs[0], "rule turns 9") || !g.st.over {
			t.Fatalf("seed %d: over %v, log %q", seed, g.st.over, sim.Logs[0])
		}
		p := SimPlayers[sim.Round.Turn]
		if sim.Round.End == Stopped {
			for _, l := range []string{p + " draws", p + " passes"} {
				if err := g.Apply(l); err == nil {
					t.Errorf("seed %d: %q accepted after the last turn", seed, l)
				}
			}
		}
	}
}
