package murderbythedeck

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// Name is the game's name in a log header.
const Name = "mbtd"

// Game is a round of Murder By The Deck as seen from one seat (or from no
// seat: a spectator): the lines accepted so far, the rules' state they
// leave, and the tracker's solver problem. Make one with [NewGame] and feed
// it lines with [Game.Apply], or read a whole log with [Load].
type Game struct {
	lines  []string
	st     *state
	cp     *compiled
	est    *Estimate // the estimate for the current lines, once computed
	estErr error
	an     *analysis // the analysis of the current lines, once made
	// sat is the SAT engine kept from line to line, extended with each
	// line's problem (the model grows with the round), and work the
	// problem it holds; nil when none is kept.
	work *solver.Problem
	sat  *solver.Growing
	// samples is the number of worlds an estimate draws first, budget the
	// time it may spend drawing more.
	samples, most int
	budget        time.Duration
	choices       Choices // the model of the other players' hidden choices
	key           string  // the non-comment lines so far, for the memo of states
}

var _ table.Game = (*Game)(nil)

// NewGame returns an empty game awaiting its players line.
func NewGame() *Game {
	st := newState()
	cp, _ := st.compile()
	return &Game{st: st, cp: cp, samples: Samples, most: MaxSamples, choices: ChoicesOpaque}
}

// Load reads a whole log of Murder By The Deck (header "game mbtd") and
// replays it; see [table.Replay] for the errors.
func Load(r io.Reader) (*Game, error) { return table.LoadAs[*Game](Definition, r) }

// Name is "mbtd".
func (g *Game) Name() string { return Name }

// Lines are the accepted lines, in order.
func (g *Game) Lines() []string { return g.lines }

// Players are the players in seat order, empty before the players line.
func (g *Game) Players() []string { return g.st.names }

// Seat is the seat's player, "" for a spectator.
func (g *Game) Seat() string {
	if g.st.seat < 0 {
		return ""
	}
	return g.st.names[g.st.seat]
}

// Over reports whether the round is over.
func (g *Game) Over() bool { return g.st.over }

// SetSamples sets the number of worlds the estimates draw first (at least
// 10).
func (g *Game) SetSamples(n int) {
	g.samples = max(n, 10)
	g.est, g.estErr, g.an = nil, nil, nil
}

// SetBudget sets the time an estimate may spend drawing worlds before it
// stops short of TargetSE; 0 (the default) sets no time, only the bound of
// SetMaxSamples, so that the same lines always give the same figures.
func (g *Game) SetBudget(d time.Duration) {
	g.budget = max(d, 0)
	g.est, g.estErr, g.an = nil, nil, nil
}

// SetMaxSamples sets the most worlds an estimate draws to bring every
// standard error down to TargetSE (at least the first ones, SetSamples).
func (g *Game) SetMaxSamples(n int) {
	g.most = n
	g.est, g.estErr, g.an = nil, nil, nil
}

// SetChoices sets the tracker's model of the other players' hidden choices
// (docs/encodings/murder-by-the-deck.md, "Probabilities: the model and
// the estimator"); ChoicesOpaque by default.
func (g *Game) SetChoices(c Choices) {
	g.choices = c
	g.est, g.estErr, g.an = nil, nil, nil
}

// Choices is the tracker's model of the other players' hidden choices:
// how much a choice seen (a discard) tells about the hand it was made
// from.
type Choices int

const (
	// ChoicesUniform: every hidden choice is uniform among the legal
	// ones, the discard among the legal discards, as the simulator's
	// random players choose: a discard weighs one over the number of
	// legal discards of the hand it was made from. Right for random
	// play; against players that try to win it claims certainty it does
	// not have (docs/benchmarks.md, "Calibration against the true
	// places").
	ChoicesUniform Choices = iota
	// ChoicesOpaque, the default: as ChoicesUniform, but a discard tells
	// only that it was legal; every hand it is legal from weighs the
	// same. The start of a turn is weighed as under ChoicesUniform (a
	// player that could have BLOCKed or accused and drew).
	ChoicesOpaque
)

// String is "uniform" or "opaque".
func (c Choices) String() string {
	if c == ChoicesUniform {
		return "uniform"
	}
	return "opaque"
}

// Words are the player names, the keywords and the card names, for
// completion at the prompt.
func (g *Game) Words() []string {
	w := slices.Clone(g.st.names)
	w = append(w, "players", "seat", "hand", "draws", "down", "discards", "lucky", "dead", "block", "passes", "accuses", "shows", "right", "wrong", "pile", "used", "not", "spade", "rule", "murderer", "discard", "piles", "turns", "keepdeath", "sheet", "nospade", "high", "unlimited")
	for c := range Card(NumCards) {
		w = append(w, c.String())
	}
	return w
}

// Apply parses one line and adds it. A malformed line, or one the rules do
// not allow here, returns a *table.LineError; a line that contradicts
// earlier ones returns a *table.ConflictError naming a minimal set of them.
// On any error the game is unchanged.
//
// The column of a *table.LineError counts characters as a player sees
// them ([table.CharColumns]).
func (g *Game) Apply(line string) error {
	return table.CharColumns(g.applyLine(line), line)
}

