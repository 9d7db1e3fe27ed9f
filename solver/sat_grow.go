package solver

import (
	"context"
	"errors"
	"slices"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
)

// ErrNotExtension is returned by [Growing.Extend] for a problem that does
// not extend the one the engine holds.
var ErrNotExtension = errors.New("solver: the problem does not extend the engine's")

// Growing is a SAT engine for a problem that grows between questions:
// cards, holders and observations are added, a card may be allowed more
// holders, and a holder's size may change. Each [Growing.Extend] encodes
// only what is new, so one engine serves a game whose model grows with
// every line (cards that move leave a new copy in a new pile, each draw is
// a new holder), where building a [SAT] for every line costs most of the
// answer.
//
// It answers two questions only: whether the problem has a world
// ([Growing.Consistent]), and whether it has one with a further constraint
// ([Growing.ConsistentWith]; for many constraints at once,
// [Growing.Possible]). For explanations and conflict sets, build a [SAT]
// of the same problem: it gives the same answers to these questions (the
// tests compare them), and names observations.
//
// The encoding is that of [SAT], with the model's structure split into
// parts that can be replaced: each card's "at least one holder" and each
// holder's size sit behind guard literals of their own, in force at every
// question (one literal assumed implies them all); when a card is allowed a new holder, or a holder's cards or
// size change, the part is encoded again behind a new guard and the old
// guard is switched off for good. "At most one holder" for a card is
// pairwise exclusions, which stay true as a card's row grows. A
// disallowed (card, holder) pair has no variable unless a constraint
// names it; then it is false under the card's guard, so that a pair
// allowed later is free in the constraints encoded before. A Growing is not safe for
// concurrent use.
type Growing struct {
	s *SAT // the encoder and solver; its model is not used
	// The problem encoded so far.
	cards   []string
	holders []string
	sizes   []Size
	row     [][]Holder // row[c]: the holders card c may have, in the order added
	in      [][]bool   // in[c][h]: h is in row[c]
	off     [][]Holder // off[c]: holders c may not have whose pair has a variable
	col     [][]Card   // col[h]: the cards holder h may hold, in the order added
	obs     []obsKey
	// Guards of the structure, in force while assumed: one a card, one a
	// holder.
	cardGuard   []z.Lit
	holderGuard []z.Lit
	acts        []z.Lit // an activation literal an observation
	// master implies every guard and activation literal in force; null
	// after an Extend until the next question makes one.
	master z.Lit
	buf    []z.Lit
}

// obsKey is what Extend compares of an observation already encoded: its
// label and constraint count, and the constraints' terms count.
type obsKey struct {
	label string
	cons  int
	terms int
}

func keyOf(o Observation) obsKey {
	k := obsKey{label: o.Label, cons: len(o.Constraints)}
	for _, c := range o.Constraints {
		k.terms += len(c.Terms)
	}
	return k
}

// NewGrowing returns an engine of the empty problem: no card, no holder.
func NewGrowing() *Growing {
	s := &SAT{giniSolver: giniSolver{g: gini.New()}, worldAt: -1}
	s.t = s.g.Lit()
	s.g.Add(s.t)
	s.g.Add(z.LitNull)
	return &Growing{s: s}
}

