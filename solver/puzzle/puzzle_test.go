package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// worlds lists every world of the model that satisfies the listed
// observations: a deliberately naive oracle, independent of the engines.
func worlds(p *solver.Problem, ids []int) []solver.World {
	m := p.Model()
	q := p.Subset(ids)
	var out []solver.World
	w := make(solver.World, m.NumCards())
	var rec func(c int)
	rec = func(c int) {
		if c == len(w) {
			if v, deal := q.Check(w); deal && v == nil {
				out = append(out, slices.Clone(w))
			}
			return
		}
		for h := range m.NumHolders() {
			w[c] = solver.Holder(h)
			rec(c + 1)
		}
	}
	rec(0)
	return out
}

func holdsIn(w solver.World, f solver.Fact) bool { return (w[f.Card] == f.Holder) == f.Holds }

// bruteUnique: every world of givens+clues satisfies every answer fact.
func bruteUnique(in *Instance, clues []int) bool {
	for _, w := range worlds(in.Problem, in.obs(clues)) {
		for _, f := range in.Answer {
			if !holdsIn(w, f) {
				return false
			}
		}
	}
	return true
}

// randomInstance deals a hidden world of up to 6 cards and 3 holders, and
// makes observations that are true in it (so the instance is consistent)
// and answer facts true in it.
func randomInstance(rng *rand.Rand) (*Instance, solver.World) {
	for {
		n, k := 3+rng.IntN(4), 2+rng.IntN(2)
		cards := make([]string, n)
		for i := range cards {
			cards[i] = string(rune('a' + i))
		}
		truth := make(solver.World, n)
		counts := make([]int, k)
		for c := range truth {
			truth[c] = solver.Holder(rng.IntN(k))
			counts[truth[c]]++
		}
		hs := make([]solver.HolderSpec, k)
		for h := range hs {
			hs[h] = solver.HolderSpec{Name: string(rune('A' + h)), Size: solver.Exactly(counts[h])}
		}
		m, err := solver.NewModel(cards, hs)
		if err != nil {
			continue
		}
		p := solver.NewProblem(m)
		in := &Instance{Problem: p}
		nobs := 2 + rng.IntN(6)
		for i := 0; i < nobs; i++ {
			// A count of one holder's cards over a random set, true in truth.
			h := solver.Holder(rng.IntN(k))
			var lits []solver.Lit
			cnt := 0
			for c := range n {
				if rng.IntN(2) == 0 {
					lits = append(lits, solver.Lit{Card: solver.Card(c), Holder: h})
					if truth[c] == h {
						cnt++
					}
				}
			}
			if len(lits) == 0 {
				continue
			}
			op := solver.Op(rng.IntN(3))
			bound := cnt
			switch op {
			case solver.Le:
				bound += rng.IntN(2)
			case solver.Ge:
				bound -= rng.IntN(2)
			}
			id, err := p.Add(solver.Observation{Label: fmt.Sprintf("o%d", i), Constraints: []solver.Constraint{solver.CountOf(lits, op, bound)}})
			if err != nil {
				panic(err)
			}
			if i == 0 {
				in.Givens = append(in.Givens, id)
			} else {
				in.Clues = append(in.Clues, id)
			}
		}
		c := solver.Card(rng.IntN(n))
		in.Answer = []solver.Fact{{Card: c, Holder: truth[c], Holds: true}}
		if rng.IntN(2) == 0 {
			d := solver.Card(rng.IntN(n))
			in.Answer = append(in.Answer, solver.Fact{Card: d, Holder: truth[d], Holds: true})
		}
		return in, truth
	}
}

