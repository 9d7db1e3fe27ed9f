package clue

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
	"github.com/stretchr/testify/require"
)

// This file tests the rules as printed (docs/rules/clue.md): player counts
// per preset, the deal of each preset, the deal line, face-up facts, hand
// lines only for the seat, player names, and errors that name their line's
// column and the reason.

// applyLines applies lines to a fresh game and returns the first error, with
// the index of the line that gave it (-1 when every line was accepted).
func applyLines(lines []string) (*Game, int, error) {
	g := NewGame()
	for i, l := range lines {
		if err := g.Apply(l); err != nil {
			return g, i, err
		}
	}
	return g, -1, nil
}

// TestRefusedLines checks that each line the rules forbid is refused, at
// its own line (the last one given), with the column of the problem and a
// message naming the reason, and that it changes nothing.
func TestRefusedLines(t *testing.T) {
	cluedo4 := []string{"preset cluedo", "players alice bob carol dave", "seat dave"}
	faceup4 := []string{"preset cluedo", "deal faceup", "players alice bob carol dave", "seat dave", "hand dave Plum Knife Hall Study"}
	tests := []struct {
		why   string
		lines []string // the last line is the one refused
		col   int
		msg   string
	}{
		{"a size larger than the deal is refused at its own line and column, not at the first observation",
			[]string{"preset cluedo", "players ann bob cat", "size ann 30"}, 10, "ann cannot hold 30 cards: the cluedo deck deals 18"},
		{"sizes that add up to more than the deal are refused at the size line that does it",
			[]string{"preset cluedo", "players ann bob cat", "size ann 9", "size bob 10"}, 10, "add up to more than the 18 cards dealt"},
		{"every card is dealt: sizes for every player must add up to the deal",
			[]string{"preset cluedo", "players ann bob cat", "size ann 5", "size bob 5", "size cat 5"}, 10, "add up to fewer than the 18 cards dealt"},
		{"a deal line that the sizes do not fit is refused at its style",
			[]string{"preset cluedo", "players ann bob cat", "size ann 7", "deal faceup"}, 6, "add up to more than the 18 cards dealt"},
		{"a size line before the preset is checked at the preset line",
			[]string{"players ann bob cat", "size ann 30", "preset cluedo"}, 8, "ann cannot hold 30 cards"},
		{"the seat's hand cannot hold more cards than the seat was dealt, and the size is named",
			append(slices.Clone(cluedo4), "hand dave Plum Knife Hall Study Rope"), 33, "dave's hand holds 5 cards but dave has 4"},
		{"the size named is the seat's own: bob, second in seating order, holds 5",
			[]string{"preset cluedo", "players alice bob carol dave", "seat bob", "hand Plum Knife Hall Study Rope Wrench"}, 33, "bob's hand holds 6 cards but bob has 5"},
		{"a has line cannot give a player more cards than the player holds",
			append(slices.Clone(cluedo4), "bob has Plum Knife Hall Study Rope Wrench"), 36, "6 cards listed but bob has 5"},
		{"the envelope holds one card of each category",
			append(slices.Clone(cluedo4), "envelope has Plum Knife Hall Study"), 30, "4 cards listed but the envelope has 3"},
		{"the face-up pile holds the spare cards only",
			append(slices.Clone(faceup4), "faceup Kitchen Rope Wrench"), 21, "3 cards listed but the face-up pile has 2"},
		{"a hand line is the seat's own hand: another player's is refused, not read as a has line",
			append(slices.Clone(cluedo4), "hand bob Plum"), 6, "bob is not the seat"},
		{"a hand line names no hand before the seat is known",
			[]string{"preset cluedo", "players alice bob carol dave", "hand dave Plum"}, 6, "no seat line yet"},
		{"classic Cluedo deals every card: there is no face-up pile",
			append(slices.Clone(cluedo4), "faceup Kitchen"), 1, "no face-up cards: every card is dealt"},
		{"faceup facts need a face-up pile too",
			append(slices.Clone(cluedo4), "faceup has Kitchen"), 1, "no face-up cards"},
		{"the card game's advanced game is for 2 to 4 players",
			[]string{"preset cardgame-advanced", "players a b c d e"}, 17, "played by 2 to 4 players, not 5"},
		{"the card game's basic game is for 3 to 4 players",
			[]string{"preset cardgame", "players a b"}, 12, "played by 3 to 4 players, not 2"},
		{"classic Cluedo is for 3 to 6 players: the seventh name is refused",
			[]string{"preset cluedo", "players a b c d e f g"}, 21, "played by 3 to 6 players, not 7"},
		{"classic Cluedo is for 3 to 6 players, even when the players come first",
			[]string{"players a b", "preset cluedo"}, 8, "played by 3 to 6 players, not 2"},
		{"a player name is not a card name, or the player could not be told from the card",
			[]string{"preset cluedo", "players alice Plum carol"}, 15, "Plum is a card of the cluedo deck"},
		{"a player name is not an alias either",
			[]string{"preset cluedo", "players alice dagger carol"}, 15, "dagger is a card"},
		{"a preset after the players may not name a player",
			[]string{"players alice Study carol", "preset cluedo"}, 8, "player Study has the name of a card"},
		{"a custom item may not be a player's name",
			[]string{"players ann bob", "category who ann cat"}, 14, "item ann has the name of a player"},
		{"an alias may not be a player's name",
			[]string{"players ann bob", "category who cat dog", "alias bob cat"}, 7, "alias bob is the name of a player"},
		{"a name is letters, digits and _ - ' . only",
			[]string{"players ann b!ll cat"}, 14, "holds '!'"},
		{"a name starts with a letter",
			[]string{"players ann 42 cat"}, 13, "does not start with a letter"},
		{"a name is not a word of the grammar, in any of its spellings",
			[]string{"players ann none cat"}, 13, "word of the grammar"},
		{"the deal has two styles",
			[]string{"preset cluedo", "deal some"}, 6, "no deal style some"},
		{"an observation before the deck is refused at its first word",
			[]string{"players alice bob carol", "alice has Plum"}, 1, "no deck yet"},
		{"a custom deck's sizes are checked at the first observation, at its first word",
			[]string{"category who a b c", "category what x y", "players p q", "size p 9", "  p has a"}, 3, "p cannot hold 9 cards"},
	}
	for _, tc := range tests {
		t.Run(tc.why, func(t *testing.T) {
			g, i, err := applyLines(tc.lines[:len(tc.lines)-1])
			require.NoError(t, err, "line %d", i)
			before := slices.Clone(g.Lines())
			err = g.Apply(tc.lines[len(tc.lines)-1])
			var le *table.LineError
			require.ErrorAs(t, err, &le)
			require.Equal(t, tc.col, le.Col, err.Error())
			require.Contains(t, le.Msg, tc.msg)
			require.Equal(t, before, g.Lines())
		})
	}
}

