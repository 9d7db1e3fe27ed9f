package theresbeenamurder

import (
	"flag"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/certain"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// tbamLong turns on the long sweeps of the replaying tests:
// go test ./encodings/theresbeenamurder -tbam.long
var tbamLong = flag.Bool("tbam.long", false, "replaying tests sweep every seat of several games at every player count and level")

// sweepSeeds are the seeds (0 to n-1) a replaying test plays at a player
// count: all with -tbam.long, otherwise one, turning with the count (the
// tests take the level from the seed, so every level is still played).
func sweepSeeds(players, n int) []uint64 {
	if *tbamLong {
		var out []uint64
		for s := range uint64(n) {
			out = append(out, s)
		}
		return out
	}
	return []uint64{uint64(players % n)}
}

// sweepSeats are the seats a replaying test follows: all with -tbam.long,
// otherwise the first and one other, turning with the count and seed.
func sweepSeats(players int, seed uint64) []int {
	if *tbamLong {
		var out []int
		for p := range players {
			out = append(out, p)
		}
		return out
	}
	return []int{0, 1 + (players+int(seed))%(players-1)}
}

// simulateStates plays the game Simulate plays for o and keeps the state
// right after the deal and at the start of every turn (then the final
// state).
func simulateStates(t *testing.T, o engine.SimOptions) (*engine.Simulation, []*engine.State) {
	t.Helper()
	cfg, err := engine.NewConfig(o.Players, o.Level)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x7b3a))
	sim := &engine.Simulation{Players: slices.Clone(engine.PlayerNames[:cfg.Players]), Config: cfg, Logs: make([][]string, cfg.Players)}
	deck, removed := engine.RandomDeal(cfg, rng)
	s := engine.NewState(cfg, deck, removed)
	for p := range cfg.Players {
		sim.Logs[p] = engine.SetupLines(cfg, sim.Players, p, s.Hands[p])
	}
	ag := &engine.RandomAgent{Rng: rng, Sim: sim, Plan: map[int]engine.Play{}}
	states := []*engine.State{s.Clone()}
	s.Start(ag)
	for !s.Over() {
		states = append(states, s.Clone())
		s.PlayTurn(ag)
	}
	return sim, append(states, s.Clone())
}

// TestExactSound: over simulated games at every table size and level, from
// two seats of one game a player count (every seat of three games with
// -tbam.long), the true history (every card's place after the deal and at
// the end of every turn) satisfies every observation of the encoding, and
// the SAT engine finds the lines consistent. It fails when a constraint
// claims more than the rules give (try the Butler's card in the rest of
// the deck rather than on top).
func TestExactSound(t *testing.T) {
	games := 0
	for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
		for _, seed := range sweepSeeds(players, 3) {
			o := engine.SimOptions{Players: players, Seed: 100 + seed, Level: engine.Level(seed % 3)}
			sim, states := simulateStates(t, o)
			want, err := engine.Simulate(o)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(want.Logs[0], sim.Logs[0]) {
				t.Fatal("simulateStates does not play Simulate's game")
			}
			games++
			for _, seat := range sweepSeats(players, seed) {
				g := replay(t, sim, seat, 50)
				x, err := g.exactEnc()
				if err != nil {
					t.Fatal(err)
				}
				segs := g.segments()
				if len(segs) > len(states) {
					t.Fatalf("%d segments, %d states", len(segs), len(states))
				}
				w := trueHistory(x, states)
				// The observations in force: the earlier versions of the
				// open turn's are out of force.
				active := x.ActiveIDs()
				bad, deal := x.Prob.Subset(active).Check(w)
				if !deal || len(bad) > 0 {
					for _, j := range bad {
						i := active[j]
						t.Errorf("%d players seed %d seat %d: the true history violates the observation of line %d (%q)",
							players, o.Seed, seat, x.ObsLine[i], g.lines[max(0, x.ObsLine[i]-1)])
					}
					t.Fatalf("deal %v; %d violated", deal, len(bad))
				}
			}
		}
	}
	if games == 0 {
		t.Fatal("no games")
	}
}

