package puzzle

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Words put a solution into a game's own words.
type Words interface {
	// Facts states facts about one holder, all true or all false, as
	// "Bob holds none of 3H, 4H, 5H".
	Facts(fs []solver.Fact) string
	// Observation names observation id: its line number in the puzzle's
	// log and its text, as "line 7 (“ask dave carol 7H..9H = 1”)".
	Observation(id int) string
	// Line is the short name of observation id, as "line 7".
	Line(id int) string
	// Rule states a rule of the game's model that a step applies, as
	// "Bob holds 6 cards" (never an observation: see Observation).
	Rule(r solver.Rule) string
	// Place names a holder where a card may be, as "bob" or "the
	// envelope", for facts about one card and several holders.
	Place(h solver.Holder) string
	// Card names a card, as "7C".
	Card(c solver.Card) string
}

// Saying is implemented by Words that can state what an observation says
// when it is not a count of one holder's cards ("bob holds no more Clubs
// than Spades or Hearts"); Says returns "" when it has nothing to add to
// the line itself.
type Saying interface {
	Says(id int) string
}

// Counting is implemented by Words that state one constraint of an
// observation in the game's terms, such as one kind of Clue's envelope
// rule ("the envelope holds one card of each kind, so exactly one of the 9
// rooms"); Count returns "" to let the count be worded plainly.
type Counting interface {
	Count(id int, k solver.Constraint) string
}

// DefaultWords words facts and rules with the model's card and holder
// names and observations with their labels and line numbers. Game
// packages embed it and override what reads better in the game's terms.
type DefaultWords struct {
	Problem *solver.Problem
	// Lines maps observation ids to their line numbers in the puzzle's
	// log (the header "game <name>" is line 0); an id without one is named
	// by its text alone.
	Lines map[int]int
}

// Facts is "bob holds 3H", "bob holds none of 3H, 4H" and the like.
func (d DefaultWords) Facts(fs []solver.Fact) string {
	if len(fs) == 0 {
		return ""
	}
	m := d.Problem.Model()
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = m.CardName(f.Card)
	}
	h := m.HolderName(fs[0].Holder)
	switch {
	case fs[0].Holds && len(fs) == 1:
		return fmt.Sprintf("%s holds %s", h, names[0])
	case fs[0].Holds:
		return fmt.Sprintf("%s holds %s", h, List(names, "and"))
	case len(fs) == 1:
		return fmt.Sprintf("%s does not hold %s", h, names[0])
	}
	return fmt.Sprintf("%s holds none of %s", h, List(names, "or"))
}

// Card is the card's name.
func (d DefaultWords) Card(c solver.Card) string { return d.Problem.Model().CardName(c) }

// Place is the holder's name.
func (d DefaultWords) Place(h solver.Holder) string { return d.Problem.Model().HolderName(h) }

// Line is "line N", or the observation's text in quotes when it has no
// line number.
func (d DefaultWords) Line(id int) string {
	if n, ok := d.Lines[id]; ok {
		return "line " + strconv.Itoa(n)
	}
	return d.label(id)
}

func (d DefaultWords) label(id int) string {
	obs := d.Problem.Observations()
	if id < 0 || id >= len(obs) {
		return fmt.Sprintf("observation %d", id)
	}
	return "“" + obs[id].Label + "”"
}

// Observation is "line N (“label”)", or the label in quotes alone.
func (d DefaultWords) Observation(id int) string {
	if n, ok := d.Lines[id]; ok {
		return fmt.Sprintf("line %d (%s)", n, d.label(id))
	}
	return d.label(id)
}

// Rule states a rule of the model.
func (d DefaultWords) Rule(r solver.Rule) string {
	m := d.Problem.Model()
	switch r.Kind {
	case solver.RuleOneHolder:
		return fmt.Sprintf("%s is in exactly one place", m.CardName(solver.Card(r.Index)))
	case solver.RuleHolderSize:
		h := solver.Holder(r.Index)
		if sz := m.HolderSize(h); sz == solver.Exactly(1) {
			return fmt.Sprintf("%s holds 1 card", m.HolderName(h))
		}
		return fmt.Sprintf("%s holds %s cards", m.HolderName(h), m.HolderSize(h))
	case solver.RuleRestricted:
		return fmt.Sprintf("%s can be in only some places", m.CardName(solver.Card(r.Index)))
	case solver.RuleObservation:
		return d.Observation(r.Index)
	}
	return "an assumption"
}

// List joins items as "a, b and c".
func List(items []string, and string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + and + " " + items[len(items)-1]
}