// TestAcceptedLines checks lines the rules allow and the issue found
// refused: face-up facts, Unicode names, the deal line, and the player
// counts at the ends of each preset's range.
func TestAcceptedLines(t *testing.T) {
	ctx := context.Background()
	faceup4 := []string{"preset cluedo", "deal faceup", "players alice bob carol dave", "seat dave", "hand dave Plum Knife Hall Study"}
	tests := []struct {
		why   string
		lines []string
		facts []string // forced afterwards, as for "why"
	}{
		{"faceup has is a fact about the face-up pile, as documented",
			append(slices.Clone(faceup4), "faceup has Kitchen"), []string{"faceup Kitchen", "not envelope Kitchen"}},
		{"faceup lacks is one too",
			append(slices.Clone(faceup4), "faceup lacks Rope"), []string{"not faceup Rope"}},
		{"faceup holds is another spelling of has",
			append(slices.Clone(faceup4), "faceup holds Rope"), []string{"faceup Rope"}},
		{"player names may have Unicode letters",
			[]string{"preset cluedo", "players José Zoë Ana", "seat José", "hand José Plum", "Zoë has Knife"}, []string{"José Plum", "Zoë Knife"}},
		{"a letter may be written with a combining mark",
			[]string{"preset cluedo", "players Zoe\u0308 o'neil player-2", "seat o'neil", "Zoe\u0308 has Knife"}, []string{"Zoe\u0308 Knife"}},
		{"the seat's own name in a hand line is fine",
			[]string{"preset cluedo", "players alice bob carol", "seat bob", "hand bob Plum"}, []string{"bob Plum"}},
		{"two players may play the card game's advanced game",
			[]string{"preset cardgame-advanced", "players a b", "seat a", "hand Plum"}, []string{"a Plum"}},
		{"six players may play classic Cluedo",
			[]string{"preset cluedo", "players a b c d e f", "seat a", "hand Plum Knife Hall"}, []string{"a Plum"}},
		{"deal all for the card game deals its spare card too",
			[]string{"preset cardgame", "deal all", "players a b c d", "seat a", "hand Plum Knife Study"}, []string{"a Plum"}},
	}
	for _, tc := range tests {
		t.Run(tc.why, func(t *testing.T) {
			g, i, err := applyLines(tc.lines)
			require.NoError(t, err, "line %d", i)
			for _, f := range tc.facts {
				var b strings.Builder
				require.NoError(t, table.Why(ctx, g, f, &b))
				require.Contains(t, b.String(), "because of", "%s: %s", f, b.String())
			}
		})
	}
}