// momentState is the real state at the moment the sheet describes after
// the seat's next line: once the moves that line stands for are made (a
// swap's, the Gossip's, the Invalid's, another player's Nun or Driver
// pick: the public counts have them at the play's line), before the next
// line the seat sees that moves a card (a draw, a play, a discard, a
// reveal, the Swain's choice of who takes, the seat's Driver pick). k
// counts the events the seat has seen so far, and is moved past the
// line's event. states are statesAt's.
func momentState(sim *engine.Simulation, states []*engine.State, seat int, k *int) *engine.State {
	for *k < len(sim.Events) {
		if _, ok := sim.Events[*k].View(seat); ok {
			break
		}
		*k++
	}
	j := *k + 1
	for ; j < len(sim.Events); j++ {
		e, ok := sim.Events[j].View(seat)
		if !ok {
			continue
		}
		if k := e.Kind; k == engine.EvDraw || k == engine.EvPlay || k == engine.EvDiscard || k == engine.EvReveal || k == engine.EvTake || k == engine.EvChosen {
			break
		}
	}
	*k++
	return states[min(j, len(states))-1]
}

// owesLine reports whether line i of a seat's log is followed by a give
// of the same exchange (the Gossip's, a swap's, the Invalid's, the
// Swain's take): the seat's own gives and the cards it receives are told
// by those lines, so until they come the seat's hand as the sheet shows it
// is the hand before the exchange, while the moves are counted at the
// play's line. Such lines are not checked against the moment after the
// moves.
func owesLine(log []string, i int) bool {
	return i+1 < len(log) && strings.Contains(log[i+1], " gives ")
}

// TestExactMarksHold replays seats' logs of simulated games (one seat of
// each, two with -tbam.long) and checks,
// after every line, that every cell the SAT layer settles (✓ or ✗) is
// true of the game's real state when the line's event happened.
func TestExactMarksHold(t *testing.T) {
	settled := 0
	for _, o := range []engine.SimOptions{{Players: 3, Seed: 1}, {Players: 4, Seed: 2, Level: engine.Master}, {Players: 6, Seed: 3, Level: engine.Veteran}} {
		sim, err := engine.Simulate(o)
		if err != nil {
			t.Fatal(err)
		}
		states := statesAt(t, o)
		seats := []int{int(o.Seed) % 2} // both with -tbam.long
		if *tbamLong {
			seats = []int{0, 1}
		}
		for _, seat := range seats {
			g := NewGame()
			g.Particles = 50
			k := 0 // events seen by the seat
			for i, line := range sim.Logs[seat] {
				if err := g.Apply(line); err != nil {
					t.Fatalf("%+v seat %d line %d %q: %v", o, seat, i+1, line, err)
				}
				if g.cfg == nil || i < len(engine.SetupLines(g.cfg, sim.Players, seat, nil)) {
					continue
				}
				s := momentState(sim, states, seat, &k)
				if owesLine(sim.Logs[seat], i) {
					continue
				}
				for _, c := range g.cfg.Cards {
					for l := range g.locations() {
						m := g.satMark(c, l)
						if m != table.Maybe {
							settled++
						}
						if (m == table.Yes && locOf(s, c) != l) || (m == table.No && locOf(s, c) == l) {
							t.Fatalf("%+v seat %d line %d %q: %v at %s marked %v, truly at %s",
								o, seat, i+1, line, c, g.locName(l), m, g.locName(locOf(s, c)))
						}
					}
				}
			}
		}
	}
	if settled == 0 {
		t.Fatal("the SAT layer settled no cell")
	}
}

