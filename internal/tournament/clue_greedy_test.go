package tournament

import (
	"context"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestClueSettledByWorlds checks the greedy policy's pass over the worlds
// against counting (clueEvents and ExpectedSettled, itself checked
// against brute force in TestExpectedSettledBrute): every question of
// mid-game positions of classic Cluedo settles the same exact number of
// cells in expectation either way.
func TestClueSettledByWorlds(t *testing.T) {
	ctx := context.Background()
	pairs := 0
	for _, tc := range []struct {
		players, questions, seat int
		seed                     uint64
		why                      string
	}{
		{3, 4, 0, 1, "three players, a few questions: thousands of worlds"},
		{3, 8, 1, 2, "three players, more questions, another seat"},
		{4, 6, 2, 3, "four players, face-up cards"},
		{5, 10, 4, 4, "five players, the seat's right-hand neighbour answers last"},
	} {
		s, err := clue.Simulate(clue.SimOptions{Preset: clue.PresetCluedo, Players: tc.players, Seed: tc.seed, Questions: tc.questions})
		if err != nil {
			t.Fatal(err)
		}
		g := clue.NewGame()
		for _, l := range s.Log(tc.seat)[1:] {
			if err := g.Apply(l); err != nil {
				t.Fatalf("%s: %q: %v", tc.why, l, err)
			}
		}
		p, err := g.Problem()
		if err != nil {
			t.Fatal(err)
		}
		qs := g.Questions()
		// Every 7th question: a spread over the three categories at a
		// fraction of the cost of counting them all.
		var pick [][]solver.Card
		for i := 0; i < len(qs); i += 7 {
			pick = append(pick, qs[i])
		}
		got, ok, err := clueSettledByWorlds(ctx, p, pick, tc.seat, tc.players, greedyEnumLimit)
		if err != nil || !ok {
			t.Fatalf("%s: clueSettledByWorlds: %v, %v", tc.why, ok, err)
		}
		// Questions of one symmetry class settle as many cells: the
		// greedy policy computes one of each.
		class := symmetryClasses(p, g.Deck().CategoryOf)
		byClass := map[string]int{}
		for i, q := range pick {
			k := classKey(q, class)
			if j, ok := byClass[k]; ok {
				pairs++
				if got[i].Cmp(got[j]) != 0 {
					t.Errorf("%s: questions %v and %v are of one class but settle %s and %s", tc.why, pick[j], q, got[j].RatString(), got[i].RatString())
				}
			} else {
				byClass[k] = i
			}
		}
		cnt := solver.NewCounter(p)
		for i, q := range pick {
			events, err := clueEvents(ctx, cnt, q, tc.seat, tc.players)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ExpectedSettled(ctx, p, events)
			if err != nil {
				t.Fatal(err)
			}
			if got[i].Cmp(want) != 0 {
				t.Errorf("%s: question %v: %s by the worlds, %s by counting", tc.why, q, got[i].RatString(), want.RatString())
			}
		}
		// A limit below the number of worlds gives no figure.
		if _, ok, err := clueSettledByWorlds(ctx, p, pick, tc.seat, tc.players, 1); ok || err != nil {
			t.Errorf("%s: limit 1: %v, %v; want false, nil", tc.why, ok, err)
		}
	}
	if pairs == 0 {
		t.Error("no two questions of one class were compared")
	}
	t.Logf("%d questions compared with another of their class", pairs)
}
