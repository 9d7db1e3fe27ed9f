package clue

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ (here and in puzzle_test.go)")

// setup is a 4-player classic Cluedo table from dave's seat. Every card is
// dealt (the rule of classic Cluedo), so there is no face-up pile; the
// comment keeps the observations that follow at line 6 and on.
var setup = []string{
	"preset cluedo",
	"players alice bob carol dave",
	"seat dave",
	"hand dave Plum Knife Hall Study",
	"# every card is dealt: alice and bob hold 5 cards, carol and dave 4",
}

func newGame(t *testing.T, lines ...string) *Game {
	t.Helper()
	g := NewGame()
	for _, l := range append(append([]string(nil), setup...), lines...) {
		require.NoError(t, g.Apply(l), l)
	}
	return g
}

func TestDeckLookup(t *testing.T) {
	d, err := PresetDeck(PresetCluedo)
	require.NoError(t, err)
	tests := []struct {
		word, want string // want "" for an error
		why        string
	}{
		{"Plum", "Plum", "exact name"},
		{"plum", "Plum", "case does not matter"},
		{"pl", "Plum", "unique prefix"},
		{"PEA", "Peacock", "prefix in any case"},
		{"dagger", "Knife", "UK alias"},
		{"spanner", "Wrench", "UK alias"},
		{"dining", "DiningRoom", "alias of a two-word room"},
		{"l", "", "ambiguous: LeadPipe, Library, Lounge"},
		{"s", "", "ambiguous: Scarlet, Study, Spanner"},
		{"bathroom", "", "no such item"},
		{"", "", "empty"},
	}
	for _, tc := range tests {
		t.Run(tc.why, func(t *testing.T) {
			i, err := d.Lookup(tc.word)
			if tc.want == "" {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, d.Cards()[i])
		})
	}
}

func TestPresets(t *testing.T) {
	tests := []struct {
		name  string
		sizes []int
		style QuestionStyle
	}{
		{PresetCluedo, []int{6, 6, 9}, OnePerCategory},
		{PresetCardGame, []int{4, 4, 4}, AnyTwo},
		{PresetCardGameAdvanced, []int{5, 5, 5}, AnyTwo},
	}
	for _, tc := range tests {
		d, err := PresetDeck(tc.name)
		require.NoError(t, err)
		var got []int
		for _, c := range d.Categories {
			got = append(got, len(c.Items))
		}
		require.Equal(t, tc.sizes, got, tc.name)
		require.Equal(t, tc.style, d.Style)
		require.NoError(t, d.validate())
		for a, it := range d.Aliases {
			i, err := d.Lookup(a)
			require.NoError(t, err, "alias %s", a)
			require.Equal(t, it, d.Cards()[i])
		}
	}
	_, err := PresetDeck("monopoly")
	require.Error(t, err)
}

// TestApplyErrors checks that every malformed line is refused with the
// column of the problem and what was expected, and changes nothing.
func TestApplyErrors(t *testing.T) {
	tests := []struct {
		line string
		col  int
		msg  string // a part of the message
	}{
		{"alice asks Plum Knife: bob shows", 22, "2 items named, not 3"},
		{"alice asks Knife Plum Hall: bob shows", 12, "Knife is one of the weapons"},
		{"alice asks Plum Knife Hall bob shows", 28, "no card"},
		{"alice asks Plum Knife Hall", 27, "no answer"},
		{"alice asks Plum Knife Hall: alice shows", 29, "is the asker"},
		{"alice asks Plum Knife Hall: carol passes, bob shows", 29, "out of turn"},
		{"alice asks Plum Knife Hall: bob shows Rope", 39, "Rope was not asked"},
		{"alice asks Plum Knife Hall: bob", 32, "what did bob do"},
		{"alice asks Plum Knife Hall: nobody else", 36, "unexpected else"},
		{"alice asks Plum Knife Hall: eve shows", 29, "no player eve"},
		{"alice accuses Plum Knife Hall", 30, "no outcome"},
		{"alice accuses Plum Knife Hall maybe", 31, "no card"},
		{"alice juggles Plum", 7, "unknown verb"},
		{"zed asks Plum Knife Hall: bob shows", 1, "no player zed"},
		{"hand", 5, "no card listed"},
		{"hand dave Plum Plum", 16, "listed twice"},
		{"bob has L", 9, "ambiguous"},
		{"preset cardgame", 1, "setup is closed"},
		{"players a b", 1, "setup is closed"},
		{"game clue", 1, "heads a log file and is not an entry"},
		{"game dod", 1, "heads a log file and is not an entry"},
		{"mallory", 1, "unknown line"},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			g := newGame(t)
			before := len(g.Lines())
			obs := len(g.prob.Observations())
			err := g.Apply(tc.line)
			var le *table.LineError
			require.ErrorAs(t, err, &le)
			require.Equal(t, tc.col, le.Col, err.Error())
			require.Contains(t, le.Msg, tc.msg)
			require.Len(t, g.Lines(), before)
			require.Len(t, g.prob.Observations(), obs)
		})
	}
}