// TestExactDealMurderer: where the deal leaves one card of the top part in
// the deck (the deck's top card), deals that leave the Murderer there
// satisfy the deal's observation (and a deal is found at every such set-up
// played). It fails if the observation puts the Murderer anywhere but on
// top of the deck.
func TestExactDealMurderer(t *testing.T) {
	found := 0
	for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
		for _, level := range []engine.Level{engine.Novice, engine.Veteran, engine.Master} {
			cfg, err := engine.NewConfig(players, level)
			if err != nil || cfg.TopSize()-2*players != 1 {
				continue
			}
			for seed := range uint64(400) {
				o := engine.SimOptions{Players: players, Level: level, Seed: seed}
				sim, states := simulateStates(t, o)
				if len(states[0].Deck) == 0 || states[0].Deck[0] != engine.Murderer {
					continue
				}
				g := NewGame()
				for _, line := range engine.SetupLines(cfg, sim.Players, 0, states[0].Hands[0]) {
					if err := g.Apply(line); err != nil {
						t.Fatal(err)
					}
				}
				x, err := g.exactEnc()
				if err != nil {
					t.Fatal(err)
				}
				w := make(solver.World, x.Model.NumCards())
				for _, c := range x.Cards {
					w[x.Card(c, 0)] = certain.TruePlace(x, states[0], c)
				}
				if bad, _ := x.Prob.Subset(x.DealIDs).Check(w); len(bad) > 0 {
					t.Fatalf("%d players %v seed %d: the deal with the Murderer on top of the deck violates the deal's observation", players, level, seed)
				}
				found++
				break
			}
		}
	}
	if found == 0 {
		t.Fatal("no set-up leaves one card of the top part in the deck, or no deal put the Murderer there")
	}
}

// TestQuickCheck: a line's consistency check finds its world without the
// engine on most lines of simulated games (the last world kept, the open
// turn's end matched; see quick), and what it finds is a world of the
// observations in force by the solver's plain checker. A world with one
// card moved at the open turn's end, where the lines put it elsewhere,
// is refused by the same checker (the check cannot pass a wrong world).
func TestQuickCheck(t *testing.T) {
	lines, quick, refused := 0, 0, 0
	worlds := 0
	for _, o := range []engine.SimOptions{{Players: 8, Seed: 1}, {Players: 5, Seed: 2}, {Players: 3, Seed: 3, Level: engine.Master}} {
		sim, err := engine.Simulate(o)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame()
		for i, line := range sim.Logs[0] {
			if err := g.Apply(line); err != nil {
				t.Fatalf("%v line %d %q: %v", o, i, line, err)
			}
			if g.cfg == nil {
				continue
			}
			x, err := g.exactEnc()
			if err != nil {
				t.Fatal(err)
			}
			ids := x.ActiveIDs()
			w := x.Quick(ids)
			if w == nil {
				continue
			}
			worlds++
			if bad, deal := x.Prob.Subset(ids).Check(w); !deal || bad != nil {
				t.Fatalf("%v line %d: quick's world violates observations %v", o, i, bad)
			}
			// The seat's hand is known at every time point: a card of
			// it moved to the removed cards is a wrong world.
			if mine := g.myHand(); len(mine) > 0 {
				v := slices.Clone(w)
				v[x.Card(mine[0], x.Now)] = solver.Holder(x.Removed())
				if bad, deal := x.Prob.Subset(ids).Check(v); deal && bad == nil {
					t.Fatalf("%v line %d: a world with the %v removed passes the check", o, i, mine[0])
				}
				refused++
			}
		}
		lines += g.enc.Checked
		quick += g.enc.Quicked
	}
	if quick*2 < lines || refused == 0 || worlds == 0 {
		t.Fatalf("quick found a world on %d of %d lines (%d wrong worlds refused)", quick, lines, refused)
	}
	t.Logf("quick found a world on %d of %d lines", quick, lines)
}

// trueHistory is the world of the encoding that the true states give:
// every card's place after the deal and at the end of every segment up
// to the open one's (the final state), the idle time points in hand 0.
func trueHistory(x *certain.Encoding, states []*engine.State) solver.World {
	w := make(solver.World, x.Model.NumCards())
	for tm := range x.Now + 1 {
		st := states[len(states)-1]
		if tm < x.Now {
			st = states[tm]
		}
		for _, c := range x.Cards {
			w[x.Card(c, tm)] = certain.TruePlace(x, st, c)
		}
	}
	return w
}

// lineIDs are the observations in force of line n.
func lineIDs(x *certain.Encoding, n int) []int {
	var out []int
	for _, id := range x.ActiveIDs() {
		if x.ObsLine[id] == n {
			out = append(out, id)
		}
	}
	return out
}

