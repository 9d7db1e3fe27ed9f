package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// sheetCase is a position of one game at one player count: a simulated
// game's log from one seat, cut a third of the way through.
type sheetCase struct {
	name string // the golden file: testdata/sheet80x24/NAME.txt
	game string
	log  func() ([]string, error) // the lines after the header
}

func dodCase(n int) sheetCase {
	return sheetCase{fmt.Sprintf("dod-%d", n), "dod", func() ([]string, error) {
		s, err := deduceordie.Simulate(deduceordie.SimOptions{Players: n, Seed: 1})
		if err != nil {
			return nil, err
		}
		return s.Logs[0][1:], nil
	}}
}

func clueCase(preset string, n int) sheetCase {
	return sheetCase{fmt.Sprintf("clue-%s-%d", preset, n), "clue", func() ([]string, error) {
		s, err := clue.Simulate(clue.SimOptions{Preset: preset, Players: n, Rand: rand.New(rand.NewPCG(1, uint64(n)))})
		if err != nil {
			return nil, err
		}
		return s.Log(0)[1:], nil
	}}
}

func deductioCase(n int) sheetCase {
	return sheetCase{fmt.Sprintf("deductio-%d", n), "deductio", func() ([]string, error) {
		s, err := deductio.Simulate(deductio.SimOptions{Players: n, Seed: 1})
		if err != nil {
			return nil, err
		}
		return s.Logs[0], nil
	}}
}

func tbamCase(n int) sheetCase {
	return sheetCase{fmt.Sprintf("tbam-%d", n), "tbam", func() ([]string, error) {
		s, err := theresbeenamurder.Simulate(theresbeenamurder.SimOptions{Players: n, Seed: 1})
		if err != nil {
			return nil, err
		}
		return s.Logs[0], nil
	}}
}

// mbtdCase plays seed 3: under the default readings (rule discard
// keepdeath) the random round of seed 1 runs to the simulator's turn
// limit (4,003 lines).
func mbtdCase() sheetCase {
	return sheetCase{"mbtd-4", "mbtd", func() ([]string, error) {
		s, err := murderbythedeck.Simulate(murderbythedeck.SimOptions{Seed: 3})
		if err != nil {
			return nil, err
		}
		return s.Logs[0], nil
	}}
}

// sheetCases are every game at every player count its rules allow: Deduce
// or Die for 3 to 6, Cluedo for 3 to 6, the Clue Card Game for 3 to 4 and
// its advanced game for 2 to 4, Deductio for 2 to 4, There's Been A
// Murder for 3 to 8, Murder By The Deck for 4.
func sheetCases() []sheetCase {
	var cs []sheetCase
	for n := 3; n <= 6; n++ {
		cs = append(cs, dodCase(n))
	}
	for _, preset := range clue.Presets {
		d, err := clue.PresetDeck(preset)
		if err != nil {
			panic(err)
		}
		for n := d.MinPlayers; n <= d.MaxPlayers; n++ {
			cs = append(cs, clueCase(preset, n))
		}
	}
	for n := 2; n <= 4; n++ {
		cs = append(cs, deductioCase(n))
	}
	for n := theresbeenamurder.MinPlayers; n <= theresbeenamurder.MaxPlayers; n++ {
		cs = append(cs, tbamCase(n))
	}
	return append(cs, mbtdCase())
}

// tooTall are the sheets taller than the screen today: There's Been A
// Murder's 22 cards and 11 holders at 6 to 8 players fit no panels side by
// side, and Murder By The Deck's sheet takes 23 lines. Their heads are
// drawn again under the rows ([table.Drawing.Foot]), which the test checks
// are on screen.
var tooTall = map[string]bool{"tbam-6": true, "tbam-7": true, "tbam-8": true, "mbtd-4": true}

