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

// Level is a puzzle's difficulty, read from its worked solution's
// structure by [Solve]: the deepest supposition.
type Level uint8

// The difficulty levels, easiest first.
const (
	Easy   Level = iota // no supposition: each step reads one rule or line
	Medium              // suppositions, none nested in another
	Hard                // a supposition nested inside another (or deeper)
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

// Grade is the measured difficulty of a puzzle: its level and the
// structure of its worked solution.
type Grade struct {
	Level        Level
	Clues        int // observations in the clue set
	Steps        int // steps of the worked solution, nested ones included, contradictions not
	Suppositions int // Suppose steps, nested ones included
	Depth        int // the deepest nesting of suppositions (0: none)
	Widest       int // the most lines and steps one step cites
}

// String is "medium (9 clues, 14 steps, 2 suppositions, depth 1, widest
// step 4)" and the like.
func (g Grade) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%d clues, %d steps", g.Level, g.Clues, g.Steps)
	if g.Suppositions > 0 {
		fmt.Fprintf(&b, ", %d supposition", g.Suppositions)
		if g.Suppositions > 1 {
			b.WriteString("s")
		}
		fmt.Fprintf(&b, " %d deep", g.Depth)
	}
	fmt.Fprintf(&b, ", widest step %d)", g.Widest)
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
//
// An Instance keeps a SAT engine of its problem once one is needed, and is
// therefore not safe for concurrent use; instances made by [Search] share
// the candidate's engine.
type Instance struct {
	Problem *solver.Problem
	Givens  []int
	Clues   []int
	Answer  []solver.Fact
	// Conclude checks a Conclude step of a worked solution ([CheckSteps]):
	// that the game's rule gives claim from the facts the step cites. Nil
	// when the game's solutions have no such steps.
	Conclude func(claim string, cited []solver.Fact) error

	sat        *solver.SAT
	satFor     *solver.Problem
	consistent []int      // ascending ids known to admit a world, with the engine
	witnesses  *witnesses // worlds found where an answer fact is false, with the engine
}

// obs is givens followed by clues.
func (in *Instance) obs(clues []int) []int {
	return append(slices.Clone(in.Givens), clues...)
}

// engine is the SAT engine of in's problem, built on first use.
func (in *Instance) engine() *solver.SAT {
	if in.sat == nil || in.satFor != in.Problem {
		in.sat, in.satFor, in.consistent = solver.NewSAT(in.Problem), in.Problem, nil
		in.witnesses = &witnesses{}
	}
	return in.sat
}

// derive is an instance over the same problem and engine with other clues.
func (in *Instance) derive(clues []int) *Instance {
	return &Instance{Problem: in.Problem, Givens: in.Givens, Clues: clues, Answer: in.Answer, sat: in.sat, satFor: in.satFor, consistent: in.consistent, witnesses: in.witnesses}
}

// knownConsistent reports whether ids are among a set already found to
// admit a world.
func (in *Instance) knownConsistent(ids []int) bool {
	if in.sat == nil || in.satFor != in.Problem || len(in.consistent) == 0 {
		return false
	}
	for _, id := range ids {
		if _, ok := slices.BinarySearch(in.consistent, id); !ok {
			return false
		}
	}
	return true
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
	_, ok, err := uniqueBy(ctx, in, clues, true)
	return ok, err
}

// uniqueBy is Unique for the given clues; fast lets propagation settle the
// cases it can before the SAT engine is asked. When unique, used is a
// subset of clues that keeps the answer unique (clues itself when
// propagation settled it).
func uniqueBy(ctx context.Context, in *Instance, clues []int, fast bool) (used []int, ok bool, err error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	ids := in.obs(clues)
	open := in.Answer
	if fast {
		r := solver.NewPropagator(in.Problem, ids).Run(nil)
		if r.Conflict() != nil {
			return nil, false, ErrInconsistent
		}
		open = make([]solver.Fact, 0, len(in.Answer))
		for _, f := range in.Answer {
			if !r.Fixed(f) {
				open = append(open, f)
			}
		}
		if len(open) == 0 {
			return clues, true, nil // propagation is sound: nothing more to check
		}
	}
	need := map[int]bool{}
	for _, f := range open {
		u, implied, err := in.implies(ctx, ids, f)
		if err != nil || !implied {
			return nil, false, err // a world without f: consistent, and not unique
		}
		for _, id := range u {
			need[id] = true
		}
	}
	// Implied, or vacuously so: rule the latter out, once for a set and
	// all its subsets.
	if !in.knownConsistent(ids) {
		consistent, err := in.engine().ConsistentUnder(steady(ctx), ids)
		if err != nil {
			return nil, false, err
		}
		if !consistent {
			return nil, false, ErrInconsistent
		}
		in.consistent = slices.Sorted(slices.Values(ids))
	}
	if len(open) < len(in.Answer) {
		return clues, true, nil // some facts rest on propagation over all clues
	}
	for _, c := range clues {
		if need[c] {
			used = append(used, c)
		}
	}
	return used, true, nil
}

// Minimize returns a minimal subset of in's clues, in the order of
// in.Clues, that keeps the answer unique: it tries to drop each clue in the
// order given by rng (in order when rng is nil) and keeps it out when the
// answer stays unique. It keeps, for each answer fact, the clues the SAT
// engine's last proof of it used: dropping a clue rechecks only the facts
// whose proof used it, and clues no proof uses go at once. It returns
// ErrNotUnique when all of in's clues do not make the answer unique.
func Minimize(ctx context.Context, in *Instance, rng *rand.Rand) ([]int, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	if _, ok, err := uniqueBy(ctx, in, in.Clues, false); err != nil || !ok {
		if err == nil {
			err = ErrNotUnique
		}
		return nil, err
	}
	isClue := make(map[int]bool, len(in.Clues))
	for _, c := range in.Clues {
		isClue[c] = true
	}
	onlyClues := func(ids []int) map[int]bool {
		out := map[int]bool{}
		for _, id := range ids {
			if isClue[id] {
				out[id] = true
			}
		}
		return out
	}
	usedBy := make([]map[int]bool, len(in.Answer))
	for i, f := range in.Answer {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		u, ok, err := in.implies(ctx, in.obs(in.Clues), f)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, ErrNotUnique
		}
		usedBy[i] = onlyClues(u)
	}
	keepSet := func() []int {
		var out []int
		for _, c := range in.Clues {
			for _, u := range usedBy {
				if u[c] {
					out = append(out, c)
					break
				}
			}
		}
		return out
	}
	keep := keepSet()
	order := slices.Clone(keep)
	if rng != nil {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	for _, c := range order {
		if !slices.Contains(keep, c) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		try := in.obs(slices.DeleteFunc(slices.Clone(keep), func(x int) bool { return x == c }))
		fresh := map[int]map[int]bool{}
		ok := true
		for i, f := range in.Answer {
			if !usedBy[i][c] {
				continue // its proof did not use c
			}
			u, implied, err := in.implies(ctx, try, f)
			if err != nil {
				return nil, err
			}
			if !implied {
				ok = false
				break
			}
			fresh[i] = onlyClues(u)
		}
		if ok {
			for i, u := range fresh {
				usedBy[i] = u
			}
			keep = keepSet()
		}
	}
	return keep, nil
}

// whyUnder is a minimal subset of ids implying f (which they must imply),
// found by deletion on in's engine.
func whyUnder(ctx context.Context, in *Instance, ids []int, f solver.Fact) ([]int, error) {
	keep, ok, err := in.implies(ctx, ids, f)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotUnique
	}
	for _, c := range slices.Clone(keep) {
		if !slices.Contains(keep, c) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		try := slices.DeleteFunc(slices.Clone(keep), func(x int) bool { return x == c })
		used, ok, err := in.implies(ctx, try, f)
		if err != nil {
			return nil, err
		}
		if ok {
			keep = used
		}
	}
	return keep, nil
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
	_, ok, err := uniqueBy(ctx, in, in.Clues, false)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotUnique
	}
	for i, c := range in.Clues {
		try := slices.Delete(slices.Clone(in.Clues), i, i+1)
		_, ok, err := uniqueBy(ctx, in, try, false)
		if err != nil {
			return err
		}
		if ok {
			return fmt.Errorf("%w: observation %d can be dropped", ErrNotMinimal, c)
		}
	}
	return nil
}

