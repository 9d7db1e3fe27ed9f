package clue

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
	"github.com/stretchr/testify/require"
)

// long runs the long property and calibration runs: go test -long.
var long = flag.Bool("long", false, "run the long simulation and calibration tests")

// replay applies a simulated log line by line, calling check after each
// accepted observation line.
func replay(t *testing.T, lines []string, check func(g *Game, i int)) *Game {
	t.Helper()
	g := NewGame()
	for i, l := range lines[1:] {
		require.NoError(t, g.Apply(l), "line %d: %s", i+2, l)
		if g.prob != nil && check != nil {
			check(g, i)
		}
	}
	return g
}

// TestSimulatedGamesAreConsistent plays random games of every preset with
// every player count its rules allow, classic Cluedo also with face-up
// spares, and checks, from every seat, after every line, that the true deal
// satisfies every observation and that every forced fact is true in it.
func TestSimulatedGamesAreConsistent(t *testing.T) {
	ctx := context.Background()
	games := 3
	if *long {
		games = 20
	}
	type variant struct {
		preset string
		faceUp bool
	}
	var variants []variant
	for _, preset := range Presets {
		variants = append(variants, variant{preset, false})
		if d, _ := PresetDeck(preset); d.Deal == DealAll {
			variants = append(variants, variant{preset, true})
		}
	}
	for _, v := range variants {
		preset := v.preset
		d, err := PresetDeck(preset)
		require.NoError(t, err)
		lo, hi := d.PlayerRange()
		for n := lo; n <= hi; n++ {
			for seed := range games {
				t.Run(fmt.Sprintf("%s/faceup=%v/%d/%d", preset, v.faceUp, n, seed), func(t *testing.T) {
					rng := rand.New(rand.NewPCG(uint64(seed), uint64(n)))
					s, err := Simulate(SimOptions{Preset: preset, Players: n, Rand: rng, Questions: 12, AccuseChance: 0.05, FaceUp: v.faceUp})
					require.NoError(t, err)
					seat := rng.IntN(n)
					replay(t, s.Log(seat), func(g *Game, i int) {
						p := g.prob
						violated, deal := p.Check(s.Deal)
						require.True(t, deal, "the true deal fits the model")
						require.Empty(t, violated, "the true deal satisfies every line")
						sheet, err := solver.NewSAT(p).Sheet(ctx)
						require.NoError(t, err)
						m := p.Model()
						for c := 0; c < m.NumCards(); c++ {
							for h := 0; h < m.NumHolders(); h++ {
								switch sheet.Status(solver.Card(c), solver.Holder(h)) {
								case solver.Forced:
									require.Equal(t, solver.Holder(h), s.Deal[c])
								case solver.Impossible:
									require.NotEqual(t, solver.Holder(h), s.Deal[c])
								}
							}
						}
					})
				})
			}
		}
	}
}

// TestCountsMatchEnumeration checks the exact reports against a direct
// enumeration of the SAT engine's worlds on small games, and the advice's
// own world enumeration against the same list.
func TestCountsMatchEnumeration(t *testing.T) {
	ctx := context.Background()
	for seed := range 6 {
		rng := rand.New(rand.NewPCG(uint64(seed), 99))
		n := 3 + seed%2 // the basic card game is for 3 or 4 players
		s, err := Simulate(SimOptions{Preset: PresetCardGame, Players: n, Rand: rng, Questions: 2 + seed})
		require.NoError(t, err)
		g := replay(t, s.Log(seed%n), nil)
		p := g.prob
		r, err := g.Analyze(ctx, false)
		require.NoError(t, err)
		var worlds []solver.World
		for w := range solver.NewSAT(p).Worlds(ctx) {
			worlds = append(worlds, slices.Clone(w))
		}
		require.Equal(t, int64(len(worlds)), r.Worlds.Int64(), "seed %d", seed)
		m := p.Model()
		env := g.envelope()
		triples := map[string]int64{}
		for c := 0; c < m.NumCards(); c++ {
			for h := 0; h < m.NumHolders(); h++ {
				var k int64
				for _, w := range worlds {
					if w[c] == solver.Holder(h) {
						k++
					}
				}
				require.Equal(t, k, r.Cells[c][h].Count.Int64(), "card %d holder %d", c, h)
			}
		}
		for _, w := range worlds {
			var key []string
			for c, h := range w {
				if h == env {
					key = append(key, r.Cards[c])
				}
			}
			triples[strings.Join(key, " ")]++
		}
		require.Len(t, r.Envelopes, len(triples))
		for _, e := range r.Envelopes {
			require.Equal(t, triples[strings.Join(e.Items, " ")], e.Count.Int64())
		}
		sheet, err := solver.NewSAT(p).Sheet(ctx)
		require.NoError(t, err)
		mine, ok := enumWorlds(ctx, p, sheet, 1<<20)
		require.True(t, ok)
		key := func(ws []solver.World) []string {
			var out []string
			for _, w := range ws {
				out = append(out, fmt.Sprint(w))
			}
			slices.Sort(out)
			return out
		}
		require.Equal(t, key(worlds), key(mine))
	}
}

