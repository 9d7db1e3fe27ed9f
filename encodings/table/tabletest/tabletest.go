package tabletest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"golang.org/x/text/unicode/norm"
)

// Options are what the conformance test needs to know of a game beyond its
// Definition: lines and facts about the game's built-in example log.
type Options struct {
	// Facts are facts, in the game's notation, that the example's lines
	// force: Explain must explain each by lines of the example.
	Facts []string
	// Open is a fact that the example's lines do not force: Explain must
	// refuse it with an error.
	Open string
	// Conflict is a well-formed line that contradicts the example's lines.
	Conflict string
	// Malformed is a line the game refuses as malformed after the example,
	// and MalformedCol the 1-based column its error names (in characters).
	Malformed    string
	MalformedCol int
	// Advise are arguments of advice that the example's position accepts.
	Advise []string
	// Players are player names with accents, as many as the game's
	// smallest table, that its setup must accept ("José", "Zoë", ...).
	Players []string
}

// Run checks def and its games against the contract of package table.
func Run(t *testing.T, def table.Definition, o Options) {
	t.Run("definition", func(t *testing.T) { checkDefinition(t, def) })
	t.Run("example", func(t *testing.T) { checkExample(t, def) })
	t.Run("bom-crlf-comments", func(t *testing.T) { checkLogForms(t, def) })
	t.Run("comment-lines", func(t *testing.T) { checkCommentLines(t, def) })
	t.Run("header-is-not-a-line", func(t *testing.T) { checkHeaderRefused(t, def) })
	t.Run("malformed-line-numbered", func(t *testing.T) { checkMalformed(t, def, o) })
	t.Run("conflict", func(t *testing.T) { checkConflict(t, def, o) })
	t.Run("why", func(t *testing.T) { checkWhy(t, def, o) })
	t.Run("why-of-cells", func(t *testing.T) { checkWhyOfCells(t, def) })
	t.Run("json", func(t *testing.T) { checkJSON(t, def, o) })
	t.Run("names", func(t *testing.T) { checkNames(t, def, o) })
	t.Run("session", func(t *testing.T) { checkSession(t, def) })
}

// MaxHelpWidth is the widest a line of help may be: it must read at 80
// columns with room for an indent.
const MaxHelpWidth = 78

func checkDefinition(t *testing.T, def table.Definition) {
	if def.Name == "" || def.Name != strings.ToLower(def.Name) || len(strings.Fields(def.Name)) != 1 {
		t.Errorf("Name %q is not one lower-case word", def.Name)
	}
	if def.Title == "" || def.New == nil {
		t.Fatalf("Title %q or New missing", def.Title)
	}
	if g := def.New(); g == nil || g.Name() != def.Name {
		t.Fatalf("New makes a game named %q, want %q", g.Name(), def.Name)
	}
	if def.Example == "" {
		t.Error("no example log")
	}
	help := map[string]string{"Lines": def.Help.Lines, "Why": def.Help.Why, "Odds": def.Help.Odds, "Advise": def.Help.Advise}
	for field, text := range help {
		if strings.TrimSpace(text) == "" {
			t.Errorf("Help.%s is empty", field)
		}
		for i, line := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(line); n > MaxHelpWidth {
				t.Errorf("Help.%s line %d is %d columns, more than %d: %q", field, i+1, n, MaxHelpWidth, line)
			}
		}
	}
	if def.Setup == nil && len(def.Questions) > 0 {
		t.Error("setup questions but no Setup to turn the answers into lines")
	}
}

// load reads a log of def's game.
func load(t *testing.T, def table.Definition, text string) (table.Game, *table.Log) {
	t.Helper()
	g, l, err := table.Games{def}.Load(strings.NewReader(text))
	if err != nil {
		t.Fatalf("loading:\n%s\n: %v", text, err)
	}
	return g, l
}

// sheet is the game's sheet, or the error text when it has none.
func sheet(t *testing.T, g table.Game) any {
	t.Helper()
	s, err := g.Sheet(context.Background())
	if err != nil {
		return "error: " + err.Error()
	}
	return s
}

