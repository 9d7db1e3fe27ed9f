package solver

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// This file is constraint-level unit propagation: every rule of the model
// (a card has exactly one holder, a holder's size, a card's restrictions) and
// every linear constraint of the chosen observations is read on its own,
// and a literal is fixed when one constraint, given the literals fixed so
// far, leaves it only one value. It is the reasoning a careful person does
// one clue at a time, and it is sound but incomplete: what it fixes holds in
// every world, and what it leaves open may still be forced. Unlike the CNF
// propagation inside the SAT engine it does not depend on how cardinality
// constraints are encoded, so a puzzle's difficulty measured with it does
// not change when the encoding does.

// RuleKind says where a [Rule] comes from.
type RuleKind uint8

// The kinds of rule a [Derivation] can cite.
const (
	RuleAssumed     RuleKind = iota // an assumption given to [Propagator.Run] or [Propagation.With]; Index is its position
	RuleObservation                 // an observation; Index is its id in the problem
	RuleOneHolder                   // every card has exactly one holder; Index is the card
	RuleHolderSize                  // a holder's size; Index is the holder
	RuleRestricted                  // the model forbids the card to the holder; Index is the card
)

// String names the kind: "assumed", "observation", "one-holder",
// "holder-size" or "restricted".
func (k RuleKind) String() string {
	switch k {
	case RuleAssumed:
		return "assumed"
	case RuleObservation:
		return "observation"
	case RuleOneHolder:
		return "one-holder"
	case RuleHolderSize:
		return "holder-size"
	case RuleRestricted:
		return "restricted"
	}
	return fmt.Sprintf("RuleKind(%d)", uint8(k))
}

// Rule names the one constraint a fact was derived from.
type Rule struct {
	Kind  RuleKind
	Index int
}

// Derivation is one entry of a propagation trail: Fact was fixed by Rule
// because of the earlier trail entries listed in Because (indices into the
// trail, ascending, a small set that suffices).
type Derivation struct {
	Fact    Fact
	Rule    Rule
	Because []int
}

// Propagator runs unit propagation over a problem's model and a chosen set
// of its observations. Build one with [NewPropagator]; it is read-only once
// built and safe for concurrent use.
type Propagator struct {
	m     *Model
	nh    int
	cons  []pcons
	watch [][]int32 // literal index -> constraints that mention it
}

type pterm struct {
	coef int
	lit  int32
}

type pcons struct {
	terms      []pterm
	lo, hi     int // lo <= sum <= hi
	rule       Rule
	minB, maxB int // the sum's bounds with every literal open
}

// NewPropagator prepares propagation over p's model and the observations of
// p whose ids are listed (unknown ids are skipped). Duplicate literals within
// a constraint have their coefficients added up, as the model specifies.
func NewPropagator(p *Problem, obs []int) *Propagator {
	m := p.Model()
	nc, nh := m.NumCards(), m.NumHolders()
	pr := &Propagator{m: m, nh: nh, watch: make([][]int32, nc*nh)}
	add := func(terms []Term, op Op, bound int, r Rule) {
		merged := map[int32]int{}
		var order []int32
		for _, t := range terms {
			l := int32(int(t.Lit.Card)*nh + int(t.Lit.Holder))
			if _, ok := merged[l]; !ok {
				order = append(order, l)
			}
			merged[l] += t.Coef
		}
		k := pcons{rule: r, lo: math.MinInt / 4, hi: math.MaxInt / 4}
		for _, l := range order {
			if a := merged[l]; a != 0 {
				k.terms = append(k.terms, pterm{coef: a, lit: l})
				k.minB += min(0, a)
				k.maxB += max(0, a)
			}
		}
		switch op {
		case Eq:
			k.lo, k.hi = bound, bound
		case Le:
			k.hi = bound
		case Ge:
			k.lo = bound
		}
		i := int32(len(pr.cons))
		pr.cons = append(pr.cons, k)
		for _, t := range k.terms {
			pr.watch[t.lit] = append(pr.watch[t.lit], i)
		}
	}
	for c := 0; c < nc; c++ {
		lits := make([]Term, 0, nh)
		for h := 0; h < nh; h++ {
			lits = append(lits, Term{Coef: 1, Lit: Lit{Card(c), Holder(h)}})
		}
		add(lits, Eq, 1, Rule{RuleOneHolder, c})
		for h := 0; h < nh; h++ {
			if !m.Allowed(Card(c), Holder(h)) {
				add([]Term{{Coef: 1, Lit: Lit{Card(c), Holder(h)}}}, Eq, 0, Rule{RuleRestricted, c})
			}
		}
	}
	for h := 0; h < nh; h++ {
		lits := make([]Term, 0, nc)
		for c := 0; c < nc; c++ {
			lits = append(lits, Term{Coef: 1, Lit: Lit{Card(c), Holder(h)}})
		}
		s := m.HolderSize(Holder(h))
		if s.Min == s.Max {
			add(lits, Eq, s.Min, Rule{RuleHolderSize, h})
		} else {
			add(lits, Ge, s.Min, Rule{RuleHolderSize, h})
			add(lits, Le, s.Max, Rule{RuleHolderSize, h})
		}
	}
	all := p.Observations()
	for _, id := range obs {
		if id < 0 || id >= len(all) {
			continue
		}
		for _, k := range all[id].Constraints {
			add(k.Terms, k.Op, k.Bound, Rule{RuleObservation, id})
		}
	}
	return pr
}

