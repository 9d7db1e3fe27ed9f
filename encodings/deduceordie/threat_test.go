package deduceordie

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// opponentView is, independently of Threats, the game opponent o sees
// whatever the world: the log's lines without the seat, the seat's hand,
// the Evidence, other players' hands and the ranges of the Secret
// Interrogations o took no part in.
func opponentView(t *testing.T, lines []string, players []string, o int) *Game {
	t.Helper()
	v := NewGame()
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "seat", "hand", "evidence":
			continue
		case "secret":
			if len(f) > 3 && f[1] != players[o] && f[2] != players[o] {
				l = strings.Join(f[:3], " ")
			}
		}
		if err := v.Apply(l); err != nil {
			t.Fatalf("opponent view, %q: %v", l, err)
		}
	}
	return v
}

// bruteOpen counts the distinct winning accusations (Evidence pair and
// accused) open to o when o's view is v and o holds the hand o holds in w:
// from the exact joint count of the Evidence and the holder of o's target
// card over every world of that view (the counting engine, not the SAT
// engine that Threats uses).
func bruteOpen(t *testing.T, v *Game, o int, w solver.World, exposed Card) int {
	t.Helper()
	p := v.Problem().Clone()
	var hand []Card
	var cons []solver.Constraint
	for c, h := range w {
		if int(h) == o {
			hand = append(hand, Card(c))
			cons = append(cons, solver.Holds(Card(c), h))
		}
	}
	if _, err := p.Add(solver.Observation{Label: "hand", Constraints: cons}); err != nil {
		t.Fatal(err)
	}
	jc, err := solver.NewCounter(p).ContentsAndHolder(context.Background(), v.evidenceH(), targetPick(exposed, hand))
	if err != nil {
		t.Fatal(err)
	}
	sols := map[string]bool{}
	for _, x := range jc {
		if x.Count.Sign() > 0 {
			sols[CardName(x.Cards[0])+CardName(x.Cards[1])+string(rune('0'+x.Holder))] = true
		}
	}
	if len(sols) == 0 {
		t.Fatal("the opponent's view has no world")
	}
	return len(sols)
}

