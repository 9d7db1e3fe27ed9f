package puzzle

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// StepKind is how a step of a worked solution is justified.
type StepKind uint8

// The kinds of step.
const (
	// Apply: one rule of the game or one observation, read with the facts
	// cited, leaves the step's facts no other value.
	Apply StepKind = iota
	// Suppose: supposing the opposite of the step's fact, the nested steps
	// reach a contradiction; so the fact holds.
	Suppose
	// Contradiction: the last nested step of a supposition: one rule or
	// observation, read with the facts cited, cannot hold.
	Contradiction
	// Conclude: a rule of the game that is not about who holds which
	// card (Deduce or Die's Murder card, made from the Evidence pair),
	// read with the facts cited, gives the step's Claim. The game checks
	// it ([Instance.Conclude]).
	Conclude
)

// String is "apply", "suppose", "contradiction" or "conclude".
func (k StepKind) String() string {
	switch k {
	case Apply:
		return "apply"
	case Suppose:
		return "suppose"
	case Contradiction:
		return "contradiction"
	case Conclude:
		return "conclude"
	}
	return "StepKind(?)"
}

// Step is one deduction of a worked solution.
type Step struct {
	// Number is the step's number: "13" at the top, "13.2" for the second
	// step inside the supposition of step 13, and so on.
	Number string
	Kind   StepKind
	// Facts are what the step establishes: for Apply, facts the rule gives
	// about one holder, all true or all false, or about one card and
	// several holders; for Suppose, the one fact the supposition's
	// refutation proves; none for Contradiction.
	Facts []solver.Fact
	// Supposed is, for a Suppose step, the supposition: the opposite of
	// Facts[0].
	Supposed solver.Fact
	// Rule is the rule or observation an Apply or Contradiction step
	// reads.
	Rule solver.Rule
	// Because are the facts the rule is read with (for a Contradiction,
	// the facts that break it), each with where it comes from.
	Because []Cited
	// Sub are a Suppose step's nested steps, the last a Contradiction.
	Sub []Step
	// Parts are, for an Apply or Contradiction step that reads an
	// observation of several constraints (Clue's envelope rule: one card
	// of each kind), the constraints it reads, as indices into the
	// observation's Constraints; nil means all of them. The step's text
	// quotes these and [CheckSteps] checks the step against these alone.
	Parts []int
	// Human names, for an Apply step that reads several lines at once,
	// the deduction a person makes in one look ([HandFull], [SharedSet]);
	// Also are the rules it reads besides Rule.
	Human HumanRule
	Also  []Reading
	// Claim is what a Conclude step concludes, in the game's own form
	// (Deduce or Die: "murder-card 9H", "murderer carol"); its text comes
	// from the game's words ([Concluding]).
	Claim string
}

// Concluding is implemented by Words that state a Conclude step's claim
// and the rule that gives it: "The Murder card is 9H: …".
type Concluding interface {
	Conclusion(claim string) string
}

// CiteFact is how a fact the solution establishes at its top level is
// cited: the top-level step that establishes it; ok is false when none
// does.
func (s *Solution) CiteFact(f solver.Fact) (Cited, bool) {
	for _, st := range s.Steps {
		if st.Kind != Conclude && slices.Contains(st.Facts, f) {
			return Cited{Fact: f, Step: st.Number}, true
		}
	}
	return Cited{}, false
}

// AddConclusion appends a Conclude step, numbered after the last top-level
// step, and counts it in the grade.
func (s *Solution) AddConclusion(claim string, because []Cited) {
	s.Steps = append(s.Steps, Step{Number: strconv.Itoa(len(s.Steps) + 1), Kind: Conclude, Claim: claim, Because: because})
	s.Grade = measure(s, s.Grade.Clues)
}

