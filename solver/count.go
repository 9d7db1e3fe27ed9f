package solver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// NoHolder stands for "no holder": in a [ContentHolderCount], the outcome
// for which the pick function chose no card.
const NoHolder Holder = -1

// Counter is the exact counting engine: it counts the worlds of a
// [Problem], the worlds in which each card is with each holder, the joint
// distributions of a few cards or of one holder's content, and samples worlds
// uniformly. Counts are exact integers; probabilities are exact ratios.
//
// A Counter reads a snapshot of the problem taken by [NewCounter];
// observations added to the problem later are not seen. It keeps what it
// computed, so asking for the marginals and then for a holder's content
// does the work once. It is safe for concurrent use.
//
// Every query is answered over parts of the worlds when that is cheaper
// (see [NewCounter]), and refused with a [*TooLargeError] when the problem
// is beyond the memory budget ([WithMemoryBudget]).
type Counter struct {
	p     *Problem
	parts []*count.Counter // the counters of disjoint parts of the worlds; one when counted whole
}

// CounterOption changes how a [Counter] works, never what it answers.
type CounterOption func(*counterConfig)

type counterConfig struct {
	budget int64
	whole  bool
	order  []Holder
}

// WithMemoryBudget bounds the memory, in bytes, that one counting graph and
// the pass over it may take: a query that would need more returns a
// [*TooLargeError], before building anything when the graph's estimated
// size is far beyond the budget, else as soon as the graph outgrows it.
// The default is 1 GiB; 0 keeps the default, a negative budget removes the
// bound (a graph still has at most 50 million edges). The garbage
// collector may hold up to as much memory again before it runs.
func WithMemoryBudget(bytes int64) CounterOption {
	return func(c *counterConfig) { c.budget = bytes }
}

// WithoutParts counts the problem whole, never in parts: for cross-checks
// of the parts against the whole.
func WithoutParts() CounterOption {
	return func(c *counterConfig) { c.whole = true }
}

// WithOrder lays the counting graphs out with the given holders' layers in
// this order, in place of the order the counter searches for. The graph's
// size depends on its order of holders, by far; the search bounds each
// order's states from what it sees of the holders, and when there are more
// than a dozen of them it only sorts them by their number of candidate
// hands, which can be far from the best. A caller that knows its problem's
// shape can do better: in Murder By The Deck, draws of one card each, in
// reverse time order, keep every card whose deadlines have passed
// interchangeable with the others of its player.
//
// A query that asks for a holder to lead the graph (a holder's contents)
// still puts it first (and its second next); the listed holders follow in
// the given order, then the holders the list leaves out, in the counter's
// own order. Holders that take no free card, listed twice or unknown are
// passed over. The answers are the same whatever the order: only the work
// and the memory change (and so whether a problem fits the budget).
func WithOrder(holders ...Holder) CounterOption {
	return func(c *counterConfig) { c.order = slices.Clone(holders) }
}

// NewCounter returns a counter over a snapshot of p.
//
// When some observations hold whenever one holder's content is not a given
// set of cards (a failed accusation in Deduce or Die: "not (x and y are
// the Evidence and ...)"), and they constrain other holders too, the
// counter counts the worlds in disjoint parts and adds the parts' answers
// up: the worlds whose content of that holder is none of those sets
// (where those observations hold and are left out), and for each set, the
// worlds where the holder's content is that set. A holder of exact size
// qualifies; the one with the most such observations is chosen. Every
// answer is the same as counting whole (see docs/counting.md for why it is
// cheaper).
func NewCounter(p *Problem, opts ...CounterOption) *Counter {
	var cfg counterConfig
	for _, o := range opts {
		o(&cfg)
	}
	p = p.Clone()
	c := &Counter{p: p}
	if !cfg.whole {
		if _, parts := splitParts(p); parts != nil {
			for _, q := range parts {
				c.parts = append(c.parts, count.New(countInput(q, cfg.budget, cfg.order...)))
			}
			return c
		}
	}
	c.parts = []*count.Counter{count.New(countInput(p, cfg.budget, cfg.order...))}
	return c
}

// Parts is the number of disjoint parts the counter counts the worlds in:
// 1 when it counts them whole.
func (c *Counter) Parts() int { return len(c.parts) }

