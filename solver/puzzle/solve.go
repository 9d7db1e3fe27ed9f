package puzzle

import (
	"context"
	"errors"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// StepKind is how a step of a worked solution is justified.
type StepKind uint8

// The kinds of step, from the plainest.
const (
	// Propagated: one observation or rule of the game, with earlier steps,
	// leaves the facts no other value.
	Propagated StepKind = iota
	// ByCases: supposing the opposite of the fact, propagation reaches a
	// contradiction (case analysis of one level).
	ByCases
	// Deeper: the fact follows from the observations cited by an argument
	// that neither of the above finds (deeper case analysis, counting).
	Deeper
)

// String is "propagated", "by cases" or "deeper".
func (k StepKind) String() string {
	switch k {
	case Propagated:
		return "propagated"
	case ByCases:
		return "by cases"
	case Deeper:
		return "deeper"
	}
	return "StepKind(?)"
}

// Step is one deduction of a worked solution.
type Step struct {
	Kind StepKind
	// Facts are what the step establishes. A Propagated step may group
	// several facts that the same rule gives about the same holder, all
	// true or all false, or that one card is with none of several holders;
	// other steps establish one fact.
	Facts []solver.Fact
	// Rule is the observation or game rule a Propagated step applies.
	Rule solver.Rule
	// Observations are, for ByCases and Deeper steps, the observations the
	// argument uses, ascending (for ByCases, those used after the
	// supposition; for Deeper, a minimal set implying the fact).
	Observations []int
	// After are the earlier steps (indices into Solution.Steps, ascending)
	// the step relies on.
	After []int
	// FromStart tells that the step also relies on facts known from the
	// givens alone (the seat's own hand, the exposed cards).
	FromStart bool
}

// Solution is a worked solution: the steps from the givens and the clues
// to the answer, and the grade they measure.
type Solution struct {
	Steps []Step
	Grade Grade
}

// entry is one fact found while solving, before the chain is extracted.
type entry struct {
	fact  solver.Fact
	start bool
	kind  StepKind
	rule  solver.Rule
	obs   []int
	after []int // entry indices
}

type solveState struct {
	in    *Instance
	log   []entry
	index map[solver.Fact]int
}

func (st *solveState) facts() []solver.Fact {
	fs := make([]solver.Fact, len(st.log))
	for i, e := range st.log {
		fs[i] = e.fact
	}
	return fs
}

// absorb logs the trail of r, run with the logged facts as assumptions.
// It returns trail position -> entry index.
func (st *solveState) absorb(r *solver.Propagation, start bool) []int {
	tr := r.Trail()
	at := make([]int, len(tr))
	for i, d := range tr {
		if d.Rule.Kind == solver.RuleAssumed && d.Rule.Index < len(st.log) {
			at[i] = d.Rule.Index
			continue
		}
		if j, ok := st.index[d.Fact]; ok {
			at[i] = j
			continue
		}
		e := entry{fact: d.Fact, start: start, kind: Propagated, rule: d.Rule}
		for _, b := range d.Because {
			e.after = append(e.after, at[b])
		}
		at[i] = st.add(e)
	}
	return at
}

func (st *solveState) add(e entry) int {
	st.index[e.fact] = len(st.log)
	st.log = append(st.log, e)
	return len(st.log) - 1
}

func (st *solveState) done(r *solver.Propagation) bool {
	for _, f := range st.in.Answer {
		if !r.Fixed(f) {
			return false
		}
	}
	return true
}

// Solve works out in's answer from its givens and clues and grades it: unit
// propagation first; when it stalls, case analysis of one level (suppose a
// fact, propagate, and when that breaks a constraint record the opposite
// fact, then propagate again); when that stalls too, the SAT engine's
// minimal explanation of an answer fact still open, recorded as a deeper
// step. The steps kept are those the answer depends on, in the order found.
//
// It returns ErrNotUnique when the answer is not implied and
// ErrInconsistent when the observations admit no world.
func Solve(ctx context.Context, in *Instance) (*Solution, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	return solve(ctx, in, true)
}

// errDeep is solve's answer when deep is false and the answer needs a
// deeper step: the puzzle is Hard.
var errDeep = errors.New("puzzle: a deeper step is needed")

// solve is Solve; with deep false it gives up with errDeep where a deeper
// step would be needed, which grades the puzzle Hard at less cost.
func solve(ctx context.Context, in *Instance, deep bool) (*Solution, error) {
	st := &solveState{in: in, index: map[solver.Fact]int{}}
	r0 := solver.NewPropagator(in.Problem, in.Givens).Run(nil)
	if r0.Conflict() != nil {
		return nil, ErrInconsistent
	}
	st.absorb(r0, true)
	pr := solver.NewPropagator(in.Problem, in.obs(in.Clues))
	if ok, err := unique(ctx, in, in.Clues); err != nil || !ok {
		if err == nil {
			err = ErrNotUnique
		}
		return nil, err
	}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r := pr.Run(st.facts())
		if r.Conflict() != nil {
			return nil, ErrInconsistent
		}
		at := st.absorb(r, false)
		if st.done(r) {
			break
		}
		if st.probe(r, at) {
			continue
		}
		if !deep {
			return nil, errDeep
		}
		// Deeper: of the facts still open that the observations imply,
		// record the one resting on the fewest observations (an answer
		// fact on a tie), then go back to propagation.
		e, err := st.deeper(ctx, r)
		if err != nil {
			return nil, err
		}
		st.add(e)
	}
	return st.chain(), nil
}