func checkExample(t *testing.T, def table.Definition) {
	g, l := load(t, def, def.Example)
	if l.Game != def.Name {
		t.Errorf("the example's header names %q, want %q", l.Game, def.Name)
	}
	if !slices.Equal(g.Lines(), l.Lines) {
		t.Errorf("Lines() = %q, want the log's lines %q", g.Lines(), l.Lines)
	}
	if _, err := g.Sheet(context.Background()); err != nil {
		t.Errorf("the example has no sheet: %v", err)
	}
}

// checkLogForms loads the example saved as an editor might save it: with a
// byte-order mark, carriage returns, and a comment at the end of every
// line. The game must be the same.
func checkLogForms(t *testing.T, def table.Definition) {
	g, l := load(t, def, def.Example)
	want := sheet(t, g)
	crlf := table.BOM + strings.ReplaceAll(def.Example, "\n", "\r\n")
	g2, l2 := load(t, def, crlf)
	if !slices.Equal(l2.Lines, l.Lines) || !reflect.DeepEqual(sheet(t, g2), want) {
		t.Errorf("a log with a byte-order mark and carriage returns reads differently")
	}
	var b strings.Builder
	b.WriteString(table.HeaderLine(def.Name) + " # the header may end in a comment\n")
	for _, line := range l.Lines {
		if !table.IsComment(line) {
			line += "  # a note at the end of the line"
		}
		b.WriteString(line + "\n")
	}
	g3, l3 := load(t, def, b.String())
	if len(l3.Lines) != len(l.Lines) || !reflect.DeepEqual(sheet(t, g3), want) {
		t.Errorf("comments at the ends of lines change the game")
	}
}

// checkCommentLines applies comment lines to the example's game: each is
// kept as typed and changes nothing else.
func checkCommentLines(t *testing.T, def table.Definition) {
	g, _ := load(t, def, def.Example)
	want := sheet(t, g)
	for _, line := range []string{"", "   ", "# a comment", "\t# indented", "#"} {
		n := len(g.Lines())
		if err := g.Apply(line); err != nil {
			t.Fatalf("comment line %q refused: %v", line, err)
		}
		if got := g.Lines(); len(got) != n+1 || got[n] != line {
			t.Fatalf("comment line %q not kept as typed: %q", line, got)
		}
	}
	if !reflect.DeepEqual(sheet(t, g), want) {
		t.Error("comment lines changed the sheet")
	}
}

// checkHeaderRefused checks that the header is not a line of the game.
func checkHeaderRefused(t *testing.T, def table.Definition) {
	g, _ := load(t, def, def.Example)
	before := g.Lines()
	err := g.Apply(table.HeaderLine(def.Name))
	var le *table.LineError
	if !errors.As(err, &le) {
		t.Fatalf("Apply(the header) = %v, want a *table.LineError", err)
	}
	if !slices.Equal(g.Lines(), before) {
		t.Error("the refused header changed the lines")
	}
}

// checkMalformed appends the malformed line to the example: the error
// names its line number (the header is line 0) and the column.
func checkMalformed(t *testing.T, def table.Definition, o Options) {
	if o.Malformed == "" {
		t.Fatal("Options.Malformed is required")
	}
	_, l := load(t, def, def.Example)
	_, _, err := table.Games{def}.Load(strings.NewReader(def.Example + o.Malformed + "\n"))
	var lg *table.LogError
	var le *table.LineError
	if !errors.As(err, &lg) || !errors.As(err, &le) {
		t.Fatalf("loading with %q = %v, want a *table.LogError wrapping a *table.LineError", o.Malformed, err)
	}
	if want := len(l.Lines) + 1; lg.Line != want {
		t.Errorf("error on line %d, want line %d: %v", lg.Line, want, err)
	}
	if le.Col != o.MalformedCol {
		t.Errorf("error at column %d, want %d: %v", le.Col, o.MalformedCol, err)
	}
	if !strings.HasPrefix(err.Error(), "line ") {
		t.Errorf("the error %q does not start with its line", err)
	}
}