// Propagation is the fixpoint of unit propagation: the trail of fixed facts
// in the order they were found, or a conflict.
type Propagation struct {
	pr       *Propagator
	val      []int8 // per literal: 0 open, 1 true, -1 false
	at       []int32
	trail    []Derivation
	conflict *Derivation
	nassumed int
}

// Run propagates from the given assumptions (each recorded on the trail
// with a [RuleAssumed] rule, Index its position in assume) to the fixpoint.
// Facts naming unknown cards or holders are skipped.
func (pr *Propagator) Run(assume []Fact) *Propagation {
	n := len(pr.watch)
	r := &Propagation{pr: pr, val: make([]int8, n), at: make([]int32, n)}
	queue := make([]int32, 0, len(pr.cons))
	for i := range pr.cons {
		queue = append(queue, int32(i))
	}
	r.assume(assume, &queue)
	r.propagate(queue)
	return r
}

// With is r extended by more assumptions and propagated again; r itself is
// unchanged. Their [RuleAssumed] indices continue those of r.
func (r *Propagation) With(assume ...Fact) *Propagation {
	q := &Propagation{
		pr:       r.pr,
		val:      slices.Clone(r.val),
		at:       slices.Clone(r.at),
		trail:    slices.Clip(r.trail),
		conflict: r.conflict,
		nassumed: r.nassumed,
	}
	if q.conflict != nil {
		return q
	}
	var queue []int32
	q.assume(assume, &queue)
	q.propagate(queue)
	return q
}

func (r *Propagation) assume(fs []Fact, queue *[]int32) {
	m := r.pr.m
	for _, f := range fs {
		pos := r.nassumed
		r.nassumed++
		if r.conflict != nil || !m.ValidCard(f.Card) || !m.ValidHolder(f.Holder) {
			continue
		}
		l := int32(int(f.Card)*r.pr.nh + int(f.Holder))
		v := int8(-1)
		if f.Holds {
			v = 1
		}
		switch r.val[l] {
		case v:
			continue
		case -v:
			r.conflict = &Derivation{Fact: f, Rule: Rule{RuleAssumed, pos}, Because: []int{int(r.at[l])}}
			continue
		}
		r.set(l, v, Rule{RuleAssumed, pos}, nil, queue)
	}
}

func (r *Propagation) set(l int32, v int8, rule Rule, because []int, queue *[]int32) {
	r.val[l] = v
	r.at[l] = int32(len(r.trail))
	nh := r.pr.nh
	r.trail = append(r.trail, Derivation{
		Fact:    Fact{Card: Card(int(l) / nh), Holder: Holder(int(l) % nh), Holds: v == 1},
		Rule:    rule,
		Because: because,
	})
	*queue = append(*queue, r.pr.watch[l]...)
}

// propagate processes queued constraints until nothing changes or a
// constraint is broken.
func (r *Propagation) propagate(queue []int32) {
	pr := r.pr
	inQueue := make([]bool, len(pr.cons))
	for _, i := range queue {
		inQueue[i] = true
	}
	for len(queue) > 0 && r.conflict == nil {
		i := queue[0]
		queue = queue[1:]
		if !inQueue[i] {
			continue
		}
		inQueue[i] = false
		before := len(queue)
		r.visit(i, &queue)
		// Constraints queued again must be processed again.
		for _, j := range queue[before:] {
			inQueue[j] = true
		}
	}
}

// visit applies constraint i once.
func (r *Propagation) visit(i int32, queue *[]int32) {
	k := &r.pr.cons[i]
	minS, maxS := k.minB, k.maxB
	for _, t := range k.terms {
		switch r.val[t.lit] {
		case 1:
			// x = 1: the sum gets a; the open bounds assumed min(0,a)/max(0,a).
			minS += t.coef - min(0, t.coef)
			maxS += t.coef - max(0, t.coef)
		case -1:
			minS -= min(0, t.coef)
			maxS -= max(0, t.coef)
		}
	}
	if minS > k.hi {
		r.conflict = &Derivation{Rule: k.rule, Because: r.reason(k, true, k.hi-k.minB+1)}
		return
	}
	if maxS < k.lo {
		r.conflict = &Derivation{Rule: k.rule, Because: r.reason(k, false, k.maxB-k.lo+1)}
		return
	}
	type force struct {
		lit int32
		v   int8
		up  bool
		a   int
	}
	var fs []force
	for _, t := range k.terms {
		if r.val[t.lit] != 0 {
			continue
		}
		a := abs(t.coef)
		if minS+a > k.hi {
			// The value that adds a to the minimum is impossible.
			v := int8(-1)
			if t.coef < 0 {
				v = 1
			}
			fs = append(fs, force{t.lit, v, true, a})
		} else if maxS-a < k.lo {
			v := int8(1)
			if t.coef < 0 {
				v = -1
			}
			fs = append(fs, force{t.lit, v, false, a})
		}
	}
	for _, f := range fs {
		var need int
		if f.up {
			need = k.hi - k.minB - f.a + 1
		} else {
			need = k.maxB - k.lo - f.a + 1
		}
		r.set(f.lit, f.v, k.rule, r.reason(k, f.up, need), queue)
	}
}