// bruteAdvice is the naive oracle for question advice: it lists the worlds
// with the SAT engine and, for a question of the seat, accumulates the exact
// joint probability of the envelope and the answer with big.Rat.
func bruteAdvice(g *Game, worlds []solver.World, q []solver.Card) (float64, map[string]*big.Rat) {
	seat := g.seatIndex()
	n := len(g.players)
	env := g.envelope()
	joint := map[[2]string]*big.Rat{}
	total := new(big.Rat)
	for _, w := range worlds {
		var e []string
		for c, h := range w {
			if h == env {
				e = append(e, fmt.Sprint(c))
			}
		}
		ek := strings.Join(e, ",")
		add := func(o string, v *big.Rat) {
			k := [2]string{ek, o}
			if joint[k] == nil {
				joint[k] = new(big.Rat)
			}
			joint[k].Add(joint[k], v)
		}
		total.Add(total, big.NewRat(1, 1))
		shown := false
		for k := 1; k < n && !shown; k++ {
			r := solver.Holder((seat + k) % n)
			var have []solver.Card
			for _, c := range q {
				if w[c] == r {
					have = append(have, c)
				}
			}
			for _, c := range have {
				add(g.players[r]+" "+g.deck.Cards()[c], big.NewRat(1, int64(len(have))))
				shown = true
			}
		}
		if !shown {
			add("nobody", big.NewRat(1, 1))
		}
	}
	pe := map[string]*big.Rat{}
	po := map[string]*big.Rat{}
	for k, v := range joint {
		if pe[k[0]] == nil {
			pe[k[0]] = new(big.Rat)
		}
		if po[k[1]] == nil {
			po[k[1]] = new(big.Rat)
		}
		pe[k[0]].Add(pe[k[0]], v)
		po[k[1]].Add(po[k[1]], v)
	}
	gain := 0.0
	for k, v := range joint {
		pj, _ := new(big.Rat).Quo(v, total).Float64()
		a, _ := new(big.Rat).Quo(pe[k[0]], total).Float64()
		b, _ := new(big.Rat).Quo(po[k[1]], total).Float64()
		gain += pj * math.Log2(pj/(a*b))
	}
	for o := range po {
		po[o].Quo(po[o], total)
	}
	return gain, po
}