// TestAgainstBrute checks Unique, Minimize, Minimal and Solve on random
// small instances against the naive oracle.
func TestAgainstBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	uniques, levels := 0, map[Level]int{}
	for iter := 0; iter < 300; iter++ {
		in, _ := randomInstance(rng)
		want := bruteUnique(in, in.Clues)
		got, err := Unique(ctx, in)
		require.NoError(t, err)
		require.Equal(t, want, got, "iteration %d: Unique", iter)
		if !want {
			_, err := Minimize(ctx, in, rng)
			require.ErrorIs(t, err, ErrNotUnique)
			_, err = Solve(ctx, in)
			require.ErrorIs(t, err, ErrNotUnique)
			continue
		}
		uniques++
		clues, err := Minimize(ctx, in, rng)
		require.NoError(t, err)
		require.True(t, bruteUnique(in, clues), "iteration %d: minimised clues lose uniqueness", iter)
		for i := range clues {
			drop := slices.Delete(slices.Clone(clues), i, i+1)
			require.False(t, bruteUnique(in, drop), "iteration %d: clue %d can be dropped", iter, clues[i])
		}
		min := &Instance{Problem: in.Problem, Givens: in.Givens, Clues: clues, Answer: in.Answer}
		require.NoError(t, Minimal(ctx, min))

		sol, err := Solve(ctx, min)
		require.NoError(t, err)
		levels[sol.Grade.Level]++
		checkSolution(t, min, sol)
	}
	require.Greater(t, uniques, 50, "the generator must produce unique instances")
	t.Logf("levels over %d unique instances: %v", uniques, levels)
}

// checkSolution checks a worked solution by brute force, independently of
// CheckSteps: every top-level step's facts hold in every world of the
// instance; every Apply step's facts hold in every world of the line it
// reads and the givens it cites that agrees with the facts it cites; no
// such world exists for a Contradiction; the answer is among the
// top-level facts or known from the start. CheckSteps must agree.
func checkSolution(t *testing.T, in *Instance, sol *Solution) {
	t.Helper()
	ws := worlds(in.Problem, in.obs(in.Clues))
	start := worlds(in.Problem, in.Givens)
	for _, st := range sol.Steps {
		require.NotEmpty(t, st.Facts)
		for _, f := range st.Facts {
			for _, w := range ws {
				require.True(t, holdsIn(w, f), "step %s: %+v fails in a world", st.Number, f)
			}
		}
	}
	sol.Walk(func(st *Step) {
		if st.Kind == Suppose {
			require.Equal(t, Contradiction, st.Sub[len(st.Sub)-1].Kind, "step %s", st.Number)
			return
		}
		var ids []int
		if st.Rule.Kind == solver.RuleObservation {
			ids = append(ids, st.Rule.Index)
		}
		for _, a := range st.Also {
			if a.Rule.Kind == solver.RuleObservation {
				ids = append(ids, a.Rule.Index)
			}
		}
		var facts []solver.Fact
		for _, c := range st.Because {
			ids = append(ids, c.Givens...)
			if c.Step != "" {
				facts = append(facts, c.Fact)
			}
		}
		agree := 0
	worlds:
		for _, w := range worlds(in.Problem, ids) {
			for _, f := range facts {
				if !holdsIn(w, f) {
					continue worlds
				}
			}
			agree++
			for _, f := range st.Facts {
				require.True(t, holdsIn(w, f), "step %s: its reasons do not imply %+v", st.Number, f)
			}
		}
		if st.Kind == Contradiction {
			require.Zero(t, agree, "step %s: its reasons are not contradictory", st.Number)
		}
	})
	for _, f := range in.Answer {
		found := false
		for _, st := range sol.Steps {
			found = found || slices.Contains(st.Facts, f)
		}
		if !found {
			// Known from the givens alone.
			for _, w := range start {
				require.True(t, holdsIn(w, f), "answer %+v is neither a step nor known from the start", f)
			}
		}
	}
	require.NoError(t, CheckSteps(context.Background(), in, sol))
}

// levelCase builds the three hand-made instances of TestLevels.
func levelCase(t *testing.T, cards []string, holders []solver.HolderSpec, clues [][]solver.Constraint, answer solver.Fact) *Instance {
	m, err := solver.NewModel(cards, holders)
	require.NoError(t, err)
	p := solver.NewProblem(m)
	in := &Instance{Problem: p, Answer: []solver.Fact{answer}}
	for i, ks := range clues {
		id, err := p.Add(solver.Observation{Label: fmt.Sprintf("clue %d", i+1), Constraints: ks})
		require.NoError(t, err)
		in.Clues = append(in.Clues, id)
	}
	return in
}