// reason picks, earliest first, fixed literals of k whose values move the
// minimum up (up) or the maximum down (!up) until they have moved it by at
// least need, and returns their trail positions in ascending order.
func (r *Propagation) reason(k *pcons, up bool, need int) []int {
	type c struct{ at, a int }
	var cs []c
	for _, t := range k.terms {
		v := r.val[t.lit]
		if v == 0 {
			continue
		}
		moves := (v == 1) == (t.coef > 0) // true+positive or false+negative raise the minimum
		if !up {
			moves = (v == 1) != (t.coef > 0)
		}
		if moves {
			cs = append(cs, c{int(r.at[t.lit]), abs(t.coef)})
		}
	}
	slices.SortFunc(cs, func(x, y c) int { return x.at - y.at })
	var out []int
	for _, x := range cs {
		if need <= 0 {
			break
		}
		out = append(out, x.at)
		need -= x.a
	}
	slices.Sort(out)
	return out
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// Conflict is the broken constraint when propagation ran into a
// contradiction (its Fact is meaningless unless its Rule is [RuleAssumed],
// when it is the assumption that contradicted the trail), or nil.
func (r *Propagation) Conflict() *Derivation { return r.conflict }

// Trail is every fixed fact in the order found. The slice must not be
// modified.
func (r *Propagation) Trail() []Derivation { return r.trail }

// Status is what propagation fixed about card c and holder h: [Forced],
// [Impossible] or [Open]. After a conflict the answer means nothing.
func (r *Propagation) Status(c Card, h Holder) Status {
	switch r.val[int(c)*r.pr.nh+int(h)] {
	case 1:
		return Forced
	case -1:
		return Impossible
	}
	return Open
}

// Fixed reports whether f was fixed to true by propagation, and false when
// it is open or fixed the other way.
func (r *Propagation) Fixed(f Fact) bool {
	want := Impossible
	if f.Holds {
		want = Forced
	}
	return r.Status(f.Card, f.Holder) == want
}

// Index is the trail position of the fact fixing card c and holder h, or -1
// when it is open.
func (r *Propagation) Index(c Card, h Holder) int {
	l := int(c)*r.pr.nh + int(h)
	if r.val[l] == 0 {
		return -1
	}
	return int(r.at[l])
}

// Entailment is the answer of [SAT.ImpliesUnder].
type Entailment struct {
	// Implied tells that the observations imply the fact.
	Implied bool
	// Used are, when Implied, a subset of the observations listed (in their
	// order) that implies the fact too: those the proof rested on, not
	// necessarily a minimal set.
	Used []int
	// Witness is, when not Implied, a world of the observations listed in
	// which the fact is false.
	Witness World
}

// ImpliesUnder tells whether the observations listed by id, with the
// model's structure, imply f: whether no world of those observations alone
// makes f false (vacuously true when they admit no world; ask
// [SAT.ConsistentUnder]). It is the question a puzzle generator asks of
// many subsets of one problem, answered on the one solver under
// assumptions instead of a solver per subset. Unknown ids and facts are an
// error.
func (s *SAT) ImpliesUnder(ctx context.Context, ids []int, f Fact) (Entailment, error) {
	s.sync()
	for _, id := range ids {
		if id < 0 || id >= len(s.acts) {
			return Entailment{}, fmt.Errorf("solver: unknown observation id %d", id)
		}
	}
	l, err := s.factLit(f)
	if err != nil {
		return Entailment{}, err
	}
	r, err := s.solve(ctx, s.assumptions(ids, l.Not()))
	if err != nil {
		return Entailment{}, err
	}
	if r == 1 {
		w := make(World, len(s.x))
		no := s.t.Not()
		for c, row := range s.x {
			for h, v := range row {
				if v != no && s.g.Value(v) {
					w[c] = Holder(h)
				}
			}
		}
		return Entailment{Witness: w}, nil
	}
	return Entailment{Implied: true, Used: s.failed(ids)}, nil
}

// ConsistentUnder reports whether the observations listed by id, with the
// model's structure, admit a world. Unknown ids are an error.
func (s *SAT) ConsistentUnder(ctx context.Context, ids []int) (bool, error) {
	s.sync()
	for _, id := range ids {
		if id < 0 || id >= len(s.acts) {
			return false, fmt.Errorf("solver: unknown observation id %d", id)
		}
	}
	r, err := s.solve(ctx, s.assumptions(ids))
	return r == 1, err
}
