package solver

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"time"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
)

// ErrInconsistent is returned when a question needs a world and the problem
// has none.
var ErrInconsistent = errors.New("solver: the observations admit no world")

// ErrNotImplied is returned by [SAT.Why] for a fact that some world
// contradicts.
var ErrNotImplied = errors.New("solver: the fact is not implied by the observations")

// SAT is the satisfiability engine: it answers which facts are forced or
// impossible, why, which observations conflict, and lists worlds.
//
// The model's structure (every card with exactly one allowed holder, every
// holder's size) is background knowledge, always in force. Each observation
// is switched on by its own activation literal, so that answers can name the
// observations they rest on; background is never named.
//
// A SAT reads its problem lazily: observations added to the problem after
// NewSAT are picked up by the next call. The model must not change. A SAT
// is not safe for concurrent use.
type SAT struct {
	p *Problem
	giniSolver
	t    z.Lit     // the constant true literal
	bg   z.Lit     // guards the model's structure; always assumed
	x    [][]z.Lit // x[card][holder]; t.Not() where the holder is not allowed
	acts []z.Lit   // acts[id] switches observation id on
	buf  []z.Lit
	tbuf []z.Lit
	// worldAt is the number of observations under which a world was last
	// found, -1 before any: adding observations can only remove worlds.
	worldAt int
	x0      z.Var // the variable of x[0][0]; x[c][h] is x0 + c*holders + h when allowed
	// scope is the open scope (nil for none): until it closes, the
	// engine answers only through it.
	scope *Scope
}

// NewSAT returns the SAT engine of p, with the model's structure encoded.
func NewSAT(p *Problem) *SAT {
	m := p.Model()
	// Capacity hints: gini grows its tables one variable at a time, and the
	// size encodings dominate (about 8 variables a pair for a 4-card hand).
	pairs := m.NumCards() * m.NumHolders()
	g := gini.NewVc(8*pairs+1024, 24*pairs+4096)
	s := &SAT{p: p, giniSolver: giniSolver{g: g}, worldAt: -1}
	s.t = s.g.Lit()
	s.g.Add(s.t)
	s.g.Add(z.LitNull)
	s.bg = s.g.Lit()
	s.x0 = s.bg.Var() + 1
	s.x = make([][]z.Lit, m.NumCards())
	for c := range s.x {
		row := make([]z.Lit, m.NumHolders())
		for h := range row {
			row[h] = s.g.Lit() // a variable even when not allowed, to keep pairOf simple
			if !m.Allowed(Card(c), Holder(h)) {
				row[h] = s.t.Not()
			}
		}
		s.x[c] = row
	}
	// Every card has exactly one holder: one clause for at least one, and
	// pairwise exclusions (or a BDD for long rows) for at most one. The
	// exclusions need no guard: all indicators false satisfies them.
	for _, row := range s.x {
		live := []z.Lit{s.bg.Not()}
		for _, l := range row {
			if l != s.t.Not() {
				live = append(live, l)
			}
		}
		s.clause(slices.Clone(live)...)
		live = live[1:]
		if len(live) <= 8 {
			for i := range live {
				for j := i + 1; j < len(live); j++ {
					s.clause(live[i].Not(), live[j].Not())
				}
			}
		} else {
			s.addLe(unitTerms(live), 1, s.bg)
		}
	}
	// Every holder's size.
	for h := range m.NumHolders() {
		var live []z.Lit
		for c := range s.x {
			if l := s.x[c][h]; l != s.t.Not() {
				live = append(live, l)
			}
		}
		size := m.HolderSize(Holder(h))
		ts := unitTerms(live)
		s.addLe(ts, size.Max, s.bg)
		s.addGe(ts, size.Min, s.bg)
	}
	s.sync()
	return s
}

func unitTerms(lits []z.Lit) []pbTerm {
	ts := make([]pbTerm, len(lits))
	for i, l := range lits {
		ts[i] = pbTerm{1, l}
	}
	return ts
}