// checkConflict applies a contradicting line: it is refused with the
// lines it conflicts with, which exist and are not comments, and the game
// is unchanged.
func checkConflict(t *testing.T, def table.Definition, o Options) {
	if o.Conflict == "" {
		t.Fatal("Options.Conflict is required")
	}
	g, _ := load(t, def, def.Example)
	lines, want := g.Lines(), sheet(t, g)
	err := g.Apply(o.Conflict)
	var ce *table.ConflictError
	if !errors.As(err, &ce) {
		t.Fatalf("Apply(%q) = %v, want a *table.ConflictError", o.Conflict, err)
	}
	if len(ce.Lines) != len(ce.Texts) {
		t.Fatalf("%d lines but %d texts", len(ce.Lines), len(ce.Texts))
	}
	checkNamed(t, lines, ce.Lines)
	for i, n := range ce.Lines {
		if ce.Texts[i] != strings.TrimSpace(lines[n-1]) {
			t.Errorf("conflict line %d text %q, want %q", n, ce.Texts[i], lines[n-1])
		}
	}
	if !slices.Equal(g.Lines(), lines) || !reflect.DeepEqual(sheet(t, g), want) {
		t.Error("the refused line changed the game")
	}
	// The conflict must hold with the named lines: without any of them
	// (a comment in its place keeps the numbers) the line may be accepted,
	// but with all of them and nothing else that is not setup the game
	// must still refuse it; checked by replaying the log up to the last
	// named line. Options.Conflict contradicts the example's lines, so it
	// names some.
	if len(ce.Lines) == 0 {
		t.Fatalf("Apply(%q) is refused as impossible on its own (%v); it contradicts lines of the example", o.Conflict, err)
	}
	last := slices.Max(ce.Lines)
	g2 := def.New()
	if err := table.ApplyLines(g2, lines[:last]); err != nil {
		t.Fatal(err)
	}
	// Refused again: as a conflict, or, in a game of turns, as a line out
	// of its turn there; never accepted.
	var again *table.ConflictError
	var outOfTurn *table.LineError
	if err := g2.Apply(o.Conflict); !errors.As(err, &again) && !errors.As(err, &outOfTurn) {
		t.Errorf("after the lines up to %d the line is not refused: %v", last, err)
	}
}

// checkNamed checks that every number names an existing line that is not a
// comment, in ascending order.
func checkNamed(t *testing.T, lines []string, numbers []int) {
	t.Helper()
	for i, n := range numbers {
		if n < 1 || n > len(lines) {
			t.Errorf("line %d does not exist (the game has %d lines)", n, len(lines))
			continue
		}
		if table.IsComment(lines[n-1]) {
			t.Errorf("line %d is a comment: %q", n, lines[n-1])
		}
		if i > 0 && numbers[i-1] >= n {
			t.Errorf("lines %v are not ascending", numbers)
		}
	}
}

func checkWhy(t *testing.T, def table.Definition, o Options) {
	if len(o.Facts) == 0 {
		t.Fatal("Options.Facts is required")
	}
	ctx := context.Background()
	g, _ := load(t, def, def.Example)
	lines := g.Lines()
	for _, fact := range o.Facts {
		e, err := g.Explain(ctx, fact)
		if err != nil {
			t.Errorf("Explain(%q): %v", fact, err)
			continue
		}
		if e.Fact == "" {
			t.Errorf("Explain(%q) names no fact", fact)
		}
		checkNamed(t, lines, e.Lines)
		var b strings.Builder
		if err := table.Why(ctx, g, fact, &b); err != nil {
			t.Fatal(err)
		}
		for _, n := range e.Lines {
			if want := "line " + itoa(n) + ": " + strings.TrimSpace(lines[n-1]); !strings.Contains(b.String(), want) {
				t.Errorf("Why(%q) =\n%s\nlacks %q", fact, b.String(), want)
			}
		}
		b.Reset()
		if err := table.WhyJSON(ctx, g, fact, &b); err != nil || !json.Valid([]byte(b.String())) {
			t.Errorf("WhyJSON(%q) = %v, %q", fact, err, b.String())
		}
	}
	if o.Open != "" {
		if _, err := g.Explain(ctx, o.Open); err == nil {
			t.Errorf("Explain(%q), a fact not forced, gave no error", o.Open)
		}
	}
	for _, bad := range []string{"", "not", "# x", "\xff", strings.Repeat("x ", 100)} {
		if _, err := g.Explain(ctx, bad); err == nil {
			t.Errorf("Explain(%q) gave no error", bad)
		}
	}
}