// handFullCase: A holds 2 cards, B 1; B holds exactly 1 of x and y; is z
// A's?
func handFullCase(t *testing.T) *Instance {
	return levelCase(t, []string{"x", "y", "z"},
		[]solver.HolderSpec{{Name: "A", Size: solver.Exactly(2)}, {Name: "B", Size: solver.Exactly(1)}},
		[][]solver.Constraint{{solver.CountOf([]solver.Lit{lit(0, 1), lit(1, 1)}, solver.Eq, 1)}},
		solver.Fact{Card: 2, Holder: 0, Holds: true})
}

// sharedSetCase: three holders of 2 cards; A and B each hold at least 1
// of x and y; does C hold x?
func sharedSetCase(t *testing.T) *Instance {
	return levelCase(t, []string{"x", "y", "p", "q", "r", "s"},
		[]solver.HolderSpec{{Name: "A", Size: solver.Exactly(2)}, {Name: "B", Size: solver.Exactly(2)}, {Name: "C", Size: solver.Exactly(2)}},
		[][]solver.Constraint{
			{solver.CountOf([]solver.Lit{lit(0, 0), lit(1, 0)}, solver.Ge, 1)},
			{solver.CountOf([]solver.Lit{lit(0, 1), lit(1, 1)}, solver.Ge, 1)},
		},
		solver.Fact{Card: 0, Holder: 2, Holds: false})
}

// mediumCase: A holds 2 of a, b and c (C holds the other; B none), and
// exactly 1 of b and c; does A hold a?
func mediumCase(t *testing.T) *Instance {
	return levelCase(t, []string{"a", "b", "c"},
		[]solver.HolderSpec{{Name: "A", Size: solver.Exactly(2)}, {Name: "B", Size: solver.Exactly(0)}, {Name: "C", Size: solver.Exactly(1)}},
		[][]solver.Constraint{{solver.CountOf([]solver.Lit{lit(1, 0), lit(2, 0)}, solver.Eq, 1)}},
		solver.Fact{Card: 0, Holder: 0, Holds: true})
}

// TestHumanRulesCatches breaks the steps of the rules a person applies in
// one look (a hand accounted for, a shared set, and the card only one
// holder can still take that follows) and sees CheckSteps fail, naming
// the step: a line they read dropped, a fact they do not give added.
func TestHumanRulesCatches(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		in   *Instance
		rule HumanRule
	}{{"hand accounted for", handFullCase(t), HandFull}, {"shared set", sharedSetCase(t), SharedSet}} {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := Solve(ctx, tc.in)
			require.NoError(t, err)
			require.NoError(t, CheckSteps(ctx, tc.in, sol))
			find := func(sol *Solution) *Step {
				for i := range sol.Steps {
					if sol.Steps[i].Human == tc.rule {
						return &sol.Steps[i]
					}
				}
				t.Fatalf("no %s step in %+v", tc.rule, sol.Steps)
				return nil
			}
			text := StepText(find(sol), tc.in.Problem, DefaultWords{Problem: tc.in.Problem})
			require.Contains(t, text, "clue ", "the step quotes the lines it reads: %s", text)
			breaks := []func(st *Step){
				func(st *Step) { st.Also = nil; st.Human = NoHuman }, // a line it reads dropped
				func(st *Step) { st.Also = st.Also[:len(st.Also)-1] },
				func(st *Step) { // a fact it does not give
					f := st.Facts[0]
					f.Card = (f.Card + 2) % solver.Card(tc.in.Problem.Model().NumCards())
					st.Facts = append(st.Facts, f)
				},
			}
			for i, br := range breaks {
				sol, err := Solve(ctx, tc.in)
				require.NoError(t, err)
				st := find(sol)
				br(st)
				err = CheckSteps(ctx, tc.in, sol)
				require.ErrorIs(t, err, ErrBadStep, "break %d", i)
				require.Contains(t, err.Error(), "step "+st.Number+":", "break %d", i)
			}
		})
	}
	// The card only one holder can still take, after a hand accounted
	// for: "z is in exactly one place"; dropping its reason breaks it.
	in := handFullCase(t)
	sol, err := Solve(ctx, in)
	require.NoError(t, err)
	last := &sol.Steps[len(sol.Steps)-1]
	require.Equal(t, solver.RuleOneHolder, last.Rule.Kind)
	last.Because = nil
	err = CheckSteps(ctx, in, sol)
	require.ErrorIs(t, err, ErrBadStep)
	require.Contains(t, err.Error(), "step "+last.Number+":")
}

