package theresbeenamurder

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// table4 is a four-player set-up seen from me: kim plays first, then lou,
// me and ola.
const table4 = "players kim lou me ola\nseat me\n"

// applyAll applies lines one by one and fails on the first refused.
func applyAll(t *testing.T, g *Game, lines string) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSpace(lines), "\n") {
		if err := g.Apply(strings.TrimSpace(l)); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
}

// TestImpossibleLines: every line that cannot happen is refused, with the
// column of the word that is wrong and the reason, and the game is left
// unchanged; the lines beside them that can happen are accepted.
func TestImpossibleLines(t *testing.T) {
	tests := []struct {
		why    string
		before string // lines after the players and seat
		line   string
		col    int    // the refusal's column; 0 for a line that is accepted
		msg    string // a part of the reason
	}{
		{"the Murderer played beside another card", "hand maid cad", "kim plays murderer", 11, "only when it is the only card"},
		{"a draw with two cards in hand", "hand maid cad", "kim draws", 5, "fewer than two"},
		{"a Confidant's reveal with no card passed", "hand maid cad", "kim reveals murderer confidant", 5, "no card is passed to kim"},
		{"a Witness's reveal with no card passed", "hand maid cad", "kim reveals murderer witness", 5, "no card is passed to kim"},
		{"a Socialite with no target while a card is left", "hand maid cad", "kim plays socialite", 20, "names the player to swap with"},
		{"a Socialite with a target", "hand maid cad", "kim plays socialite lou", 0, ""},
		{"out of turn: lou plays first", "hand maid cad", "lou plays doctor none", 1, "kim's turn"},
		{"out of turn: a draw before kim's play", "hand maid cad\nkim plays butler driver", "ola draws", 1, "lou's turn"},
		{"a second play in one turn", "hand maid cad\nkim plays butler driver", "kim plays gossip", 1, "has played"},
		{"a draw after the play (no Swain)", "hand maid cad\nkim plays butler driver", "kim draws", 1, "has played"},
		{"a Swain's second draw", "hand maid cad\nkim plays swain lou\nkim draws", "kim draws", 5, "only the Swain draws after its play, once"},
		{"the Swain's take before its draw", "hand maid cad\nkim plays swain me", "kim gives doctor to me", 5, "the Swain draws first"},
		{"the Swain's draw, then its take", "hand maid cad\nkim plays swain me\nkim draws", "kim gives doctor to me", 0, ""},
		{"the Swain's choice, after its draw", "hand maid cad\nkim plays swain\nkim draws", "me takes from kim", 0, ""},
		{"the Swain's take naming the player chosen", "hand maid cad\nkim plays swain\nkim draws", "kim gives doctor to me", 0, ""},
		{"the Swain's choice before its draw", "hand maid cad\nkim plays swain", "me takes from kim", 4, "the Swain draws first"},
		{"the Swain's take before its draw and choice", "hand maid cad\nkim plays swain", "kim gives doctor to me", 5, "the Swain draws first"},
		{"a Swain's second choice", "hand maid cad\nkim plays swain\nkim draws\nlou takes from kim", "ola takes from kim", 5, "has chosen already"},
		{"a Swain's choice after the shorthand named another", "hand maid cad\nkim plays swain lou\nkim draws", "ola takes from kim", 1, "named lou"},
		{"the choice the shorthand named, written again", "hand maid cad\nkim plays swain lou\nkim draws", "lou takes from kim", 0, ""},
		{"a Swain's choice with no Swain", "hand maid cad\nkim plays butler doctor", "lou takes from kim", 1, "no Swain of kim's"},
		{"a Swain's choice of its own player", "hand maid cad\nkim plays swain\nkim draws", "kim takes from kim", 16, "another player"},
		{"a draw after the Swain's choice", "hand maid cad\nkim plays swain\nkim draws\nlou takes from kim", "kim draws", 5, "only the Swain draws after its play, once"},
		{"the Swain's take to another than the player chosen", "hand maid cad\nkim plays swain\nkim draws\nlou takes from kim", "kim gives doctor to me", 1, "no card passes from kim to me"},
		{"the next turn with the Swain's choice missing", "hand maid cad\nkim plays swain\nkim draws", "lou plays gossip", 1, "kim's Swain chooses"},
		{"a reveal by the Swain's taker before the choice", "hand maid cad\nkim plays swain\nkim draws", "lou reveals murderer confidant", 5, "no card is passed to lou"},
		{"the next turn without a draw below two cards", "hand maid cad\nkim plays butler driver", "lou plays doctor butler", 0, ""},
		{"a play below two cards without a draw (novice: no Aristocrat)", "hand maid cad\nkim plays butler driver\nlou plays doctor butler\nme plays cad lou ola\nola plays swain lou\nola draws", "kim plays secretary none", 5, "draws to two"},
		{"a play after one draw below two cards", "hand maid cad\nkim plays swain lou\nkim draws\nlou plays invalid kim\nme plays maid\nlou shows witness to me\nola shows butler to me\nola plays butler doctor\nkim draws", "kim plays secretary none", 5, "draws until holding two"},
		{"the next turn with the seat's pass missing", "hand maid doctor\nkim plays cad me lou\nlou gives witness to me", "lou plays butler swain", 1, "your card to lou"},
		{"the next turn with the pass to the seat missing", "hand maid doctor\nkim plays cad me lou\nme gives doctor to lou", "lou plays butler swain", 1, "the card lou passes you"},
		{"the next turn with the Detective's discard missing", "hand maid cad\nkim plays butler detective\nlou plays socialite ola\nme plays maid\nlou shows witness to me\nola shows doctor to me\nola plays invalid kim\nkim draws\nkim draws\nkim plays detective ola", "lou plays witness", 1, "ola's discard"},
		{"the next turn with a show to the seat's Maid missing", "hand maid cad\nkim plays butler doctor\nlou plays secretary none\nme plays maid\nlou shows witness to me", "ola plays gossip", 1, "ola's card shown to me"},
		{"the next turn with the seat's Driver's take missing", "hand driver cad\nkim plays butler doctor\nlou plays secretary none\nme plays driver\nme sees witness gossip doctor", "ola plays gossip", 1, "your Driver's card"},
		{"the next turn with the Swain's draw missing", "hand maid cad\nkim plays swain ola", "lou plays gossip", 1, "kim's Swain draws a card"},
		{"a pass the play does not make", "hand maid doctor\nkim plays cad lou ola", "me gives doctor to lou", 1, "no card passes from me to lou"},
		{"a second pass by one player", "hand maid doctor\nkim plays cad me lou\nme gives doctor to lou", "me gives maid to lou", 4, "passed a card in this play already"},
		{"a pass of a card the seat does not hold", "hand maid doctor\nkim plays cad me lou", "me gives cad to lou", 10, "you do not hold the cad"},
		{"the seat's Murderer passed beside another card", "hand murderer doctor\nkim plays cad me lou", "me gives murderer to lou", 10, "only when it is the only card"},
		{"the seat must pass the Stranger", "hand stranger doctor\nkim plays cad me lou", "me gives doctor to lou", 10, "you may choose stranger"},
		{"a second discard for one Detective", "hand maid cad\nkim plays butler detective\nlou plays socialite ola\nme plays maid\nlou shows witness to me\nola shows doctor to me\nola plays invalid kim\nkim draws\nkim draws\nkim plays detective ola\nola discards doctor", "ola discards murderer", 5, "discarded for this Detective already"},
		{"a discard by a player with no card", "hand maid cad\nkim plays butler detective\nlou plays socialite ola\nme plays maid\nlou shows witness to me\nola shows doctor to me\nola plays invalid lou\nkim draws\nkim plays detective lou", "lou discards gossip", 5, "holds no card"},
		{"a discard of the Murderer beside another card", "hand maid cad\nkim plays butler detective\nlou plays socialite ola\nme plays maid\nlou shows witness to me\nola shows doctor to me\nola plays invalid kim\nkim draws\nkim draws\nkim plays detective ola", "ola discards murderer", 14, "only when it is the only card"},
		{"a second show for one Maid", "hand maid cad\nkim plays butler doctor\nlou plays driver\nme plays maid\nlou shows witness to me", "lou shows doctor to me", 5, "shown a card for this Maid already"},
		{"a Drunk announced with no card come in", "hand maid cad\nkim plays butler doctor", "lou announces drunk", 5, "no card has come into lou's hand"},
		{"a Drunk announced after a draw", "hand maid cad\nkim plays swain lou\nkim draws", "kim announces drunk", 0, ""},
		{"the seat announces a Drunk it does not hold", "hand maid cad\nkim plays swain me\nkim draws\nkim gives doctor to me", "me announces drunk", 14, "you do not hold the Drunk"},
		{"a Blackmailer's reveal in a game without it", "hand maid cad", "kim reveals detective blackmailer", 23, "not in this game"},
		{"a hand card not in the game, at its word", "", "hand maid blackmailer", 11, "not in this game"},
		{"a hand card not in the game, written out", "", "hand The Maid, The Blackmailer", 20, "not in this game"},
		{"a hand card not in the game, first", "", "hand blackmailer maid", 6, "not in this game"},
		{"a Blackmailer's reveal with no card come in", "level veteran\nhand maid cad\nkim plays butler doctor", "lou reveals detective blackmailer", 5, "no card has come into lou's hand"},
		{"a Blackmailer's reveal at the deal", "players kim me lou ola pat quin rob sam\nseat me\nlevel veteran\nhand maid cad", "sam reveals detective blackmailer", 0, ""},
		{"the Doctor taking nothing from a pile with cards", "hand maid cad\nkim plays butler witness", "lou plays doctor none", 18, "the Doctor takes a card from it"},
		{"the Doctor taking a card not in the pile", "hand maid cad\nkim plays butler doctor", "lou plays doctor witness", 0, "not in the pile"},
		{"the Butler naming nothing with a deck", "hand maid cad", "kim plays butler none", 18, "announces the top card"},
		{"the Reporter showing nothing from a hand with cards", "players kim me lou ola pat quin rob sam\nseat me\nhand maid cad", "kim plays reporter sam none", 24, "holds a card"},
		{"the Reporter showing a card of the seat it does not hold", "players kim me lou ola pat quin rob sam\nseat me\nhand maid cad", "kim plays reporter me witness", 23, "you do not hold the witness"},
		{"the Reporter showing nothing of the seat's empty hand", "players me kim lou ola pat quin rob sam\nseat me\nhand nun murderer\nme plays nun\nme buries murderer", "kim plays reporter me none", 0, ""},
		{"the Hound's raised hand in another seat's log", "players kim me lou ola pat quin rob sam\nseat me\nhand maid cad", "kim plays hound cad lou", 21, "only kim sees who raises a hand"},
		{"another's Hound: the card named only", "players kim me lou ola pat quin rob sam\nseat me\nhand maid cad", "kim plays hound cad", 0, ""},
		{"the seat's Hound naming the seat's card, another's hand raised", "players kim me lou ola pat quin rob sam\nseat me\nhand hound cad\nkim plays butler maid", "me plays hound cad lou", 20, "your hand is raised"},
		{"the seat's Hound naming a card of the pile, a hand raised", "players kim me lou ola pat quin rob sam\nseat me\nhand hound cad\nkim plays butler maid", "me plays hound butler lou", 23, "in the pile"},
		{"the seat's Hound naming itself: no hand raised", "players kim me lou ola pat quin rob sam\nseat me\nhand hound cad\nkim plays butler maid", "me plays hound hound nobody", 0, ""},
		{"the seat's Hound naming itself, the seat's hand raised", "players kim me lou ola pat quin rob sam\nseat me\nhand hound cad\nkim plays butler maid", "me plays hound hound me", 22, "in the pile"},
		{"the seat's Hound naming the seat's card", "players kim me lou ola pat quin rob sam\nseat me\nhand hound cad\nkim plays butler maid", "me plays hound cad me", 0, ""},
		{"the seat's look of the wrong number of cards", "hand driver cad\nkim plays butler doctor\nlou plays secretary none\nme plays driver", "me sees witness gossip", 9, "shows 3 cards"},
		{"the seat's Driver: a take of a card not seen", "hand driver cad\nkim plays butler doctor\nlou plays secretary none\nme plays driver\nme sees witness gossip doctor", "me takes swain", 10, "one of the cards it shows"},
		{"the seat plays the Imposter beside a higher card", "hand imposter cad\nkim plays butler doctor\nlou plays secretary none", "me plays imposter", 10, "you may play cad"},
		{"the seat's Aristocrat: no play but its discard", "level master\nhand aristocrat cad\nkim plays butler doctor\nlou plays secretary none", "me plays cad lou ola", 10, "you hold the Aristocrat"},
		{"the seat's Aristocrat discards every Action card", "level master\nhand aristocrat cad\nkim plays butler doctor\nlou plays secretary none", "me plays aristocrat", 20, "every Action card"},
		{"the seat's Aristocrat discards its Action cards", "level master\nhand aristocrat cad\nkim plays butler doctor\nlou plays secretary none", "me plays aristocrat cad", 0, ""},
	}
	for _, tt := range tests {
		if tt.line == "" {
			continue
		}
		g := NewGame()
		if strings.HasPrefix(tt.before, "players") {
			applyAll(t, g, tt.before)
		} else {
			applyAll(t, g, table4+tt.before)
		}
		before := strings.Join(g.Lines(), "\n")
		err := g.Apply(tt.line)
		if tt.col == 0 && tt.msg == "" {
			if err != nil {
				t.Errorf("%s: %q refused: %v", tt.why, tt.line, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: %q accepted", tt.why, tt.line)
			continue
		}
		if !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %q: %v, want a reason with %q", tt.why, tt.line, err, tt.msg)
		}
		var le *table.LineError
		if tt.col > 0 && (!errors.As(err, &le) || le.Col != tt.col) {
			t.Errorf("%s: %q: %v, want column %d", tt.why, tt.line, err, tt.col)
		}
		if strings.Join(g.Lines(), "\n") != before {
			t.Errorf("%s: the refused line changed the game", tt.why)
		}
	}
}

// TestPassOrders: the passes of a Gossip, a Cad or a Socialite happen
// together, and the seat may write its two lines in either order (with a
// reveal or an announcement they cause before or after the second): every
// order is accepted and gives the tracker and the exact layer the same
// events, in the rules' order.
func TestPassOrders(t *testing.T) {
	tests := []struct {
		why    string
		before string
		lines  []string // the turn's lines after the play, in one order
		after  string   // a line of the next turn
	}{
		{"a Gossip", "hand doctor cad\nkim plays gossip", []string{"me gives doctor to ola", "lou gives witness to me"}, "lou plays butler swain"},
		{"a Cad naming the seat", "hand doctor maid\nkim plays cad me lou", []string{"me gives doctor to lou", "lou gives witness to me"}, "lou plays butler swain"},
		{"a Cad naming the seat second", "hand doctor maid\nkim plays cad ola me", []string{"me gives doctor to ola", "ola gives witness to me"}, "lou plays butler swain"},
		{"a Socialite naming the seat", "hand doctor cad\nkim plays socialite me", []string{"kim gives witness to me", "me gives cad to kim"}, "lou plays butler swain"},
		{"the seat's Socialite", "hand doctor socialite\nkim plays butler maid\nlou plays secretary none\nme plays socialite ola", []string{"me gives doctor to ola", "ola gives witness to me"}, "ola plays cad kim lou"},
	}
	for _, tt := range tests {
		var want []engine.Event
		var wantLines []int
		for _, order := range permutations(tt.lines) {
			g := NewGame()
			applyAll(t, g, table4+tt.before)
			for _, l := range order {
				if err := g.Apply(l); err != nil {
					t.Fatalf("%s: order %q: %q refused: %v", tt.why, order, l, err)
				}
			}
			if err := g.Apply(tt.after); tt.after != "" && err != nil {
				t.Fatalf("%s: order %q: the next turn's %q refused: %v", tt.why, order, tt.after, err)
			}
			var evs []engine.Event
			var lines []int
			for _, x := range g.evs {
				evs = append(evs, x.Ev)
				lines = append(lines, x.Line)
			}
			if want == nil {
				want, wantLines = evs, lines
				continue
			}
			if !slices.EqualFunc(evs, want, engine.Event.Equal) {
				t.Errorf("%s: order %q gives the events %v, another order %v", tt.why, order, evs, want)
			}
			if slices.Equal(lines, wantLines) && !slices.Equal(tt.lines, order) {
				t.Errorf("%s: order %q: the events' lines did not follow the order written", tt.why, order)
			}
			if g.track() == nil {
				t.Errorf("%s: order %q: the tracker stopped", tt.why, order)
			}
		}
	}
}

// permutations are every order of ls.
func permutations(ls []string) [][]string {
	if len(ls) <= 1 {
		return [][]string{slices.Clone(ls)}
	}
	var out [][]string
	for i := range ls {
		rest := append(slices.Clone(ls[:i]), ls[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]string{ls[i]}, p...))
		}
	}
	return out
}

