package puzzle

import (
	"fmt"
	"io"
	"slices"
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
	// Observation names observation id, usually its line in quotes.
	Observation(id int) string
	// Rule states a rule of the game's model that a step applies, as
	// "Bob holds 6 cards" (never an observation: see Observation).
	Rule(r solver.Rule) string
	// Place names a holder where a card may be, as "bob" or "the
	// envelope", for facts about one card and several holders.
	Place(h solver.Holder) string
	// Card names a card, as "7C".
	Card(c solver.Card) string
}

// DefaultWords words facts and rules with the model's card and holder
// names and observations with their labels. Game packages embed it and
// override what reads better in the game's terms.
type DefaultWords struct {
	Problem *solver.Problem
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

// Observation is the observation's label in quotes.
func (d DefaultWords) Observation(id int) string {
	obs := d.Problem.Observations()
	if id < 0 || id >= len(obs) {
		return fmt.Sprintf("observation %d", id)
	}
	return "“" + obs[id].Label + "”"
}

// Rule states a rule of the model.
func (d DefaultWords) Rule(r solver.Rule) string {
	m := d.Problem.Model()
	switch r.Kind {
	case solver.RuleOneHolder:
		return fmt.Sprintf("%s is in exactly one place", m.CardName(solver.Card(r.Index)))
	case solver.RuleHolderSize:
		h := solver.Holder(r.Index)
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

// StepText is step i of s in plain words, without its number: the facts
// established and why, as "Bob holds none of 3H, 4H, 5H, by “bob 0 3H
// 5H”".
func (s *Solution) StepText(i int, w Words) string {
	st := s.Steps[i]
	var b strings.Builder
	b.WriteString(upperFirst(factsText(st.Facts, w)))
	switch st.Kind {
	case Propagated:
		b.WriteString(", since ")
		if st.Rule.Kind == solver.RuleObservation {
			b.WriteString(w.Observation(st.Rule.Index))
		} else {
			b.WriteString(w.Rule(st.Rule))
		}
		b.WriteString(with(st))
	case ByCases:
		op := st.Facts[0]
		op.Holds = !op.Holds
		fmt.Fprintf(&b, ": suppose %s; then ", w.Facts([]solver.Fact{op}))
		if len(st.Observations) == 0 {
			b.WriteString("the rules of the deal")
		} else {
			b.WriteString(List(obsNames(st.Observations, w), "and"))
		}
		if len(st.Observations) > 1 {
			b.WriteString(" could not all hold")
		} else {
			b.WriteString(" could not hold")
		}
		b.WriteString(with(st))
	case Deeper:
		b.WriteString(", by an argument deeper than one supposition, from ")
		if len(st.Observations) == 0 {
			b.WriteString("the rules of the deal")
		} else {
			b.WriteString(List(obsNames(st.Observations, w), "and"))
		}
		b.WriteString(" together")
	}
	return b.String()
}

// factsText states a step's facts: about one holder through w.Facts, or
// "c is with none of A, B or C" when they are about one card.
func factsText(fs []solver.Fact, w Words) string {
	mixed := false
	for _, f := range fs[1:] {
		mixed = mixed || f.Holder != fs[0].Holder
	}
	if !mixed {
		return w.Facts(fs)
	}
	// Facts about one card and several holders, or several cards each
	// ruled out of the same holders (see mergePlaces).
	var cards, places []string
	for _, f := range fs {
		if c := w.Card(f.Card); !slices.Contains(cards, c) {
			cards = append(cards, c)
		}
		if f.Card == fs[0].Card {
			places = append(places, w.Place(f.Holder))
		}
	}
	if len(cards) == 1 {
		return cards[0] + " is with none of " + List(places, "or")
	}
	return List(cards, "and") + " are with none of " + List(places, "or")
}

func obsNames(ids []int, w Words) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = w.Observation(id)
	}
	return out
}

func with(st Step) string {
	var parts []string
	if len(st.After) > 0 {
		nums := make([]string, len(st.After))
		for i, a := range st.After {
			nums[i] = fmt.Sprint(a + 1)
		}
		if len(nums) == 1 {
			parts = append(parts, "step "+nums[0])
		} else {
			parts = append(parts, "steps "+List(nums, "and"))
		}
	}
	if st.FromStart {
		parts = append(parts, "what you knew from the start")
	}
	if len(parts) == 0 {
		return ""
	}
	return ", given " + strings.Join(parts, " and ")
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// Write writes the steps of s as a numbered list, one step a line ("1. ..."
// in both plain text and Markdown).
func (s *Solution) Write(w io.Writer, words Words) error {
	var b strings.Builder
	for i := range s.Steps {
		fmt.Fprintf(&b, "%d. %s.\n", i+1, s.StepText(i, words))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