// sync encodes the observations added to the problem since the last call,
// each behind a fresh activation literal.
func (s *SAT) sync() {
	if s.scope != nil {
		return // no clause may be added under a scope; solve refuses
	}
	obs := s.p.Observations()
	for id := len(s.acts); id < len(obs); id++ {
		act := s.g.Lit()
		for _, k := range obs[id].Constraints {
			s.addConstraint(k, act)
		}
		s.acts = append(s.acts, act)
	}
}

// forever is the time limit of a solve that no context can cancel.
const forever = time.Duration(1 << 62)

// giniSolver is a gini instance and whether its clauses alone, without any
// assumption, have been found unsatisfiable.
//
// gini v1.0.1 mishandles a contradiction at decision level 0: it does not
// keep it, and a later solve may return a "model" that violates a clause (or
// stop the process with "internal error in solve"). The encoding avoids
// level-0 contradictions altogether: every clause the all-false assignment
// would violate carries a guard literal (bg or an observation's activation
// literal), so the clause set alone is always satisfiable and every
// contradiction depends on assumed guards. As a second line of defence, an
// unsatisfiable result with no failed assumption marks the instance dead,
// and every later solve answers -1 without calling gini (clauses are only
// ever added, so the answer cannot change).
type giniSolver struct {
	g    *gini.Gini
	dead bool
	// scoped is set while a [Scope] is open: solve then refuses.
	scoped bool
}

// solve runs the solver under the assumptions, returning 1 (a world), -1
// (none) or the context's error. The context is checked before the solve,
// not during it: a single solve on a card game is short (well under a
// millisecond for a six-player Deduce or Die game), and a search that is
// never interrupted keeps every answer, explanations included, independent
// of timing and machine load.
//
// Every solve goes through gini's Try: a plain Solve after a Try would
// inherit the Try's expired deadline.
func (v *giniSolver) solve(ctx context.Context, assume []z.Lit) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if v.scoped {
		return 0, ErrScopeOpen
	}
	if v.dead {
		return -1, nil
	}
	var r int
	if ctx.Done() == nil {
		v.g.Assume(assume...)
		r = v.g.Try(forever)
	} else {
		// A context that can end: solve in slices of time, each twice the
		// last (the learnt clauses are kept from one to the next), and
		// stop between two when it has ended.
		for slice := 20 * time.Millisecond; ; slice = min(2*slice, time.Second) {
			v.g.Assume(assume...)
			if r = v.g.Try(slice); r != 0 {
				break
			}
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
	}
	if r == -1 && len(v.g.Why(nil)) == 0 {
		v.dead = true
	}
	return r, nil
}

// why is the failed assumptions of the last unsatisfiable solve: none when
// the solver is dead.
func (v *giniSolver) why() []z.Lit {
	if v.dead {
		return nil
	}
	return v.g.Why(nil)
}

// assumptions is the background guard, the activation literals of ids and
// extra.
func (s *SAT) assumptions(ids []int, extra ...z.Lit) []z.Lit {
	a := append(s.buf[:0], s.bg)
	for _, id := range ids {
		a = append(a, s.acts[id])
	}
	a = append(a, extra...)
	s.buf = a
	return a
}