// partOf is the first constraint of rule's observation whose terms
// mention every fact of fs, or -1 (also for a rule that is not an
// observation): the one constraint a propagation step read, since unit
// propagation on a constraint fixes only its own literals and reads only
// its own.
func partOf(p *solver.Problem, rule solver.Rule, fs []solver.Fact) int {
	if rule.Kind != solver.RuleObservation {
		return -1
	}
	obs := p.Observations()
	if rule.Index < 0 || rule.Index >= len(obs) || len(obs[rule.Index].Constraints) < 2 {
		return -1
	}
	for i, k := range obs[rule.Index].Constraints {
		all := true
		for _, f := range fs {
			in := false
			for _, t := range k.Terms {
				if t.Lit.Card == f.Card && t.Lit.Holder == f.Holder {
					in = true
					break
				}
			}
			if !in {
				all = false
				break
			}
		}
		if all {
			return i
		}
	}
	return -1
}

// groupKey is what facts must share to make one step with a rule's
// facts: the constraint they come from, except that constraints of one
// term (a line that rules cards out one by one, as Deductio's clues do)
// all make one step.
func groupKey(p *solver.Problem, rule solver.Rule, part int) int {
	if part >= 0 && len(p.Observations()[rule.Index].Constraints[part].Terms) == 1 {
		return -2
	}
	return part
}