// StepText is step s in plain words, without its number: the facts
// established and the rule that gives them, with the lines and steps it
// is read with, as "Carol holds 9H: line 7 (“ask dave carol 7H..9H = 1”)
// says carol holds exactly 1 of 7H, 8H and 9H, and carol holds none of 7H
// or 8H (step 2)". A Suppose step's text announces the supposition; its
// nested steps have their own texts.
func StepText(s *Step, p *solver.Problem, w Words) string {
	var b strings.Builder
	switch {
	case s.Kind == Apply && s.Human != NoHuman:
		b.WriteString(upperFirst(factsText(s.Facts, w)))
		b.WriteString(": ")
		b.WriteString(humanText(s, p, w))
		if len(s.Because) > 0 {
			b.WriteString(", given that ")
			b.WriteString(citedText(s, w))
		}
		b.WriteString(".")
		return b.String()
	}
	switch s.Kind {
	case Conclude:
		claim := s.Claim
		if cw, ok := w.(Concluding); ok {
			claim = cw.Conclusion(s.Claim)
		}
		b.WriteString(upperFirst(claim))
		if len(s.Because) > 0 {
			b.WriteString(", and ")
			b.WriteString(citedText(s, w))
		}
		b.WriteString(".")
	case Apply:
		b.WriteString(upperFirst(factsText(s.Facts, w)))
		b.WriteString(": ")
		b.WriteString(ruleText(s, p, w))
		if len(s.Because) > 0 {
			b.WriteString(", and ")
			b.WriteString(citedText(s, w))
		}
		b.WriteString(".")
	case Suppose:
		b.WriteString(upperFirst(factsText(s.Facts, w)))
		fmt.Fprintf(&b, ". Suppose instead that %s", factsText([]solver.Fact{s.Supposed}, w))
		b.WriteString(":")
		return b.String()
	case Contradiction:
		b.WriteString("Impossible: ")
		b.WriteString(ruleText(s, p, w))
		if len(s.Because) > 0 {
			b.WriteString(", but ")
			b.WriteString(citedText(s, w))
		}
		b.WriteString(shortfall(s, p))
		b.WriteString(".")
	}
	return b.String()
}

// ruleText states the rule a step reads: an observation by its line, with
// what it says when it counts cards of one holder; a rule of the game in
// the game's words.
func ruleText(s *Step, p *solver.Problem, w Words) string {
	if s.Rule.Kind != solver.RuleObservation {
		return w.Rule(s.Rule)
	}
	id := s.Rule.Index
	k, ok := constraintOf(s, p)
	if !ok {
		return w.Observation(id)
	}
	if cw, ok := w.(Counting); ok {
		if t := cw.Count(id, k); t != "" {
			return t
		}
	}
	h, cards, ok := countOf(k)
	if !ok || len(cards) < 2 {
		if sw, ok := w.(Saying); ok {
			if t := sw.Says(id); t != "" {
				return w.Observation(id) + " says " + t
			}
		}
		return w.Observation(id)
	}
	var op string
	switch {
	case k.Op == solver.Eq && k.Bound == 0:
		return fmt.Sprintf("%s says %s holds none of %s", w.Observation(id), w.Place(h), cardsText(cards, w, "or"))
	case k.Op == solver.Eq:
		op = "exactly"
	case k.Op == solver.Le:
		op = "at most"
	default:
		op = "at least"
	}
	return fmt.Sprintf("%s says %s holds %s %d of %s", w.Observation(id), w.Place(h), op, k.Bound, cardsText(cards, w, "and"))
}

// humanText states a deduction that reads several rules at once: the
// rules, and why together they give the step's facts.
func humanText(s *Step, p *solver.Problem, w Words) string {
	read := func(rd Reading) string {
		return ruleText(&Step{Kind: Apply, Rule: rd.Rule, Parts: rd.Parts, Facts: s.Facts, Because: s.Because}, p, w)
	}
	var also []string
	for _, rd := range s.Also {
		also = append(also, read(rd))
	}
	switch s.Human {
	case HandFull:
		if len(also) == 1 {
			return fmt.Sprintf("%s, and %s, which takes all the room left", read(Reading{Rule: s.Rule, Parts: s.Parts}), also[0])
		}
		return fmt.Sprintf("%s, and %s; these share no card still open, and together they take all the room left", read(Reading{Rule: s.Rule, Parts: s.Parts}), List(also, "and"))
	case SharedSet:
		all := append([]string{read(Reading{Rule: s.Rule, Parts: s.Parts})}, also...)
		return fmt.Sprintf("%s; together they need as many cards as are left open among their cards, so each of those cards is in one of these places", List(all, "and"))
	}
	return read(Reading{Rule: s.Rule, Parts: s.Parts})
}