// TestSheet80x24 draws every game at every player count as the session
// redraws it after a line, on an 80×24 terminal without colour, and
// compares the screen with testdata/sheet80x24/*.txt (go test -update
// rewrites them). The rule checked: every line is at most 80 columns wide
// (✓ and ✗ one column each), and the redraw (title, column heads, cards,
// headlines, "Settled:") with the prompt under it takes at most 24 lines,
// so that title and column heads are both on screen. Each column head must
// also be a holder the game's "why" reads.
func TestSheet80x24(t *testing.T) {
	ctx := context.Background()
	for _, tc := range sheetCases() {
		t.Run(tc.name, func(t *testing.T) {
			def, ok := games.Find(tc.game)
			if !ok {
				t.Fatalf("no game %s", tc.game)
			}
			lines, err := tc.log()
			if err != nil {
				t.Fatal(err)
			}
			// A third of the way: setup done, the game under way.
			cut := max(len(lines)/3, 6)
			g := def.New()
			var prev *table.Grid
			for i, l := range lines[:cut] {
				if err := g.Apply(l); err != nil {
					t.Fatalf("line %d %q: %v", i+1, l, err)
				}
				if i == cut-2 {
					if prev, err = g.Sheet(ctx); err != nil {
						t.Fatal(err)
					}
				}
			}
			sheet, err := g.Sheet(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			settled := drawGrid(&b, newPainter(false), sheet, prev)
			b.WriteString(settledText(settled))
			fmt.Fprintf(&b, "%s %d> \n", def.Name, cut+1)
			screen := b.String()
			golden(t, "sheet80x24/"+tc.name+".txt", screen)

			rows := strings.Split(strings.TrimSuffix(screen, "\n"), "\n")
			for i, r := range rows {
				if w := table.Width(r); w > screenWidth {
					t.Errorf("line %d is %d columns wide: %q", i+1, w, r)
				}
			}
			d := sheet.Layout(table.Screen{Width: screenWidth, Height: sheetHeight}, nil)
			if len(rows) > screenHeight && !tooTall[tc.name] {
				t.Errorf("the redraw and the prompt take %d lines, more than %d", len(rows), screenHeight)
			}
			if d.Head != 1 || !strings.Contains(rows[d.Head], d.Heads[0]) {
				t.Errorf("line 2 is not the column heads: %q", rows[1])
			}
			// What the screen shows is its last 24 lines: a line of
			// heads must be among them, however tall the sheet.
			onScreen := rows[max(0, len(rows)-screenHeight):]
			heads := slices.ContainsFunc(onScreen, func(r string) bool {
				return strings.TrimSpace(r) != "" && strings.HasPrefix(strings.TrimSpace(r), d.Heads[0]) && strings.Contains(r, d.Heads[len(d.Heads)-1])
			})
			if !heads {
				t.Errorf("no line of column heads on the last %d lines of the screen", screenHeight)
			}
			// Any number of settled facts: every cell of the sheet
			// settled at once still takes one line of "Settled:", so the
			// title and the heads stay on screen.
			var all []table.Change
			for i, r := range sheet.Rows {
				for j := range r.Cells {
					if j < len(sheet.Holders) {
						all = append(all, table.Change{Row: i, Col: j, Card: r.Card, Holder: sheet.Holders[j], Now: "✗", Mark: []table.Mark{table.Yes, table.No}[i%2]})
					}
				}
			}
			for k := 0; k <= len(all); k += max(1, len(all)/7) {
				if n := len(strings.Split(strings.TrimSuffix(settledText(all[:k]), "\n"), "\n")); n > 1 {
					t.Errorf("%d settled facts take %d lines of \"Settled:\"", k, n)
				}
			}
			if !d.Fits && !tooTall[tc.name] {
				t.Errorf("the sheet does not fit %d×%d: %d lines", screenWidth, sheetHeight, len(d.Lines))
			}
			// Every head is a holder "why" reads: asking about it may be
			// refused as not forced, but not as a malformed fact.
			for j, h := range d.Heads {
				fact := h + " " + sheet.Rows[0].Card
				_, err := g.Explain(ctx, fact)
				var le *table.LineError
				if errors.As(err, &le) && !(tc.game == "deductio" && j >= len(d.Heads)-2) {
					t.Errorf("why %s: %v", fact, err)
				}
			}
		})
	}
}

// TestWrapNeverBreaksWords checks the wrapping of everything the session
// prints (help text, notes, errors): lines of at most 80 columns broken
// at spaces only; a word longer than a line is left whole on a line of
// its own.
func TestWrapNeverBreaksWords(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a-very-long-path/", 6)
	tests := []struct {
		name, text, indent string
	}{
		{"help lines", "  ask ASKER ASKED CARD..CARD = N     the number of cards from CARD to CARD (in the order of the Motive deck) that ASKED holds; e.g. ask alice bob 3H..5S = 2", "    "},
		{"a long word", "Log: " + long + " (saved after every line)", "  "},
		{"only a long word", long + long, ""},
		{"wide letters", strings.Repeat("日本語の名前 ", 20), "  "},
		{"several lines", "first line\n" + strings.Repeat("word ", 40) + "\n\nlast", "  "},
	}
	for _, tt := range tests {
		got := wrap(tt.text, tt.indent)
		if !strings.HasSuffix(got, "\n") {
			t.Errorf("%s: %q does not end its line", tt.name, got)
		}
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		for _, l := range lines {
			if table.Width(l) > screenWidth && strings.Contains(strings.TrimSpace(l), " ") {
				t.Errorf("%s: line %q is %d columns and could have been broken", tt.name, l, table.Width(l))
			}
		}
		// The words, in order, are those of the text: none broken.
		if g, w := strings.Fields(got), strings.Fields(tt.text); strings.Join(g, " ") != strings.Join(w, " ") {
			t.Errorf("%s: the words changed:\n%q\n%q", tt.name, g, w)
		}
		if n := strings.Count(got, "\n"); n < strings.Count(tt.text, "\n")+1 {
			t.Errorf("%s: %d lines for a text of %d", tt.name, n, strings.Count(tt.text, "\n")+1)
		}
	}
}

// TestDrawGridColour checks that colour changes nothing but colour: the
// drawing without its escape codes is the plain one with a blank where
// '*' marked a changed cell.
func TestDrawGridColour(t *testing.T) {
	prev := &table.Grid{Title: "T", Holders: []string{"alice", "bob"}, Rows: []table.Row{
		{Card: "AS", Cells: []table.Cell{{P: 0.5}, {P: 0.5}}},
		{Card: "2S", Cells: []table.Cell{{Mark: table.Yes}, {Mark: table.No}}},
	}, Headlines: []string{"Murder card: AS 50%"}}
	g := &table.Grid{Title: "T", Holders: []string{"alice", "bob"}, Rows: []table.Row{
		{Card: "AS", Cells: []table.Cell{{Mark: table.No}, {Mark: table.Yes}}},
		{Card: "2S", Cells: []table.Cell{{Mark: table.Yes}, {Mark: table.No}}},
	}, Headlines: []string{"Murder card: AS 50%"}}
	var plain, coloured strings.Builder
	s1 := drawGrid(&plain, newPainter(false), g, prev)
	s2 := drawGrid(&coloured, newPainter(true), g, prev)
	if len(s1) != 2 || len(s2) != 2 {
		t.Errorf("settled %v and %v, want 2 each", s1, s2)
	}
	if got := settledText(s1); got != "Settled: AS with bob\n" {
		t.Errorf("settledText = %q", got)
	}
	var noEsc strings.Builder
	for i, parts := 0, strings.Split(coloured.String(), "\x1b["); i < len(parts); i++ {
		p := parts[i]
		if i > 0 {
			p = p[strings.IndexByte(p, 'm')+1:]
		}
		noEsc.WriteString(p)
	}
	var want []string
	for _, l := range strings.Split(plain.String(), "\n") {
		want = append(want, strings.TrimRight(strings.ReplaceAll(l, "*", " "), " "))
	}
	var got []string
	for _, l := range strings.Split(noEsc.String(), "\n") {
		got = append(got, strings.TrimRight(l, " "))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("coloured drawing differs:\n%s\nplain:\n%s", strings.Join(got, "\n"), plain.String())
	}
	if !strings.Contains(plain.String(), "✗*") || strings.Contains(coloured.String(), "*") {
		t.Errorf("changes marked wrongly:\n%s\n%s", plain.String(), coloured.String())
	}
}

// TestWrapHelp wraps every game's help as the session may print it: no
// line past 80 columns unless it is one word, no word broken, and the
// continuation of a table entry under its second column.
func TestWrapHelp(t *testing.T) {
	for _, d := range games {
		for topic, text := range map[string]string{"lines": d.Help.Lines, "why": d.Help.Why, "odds": d.Help.Odds, "advise": d.Help.Advise} {
			got := wrapHelp(text)
			for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
				if table.Width(l) > screenWidth && strings.Contains(strings.TrimSpace(l), " ") {
					t.Errorf("%s help %s: line %q is %d columns", d.Name, topic, l, table.Width(l))
				}
			}
			if g, w := strings.Fields(got), strings.Fields(text); strings.Join(g, " ") != strings.Join(w, " ") {
				t.Errorf("%s help %s: the words changed", d.Name, topic)
			}
		}
	}
	tests := []struct{ text, want string }{
		{
			"  HOLDER has ITEM... / HOLDER lacks ITEM...        a fact seen (HOLDER: a player, envelope, faceup)",
			"  HOLDER has ITEM... / HOLDER lacks ITEM...        a fact seen (HOLDER: a\n" +
				"                                                   player, envelope, faceup)\n",
		},
		{
			"Lines of Clue (items by any unique prefix, any case: pl = Plum; aliases such as Dagger):",
			"Lines of Clue (items by any unique prefix, any case: pl = Plum; aliases such as\n" +
				"  Dagger):\n",
		},
		{
			"  preset cluedo|cardgame|cardgame-advanced                      the deck (or category lines)",
			"  preset cluedo|cardgame|cardgame-advanced                      the deck (or\n" +
				"    category lines)\n",
		},
	}
	for _, tt := range tests {
		if got := wrapHelp(tt.text); got != tt.want {
			t.Errorf("wrapHelp(%q) =\n%s\nwant\n%s", tt.text, got, tt.want)
		}
	}
}