// probe tries every open fact of r both ways; at the first supposition
// whose propagation breaks a constraint it logs the opposite fact as a
// ByCases entry and reports true.
func (st *solveState) probe(r *solver.Propagation, at []int) bool {
	m := st.in.Problem.Model()
	base := len(r.Trail())
	// Refuting "c is not with h" places c outright, which makes shorter
	// chains than ruling out its other places one by one: try those
	// suppositions first.
	for _, v := range []bool{false, true} {
		for c := 0; c < m.NumCards(); c++ {
			for h := 0; h < m.NumHolders(); h++ {
				if r.Status(solver.Card(c), solver.Holder(h)) != solver.Open {
					continue
				}
				sup := solver.Fact{Card: solver.Card(c), Holder: solver.Holder(h), Holds: v}
				q := r.With(sup)
				k := q.Conflict()
				if k == nil {
					continue
				}
				e := entry{fact: solver.Fact{Card: sup.Card, Holder: sup.Holder, Holds: !v}, kind: ByCases}
				// Walk back from the broken constraint through the
				// hypothetical part of the trail.
				tr := q.Trail()
				seen := map[int]bool{}
				obs := map[int]bool{}
				if k.Rule.Kind == solver.RuleObservation {
					obs[k.Rule.Index] = true
				}
				stack := slices.Clone(k.Because)
				after := map[int]bool{}
				for len(stack) > 0 {
					i := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					if seen[i] {
						continue
					}
					seen[i] = true
					if i < base {
						after[at[i]] = true
						continue
					}
					d := tr[i]
					if d.Rule.Kind == solver.RuleObservation {
						obs[d.Rule.Index] = true
					}
					stack = append(stack, d.Because...)
				}
				for o := range obs {
					e.obs = append(e.obs, o)
				}
				slices.Sort(e.obs)
				for a := range after {
					e.after = append(e.after, a)
				}
				slices.Sort(e.after)
				st.add(e)
				return true
			}
		}
	}
	return false
}

// chain keeps the entries the answer depends on, groups them into steps
// and grades the result.
func (st *solveState) chain() *Solution {
	need := make([]bool, len(st.log))
	var stack []int
	for _, f := range st.in.Answer {
		stack = append(stack, st.index[f])
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if need[i] {
			continue
		}
		need[i] = true
		stack = append(stack, st.log[i].after...)
	}
	sol := &Solution{}
	stepOf := make([]int, len(st.log))
	for i, e := range st.log {
		stepOf[i] = -1
		if !need[i] || e.start {
			continue
		}
		var after []int
		fromStart := false
		for _, a := range e.after {
			if st.log[a].start {
				fromStart = true
			} else {
				after = append(after, stepOf[a])
			}
		}
		// Group with the previous step when the same rule gives another
		// fact about the same holder, of the same truth, from no step
		// found after it.
		if n := len(sol.Steps); n > 0 && e.kind == Propagated {
			prev := &sol.Steps[n-1]
			sameHolder := prev.Facts[0].Holder == e.fact.Holder && prev.Facts[0].Holds == e.fact.Holds
			// "c is in one place" rules out several holders of c at once.
			sameCard := e.rule.Kind == solver.RuleOneHolder && !e.fact.Holds && !prev.Facts[0].Holds &&
				prev.Facts[0].Card == e.fact.Card
			if prev.Kind == Propagated && prev.Rule == e.rule && (sameHolder || sameCard) &&
				!slices.Contains(after, n-1) {
				prev.Facts = append(prev.Facts, e.fact)
				prev.After = mergeSorted(prev.After, after)
				prev.FromStart = prev.FromStart || fromStart
				stepOf[i] = n - 1
				continue
			}
		}
		slices.Sort(after)
		after = slices.Compact(after)
		sol.Steps = append(sol.Steps, Step{
			Kind:         e.kind,
			Facts:        []solver.Fact{e.fact},
			Rule:         e.rule,
			Observations: e.obs,
			After:        after,
			FromStart:    fromStart,
		})
		stepOf[i] = len(sol.Steps) - 1
	}
	sol.Steps = mergePlaces(sol.Steps)
	g := Grade{Clues: len(st.in.Clues), Steps: len(sol.Steps)}
	for _, s := range sol.Steps {
		switch s.Kind {
		case ByCases:
			g.CaseSplits++
		case Deeper:
			g.Deep++
		}
	}
	switch {
	case g.Deep > 0:
		g.Level = Hard
	case g.CaseSplits > 0:
		g.Level = Medium
	}
	sol.Grade = g
	return sol
}

