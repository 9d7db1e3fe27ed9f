package murderbythedeck

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// truth is where every card really is during a simulated round, and who
// is the murderer, followed event by event.
type truth struct {
	rules Rules
	loc   [NumCards]int // column
	hands [Players][]Card
	alive [Players]bool
}

func newTruth(r *Round) *truth {
	t := &truth{rules: r.Rules}
	for c := range t.loc {
		t.loc[c] = colPile
	}
	for p := range Players {
		t.alive[p] = true
		t.hands[p] = slices.Clone(r.Deal[p*HandSize : (p+1)*HandSize])
		for _, c := range t.hands[p] {
			t.loc[c] = p
		}
	}
	return t
}

func (t *truth) remove(p int, c Card) {
	t.hands[p] = slices.DeleteFunc(t.hands[p], func(x Card) bool { return x == c })
}

func (t *truth) kill(p int) {
	for _, c := range t.hands[p] {
		t.loc[c] = colUsed
	}
	t.hands[p], t.alive[p] = nil, false
}

// step follows one event; the cards on the return pile come back into the
// draw pile (loc colPile) when it is drawn from while empty.
func (t *truth) step(e Event, pileEmpty bool) {
	switch e.Kind {
	case Draw:
		if pileEmpty {
			for c := range t.loc {
				if t.loc[c] == colUsed {
					t.loc[c] = colPile
				}
			}
		}
		t.hands[e.P] = append(t.hands[e.P], e.Card)
		t.loc[e.Card] = e.P
	case Down:
		d := t.hands[e.P][len(t.hands[e.P])-1]
		t.remove(e.P, d)
		t.loc[d] = colDown
	case Lucky:
		t.remove(e.P, e.Cards[0])
		t.loc[e.Cards[0]], t.loc[e.Cards[1]] = colUsed, colUsed
	case Discard:
		t.remove(e.P, e.Card)
		t.loc[e.Card] = colUsed
	case Dead:
		t.kill(e.P)
	case Accuse:
		if e.Outcome != Right {
			t.kill(e.P)
		}
	}
}

// TestMarksNeverFalse plays simulated rounds of every reading and, from
// one seat, at the end of every turn, checks the sheet against the true
// places of the cards: no card is ✗ where it is, none ✓ where it is not,
// and no player's murderer status is ✓ or ✗ wrongly.
func TestMarksNeverFalse(t *testing.T) {
	ctx := context.Background()
	seeds := uint64(1)
	if *longChecks {
		seeds = 10
	}
	checked, turns := 0, 0
	for i := range uint64(len(readings)) * seeds {
		seed, rules := 100+i/uint64(len(readings)), readings[i%uint64(len(readings))]
		sim, err := Simulate(SimOptions{Seed: seed, Rules: rules, MaxTurns: 60})
		if err != nil {
			t.Fatal(err)
		}
		r := sim.Round
		seat := int(seed % Players)
		g := NewGame()
		g.SetMaxSamples(Samples) // the samples witness most places; SAT the rest
		followRound(t, g, r, rules, seat, fmt.Sprintf("%v seed %d", rules, seed), func(tr *truth) {
			if turns++; !*longChecks && turns%3 != 0 {
				return
			}
			checked++
			at := fmt.Sprintf("%v seed %d seat %d line %d", rules, seed, seat, len(g.Lines()))
			a, err := g.analyse(ctx)
			if err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			for c := range Card(NumCards) {
				for col := range numCols {
					m := a.cells[c][col].mark
					if m == table.No && tr.loc[c] == col || m == table.Yes && tr.loc[c] != col {
						t.Fatalf("%s: %v in %s marked %v, truly in %s", at, c, g.colName(col), m, g.colName(tr.loc[c]))
					}
				}
			}
			for p := range Players {
				if !tr.alive[p] {
					continue
				}
				is := rules.IsMurderer(tr.hands[p])
				if st := a.spades[p].status; st == "forced" && !is || st == "impossible" && is {
					t.Fatalf("%s: %s murderer %s, truly %v", at, SimPlayers[p], st, is)
				}
			}
		})
	}
	t.Logf("%d positions checked", checked)
}