func TestSetupErrors(t *testing.T) {
	tests := []struct {
		lines []string
		msg   string
	}{
		{[]string{"players alice"}, "at least two players"},
		{[]string{"players alice alice"}, "listed twice"},
		{[]string{"players alice envelope"}, "word of the grammar"},
		{[]string{"preset cluedo", "preset cluedo"}, "already set"},
		{[]string{"preset risk"}, "no preset"},
		{[]string{"preset cluedo", "category X a b"}, "already a preset"},
		{[]string{"category S a b", "category T b c"}, "listed twice"},
		{[]string{"players a b", "seat c"}, "no player c"},
		{[]string{"players a b", "size a x"}, "bad hand size"},
		{[]string{"players a b", "size a 3-1"}, "bad hand size"},
		{[]string{"questions cluedo"}, "no deck yet"},
		{[]string{"players a b", "hand x"}, "no deck yet"},
		{[]string{"preset cluedo", "players a b c", "size a 10", "size b 10"}, "add up to more"},
	}
	for _, tc := range tests {
		t.Run(tc.msg, func(t *testing.T) {
			g := NewGame()
			var err error
			for _, l := range tc.lines {
				if err = g.Apply(l); err != nil {
					break
				}
			}
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.msg)
		})
	}
}

// TestObservations checks the constraints each kind of line adds, by the
// facts they force.
func TestObservations(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		line  string
		facts []string // "holder card" or "not holder card", forced after the line
	}{
		{"alice asks Scarlet Candlestick Lounge: bob passes, carol shows", []string{"not bob Scarlet", "not bob Candlestick", "not bob Lounge"}},
		{"alice asks Scarlet Candlestick Lounge: carol shows", []string{"not bob Scarlet", "not bob Lounge"}},
		{"dave asks Scarlet Candlestick Lounge: alice shows Lounge", []string{"alice Lounge"}},
		{"alice asks Scarlet Candlestick Lounge: nobody", []string{"not bob Scarlet", "not carol Lounge", "not dave Candlestick"}},
		{"bob asks Green Wrench Ballroom: nobody", []string{"not carol Green", "not alice Wrench"}},
		{"bob has Green Wrench", []string{"bob Green", "not envelope Wrench"}},
		{"envelope has Green", []string{"envelope Green", "not envelope Scarlet"}},
		{"carol lacks Green", []string{"not carol Green"}},
		{"alice accuses Green Wrench Lounge right", []string{"envelope Green", "envelope Wrench", "envelope Lounge"}},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			g := newGame(t, tc.line)
			for _, f := range tc.facts {
				var b strings.Builder
				require.NoError(t, table.Why(ctx, g, f, &b))
				require.Contains(t, b.String(), "because of", "%s: %s", f, b.String())
			}
		})
	}
}

func TestWrongAccusation(t *testing.T) {
	ctx := context.Background()
	g := newGame(t,
		"envelope has Green Wrench",
		"alice accuses Green Wrench Lounge wrong",
	)
	var b strings.Builder
	require.NoError(t, table.Why(ctx, g, "not envelope Lounge", &b))
	require.Contains(t, b.String(), "line 6: envelope has Green Wrench")
	require.Contains(t, b.String(), "line 7: alice accuses Green Wrench Lounge wrong")
	// alice is out: she may not ask or accuse again, but still answers.
	require.ErrorContains(t, g.Apply("alice asks Green Wrench Lounge: bob shows"), "can no longer ask")
	require.ErrorContains(t, g.Apply("alice accuses Green Wrench Ballroom wrong"), "wrong accusation already")
	require.NoError(t, g.Apply("bob asks Green Wrench Lounge: carol passes, dave passes, alice shows"))
}

// TestConflict checks that a contradicting line is refused with the
// minimal set of earlier lines and leaves the game unchanged.
func TestConflict(t *testing.T) {
	g := newGame(t,
		"# a comment is kept",
		"alice asks Scarlet Candlestick Lounge: bob passes, carol shows",
		"bob asks Green Wrench Ballroom: nobody",
	)
	before := clone(g.Lines())
	err := g.Apply("dave asks Scarlet Candlestick Lounge: alice passes, bob shows Lounge")
	var ce *table.ConflictError
	require.True(t, errors.As(err, &ce), "%v", err)
	require.Equal(t, []int{7}, ce.Lines)
	require.Equal(t, []string{"alice asks Scarlet Candlestick Lounge: bob passes, carol shows"}, ce.Texts)
	require.Equal(t, before, g.Lines())

	// Two lines together: bob cannot hold Green (line 8) and the envelope
	// has one suspect; with every other suspect placed, Green is in the
	// envelope, which line 9 denies.
	err = g.Apply("envelope lacks Green Scarlet Mustard White Peacock")
	require.True(t, errors.As(err, &ce), "%v", err)
	require.Equal(t, []int{1, 4}, ce.Lines, "the deck rule (line 1) and dave's hand (line 4)")
}