// allIDs is every observation id.
func (s *SAT) allIDs() []int {
	ids := make([]int, len(s.acts))
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// Retire puts the observations listed by id out of force for good: a
// question that lists one of them later finds no world, and so do the
// questions about every observation (Consistent, Sheet, Why, Conflict,
// Worlds) unless none is retired. It is for an engine asked only through
// the ...Under methods, whose problem keeps observations that no question
// will list again (a superseded version, a one-off question): the solver
// then never spends a search on them. Unknown ids are an error.
func (s *SAT) Retire(ids []int) error {
	if s.scope != nil {
		return ErrScopeOpen
	}
	s.sync()
	for _, id := range ids {
		if id < 0 || id >= len(s.acts) {
			return fmt.Errorf("solver: unknown observation id %d", id)
		}
	}
	for _, id := range ids {
		s.g.Add(s.acts[id].Not())
		s.g.Add(z.LitNull)
	}
	s.worldAt = -1
	return nil
}

// Commit puts the observations listed by id in force for good: every
// later question has them, whether it lists them or not. The solver works
// them into its clauses once, instead of at every question; in exchange a
// committed observation is no longer a reliable member of a Why or
// Conflict answer (ask a fresh engine for those). It is for a problem
// that grows, whose settled part is asked about again and again.
// Committing observations that admit no world together leaves an engine
// with no world. Unknown ids are an error.
func (s *SAT) Commit(ids []int) error {
	if s.scope != nil {
		return ErrScopeOpen
	}
	s.sync()
	for _, id := range ids {
		if id < 0 || id >= len(s.acts) {
			return fmt.Errorf("solver: unknown observation id %d", id)
		}
	}
	for _, id := range ids {
		s.g.Add(s.acts[id])
		s.g.Add(z.LitNull)
	}
	return nil
}

// Consistent reports whether the problem has a world. It returns the
// context's error when ctx is done.
func (s *SAT) Consistent(ctx context.Context) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.sync()
	return s.consistent(ctx)
}

// consistent solves under all observations, unless a world was already
// found with the same observations, and leaves the model of that world
// when it solves.
func (s *SAT) consistent(ctx context.Context) (bool, error) {
	if s.worldAt == len(s.acts) {
		return true, nil
	}
	r, err := s.solve(ctx, s.assumptions(s.allIDs()))
	if err != nil {
		return false, err
	}
	if r == 1 {
		s.worldAt = len(s.acts)
	}
	return r == 1, nil
}

// Sheet is the status of every (card, holder) pair: forced, impossible or
// open.
type Sheet struct {
	status [][]Status // [card][holder]
}

// Status is what the observations settle about card c and holder h. A pair
// naming an unknown card or holder is Impossible: no world has it.
func (sh *Sheet) Status(c Card, h Holder) Status {
	if c < 0 || int(c) >= len(sh.status) || h < 0 || int(h) >= len(sh.status[c]) {
		return Impossible
	}
	return sh.status[c][h]
}

// factLit is the literal that is true when f holds.
func (s *SAT) factLit(f Fact) (z.Lit, error) {
	m := s.p.Model()
	if !m.ValidCard(f.Card) || !m.ValidHolder(f.Holder) {
		return z.LitNull, fmt.Errorf("solver: fact names an unknown card %d or holder %d", f.Card, f.Holder)
	}
	l := s.x[f.Card][f.Holder]
	if !f.Holds {
		l = l.Not()
	}
	return l, nil
}

// Implies reports whether f is true in every world: vacuously true when
// there is no world. It returns an error for a fact naming an unknown card
// or holder, and the context's error when ctx is done.
func (s *SAT) Implies(ctx context.Context, f Fact) (bool, error) {
	s.sync()
	l, err := s.factLit(f)
	if err != nil {
		return false, err
	}
	r, err := s.solve(ctx, s.assumptions(s.allIDs(), l.Not()))
	if err != nil {
		return false, err
	}
	return r == -1, nil
}

// Why returns a minimal set of observation ids that imply f, in ascending
// order: together with the model's structure they leave no world where f is
// false, and dropping any one of them does. The set is empty (not nil) when
// the model alone implies f.
//
// It returns ErrInconsistent when the problem has no world (every fact then
// holds vacuously; ask [SAT.Conflict] instead), ErrNotImplied when some
// world contradicts f, or an error for a fact naming an unknown card or
// holder.
//
// The set starts as gini's failed assumptions and is then minimised by
// deletion: each member is dropped in turn and kept out when the rest still
// implies f, the rest shrinking to the failed assumptions of that proof.
// Which minimal set is found (there may be several) depends on the solver.
func (s *SAT) Why(ctx context.Context, f Fact) ([]int, error) {
	s.sync()
	l, err := s.factLit(f)
	if err != nil {
		return nil, err
	}
	ok, err := s.consistent(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrInconsistent
	}
	return s.core(ctx, l.Not(), ErrNotImplied)
}