// TestSimulatedLogsAccepted: the lines of simulated games, from every
// seat, at every table size and level, are all accepted (the refusals
// never refuse a line the rules can give).
func TestSimulatedLogsAccepted(t *testing.T) {
	n := 0
	for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
		for _, lvl := range []engine.Level{engine.Novice, engine.Veteran, engine.Master} {
			for seed := range uint64(3) {
				sim, err := engine.Simulate(engine.SimOptions{Players: players, Seed: 40 + seed, Level: lvl})
				if err != nil {
					t.Fatal(err)
				}
				for seat := range players {
					g := NewGame()
					for i, l := range append([]string{}, sim.Logs[seat]...) {
						if err := g.Apply(l); err != nil {
							t.Fatalf("%d players, %v, seed %d, seat %d, line %d %q: %v", players, lvl, 40+seed, seat, i+1, l, err)
						}
						n++
					}
				}
			}
		}
	}
	t.Log(fmt.Sprint(n, " lines accepted"))
}

// TestSwainForms: the Swain's lines as the simulator writes them (the
// play, the draw, "Q takes from P", the card taken), the shorthand with
// the player chosen on the play's line and no "takes from" line, and, in
// the two concerned seats' logs, the card taken with no "takes from"
// line: every form is accepted and gives the tracker and the exact layer
// the same events.
func TestSwainForms(t *testing.T) {
	forms := 0
	for _, o := range []engine.SimOptions{{Players: 4, Seed: 1}, {Players: 7, Seed: 1}, {Players: 3, Seed: 1}, {Players: 5, Seed: 7, Level: engine.Master}} {
		sim, err := engine.Simulate(o)
		if err != nil {
			t.Fatal(err)
		}
		for seat := range sim.Players {
			log := sim.Logs[seat]
			var short, implied []string
			changed := false
			for i, l := range log {
				w := strings.Fields(l)
				if len(w) == 4 && w[1] == "takes" && w[2] == "from" {
					changed = true
					// The shorthand: the player chosen on its play's line.
					for j := len(short) - 1; j >= 0; j-- {
						if strings.HasPrefix(short[j], w[3]+" plays ") {
							short[j] += " " + w[0]
							break
						}
					}
					// The card taken names the player chosen, when the
					// seat sees it.
					if i+1 < len(log) && strings.HasPrefix(log[i+1], w[3]+" gives ") {
						continue
					}
					implied = append(implied, l)
					continue
				}
				short = append(short, l)
				implied = append(implied, l)
			}
			if !changed {
				continue
			}
			ref := NewGame()
			applyAll(t, ref, strings.Join(log, "\n"))
			for _, form := range [][]string{short, implied} {
				g := NewGame()
				applyAll(t, g, strings.Join(form, "\n"))
				if len(g.evs) != len(ref.evs) {
					t.Fatalf("%+v seat %d: %d events, want %d", o, seat, len(g.evs), len(ref.evs))
				}
				for i := range g.evs {
					if !g.evs[i].Ev.Equal(ref.evs[i].Ev) || g.evs[i].NewTurn != ref.evs[i].NewTurn {
						t.Fatalf("%+v seat %d: event %d is %+v, want %+v", o, seat, i, g.evs[i].Ev, ref.evs[i].Ev)
					}
				}
				forms++
			}
		}
	}
	if forms == 0 {
		t.Fatal("no Swain played")
	}
	t.Logf("%d logs written another way", forms)
}