func mergeSorted(a, b []int) []int {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// maxDeepCandidates bounds the implied facts explained when choosing a
// deeper step.
const maxDeepCandidates = 12

// deeper finds the deeper step: among the facts open in r that the
// observations imply (answer facts first, at most maxDeepCandidates), the
// one whose proof used the fewest observations, with a minimal explanation.
func (st *solveState) deeper(ctx context.Context, r *solver.Propagation) (entry, error) {
	in := st.in
	ids := in.obs(in.Clues)
	var cands []solver.Fact
	for _, f := range in.Answer {
		if !r.Fixed(f) {
			cands = append(cands, f)
		}
	}
	m := in.Problem.Model()
	for c := range m.NumCards() {
		for h := range m.NumHolders() {
			if r.Status(solver.Card(c), solver.Holder(h)) != solver.Open {
				continue
			}
			for _, v := range []bool{true, false} {
				f := solver.Fact{Card: solver.Card(c), Holder: solver.Holder(h), Holds: v}
				if !slices.Contains(cands, f) {
					cands = append(cands, f)
				}
			}
		}
	}
	// Rank the implied facts by the observations their proofs used (the
	// engine's failed assumptions, cheap but not minimal), then explain
	// the best one minimally.
	var best solver.Fact
	bestUsed, found := -1, 0
	for _, f := range cands {
		if found == maxDeepCandidates {
			break
		}
		used, ok, err := in.implies(ctx, ids, f)
		if err != nil {
			return entry{}, err
		}
		if !ok {
			continue
		}
		found++
		if bestUsed < 0 || len(used) < bestUsed {
			best, bestUsed = f, len(used)
		}
	}
	if found == 0 {
		return entry{}, ErrNotUnique
	}
	why, err := whyUnder(ctx, in, ids, best)
	if err != nil {
		return entry{}, err
	}
	return entry{fact: best, kind: Deeper, obs: slices.Sorted(slices.Values(why))}, nil
}

// mergePlaces joins neighbouring steps that rule several cards out of the
// same places by "every card is in one place" from the same earlier steps
// ("AS, 2S and AH are with none of bob or carol"), renumbering the steps
// that cite them.
func mergePlaces(steps []Step) []Step {
	places := func(st Step) ([]solver.Holder, bool) {
		if st.Kind != Propagated || st.Rule.Kind != solver.RuleOneHolder {
			return nil, false
		}
		var hs []solver.Holder
		for _, f := range st.Facts {
			if f.Holds || f.Card != st.Facts[0].Card {
				return nil, false
			}
			hs = append(hs, f.Holder)
		}
		slices.Sort(hs)
		return hs, true
	}
	newIndex := make([]int, len(steps))
	var out []Step
	for i, st := range steps {
		if n := len(out); n > 0 && i > 0 {
			prev := &out[n-1]
			a, okA := places(steps[i-1])
			b, okB := places(st)
			if okA && okB && slices.Equal(a, b) && prev.Kind == Propagated && prev.Rule.Kind == solver.RuleOneHolder &&
				!slices.Contains(st.After, i-1) && sameAfter(steps[i-1], st, newIndex) {
				prev.Facts = append(prev.Facts, st.Facts...)
				prev.FromStart = prev.FromStart || st.FromStart
				newIndex[i] = n - 1
				continue
			}
		}
		st.After = remap(st.After, newIndex)
		out = append(out, st)
		newIndex[i] = len(out) - 1
	}
	return out
}

// sameAfter reports whether two steps rely on the same earlier steps.
func sameAfter(a, b Step, newIndex []int) bool {
	return slices.Equal(remap(a.After, newIndex), remap(b.After, newIndex)) && a.FromStart == b.FromStart
}

func remap(after []int, newIndex []int) []int {
	out := make([]int, 0, len(after))
	for _, a := range after {
		out = append(out, newIndex[a])
	}
	slices.Sort(out)
	return slices.Compact(out)
}