// cardsText names the cards a line counts: "3H, 4H and 5H", or "its 15
// cards" when there are more than maxListed.
func cardsText(cards []solver.Card, w Words, and string) string {
	if len(cards) > maxListed {
		return fmt.Sprintf("its %d cards", len(cards))
	}
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = w.Card(c)
	}
	return List(names, and)
}

// maxListed is the most cards a rule's statement lists; a longer set is
// named by its line and size ("of its 15 cards").
const maxListed = 8

// constraintOf is the constraint of a step's observation that mentions
// the step's facts (or, for a Contradiction, its cited facts) the most.
func constraintOf(s *Step, p *solver.Problem) (solver.Constraint, bool) {
	obs := p.Observations()
	if s.Rule.Index < 0 || s.Rule.Index >= len(obs) {
		return solver.Constraint{}, false
	}
	ks := obs[s.Rule.Index].Constraints
	if len(ks) == 0 {
		return solver.Constraint{}, false
	}
	if len(s.Parts) == 1 && s.Parts[0] >= 0 && s.Parts[0] < len(ks) {
		return ks[s.Parts[0]], true
	}
	fs := slices.Clone(s.Facts)
	for _, c := range s.Because {
		fs = append(fs, c.Fact)
	}
	best, bestN := 0, -1
	for i, k := range ks {
		n := 0
		for _, t := range k.Terms {
			for _, f := range fs {
				if t.Lit.Card == f.Card && t.Lit.Holder == f.Holder {
					n++
				}
			}
		}
		if n > bestN {
			best, bestN = i, n
		}
	}
	return ks[best], true
}

// countOf reads k as "holder h holds Op Bound of cards": every term has
// coefficient 1 and the same holder.
func countOf(k solver.Constraint) (solver.Holder, []solver.Card, bool) {
	if len(k.Terms) == 0 {
		return 0, nil, false
	}
	h := k.Terms[0].Lit.Holder
	var cards []solver.Card
	for _, t := range k.Terms {
		if t.Coef != 1 || t.Lit.Holder != h {
			return 0, nil, false
		}
		cards = append(cards, t.Lit.Card)
	}
	return h, cards, true
}

// shortfall is, for a Contradiction on a count, what the count comes to:
// ": 3 of them at least" or ": at most 1 of them is left".
func shortfall(s *Step, p *solver.Problem) string {
	var k solver.Constraint
	switch s.Rule.Kind {
	case solver.RuleObservation:
		c, ok := constraintOf(s, p)
		if !ok {
			return ""
		}
		k = c
	default:
		return ""
	}
	h, cards, ok := countOf(k)
	if !ok || len(cards) < 2 {
		return ""
	}
	yes, no := 0, 0
	for _, c := range s.Because {
		if c.Fact.Holder == h && slices.Contains(cards, c.Fact.Card) {
			if c.Fact.Holds {
				yes++
			} else {
				no++
			}
		}
	}
	switch {
	case k.Op != solver.Ge && yes > k.Bound:
		return fmt.Sprintf(": that is %d already", yes)
	case k.Op != solver.Le && len(cards)-no < k.Bound:
		return leftText(len(cards) - no)
	}
	return ""
}

func leftText(n int) string {
	switch n {
	case 0:
		return ": none of them is left"
	case 1:
		return ": only 1 is left"
	}
	return fmt.Sprintf(": only %d are left", n)
}

// citedText states the facts a step cites, grouped by holder (or, for
// the rule that every card is in one place, by card), each group with
// where its facts come from: "carol holds none of 7H, 8H or 4S (line 3;
// steps 2, 7)". A fact supposed by an enclosing step is a group of its
// own.
func citedText(s *Step, w Words) string {
	type group struct {
		key   string
		facts []solver.Fact
		lines []int
		steps []string
		sup   string
	}
	var groups []*group
	byCard := s.Rule.Kind == solver.RuleOneHolder
	for _, c := range s.Because {
		key := fmt.Sprintf("h%d/%v", c.Fact.Holder, c.Fact.Holds)
		if byCard && !c.Fact.Holds {
			key = fmt.Sprintf("c%d", c.Fact.Card)
		}
		sup := ""
		if c.Step != "" && strings.HasPrefix(s.Number, c.Step+".") {
			sup, key = c.Step, "s"+c.Step
		}
		var g *group
		for _, x := range groups {
			if x.key == key {
				g = x
			}
		}
		if g == nil {
			g = &group{key: key, sup: sup}
			groups = append(groups, g)
		}
		g.facts = append(g.facts, c.Fact)
		if c.Step != "" && sup == "" && !slices.Contains(g.steps, c.Step) {
			g.steps = append(g.steps, c.Step)
		}
		for _, id := range c.Givens {
			if !slices.Contains(g.lines, id) {
				g.lines = append(g.lines, id)
			}
		}
	}
	parts := make([]string, len(groups))
	for i, g := range groups {
		slices.SortStableFunc(g.facts, func(a, b solver.Fact) int {
			if a.Card != b.Card {
				return int(a.Card) - int(b.Card)
			}
			return int(a.Holder) - int(b.Holder)
		})
		var src []string
		if g.sup != "" {
			src = append(src, "supposed in step "+g.sup)
		}
		if len(g.lines) > 0 {
			var ls []string
			for _, id := range g.lines {
				ls = append(ls, w.Line(id))
			}
			src = append(src, linesText(ls))
		}
		if len(g.steps) > 0 {
			slices.SortFunc(g.steps, func(a, b string) int {
				if numberLess(a, b) {
					return -1
				}
				return 1
			})
			word := "step "
			if len(g.steps) > 1 {
				word = "steps "
			}
			src = append(src, word+strings.Join(g.steps, ", "))
		}
		if len(src) == 0 {
			src = append(src, "the rules of the game")
		}
		parts[i] = fmt.Sprintf("%s (%s)", factsText(g.facts, w), strings.Join(src, "; "))
	}
	return List(parts, "and")
}