// Conflict returns a minimal set of observation ids, in ascending order,
// that admit no world together: dropping any one of them leaves a world.
// It returns nil, nil when the problem has a world, and an empty (not nil)
// set when the model alone admits none. The set is found as in [SAT.Why].
func (s *SAT) Conflict(ctx context.Context) ([]int, error) {
	s.sync()
	ids, err := s.core(ctx, z.LitNull, nil)
	if err != nil || ids == nil {
		return nil, err
	}
	return ids, nil
}

// core finds a minimal set of observations that, with the literal extra
// assumed (none when extra is LitNull), admit no world. When all the
// observations together admit one it returns nil and ifSat.
func (s *SAT) core(ctx context.Context, extra z.Lit, ifSat error) ([]int, error) {
	var more []z.Lit
	if extra != z.LitNull {
		more = []z.Lit{extra}
	}
	r, err := s.solve(ctx, s.assumptions(s.allIDs(), more...))
	if err != nil {
		return nil, err
	}
	if r == 1 {
		return nil, ifSat
	}
	rest := s.failed(s.allIDs())
	keep := []int{}
	needed := map[int]bool{} // members shown needed by model rotation
	for len(rest) > 0 {
		cand := rest[0]
		rest = rest[1:]
		if needed[cand] {
			keep = append(keep, cand)
			continue
		}
		try := append(slices.Clone(keep), rest...)
		r, err := s.solve(ctx, s.assumptions(try, more...))
		if err != nil {
			return nil, err
		}
		if r == 1 {
			keep = append(keep, cand) // cand is needed
			s.rotate(s.world(), append(slices.Clone(keep), rest...), extra, needed)
			continue
		}
		// The proof without cand may need fewer still: keep only the
		// failed assumptions. Every needed member stays among them.
		rest = s.failed(rest)
	}
	slices.Sort(keep)
	return keep, nil
}

// world is the world of the solver's last model.
func (s *SAT) world() World {
	w := make(World, len(s.x))
	for c, row := range s.x {
		for h, l := range row {
			if l != s.t.Not() && s.g.Value(l) {
				w[c] = Holder(h)
			}
		}
	}
	return w
}

// rotate is model rotation (Marques-Silva and Lynce, 2011) for the
// deletion loop of core: w is a world where extra holds (when it is set)
// and every observation of set but one holds. Each neighbour of w (two
// cards swapped, or one card moved where sizes allow) where extra holds
// and exactly one observation j of set fails proves j needed: without j
// the rest of set admits that world. Such members are marked in needed,
// which saves their solve, and their worlds are rotated in turn.
func (s *SAT) rotate(w World, set []int, extra z.Lit, needed map[int]bool) {
	m := s.p.Model()
	obs := s.p.Observations()
	holds := func(w World) bool { // extra, read on the world
		if extra == z.LitNull {
			return true
		}
		c, h, ok := s.pairOf(extra)
		if !ok {
			return false
		}
		return (w[c] == h) == extra.IsPos()
	}
	// lone is the one observation of set that w violates, or -1.
	lone := func(w World) int {
		j := -1
		for _, id := range set {
			for _, k := range obs[id].Constraints {
				if !k.Satisfied(w) {
					if j >= 0 {
						return -1
					}
					j = id
					break
				}
			}
		}
		return j
	}
	counts := make([]int, m.NumHolders())
	stack := []World{w}
	try := func(w World) {
		if !holds(w) {
			return
		}
		if j := lone(w); j >= 0 && !needed[j] {
			needed[j] = true
			stack = append(stack, slices.Clone(w))
		}
	}
	for len(stack) > 0 {
		w := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		clear(counts)
		for _, h := range w {
			counts[h]++
		}
		for c1 := range w {
			h1 := w[c1]
			for c2 := c1 + 1; c2 < len(w); c2++ {
				h2 := w[c2]
				if h1 == h2 || !m.Allowed(Card(c1), h2) || !m.Allowed(Card(c2), h1) {
					continue
				}
				w[c1], w[c2] = h2, h1
				try(w)
				w[c1], w[c2] = h1, h2
			}
			if counts[h1]-1 < m.HolderSize(h1).Min {
				continue
			}
			for h := range Holder(m.NumHolders()) {
				if h == h1 || !m.Allowed(Card(c1), h) || counts[h]+1 > m.HolderSize(h).Max {
					continue
				}
				w[c1] = h
				try(w)
				w[c1] = h1
			}
		}
	}
}