func clone(s []string) []string { return append([]string(nil), s...) }

func TestCustomDeck(t *testing.T) {
	ctx := context.Background()
	g := NewGame()
	for _, l := range []string{
		"category who Ann Ben Cat",
		"category what Axe Bat",
		"alias hatchet Axe",
		"questions cardgame",
		"players p q r",
		"size p 2",
		"size q 1-2",
		"size r ?",
		"seat p",
		"hand Ann hatchet",
	} {
		require.NoError(t, g.Apply(l), l)
	}
	// p holds Ann and Axe, the envelope one of Ben and Cat and Bat, so one
	// card is left for q (1 or 2 cards) and none for r.
	var ce *table.ConflictError
	require.ErrorAs(t, g.Apply("q asks Ben Cat: r shows"), &ce)
	require.Empty(t, ce.Lines, "impossible by the sizes alone")
	r, err := g.Analyze(ctx, true)
	require.NoError(t, err)
	require.Equal(t, []string{"p", "q", "r", Envelope}, r.Holders)
	require.Equal(t, "2", r.Worlds.String())
	require.False(t, r.AccuseNow)
	require.NoError(t, g.Apply("r asks Ben Bat: p passes, q shows"))
	r, err = g.Analyze(ctx, true)
	require.NoError(t, err)
	require.Equal(t, "1", r.Worlds.String())
	require.True(t, r.AccuseNow)
	require.Equal(t, []string{"Cat", "Bat"}, r.Best.Items)
}

func TestLoad(t *testing.T) {
	g, err := Load(strings.NewReader(ExampleLog))
	require.NoError(t, err)
	require.Equal(t, "dave", g.Seat())
	// The header is line 0, whatever comments come before it.
	_, err = Load(strings.NewReader("# nothing\n\ngame dod\n"))
	require.ErrorContains(t, err, "line 0")
	_, err = Load(strings.NewReader("game clue\npreset cluedo\nplayers a b c\nseat a\nb asks Plum Knife: a shows\n"))
	require.ErrorContains(t, err, "line 4: column 18")
	_, err = Load(strings.NewReader(""))
	require.Error(t, err)
}

func TestGolden(t *testing.T) {
	ctx := context.Background()
	g, err := Load(strings.NewReader(ExampleLog))
	require.NoError(t, err)
	var text, js, adv strings.Builder
	require.NoError(t, g.Report(ctx, &text))
	require.NoError(t, g.ReportJSON(ctx, &js))
	require.NoError(t, g.Advise(ctx, "", &adv))
	require.NoError(t, g.Advise(ctx, "show alice Plum Knife Hall", &adv)) // a question alice may ask: one of each kind
	golden(t, "example.report.golden", text.String())
	golden(t, "example.report.json.golden", js.String())
	golden(t, "example.advise.golden", adv.String())
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create %s", path)
	require.Equal(t, string(want), got)
}

var _ = solver.Forced

// TestExplainHeads checks that a fact may name its holder as the sheet
// heads it: any unique prefix of at least three letters, in any case.
func TestExplainHeads(t *testing.T) {
	ctx := context.Background()
	g := newGame(t, "dave asks Scarlet Candlestick Lounge: alice shows Lounge")
	tests := []struct {
		fact, want string // want "" for a refused holder
	}{
		{"enve Plum", ""}, // a fact not forced: refused, but not for its holder
		{"not enve Plum", "envelope does not hold Plum"},     // the sheet's wide head
		{"not env Plum", "envelope does not hold Plum"},      // its narrow head
		{"not ENVE Lounge", "envelope does not hold Lounge"}, // any case
		{"alic Lounge", "alice holds Lounge"},                // a player's head
		{"not caro Lounge", "carol does not hold Lounge"},
		{"en Plum", "refused"},        // too short
		{"envelopes Plum", "refused"}, // longer than the name
	}
	for _, tc := range tests {
		var b strings.Builder
		err := table.Why(ctx, g, tc.fact, &b)
		var le *table.LineError
		switch tc.want {
		case "refused":
			require.ErrorAs(t, err, &le, tc.fact)
		case "":
			require.Error(t, err, tc.fact)
			require.False(t, errors.As(err, &le), "%s: %v", tc.fact, err)
		default:
			require.NoError(t, err, tc.fact)
			require.Contains(t, b.String(), tc.want)
		}
	}
}