// linesText joins "line 3" and "line 4" as "lines 3, 4".
func linesText(ls []string) string {
	if len(ls) == 1 {
		return ls[0]
	}
	nums := make([]string, 0, len(ls))
	for _, l := range ls {
		n, ok := strings.CutPrefix(l, "line ")
		if !ok {
			return strings.Join(ls, ", ")
		}
		nums = append(nums, n)
	}
	return "lines " + strings.Join(nums, ", ")
}

// srcText names where a cited fact comes from, seen from step num: "step
// 4", "the supposition of step 13", "line 3" or "lines 2 and 3".
func srcText(num string, c Cited, w Words) string {
	if c.Step != "" {
		if strings.HasPrefix(num, c.Step+".") {
			return "supposed in step " + c.Step
		}
		return "step " + c.Step
	}
	if len(c.Givens) == 0 {
		return "the rules of the game"
	}
	names := make([]string, len(c.Givens))
	for i, g := range c.Givens {
		names[i] = w.Line(g)
	}
	return List(names, "and")
}

// factsText states a step's facts: about one holder through w.Facts, or
// "c is with none of A, B or C" when they are about one card.
func factsText(fs []solver.Fact, w Words) string {
	mixed := false
	for _, f := range fs[1:] {
		mixed = mixed || f.Holder != fs[0].Holder || f.Holds != fs[0].Holds
	}
	if !mixed {
		return w.Facts(fs)
	}
	var cards, places []string
	for _, f := range fs {
		if c := w.Card(f.Card); !slices.Contains(cards, c) {
			cards = append(cards, c)
		}
		if f.Card == fs[0].Card {
			places = append(places, w.Place(f.Holder))
		}
	}
	if len(cards) == 1 && !fs[0].Holds {
		return cards[0] + " is with none of " + List(places, "or")
	}
	// Facts about several holders: each on its own.
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = w.Facts([]solver.Fact{f})
	}
	return List(parts, "and")
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// Lines are the steps of s as text, one a line, each with its number
// ("13.2. …"), nested steps after the step that holds them.
func (s *Solution) Lines(p *solver.Problem, w Words) []string {
	var out []string
	s.Walk(func(st *Step) {
		out = append(out, st.Number+". "+StepText(st, p, w))
	})
	return out
}

// PageSteps are the steps of s as the structured form of a page.
func (s *Solution) PageSteps(p *solver.Problem, w Words) []PageStep {
	var conv func(steps []Step) []PageStep
	conv = func(steps []Step) []PageStep {
		out := make([]PageStep, len(steps))
		for i := range steps {
			out[i] = PageStep{Number: steps[i].Number, Text: StepText(&steps[i], p, w), Steps: conv(steps[i].Sub)}
		}
		return out
	}
	return conv(s.Steps)
}

// Write writes the steps of s, one a line with its number, nested steps
// indented two spaces a level.
func (s *Solution) Write(out io.Writer, p *solver.Problem, w Words) error {
	var b strings.Builder
	for _, l := range s.Lines(p, w) {
		b.WriteString(indent(l))
		b.WriteString("\n")
	}
	_, err := io.WriteString(out, b.String())
	return err
}

// indent is a numbered step line indented two spaces for each level of
// nesting its number shows.
func indent(line string) string {
	num, _, _ := strings.Cut(line, " ")
	return strings.Repeat("  ", strings.Count(strings.TrimSuffix(num, "."), ".")) + line
}