// threatPosition is a late position of a seeded deal from seat 0: the
// setup lines of a simulated game, then public questions (and three Secret
// Interrogations: the seat's of the second player, one between the second
// and third players, whose range the seat never learns, and the third
// player's of the seat) with true answers, until the seat's view admits at
// most maxWorlds worlds.
func threatPosition(t *testing.T, players int, seed uint64, maxWorlds int64) (*Game, *Simulation, []string) {
	t.Helper()
	ctx := context.Background()
	sim, err := Simulate(SimOptions{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame()
	var applied []string
	apply := func(l string) {
		if err := g.Apply(l); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		applied = append(applied, l)
	}
	for _, l := range sim.Logs[0][1:] {
		if f := strings.Fields(l); f[0] == "players" || f[0] == "seat" || f[0] == "hand" || f[0] == "exposed" || f[0] == "reveal" {
			apply(l)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	for i := 0; ; i++ {
		a := rng.IntN(players)
		b := (a + 1 + rng.IntN(players-1)) % players
		switch i {
		case 3:
			a, b = 0, 1
		case 5:
			a, b = 2, 0
		}
		s := Suit(rng.IntN(3))
		r := Range{MakeCard(1+rng.IntN(9), s), MakeCard(1+rng.IntN(9), s), Span}
		if r.Low == r.High {
			continue
		}
		k := 0
		for _, c := range r.Cards() {
			if int(sim.Deal[c]) == b {
				k++
			}
		}
		switch {
		case i == 3:
			apply(fmt.Sprintf("secret %s %s %s = %d", sim.Players[0], sim.Players[1], r, k))
		case i == 4:
			apply(fmt.Sprintf("secret %s %s", sim.Players[1], sim.Players[2]))
		case i == 5:
			apply(fmt.Sprintf("secret %s %s %s = %d", sim.Players[2], sim.Players[0], r, k))
		default:
			apply(fmt.Sprintf("ask %s %s %s = %d", sim.Players[a], sim.Players[b], r, k))
		}
		n, err := g.cnt.Counter(g.prob).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n.Cmp(big.NewInt(maxWorlds)) <= 0 {
			return g, sim, applied
		}
	}
}

// TestThreatsBrute checks the exact threat figures of late positions
// against an independent computation: every world of the seat's view is
// enumerated, and in each the opponent's view is rebuilt from the log's
// lines and its winning accusations counted exactly.
func TestThreatsBrute(t *testing.T) {
	ctx := context.Background()
	certain, uncertain := 0, 0
	for _, tc := range []struct {
		players int
		seed    uint64
	}{{3, 1}, {3, 2}, {4, 3}, {4, 4}, {5, 5}, {6, 6}} {
		g, sim, applied := threatPosition(t, tc.players, tc.seed, 40)
		const limit = 4
		figs, err := g.Threats(ctx, ThreatOptions{Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		want := make([][]*big.Rat, len(figs))
		views := make([]*Game, len(figs))
		for i, f := range figs {
			views[i] = opponentView(t, applied, sim.Players, f.Opponent)
		}
		// The lines each opponent knows whatever the world are those of
		// the independent view: a Secret Interrogation's range only to
		// its two participants.
		v := g.views(g.exposed)
		secrets := 0
		for i, f := range figs {
			got := labels(v.Known(f.Opponent))
			want := labels(views[i].Problem())
			if !slices.Equal(got, want) {
				t.Errorf("%d players seed %d, %s knows the lines\n%s\nnot\n%s", tc.players, tc.seed, sim.Players[f.Opponent], strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			for _, l := range want {
				if strings.HasPrefix(l, "secret") {
					secrets++
				}
			}
		}
		if secrets < 2 {
			t.Errorf("%d players seed %d: the opponents know %d Secret Interrogations; the test needs one asked of an opponent and one an opponent asked", tc.players, tc.seed, secrets)
		}
		worlds := 0
		for w := range solver.NewSAT(g.prob).Worlds(ctx) {
			worlds++
			for i, f := range figs {
				k := bruteOpen(t, views[i], f.Opponent, w, g.exposed)
				if want[i] == nil {
					want[i] = threat.Unit(k, limit)
				} else {
					for j, x := range threat.Unit(k, limit) {
						want[i][j].Add(want[i][j], x)
					}
				}
			}
		}
		for i, f := range figs {
			if !f.Exact || f.Samples != worlds {
				t.Fatalf("%d players seed %d: figure not exact (%d of %d worlds)", tc.players, tc.seed, f.Samples, worlds)
			}
			for j := range want[i] {
				want[i][j].Quo(want[i][j], big.NewRat(int64(worlds), 1))
				if f.Open[j].Cmp(want[i][j]) != 0 {
					t.Errorf("%d players seed %d, %s: P(%d open) = %s, brute force %s", tc.players, tc.seed, sim.Players[f.Opponent], j+1, f.Open[j].RatString(), want[i][j].RatString())
				}
			}
			if f.Certain.Sign() > 0 {
				certain++
			}
			if f.Certain.Cmp(big.NewRat(1, 1)) < 0 {
				uncertain++
			}
		}
	}
	if certain == 0 || uncertain == 0 {
		t.Errorf("the positions test only one side: %d opponents may be certain, %d may not", certain, uncertain)
	}
}

// labels are the labels of p's observations (a game's lines), sorted.
func labels(p *solver.Problem) []string {
	var out []string
	for _, o := range p.Observations() {
		out = append(out, o.Label)
	}
	slices.Sort(out)
	return out
}

// bruteBest is opponent o's best accusation when o's view is v and o holds
// the hand o holds in w, by listing every world of that view (the SAT
// engine's worlds, not the counting engine Threats uses): the most
// frequent Evidence pair and accused player among the worlds where some
// accusation with the pair can win, its share of all the worlds, and the
// share of o's equally frequent best accusations that win in w.
func bruteBest(t *testing.T, v *Game, o int, w solver.World, exposed Card) (best, right *big.Rat) {
	t.Helper()
	p := v.Problem().Clone()
	var cons []solver.Constraint
	for c, h := range w {
		if int(h) == o {
			cons = append(cons, solver.Holds(Card(c), h))
		}
	}
	if _, err := p.Add(solver.Observation{Label: "hand", Constraints: cons}); err != nil {
		t.Fatal(err)
	}
	ev := v.evidenceH()
	key := func(x solver.World) (string, bool) {
		var pair []Card
		for c, h := range x {
			if h == ev {
				pair = append(pair, Card(c))
			}
		}
		tc, ok := TargetCard(pair[0], pair[1], exposed, func(c Card) bool { return int(x[c]) == o })
		if !ok {
			return "", false
		}
		return fmt.Sprint(pair[0], pair[1], x[tc]), true
	}
	count := map[string]int{}
	n, top := 0, 0
	for x := range solver.NewSAT(p).Worlds(context.Background()) {
		n++
		if k, ok := key(x); ok {
			count[k]++
			top = max(top, count[k])
		}
	}
	if n == 0 {
		t.Fatal("the opponent's view has no world")
	}
	tied, wins := 0, 0
	wk, wok := key(w)
	for k, m := range count {
		if m == top {
			tied++
			if wok && k == wk {
				wins++
			}
		}
	}
	if tied == 0 {
		return new(big.Rat), new(big.Rat)
	}
	return big.NewRat(int64(top), int64(n)), big.NewRat(int64(wins), int64(tied))
}

// TestAccuseAtBrute checks the opponent model of threat.Options.AccuseAt
// on late positions against an independent computation: in every world of
// the seat's view each opponent's view is rebuilt from the log's lines and
// listed world by world, and the opponent accuses its likeliest winning
// accusation (ties weighed equally) when it is at least 1/4, 1/2 or 1
// likely. Why: the accuse-or-wait rule weighs these figures.
func TestAccuseAtBrute(t *testing.T) {
	ctx := context.Background()
	below := 0
	for _, tc := range []struct {
		players int
		seed    uint64
	}{{3, 1}, {4, 3}} {
		g, sim, applied := threatPosition(t, tc.players, tc.seed, 40)
		// Each opponent's best accusation in each world, listed once.
		type bestOf struct{ best, right *big.Rat }
		brute := map[int][]bestOf{}
		for o := range tc.players {
			if o == g.seat {
				continue
			}
			v := opponentView(t, applied, sim.Players, o)
			for w := range solver.NewSAT(g.prob).Worlds(ctx) {
				b, r := bruteBest(t, v, o, w, g.exposed)
				brute[o] = append(brute[o], bestOf{b, r})
			}
		}
		for _, at := range []float64{0.25, 0.5, 1} {
			figs, err := g.Threats(ctx, ThreatOptions{Limit: 2, AccuseAt: at})
			if err != nil {
				t.Fatal(err)
			}
			rat := new(big.Rat).SetFloat64(at)
			for _, f := range figs {
				accuses, right := new(big.Rat), new(big.Rat)
				worlds := brute[f.Opponent]
				for _, b := range worlds {
					if b.best.Cmp(rat) >= 0 {
						accuses.Add(accuses, big.NewRat(1, 1))
						right.Add(right, b.right)
					}
				}
				accuses.Quo(accuses, big.NewRat(int64(len(worlds)), 1))
				right.Quo(right, big.NewRat(int64(len(worlds)), 1))
				if !f.Exact || f.Accuses.Cmp(accuses) != 0 || f.Right.Cmp(right) != 0 {
					t.Errorf("%d players seed %d at %g, %s: accuses %s, right %s (exact %v); brute force %s, %s", tc.players, tc.seed, at, sim.Players[f.Opponent],
						f.Accuses.RatString(), f.Right.RatString(), f.Exact, accuses.RatString(), right.RatString())
				}
				if at < 1 && f.Right.Cmp(f.Certain) > 0 {
					below++
				}
			}
		}
	}
	if below == 0 {
		t.Error("no opponent is ever right below certainty: the test is too weak")
	}
}