// Extend brings the engine to p. The problem p must extend the one encoded
// so far: the same first cards and holders (by name), in the same order;
// every pair allowed before still allowed; the same first observations
// (compared by label and size). Holder sizes may change. Otherwise it
// returns ErrNotExtension and the engine is unchanged.
func (g *Growing) Extend(p *Problem) error {
	m := p.Model()
	if m.NumCards() < len(g.cards) || m.NumHolders() < len(g.holders) || len(p.obs) < len(g.obs) {
		return ErrNotExtension
	}
	for c, n := range g.cards {
		if m.CardName(Card(c)) != n {
			return ErrNotExtension
		}
		for _, h := range g.row[c] {
			if !m.Allowed(Card(c), h) {
				return ErrNotExtension
			}
		}
	}
	for h, n := range g.holders {
		if m.HolderName(Holder(h)) != n {
			return ErrNotExtension
		}
	}
	for i, k := range g.obs {
		if keyOf(p.obs[i]) != k {
			return ErrNotExtension
		}
	}
	s := g.s
	f := s.t.Not()
	if g.master != z.LitNull {
		s.g.Add(g.master.Not())
		s.g.Add(z.LitNull)
		g.master = z.LitNull
	}
	// New cards and holders: constant-false literals until allowed.
	for c := len(g.cards); c < m.NumCards(); c++ {
		g.cards = append(g.cards, m.CardName(Card(c)))
		g.row = append(g.row, nil)
		g.in = append(g.in, nil)
		g.off = append(g.off, nil)
		g.cardGuard = append(g.cardGuard, z.LitNull)
		s.x = append(s.x, nil)
	}
	for h := len(g.holders); h < m.NumHolders(); h++ {
		g.holders = append(g.holders, m.HolderName(Holder(h)))
		g.sizes = append(g.sizes, Size{Min: -1})
		g.col = append(g.col, nil)
		g.holderGuard = append(g.holderGuard, z.LitNull)
	}
	for c := range s.x {
		for len(s.x[c]) < len(g.holders) {
			s.x[c] = append(s.x[c], f)
			g.in[c] = append(g.in[c], false)
		}
	}
	// Newly allowed pairs: a variable each, exclusions with the card's
	// other holders, and the card's row and the holder's column encoded
	// again.
	rowDirty := make([]bool, len(g.cards))
	colDirty := make([]bool, len(g.holders))
	for c := range g.cards {
		for h := range Holder(len(g.holders)) {
			if g.in[c][h] || !m.Allowed(Card(c), h) {
				continue
			}
			l := s.x[c][h]
			if l == f {
				l = s.g.Lit()
			} else {
				g.off[c] = slices.DeleteFunc(g.off[c], func(o Holder) bool { return o == h })
			}
			g.in[c][h] = true
			for _, o := range g.row[c] {
				s.clause(l.Not(), s.x[c][o].Not())
			}
			s.x[c][h] = l
			g.row[c] = append(g.row[c], h)
			g.col[h] = append(g.col[h], Card(c))
			rowDirty[c], colDirty[h] = true, true
		}
	}
	for c, dirty := range rowDirty {
		if !dirty && g.cardGuard[c] != z.LitNull {
			continue
		}
		guard := g.replace(&g.cardGuard[c])
		lits := []z.Lit{guard.Not()}
		for _, h := range g.row[c] {
			lits = append(lits, s.x[c][h])
		}
		s.clause(lits...)
		for _, h := range g.off[c] {
			s.clause(guard.Not(), s.x[c][h].Not())
		}
	}
	for h, dirty := range colDirty {
		size := m.HolderSize(Holder(h))
		if !dirty && g.holderGuard[h] != z.LitNull && size == g.sizes[h] {
			continue
		}
		guard := g.replace(&g.holderGuard[h])
		lits := make([]z.Lit, len(g.col[h]))
		for i, c := range g.col[h] {
			lits[i] = s.x[c][h]
		}
		ts := unitTerms(lits)
		s.addLe(ts, size.Max, guard)
		s.addGe(ts, size.Min, guard)
		g.sizes[h] = size
	}
	for id := len(g.obs); id < len(p.obs); id++ {
		o := p.obs[id]
		act := s.g.Lit()
		for _, k := range o.Constraints {
			g.touch(k)
			s.addConstraint(k, act)
		}
		g.acts = append(g.acts, act)
		g.obs = append(g.obs, keyOf(o))
	}
	return nil
}

// touch gives a variable to every pair k names that has none: false
// under its card's guard.
func (g *Growing) touch(k Constraint) {
	s := g.s
	for _, t := range k.Terms {
		c, h := t.Lit.Card, t.Lit.Holder
		if s.x[c][h] != s.t.Not() {
			continue
		}
		v := s.g.Lit()
		s.x[c][h] = v
		g.off[c] = append(g.off[c], h)
		s.clause(g.cardGuard[c].Not(), v.Not())
	}
}

// replace switches the guard at *at off for good (when there is one) and
// puts a fresh one there.
func (g *Growing) replace(at *z.Lit) z.Lit {
	if *at != z.LitNull {
		g.s.g.Add(at.Not())
		g.s.g.Add(z.LitNull)
	}
	*at = g.s.g.Lit()
	return *at
}