func lit(c, h int) solver.Lit { return solver.Lit{Card: solver.Card(c), Holder: solver.Holder(h)} }

func TestLevels(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		in   *Instance
		want Level
	}{
		{
			// A holds x; B does not hold y; so B's one card is z and C's is y:
			// each step reads one constraint.
			"easy: one constraint at a time",
			levelCase(t, []string{"x", "y", "z"},
				[]solver.HolderSpec{{Name: "A", Size: solver.Exactly(1)}, {Name: "B", Size: solver.Exactly(1)}, {Name: "C", Size: solver.Exactly(1)}},
				[][]solver.Constraint{{solver.Holds(0, 0)}, {solver.NotHolds(1, 1)}},
				solver.Fact{Card: 1, Holder: 2, Holds: true}),
			Easy,
		},
		{
			// B's one card is x or y, so z is not B's and therefore A's: a
			// hand accounted for, seen in one look (it once took the
			// supposition "B holds z").
			"easy: a hand accounted for",
			handFullCase(t),
			Easy,
		},
		{
			// A and B each hold x or y: the two cards go to them, so C
			// holds neither: a shared set (a naked pair), in one look.
			"easy: a shared set",
			sharedSetCase(t),
			Easy,
		},
		{
			// A holds two cards, but only one of b and c: so A holds a.
			// No rule a person applies in one look here says so (the line
			// caps part of a hand; the rules above fill a hand): it takes
			// the supposition "A does not hold a".
			"medium: one supposition",
			mediumCase(t),
			Medium,
		},
		{
			// Four cards, none in C or D, fill A and B (two cards each), so
			// v is not A's: supposing "A holds v" leaves three places for
			// four cards, which no single constraint notices: a pigeonhole
			// argument.
			"hard: pigeonhole",
			levelCase(t, []string{"x", "y", "z", "u", "v", "w", "s", "t"},
				[]solver.HolderSpec{{Name: "A", Size: solver.Exactly(2)}, {Name: "B", Size: solver.Exactly(2)}, {Name: "C", Size: solver.Exactly(2)}, {Name: "D", Size: solver.Exactly(2)}},
				[][]solver.Constraint{
					{solver.NotHolds(0, 2), solver.NotHolds(0, 3)},
					{solver.NotHolds(1, 2), solver.NotHolds(1, 3)},
					{solver.NotHolds(2, 2), solver.NotHolds(2, 3)},
					{solver.NotHolds(3, 2), solver.NotHolds(3, 3)},
				},
				solver.Fact{Card: 4, Holder: 0, Holds: false}),
			Hard,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, Minimal(ctx, tc.in))
			sol, err := Solve(ctx, tc.in)
			require.NoError(t, err)
			require.Equal(t, tc.want, sol.Grade.Level, "steps: %+v", sol.Steps)
			checkSolution(t, tc.in, sol)
		})
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		got, err := ParseLevel(strings.ToUpper(l.String()))
		require.NoError(t, err)
		require.Equal(t, l, got)
	}
	_, err := ParseLevel("nightmare")
	require.Error(t, err)
}