// steady is ctx without its cancellation, for the SAT engine's calls: a
// cancellable context makes the engine search in time slices, and where a
// slice ends changes which proof it finds, so results would depend on the
// machine's load. Each call here is short; the loops around them check
// ctx between calls.
func steady(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }

// implies tells whether the observations ids imply f: first by a world
// already found that satisfies them and falsifies f, then by the SAT
// engine, whose counter-example, when there is one, is kept for later
// questions. When implied, used is the part of ids the proof rested on.
func (in *Instance) implies(ctx context.Context, ids []int, f solver.Fact) (used []int, implied bool, err error) {
	s := in.engine()
	if in.witnesses.find(in.Problem, ids, f) {
		return nil, false, nil
	}
	e, err := s.ImpliesUnder(steady(ctx), ids, f)
	if err != nil {
		return nil, false, err
	}
	if !e.Implied {
		in.witnesses.add(e.Witness)
		return nil, false, nil
	}
	return e.Used, true, nil
}

// witnesses are deals found by the SAT engine, each with what is known of
// which observations it satisfies.
type witnesses struct {
	ws []witness
}

type witness struct {
	w      solver.World
	status []int8 // per observation id: 0 not yet evaluated, 1 satisfied, -1 violated
}

// maxWitnesses bounds the cache; the oldest go first.
const maxWitnesses = 256

func (c *witnesses) add(w solver.World) {
	if len(c.ws) == maxWitnesses {
		c.ws = c.ws[1:]
	}
	c.ws = append(c.ws, witness{w: w})
}

// find reports whether some kept world satisfies every observation of ids
// and falsifies f.
func (c *witnesses) find(p *solver.Problem, ids []int, f solver.Fact) bool {
	obs := p.Observations()
	for i := len(c.ws) - 1; i >= 0; i-- {
		x := &c.ws[i]
		if (x.w[f.Card] == f.Holder) == f.Holds {
			continue
		}
		if len(x.status) < len(obs) {
			x.status = append(x.status, make([]int8, len(obs)-len(x.status))...)
		}
		all := true
		for _, id := range ids {
			if x.status[id] == 0 {
				x.status[id] = 1
				for _, k := range obs[id].Constraints {
					if !k.Satisfied(x.w) {
						x.status[id] = -1
						break
					}
				}
			}
			if x.status[id] < 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
