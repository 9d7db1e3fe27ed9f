package deduceordie

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGeneratePuzzleLevels generates puzzles of every level at 4 players
// and checks each: the measured grade is the one asked for, Verify passes
// (the log loads, the answer agrees with the deal, unique and minimal), and
// the answer is the simulated truth.
func TestGeneratePuzzleLevels(t *testing.T) {
	ctx := context.Background()
	for _, level := range puzzle.Levels {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", level, seed), func(t *testing.T) {
				pz, err := GeneratePuzzle(ctx, seed, PuzzleOptions{Players: 4, Level: level})
				require.NoError(t, err)
				require.Equal(t, level, pz.Solution.Grade.Level)
				require.NoError(t, pz.Verify(ctx))
				ev := solver.Holder(4)
				require.Equal(t, ev, pz.Deal[pz.Evidence[0]])
				require.Equal(t, ev, pz.Deal[pz.Evidence[1]])
				require.Equal(t, solver.Holder(pz.Murderer), pz.Deal[pz.MurdererCard])
				require.Equal(t, MurderCard(pz.Evidence[0], pz.Evidence[1]), pz.Murder)
				require.NotEmpty(t, pz.Clues)
				require.Equal(t, len(pz.Clues), pz.Solution.Grade.Clues)
			})
		}
	}
}

// TestGeneratePuzzleReproducible checks that a seed gives the same puzzle.
func TestGeneratePuzzleReproducible(t *testing.T) {
	ctx := context.Background()
	opt := PuzzleOptions{Players: 4, Any: true}
	a, err := GeneratePuzzle(ctx, 42, opt)
	require.NoError(t, err)
	b, err := GeneratePuzzle(ctx, 42, opt)
	require.NoError(t, err)
	require.Equal(t, a.Log(), b.Log())
	require.Equal(t, a.Solution, b.Solution)
}

func TestGeneratePuzzleErrors(t *testing.T) {
	ctx := context.Background()
	_, err := GeneratePuzzle(ctx, 1, PuzzleOptions{Players: 7})
	require.Error(t, err)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = GeneratePuzzle(cancelled, 1, PuzzleOptions{Players: 4, Any: true})
	require.ErrorIs(t, err, context.Canceled)
}

// TestPuzzleBruteForce checks 3-player puzzles without any engine: it lists
// every deal that agrees with the seat's hand and the exposed card (about
// two million), and checks that none satisfying every clue has another
// answer (uniqueness) and that for every clue some deal with another answer
// breaks that clue alone (minimality).
func TestPuzzleBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		seed  uint64
		level puzzle.Level
	}{{3, puzzle.Medium}, {4, puzzle.Hard}} {
		t.Run(fmt.Sprintf("seed%d", tc.seed), func(t *testing.T) {
			pz, err := GeneratePuzzle(ctx, tc.seed, PuzzleOptions{Players: 3, Level: tc.level})
			require.NoError(t, err)
			bruteCheck(t, pz)
		})
	}
}

