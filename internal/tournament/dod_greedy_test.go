package tournament

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	dod "github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// dodPosition is seat 0's game after the deal, the reveals and the given
// number of random questions (asked in turn by every seat, answered
// truly), and a random draw for its next question.
func dodPosition(t *testing.T, n int, seed uint64, asks int) (*dod.Game, [3]dod.Card) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	dealt := dodDeal(rng, n)
	hands, deal := dealt.hands, dealt.holder
	names := dod.PlayerNames[:n]
	lines := []string{"players " + strings.Join(names, " "), "seat " + names[0], "hand " + names[0] + " " + cardList(hands[0])}
	if dealt.exposed >= 0 {
		lines = append(lines, "exposed "+dod.CardName(dealt.exposed))
	}
	for p := range n {
		lines = append(lines, fmt.Sprintf("reveal %s %s", names[p], fewestSuit(hands[p])))
	}
	draw := func() [3]dod.Card {
		return [3]dod.Card{dod.Card(rng.IntN(dod.NumCards)), dod.Card(rng.IntN(dod.NumCards)), dod.Card(rng.IntN(dod.NumCards))}
	}
	for i := range asks {
		p := i % n
		rs := dod.DrawQuestions(draw())
		r := rs[rng.IntN(len(rs))]
		d := (p + 1 + rng.IntN(n-1)) % n
		k := 0
		for _, c := range r.Cards() {
			if deal[c] == d {
				k++
			}
		}
		lines = append(lines, fmt.Sprintf("ask %s %s %s = %d", names[p], names[d], r, k))
	}
	g := dod.NewGame()
	for _, l := range lines {
		if err := g.Apply(l); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
	return g, draw()
}

// TestDoDSettledTwoWays checks the greedy policy's two ways of finding
// each question's expected settled cells, counting the problem given each
// answer and listing every holder's contents split by the answers,
// against each other: the same exact figure for every question of the
// draw, at positions of 3 to 6 players early and late.
func TestDoDSettledTwoWays(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		players, asks int
		seed          uint64
	}{
		{3, 4, 1}, {3, 10, 2},
		{4, 10, 3}, {4, 24, 5},
		{5, 30, 7},
		{6, 36, 9},
	} {
		g, draw := dodPosition(t, tc.players, tc.seed, tc.asks)
		var qs []dodAsk
		for _, r := range dod.DrawQuestions(draw) {
			for d := 1; d < tc.players; d++ {
				qs = append(qs, dodAsk{r, d})
			}
		}
		prob := g.Problem()
		cnt := solver.NewCounter(prob)
		base, err := cnt.Marginals(ctx)
		if err != nil {
			t.Fatal(err)
		}
		byListing, err := dodSettledByListing(ctx, prob.Model(), cnt, base, qs)
		if err != nil {
			t.Fatal(err)
		}
		byConditioning, err := dodSettledByConditioning(ctx, prob, qs)
		if err != nil {
			t.Fatal(err)
		}
		distinct := map[string]bool{}
		for i, q := range qs {
			a, b := byListing[i], byConditioning[i]
			if a == nil || b == nil {
				t.Fatalf("%d players, %d questions asked: %s of seat %d has no figure (listing %v, conditioning %v)", tc.players, tc.asks, q.r, q.d, a, b)
			}
			if a.Cmp(b) != 0 {
				t.Errorf("%d players, %d questions asked: %s of seat %d settles %s cells by listing, %s by conditioning", tc.players, tc.asks, q.r, q.d, a.RatString(), b.RatString())
			}
			distinct[a.RatString()] = true
		}
		t.Logf("%d players, %d asked, %d worlds: %d questions, %d distinct figures", tc.players, tc.asks, base.Total, len(qs), len(distinct))
	}
}
