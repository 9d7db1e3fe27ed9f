package tournament

import (
	"context"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// TestClueSettledByWorlds checks the greedy policy's two ways, the pass
// over the worlds and the counts per answer, against counting each event
// (clueEvents and ExpectedSettled, itself checked against brute force in
// TestExpectedSettledBrute): questions of classic Cluedo positions settle
// the same exact number of cells in expectation each way, and questions
// of one symmetry class settle as many.
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
		{6, 2, 1, 5, "six players, early: too many worlds to visit, counted"},
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
		if tc.players == 6 {
			pick = pick[:6]
		}
		got, ok, err := clueSettledByWorlds(ctx, p, pick, tc.seat, tc.players, 1<<20)
		if err != nil {
			t.Fatalf("%s: clueSettledByWorlds: %v", tc.why, err)
		}
		cnt := solver.NewCounter(p)
		if !ok {
			// Too many worlds: the counts per answer stand in.
			got = nil
			for _, q := range pick {
				e, err := clueSettledByAnswers(ctx, p, cnt, q, tc.seat, tc.players)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, e)
			}
		}
		// Questions of one symmetry class settle as many cells: the
		// greedy policy computes one of each.
		class := clue.CardClasses(p, g.Deck())
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
		for i, q := range pick {
			if ok {
				e, err := clueSettledByAnswers(ctx, p, cnt, q, tc.seat, tc.players)
				if err != nil {
					t.Fatal(err)
				}
				if e.Cmp(got[i]) != 0 {
					t.Errorf("%s: question %v: %s by the answers' counts, %s by the worlds", tc.why, q, e.RatString(), got[i].RatString())
				}
			}
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
		if !ok {
			continue
		}
		if _, ok, err := clueSettledByWorlds(ctx, p, pick, tc.seat, tc.players, 1); ok || err != nil {
			t.Errorf("%s: limit 1: %v, %v; want false, nil", tc.why, ok, err)
		}
	}
	if pairs == 0 {
		t.Error("no two questions of one class were compared")
	}
	t.Logf("%d questions compared with another of their class", pairs)
}
