package main

import (
	"errors"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// words are the completions for the word that starts at rune start of
// line (only those that start like the text typed there, in any case):
// the session's commands only at the start of a line (with the game's
// words, which start game lines too), the topics after "help", nothing
// after a command that takes no words, the game's words after why and
// advise, and in a line of the game the game's words that fit their place
// ([playSession.fitting]).
func (ps *playSession) words(line []rune, start int) []string {
	end := start
	for end < len(line) && line[end] != ' ' && line[end] != '\t' {
		end++
	}
	typed := string(line[start:end])
	if ps.choices != nil {
		return startingWith(ps.choices, typed)
	}
	before := strings.Fields(string(line[:start]))
	gameWords := startingWith(ps.s.Game().Words(), typed)
	if len(before) == 0 {
		return append(startingWith(table.CommandWords(), typed), ps.fitting("", gameWords)...)
	}
	if game, ok := strings.CutPrefix(strings.TrimLeft(string(line[:start]), " \t"), "!"); ok {
		// "!" makes the line the game's; the session drops it and the
		// white space after it.
		return ps.fitting(strings.TrimLeft(game, " \t"), gameWords)
	}
	kind, ok := table.CommandOf(before[0])
	if !ok {
		return ps.fitting(string(line[:start]), gameWords)
	}
	switch kind {
	case table.CmdHelp:
		if len(before) == 1 {
			return startingWith(append(table.CommandWords(), "lines"), typed)
		}
	case table.CmdWhy, table.CmdAdvise:
		return gameWords
	case table.CmdEdit:
		if len(before) >= 2 {
			return gameWords
		}
	}
	return nil
}

// startingWith are the words that start with prefix, in any case.
func startingWith(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		if len(w) >= len(prefix) && strings.EqualFold(w[:len(prefix)], prefix) {
			out = append(out, w)
		}
	}
	return out
}

// probeMark ends every line tried by fitting: no game's grammar has it, so
// a line that reads well up to it is refused there, and never added.
const probeMark = " \u00a4"

// fitting are the words that may stand after before in a line of the game:
// each word is tried on a copy of the game, as before+word and a mark no
// grammar has; a word is left out when the game refuses the line at that
// word (its *table.LineError points into it). A line refused earlier, or
// later, keeps the word: it may fit. The copy is made again when the lines
// change.
func (ps *playSession) fitting(before string, words []string) []string {
	g := ps.probeGame()
	if g == nil {
		return words
	}
	var out []string
	for i, w := range words {
		err := g.Apply(before + w + probeMark)
		if err == nil {
			// The game took the line: its copy is spoilt. Keep the rest.
			ps.probe = nil
			return append(out, words[i:]...)
		}
		var le *table.LineError
		if nb := chars(before); errors.As(err, &le) && le.Col > nb && le.Col <= nb+chars(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// probeGame is a copy of the session's game for fitting to try lines on,
// or nil when it cannot be made.
func (ps *playSession) probeGame() table.Game {
	lines := ps.s.Lines()
	if ps.probe != nil && slices.Equal(ps.probeLines, lines) {
		return ps.probe
	}
	g := ps.def.New()
	if err := table.ApplyLines(g, lines); err != nil {
		return nil
	}
	ps.probe, ps.probeLines = g, slices.Clone(lines)
	return g
}