func TestBadInstances(t *testing.T) {
	ctx := context.Background()
	m, err := solver.NewModel([]string{"x"}, []solver.HolderSpec{{Name: "A", Size: solver.Exactly(1)}})
	require.NoError(t, err)
	p := solver.NewProblem(m)
	tests := []struct {
		name string
		in   *Instance
	}{
		{"no problem", &Instance{Answer: []solver.Fact{{}}}},
		{"unknown clue", &Instance{Problem: p, Clues: []int{3}, Answer: []solver.Fact{{Holds: true}}}},
		{"no answer", &Instance{Problem: p}},
		{"unknown card in the answer", &Instance{Problem: p, Answer: []solver.Fact{{Card: 5}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Unique(ctx, tc.in)
			require.Error(t, err)
			_, err = Minimize(ctx, tc.in, nil)
			require.Error(t, err)
			_, err = Solve(ctx, tc.in)
			require.Error(t, err)
			require.Error(t, Minimal(ctx, tc.in))
		})
	}
}

// TestSearch checks that Search returns verified puzzles of the level
// asked for, or ErrNoPuzzle.
func TestSearch(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 10))
	found := 0
	for iter := 0; iter < 100; iter++ {
		cand, _ := randomInstance(rng)
		want := Levels[iter%3]
		pz, err := Search(ctx, cand, rng, SearchOptions{Level: want, Tries: 3, Whole: iter%2 == 0})
		if errors.Is(err, ErrNoPuzzle) {
			continue
		}
		require.NoError(t, err)
		found++
		require.Equal(t, want, pz.Solution.Grade.Level)
		require.True(t, bruteUnique(&pz.Instance, pz.Clues))
		require.NotEmpty(t, pz.Clues)
		for i := range pz.Clues {
			require.False(t, bruteUnique(&pz.Instance, slices.Delete(slices.Clone(pz.Clues), i, i+1)))
		}
	}
	require.Positive(t, found)
}

func TestBatch(t *testing.T) {
	ctx := context.Background()
	calls := 0
	got, err := Batch(ctx, 20, 2, func(_ context.Context, i int) (int, error) { return i * i, nil }, func() { calls++ })
	require.NoError(t, err)
	require.Equal(t, 20, calls)
	for i, v := range got {
		require.Equal(t, i*i, v)
	}
	boom := errors.New("boom")
	_, err = Batch(ctx, 20, 2, func(_ context.Context, i int) (int, error) {
		if i == 5 {
			return 0, boom
		}
		return i, nil
	}, nil)
	require.ErrorIs(t, err, boom)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = Batch(cancelled, 5, 2, func(ctx context.Context, i int) (int, error) { return i, ctx.Err() }, nil)
	require.ErrorIs(t, err, context.Canceled)
	got, err = Batch(ctx, 0, 0, func(_ context.Context, i int) (int, error) { return i, nil }, nil)
	require.NoError(t, err)
	require.Empty(t, got)
}

// Example builds a tiny puzzle: B's one card is x or y; which cards are A's?
func Example() {
	m, _ := solver.NewModel([]string{"a", "b", "c"},
		[]solver.HolderSpec{{Name: "A", Size: solver.Exactly(2)}, {Name: "B", Size: solver.Exactly(1)}})
	p := solver.NewProblem(m)
	hint, _ := p.Add(solver.Observation{Label: "A has b or c",
		Constraints: []solver.Constraint{solver.CountOf([]solver.Lit{{Card: 1, Holder: 0}, {Card: 2, Holder: 0}}, solver.Eq, 1)}})
	in := &Instance{Problem: p, Clues: []int{hint}, Answer: []solver.Fact{{Card: 0, Holder: 0, Holds: true}}}
	ctx := context.Background()
	if err := Minimal(ctx, in); err != nil {
		fmt.Println(err)
		return
	}
	sol, _ := Solve(ctx, in)
	fmt.Println("grade:", sol.Grade)
	_ = sol.Write(os.Stdout, p, DefaultWords{Problem: p})
	// Output:
	// grade: medium (1 clues, 2 steps, 1 supposition 1 deep, widest step 1)
	// 1. A holds a. Suppose instead that A does not hold a:
	//   1.1. A holds b and c: A holds 2 cards, and A does not hold a (supposed in step 1).
	//   1.2. Impossible: “A has b or c” says A holds exactly 1 of b and c, but A holds b and c (step 1.1): that is 2 already.
}

