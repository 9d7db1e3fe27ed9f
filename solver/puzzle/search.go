package puzzle

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// ErrNoPuzzle is returned by [Search] when a candidate yields no puzzle of
// the level asked for (or no puzzle at all: the answer never becomes
// unique).
var ErrNoPuzzle = errors.New("puzzle: no puzzle of that level found")

// ErrImpossible is wrapped by a game's generator when no puzzle of the
// level asked for can be made at all with the game's rules and player
// count; the error says why.
var ErrImpossible = errors.New("puzzle: no such puzzle can be made")

// Puzzle is a verified puzzle: an instance whose clue set is minimal and
// whose answer is unique, with its worked solution and measured grade.
type Puzzle struct {
	Instance
	Solution *Solution
}

// SearchOptions steer [Search].
type SearchOptions struct {
	// Level is the grade wanted; Any accepts every grade.
	Level Level
	Any   bool
	// Tries is how many deletion orders are tried on the candidate (at
	// least 1).
	Tries int
	// Whole minimises all the candidate's clues instead of the shortest
	// prefix that makes the answer unique: more freedom for the deletion
	// orders, so more varied clue sets, when the first moment the answer is
	// unique gives little choice.
	Whole bool
	// MinClues are the fewest clues a puzzle of each level (indexed by
	// Level) may have; a clue set with fewer is not kept. Zero values
	// take DefaultMinClues.
	MinClues [3]int
}

// DefaultMinClues are the fewest clues a puzzle of each level has, easy
// first: one line alone is a look-up, not a puzzle, and an argument with
// suppositions, nested or not, takes a few lines to set up
// (docs/puzzles.md).
var DefaultMinClues = [3]int{2, 3, 4}

// Search finds a puzzle in a candidate: an instance whose Clues are every
// clue of a game from one seat, in the order they happened. It takes the
// shortest prefix of the clues that makes the answer unique (the first
// moment the seat could answer; all of them with opt.Whole), minimises it in up to opt.Tries random
// deletion orders drawn from rng, grades each result, and returns the
// first of the level asked for after checking it again with [Minimal]. It
// returns ErrNoPuzzle when no try gives that level.
func Search(ctx context.Context, cand *Instance, rng *rand.Rand, opt SearchOptions) (*Puzzle, error) {
	if err := cand.check(); err != nil {
		return nil, err
	}
	n := len(cand.Clues)
	if !opt.Whole {
		var err error
		if n, err = shortestPrefix(ctx, cand); err != nil {
			return nil, err
		}
	}
	pre := cand.derive(cand.Clues[:n])
	seen := map[string]bool{}
	for try := 0; try < max(1, opt.Tries); try++ {
		var order *rand.Rand
		if try > 0 {
			order = rng
		}
		from := pre
		if !opt.Any && opt.Level == Easy {
			// Drop first what propagation alone can do without: the set
			// left is usually minimal already, and easy.
			from = pre.derive(propagationMinimize(pre, order))
		}
		clues, err := Minimize(ctx, from, order)
		if errors.Is(err, ErrNotUnique) {
			return nil, ErrNoPuzzle // only with opt.Whole: never unique
		}
		if err != nil {
			return nil, err
		}
		key := string(intsKey(clues))
		if seen[key] {
			continue
		}
		seen[key] = true
		in := pre.derive(clues)
		if len(clues) == 0 {
			continue // known from the givens alone: no puzzle
		}
		sol, err := solve(ctx, in, opt.Any || opt.Level == Hard)
		if errors.Is(err, errDeep) || errors.Is(err, ErrTooDeep) {
			continue // Hard, not the level asked for; or beyond what a person can follow
		}
		if err != nil {
			return nil, err
		}
		if !opt.Any && sol.Grade.Level != opt.Level {
			continue
		}
		minClues := opt.MinClues[sol.Grade.Level]
		if minClues == 0 {
			minClues = DefaultMinClues[sol.Grade.Level]
		}
		if len(clues) < minClues {
			continue // too few lines for a puzzle of its level
		}
		if err := Minimal(ctx, in); err != nil {
			return nil, err
		}
		return &Puzzle{Instance: *in.derive(in.Clues), Solution: sol}, nil
	}
	return nil, ErrNoPuzzle
}

func intsKey(xs []int) []byte {
	b := make([]byte, 0, 2*len(xs))
	for _, x := range xs {
		b = append(b, byte(x), byte(x>>8))
	}
	return b
}

// shortestPrefix is the least n such that the first n clues make the
// answer unique, or ErrNoPuzzle when all of them do not.
func shortestPrefix(ctx context.Context, cand *Instance) (int, error) {
	ok, err := unique(ctx, cand, cand.Clues)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, ErrNoPuzzle
	}
	lo, hi := 0, len(cand.Clues) // unique(hi); lo-1 < answer
	for lo < hi {
		mid := (lo + hi) / 2
		ok, err := unique(ctx, cand, cand.Clues[:mid])
		if err != nil {
			return 0, err
		}
		if ok {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi, nil
}

// Batch runs job(ctx, i) for i from 0 to count-1 on workers goroutines
// (runtime.GOMAXPROCS(0) when workers < 1) and returns the results in
// order of i, so that they do not depend on scheduling when each job
// depends on i only. done, when not nil, is called after each job (from
// the worker, one call at a time). The first error cancels the rest and is
// returned.
func Batch[T any](ctx context.Context, count, workers int, job func(ctx context.Context, i int) (T, error), done func()) ([]T, error) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]T, count)
	errs := make([]error, count)
	next := make(chan int)
	var mu sync.Mutex
	ran := 0
	var wg sync.WaitGroup
	for range min(workers, max(count, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = job(ctx, i)
				if errs[i] != nil {
					cancel()
				}
				mu.Lock()
				ran++
				if done != nil {
					done()
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range count {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	// Report the first real error in index order, not a cancellation it
	// caused.
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return nil, err
		}
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if ran != count {
		return nil, context.Cause(ctx)
	}
	return out, nil
}

// propagationMinimize drops clues of in, in the order of rng (in order when
// nil), while unit propagation still fixes every answer fact; it returns
// in.Clues when propagation does not fix them all to begin with.
func propagationMinimize(in *Instance, rng *rand.Rand) []int {
	fixes := func(clues []int) bool {
		r := solver.NewPropagator(in.Problem, in.obs(clues)).Run(nil)
		if r.Conflict() != nil {
			return false
		}
		for _, f := range in.Answer {
			if !r.Fixed(f) {
				return false
			}
		}
		return true
	}
	keep := slices.Clone(in.Clues)
	if !fixes(keep) {
		return keep
	}
	order := slices.Clone(keep)
	if rng != nil {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	for _, c := range order {
		try := slices.DeleteFunc(slices.Clone(keep), func(x int) bool { return x == c })
		if fixes(try) {
			keep = try
		}
	}
	return keep
}