// followRound feeds g (new, its options set) the set-up lines of seat's
// log of round r, played under rules, then the line of each event the seat
// sees, keeping tr, where every card truly is, in step; at the end of every
// turn (the next event starts one and the log is at the start of a turn)
// it calls at with the truth. name says which round in errors.
func followRound(t *testing.T, g *Game, r *Round, rules Rules, seat int, name string, at func(tr *truth)) {
	t.Helper()
	for _, l := range SeatLog(rules, SimPlayers, seat, r.Deal[seat*HandSize:(seat+1)*HandSize], nil) {
		if err := g.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	tr := newTruth(r)
	pile := NumCards - Players*HandSize
	for k, e := range r.Events {
		empty := e.Kind == Draw && pile == 0
		if empty {
			for c := range tr.loc {
				if tr.loc[c] == colUsed {
					pile++
				}
			}
		}
		if e.Kind == Draw {
			pile--
		}
		tr.step(e, empty)
		if l, ok := EventLine(SimPlayers, seat, e); ok {
			if err := g.Apply(l); err != nil {
				t.Fatalf("%s seat %d: %q: %v", name, seat, l, err)
			}
		}
		if k+1 < len(r.Events) && !startsTurn(r.Events[k+1].Kind) || g.st.step != stStart {
			continue
		}
		at(tr)
	}
}

func startsTurn(k Kind) bool {
	return k == Draw || k == Block || k == Accuse || k == Pass || k == Dead
}

// TestEstimateAgainstExact checks the tracker's estimates against an exact
// reference on small early positions: bob's hand, alice's draw and
// discard. The exact posterior sums, over every hand alice may have been
// dealt and every card she may have drawn, the likelihood of her choices
// (the draw among her legal actions, the discard among her legal
// discards); the other unseen cards are spread evenly. Every cell and
// every murderer chance must lie within three standard errors.
func TestEstimateAgainstExact(t *testing.T) {
	hand := "2S 6S AC 3C QD 4H 3D"
	refs := map[string][2]exactRef{} // by discard, by Choices
	for _, tc := range []struct {
		x       string
		choices Choices
	}{{"8H", ChoicesUniform}, {"JS", ChoicesUniform}, {"AS", ChoicesUniform}, {"KH", ChoicesUniform}, {"8H", ChoicesOpaque}, {"JS", ChoicesOpaque}, {"AS", ChoicesOpaque}, {"KH", ChoicesOpaque}} {
		x := tc.x
		lines := []string{"players alice bob carol dave", "seat bob", "hand " + hand, "alice draws", "alice discards " + x}
		g := NewGame()
		g.SetChoices(tc.choices)
		for _, l := range lines {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
		}
		est, err := g.Estimate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		X, _ := ParseCard(x)
		ref, ok := refs[x]
		if !ok {
			ref = exactFirstDiscard(cards(t, hand), X)
			refs[x] = ref
		}
		loc, spade := ref[tc.choices].loc, ref[tc.choices].spade
		miss, n := 0, 0
		check := func(what string, exact *big.Rat, p *big.Rat, se float64) {
			n++
			pe, pt := ratFloat(exact), ratFloat(p)
			se = math.Max(se, math.Sqrt(pe*(1-pe)/est.ESS))
			if math.Abs(pe-pt) > 3*se+1e-12 {
				miss++
				t.Logf("discard %s: %s: exact %.4f, tracker %.4f ± %.4f", x, what, pe, pt, se)
			}
		}
		for p := range Players {
			check(SimPlayers[p]+" murderer", spade[p], est.SpadeP(p), est.SpadeSE(p))
		}
		for c := range Card(NumCards) {
			for col := range numCols {
				check(fmt.Sprintf("%v in %s", c, g.colName(col)), loc[c][col], est.LocP(c, col), est.LocSE(c, col))
			}
		}
		if miss > 2 {
			t.Errorf("discard %s, choices %d: %d of %d figures beyond three standard errors", x, tc.choices, miss, n)
		}
		t.Logf("discard %s, choices %d: %d worlds (effective %.0f), largest SE %.4f, %d of %d beyond 3 SE", x, tc.choices, est.N, est.ESS, est.maxSE(), miss, n)
	}
}

// exactFirstDiscard is the exact posterior of where each card is and who
// is the murderer, from the seat bob holding hand, after alice (first to
// play) drew and discarded x, under the default rules: enumerate alice's
// dealt hand (7 of the 29 unseen cards) and her draw. It gives the
// posterior of each model of choices, indexed by Choices: under
// ChoicesOpaque her discard weighs the same from every hand it is legal
// from.
func exactFirstDiscard(hand []Card, x Card) (out [2]exactRef) {
	var r Rules
	var unseen []Card
	for c := range Card(NumCards) {
		if !slices.Contains(hand, c) {
			unseen = append(unseen, c)
		}
	}
	ks := NewCard(8, Spades)
	var famMask [4]uint64
	for s := range 4 {
		for _, c := range Family(s) {
			famMask[s] |= 1 << c
		}
	}
	// Tallies by the number of legal discards (6 to 8) of the hand: the
	// weight of a world is 840 (1/5 of it with a full family before the
	// draw), over the legal discards under ChoicesUniform.
	var inAlice [9][NumCards]int64 // weight with c in alice's hand after the discard
	var total, ksIn [9]int64
	h7 := make([]Card, 0, 7)
	weight := func(mask uint64, d Card) (int64, int) {
		murderer := mask&(1<<ks) != 0
		if d.IsDeath() && !murderer {
			return 0, 0 // she would have placed it face down
		}
		m8 := mask | 1<<d
		if m8&(1<<x) == 0 || r.IsID(x) || (x == d && keptIfDrawn(d)) {
			return 0, 0
		}
		legal := 8
		if m8&(1<<ks) != 0 {
			legal--
		}
		if keptIfDrawn(d) && d != ks {
			legal--
		}
		w := int64(840)
		for s := range 4 {
			if mask == famMask[s] {
				w /= 5
			}
		}
		return w, legal
	}
	var rec func(start int, mask uint64)
	rec = func(start int, mask uint64) {
		if len(h7) == 7 {
			for _, d := range unseen {
				if mask&(1<<d) != 0 {
					continue
				}
				w, legal := weight(mask, d)
				if w == 0 {
					continue
				}
				total[legal] += w
				for _, c := range h7 {
					inAlice[legal][c] += w
				}
				inAlice[legal][d] += w
				if (mask|1<<d)&(1<<ks) != 0 {
					ksIn[legal] += w
				}
			}
			return
		}
		for i := start; i <= len(unseen)-(7-len(h7)); i++ {
			h7 = append(h7, unseen[i])
			rec(i+1, mask|1<<unseen[i])
			h7 = h7[:len(h7)-1]
		}
	}
	rec(0, 0)
	for choices := range out {
		// The tallies weighed by the model: 1/legal under ChoicesUniform
		// (840 is divisible by 5 times each of 6, 7, 8), 1 under opaque.
		var in [NumCards]int64
		var tot, ks int64
		for legal := 6; legal <= 8; legal++ {
			div := int64(1)
			if Choices(choices) == ChoicesUniform {
				div = int64(legal)
			}
			tot += total[legal] / div
			ks += ksIn[legal] / div
			for c := range in {
				in[c] += inAlice[legal][c] / div
			}
		}
		in[x] = 0
		out[choices].loc, out[choices].spade = spreadFirstDiscard(hand, x, in, tot, ks)
	}
	return out
}

// spreadFirstDiscard makes the posterior of exactFirstDiscard from its
// tallies: in[c] of total with c in alice's hand, ksIn with the King of
// Spades there; every other unseen card evenly among carol, dave and the
// pile.
func spreadFirstDiscard(hand []Card, x Card, in [NumCards]int64, total, ksIn int64) (loc [NumCards][numCols]*big.Rat, spade [Players]*big.Rat) {
	ks := NewCard(8, Spades)
	for c := range Card(NumCards) {
		for col := range numCols {
			loc[c][col] = new(big.Rat)
		}
		switch {
		case slices.Contains(hand, c):
			loc[c][1] = big.NewRat(1, 1)
		case c == x:
			loc[c][colUsed] = big.NewRat(1, 1)
		default:
			p := big.NewRat(in[c], total)
			loc[c][0] = p
			rest := new(big.Rat).Sub(big.NewRat(1, 1), p)
			third := new(big.Rat).Mul(rest, big.NewRat(1, 3))
			loc[c][2], loc[c][3], loc[c][colPile] = third, third, new(big.Rat).Set(third)
		}
	}
	spade[0] = big.NewRat(ksIn, total)
	spade[1] = new(big.Rat)
	if slices.Contains(hand, ks) {
		spade[1] = big.NewRat(1, 1)
	}
	rest := new(big.Rat).Sub(big.NewRat(1, 1), spade[0])
	spade[2] = new(big.Rat).Mul(rest, big.NewRat(1, 3))
	spade[3] = new(big.Rat).Set(spade[2])
	return loc, spade
}

// exactRef is an exact posterior: where each card is, who is the murderer.
type exactRef struct {
	loc   [NumCards][numCols]*big.Rat
	spade [Players]*big.Rat
}
