package main

import (
	"fmt"
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

// promptSetup asks the setup questions of the game at a terminal and
// applies the lines they stand for. Each answer is checked as soon as it
// is given, with the answers before it: a wrong one is explained and its
// question asked again. An empty answer stops asking (except for the
// deck, where it keeps the game's default): the player can then type the
// setup lines in the game's grammar.
func (ps *playSession) promptSetup() {
	var setup table.Setup
	for _, q := range ps.def.Questions {
		for {
			ans, err := ps.in.readLine(q.Text+" ", "")
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