// assumptions are the master literal and extra. The master literal of the
// last Extend implies every guard and every activation literal (one binary
// clause each), so that a question assumes one literal, not hundreds; the
// master of an earlier Extend is switched off for good.
func (g *Growing) assumptions(extra ...z.Lit) []z.Lit {
	if g.master == z.LitNull {
		m := g.replace(&g.master)
		for _, set := range [][]z.Lit{g.cardGuard, g.holderGuard, g.acts} {
			for _, l := range set {
				g.s.clause(m.Not(), l)
			}
		}
	}
	g.buf = append(append(g.buf[:0], g.master), extra...)
	return g.buf
}

// Consistent reports whether the problem of the last Extend has a world. It
// returns the context's error when ctx is done.
func (g *Growing) Consistent(ctx context.Context) (bool, error) {
	r, err := g.s.solve(ctx, g.assumptions())
	return r == 1, err
}

// ConsistentWith reports whether the problem of the last Extend has a world
// that also satisfies k. The constraint is not kept: later questions do
// not have it. It returns an error for a constraint naming an unknown card
// or holder, and the context's error when ctx is done.
func (g *Growing) ConsistentWith(ctx context.Context, k Constraint) (bool, error) {
	if err := g.known(k); err != nil {
		return false, err
	}
	return g.consistentWith(ctx, k, nil)
}

// consistentWith is ConsistentWith, which reads the world found into w
// (when not nil and there is one) before the constraint is switched off.
func (g *Growing) consistentWith(ctx context.Context, k Constraint, w World) (bool, error) {
	act := g.s.g.Lit()
	g.touch(k)
	g.s.addConstraint(k, act)
	r, err := g.s.solve(ctx, g.assumptions(act))
	if r == 1 && w != nil {
		g.world(w)
	}
	g.s.g.Add(act.Not())
	g.s.g.Add(z.LitNull)
	return r == 1, err
}

// Possible reports, for each constraint, whether the problem of the last
// Extend has a world that satisfies it: ConsistentWith of each, in fewer
// solves. Each solve asks for a world that satisfies at least one of the
// constraints not yet settled; the world found settles every one it
// satisfies, and when there is none, every one left is impossible at
// once. The constraints are not kept.
func (g *Growing) Possible(ctx context.Context, ks []Constraint) ([]bool, error) {
	for _, k := range ks {
		if err := g.known(k); err != nil {
			return nil, err
		}
	}
	s := g.s
	out := make([]bool, len(ks))
	acts := make([]z.Lit, len(ks))
	for i, k := range ks {
		acts[i] = s.g.Lit()
		g.touch(k)
		s.addConstraint(k, acts[i])
	}
	defer func() {
		for _, a := range acts {
			s.g.Add(a.Not())
			s.g.Add(z.LitNull)
		}
	}()
	open := make([]int, len(ks))
	for i := range open {
		open[i] = i
	}
	w := make(World, len(g.cards))
	for len(open) > 0 {
		// some: at least one of the open constraints holds.
		some := s.g.Lit()
		cl := []z.Lit{some.Not()}
		for _, i := range open {
			cl = append(cl, acts[i])
		}
		s.clause(cl...)
		r, err := s.solve(ctx, g.assumptions(some))
		if err != nil {
			return nil, err
		}
		if r == 1 {
			g.world(w)
		}
		s.g.Add(some.Not())
		s.g.Add(z.LitNull)
		if r != 1 {
			break // none of the open ones is possible
		}
		left := open[:0]
		for _, i := range open {
			if ks[i].Satisfied(w) {
				out[i] = true
			} else {
				left = append(left, i)
			}
		}
		if len(left) == len(open) {
			return nil, errors.New("solver: internal error: a world satisfies none of the constraints it was asked for")
		}
		open = left
	}
	return out, nil
}

// known returns an error when k names an unknown card or holder.
func (g *Growing) known(k Constraint) error {
	for _, t := range k.Terms {
		if t.Lit.Card < 0 || int(t.Lit.Card) >= len(g.cards) || t.Lit.Holder < 0 || int(t.Lit.Holder) >= len(g.holders) {
			return errors.New("solver: the constraint names an unknown card or holder")
		}
	}
	return nil
}

// world reads the world of the solver's last model into w.
func (g *Growing) world(w World) {
	for c, row := range g.row {
		for _, h := range row {
			if g.s.g.Value(g.s.x[c][h]) {
				w[c] = h
			}
		}
	}
}