func bruteCheck(t *testing.T, pz *Puzzle) {
	t.Helper()
	const n = 3
	obs := pz.prob.Observations()
	clues := make([][]solver.Constraint, len(pz.clues))
	for i, id := range pz.clues {
		clues[i] = obs[id].Constraints
	}
	w := make(solver.World, NumCards)
	var unknown []Card
	for c := range Card(NumCards) {
		switch {
		case pz.Deal[c] == solver.Holder(pz.Seat):
			w[c] = solver.Holder(pz.Seat)
		case c == pz.Exposed:
			w[c] = solver.Holder(n + 1)
		default:
			unknown = append(unknown, c)
		}
	}
	others := []solver.Holder{}
	for p := range n {
		if p != pz.Seat {
			others = append(others, solver.Holder(p))
		}
	}
	witnessed := make([]bool, len(clues))
	worlds, satisfying := 0, 0
	sameAnswer := func() bool {
		return w[pz.Evidence[0]] == n && w[pz.Evidence[1]] == n && w[pz.MurdererCard] == solver.Holder(pz.Murderer)
	}
	// Evidence pair i<j of unknown, then 8 of the rest to the first other.
	for i := range unknown {
		for j := i + 1; j < len(unknown); j++ {
			var rest []Card
			for k, c := range unknown {
				if k != i && k != j {
					rest = append(rest, c)
				}
			}
			w[unknown[i]], w[unknown[j]] = n, n
			for mask := uint32(0); mask < 1<<len(rest); mask++ {
				if popcount(mask) != HandSize(n) {
					continue
				}
				for k, c := range rest {
					if mask&(1<<k) != 0 {
						w[c] = others[0]
					} else {
						w[c] = others[1]
					}
				}
				worlds++
				broken := -1
				for k, ks := range clues {
					for _, kk := range ks {
						if !kk.Satisfied(w) {
							if broken >= 0 {
								broken = -2
							} else {
								broken = k
							}
							break
						}
					}
					if broken == -2 {
						break
					}
				}
				if broken == -1 {
					satisfying++
					require.True(t, sameAnswer(), "a deal satisfying every clue has another answer")
				}
				if broken >= 0 && !sameAnswer() {
					witnessed[broken] = true
				}
			}
		}
	}
	require.Equal(t, 153*12870, worlds)
	require.Positive(t, satisfying)
	for k, ok := range witnessed {
		require.True(t, ok, "clue %q can be dropped", pz.Clues[k])
	}
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestPuzzleGolden pins the printed forms of one puzzle; run with -update
// after a deliberate change.
func TestPuzzleGolden(t *testing.T) {
	ctx := context.Background()
	pz, err := GeneratePuzzle(ctx, 7, PuzzleOptions{Players: 4, Level: puzzle.Medium})
	require.NoError(t, err)
	page := pz.Page("Deduce or Die puzzle 1")
	for _, form := range []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{"puzzle_medium.txt", func(b *bytes.Buffer) error { return page.WriteText(b) }},
		{"puzzle_medium.md", func(b *bytes.Buffer) error { return page.WriteMarkdown(b) }},
		{"puzzle_medium.json", func(b *bytes.Buffer) error { return page.WriteJSON(b) }},
	} {
		var b bytes.Buffer
		require.NoError(t, form.write(&b))
		path := filepath.Join("testdata", form.file)
		if *update {
			require.NoError(t, os.MkdirAll("testdata", 0o755))
			require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, string(want), b.String(), "%s differs; run go test -update if the change is deliberate", path)
	}
}

// TestPuzzleWords checks the Deduce or Die wording of facts and rules.
func TestPuzzleWords(t *testing.T) {
	g := NewGame()
	require.NoError(t, g.Apply("players alice bob carol dave"))
	w := words{DefaultWords: puzzle.DefaultWords{Problem: g.Problem()}, n: 4}
	f := func(c string, h int, holds bool) solver.Fact {
		card, err := ParseCard(c)
		require.NoError(t, err)
		return solver.Fact{Card: card, Holder: solver.Holder(h), Holds: holds}
	}
	tests := []struct {
		facts []solver.Fact
		want  string
	}{
		{[]solver.Fact{f("3H", 1, true)}, "bob holds 3H"},
		{[]solver.Fact{f("3H", 1, false), f("4H", 1, false)}, "bob holds none of 3H or 4H"},
		{[]solver.Fact{f("3H", 1, false)}, "bob does not hold 3H"},
		{[]solver.Fact{f("5H", 2, false), f("3H", 2, false), f("4H", 2, false)}, "carol holds no Hearts from 3 to 5"},
		{[]solver.Fact{f("AS", 2, false), f("2S", 2, false), f("3S", 2, false), f("7C", 2, false), f("3H", 2, false), f("4H", 2, false), f("5H", 2, false)},
			"carol holds no Spades from Ace to 3, no Hearts from 3 to 5, nor 7C"},
		{[]solver.Fact{f("8S", 0, false), f("9S", 0, false), f("AS", 0, false)}, "alice holds none of AS, 8S or 9S"},
		{[]solver.Fact{f("5C", 4, true)}, "5C is an Evidence card"},
		{[]solver.Fact{f("5C", 4, true), f("7S", 4, true)}, "5C and 7S are Evidence cards"},
		{[]solver.Fact{f("5C", 4, false)}, "5C is not an Evidence card"},
		{[]solver.Fact{f("5C", 4, false), f("AS", 4, false)}, "none of 5C or AS is an Evidence card"},
		{[]solver.Fact{f("9S", 5, true)}, "9S is the exposed card"},
		{[]solver.Fact{f("9S", 5, false)}, "9S is not the exposed card"},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, w.Facts(tc.facts))
	}
	require.Equal(t, "there are two Evidence cards", w.Rule(solver.Rule{Kind: solver.RuleHolderSize, Index: 4}))
	require.Equal(t, "bob holds 6 cards", w.Rule(solver.Rule{Kind: solver.RuleHolderSize, Index: 1}))
	require.Equal(t, "every card is in exactly one place", w.Rule(solver.Rule{Kind: solver.RuleOneHolder, Index: 3}))
}