// TestExactImposterDraws: the Imposter played means no card above it in
// its player's hand at the play, the cards drawn before it included, so
// none at the turn's end. Over simulated games at every table size, every
// turn that plays the Imposter: the play line's observations say so of
// the turn's end (a NotHolds of every card above the Imposter there) and
// the true history satisfies them; the deliberately wrong rule "nor a
// card below it" is broken by the true history at some such turn.
func TestExactImposterDraws(t *testing.T) {
	plays, wrong := 0, 0
	for seed := uint64(0); seed < 60 && (plays < 5 || wrong == 0); seed++ {
		o := engine.SimOptions{Players: engine.MinPlayers + int(seed)%(engine.MaxPlayers-engine.MinPlayers+1), Seed: 300 + seed, Level: engine.Level(seed % 3)}
		sim, states := simulateStates(t, o)
		g := replay(t, sim, int(seed)%o.Players, 50)
		x, err := g.exactEnc()
		if err != nil {
			t.Fatal(err)
		}
		w := trueHistory(x, states)
		for k, s := range g.segments() {
			var line int
			var pl engine.Event
			for _, tr := range s.Evs {
				if tr.Ev.Kind == engine.EvPlay {
					line, pl = tr.Line, tr.Ev
					break
				}
			}
			if pl.Card != engine.Imposter || k+1 > x.Now {
				continue
			}
			plays++
			ids := lineIDs(x, line)
			if bad, deal := x.Prob.Subset(ids).Check(w); !deal || bad != nil {
				t.Fatalf("%+v line %d: the true history breaks the Imposter's play", o, line)
			}
			says := map[solver.Card]bool{}
			for _, id := range ids {
				for _, kc := range x.Prob.Observations()[id].Constraints {
					if len(kc.Terms) == 1 && kc.Bound == 0 && kc.Op == solver.Eq && kc.Terms[0].Lit.Holder == solver.Holder(pl.P) {
						says[kc.Terms[0].Lit.Card] = true
					}
				}
			}
			var below []solver.Constraint
			for _, c := range x.Cards {
				if c > engine.Imposter && !says[x.Card(c, k+1)] {
					t.Fatalf("%+v line %d: nothing says the %v is not in the hand at the turn's end", o, line, c)
				}
				if c < engine.Imposter {
					below = append(below, solver.NotHolds(x.Card(c, k+1), solver.Holder(pl.P)))
				}
			}
			q := solver.NewProblem(x.Model)
			if _, err := q.Add(solver.Observation{Constraints: below}); err != nil {
				t.Fatal(err)
			}
			if bad, _ := q.Check(w); bad != nil {
				wrong++
			}
		}
	}
	if plays == 0 || wrong == 0 {
		t.Fatalf("%d Imposter plays, %d where the wrong rule fails", plays, wrong)
	}
	t.Logf("%d Imposter plays, the wrong rule broken at %d", plays, wrong)
}

// TestExactMoveOrder: a turn's moves are composed in order, so a card
// moves once in one step. Alice gave the Doctor to bob (her Socialite);
// bob's hand then has it and the card dave passed him (his Invalid); carol
// plays the Gossip: bob passes one of his two cards to carol, carol one to
// dave, dave one to alice, alice hers to bob, all at once. The Doctor is
// with bob or carol, never with dave: the Gossip moves it one hand at
// most. With the moves closed under paths (bob to carol, then carol to
// dave) it could be with dave, and the ✗ would be an estimate.
func TestExactMoveOrder(t *testing.T) {
	log := []string{
		"players alice bob carol dave",
		"seat alice",
		"hand socialite doctor",
		"alice plays socialite bob",
		"alice gives doctor to bob",
		"bob gives maid to alice",
		"bob plays invalid dave",
		"carol plays gossip",
		"alice gives maid to bob",
		"dave gives butler to alice",
		"dave draws",
	}
	tests := []struct {
		why   string
		lines int // lines applied
	}{
		{"the Gossip's turn open, its lines seen", len(log) - 1},
		{"the Gossip's turn closed (dave draws)", len(log)},
	}
	for _, tt := range tests {
		g := NewGame()
		for i, line := range log[:tt.lines] {
			if err := g.Apply(line); err != nil {
				t.Fatalf("%s: line %d %q: %v", tt.why, i, line, err)
			}
		}
		n := len(g.p.Players)
		want := map[int]table.Mark{0: table.No, 3: table.No, n + engine.LocDeck: table.No, n + engine.LocPile: table.No}
		for l, m := range want {
			if got := g.mark(engine.Doctor, l); got != m {
				t.Errorf("%s: the Doctor at %s: %v, want %v", tt.why, g.locName(l), got, m)
			}
		}
		for _, l := range []int{1, 2} {
			if got := g.mark(engine.Doctor, l); got != table.Maybe {
				t.Errorf("%s: the Doctor at %s: %v, want open", tt.why, g.locName(l), got)
			}
		}
	}
}