// countInput is p in the counting engine's plain terms, with the layer
// order of WithOrder when given.
func countInput(p *Problem, budget int64, order ...Holder) *count.Input {
	m := p.Model()
	in := &count.Input{Cards: m.NumCards(), Budget: budget, Allowed: make([][]bool, m.NumCards())}
	for _, h := range order {
		in.Order = append(in.Order, count.Holder(h))
	}
	for h := range m.NumHolders() {
		s := m.HolderSize(Holder(h))
		in.Sizes = append(in.Sizes, count.Size{Min: s.Min, Max: s.Max})
	}
	for c := range in.Allowed {
		in.Allowed[c] = slices.Clone(m.allowed[c])
	}
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			ck := count.Constraint{Op: count.Op(k.Op), Bound: k.Bound, Terms: make([]count.Term, len(k.Terms))}
			for i, t := range k.Terms {
				ck.Terms[i] = count.Term{Coef: t.Coef, Lit: count.Lit{Card: count.Card(t.Lit.Card), Holder: count.Holder(t.Lit.Holder)}}
			}
			in.Constraints = append(in.Constraints, ck)
		}
	}
	return in
}

// ErrTooLarge is the error a problem beyond the counter's reach matches
// (with errors.Is); the error returned is a [*TooLargeError].
var ErrTooLarge = errors.New("solver: problem too large to count exactly")

// TooLargeError reports a problem beyond the counter's reach: its
// counting graph would take more memory than the budget allows
// ([WithMemoryBudget]), or more edges than a graph may have; or, for a
// contents query ([Counter.Contents], [Counter.ContentsAndHolder]), a
// holder with more possible contents than a list may hold (Contents set,
// the sizes zero).
type TooLargeError struct {
	// Contents is set when the problem counts but the holder asked about
	// has too many possible contents to list.
	Contents bool
	// Estimated is set when the problem was refused before its graph was
	// built, from an estimate of its size: States and Bytes are then the
	// estimate. Otherwise they are what was laid out when the work
	// stopped.
	Estimated bool
	States    float64
	Bytes     int64
	// Budget is the memory budget the problem was held to, 0 when the
	// limit reached was the graph's edges.
	Budget int64
	// Edges is the number of edges laid out when the work stopped.
	Edges int

	msg string
}

func (e *TooLargeError) Error() string { return "solver: " + e.msg }

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// countErr is err of the counting engine as the solver reports it.
func countErr(err error) error {
	var tl *count.TooLargeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tl):
		return &TooLargeError{Estimated: tl.Estimated, States: tl.States, Bytes: tl.Bytes, Budget: tl.Budget, Edges: tl.Edges, msg: tl.Error()}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	}
	return fmt.Errorf("solver: %w", err)
}

// Release drops the counting graphs and passes the counter keeps between
// queries, so that their memory can be reclaimed before other large work
// (Deduce or Die advice builds its own graphs after reading the marginals).
// Later queries build them again; results already returned stay valid.
func (c *Counter) Release() {
	for _, pc := range c.parts {
		pc.Release()
	}
}

// Count is the number of worlds: complete deals that respect the model and
// every observation.
func (c *Counter) Count(ctx context.Context) (*big.Int, error) {
	total := new(big.Int)
	for _, pc := range c.parts {
		n, err := pc.Count(ctx)
		if err != nil {
			return nil, countErr(err)
		}
		total.Add(total, n)
	}
	return total, nil
}

// Marginals are, for every card and holder, the number of worlds in which
// the card is with the holder, out of Total worlds.
type Marginals struct {
	// Total is the number of worlds.
	Total *big.Int

	counts [][]*big.Int // [card][holder]
}

// Count is the number of worlds in which card c is with holder h; 0 for an
// unknown card or holder.
func (m *Marginals) Count(c Card, h Holder) *big.Int {
	if c < 0 || int(c) >= len(m.counts) || h < 0 || int(h) >= len(m.counts[c]) {
		return new(big.Int)
	}
	return new(big.Int).Set(m.counts[c][h])
}

// Prob is the probability that card c is with holder h when every world is
// equally likely: Count(c, h) / Total, and 0 when there is no world.
func (m *Marginals) Prob(c Card, h Holder) *big.Rat {
	if m.Total.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(m.Count(c, h), m.Total)
}

// SumMarginals is the marginals of the union of disjoint sets of worlds
// over one model, given the marginals of each (as counted by the
// [Counter]s of problems no two of which share a world): the totals and
// every count added. It returns an error when the marginals are not all
// over the same numbers of cards and holders, or when there are none.
func SumMarginals(ms ...*Marginals) (*Marginals, error) {
	if len(ms) == 0 {
		return nil, errors.New("solver: no marginals to add")
	}
	out := &Marginals{Total: new(big.Int), counts: make([][]*big.Int, len(ms[0].counts))}
	for k, row := range ms[0].counts {
		out.counts[k] = make([]*big.Int, len(row))
		for h := range row {
			out.counts[k][h] = new(big.Int)
		}
	}
	for _, m := range ms {
		if len(m.counts) != len(out.counts) {
			return nil, fmt.Errorf("solver: marginals over %d and %d cards", len(out.counts), len(m.counts))
		}
		out.Total.Add(out.Total, m.Total)
		for k, row := range m.counts {
			if len(row) != len(out.counts[k]) {
				return nil, fmt.Errorf("solver: marginals over %d and %d holders", len(out.counts[k]), len(row))
			}
			for h, v := range row {
				out.counts[k][h].Add(out.counts[k][h], v)
			}
		}
	}
	return out, nil
}

