package solver

import (
	"errors"
	"fmt"
	"strings"
)

// Card identifies a card of a [Model]: its index in the deck, from 0.
type Card int

// Holder identifies a holder of a [Model]: its index, from 0.
type Holder int

// Size is the number of cards a holder has: exactly Min when Min == Max,
// otherwise any number from Min to Max inclusive.
type Size struct {
	Min, Max int
}

// Exactly is the size of a holder that has exactly n cards.
func Exactly(n int) Size { return Size{Min: n, Max: n} }

// Between is the size of a holder that has from lo to hi cards.
func Between(lo, hi int) Size { return Size{Min: lo, Max: hi} }

// String writes the size as "4" or "0..3".
func (s Size) String() string {
	if s.Min == s.Max {
		return fmt.Sprint(s.Min)
	}
	return fmt.Sprintf("%d..%d", s.Min, s.Max)
}

// HolderSpec names a holder and its size.
type HolderSpec struct {
	Name string
	Size Size
}

// Model is a deck of named cards and the holders that share it out: every
// card is held by exactly one holder, every holder holds a number of cards
// within its size, and a card may be restricted to a subset of the holders.
//
// A Model is built with [NewModel] and optionally narrowed with
// [Model.Restrict]; it must not be changed once a [Problem] uses it.
type Model struct {
	cards       []string
	cardIndex   map[string]Card
	holders     []HolderSpec
	holderIndex map[string]Holder
	allowed     [][]bool // [card][holder]
}

// NewModel returns a model of the given cards and holders. Names must be
// non-empty and unique (cards among cards, holders among holders), sizes
// non-negative with Min <= Max, and the sizes must be able to add up to the
// number of cards.
func NewModel(cards []string, holders []HolderSpec) (*Model, error) {
	if len(cards) == 0 {
		return nil, errors.New("solver: a model needs at least one card")
	}
	if len(holders) == 0 {
		return nil, errors.New("solver: a model needs at least one holder")
	}
	m := &Model{
		cards:       append([]string(nil), cards...),
		cardIndex:   make(map[string]Card, len(cards)),
		holders:     append([]HolderSpec(nil), holders...),
		holderIndex: make(map[string]Holder, len(holders)),
		allowed:     make([][]bool, len(cards)),
	}
	for i, name := range cards {
		if strings.TrimSpace(name) == "" {
			return nil, fmt.Errorf("solver: card %d has an empty name", i)
		}
		if _, dup := m.cardIndex[name]; dup {
			return nil, fmt.Errorf("solver: card name %q is used twice", name)
		}
		m.cardIndex[name] = Card(i)
	}
	lo, hi := 0, 0
	for i, h := range holders {
		if strings.TrimSpace(h.Name) == "" {
			return nil, fmt.Errorf("solver: holder %d has an empty name", i)
		}
		if _, dup := m.holderIndex[h.Name]; dup {
			return nil, fmt.Errorf("solver: holder name %q is used twice", h.Name)
		}
		if h.Size.Min < 0 || h.Size.Max < h.Size.Min {
			return nil, fmt.Errorf("solver: holder %q has an invalid size %d..%d", h.Name, h.Size.Min, h.Size.Max)
		}
		m.holderIndex[h.Name] = Holder(i)
		lo += h.Size.Min
		hi += h.Size.Max
	}
	if n := len(cards); n < lo || n > hi {
		return nil, fmt.Errorf("solver: holder sizes add up to %d..%d but the deck has %d cards", lo, hi, n)
	}
	for c := range m.allowed {
		row := make([]bool, len(holders))
		for h := range row {
			row[h] = true
		}
		m.allowed[c] = row
	}
	return m, nil
}

// NumCards is the number of cards in the deck.
func (m *Model) NumCards() int { return len(m.cards) }

// NumHolders is the number of holders.
func (m *Model) NumHolders() int { return len(m.holders) }

// CardName is the name of card c.
func (m *Model) CardName(c Card) string { return m.cards[c] }

// HolderName is the name of holder h.
func (m *Model) HolderName(h Holder) string { return m.holders[h].Name }

// HolderSize is the size of holder h.
func (m *Model) HolderSize(h Holder) Size { return m.holders[h].Size }

// CardByName finds a card by its exact name.
func (m *Model) CardByName(name string) (Card, bool) {
	c, ok := m.cardIndex[name]
	return c, ok
}