// TestExactDeckOrder: what the lines tell of the deck's order (the deal's
// parts, the seat's Nun's and Seer's cards, the Butler's, another's Nun's
// card, the seat's Driver's look; exactdeck.go) settles cells that the
// other constraints leave open. Over simulated games at every table size
// and level, two games are replayed side by side from one seat, one
// with the deck's order and one without (deckFactsOff): after every
// line, every cell the first settles and the second does not is checked
// against the game's real state (settledOnlyWith), and some such cells
// must be found (a Nun's card the seat buried among them: under the deck,
// it is not the card the next player draws, until the deck brings it to
// the top). It fails when the deck's order is left out (no cell is
// gained) or claims too much (a gained cell is false).
func TestExactDeckOrder(t *testing.T) {
	gained, buried := 0, 0
	for seed := uint64(0); seed < 40 && (gained < 10 || buried == 0); seed++ {
		o := engine.SimOptions{Players: engine.MinPlayers + int(seed)%(engine.MaxPlayers-engine.MinPlayers+1), Seed: 500 + seed, Level: engine.Level(seed % 3)}
		sim, err := engine.Simulate(o)
		if err != nil {
			t.Fatal(err)
		}
		// The seat: one that buries a card with its Nun, if any.
		seat := int(seed) % o.Players
		for p, lg := range sim.Logs {
			if strings.Contains(strings.Join(lg, "\n"), " buries ") {
				seat = p
			}
		}
		buriedAt := map[engine.Card]int{} // the line index at which the seat buried a card
		for i, line := range sim.Logs[seat] {
			if w := strings.Fields(line); len(w) == 3 && w[1] == "buries" {
				c, _ := engine.ParseCard(w[2])
				buriedAt[c] = i
			}
		}
		settledOnlyWith(t, o, seat, &certain.DeckFactsOff, func(i int, c engine.Card, l int) {
			gained++
			if at, ok := buriedAt[c]; ok && at <= i && l < o.Players {
				buried++
			}
		})
	}
	if gained == 0 || buried == 0 {
		t.Fatalf("%d cells settled by the deck's order alone, %d of them a card the seat buried, at a hand", gained, buried)
	}
	t.Logf("%d cells settled by the deck's order alone, %d of them a card the seat buried, at a hand", gained, buried)
}

// settledOnlyWith replays seat's log of the simulated game o twice side by
// side, with the constraints that *off leaves out and without them (*off
// set while the second game applies a line or marks a cell; false again
// at the end): after every line, every cell the first settles (✓ or ✗)
// and the second leaves open is checked against the game's real state,
// then passed to gain (i the line's index in the log, c the card, l the
// place).
func settledOnlyWith(t *testing.T, o engine.SimOptions, seat int, off *bool, gain func(i int, c engine.Card, l int)) {
	t.Helper()
	defer func() { *off = false }()
	sim, err := engine.Simulate(o)
	if err != nil {
		t.Fatal(err)
	}
	states := statesAt(t, o)
	with, without := NewGame(), NewGame()
	with.Particles, without.Particles = 20, 20
	k := 0
	for i, line := range sim.Logs[seat] {
		*off = false
		if err := with.Apply(line); err != nil {
			t.Fatalf("%+v line %d %q: %v", o, i+1, line, err)
		}
		*off = true
		if err := without.Apply(line); err != nil {
			t.Fatalf("%+v line %d %q (without): %v", o, i+1, line, err)
		}
		if with.cfg == nil || i < len(engine.SetupLines(with.cfg, sim.Players, seat, nil)) {
			continue
		}
		s := momentState(sim, states, seat, &k)
		if owesLine(sim.Logs[seat], i) {
			continue
		}
		for _, c := range with.cfg.Cards {
			for l := range with.locations() {
				*off = false
				m := with.satMark(c, l)
				*off = true
				if m == table.Maybe || without.satMark(c, l) != table.Maybe {
					continue
				}
				if (m == table.Yes) != (locOf(s, c) == l) {
					t.Fatalf("%+v seat %d line %d %q: %v at %s marked %v with the constraints, truly at %s",
						o, seat, i+1, line, c, with.locName(l), m, with.locName(locOf(s, c)))
				}
				gain(i, c, l)
			}
		}
	}
}