// Marginals counts, for every card and holder, the worlds in which the card
// is with the holder. It costs one backward pass over the counting graph
// (carrying, per state, the completions that put a given card with each
// later holder), not one count per card and holder.
func (c *Counter) Marginals(ctx context.Context) (*Marginals, error) {
	ms := make([]*Marginals, len(c.parts))
	for i, pc := range c.parts {
		m, err := pc.Marginals(ctx)
		if err != nil {
			return nil, countErr(err)
		}
		// The engine's integers may be shared with it: Count copies them,
		// and SumMarginals makes new ones.
		ms[i] = &Marginals{Total: new(big.Int).Set(m.Total), counts: m.Counts}
	}
	if len(ms) == 1 {
		return ms[0], nil
	}
	return SumMarginals(ms...)
}

// JointCount is one outcome of a joint distribution: Holders[i] holds the
// i-th card asked, in Count worlds.
type JointCount struct {
	Holders []Holder
	Count   *big.Int
}

// Joint is the joint distribution of the holders of the given cards: every
// tuple of holders that occurs in some world, with its number of worlds,
// in increasing lexicographic order of the tuples. It is meant for a few
// cards: the work grows with the number of tuples. It returns an error for
// an unknown card.
func (c *Counter) Joint(ctx context.Context, cards []Card) ([]JointCount, error) {
	m := c.p.Model()
	cc := make([]count.Card, len(cards))
	for i, k := range cards {
		if !m.ValidCard(k) {
			return nil, fmt.Errorf("solver: unknown card %d", k)
		}
		cc[i] = count.Card(k)
	}
	var out []JointCount
	for _, pc := range c.parts {
		js, err := pc.Joint(ctx, cc)
		if err != nil {
			return nil, countErr(err)
		}
		for _, j := range js {
			hs := make([]Holder, len(j.Holders))
			for i, h := range j.Holders {
				hs[i] = Holder(h)
			}
			out = append(out, JointCount{Holders: hs, Count: j.Count})
		}
	}
	return addUp(out, func(a, b JointCount) int { return slices.Compare(a.Holders, b.Holders) },
		func(x *JointCount) *big.Int { return x.Count }), nil
}

// ContentCount is one possible exact content of a holder: the Cards, in
// increasing order, in Count worlds.
type ContentCount struct {
	Cards []Card
	Count *big.Int
}

// Contents is the distribution of the exact content of holder h: every set
// of cards h holds in some world, with its number of worlds, in increasing
// lexicographic order of the card lists. It is meant for a small holder (an
// envelope, an evidence pile): it returns an error for an unknown holder
// and when the holder has more than about a million possible contents. It
// is [Counter.ContentsAndHolder] with no card picked.
func (c *Counter) Contents(ctx context.Context, h Holder) ([]ContentCount, error) {
	var out []ContentCount
	err := c.contents(ctx, h, nil, func(cards []Card, _ count.Holder, n *big.Int) {
		out = append(out, ContentCount{Cards: cards, Count: new(big.Int).Set(n)})
	})
	if err != nil {
		return nil, err
	}
	return addUp(out, func(a, b ContentCount) int { return slices.Compare(a.Cards, b.Cards) },
		func(x *ContentCount) *big.Int { return x.Count }), nil
}

// contents calls f with every outcome of the engine's contents of holder h
// (checked) and pick, part by part, in no particular order.
func (c *Counter) contents(ctx context.Context, h Holder, pick func([]Card) (Card, bool), f func([]Card, count.Holder, *big.Int)) error {
	if !c.p.Model().ValidHolder(h) {
		return fmt.Errorf("solver: unknown holder %d", h)
	}
	for _, pc := range c.parts {
		if err := count.EachContent(ctx, pc, count.Holder(h), countPick(pick), f); err != nil {
			return c.contentsErr(h, err)
		}
	}
	return nil
}

// ContentHolderCount is one outcome of [Counter.ContentsAndHolder]: the
// holder's content is Cards and the picked card is with Holder (NoHolder
// when no card was picked), in Count worlds.
type ContentHolderCount struct {
	Cards  []Card
	Holder Holder
	Count  *big.Int
}