// partsOf are the parts of a step's facts as its Parts: nil when one of
// them is not known.
func partsOf(parts ...int) []int {
	var out []int
	for _, p := range parts {
		if p < 0 {
			return nil
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// Cited is a fact a step relies on, with its source: an earlier step (its
// Number; the number of an enclosing Suppose step stands for its
// supposition), or given observations (what the seat knew from the start).
type Cited struct {
	Fact   solver.Fact
	Step   string // "" when the fact is known from the givens
	Givens []int  // observation ids the fact rests on, when Step is ""
}

// Depth is the deepest nesting of suppositions in s: 0 for an Apply step,
// 1 for a supposition refuted by rules alone, and so on.
func (s *Step) Depth() int {
	if s.Kind != Suppose {
		return 0
	}
	d := 0
	for i := range s.Sub {
		d = max(d, s.Sub[i].Depth())
	}
	return d + 1
}

// Width is how many lines and earlier steps the step cites (a Suppose
// step cites nothing itself: its nested steps do).
func (s *Step) Width() int {
	seen := map[string]bool{}
	if s.Rule.Kind == solver.RuleObservation && s.Kind != Suppose {
		seen["o"+strconv.Itoa(s.Rule.Index)] = true
	}
	for _, a := range s.Also {
		if a.Rule.Kind == solver.RuleObservation {
			seen["o"+strconv.Itoa(a.Rule.Index)] = true
		}
	}
	for _, c := range s.Because {
		if c.Step != "" {
			seen["s"+c.Step] = true
		}
		for _, g := range c.Givens {
			seen["o"+strconv.Itoa(g)] = true
		}
	}
	return len(seen)
}

// Solution is a worked solution: the steps from the givens and the clues
// to the answer, and the grade they measure.
type Solution struct {
	Steps []Step
	Grade Grade
}

// Walk calls f on every step of s, nested ones after the step that holds
// them, in the order printed.
func (s *Solution) Walk(f func(st *Step)) {
	var walk func(steps []Step)
	walk = func(steps []Step) {
		for i := range steps {
			f(&steps[i])
			walk(steps[i].Sub)
		}
	}
	walk(s.Steps)
}

// refutation is a supposition refuted: from a context (a propagation
// whose trail has base entries), supposing sup and learning the facts of
// nested refutations leads propagation to a conflict.
type refutation struct {
	sup     solver.Fact
	base    int
	final   *solver.Propagation // ends in a conflict
	learned map[int]*refutation // trail position of a learned fact -> its refutation
	deps    map[int]bool        // positions below base the refutation rests on
	need    map[int]bool        // positions from base on that it uses
}

// walk collects the trail positions the refutation rests on: below base
// into deps, from base on into need.
func (r *refutation) walk() {
	if r.deps != nil {
		return
	}
	r.deps, r.need = map[int]bool{}, map[int]bool{}
	tr := r.final.Trail()
	stack := slices.Clone(r.final.Conflict().Because)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p < r.base {
			r.deps[p] = true
			continue
		}
		if r.need[p] {
			continue
		}
		r.need[p] = true
		if in, ok := r.learned[p]; ok {
			in.walk()
			for q := range in.deps {
				stack = append(stack, q)
			}
			continue
		}
		stack = append(stack, tr[p].Because...)
	}
}

// entry is one fact found at the top level, before the chain is extracted.
type entry struct {
	fact    solver.Fact
	start   bool
	givens  []int // for start entries: the given observations it rests on
	rule    solver.Rule
	after   []int // entry indices
	ref     *refutation
	at      []int // for ref: context trail position -> entry index
	because []int // for Apply entries: the entries the rule is read with
	human   *humanFind
}

type solveState struct {
	in     *Instance
	log    []entry
	index  map[solver.Fact]int
	budget int
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
		e := entry{fact: d.Fact, start: start, rule: d.Rule}
		for _, b := range d.Because {
			e.after = append(e.after, at[b])
		}
		e.because = slices.Clone(e.after)
		if start {
			gs := map[int]bool{}
			if d.Rule.Kind == solver.RuleObservation {
				gs[d.Rule.Index] = true
			}
			for _, a := range e.after {
				for _, g := range st.log[a].givens {
					gs[g] = true
				}
			}
			e.givens = slices.Sorted(mapKeys(gs))
		}
		at[i] = st.add(e)
	}
	return at
}

func mapKeys(m map[int]bool) func(func(int) bool) {
	return func(yield func(int) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
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
// propagation first (one rule or observation at a time); when it stalls, a
// supposition refuted by propagation (depth 1); when that stalls too, a
// supposition refuted with suppositions nested inside it, as deep as
// needed (the shallowest found first). The steps kept are those the answer
// depends on, in the order found.
//
// It returns ErrNotUnique when the answer is not implied,
// ErrInconsistent when the observations admit no world and ErrTooDeep when
// the argument would be too deep to write out.
func Solve(ctx context.Context, in *Instance) (*Solution, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	return solve(ctx, in, true)
}

// errDeep is solve's answer when deep is false and the answer needs a
// nested supposition: the puzzle is Hard.
var errDeep = errors.New("puzzle: a nested supposition is needed")

// solve is Solve; with deep false it gives up with errDeep where a nested
// supposition would be needed, which grades the puzzle Hard at less cost.
func solve(ctx context.Context, in *Instance, deep bool) (*Solution, error) {
	st := &solveState{in: in, index: map[solver.Fact]int{}}
	r0 := solver.NewPropagator(in.Problem, in.Givens).Run(nil)
	if r0.Conflict() != nil {
		return nil, ErrInconsistent
	}
	st.absorb(r0, true)
	pr := solver.NewPropagator(in.Problem, in.obs(in.Clues))
	written := 0
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
		if f := findHuman(in.Problem, in.obs(in.Clues), r); f != nil {
			var after []int
			for _, p := range f.cites {
				after = append(after, at[p])
			}
			for _, fact := range f.facts {
				st.add(entry{fact: fact, rule: f.main.Rule, after: after, because: after, human: f})
			}
			continue
		}
		ref := st.probe(r, 0)
		if ref == nil && !deep {
			return nil, errDeep
		}
		if ref == nil {
			var err error
			if ref, err = st.deeper(ctx, r); err != nil {
				return nil, err
			}
		}
		ref.walk()
		if written += ref.size(); written > 2*MaxSteps {
			// The suppositions alone would make too long a solution
			// (only those the answer depends on are kept, so allow
			// twice the limit before giving up early).
			return nil, ErrTooDeep
		}
		e := entry{fact: negate(ref.sup), ref: ref, at: at}
		for p := range ref.deps {
			e.after = append(e.after, at[p])
		}
		slices.Sort(e.after)
		st.add(e)
	}
	sol := st.chain()
	if sol.Grade.Steps > MaxSteps {
		return nil, ErrTooDeep
	}
	return sol, nil
}

func negate(f solver.Fact) solver.Fact { f.Holds = !f.Holds; return f }

// open lists the open facts of r, the suppositions worth trying: "c is not
// with h" first, since refuting it places c outright, which makes shorter
// chains than ruling out c's other places one by one.
func open(r *solver.Propagation, m *solver.Model) []solver.Fact {
	var out []solver.Fact
	for _, v := range []bool{false, true} {
		for c := range m.NumCards() {
			for h := range m.NumHolders() {
				if r.Status(solver.Card(c), solver.Holder(h)) == solver.Open {
					out = append(out, solver.Fact{Card: solver.Card(c), Holder: solver.Holder(h), Holds: v})
				}
			}
		}
	}
	return out
}

// probe tries every open fact of r as a supposition refuted with
// suppositions nested at most d deep inside it, and returns the first
// refutation found, or nil.
func (st *solveState) probe(r *solver.Propagation, d int) *refutation {
	for _, f := range open(r, st.in.Problem.Model()) {
		if ref := st.refute(r, f, d); ref != nil {
			return ref
		}
	}
	return nil
}

// refute tries to refute sup in the context r with suppositions nested at
// most d deep inside (0: propagation alone), shallowest first, within the
// solver's budget of propagations. It returns nil when it finds none.
func (st *solveState) refute(r *solver.Propagation, sup solver.Fact, d int) *refutation {
	if st.budget <= 0 && d > 0 {
		return nil
	}
	st.budget--
	q := r.With(sup)
	ref := &refutation{sup: sup, base: len(r.Trail()), learned: map[int]*refutation{}}
	m := st.in.Problem.Model()
	for q.Conflict() == nil {
		if d == 0 || st.budget <= 0 {
			return nil
		}
		var inner *refutation
		for dd := 0; dd < d && inner == nil; dd++ {
			for _, l := range open(q, m) {
				if inner = st.refute(q, l, dd); inner != nil || st.budget <= 0 {
					break
				}
			}
		}
		if inner == nil {
			return nil
		}
		pos := len(q.Trail())
		q = q.With(negate(inner.sup))
		ref.learned[pos] = inner
	}
	ref.final = q
	return ref
}

// Limits of the search for nested suppositions.
const (
	maxDeepCandidates = 12    // implied facts tried as the next step
	deepBudget        = 20000 // propagations for the search of one step
	MaxDepth          = 4     // the deepest nesting of suppositions a worked solution may have
	MaxSteps          = 150   // the most steps a worked solution may have, nested ones included
)

// ErrTooDeep is returned by [Solve] when the answer is unique but a step
// of its worked solution would need suppositions nested deeper than
// MaxDepth, or more search than the solver allows a step, or the solution
// would have more than MaxSteps steps: no solution a person could follow
// is written, and [Search] makes no puzzle of it.
var ErrTooDeep = errors.New("puzzle: the answer needs an argument too deep to write out")

// deeper finds the next step when no supposition is refuted by
// propagation: among the open facts the observations imply (answer facts
// first, at most maxDeepCandidates, those whose proof used the fewest
// observations first), one whose opposite is refuted with the shallowest
// nesting, up to MaxDepth and within deepBudget propagations; ErrTooDeep
// when there is none.
func (st *solveState) deeper(ctx context.Context, r *solver.Propagation) (*refutation, error) {
	in := st.in
	ids := in.obs(in.Clues)
	var all []solver.Fact
	for _, f := range in.Answer {
		if !r.Fixed(f) {
			all = append(all, f)
		}
	}
	for _, f := range open(r, in.Problem.Model()) {
		if !slices.Contains(all, f) {
			all = append(all, f)
		}
	}
	type cand struct {
		f    solver.Fact
		used int
	}
	var cands []cand
	for _, f := range all {
		if len(cands) == maxDeepCandidates {
			break
		}
		used, ok, err := in.implies(ctx, ids, f)
		if err != nil {
			return nil, err
		}
		if ok {
			cands = append(cands, cand{f, len(used)})
		}
	}
	if len(cands) == 0 {
		return nil, ErrNotUnique
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return a.used - b.used })
	st.budget = deepBudget
	for d := 1; d < MaxDepth && st.budget > 0; d++ {
		// Of the candidates refuted at this depth, the shortest argument.
		var best *refutation
		for _, c := range cands {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if ref := st.refute(r, negate(c.f), d); ref != nil && (best == nil || ref.size() < best.size()) {
				best = ref
			}
		}
		if best != nil {
			return best, nil
		}
	}
	return nil, ErrTooDeep
}

// size is the number of steps a refutation is written with, nested ones
// included (before grouping).
func (r *refutation) size() int {
	r.walk()
	n := 0
	for p := range r.need {
		n++
		if in, ok := r.learned[p]; ok {
			n += in.size()
		}
	}
	return n
}

// chain keeps the entries the answer depends on, writes them as numbered
// steps (suppositions with their nested steps) and grades the result.
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
	// Group neighbouring Apply entries of one rule about one holder (or
	// one card), then number the groups.
	prob := st.in.Problem
	part := func(i int) int {
		e := st.log[i]
		fs := []solver.Fact{e.fact}
		for _, b := range e.because {
			fs = append(fs, st.log[b].fact)
		}
		return partOf(prob, e.rule, fs)
	}
	var groups [][]int
	for i, e := range st.log {
		if !need[i] || e.start {
			continue
		}
		if n := len(groups); n > 0 && e.human != nil && st.log[groups[n-1][0]].human == e.human {
			groups[n-1] = append(groups[n-1], i)
			continue
		}
		if n := len(groups); n > 0 && e.ref == nil && e.human == nil {
			g := groups[n-1]
			if p := st.log[g[0]]; p.ref == nil && p.human == nil && sameGroup(p.rule, p.fact, e.rule, e.fact) && groupKey(prob, p.rule, part(g[0])) == groupKey(prob, e.rule, part(i)) && !dependsOn(e.after, g) {
				groups[n-1] = append(g, i)
				continue
			}
		}
		groups = append(groups, []int{i})
	}
	stepOf := make([]string, len(st.log))
	for k, g := range groups {
		for _, i := range g {
			stepOf[i] = strconv.Itoa(k + 1)
		}
	}
	cite := func(i int) Cited {
		e := st.log[i]
		if e.start {
			return Cited{Fact: e.fact, Givens: e.givens}
		}
		return Cited{Fact: e.fact, Step: stepOf[i]}
	}
	sol := &Solution{}
	for k, g := range groups {
		num := strconv.Itoa(k + 1)
		e := st.log[g[0]]
		if e.ref != nil {
			at := e.at
			outer := func(p int) Cited { return cite(at[p]) }
			sol.Steps = append(sol.Steps, supposeStep(prob, num, e.ref, outer))
			continue
		}
		s := Step{Number: num, Kind: Apply, Rule: e.rule}
		var parts []int
		seen := map[int]bool{}
		for _, i := range g {
			parts = append(parts, part(i))
			s.Facts = append(s.Facts, st.log[i].fact)
			for _, b := range st.log[i].because {
				if !seen[b] {
					seen[b] = true
					s.Because = append(s.Because, cite(b))
				}
			}
		}
		s.Parts = partsOf(parts...)
		if h := e.human; h != nil {
			s.Human, s.Parts, s.Also = h.rule, h.main.Parts, h.also
		}
		sol.Steps = append(sol.Steps, s)
	}
	sol.Grade = measure(sol, len(st.in.Clues))
	return sol
}