// TestDeckSlots checks the deck's slots (exactdeck.go) against the true
// deck of simulated games at every time point: each slot allows the card
// truly there (the deal's parts, the known cards), and the card of
// another's Nun was at one of the slot's places when it was buried; in
// another player's turn, every card that truly went from the deck to that
// player's hand is one its takes may have taken (from the Nun's player's
// hand, when only a Nun's card may be it). The games are played at 5 to 8
// players (where the Nun and the Seer are), from a seat that buries a
// card or moves one with the Seer when one does. It fails when a slot is
// moved wrong (try the Seer's keep moving the bottom card too) or a take
// is read from the wrong slot (try a draw's after the deck moved up).
func TestDeckSlots(t *testing.T) {
	checked, known, from, taken := 0, 0, 0, 0
	for seed := range uint64(60) {
		o := engine.SimOptions{Players: 5 + int(seed)%4, Seed: 700 + seed, Level: engine.Level(seed % 3)}
		sim, states := simulateStates(t, o)
		seat := int(seed) % o.Players
		for p, lg := range sim.Logs {
			all := strings.Join(lg, "\n")
			if strings.Contains(all, " buries ") || (strings.Contains(all, " sees ") && strings.Contains(all, " seer keep")) {
				seat = p
			}
		}
		g := replay(t, sim, seat, 0)
		x, err := g.exactEnc()
		if err != nil {
			t.Fatal(err)
		}
		segs := g.segments()
		for k := range segs {
			if k+1 >= len(states) {
				break
			}
			st := states[k+1]
			slots, _, turn := x.DeckSlots(segs, k)
			for _, c := range x.Cards {
				if turn == nil || int(certain.TruePlace(x, states[k+1], c)) != turn.Player ||
					!slices.Contains([]int{x.Top(), x.Rest()}, int(certain.TruePlace(x, states[k], c))) {
					continue
				}
				taken++
				plain, froms := turn.MayTake(c)
				if !plain && !slices.ContainsFunc(froms, func(f certain.Slot) bool { return f.From&(1<<certain.TruePlace(x, states[f.T], c)) != 0 }) {
					t.Fatalf("%+v seat %d, turn %d: %v went from the deck to %s, which its takes %+v do not allow",
						o, seat, k, c, sim.Players[turn.Player], turn.Takes)
				}
			}
			if len(slots) != len(st.Deck) {
				t.Fatalf("%+v seat %d, time point %d: %d slots, %d cards in the deck", o, seat, k+1, len(slots), len(st.Deck))
			}
			for i, s := range slots {
				c := st.Deck[i]
				checked++
				if !s.Allows(c) {
					t.Fatalf("%+v seat %d, time point %d: slot %d (%+v) does not allow the %v there", o, seat, k+1, i, s, c)
				}
				switch s.Kind {
				case certain.SlotCard:
					known++
				case certain.SlotFrom:
					from++
					if at := certain.TruePlace(x, states[s.T], c); s.From&(1<<at) == 0 {
						t.Fatalf("%+v seat %d, time point %d: the %v at slot %d was at place %d at time point %d, not one of %b",
							o, seat, k+1, c, i, at, s.T, s.From)
					}
				}
			}
		}
	}
	if known == 0 || from == 0 || taken == 0 {
		t.Fatalf("%d slots checked, %d known cards, %d cards of another's Nun, %d cards taken from the deck: all should be some",
			checked, known, from, taken)
	}
	t.Logf("%d slots checked, %d known cards, %d cards of another's Nun, %d cards taken from the deck", checked, known, from, taken)
}