// TestCheckStepsCatches breaks one step of good solutions in each way a
// step can be wrong and sees CheckSteps fail, naming that step.
func TestCheckStepsCatches(t *testing.T) {
	ctx := context.Background()
	in := levelCase(t, []string{"x", "y", "z", "u", "v", "w", "s", "t"},
		[]solver.HolderSpec{{Name: "A", Size: solver.Exactly(2)}, {Name: "B", Size: solver.Exactly(2)}, {Name: "C", Size: solver.Exactly(2)}, {Name: "D", Size: solver.Exactly(2)}},
		[][]solver.Constraint{
			{solver.NotHolds(0, 2), solver.NotHolds(0, 3)},
			{solver.NotHolds(1, 2), solver.NotHolds(1, 3)},
			{solver.NotHolds(2, 2), solver.NotHolds(2, 3)},
			{solver.NotHolds(3, 2), solver.NotHolds(3, 3)},
		},
		solver.Fact{Card: 4, Holder: 0, Holds: false})
	fresh := func() *Solution {
		sol, err := Solve(ctx, in)
		require.NoError(t, err)
		require.NoError(t, CheckSteps(ctx, in, sol), "the good solution passes")
		return sol
	}
	require.Equal(t, Hard, fresh().Grade.Level)
	// firstApply is the first Apply step that cites another step, nested
	// as deep as it comes.
	firstApply := func(sol *Solution) *Step {
		var found *Step
		sol.Walk(func(st *Step) {
			if found == nil && st.Kind == Apply && len(st.Because) > 0 && st.Because[0].Step != "" {
				found = st
			}
		})
		require.NotNil(t, found)
		return found
	}
	tests := []struct {
		name   string
		break_ func(sol *Solution) string // returns the number of the step broken
	}{
		{"a conclusion flipped", func(sol *Solution) string {
			st := firstApply(sol)
			st.Facts[0].Holds = !st.Facts[0].Holds
			return st.Number
		}},
		{"a reason dropped", func(sol *Solution) string {
			st := firstApply(sol)
			st.Because = st.Because[1:]
			return st.Number
		}},
		{"another line read", func(sol *Solution) string {
			var st *Step
			sol.Walk(func(s *Step) {
				if st == nil && s.Kind == Apply && s.Rule.Kind == solver.RuleObservation {
					st = s
				}
			})
			require.NotNil(t, st)
			st.Rule.Index = (st.Rule.Index + 1) % len(in.Clues)
			return st.Number
		}},
		{"another part of the line quoted", func(sol *Solution) string {
			// Each line here has two constraints: the step quotes the
			// one that does not give its facts.
			var st *Step
			sol.Walk(func(s *Step) {
				if st == nil && s.Kind == Apply && s.Rule.Kind == solver.RuleObservation && len(s.Parts) == 1 {
					st = s
				}
			})
			require.NotNil(t, st, "steps name the part of a line they read")
			st.Parts = []int{1 - st.Parts[0]}
			return st.Number
		}},
		{"a citation of a step not yet made", func(sol *Solution) string {
			st := firstApply(sol)
			st.Because[0].Step = "99"
			return st.Number
		}},
		{"a contradiction that is none", func(sol *Solution) string {
			var sup *Step
			sol.Walk(func(st *Step) {
				if sup == nil && st.Kind == Suppose {
					sup = st
				}
			})
			last := &sup.Sub[len(sup.Sub)-1]
			last.Because = nil
			return last.Number
		}},
		{"a supposition that proves the wrong thing", func(sol *Solution) string {
			for i := range sol.Steps {
				if sol.Steps[i].Kind == Suppose {
					sol.Steps[i].Supposed.Holds = !sol.Steps[i].Supposed.Holds
					return sol.Steps[i].Number
				}
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sol := fresh()
			num := tc.break_(sol)
			require.NotEmpty(t, num)
			err := CheckSteps(ctx, in, sol)
			require.ErrorIs(t, err, ErrBadStep)
			require.Contains(t, err.Error(), "step "+num+":")
		})
	}
}

// TestCheckWorlds checks the brute-force checker against Minimize on the
// random instances: minimised clue sets pass, a clue set with a redundant
// clue and one missing a needed clue fail.
func TestCheckWorlds(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	checked := 0
	for iter := 0; iter < 200; iter++ {
		in, _ := randomInstance(rng)
		if ok, err := Unique(ctx, in); err != nil || !ok {
			continue
		}
		clues, err := Minimize(ctx, in, rng)
		require.NoError(t, err)
		all := func(yield func(solver.World) bool) {
			for _, w := range worlds(in.Problem, in.Givens) {
				if !yield(w) {
					return
				}
			}
		}
		min := in.derive(clues)
		if len(clues) == 0 {
			continue
		}
		checked++
		_, err = CheckWorlds(min, all)
		require.NoError(t, err, "iteration %d", iter)
		if len(clues) < len(in.Clues) {
			var extra []int
			for _, c := range in.Clues {
				if !slices.Contains(clues, c) {
					extra = append(extra, c)
					break
				}
			}
			_, err = CheckWorlds(in.derive(append(slices.Clone(clues), extra...)), all)
			require.ErrorIs(t, err, ErrNotMinimal, "iteration %d", iter)
		}
		_, err = CheckWorlds(in.derive(clues[1:]), all)
		require.ErrorIs(t, err, ErrNotUnique, "iteration %d", iter)
	}
	require.Positive(t, checked)
}

// FuzzParseLevel checks that ParseLevel never panics and that what it
// accepts prints back as the same level.
func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"easy", "MEDIUM", " hard ", "", "any", "médium"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLevel(s)
		if err != nil {
			return
		}
		back, err := ParseLevel(l.String())
		if err != nil || back != l {
			t.Fatalf("%q parsed as %v, which does not parse back", s, l)
		}
	})
}