// TestDealSizes checks the hand sizes of each deal: classic Cluedo deals
// every card, the first players in seating order one more; the card game
// deals equal hands and puts the spare cards face up; deal lines switch
// between the two; players without a size line share what the size lines
// leave.
func TestDealSizes(t *testing.T) {
	tests := []struct {
		why   string
		lines []string
		hands string // the players' sizes in seating order
		face  string // the face-up pile's size, "" when there is none
	}{
		{"4 players of Cluedo: 18 cards, the first two hold 5", []string{"preset cluedo", "players a b c d"}, "5 5 4 4", ""},
		{"5 players of Cluedo: 18 cards, the first three hold 4", []string{"preset cluedo", "players a b c d e"}, "4 4 4 3 3", ""},
		{"3 players of Cluedo share 18 evenly", []string{"preset cluedo", "players a b c"}, "6 6 6", ""},
		{"6 players of Cluedo share 18 evenly", []string{"preset cluedo", "players a b c d e f"}, "3 3 3 3 3 3", ""},
		{"Cluedo with face-up spares: 4 each and 2 face up", []string{"preset cluedo", "deal faceup", "players a b c d"}, "4 4 4 4", "2"},
		{"the card game, 4 players: 2 each and 1 face up", []string{"preset cardgame", "players a b c d"}, "2 2 2 2", "1"},
		{"the card game dealt to the last card: the first holds 3", []string{"preset cardgame", "deal all", "players a b c d"}, "3 2 2 2", ""},
		{"advanced, 3 players: 12 cards, 4 each, nothing face up", []string{"preset cardgame-advanced", "players a b c"}, "4 4 4", ""},
		{"size lines say who got the extra cards; the others share the rest", []string{"preset cluedo", "players a b c d", "size c 5", "size d 5"}, "4 4 5 5", ""},
		{"one size line: the others share what it leaves, the first one more", []string{"preset cluedo", "players a b c d", "size a 4"}, "4 5 5 4", ""},
		{"a range leaves a range to the others", []string{"preset cluedo", "players a b c", "size a 5-6"}, "5..6 6..7 6..7", ""},
		{"face-up spares with a size line: the others keep the even share", []string{"preset cluedo", "deal faceup", "players a b c d", "size a 3"}, "3 4 4 4", "3"},
	}
	for _, tc := range tests {
		t.Run(tc.why, func(t *testing.T) {
			g, i, err := applyLines(tc.lines)
			require.NoError(t, err, "line %d", i)
			p, err := g.Problem()
			require.NoError(t, err)
			m := p.Model()
			var hands []string
			for h := range g.Players() {
				hands = append(hands, m.HolderSize(solver.Holder(h)).String())
			}
			require.Equal(t, tc.hands, strings.Join(hands, " "))
			face := ""
			if h, ok := m.HolderByName(FaceUp); ok {
				face = m.HolderSize(h).String()
			}
			require.Equal(t, tc.face, face)
		})
	}
}

// TestDealAllCounts checks the count of an uneven deal-all deal against a
// count by hand: 6 cards in two categories of 3, the envelope one of each
// (9 ways), the 4 others dealt 2, 1 and 1 (4!/(2!1!1!) = 12 ways).
func TestDealAllCounts(t *testing.T) {
	g, i, err := applyLines([]string{"category A a1 a2 a3", "category B b1 b2 b3", "deal all", "players p q r"})
	require.NoError(t, err, "line %d", i)
	p, err := g.Problem()
	require.NoError(t, err)
	require.Equal(t, "2", p.Model().HolderSize(0).String())
	r, err := g.Analyze(context.Background(), false)
	require.NoError(t, err)
	require.Equal(t, "108", r.Worlds.String())
}

