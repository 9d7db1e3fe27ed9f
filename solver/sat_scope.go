package solver

import (
	"context"
	"errors"
	"fmt"
)

// ErrScopeOpen is returned by a question asked of a [SAT] while one of its
// [Scope]s is open, and by [SAT.OpenUnder] when one already is.
var ErrScopeOpen = errors.New("solver: a scope is open on this engine")

// Scope is a set of observations put in force once for many questions:
// the engine propagates the observations and the model's structure once,
// when the scope opens, and each question then starts from there instead
// of from nothing. Between [SAT.OpenUnder] and [Scope.Close] the engine
// answers only through the scope (its other methods return
// [ErrScopeOpen]), and the problem may not grow.
type Scope struct {
	s    *SAT
	none bool // the observations admit no world
	done bool
}

// OpenUnder opens a scope for the observations listed by id, with the
// model's structure. Unknown ids are an error, and so is a scope already
// open on the engine.
func (s *SAT) OpenUnder(ctx context.Context, ids []int) (*Scope, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.scope != nil {
		return nil, ErrScopeOpen
	}
	s.sync()
	for _, id := range ids {
		if id < 0 || id >= len(s.acts) {
			return nil, fmt.Errorf("solver: unknown observation id %d", id)
		}
	}
	sc := &Scope{s: s}
	s.scope, s.scoped = sc, true
	if s.dead {
		sc.none = true
		return sc, nil
	}
	s.g.Assume(s.assumptions(ids)...)
	if r, _ := s.g.Test(nil); r == -1 {
		sc.none = true
	}
	return sc, nil
}

// Implies tells whether the scope's observations, with the model's
// structure, imply f, as [SAT.ImpliesUnder] does, with a witness world
// when they do not; the answer's Used is always nil. It returns an error
// for a fact naming an unknown card or holder, for a closed scope, and
// the context's error when ctx is done.
func (sc *Scope) Implies(ctx context.Context, f Fact) (Entailment, error) {
	if sc.done {
		return Entailment{}, errors.New("solver: the scope is closed")
	}
	if err := ctx.Err(); err != nil {
		return Entailment{}, err
	}
	s := sc.s
	l, err := s.factLit(f)
	if err != nil {
		return Entailment{}, err
	}
	if sc.none {
		return Entailment{Implied: true}, nil
	}
	// A scope of its own for the fact's negation: unit propagation alone
	// often refutes it; otherwise a search, from the propagated scope.
	s.g.Assume(l.Not())
	r, _ := s.g.Test(nil)
	if r == 0 {
		r = s.g.Try(forever)
	}
	var w World
	if r == 1 {
		w = s.world()
	}
	if s.g.Untest() == -1 {
		// The search learnt that the scope's observations admit no world.
		sc.none = true
	}
	if r == 1 {
		return Entailment{Witness: w}, nil
	}
	return Entailment{Implied: true}, nil
}

// Propagates tells whether unit propagation from the scope's
// observations and the model's structure proves f (f's negation assumed,
// a conflict follows), without a search: true means the observations
// imply f, false tells nothing. It is the first step of
// [Scope.Implies], for a caller that has cheaper ways than a search to
// show f false. It returns an error for a fact naming an unknown card or
// holder, for a closed scope, and the context's error when ctx is done.
func (sc *Scope) Propagates(ctx context.Context, f Fact) (bool, error) {
	if sc.done {
		return false, errors.New("solver: the scope is closed")
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s := sc.s
	l, err := s.factLit(f)
	if err != nil {
		return false, err
	}
	if sc.none {
		return true, nil
	}
	s.g.Assume(l.Not())
	r, _ := s.g.Test(nil)
	if s.g.Untest() == -1 {
		sc.none = true
	}
	return r == -1, nil
}

// Close closes the scope, the engine answering its other methods again.
// Closing a closed scope does nothing.
func (sc *Scope) Close() {
	if sc.done {
		return
	}
	sc.done = true
	sc.s.scope, sc.s.scoped = nil, false
	if !sc.s.dead {
		sc.s.g.Untest()
	}
}