// HolderByName finds a holder by its exact name.
func (m *Model) HolderByName(name string) (Holder, bool) {
	h, ok := m.holderIndex[name]
	return h, ok
}

// ValidCard reports whether c is a card of m.
func (m *Model) ValidCard(c Card) bool { return c >= 0 && int(c) < len(m.cards) }

// ValidHolder reports whether h is a holder of m.
func (m *Model) ValidHolder(h Holder) bool { return h >= 0 && int(h) < len(m.holders) }

// Allowed reports whether card c may be held by holder h.
func (m *Model) Allowed(c Card, h Holder) bool { return m.allowed[c][h] }

// Restrict narrows the holders card c may be held by to those listed (and
// already allowed). It returns an error for an unknown card or holder, or when
// no holder would be left.
func (m *Model) Restrict(c Card, holders ...Holder) error {
	if !m.ValidCard(c) {
		return fmt.Errorf("solver: unknown card %d", c)
	}
	keep := make([]bool, len(m.holders))
	any := false
	for _, h := range holders {
		if !m.ValidHolder(h) {
			return fmt.Errorf("solver: unknown holder %d", h)
		}
		if m.allowed[c][h] {
			keep[h] = true
			any = true
		}
	}
	if !any {
		return fmt.Errorf("solver: card %q would have no holder left", m.cards[c])
	}
	m.allowed[c] = keep
	return nil
}

// Lit is the ownership indicator x[c,h]: 1 when Card is held by Holder,
// 0 otherwise.
type Lit struct {
	Card   Card
	Holder Holder
}

// Term is Coef times an ownership indicator.
type Term struct {
	Coef int
	Lit  Lit
}

// Op is the relation of a linear constraint.
type Op uint8

// The relations a [Constraint] may use.
const (
	Eq Op = iota // sum == bound
	Le           // sum <= bound
	Ge           // sum >= bound
)