// TestDealAllMatchesEnumeration checks an uneven deal of every card (the
// card game's 9 cards to 4 players, the first one 3) against the SAT
// engine's list of its deals: the count agrees and every deal gives a 3
// cards, the others 2 and the envelope one of each category.
func TestDealAllMatchesEnumeration(t *testing.T) {
	ctx := context.Background()
	g, i, err := applyLines([]string{
		"preset cardgame", "deal all", "players a b c d", "seat b", "hand Mustard Rope",
		"a asks Plum Knife: b passes, c shows",
		"c asks Scarlet Study: d passes, a shows",
	})
	require.NoError(t, err, "line %d", i)
	r, err := g.Analyze(ctx, false)
	require.NoError(t, err)
	n := 0
	for w := range solver.NewSAT(g.prob).Worlds(ctx) {
		n++
		held := make([]int, g.prob.Model().NumHolders())
		cats := map[int]bool{}
		for c, h := range w {
			held[h]++
			if h == g.envelope() {
				cats[g.deck.CategoryOf(c)] = true
			}
		}
		require.Equal(t, []int{3, 2, 2, 2, 3}, held)
		require.Len(t, cats, 3)
	}
	require.Positive(t, n)
	require.Equal(t, int64(n), r.Worlds.Int64())
}

// TestDeckFileObservation checks that a deck file (setup lines read before
// the log) that holds an observation is refused at that line of the deck
// file, not blamed on the log.
func TestDeckFileObservation(t *testing.T) {
	_, err := LoadWithDeck(strings.NewReader("preset cluedo\nplayers ann bob cat\nseat ann\nhand Plum\n"), strings.NewReader("game clue\nbob has Knife\n"))
	require.ErrorContains(t, err, `deck file line 4: column 1: a deck file holds setup lines only`)
	g, err := LoadWithDeck(strings.NewReader("preset cluedo\nplayers ann bob cat\nseat ann\n"), strings.NewReader("game clue\nhand Plum\nbob has Knife\n"))
	require.NoError(t, err)
	require.Equal(t, []string{"hand Plum", "bob has Knife"}, g.Lines(), "the deck file's lines are not lines of the game")
}

// TestSimulatedDeal checks the simulator's deal against the rule of each
// preset: the hand sizes of the model the log builds.
func TestSimulatedDeal(t *testing.T) {
	for _, tc := range []struct {
		preset string
		n      int
		faceUp bool
		want   []int // cards of each player, then the face-up pile
	}{
		{PresetCluedo, 4, false, []int{5, 5, 4, 4, 0}},
		{PresetCluedo, 5, false, []int{4, 4, 4, 3, 3, 0}},
		{PresetCluedo, 4, true, []int{4, 4, 4, 4, 2}},
		{PresetCardGame, 4, false, []int{2, 2, 2, 2, 1}},
	} {
		s, err := Simulate(SimOptions{Preset: tc.preset, Players: tc.n, Rand: newRand(1), Questions: 1, FaceUp: tc.faceUp})
		require.NoError(t, err)
		got := make([]int, tc.n+2)
		for _, h := range s.Deal {
			got[h]++
		}
		require.Equal(t, 3, got[tc.n], "the envelope")
		got = slices.Delete(got, tc.n, tc.n+1)
		require.Equal(t, tc.want, got, "%s %d faceup=%v", tc.preset, tc.n, tc.faceUp)
		if tc.faceUp {
			require.Contains(t, s.Log(0), "deal faceup")
		}
	}
	_, err := Simulate(SimOptions{Preset: PresetCardGameAdvanced, Players: 5, Rand: newRand(1)})
	require.ErrorContains(t, err, "2 to 4 players")
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

// TestSetupLinesPlayerCount checks that the table session's setup answers
// are refused at once when the preset's rules do not allow that many
// players, rather than at the players line they would become.
func TestSetupLinesPlayerCount(t *testing.T) {
	_, err := SetupLines(PresetCluedo, []string{"ann", "bob"}, "ann", nil)
	require.ErrorContains(t, err, "3 to 6 players, not 2")
	lines, err := SetupLines(PresetCardGameAdvanced, []string{"ann", "bob"}, "ann", []string{"Plum"})
	require.NoError(t, err)
	require.Equal(t, []string{"preset cardgame-advanced", "players ann bob", "seat ann", "hand ann Plum"}, lines)
}