// MaxCellsExplained is how many settled cells of the example's sheet
// checkWhyOfCells explains, spread evenly over the sheet.
const MaxCellsExplained = 24

// checkWhyOfCells checks that settled cells of the example's sheet are
// explained by the facts the tools write for them: "HOLDER CARD" for a ✓
// and "not HOLDER CARD" for a ✗ (a tap on a cell of the web sheet, "why"
// of a cell in the session).
func checkWhyOfCells(t *testing.T, def table.Definition) {
	ctx := context.Background()
	g, _ := load(t, def, def.Example)
	grid, err := g.Sheet(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var facts []string
	for _, row := range grid.Rows {
		for i, c := range row.Cells {
			if i >= len(grid.Holders) {
				t.Fatalf("row %s has %d cells for %d holders", row.Card, len(row.Cells), len(grid.Holders))
			}
			switch c.Mark {
			case table.Yes:
				facts = append(facts, grid.Holders[i]+" "+row.Card)
			case table.No:
				facts = append(facts, "not "+grid.Holders[i]+" "+row.Card)
			}
		}
	}
	step := max(1, (len(facts)+MaxCellsExplained-1)/MaxCellsExplained)
	for i := 0; i < len(facts); i += step {
		e, err := g.Explain(ctx, facts[i])
		if err != nil {
			t.Errorf("Explain(%q) of a settled cell: %v", facts[i], err)
			continue
		}
		checkNamed(t, g.Lines(), e.Lines)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func checkJSON(t *testing.T, def table.Definition, o Options) {
	ctx := context.Background()
	g, _ := load(t, def, def.Example)
	var b strings.Builder
	if err := g.ReportJSON(ctx, &b); err != nil || !json.Valid([]byte(b.String())) {
		t.Errorf("ReportJSON = %v, valid %v", err, json.Valid([]byte(b.String())))
	}
	if len(o.Advise) == 0 {
		t.Fatal("Options.Advise is required")
	}
	for _, args := range o.Advise {
		b.Reset()
		if err := g.AdviseJSON(ctx, args, &b); err != nil || !json.Valid([]byte(b.String())) {
			t.Errorf("AdviseJSON(%q) = %v, valid %v", args, err, json.Valid([]byte(b.String())))
		}
		b.Reset()
		if err := g.Advise(ctx, args, &b); err != nil || b.Len() == 0 {
			t.Errorf("Advise(%q) = %v, %d bytes", args, err, b.Len())
		}
	}
}

// checkNames sets a game up with the names players write, accents
// included, through Setup and through typed lines alike.
func checkNames(t *testing.T, def table.Definition, o Options) {
	if def.Setup == nil {
		t.Skip("the game takes its setup as lines only")
	}
	if len(o.Players) == 0 {
		t.Fatal("Options.Players is required")
	}
	lines, err := def.Setup(table.Setup{Players: o.Players, Me: o.Players[0]})
	if err != nil {
		t.Fatalf("Setup(%q): %v", o.Players, err)
	}
	g := def.New()
	if err := table.ApplyLines(g, lines); err != nil {
		t.Fatalf("setup lines %q: %v", lines, err)
	}
	// Any case of a name names the same player.
	lines, err = def.Setup(table.Setup{Players: o.Players, Me: strings.ToUpper(o.Players[0])})
	if err != nil {
		t.Fatal(err)
	}
	if err := table.ApplyLines(def.New(), lines); err != nil {
		t.Errorf("the seat named in upper case %q: %v", lines, err)
	}
	checkAccents(t, def, o)
	// A name that is not one refused at once, with its column: counted in
	// characters, after the accented names before it (a byte column
	// points past it, by one for each accent before it), their accents
	// precomposed or combining.
	for _, form := range []norm.Form{norm.NFC, norm.NFD} {
		bad := slices.Clone(o.Players)
		for i := range bad {
			bad[i] = form.String(bad[i])
		}
		bad[len(bad)-1] = "7up"
		lines, err = def.Setup(table.Setup{Players: bad})
		if err != nil {
			continue // refused before any line: no column to check
		}
		g := def.New()
		for _, l := range lines {
			err := g.Apply(l)
			if err == nil {
				continue
			}
			var le *table.LineError
			i := strings.Index(l, "7up")
			switch {
			case !errors.As(err, &le) || le.Col == 0:
				t.Errorf("players %q: %q: %v, want a *table.LineError with a column", bad, l, err)
			case i >= 0 && le.Col != table.Column(l, i):
				t.Errorf("players %q: %q: error at column %d, want %d (counted in characters): %v", bad, l, le.Col, table.Column(l, i), err)
			}
			break
		}
	}
}

// checkAccents: a name typed without its accents, or with them written
// the other way (combining rather than precomposed), names its player;
// two players whose names are equal once accents are dropped are both
// named by the error of a word that could be either.
func checkAccents(t *testing.T, def table.Definition, o Options) {
	first := o.Players[0]
	plain := table.FoldName(first)
	if plain == strings.ToLower(first) {
		t.Fatalf("Options.Players: the first name, %q, needs an accent", first)
	}
	for _, me := range []string{plain, strings.ToUpper(plain), norm.NFD.String(first)} {
		lines, err := def.Setup(table.Setup{Players: o.Players, Me: me})
		if err != nil {
			t.Errorf("the seat %q for %q: %v", me, first, err)
			continue
		}
		if err := table.ApplyLines(def.New(), lines); err != nil {
			t.Errorf("the seat %q for %q: %q: %v", me, first, lines, err)
		}
	}
	// Two players equal but for their accents: the first, and the same
	// name with a grave accent on its first vowel, or an acute one.
	other := []rune(norm.NFC.String(plain))
	for i, r := range other {
		if strings.ContainsRune("aeiou", r) {
			other[i] = []rune(norm.NFC.String(string(r) + "\u0300"))[0]
			break
		}
	}
	players := slices.Clone(o.Players)
	players[1] = string(other)
	lines, err := def.Setup(table.Setup{Players: players, Me: plain})
	if err == nil {
		err = table.ApplyLines(def.New(), lines)
	}
	if err == nil || !strings.Contains(err.Error(), first) || !strings.Contains(err.Error(), players[1]) {
		t.Errorf("players %q, seat %q: %v, want an error naming %s and %s", players, plain, err, first, players[1])
	}
}

// checkSession replays the example in a session: every prefix can be
// undone and redone.
func checkSession(t *testing.T, def table.Definition) {
	_, l := load(t, def, def.Example)
	s, err := table.ResumeSession(def.New, l.Lines)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Lines(), l.Lines) {
		t.Errorf("undo and redo: %q, want %q", s.Lines(), l.Lines)
	}
}

// Refusal is a log a game must refuse, and what its error must say.
type Refusal struct {
	Why  string   // what the case is about, the subtest's name
	Log  string   // the whole log, header included
	Want []string // every one is in the error's text
}

// Refuses checks, case by case in subtests, that load refuses each
// case's log with an error whose text holds every one of its words (the
// line, the column, the rule broken).
func Refuses(t *testing.T, load func(io.Reader) error, cases []Refusal) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Why, func(t *testing.T) {
			err := load(strings.NewReader(tc.Log))
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.Want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// Readiness is a log and what table.CheckReady must say of it.
type Readiness struct {
	Why  string // what the case is about, the subtest's name
	Log  string // the whole log, header included
	Want string // in the text of the *table.LogError refusing it; "" for a log that is ready
}

// NotReady checks, case by case in subtests, that a log load accepts is
// refused by table.CheckReady with a *table.LogError whose text holds the
// case's Want (its line and what is missing), or accepted when Want is "".
func NotReady(t *testing.T, load func(io.Reader) (table.Game, error), cases []Readiness) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Why, func(t *testing.T) {
			g, err := load(strings.NewReader(tc.Log))
			if err != nil {
				t.Fatal(err)
			}
			err = table.CheckReady(context.Background(), g)
			var le *table.LogError
			switch {
			case tc.Want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.Want != "" && (err == nil || !errors.As(err, &le) || !strings.Contains(err.Error(), tc.Want)):
				t.Errorf("got %v, want a *table.LogError saying %q", err, tc.Want)
			}
		})
	}
}