func TestVerifyCatchesTampering(t *testing.T) {
	ctx := context.Background()
	pz, err := GeneratePuzzle(ctx, 5, PuzzleOptions{Players: 4, Any: true})
	require.NoError(t, err)
	require.NoError(t, pz.Verify(ctx))

	dropped := *pz
	dropped.Clues = slices.Clone(pz.Clues[1:])
	err = dropped.Verify(ctx)
	require.ErrorIs(t, err, puzzle.ErrNotUnique, "dropping a clue of a minimal set loses uniqueness")

	wrong := *pz
	wrong.Evidence = [2]Card{pz.Evidence[0], pz.MurdererCard}
	require.Error(t, wrong.Verify(ctx))

	// A worked solution with one step broken: its last Apply step
	// concludes the opposite of what it reads.
	broken := *pz
	sol := *pz.Solution
	sol.Steps = slices.Clone(pz.Solution.Steps)
	for i := len(sol.Steps) - 1; i >= 0; i-- {
		if sol.Steps[i].Kind == puzzle.Apply {
			st := sol.Steps[i]
			st.Facts = slices.Clone(st.Facts)
			st.Facts[0].Holds = !st.Facts[0].Holds
			sol.Steps[i] = st
			break
		}
	}
	broken.Solution = &sol
	require.ErrorIs(t, broken.Verify(ctx), puzzle.ErrBadStep, "a broken step fails the check")

	bad := *pz
	bad.Clues = append(slices.Clone(pz.Clues), "ask alice bob 3H..5S = 9")
	err = bad.Verify(ctx)
	require.Error(t, err)
	require.False(t, errors.Is(err, puzzle.ErrNotMinimal) && strings.Contains(err.Error(), "3H"))
}

// ExampleGeneratePuzzle makes a medium 4-player puzzle and prints its
// grade and answer.
func ExampleGeneratePuzzle() {
	ctx := context.Background()
	pz, err := GeneratePuzzle(ctx, 7, PuzzleOptions{Players: 4, Level: puzzle.Medium})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := pz.Verify(ctx); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pz.Solution.Grade.Level, len(pz.Clues) > 0)
	fmt.Println("Evidence:", CardName(pz.Evidence[0]), CardName(pz.Evidence[1]))
	// Output:
	// medium true
	// Evidence: 5H 7H
}