// ExampleMinimize drops the clue that the others make redundant: "B has y"
// makes "B has x or y" say nothing more.
func ExampleMinimize() {
	m, _ := solver.NewModel([]string{"x", "y", "z"},
		[]solver.HolderSpec{{Name: "A", Size: solver.Exactly(1)}, {Name: "B", Size: solver.Exactly(1)}, {Name: "C", Size: solver.Exactly(1)}})
	p := solver.NewProblem(m)
	count := func(h solver.Holder, cards ...solver.Card) []solver.Constraint {
		var lits []solver.Lit
		for _, c := range cards {
			lits = append(lits, solver.Lit{Card: c, Holder: h})
		}
		return []solver.Constraint{solver.CountOf(lits, solver.Eq, 1)}
	}
	c1, _ := p.Add(solver.Observation{Label: "C has y or z", Constraints: count(2, 1, 2)})
	c2, _ := p.Add(solver.Observation{Label: "B has x or y", Constraints: count(1, 0, 1)})
	c3, _ := p.Add(solver.Observation{Label: "B has y", Constraints: count(1, 1)})
	in := &Instance{Problem: p, Clues: []int{c1, c2, c3}, Answer: []solver.Fact{{Card: 2, Holder: 2, Holds: true}}}
	clues, _ := Minimize(context.Background(), in, nil)
	for _, id := range clues {
		fmt.Println(p.Observations()[id].Label)
	}
	// Output:
	// C has y or z
	// B has y
}

// ExampleBatch runs jobs on two workers; the results come back in order.
func ExampleBatch() {
	squares, err := Batch(context.Background(), 5, 2, func(_ context.Context, i int) (int, error) {
		return i * i, nil
	}, nil)
	fmt.Println(squares, err)
	// Output:
	// [0 1 4 9 16] <nil>
}
