package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Level is a puzzle's difficulty as measured by [Solve].
type Level uint8

// The difficulty levels, easiest first.
const (
	Easy   Level = iota // unit propagation alone reaches the answer
	Medium              // propagation with case analysis of one level reaches it
	Hard                // a deeper argument is needed
)

// Levels are the levels, easiest first.
var Levels = []Level{Easy, Medium, Hard}

// String is "easy", "medium" or "hard".
func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel reads "easy", "medium" or "hard" (any case).
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(strings.TrimSpace(s), l.String()) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("puzzle: unknown difficulty %q (want easy, medium or hard)", s)
}

// Grade is the measured difficulty of a puzzle.
type Grade struct {
	Level      Level
	Clues      int // observations in the clue set
	Steps      int // steps of the worked solution
	CaseSplits int // steps that need case analysis of one level
	Deep       int // steps that need a deeper argument
}

// String is "medium (9 clues, 14 steps, 2 by cases)" and the like.
func (g Grade) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%d clues, %d steps", g.Level, g.Clues, g.Steps)
	if g.CaseSplits > 0 {
		fmt.Fprintf(&b, ", %d by cases", g.CaseSplits)
	}
	if g.Deep > 0 {
		fmt.Fprintf(&b, ", %d deeper", g.Deep)
	}
	b.WriteString(")")
	return b.String()
}

// Errors of the measurements.
var (
	// ErrNotUnique is returned when the givens and clues leave worlds with
	// another answer.
	ErrNotUnique = errors.New("puzzle: the answer is not unique")
	// ErrNotMinimal is returned when some clue can be dropped with the
	// answer staying unique.
	ErrNotMinimal = errors.New("puzzle: the clue set is not minimal")
	// ErrInconsistent is returned when the givens and clues admit no world.
	ErrInconsistent = errors.New("puzzle: the observations admit no world")
)

// Instance is a question over a problem: the observations that are always
// given, the clues, and the facts that pin down the answer. Ids are
// observation ids of Problem.
type Instance struct {
	Problem *solver.Problem
	Givens  []int
	Clues   []int
	Answer  []solver.Fact
}

// obs is givens followed by clues.
func (in *Instance) obs(clues []int) []int {
	return append(slices.Clone(in.Givens), clues...)
}

// check rejects an instance with bad ids or facts.
func (in *Instance) check() error {
	if in.Problem == nil {
		return errors.New("puzzle: no problem")
	}
	n := len(in.Problem.Observations())
	for _, id := range append(slices.Clone(in.Givens), in.Clues...) {
		if id < 0 || id >= n {
			return fmt.Errorf("puzzle: unknown observation id %d", id)
		}
	}
	m := in.Problem.Model()
	if len(in.Answer) == 0 {
		return errors.New("puzzle: no answer facts")
	}
	for _, f := range in.Answer {
		if !m.ValidCard(f.Card) || !m.ValidHolder(f.Holder) {
			return fmt.Errorf("puzzle: answer fact names an unknown card %d or holder %d", f.Card, f.Holder)
		}
	}
	return nil
}

// Unique reports whether the givens and clues of in imply every answer fact.
// It returns ErrInconsistent when they admit no world.
func Unique(ctx context.Context, in *Instance) (bool, error) {
	if err := in.check(); err != nil {
		return false, err
	}
	return unique(ctx, in, in.Clues)
}

func unique(ctx context.Context, in *Instance, clues []int) (bool, error) {
	return uniqueBy(ctx, in, clues, true)
}

// uniqueBy is Unique for the given clues; fast lets propagation settle the
// cases it can before the SAT engine is asked.
func uniqueBy(ctx context.Context, in *Instance, clues []int, fast bool) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	ids := in.obs(clues)
	open := in.Answer
	if fast {
		r := solver.NewPropagator(in.Problem, ids).Run(nil)
		if r.Conflict() != nil {
			return false, ErrInconsistent
		}
		open = make([]solver.Fact, 0, len(in.Answer))
		for _, f := range in.Answer {
			if !r.Fixed(f) {
				open = append(open, f)
			}
		}
		if len(open) == 0 {
			return true, nil // propagation is sound: nothing more to check
		}
	}
	s := solver.NewSAT(in.Problem.Subset(ids))
	if !s.Consistent() {
		return false, ErrInconsistent
	}
	for _, f := range open {
		if !s.Implies(f) {
			return false, nil
		}
	}
	return true, nil
}

// Minimize returns a minimal subset of in's clues, in the order of
// in.Clues, that keeps the answer unique: it first narrows the clues to the
// union of the SAT engine's explanations of the answer facts, then tries to
// drop each remaining clue in the order given by rng (in order when rng is
// nil), keeping it out when the answer stays unique. It returns
// ErrNotUnique when all of in's clues do not make the answer unique.
func Minimize(ctx context.Context, in *Instance, rng *rand.Rand) ([]int, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	ok, err := unique(ctx, in, in.Clues)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotUnique
	}
	keep, err := whyUnion(ctx, in)
	if err != nil {
		return nil, err
	}
	order := slices.Clone(keep)
	if rng != nil {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	for _, c := range order {
		try := slices.DeleteFunc(slices.Clone(keep), func(x int) bool { return x == c })
		ok, err := unique(ctx, in, try)
		if err != nil {
			return nil, err
		}
		if ok {
			keep = try
		}
	}
	return keep, nil
}

// whyUnion is the clues, in in.Clues order, that appear in the SAT engine's
// minimal explanation of some answer fact: together they imply every
// answer fact.
func whyUnion(ctx context.Context, in *Instance) ([]int, error) {
	ids := in.obs(in.Clues)
	s := solver.NewSAT(in.Problem.Subset(ids))
	used := map[int]bool{}
	for _, f := range in.Answer {
		why, err := s.Why(ctx, f)
		if err != nil {
			if errors.Is(err, solver.ErrInconsistent) {
				return nil, ErrInconsistent
			}
			if errors.Is(err, solver.ErrNotImplied) {
				return nil, ErrNotUnique
			}
			return nil, err
		}
		for _, i := range why {
			used[ids[i]] = true
		}
	}
	var out []int
	for _, c := range in.Clues {
		if used[c] {
			out = append(out, c)
		}
	}
	return out, nil
}

// Minimal checks that in's answer is unique and that dropping any one clue
// leaves a world with another answer. It returns nil, ErrNotUnique,
// ErrNotMinimal (wrapped, naming the clue that can go) or another error.
// It asks the SAT engine only, so that it checks independently what
// [Minimize] found with the help of propagation.
func Minimal(ctx context.Context, in *Instance) error {
	if err := in.check(); err != nil {
		return err
	}
	ok, err := uniqueBy(ctx, in, in.Clues, false)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotUnique
	}
	for i, c := range in.Clues {
		try := slices.Delete(slices.Clone(in.Clues), i, i+1)
		ok, err := uniqueBy(ctx, in, try, false)
		if err != nil {
			return err
		}
		if ok {
			return fmt.Errorf("%w: observation %d can be dropped", ErrNotMinimal, c)
		}
	}
	return nil
}
