package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// setupLines are the game lines the setup flags stand for.
func setupLines(def table.Definition, o playOptions) ([]string, error) {
	var lines []string
	if o.players != "" || o.me != "" || o.hand != "" || o.deck != "" {
		if def.Setup == nil {
			return nil, fmt.Errorf("%s takes its setup as lines (--setup LINE, or typed); see \"help lines\" in a session", def.Title)
		}
		l, err := def.Setup(table.Setup{
			Players: splitList(o.players),
			Me:      strings.TrimSpace(o.me),
			Hand:    splitList(o.hand),
			Deck:    strings.TrimSpace(o.deck),
		})
		if err != nil {
			return nil, err
		}
		lines = l
	}
	return append(lines, o.setup...), nil
}

// splitList splits a comma- or space-separated list.
func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

// setAnswer is setup with the answer to the question of field f.
func setAnswer(setup table.Setup, f table.Field, answer string) table.Setup {
	switch f {
	case table.Players:
		setup.Players = splitList(answer)
	case table.Me:
		setup.Me = strings.TrimSpace(answer)
	case table.Hand:
		setup.Hand = splitList(answer)
	case table.Deck:
		setup.Deck = strings.TrimSpace(answer)
	}
	return setup
}

// trySetup turns the answers so far into lines and applies them to a fresh
// game of def, so that a wrong answer is refused when it is given.
func trySetup(def table.Definition, setup table.Setup) ([]string, error) {
	lines, err := def.Setup(setup)
	if err != nil {
		return nil, err
	}
	s := table.NewSession(def.New)
	for _, l := range lines {
		if err := s.Apply(l); err != nil {
			return nil, fmt.Errorf("%q: %w", l, err)
		}
	}
	return lines, nil
}

// setupChoices are the answers a setup question accepts, grouped by kind
// when they are cards: the deck's names offered in the question's
// parentheses ("(cluedo, cardgame or cardgame-advanced; ...)"), the players
// named for "which one are you", and for a hand the cards of the game set
// up by the answers so far ([table.CardLister], or the rows of its sheet).
// Players' names are the player's own: none.
func setupChoices(def table.Definition, setup table.Setup, q table.Question) []table.CardGroup {
	switch q.Field {
	case table.Deck:
		_, in, ok := strings.Cut(q.Text, "(")
		if !ok {
			return nil
		}
		in, _, _ = strings.Cut(in, ";")
		in, _, _ = strings.Cut(in, ")")
		var names []string
		for _, part := range strings.Split(strings.ReplaceAll(in, " or ", ", "), ",") {
			if w := strings.TrimSpace(part); w != "" && !strings.Contains(w, " ") {
				names = append(names, w)
			}
		}
		return []table.CardGroup{{Cards: names}}
	case table.Me:
		if len(setup.Players) == 0 {
			return nil
		}
		return []table.CardGroup{{Cards: setup.Players}}
	case table.Hand:
		g := def.New()
		var lines []string
		if def.Setup != nil {
			if ls, err := def.Setup(setup); err == nil {
				for _, l := range ls {
					if g.Apply(l) != nil {
						break
					}
					lines = append(lines, l)
				}
			}
		}
		if cl, ok := g.(table.CardLister); ok {
			if gs := cl.CardGroups(); len(gs) > 0 {
				return gs
			}
		}
		if grid, err := g.Sheet(context.Background()); err == nil && len(grid.Rows) > 0 {
			var cards []string
			for _, r := range grid.Rows {
				cards = append(cards, r.Card)
			}
			return []table.CardGroup{{Cards: cards}}
		}
		// A game that draws no sheet before the hand is in (There's
		// Been A Murder): the game's words that its hand line takes as
		// cards.
		if cards := handWords(def, lines); len(cards) > 0 {
			return []table.CardGroup{{Cards: cards}}
		}
	}
	return nil
}