// String is "=", "<=" or ">=".
func (o Op) String() string {
	switch o {
	case Eq:
		return "="
	case Le:
		return "<="
	case Ge:
		return ">="
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// MaxCoef bounds the absolute value of a coefficient in a [Constraint].
const MaxCoef = 64

// Constraint is the linear constraint sum(Coef * x[Lit]) Op Bound.
// A literal may appear in several terms; its coefficients add up.
type Constraint struct {
	Terms []Term
	Op    Op
	Bound int
}

// CountOf is the constraint "the number of the given literals that are true
// Op bound": each literal with coefficient 1.
func CountOf(lits []Lit, op Op, bound int) Constraint {
	t := make([]Term, len(lits))
	for i, l := range lits {
		t[i] = Term{Coef: 1, Lit: l}
	}
	return Constraint{Terms: t, Op: op, Bound: bound}
}

// Clause is the disjunction "one of pos is true or one of neg is false",
// written as the linear constraint sum(pos) - sum(neg) >= 1 - len(neg).
// An empty clause is never satisfied.
func Clause(pos, neg []Lit) Constraint {
	t := make([]Term, 0, len(pos)+len(neg))
	for _, l := range pos {
		t = append(t, Term{Coef: 1, Lit: l})
	}
	for _, l := range neg {
		t = append(t, Term{Coef: -1, Lit: l})
	}
	return Constraint{Terms: t, Op: Ge, Bound: 1 - len(neg)}
}

// Holds is the constraint "card c is held by h".
func Holds(c Card, h Holder) Constraint {
	return Constraint{Terms: []Term{{Coef: 1, Lit: Lit{c, h}}}, Op: Eq, Bound: 1}
}

// NotHolds is the constraint "card c is not held by h".
func NotHolds(c Card, h Holder) Constraint {
	return Constraint{Terms: []Term{{Coef: 1, Lit: Lit{c, h}}}, Op: Eq, Bound: 0}
}

// Satisfied reports whether the constraint holds in world w.
func (k Constraint) Satisfied(w World) bool {
	sum := 0
	for _, t := range k.Terms {
		if w[t.Lit.Card] == t.Lit.Holder {
			sum += t.Coef
		}
	}
	switch k.Op {
	case Eq:
		return sum == k.Bound
	case Le:
		return sum <= k.Bound
	default:
		return sum >= k.Bound
	}
}

// Observation is a labelled group of constraints: what one thing a player
// saw or heard tells. Answers about why a fact holds or which observations
// conflict name observations, never single constraints.
type Observation struct {
	Label       string
	Constraints []Constraint
}

// World is one complete deal: World[c] is the holder of card c.
type World []Holder

// Problem is a model together with the observations made so far. The zero
// value is not usable; build one with [NewProblem].
type Problem struct {
	model *Model
	obs   []Observation
}

// NewProblem returns a problem over m with no observations.
func NewProblem(m *Model) *Problem { return &Problem{model: m} }

// Model is the problem's model.
func (p *Problem) Model() *Model { return p.model }

// Observations are the observations added so far, in order; the index of an
// observation in this slice is its id. The slice must not be modified.
func (p *Problem) Observations() []Observation { return p.obs }

// Add checks o and appends it, returning its id. It returns an error, and
// adds nothing, when a constraint names an unknown card or holder, has a
// coefficient of 0 or beyond ±[MaxCoef], or an unknown relation.
// Add does not check consistency: ask an engine.
func (p *Problem) Add(o Observation) (int, error) {
	for i, k := range o.Constraints {
		if err := p.checkConstraint(k); err != nil {
			return -1, fmt.Errorf("solver: observation %q, constraint %d: %w", o.Label, i, err)
		}
	}
	cs := make([]Constraint, len(o.Constraints))
	for i, k := range o.Constraints {
		cs[i] = Constraint{Terms: append([]Term(nil), k.Terms...), Op: k.Op, Bound: k.Bound}
	}
	p.obs = append(p.obs, Observation{Label: o.Label, Constraints: cs})
	return len(p.obs) - 1, nil
}

func (p *Problem) checkConstraint(k Constraint) error {
	if k.Op > Ge {
		return fmt.Errorf("unknown relation %d", k.Op)
	}
	for _, t := range k.Terms {
		if !p.model.ValidCard(t.Lit.Card) {
			return fmt.Errorf("unknown card %d", t.Lit.Card)
		}
		if !p.model.ValidHolder(t.Lit.Holder) {
			return fmt.Errorf("unknown holder %d", t.Lit.Holder)
		}
		if t.Coef == 0 || t.Coef > MaxCoef || t.Coef < -MaxCoef {
			return fmt.Errorf("coefficient %d out of range (non-zero, at most %d in size)", t.Coef, MaxCoef)
		}
	}
	const maxBound = 1 << 20
	if k.Bound > maxBound || k.Bound < -maxBound {
		return fmt.Errorf("bound %d out of range", k.Bound)
	}
	return nil
}

// Subset is a problem over the same model holding only the observations
// whose ids are listed, in the order given; ids are renumbered from 0.
// Unknown ids are skipped.
func (p *Problem) Subset(ids []int) *Problem {
	q := &Problem{model: p.model}
	for _, id := range ids {
		if id >= 0 && id < len(p.obs) {
			q.obs = append(q.obs, p.obs[id])
		}
	}
	return q
}

// Clone is a copy of p that can be extended without changing p.
func (p *Problem) Clone() *Problem {
	return &Problem{model: p.model, obs: append([]Observation(nil), p.obs...)}
}

// Check reports whether w is a world of p: every card with an allowed holder,
// every holder's count within its size, and every observation satisfied. It
// returns the ids of the observations w violates (nil when it satisfies them
// all) and false when w is not a deal of the model at all.
func (p *Problem) Check(w World) (violated []int, deal bool) {
	m := p.model
	if len(w) != len(m.cards) {
		return nil, false
	}
	counts := make([]int, len(m.holders))
	for c, h := range w {
		if !m.ValidHolder(h) || !m.allowed[c][h] {
			return nil, false
		}
		counts[h]++
	}
	for h, n := range counts {
		if s := m.holders[h].Size; n < s.Min || n > s.Max {
			return nil, false
		}
	}
	for i, o := range p.obs {
		for _, k := range o.Constraints {
			if !k.Satisfied(w) {
				violated = append(violated, i)
				break
			}
		}
	}
	return violated, true
}

// Fact is the statement "Card is held by Holder" (Holds) or "Card is not
// held by Holder" (!Holds).
type Fact struct {
	Card   Card
	Holder Holder
	Holds  bool
}

// Status is what the observations settle about one ownership indicator.
type Status uint8

// The statuses of an ownership indicator.
const (
	Open       Status = iota // true in some worlds, false in others
	Forced                   // true in every world
	Impossible               // false in every world
)

// String is "open", "forced" or "impossible".
func (s Status) String() string {
	switch s {
	case Open:
		return "open"
	case Forced:
		return "forced"
	case Impossible:
		return "impossible"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}