// failed keeps the ids whose activation literal is among the failed
// assumptions of the last unsatisfiable solve.
func (s *SAT) failed(ids []int) []int {
	why := s.why()
	in := make(map[z.Lit]bool, len(why))
	for _, m := range why {
		in[m] = true
	}
	var out []int
	for _, id := range ids {
		if in[s.acts[id]] {
			out = append(out, id)
		}
	}
	return out
}

// Worlds yields every world once, in no particular order, until yield
// returns false or ctx is cancelled (the sequence then simply ends). It
// yields nothing when there is no world. Each world is a fresh slice the
// caller may keep.
//
// Worlds works on a copy of the solver. Each world the solver finds is
// yielded with its whole neighbourhood: the worlds reached by swapping the
// holders of two cards or moving one card, checked directly against the
// observations, and theirs in turn. Every world yielded gets a clause that
// blocks its assignment of cards, so the solver is asked only to jump to a
// world no walk has reached yet (and, last, to prove there is none). Meant
// for small problems and tests: it keeps every world yielded in a set, and
// one blocking clause each; count worlds with [Counter].
func (s *SAT) Worlds(ctx context.Context) iter.Seq[World] {
	return func(yield func(World) bool) {
		s.sync()
		v := &giniSolver{g: s.g.Copy(), dead: s.dead}
		assume := slices.Clone(s.assumptions(s.allIDs()))
		b := newSheetBuilder(s) // for the constraints that mention each card
		m := b.m
		seen := make(map[string]bool)
		key := func(w World) string {
			k := make([]byte, len(w))
			for c, h := range w {
				k[c] = byte(h) // holders fit: a model has at most 256 in practice
			}
			return string(k)
		}
		if m.NumHolders() > 256 {
			key = func(w World) string { return fmt.Sprint([]Holder(w)) }
		}
		f := s.t.Not()
		var stack []World
		// visit queues w when no walk has reached it yet.
		visit := func(w World) {
			if k := key(w); !seen[k] {
				seen[k] = true
				stack = append(stack, slices.Clone(w))
			}
		}
		for {
			r, err := v.solve(ctx, assume)
			if err != nil || r != 1 {
				return
			}
			w := make(World, len(s.x))
			for c, row := range s.x {
				for h, l := range row {
					if l != f && v.g.Value(l) {
						w[c] = Holder(h)
					}
				}
			}
			visit(w)
			for len(stack) > 0 {
				if ctx.Err() != nil {
					return
				}
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if !yield(slices.Clone(w)) {
					return
				}
				// Block w in the solver.
				v.g.Add(s.bg.Not())
				for c, h := range w {
					v.g.Add(s.x[c][h].Not())
				}
				v.g.Add(z.LitNull)
				// Walk to its neighbours.
				clear(b.counts)
				for _, h := range w {
					b.counts[h]++
				}
				for c1 := range w {
					h1 := w[c1]
					for c2 := c1 + 1; c2 < len(w); c2++ {
						h2 := w[c2]
						if h1 == h2 || !m.Allowed(Card(c1), h2) || !m.Allowed(Card(c2), h1) {
							continue
						}
						w[c1], w[c2] = h2, h1
						if b.fits(w, c1) && b.fits(w, c2) {
							visit(w)
						}
						w[c1], w[c2] = h1, h2
					}
					if b.counts[h1]-1 < m.HolderSize(h1).Min {
						continue
					}
					for h := range Holder(m.NumHolders()) {
						if h == h1 || !m.Allowed(Card(c1), h) || b.counts[h]+1 > m.HolderSize(h).Max {
							continue
						}
						w[c1] = h
						if b.fits(w, c1) {
							visit(w)
						}
						w[c1] = h1
					}
				}
			}
		}
	}
}
