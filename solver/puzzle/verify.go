package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// ErrBadStep is returned by [CheckSteps] when a step of a worked solution
// does not follow from what it cites.
var ErrBadStep = errors.New("puzzle: a step does not follow from what it cites")

// CheckSteps verifies a worked solution mechanically, with a SAT engine of
// its own: every Apply step's facts follow from exactly the line it reads
// (only the constraints of it the step quotes, its Parts, when it names
// them) or the rule of the game, the facts it cites from earlier steps (or the
// enclosing suppositions) and the given lines those rest on; every
// Contradiction's line and cited facts admit no world; every Suppose step
// establishes the opposite of its supposition and ends in a
// Contradiction; every citation names a step that is visible from where it
// is cited and that established the fact cited; and the answer facts are
// established by top-level steps or known from the givens. The rules of
// the game's model (every card in one place, the holders' sizes) are
// always in force. It returns nil or an error wrapping ErrBadStep that
// names the step.
func CheckSteps(ctx context.Context, in *Instance, sol *Solution) error {
	if err := in.check(); err != nil {
		return err
	}
	p := in.Problem.Clone()
	s := solver.NewSAT(p)
	factID := map[solver.Fact]int{}
	idOf := func(f solver.Fact) (int, error) {
		if id, ok := factID[f]; ok {
			return id, nil
		}
		k := solver.Holds(f.Card, f.Holder)
		if !f.Holds {
			k = solver.NotHolds(f.Card, f.Holder)
		}
		id, err := p.Add(solver.Observation{Label: "fact", Constraints: []solver.Constraint{k}})
		factID[f] = id
		return id, err
	}
	partID := map[string]int{}
	// partsID is an observation of just the constraints parts of
	// observation id: what a step that quotes them may read.
	partsID := func(num string, id int, parts []int) (int, error) {
		key := fmt.Sprint(id, parts)
		if pid, ok := partID[key]; ok {
			return pid, nil
		}
		ks := in.Problem.Observations()[id].Constraints
		var cs []solver.Constraint
		for _, i := range parts {
			if i < 0 || i >= len(ks) {
				return 0, fmt.Errorf("%w: step %s: quotes part %d of a line of %d", ErrBadStep, num, i, len(ks))
			}
			cs = append(cs, ks[i])
		}
		pid, err := p.Add(solver.Observation{Label: "part", Constraints: cs})
		partID[key] = pid
		return pid, err
	}
	isGiven := map[int]bool{}
	for _, g := range in.Givens {
		isGiven[g] = true
	}
	bad := func(st *Step, format string, a ...any) error {
		return fmt.Errorf("%w: step %s: %s", ErrBadStep, st.Number, fmt.Sprintf(format, a...))
	}
	// ids are the observations a step may use: its line and what it cites.
	ids := func(st *Step, visible map[string][]solver.Fact) ([]int, error) {
		var out []int
		reads := append([]Reading{{Rule: st.Rule, Parts: st.Parts}}, st.Also...)
		if st.Human == NoHuman && len(st.Also) > 0 {
			return nil, bad(st, "reads several rules without naming the deduction")
		}
		for _, rd := range reads {
			if rd.Rule.Kind != solver.RuleObservation {
				if len(rd.Parts) > 0 {
					return nil, bad(st, "quotes parts of a rule that is not a line")
				}
				continue
			}
			if rd.Rule.Index < 0 || rd.Rule.Index >= len(in.Problem.Observations()) {
				return nil, bad(st, "unknown line")
			}
			if len(rd.Parts) == 0 {
				out = append(out, rd.Rule.Index)
				continue
			}
			pid, err := partsID(st.Number, rd.Rule.Index, rd.Parts)
			if err != nil {
				return nil, err
			}
			out = append(out, pid)
		}
		for _, c := range st.Because {
			if c.Step == "" {
				// No givens: the rules of the game alone, always in force.
				for _, g := range c.Givens {
					if !isGiven[g] {
						return nil, bad(st, "cites observation %d as given", g)
					}
					out = append(out, g)
				}
				continue
			}
			if !slices.Contains(visible[c.Step], c.Fact) {
				return nil, bad(st, "cites step %s, which does not establish that fact where it is cited", c.Step)
			}
			id, err := idOf(c.Fact)
			if err != nil {
				return nil, err
			}
			out = append(out, id)
		}
		return out, nil
	}
	var check func(steps []Step, visible map[string][]solver.Fact) error
	check = func(steps []Step, visible map[string][]solver.Fact) error {
		for i := range steps {
			st := &steps[i]
			if err := ctx.Err(); err != nil {
				return err
			}
			switch st.Kind {
			case Apply:
				if len(st.Facts) == 0 {
					return bad(st, "establishes nothing")
				}
				obs, err := ids(st, visible)
				if err != nil {
					return err
				}
				for _, f := range st.Facts {
					e, err := s.ImpliesUnder(steady(ctx), obs, f)
					if err != nil {
						return err
					}
					if !e.Implied {
						return bad(st, "what it cites does not imply %v", f)
					}
				}
			case Contradiction:
				if i != len(steps)-1 {
					return bad(st, "a contradiction that does not end its supposition")
				}
				obs, err := ids(st, visible)
				if err != nil {
					return err
				}
				ok, err := s.ConsistentUnder(steady(ctx), obs)
				if err != nil {
					return err
				}
				if ok {
					return bad(st, "what it cites is not contradictory")
				}
			case Suppose:
				if len(st.Facts) != 1 || st.Facts[0] != negate(st.Supposed) {
					return bad(st, "does not establish the opposite of its supposition")
				}
				if len(st.Sub) == 0 || st.Sub[len(st.Sub)-1].Kind != Contradiction {
					return bad(st, "does not end in a contradiction")
				}
				inner := make(map[string][]solver.Fact, len(visible)+1)
				for k, v := range visible {
					inner[k] = v
				}
				inner[st.Number] = []solver.Fact{st.Supposed}
				if err := check(st.Sub, inner); err != nil {
					return err
				}
			case Conclude:
				if len(st.Facts) > 0 || len(st.Sub) > 0 {
					return bad(st, "a conclusion that establishes facts")
				}
				if _, err := ids(st, visible); err != nil {
					return err
				}
				if in.Conclude == nil {
					return bad(st, "a conclusion the game does not check")
				}
				var cited []solver.Fact
				for _, c := range st.Because {
					cited = append(cited, c.Fact)
				}
				if err := in.Conclude(st.Claim, cited); err != nil {
					return bad(st, "%v", err)
				}
			default:
				return bad(st, "unknown kind")
			}
			if st.Kind != Contradiction && st.Kind != Conclude {
				visible[st.Number] = st.Facts
			}
		}
		return nil
	}
	if err := check(sol.Steps, map[string][]solver.Fact{}); err != nil {
		return err
	}
	for _, f := range in.Answer {
		found := false
		for _, st := range sol.Steps {
			found = found || slices.Contains(st.Facts, f)
		}
		if found {
			continue
		}
		e, err := s.ImpliesUnder(steady(ctx), in.Givens, f)
		if err != nil {
			return err
		}
		if !e.Implied {
			return fmt.Errorf("%w: the answer fact %v is neither a step nor known from the start", ErrBadStep, f)
		}
	}
	return nil
}