// applyLine is Apply with the error's column in bytes.
func (g *Game) applyLine(line string) error {
	if len(line) > table.MaxLineLen {
		return &table.LineError{Msg: fmt.Sprintf("the line has %d bytes, more than %d", len(line), table.MaxLineLen)}
	}
	if table.IsComment(line) {
		g.lines = append(g.lines, line)
		return nil
	}
	n := len(g.lines) + 1
	key := g.key + "\n" + fmt.Sprint(n) + "\x00" + line
	if m, ok := applied.get(key); ok {
		g.lines = append(g.lines, line)
		g.st, g.cp, g.est, g.estErr, g.an, g.key = m.st, m.cp, nil, nil, nil, key
		return nil
	}
	st := g.st.clone()
	if err := st.apply(n, line); err != nil {
		return err
	}
	cp, err := st.compile()
	if err != nil {
		return err
	}
	if len(st.obs) == len(g.st.obs) && (len(st.obs) == 0 || len(st.obs[len(st.obs)-1].cons) == len(g.st.obs[len(g.st.obs)-1].cons)) {
		// No new constraint: another player's draw, a pass. A world of the
		// earlier lines stays one (a card of the pile moves to the new
		// draw, which no earlier constraint names), so nothing to check.
		g.lines = append(g.lines, line)
		g.st, g.cp, g.est, g.estErr, g.an, g.key = st, cp, nil, nil, nil, key
		applied.put(key, memo{st, cp})
		return nil
	}
	ok, err := g.engine(cp.prob).Consistent(context.Background())
	if err != nil {
		return err
	}
	if !ok {
		// The engine holds the refused line: the next question builds
		// another. A fresh engine of the whole problem names the lines.
		g.work, g.sat = nil, nil
		ids, err := solver.NewSAT(cp.prob.Clone()).Conflict(context.Background())
		if err != nil {
			return err
		}
		if ids == nil {
			return errors.New("mbtd: internal error: the SAT engines disagree on a line")
		}
		var nums []int
		for _, id := range ids {
			if l := cp.obsLine[id]; l != n {
				nums = append(nums, l)
			}
		}
		if len(nums) == 0 {
			// The line contradicts what the lines made public, which the
			// model holds as structure, not as constraints: name the lines
			// that made it so.
			nums = g.st.publicReasons(line)
		}
		slices.Sort(nums)
		return table.NewConflict(g.lines, slices.Compact(nums))
	}
	g.lines = append(g.lines, line)
	g.st, g.cp, g.est, g.estErr, g.an, g.key = st, cp, nil, nil, nil, key
	applied.put(key, memo{st, cp})
	return nil
}

// engine is the SAT engine kept from line to line, extended to p: the
// model only grows from line to line (a copy of a card for each new draw
// pile, a holder for each draw; a pile's size changes), and the
// observations of earlier lines stay as they were. When p does not extend
// what the engine holds (after a refused line, or lines added otherwise),
// it is built again.
func (g *Game) engine(p *solver.Problem) *solver.Growing {
	if g.sat != nil && g.work == p {
		return g.sat
	}
	if g.sat == nil || g.sat.Extend(p) != nil {
		g.sat = solver.NewGrowing()
		if err := g.sat.Extend(p); err != nil {
			panic("mbtd: internal error: a new engine refuses a problem: " + err.Error())
		}
	}
	g.work = p
	return g.sat
}

// memo is a state the lines leading to it were checked into.
type memo struct {
	st *state
	cp *compiled
}

// memoCache keeps the states of recently accepted lines, keyed by the
// non-comment lines that lead to them: replaying a log (undo, edit, a
// session resumed) does not check again what was checked. The states are
// never changed once made (Apply clones before changing), so sharing them
// is safe.
type memoCache struct {
	mu    sync.Mutex
	m     map[string]memo
	order []string
}

const memoSize = 1024

var applied = &memoCache{m: map[string]memo{}}

func (c *memoCache) get(k string) (memo, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, ok := c.m[k]
	return m, ok
}

func (c *memoCache) put(k string, m memo) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return
	}
	if len(c.order) >= memoSize {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[k] = m
	c.order = append(c.order, k)
}

// seedOf is the sampling seed of the lines so far: a hash of their text, so
// that the same log always gives the same figures and two logs never share
// a sampling stream by their length alone.
func seedOf(content string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(content))
	return h.Sum64()
}

// Estimate is the tracker's estimate for the lines so far (computed once
// per line, with a seed that is a hash of the lines' text, so that the same
// log always gives the same figures; see [Game.SetBudget]).
func (g *Game) Estimate(ctx context.Context) (*Estimate, error) {
	if g.est == nil && g.estErr == nil {
		g.est, g.estErr = g.st.estimateWith(ctx, g.cp.counter(), g.samples, max(g.most, g.samples), seedOf(g.st.content), g.budget, g.choices)
		if g.estErr != nil && ctx.Err() != nil {
			err := g.estErr
			g.estErr = nil
			return nil, err
		}
	}
	return g.est, g.estErr
}