// handWords are the words of the game def with the set-up lines before
// the hand ([table.Game.Words]) that its hand line takes as cards of this
// game. A word is a card when "hand WORD" and a mark no grammar has
// (probeMark) is refused past the word, at the mark; a word refused at
// itself (a player, a keyword) is not. A card is of this game when a hand
// of it and the first few other cards is accepted by a fresh game: a card
// of a larger deck (There's Been A Murder's cards for more players) is
// refused there. When no hand at all is accepted, the cards are given
// unchecked.
func handWords(def table.Definition, lines []string) []string {
	const before = "hand "
	fresh := func() table.Game {
		g := def.New()
		if table.ApplyLines(g, lines) != nil {
			return nil
		}
		return g
	}
	g := fresh()
	if g == nil {
		return nil
	}
	var cards []string
	for _, w := range g.Words() {
		err := g.Apply(before + w + probeMark)
		if err == nil {
			return nil // the mark was taken: the probe tells nothing
		}
		var le *table.LineError
		if errors.As(err, &le) && le.Col > chars(before)+chars(w) {
			cards = append(cards, w)
		}
	}
	takes := func(hand []string) bool {
		g := fresh()
		return g != nil && g.Apply(before+strings.Join(hand, " ")) == nil
	}
	var out []string
	for _, w := range cards {
		others := slices.DeleteFunc(slices.Clone(cards), func(o string) bool { return o == w })
		ok := takes([]string{w})
		// Hands of two: w with each other card (some pairs cannot be
		// dealt together); larger hands: w and the first others.
		for i := 0; !ok && i < len(others); i++ {
			ok = takes([]string{w, others[i]})
		}
		for k := 2; !ok && k < min(maxProbeHand, len(others)+1); k++ {
			ok = takes(append([]string{w}, others[:k]...))
		}
		if ok {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return cards
	}
	return out
}

// maxProbeHand is the largest hand handWords tries.
const maxProbeHand = 8

// choiceWords are the words of groups, for completion.
func choiceWords(groups []table.CardGroup) []string {
	var out []string
	for _, g := range groups {
		out = append(out, g.Cards...)
	}
	return out
}

// showChoices lists the answers a question accepts, a line a kind.
func (ps *playSession) showChoices(groups []table.CardGroup) {
	for _, g := range groups {
		text := strings.Join(g.Cards, " ")
		if g.Kind != "" {
			text = g.Kind + ": " + text
		}
		io.WriteString(ps.out, wrap("  "+text, "      "))
	}
}

// setupHelp is the help shown at a setup question for "help" or "?".
func (ps *playSession) setupHelp(q table.Question, groups []table.CardGroup) {
	io.WriteString(ps.out, wrap(fmt.Sprintf("Setting up %s: answer each question, then type what happens at the table.", ps.def.Title), "  "))
	switch q.Field {
	case table.Players:
		io.WriteString(ps.out, wrap("Name every player, yourself included, in the order they sit, separated by commas or spaces: any names, each one word.", "  "))
	case table.Me:
		io.WriteString(ps.out, wrap("Type your own name, one of the players named:", "  "))
	case table.Hand:
		io.WriteString(ps.out, wrap("Type the cards in your hand, separated by spaces or commas (Tab completes a name). The cards are:", "  "))
	case table.Deck:
		io.WriteString(ps.out, wrap("Type one of these, or press Enter for the first:", "  "))
	}
	ps.showChoices(groups)
	io.WriteString(ps.out, wrap("An empty answer stops the questions: you then type the setup lines yourself (\"help lines\" shows them). Ctrl-C clears what you typed; the answers before it are kept.", "  "))
}

// questionWidth is the widest a setup question's prompt line may be: the
// rest of the screen's line is for the answer. The line editor draws a
// prompt wider than the screen again at each key, one copy above the
// other, and cuts its words; a question wider than this is written on
// lines of its own above the prompt, which is its last line.
const questionWidth = screenWidth - 20

// question writes the lines of the setup question text but its last,
// wrapped at word boundaries within questionWidth, and returns the last
// as the prompt.
func (ps *playSession) question(text string) string {
	lines := table.Wrap(text, questionWidth, "")
	for _, l := range lines[:len(lines)-1] {
		io.WriteString(ps.out, l+"\n")
	}
	return lines[len(lines)-1] + " "
}

// promptSetup asks the setup questions of the game at a terminal and
// applies the lines they stand for. Each question lists the answers it
// accepts (the cards of a hand grouped by kind), which Tab completes;
// "help" or "?" explains it; Ctrl-C clears the line typed and asks it
// again, keeping the answers before. Each answer is checked as soon as it
// is given, with the answers before it: a wrong one is explained and its
// question asked again. An empty answer stops asking (except for the
// deck, where it keeps the game's default): the player can then type the
// setup lines in the game's grammar.
func (ps *playSession) promptSetup() {
	var setup table.Setup
	defer func() { ps.choices = nil }()
	for _, q := range ps.def.Questions {
		groups := setupChoices(ps.def, setup, q)
		ps.choices = choiceWords(groups)
		ps.showChoices(groups)
		for {
			ans, err := ps.in.readLine(ps.question(q.Ask(setup)), "")
			if errors.Is(err, errInterrupt) {
				continue // the line is cleared; the answers before are kept
			}
			if a := strings.TrimSpace(ans); err == nil && (strings.EqualFold(a, "help") || a == "?") {
				ps.setupHelp(q, groups)
				continue
			}
			if err == nil && q.Field == table.Deck && strings.TrimSpace(ans) == "" {
				break
			}
			if err != nil || strings.TrimSpace(ans) == "" {
				ps.notef("Type the setup lines yourself (\"help lines\" shows them).")
				return
			}
			next := setAnswer(setup, q.Field, ans)
			if _, err := trySetup(ps.def, next); err != nil {
				ps.errorf("%v; answer again (an empty answer stops the questions)", err)
				continue
			}
			setup = next
			break
		}
	}
	lines, err := trySetup(ps.def, setup)
	if err == nil {
		for _, l := range lines {
			if err = ps.s.Apply(l); err != nil {
				break
			}
		}
	}
	if err != nil {
		ps.errorf("%v", err)
		return
	}
	ps.save()
	ps.redraw(false)
}
