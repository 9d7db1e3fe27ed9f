package count

import (
	"errors"
	"fmt"
)

// Card is a card of an [Input]: its index, from 0.
type Card int

// Holder is a holder of an [Input]: its index, from 0.
type Holder int

// NoHolder stands for no holder: no requested holder in a layout, no
// picked card in an outcome.
const NoHolder Holder = -1

// Op is the relation of a linear constraint.
type Op uint8

// The relations of a [Constraint].
const (
	Eq Op = iota // sum == bound
	Le           // sum <= bound
	Ge           // sum >= bound
)

// Lit is the ownership indicator "Card is held by Holder".
type Lit struct {
	Card   Card
	Holder Holder
}

// Term is Coef times an ownership indicator.
type Term struct {
	Coef int
	Lit  Lit
}

// Constraint is sum(Coef * x[Lit]) Op Bound; a literal may appear in
// several terms, its coefficients adding up.
type Constraint struct {
	Terms []Term
	Op    Op
	Bound int
}

// Size is the range of a holder's number of cards, Min to Max inclusive.
type Size struct {
	Min, Max int
}

// Tally is how many of Cards Holder has.
type Tally struct {
	Holder Holder
	Cards  []Card
}

// Input is a counting problem in plain terms, the one thing the package
// reads: cards 0..Cards-1 shared out among holders of the given sizes,
// each card only to the holders Allowed lets it go to, under linear
// constraints; and the memory the work may take. Which queries are asked
// is told by the [Counter] method called, each of which lays the graph
// out for itself (a holder first, cards kept apart, tallies told).
type Input struct {
	Cards int
	// Sizes are the holders' sizes, one per holder.
	Sizes []Size
	// Allowed[c][h] reports whether card c may go to holder h; nil
	// allows every holder for every card.
	Allowed [][]bool
	// Constraints are every constraint in force; literals must name
	// cards and holders of the input.
	Constraints []Constraint
	// Budget bounds the memory, in bytes, that one counting graph and
	// the pass over it may take; 0 means [DefaultBudget], a negative
	// value no bound.
	Budget int64
	// Order, when not empty, is the order of the graphs' layers: the
	// holders it lists that can take a free card, in its order, after
	// the holder a query asks to lead (and its second), and then the
	// other holders in the order the counter picks. It replaces the
	// counter's search, never changes an answer, and is for callers
	// that know their problem's shape (draws in time order, where the
	// search sees only anonymous holders). Holders out of range, or
	// that take no free card, are passed over; a holder listed twice
	// takes its first place.
	Order []Holder
}

// DefaultBudget is the memory budget of an [Input] that sets none: 1 GiB.
const DefaultBudget = 1 << 30

// budget is the input's memory budget in bytes, math.MaxInt64 for none.
func (in *Input) budget() int64 {
	switch {
	case in.Budget == 0:
		return DefaultBudget
	case in.Budget < 0:
		return 1<<63 - 1
	}
	return in.Budget
}

// allowed reports whether card c may go to holder h.
func (in *Input) allowed(c Card, h Holder) bool {
	return in.Allowed == nil || in.Allowed[c][h]
}

// validCard reports whether c is a card of the input.
func (in *Input) validCard(c Card) bool { return c >= 0 && int(c) < in.Cards }

// validHolder reports whether h is a holder of the input.
func (in *Input) validHolder(h Holder) bool { return h >= 0 && int(h) < len(in.Sizes) }

// ErrTooManyContents is returned when a holder has more possible contents
// than a query lists (about a million).
var ErrTooManyContents = errors.New("too many possible contents to list")

// ErrNoWorld is returned by [Counter.Sample] when there is no world.
var ErrNoWorld = errors.New("no world")

// TooLargeError reports a problem beyond reach: its counting graph would
// take more memory than the budget allows, or more edges than a graph may
// have. Estimated is set when the problem was refused before its graph was
// built, from an estimate of its states.
type TooLargeError struct {
	// States is the estimated number of states (when Estimated) or the
	// number laid out when the work stopped.
	States float64
	// Bytes is the estimated memory (when Estimated) or the memory in use
	// when the work stopped; Budget is the budget it was held to (0 when
	// the limit was the graph's edges).
	Bytes, Budget int64
	// Edges is the number of edges laid out when the work stopped.
	Edges int
	// Estimated is set when the graph was not built at all.
	Estimated bool
}

func (e *TooLargeError) Error() string {
	switch {
	case e.Estimated:
		return fmt.Sprintf("problem too large to count exactly: about %.3g states, %s estimated against a budget of %s", e.States, bytesText(float64(e.Bytes)), bytesText(float64(e.Budget)))
	case e.Budget > 0 && e.Edges == 0:
		return fmt.Sprintf("problem too large to count exactly: the graph and its counts would take %s, beyond the budget of %s", bytesText(float64(e.Bytes)), bytesText(float64(e.Budget)))
	case e.Budget > 0:
		return fmt.Sprintf("problem too large to count exactly: %s in use after %d edges, beyond the budget of %s", bytesText(float64(e.Bytes)), e.Edges, bytesText(float64(e.Budget)))
	}
	return fmt.Sprintf("problem too large to count exactly: more than %d edges", e.Edges)
}

// bytesText writes n bytes in MiB or GiB.
func bytesText(n float64) string {
	if n >= 1<<30 {
		return fmt.Sprintf("%.1f GiB", n/(1<<30))
	}
	return fmt.Sprintf("%.0f MiB", n/(1<<20))
}