// column names
func (g *Game) colName(col int) string {
	switch col {
	case colPile:
		return "pile"
	case colDown:
		return "down"
	case colUsed:
		return "used"
	}
	return g.st.names[col]
}

// where is the symbolic "card c is in column col now"; public is set when
// the lines settle it publicly (the return pile), with its value.
func (s *state) where(c Card, col int) (lits []lit, public, value bool) {
	if s.live[c] < 0 {
		return nil, true, col == colUsed
	}
	cp := s.live[c]
	switch {
	case col == colUsed:
		return nil, true, false
	case col < Players:
		return s.inHand(col, c), false, false
	case col == colPile:
		if s.copies[cp].epoch == s.epoch {
			return []lit{{cp, s.pileH[s.epoch-1]}}, false, false
		}
		return nil, false, false
	}
	for _, k := range s.downSlots() {
		if s.slots[k].epoch == s.copies[cp].epoch {
			out := lit{cp, s.slotHolder(k)}
			lits = append(lits, out)
		}
	}
	return lits, false, false
}

// query is a fact as the tracker asks it: "the sum of lits is at least one"
// (hold) or "is zero".
type query struct {
	lits []lit
	hold bool
}

// possible reports, for each query, whether some world makes it true; one
// SAT engine answers them all: the one kept from line to line, each query
// asked with every line's constraints and not kept (a world found for one
// query answers every other it makes true).
func (g *Game) possible(ctx context.Context, qs []query) ([]bool, error) {
	if len(qs) == 0 {
		return nil, nil
	}
	ks := make([]solver.Constraint, len(qs))
	for i, q := range qs {
		ks[i] = g.queryCons(q)
	}
	quick, cancel := context.WithTimeout(ctx, satQuick)
	out, err := g.engine(g.cp.prob).Possible(quick, ks)
	cancel()
	if err == nil || ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded) {
		return out, err
	}
	// The places left are hard for the SAT engine (a pile generation is
	// a matching of its cards to its draws, and proving that none puts a
	// card somewhere can take it seconds): the counter's marginals settle
	// a place exactly, and the engine the queries they cannot.
	return g.possibleByCount(ctx, qs, ks)
}

// satQuick is how long the sheet's SAT questions may take before the
// counter's marginals settle them instead.
const satQuick = 150 * time.Millisecond

// possibleByCount is possible from the counter's marginals: a place is
// possible when some world has one of its literals, "none of these" when
// its literals are of one card and some world has the card elsewhere; the
// queries marginals cannot settle (literals of several cards that must
// all be false), and every query when the counter refuses the problem,
// go to the SAT engine.
func (g *Game) possibleByCount(ctx context.Context, qs []query, ks []solver.Constraint) ([]bool, error) {
	m, err := g.cp.counter().Marginals(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return g.engine(g.cp.prob).Possible(ctx, ks)
	}
	out := make([]bool, len(qs))
	var rest []int
	for i, q := range qs {
		in := new(big.Int)
		one := true
		for _, l := range q.lits {
			in.Add(in, m.Count(solver.Card(l.copy), solver.Holder(l.holder)))
			one = one && l.copy == q.lits[0].copy
		}
		switch {
		case q.hold:
			out[i] = in.Sign() > 0
		case one:
			out[i] = in.Cmp(m.Total) < 0
		default:
			rest = append(rest, i)
		}
	}
	if len(rest) > 0 {
		ask := make([]solver.Constraint, len(rest))
		for j, i := range rest {
			ask[j] = ks[i]
		}
		ok, err := g.engine(g.cp.prob).Possible(ctx, ask)
		if err != nil {
			return nil, err
		}
		for j, i := range rest {
			out[i] = ok[j]
		}
	}
	return out, nil
}

func (g *Game) queryCons(q query) solver.Constraint {
	if q.hold {
		return ge(sum(q.lits, 1), 1).solver()
	}
	return eq(sum(q.lits, 1), 0).solver()
}

// why is a minimal set of lines that force the query to be false: the
// lines in a minimal conflict with it.
func (g *Game) why(ctx context.Context, q query) ([]int, bool, error) {
	p := g.cp.prob.Clone()
	id, err := p.Add(solver.Observation{Label: "fact", Constraints: []solver.Constraint{g.queryCons(q)}})
	if err != nil {
		return nil, false, err
	}
	ids, err := solver.NewSAT(p).Conflict(ctx)
	if err != nil {
		return nil, false, err
	}
	if ids == nil {
		return nil, false, nil
	}
	nums := []int{}
	for _, i := range ids {
		if i != id {
			nums = append(nums, g.cp.obsLine[i])
		}
	}
	slices.Sort(nums)
	return slices.Compact(nums), true, nil
}

var errNoPlayers = errors.New("no players yet: the log starts with \"players NAME NAME NAME NAME\"")