// BenchmarkPuzzleBatch generates verified 4-player puzzles of each level
// the way "gumshoe puzzle dod" does, on every core (GOMAXPROCS workers),
// and reports the rate, plus the process CPU time per puzzle (which the
// rate on an idle machine is GOMAXPROCS over, the workers sharing
// nothing). docs/benchmarks.md has the figures.
func BenchmarkPuzzleBatch(b *testing.B) {
	ctx := context.Background()
	for _, level := range puzzle.Levels {
		b.Run(level.String(), func(b *testing.B) {
			opt := PuzzleOptions{Players: 4, Level: level}
			cpu0 := cpuTime()
			_, err := puzzle.Batch(ctx, b.N, 0, func(ctx context.Context, i int) (*Puzzle, error) {
				pz, err := GeneratePuzzle(ctx, uint64(i+1), opt)
				if err != nil {
					return nil, err
				}
				return pz, pz.Verify(ctx)
			}, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/puzzle")
		})
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestPuzzleEveryCount makes a puzzle of every level at every player
// count and checks it three ways: its measured level is the one asked
// for; Verify passes (the log loads, the answer is the deal's, unique and
// minimal, and every step of the worked solution follows from exactly
// what it cites, by the SAT engine); and the puzzle's log, loaded the way
// "gumshoe solve" loads a file, gives a sheet on which the answer is
// certain.
func TestPuzzleEveryCount(t *testing.T) {
	ctx := context.Background()
	for n := 3; n <= 6; n++ {
		for _, level := range puzzle.Levels {
			t.Run(fmt.Sprintf("%dp/%s", n, level), func(t *testing.T) {
				if level == puzzle.Hard && (testing.Short() || n == 4) {
					t.Skip("hard puzzles take seconds each; TestGeneratePuzzleLevels makes 4-player ones")
				}
				if level == puzzle.Hard && n >= 5 && !*long {
					t.Skip("5- and 6-player hard puzzles take tens of seconds each: run with -long")
				}
				pz, err := GeneratePuzzle(ctx, 1, PuzzleOptions{Players: n, Level: level})
				require.NoError(t, err)
				require.Equal(t, level, pz.Solution.Grade.Level)
				require.NoError(t, pz.Verify(ctx))
				g, _, err := table.Games{Definition}.Load(strings.NewReader(pz.Log()))
				require.NoError(t, err)
				grid, err := g.Sheet(ctx)
				require.NoError(t, err)
				cell := func(c Card, col int) table.Mark {
					for _, r := range grid.Rows {
						if r.Card == CardName(c) {
							return r.Cells[col].Mark
						}
					}
					t.Fatalf("no row %s", CardName(c))
					return 0
				}
				require.Equal(t, table.Yes, cell(pz.Evidence[0], n), "the first Evidence card is certain")
				require.Equal(t, table.Yes, cell(pz.Evidence[1], n), "the second Evidence card is certain")
				require.Equal(t, table.Yes, cell(pz.MurdererCard, pz.Murderer), "the murderer is certain")
			})
		}
	}
}

// TestPuzzleConclusions checks that the worked solution goes on from the
// Evidence cards to the Murder card and its holder (once only the answer
// key said them), and that the check of those steps catches a wrong
// Murder card and a wrong murderer.
func TestPuzzleConclusions(t *testing.T) {
	ctx := context.Background()
	pz, err := GeneratePuzzle(ctx, 7, PuzzleOptions{Players: 4, Level: puzzle.Easy})
	require.NoError(t, err)
	require.NoError(t, pz.Verify(ctx))
	n := len(pz.Solution.Steps)
	murder, who := &pz.Solution.Steps[n-2], &pz.Solution.Steps[n-1]
	require.Equal(t, puzzle.Conclude, murder.Kind)
	require.Equal(t, "murder-card "+CardName(pz.Murder), murder.Claim)
	require.Equal(t, "murderer "+pz.Players[pz.Murderer]+" "+CardName(pz.MurdererCard), who.Claim)
	page := pz.Page("p")
	require.Contains(t, page.Solution[len(page.Solution)-2], "The Murder card is "+CardName(pz.Murder))
	require.Contains(t, page.Solution[len(page.Solution)-1], "The murderer is "+pz.Players[pz.Murderer])

	for _, br := range []func(){
		func() { murder.Claim = "murder-card " + CardName(next(pz.Murder)) },
		func() { who.Claim = "murderer " + pz.Players[(pz.Murderer+1)%4] + " " + CardName(pz.MurdererCard) },
		func() { murder.Because = murder.Because[:1] },
	} {
		saved := slices.Clone(pz.Solution.Steps)
		murder.Because = slices.Clone(murder.Because)
		br()
		err := pz.Verify(ctx)
		require.ErrorIs(t, err, puzzle.ErrBadStep)
		copy(pz.Solution.Steps, saved)
		murder, who = &pz.Solution.Steps[n-2], &pz.Solution.Steps[n-1]
	}
	require.NoError(t, pz.Verify(ctx))
}