// sameGroup reports whether two facts found by rules a and b make one
// step: the same rule gives facts about one holder of one truth, or
// "every card is in one place" rules one card out of several places.
func sameGroup(a solver.Rule, fa solver.Fact, b solver.Rule, fb solver.Fact) bool {
	if a != b {
		return false
	}
	if fa.Holder == fb.Holder && fa.Holds == fb.Holds {
		return true
	}
	return a.Kind == solver.RuleOneHolder && !fa.Holds && !fb.Holds && fa.Card == fb.Card
}

func dependsOn(after, group []int) bool {
	for _, a := range after {
		if slices.Contains(group, a) {
			return true
		}
	}
	return false
}

// supposeStep writes a refutation as a Suppose step numbered num, its
// nested steps numbered num.1, num.2, ...; outer cites the context's
// trail positions below ref.base.
func supposeStep(prob *solver.Problem, num string, ref *refutation, outer func(p int) Cited) Step {
	ref.walk()
	tr := ref.final.Trail()
	s := Step{Number: num, Kind: Suppose, Supposed: ref.sup, Facts: []solver.Fact{negate(ref.sup)}}
	ps := slices.Sorted(mapKeys(ref.need))
	part := func(d solver.Derivation) int {
		fs := []solver.Fact{d.Fact}
		for _, b := range d.Because {
			fs = append(fs, tr[b].Fact)
		}
		return partOf(prob, d.Rule, fs)
	}
	// Group as at the top level: neighbouring facts of one rule.
	var groups [][]int
	for _, p := range ps {
		if p == ref.base {
			continue // the supposition itself
		}
		d := tr[p]
		if n := len(groups); n > 0 && ref.learned[p] == nil {
			g := groups[n-1]
			if pd := tr[g[0]]; ref.learned[g[0]] == nil && sameGroup(pd.Rule, pd.Fact, d.Rule, d.Fact) && groupKey(prob, pd.Rule, part(pd)) == groupKey(prob, d.Rule, part(d)) && !dependsOn(d.Because, g) {
				groups[n-1] = append(g, p)
				continue
			}
		}
		groups = append(groups, []int{p})
	}
	stepOf := map[int]string{ref.base: num}
	for k, g := range groups {
		for _, p := range g {
			stepOf[p] = num + "." + strconv.Itoa(k+1)
		}
	}
	cite := func(p int) Cited {
		if p < ref.base {
			return outer(p)
		}
		return Cited{Fact: tr[p].Fact, Step: stepOf[p]}
	}
	cites := func(ps []int, seen map[int]bool) []Cited {
		var out []Cited
		for _, p := range ps {
			if !seen[p] {
				seen[p] = true
				out = append(out, cite(p))
			}
		}
		return out
	}
	for k, g := range groups {
		sub := num + "." + strconv.Itoa(k+1)
		if in := ref.learned[g[0]]; in != nil {
			s.Sub = append(s.Sub, supposeStep(prob, sub, in, cite))
			continue
		}
		a := Step{Number: sub, Kind: Apply, Rule: tr[g[0]].Rule}
		var parts []int
		seen := map[int]bool{}
		for _, p := range g {
			parts = append(parts, part(tr[p]))
			a.Facts = append(a.Facts, tr[p].Fact)
			a.Because = append(a.Because, cites(tr[p].Because, seen)...)
		}
		a.Parts = partsOf(parts...)
		s.Sub = append(s.Sub, a)
	}
	k := ref.final.Conflict()
	var kfs []solver.Fact
	for _, b := range k.Because {
		kfs = append(kfs, tr[b].Fact)
	}
	s.Sub = append(s.Sub, Step{
		Number:  num + "." + strconv.Itoa(len(groups)+1),
		Kind:    Contradiction,
		Rule:    k.Rule,
		Because: cites(k.Because, map[int]bool{}),
		Parts:   partsOf(partOf(prob, k.Rule, kfs)),
	})
	return s
}

// measure grades a solution by its structure.
func measure(sol *Solution, clues int) Grade {
	g := Grade{Clues: clues}
	sol.Walk(func(s *Step) {
		if s.Kind == Contradiction {
			return
		}
		g.Steps++
		if s.Kind == Suppose {
			g.Suppositions++
		}
		g.Widest = max(g.Widest, s.Width())
	})
	for i := range sol.Steps {
		g.Depth = max(g.Depth, sol.Steps[i].Depth())
	}
	switch {
	case g.Depth >= 2:
		g.Level = Hard
	case g.Depth == 1:
		g.Level = Medium
	}
	return g
}

// numberLess orders step numbers ("2" < "10" < "10.1").
func numberLess(a, b string) bool {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, _ := strconv.Atoi(as[i])
		y, _ := strconv.Atoi(bs[i])
		if x != y {
			return x < y
		}
	}
	return len(as) < len(bs)
}