// ContentsAndHolder is the joint distribution of the exact content of holder
// h and the holder of the card pick chooses from that content: for every
// content of h (Cards ascending), pick returns a card, or false for none,
// and the worlds with that content are split by the holder of the picked
// card (h itself when the picked card is in the content). A nil pick picks
// no card. Outcomes with no world are left out; the order is by content,
// then holder. It costs one backward pass over the counting graph whatever
// the number of contents (the same pass as [Counter.Marginals] when h is
// the smallest holder). pick must not keep its argument. Errors are as for
// [Counter.Contents], and for a picked card that does not exist.
func (c *Counter) ContentsAndHolder(ctx context.Context, h Holder, pick func(content []Card) (Card, bool)) ([]ContentHolderCount, error) {
	var out []ContentHolderCount
	err := c.contents(ctx, h, pick, func(cards []Card, g count.Holder, n *big.Int) {
		out = append(out, ContentHolderCount{Cards: cards, Holder: Holder(g), Count: new(big.Int).Set(n)})
	})
	if err != nil {
		return nil, err
	}
	return addUp(out, compareContentHolder, func(x *ContentHolderCount) *big.Int { return x.Count }), nil
}

// contentsErr is err of a contents query of holder h.
func (c *Counter) contentsErr(h Holder, err error) error {
	if errors.Is(err, count.ErrTooManyContents) {
		return &TooLargeError{Contents: true, msg: fmt.Sprintf("holder %q has too many possible contents to list", c.p.Model().HolderName(h))}
	}
	return countErr(err)
}

func compareContentHolder(a, b ContentHolderCount) int {
	return cmp.Or(slices.Compare(a.Cards, b.Cards), cmp.Compare(a.Holder, b.Holder))
}

// countPick is pick in the counting engine's terms (nil for nil).
func countPick(pick func([]Card) (Card, bool)) count.Pick {
	if pick == nil {
		return nil
	}
	var buf []Card
	return func(content []count.Card) (count.Card, bool) {
		buf = buf[:0]
		for _, k := range content {
			buf = append(buf, Card(k))
		}
		k, ok := pick(buf)
		return count.Card(k), ok
	}
}

// solverCards is cards in the solver's terms.
func solverCards(cards []count.Card) []Card {
	out := make([]Card, len(cards))
	for i, k := range cards {
		out[i] = Card(k)
	}
	return out
}

// appendContents appends the engine's outcome x to out.
func appendContents(out []ContentHolderCount, x count.ContentCount) []ContentHolderCount {
	return append(out, ContentHolderCount{Cards: solverCards(x.Cards), Holder: Holder(x.Holder), Count: x.Count})
}

// addUp sorts outcomes by order and adds up the counts of those that name
// the same outcome (the parts share no world, but an outcome of one part
// may appear in another). The counts must be the caller's own.
func addUp[T any](out []T, order func(a, b T) int, count func(*T) *big.Int) []T {
	if !slices.IsSortedFunc(out, order) { // one part's outcomes come in order
		slices.SortStableFunc(out, order)
	}
	merged := out[:0]
	for i := range out {
		if n := len(merged); n > 0 && order(merged[n-1], out[i]) == 0 {
			last := count(&merged[n-1])
			last.Add(last, count(&out[i]))
			continue
		}
		merged = append(merged, out[i])
	}
	return merged
}

// Sample draws one world, every world equally likely, using rng. It returns
// [ErrInconsistent] when there is no world. Counted in parts, it draws the
// part first, each with the probability of its number of worlds.
func (c *Counter) Sample(ctx context.Context, rng *rand.Rand) (World, error) {
	pc := c.parts[0]
	if len(c.parts) > 1 {
		ns := make([]*big.Int, len(c.parts))
		total := new(big.Int)
		for i, q := range c.parts {
			n, err := q.Count(ctx)
			if err != nil {
				return nil, countErr(err)
			}
			ns[i] = n
			total.Add(total, n)
		}
		if total.Sign() == 0 {
			return nil, ErrInconsistent
		}
		u := count.RandBelow(rng, total)
		for i, n := range ns {
			if u.Cmp(n) < 0 {
				pc = c.parts[i]
				break
			}
			u.Sub(u, n)
		}
	}
	hs, err := pc.Sample(ctx, rng)
	if errors.Is(err, count.ErrNoWorld) {
		return nil, ErrInconsistent
	}
	if err != nil {
		return nil, countErr(err)
	}
	w := make(World, len(hs))
	for k, h := range hs {
		w[k] = Holder(h)
	}
	return w, nil
}