// TestAdviceMatchesBruteForce checks both ways of computing question advice
// (the counting engine per answer, and one pass over enumerated worlds), and
// the sharing of results between symmetric questions, against the naive
// oracle.
func TestAdviceMatchesBruteForce(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		preset  string
		n, qs   int
		comment string
	}{
		{PresetCardGame, 3, 0, "no question yet: every question symmetric to many"},
		{PresetCardGame, 4, 3, "a few questions"},
		{PresetCardGame, 4, 6, "four players, two cards each and a spare face up"},
		{PresetCardGameAdvanced, 3, 4, "advanced deck"},
		{PresetCardGameAdvanced, 2, 3, "two players (the advanced game)"},
	}
	for i, tc := range cases {
		t.Run(tc.comment, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			s, err := Simulate(SimOptions{Preset: tc.preset, Players: tc.n, Rand: rng, Questions: tc.qs})
			require.NoError(t, err)
			g := replay(t, s.Log(0), nil)
			all, err := g.AdviseQuestions(ctx)
			require.NoError(t, err)
			require.Len(t, all, len(g.Questions()))
			sheet, err := solver.NewSAT(g.prob).Sheet(ctx)
			require.NoError(t, err)
			a := &asker{g: g, p: g.prob, sheet: sheet, seat: g.seatIndex()}
			ws, ok := a.collect(ctx, 1<<20)
			require.True(t, ok)
			enum := a.enumAdvice(ws, g.Questions())
			var satWorlds []solver.World
			for w := range solver.NewSAT(g.prob).Worlds(ctx) {
				satWorlds = append(satWorlds, slices.Clone(w))
			}
			byName := map[string]QuestionOption{}
			for _, qa := range all {
				byName[strings.Join(qa.Names, " ")] = qa
			}
			for qi, q := range g.Questions() {
				wantGain, wantOut := bruteAdvice(g, satWorlds, q)
				direct, err := a.advise(ctx, q)
				require.NoError(t, err)
				for name, qa := range map[string]QuestionOption{"counting": direct, "enumeration": enum[qi], "ranked": byName[strings.Join(direct.Names, " ")]} {
					require.InDelta(t, wantGain, qa.Gain, 1e-9, "%s %v", name, direct.Names)
					require.Len(t, qa.Outcomes, len(wantOut), "%s %v", name, direct.Names)
					for _, o := range qa.Outcomes {
						k := "nobody"
						if o.Shower != "" {
							k = o.Shower + " " + o.Card
						}
						require.NotNil(t, wantOut[k], "%s %v %s", name, direct.Names, k)
						require.Zero(t, wantOut[k].Cmp(o.Prob), "%s %v %s: %s vs %s", name, direct.Names, k, o.Prob, wantOut[k])
					}
				}
			}
		})
	}
}

// TestCalibration checks that the envelope odds are calibrated: over many
// simulated games, among the items given a probability in a bin, the share
// actually in the envelope matches the bin's mean prediction.
//
// Each game contributes the odds of every item at one random point of the
// seat's log. Within a bin of n predictions with mean p the observed share
// has standard error sqrt(p(1-p)/n) if the predictions were independent;
// items of one game are not (a category's odds add up to 1), and world
// counting treats "shows me c" as "holds c", ignoring that a responder with
// two asked cards shows c only half the time (docs/rules/clue.md), a bias
// of well under a percent here. The test allows 4 standard errors plus 0.01
// and only judges bins of at least 40 predictions: a wrong model (say,
// ignoring passes, or odds 10 points off) fails it, noise does not.
func TestCalibration(t *testing.T) {
	ctx := context.Background()
	games := 1000
	if *long {
		games = 10000
	}
	type bin struct {
		n        int
		sumP     float64
		observed int
	}
	bins := make([]bin, 10)
	for seed := range games {
		rng := rand.New(rand.NewPCG(uint64(seed), 2024))
		preset := Presets[seed%len(Presets)]
		d, err := PresetDeck(preset)
		require.NoError(t, err)
		lo, hi := d.PlayerRange()
		n := lo + seed%(hi-lo+1)
		s, err := Simulate(SimOptions{Preset: preset, Players: n, Rand: rng, Questions: 3 + rng.IntN(12)})
		require.NoError(t, err)
		lines := s.Log(rng.IntN(n))
		g := replay(t, lines, nil)
		r, err := g.Analyze(ctx, false)
		require.NoError(t, err)
		env := g.envelope()
		for c, row := range r.Cells {
			if row[env].Status != solver.Open {
				continue
			}
			pr, _ := row[env].Prob.Float64()
			b := min(int(pr*10), 9)
			bins[b].n++
			bins[b].sumP += pr
			if s.Deal[c] == env {
				bins[b].observed++
			}
		}
	}
	judged := 0
	for i, b := range bins {
		if b.n < 40 {
			continue
		}
		judged++
		p := b.sumP / float64(b.n)
		obs := float64(b.observed) / float64(b.n)
		tol := 4*math.Sqrt(p*(1-p)/float64(b.n)) + 0.01
		t.Logf("bin %d: %d predictions, mean %.3f, observed %.3f, tolerance %.3f", i, b.n, p, obs, tol)
		require.InDelta(t, p, obs, tol, "bin %d", i)
	}
	require.GreaterOrEqual(t, judged, 3)
}
