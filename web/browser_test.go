package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// chromiumPath finds the browser of the end-to-end tests: $GUMSHOE_CHROMIUM,
// else chromium (the Debian package .ci/run installs) or Chrome on the
// PATH. With none, the test fails when $CI is set, so that CI never skips
// the browser tests, and is skipped otherwise.
func chromiumPath(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("GUMSHOE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium found and $CI is set: the browser tests must run in CI (.ci/run installs the Debian package chromium)")
	}
	t.Skip("no Chromium found: browser tests skipped (install chromium, or set GUMSHOE_CHROMIUM to a Chrome or Chromium binary)")
	return ""
}

// newBrowser starts a headless Chromium for one test, with a fresh
// profile, and returns the context of its first tab.
func newBrowser(t testing.TB, width, height int) context.Context {
	t.Helper()
	path := chromiumPath(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(width, height),
	}
	// Chromium sometimes crashes as it starts while the processes of the
	// browser before it are still going away (about 1 start in 15 when
	// starts overlap, with Debian's Chromium 148: a segmentation fault before
	// it listens). Such a start is retried with a fresh profile; a browser
	// that fails every time fails the test.
	const starts = 3
	for attempt := 1; ; attempt++ {
		actx, acancel := chromedp.NewExecAllocator(context.Background(), append(opts, chromedp.UserDataDir(t.TempDir()))...)
		ctx, cancel := chromedp.NewContext(actx)
		err := chromedp.Do(ctx, chromedp.Navigate("about:blank"))
		if err == nil {
			t.Cleanup(func() { cancel(); acancel() })
			return ctx
		}
		cancel()
		acancel()
		if attempt == starts || !strings.Contains(err.Error(), "chrome failed to start") {
			t.Fatalf("starting %s (attempt %d of %d): %v", path, attempt, starts, err)
		}
		t.Logf("starting %s (attempt %d of %d): %v", path, attempt, starts, err)
		time.Sleep(200 * time.Millisecond)
	}
}

// newTab opens a tab in the browser of ctx. Its first action runs with no
// deadline: the tab lives as long as the context of that action.
func newTab(t testing.TB, ctx context.Context) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	return tab
}

// browserWait bounds every wait for the page: a hang fails the test, it
// does not measure speed.
const browserWait = 30 * time.Second

func do(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, browserWait)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t testing.TB, ctx context.Context, js string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, browserWait)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](js))
	for staleContext(err) && c.Err() == nil {
		// The page was between documents (a navigation or reload still
		// settling): the script did not run; run it in the new one.
		time.Sleep(50 * time.Millisecond)
		v, err = chromedp.Run(c, chromedp.Evaluate[T](js))
	}
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitFor waits until the JavaScript expression js is true.
func waitFor(t testing.TB, ctx context.Context, js string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, browserWait+5*time.Second)
	defer cancel()
	_, err := chromedp.Run(c, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(browserWait)))
	for staleContext(err) && c.Err() == nil {
		time.Sleep(50 * time.Millisecond)
		_, err = chromedp.Run(c, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(browserWait)))
	}
	if err != nil {
		page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`"lines " + document.querySelectorAll("#lines li").length + ", message: " + document.getElementById("message").textContent + ", timings: " + (window.gumshoeTimings || []).length`))
		t.Fatalf("waiting for %s: %v (page: %s)", js, err, page)
	}
}

// staleContext says that err is the browser's answer to a script sent to
// a document that a navigation or reload has just replaced ("Cannot find
// context with specified id"): the script did not run, and running it
// again reaches the new document.
func staleContext(err error) bool {
	return err != nil && strings.Contains(err.Error(), "Cannot find context with specified id")
}

// js quotes s as a JavaScript string.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// drawnSheet is the sheet as the page shows it: the column heads, and a
// row's card and cell texts.
type drawnSheet struct {
	Holders   []string   `json:"holders"`
	Rows      [][]string `json:"rows"`
	Headlines []string   `json:"headlines"`
}

const readSheetJS = `(() => ({
  holders: Array.from(document.querySelectorAll("#sheet thead th")).slice(1).map((th) => th.textContent),
  rows: Array.from(document.querySelectorAll("#sheet tbody tr")).map((tr) => Array.from(tr.children).map((c) => c.textContent)),
  headlines: Array.from(document.querySelectorAll("#headlines li")).map((li) => li.textContent),
}))()`

// wantSheet is the library's sheet of lines, as the page should draw it.
func wantSheet(t testing.TB, def table.Definition, lines []string) (drawnSheet, table.Game, *table.Grid) {
	t.Helper()
	g, err := table.Replay(def, &table.Log{Game: def.Name, Lines: lines})
	if err != nil {
		t.Fatal(err)
	}
	grid, err := g.Sheet(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	d := drawnSheet{Holders: grid.Holders, Headlines: grid.Headlines}
	if d.Headlines == nil {
		d.Headlines = []string{}
	}
	for _, r := range grid.Rows {
		row := []string{r.Card}
		for _, c := range r.Cells {
			row = append(row, c.Text())
		}
		d.Rows = append(d.Rows, row)
	}
	return d, g, grid
}

func checkSheet(t testing.TB, ctx context.Context, def table.Definition, lines []string, when string) (table.Game, *table.Grid) {
	t.Helper()
	want, g, grid := wantSheet(t, def, lines)
	got := eval[drawnSheet](t, ctx, readSheetJS)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: the page shows\n%v\nthe library's sheet is\n%v", when, got, want)
	}
	return g, grid
}

// pageLines are the lines the page lists.
func pageLines(t testing.TB, ctx context.Context) []string {
	return eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#lines li .text")).map((s) => s.textContent)`)
}

// submit types line in the entry line and sends it.
func submit(t testing.TB, ctx context.Context, line string) {
	t.Helper()
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#line"), line), chromedp.Click(chromedp.CSS("#send")))
}

// TestBrowserGame plays a whole game of each game in Chromium: a new game
// from the form, its example's lines typed one by one, the sheet and
// headlines against the library's, Why on a ✓ cell, undo, redo, edit,
// reload, a second tab updated live, and refused lines that change
// nothing on disk.
func TestBrowserGame(t *testing.T) {
	ctx := newBrowser(t, 1280, 900)
	for _, gc := range gameCases {
		t.Run(gc.def.Name, func(t *testing.T) {
			s, hs := newTestServer(t, "")
			tab := newTab(t, ctx)
			// A new game, from the form.
			do(t, tab, chromedp.Navigate(hs.URL+"/?game="+gc.def.Name),
				chromedp.WaitVisible(chromedp.CSS("#ng-start")))
			// The form offers the game of the address, once it has the games.
			waitFor(t, tab, fmt.Sprintf(`document.getElementById("ng-game").value === %s`, js(gc.def.Name)))
			do(t, tab, chromedp.Click(chromedp.CSS("#ng-start")), chromedp.WaitVisible(chromedp.CSS("#line")))
			loc, err := chromedp.Run(tab, chromedp.Location())
			if err != nil {
				t.Fatal(err)
			}
			id := loc[strings.LastIndex(loc, "/")+1:]
			path := s.LogPath(id)
			if path == "" {
				t.Fatalf("no log for the game at %s", loc)
			}
			// Its lines, typed.
			lines := exampleLines(t, gc.def)
			for i, l := range lines {
				submit(t, tab, l)
				waitFor(t, tab, fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d && document.getElementById("line").value === ""`, i+1))
			}
			if got := logLines(t, path); !slices.Equal(got, lines) {
				t.Fatalf("the log holds %q", got)
			}
			if got := pageLines(t, tab); !slices.Equal(got, lines) {
				t.Fatalf("the page lists %q", got)
			}
			g, grid := checkSheet(t, tab, gc.def, lines, "after the example")

			// Why: tap a ✓ cell; the lines that force it are highlighted.
			fact := firstForced(t, g, grid)
			holder, card, _ := strings.Cut(fact, " ")
			e, err := g.Explain(context.Background(), fact)
			if err != nil {
				t.Fatal(err)
			}
			do(t, tab, chromedp.Click(chromedp.CSS(fmt.Sprintf(`td[data-holder=%s][data-card=%s]`, js(holder), js(card)))))
			waitFor(t, tab, fmt.Sprintf(`document.querySelectorAll("#lines li.why").length === %d`, len(e.Lines)))
			marked := eval[[]int](t, tab, `Array.from(document.querySelectorAll("#lines li.why")).map((li) => +li.dataset.line)`)
			if !slices.Equal(marked, e.Lines) {
				t.Errorf("why %s: the page marks lines %v, the library's explanation is %v", fact, marked, e.Lines)
			}

			// Why on a ✗ cell.
			if fact, ok := firstExplained(g, grid, table.No); ok {
				e, err := g.Explain(context.Background(), fact)
				if err != nil {
					t.Fatal(err)
				}
				holder, card, _ := strings.Cut(strings.TrimPrefix(fact, "not "), " ")
				do(t, tab, chromedp.Click(chromedp.CSS(fmt.Sprintf(`td[data-holder=%s][data-card=%s]`, js(holder), js(card)))))
				waitFor(t, tab, fmt.Sprintf(`document.getElementById("message").textContent.startsWith(%s)`, js(e.Fact)))
				marked := eval[[]int](t, tab, `Array.from(document.querySelectorAll("#lines li.why")).map((li) => +li.dataset.line)`)
				if !slices.Equal(marked, e.Lines) {
					t.Errorf("why %s: the page marks lines %v, the library's explanation is %v", fact, marked, e.Lines)
				}
			}

			// Odds and Advise: the game's own text.
			var report, advice bytes.Buffer
			if err := g.Report(context.Background(), &report); err != nil {
				t.Fatal(err)
			}
			if err := g.Advise(context.Background(), gc.advise, &advice); err != nil {
				t.Fatal(err)
			}
			do(t, tab, chromedp.Click(chromedp.CSS("#odds")))
			waitFor(t, tab, fmt.Sprintf(`!document.getElementById("output").hidden && document.getElementById("output").textContent === %s`, js(report.String())))
			// (Set by script: chromedp's SetValue cannot set "".)
			eval[bool](t, tab, fmt.Sprintf(`(() => { document.getElementById("adviseargs").value = %s; return true; })()`, js(gc.advise)))
			do(t, tab, chromedp.Click(chromedp.CSS("#advise")))
			waitFor(t, tab, fmt.Sprintf(`!document.getElementById("output").hidden && document.getElementById("output").textContent === %s`, js(advice.String())))

			// Suggestions: a word of the game, typed but for its last letter.
			if w := suggestible(g.Words()); w != "" {
				prefix := w[:len(w)-1]
				eval[bool](t, tab, fmt.Sprintf(`(() => { const i = document.getElementById("line"); i.value = "x " + %s; i.dispatchEvent(new Event("input")); return true; })()`, js(prefix)))
				got := eval[[]string](t, tab, `Array.from(document.querySelectorAll("#suggest button")).map((b) => b.textContent)`)
				if !slices.Contains(got, w) {
					t.Errorf("typing %q suggests %q, not %q", prefix, got, w)
				}
				for _, s := range got {
					if !strings.HasPrefix(strings.ToLower(s), strings.ToLower(prefix)) {
						t.Errorf("typing %q suggests %q", prefix, s)
					}
				}
				eval[bool](t, tab, `(() => { const i = document.getElementById("line"); i.value = ""; i.dispatchEvent(new Event("input")); return true; })()`)
			}

			// Undo and redo.
			n := len(lines)
			do(t, tab, chromedp.Click(chromedp.CSS("#undo")))
			waitFor(t, tab, fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d`, n-1))
			if got := logLines(t, path); !slices.Equal(got, lines[:n-1]) {
				t.Fatalf("after undo the log holds %q", got)
			}
			checkSheet(t, tab, gc.def, lines[:n-1], "after undo")
			do(t, tab, chromedp.Click(chromedp.CSS("#redo")))
			waitFor(t, tab, fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d`, n))
			checkSheet(t, tab, gc.def, lines, "after redo")

			// Edit the last line into a comment, from the list of lines.
			edited := append(slices.Clone(lines[:n-1]), "# edited in the page")
			do(t, tab,
				chromedp.Click(chromedp.CSS(fmt.Sprintf(`#lines li[data-line="%d"] button.edit`, n))),
				chromedp.SetValue(chromedp.CSS("input.editline"), edited[n-1]),
				chromedp.Click(chromedp.CSS("#lines button.save")))
			waitFor(t, tab, fmt.Sprintf(`(document.querySelector('#lines li[data-line="%d"] .text') || {}).textContent === %s`, n, js(edited[n-1])))
			if got := logLines(t, path); !slices.Equal(got, edited) {
				t.Fatalf("after edit the log holds %q", got)
			}
			checkSheet(t, tab, gc.def, edited, "after edit")

			// Reload: the same state.
			do(t, tab, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#line")))
			waitFor(t, tab, fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d`, n))
			if got := pageLines(t, tab); !slices.Equal(got, edited) {
				t.Fatalf("after reload the page lists %q", got)
			}
			checkSheet(t, tab, gc.def, edited, "after reload")

			// A second tab sees a change made in the first.
			tab2 := newTab(t, ctx)
			do(t, tab2, chromedp.Navigate(loc), chromedp.WaitVisible(chromedp.CSS("#line")))
			waitFor(t, tab2, fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d && document.getElementById("live").classList.contains("on")`, n))
			// The edit taken back in the first tab; the time from the click
			// to the new state on the second tab's page, on the clock both
			// tabs share.
			clicked := eval[float64](t, tab, `(() => { const at = performance.timeOrigin + performance.now(); document.getElementById("undo").click(); return at; })()`)
			waitFor(t, tab2, fmt.Sprintf(`(document.querySelector('#lines li[data-line="%d"] .text') || {}).textContent === %s`, n, js(lines[n-1])))
			shown := eval[float64](t, tab2, `window.gumshoeDrawn.at`)
			t.Logf("the second tab drew the change %.0f ms after the click in the first", shown-clicked)
			checkSheet(t, tab2, gc.def, lines, "in the second tab")

			// A contradictory line: the conflicting lines marked, the log
			// unchanged on disk.
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			submit(t, tab, gc.conflict)
			waitFor(t, tab, `document.getElementById("message").classList.contains("err") && document.querySelectorAll("#lines li.conflict").length > 0`)
			if msg := eval[string](t, tab, `document.getElementById("message").textContent`); !strings.Contains(msg, "contradicts") {
				t.Errorf("the conflict is shown as %q", msg)
			}
			submit(t, tab, gc.malformed)
			waitFor(t, tab, fmt.Sprintf(`!!document.querySelector('#message .caret[data-col="%d"]')`, gc.malformedCol))
			// The conflict's marks are gone: they do not explain this refusal.
			if n := eval[int](t, tab, `document.querySelectorAll("#lines li.conflict").length`); n != 0 {
				t.Errorf("after a malformed line, %d lines keep the mark of the earlier conflict", n)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(before, after) {
				t.Fatalf("refused lines changed the log:\n%s", after)
			}
			if got := pageLines(t, tab); !slices.Equal(got, lines) {
				t.Fatalf("after refused lines the page lists %q", got)
			}
			logTimings(t, tab)
		})
	}
}

// logTimings logs the page's own measures of the time from submitting a
// change to the new sheet on screen (Performance API).
func logTimings(t testing.TB, tab context.Context) []float64 {
	d := eval[[]float64](t, tab, `window.gumshoeTimings || []`)
	if len(d) > 0 {
		s := slices.Clone(d)
		sort.Float64s(s)
		t.Logf("submit to sheet on screen: %d changes, median %.1f ms, max %.1f ms", len(s), s[len(s)/2], s[len(s)-1])
	}
	return d
}

// TestBrowserSetupForm starts a game from the form's setup questions and
// checks the lines they stand for, and that a wrong answer is shown and
// starts nothing.
func TestBrowserSetupForm(t *testing.T) {
	ctx := newBrowser(t, 360, 740)
	s, hs := newTestServer(t, "")
	def := gameCases[0].def
	answers := table.Setup{Players: []string{"alice", "bob", "carol", "dave"}, Me: "dave", Hand: []string{"8S", "8H", "AC", "2C", "4C", "5C"}}
	want, err := def.Setup(answers)
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.EmulateViewport(360, 740), chromedp.Navigate(hs.URL+"/?game="+def.Name), chromedp.WaitVisible(chromedp.CSS("#ng-players")),
		chromedp.SetValue(chromedp.CSS("#ng-players"), "alice,bob"),
		chromedp.SetValue(chromedp.CSS("#ng-me"), "dave"),
		chromedp.Click(chromedp.CSS("#ng-start")))
	waitFor(t, ctx, `!document.getElementById("ng-error").hidden`)
	do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#ng-players"), strings.Join(answers.Players, ",")),
		chromedp.SetValue(chromedp.CSS("#ng-hand"), strings.Join(answers.Hand, " ")),
		chromedp.Click(chromedp.CSS("#ng-start")),
		chromedp.WaitVisible(chromedp.CSS("#line")))
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	id := loc[strings.LastIndex(loc, "/")+1:]
	if got := logLines(t, s.LogPath(id)); !slices.Equal(got, want) {
		t.Fatalf("the form's game has the lines %q, want %q", got, want)
	}
	waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d`, len(want)))
	checkSheet(t, ctx, def, want, "after the setup")
	// The page fits a phone held upright: nothing wider than the screen
	// but the sheet's own scrolling box.
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 360 || eval[int](t, ctx, `window.innerWidth`) != 360 {
		t.Errorf("the page is %d px wide at 360 px", w)
	}
}

// firstExplained is the first cell of grid with the mark m that lines
// (not the deal alone) explain, as a fact: "holder card", or "not holder
// card" for ✗.
func firstExplained(g table.Game, grid *table.Grid, m table.Mark) (string, bool) {
	for _, r := range grid.Rows {
		for j, c := range r.Cells {
			if c.Mark != m {
				continue
			}
			fact := grid.Holders[j] + " " + r.Card
			if m == table.No {
				fact = "not " + fact
			}
			if e, err := g.Explain(context.Background(), fact); err == nil && len(e.Lines) > 0 {
				return fact, true
			}
		}
	}
	return "", false
}

// suggestible is a word of words of 3 letters or more that no other word
// starts with but for its last letter, so that typing all of it but its
// last letter must suggest it among few.
func suggestible(words []string) string {
	for _, w := range words {
		if len(w) < 3 || strings.ContainsAny(w, " \t") {
			continue
		}
		prefix := strings.ToLower(w[:len(w)-1])
		n := 0
		for _, o := range words {
			if strings.HasPrefix(strings.ToLower(o), prefix) {
				n++
			}
		}
		if n <= 5 {
			return w
		}
	}
	return ""
}

// pdfPages counts the pages of a PDF file written by Chromium.
func pdfPages(pdf []byte) int {
	return len(regexp.MustCompile(`/Type\s*/Page\b[^s]`).FindAll(pdf, -1))
}

// TestBrowserPrintPuzzle prints the server's puzzle page to PDF: the
// puzzle, the blank sheet, the answer and the worked solution, each on a
// page of its own.
func TestBrowserPrintPuzzle(t *testing.T) {
	ctx := newBrowser(t, 1280, 900)
	_, hs := newTestServer(t, "")
	do(t, ctx, chromedp.Navigate(hs.URL+"/puzzle?game=dod&seed=1&difficulty=easy"), chromedp.WaitVisible(chromedp.CSS("#solution")))
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
	if err != nil {
		t.Fatal(err)
	}
	if n := pdfPages(pdf); n != 4 {
		t.Errorf("the puzzle prints on %d pages, want 4", n)
	}
}

// TestBrowserToken opens a server that needs a token (serve --lan) the
// way a phone does, from the address with the token: the page, its
// requests and its live stream work by the cookie the address sets, and
// without the token nothing is served.
func TestBrowserToken(t *testing.T) {
	const token = "feedfacefeedfacefeedfacefeedface"
	ctx := newBrowser(t, 360, 740)
	s, hs := newTestServer(t, token)
	lines := exampleLines(t, gameCases[2].def)
	id, err := s.Start(gameCases[2].def.Name, lines[:len(lines)-1], "", true)
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(hs.URL+"/t/"+id))
	if body := eval[string](t, ctx, `document.body.textContent`); !strings.Contains(body, "token") || !strings.Contains(body, "Join the table") || strings.Contains(body, "{") {
		t.Fatalf("without the token the page shows %q", body)
	}
	do(t, ctx, chromedp.Navigate(hs.URL+"/t/"+id+"?token="+token), chromedp.WaitVisible(chromedp.CSS("#line")))
	waitFor(t, ctx, `document.getElementById("live").classList.contains("on")`)
	submit(t, ctx, lines[len(lines)-1])
	waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d`, len(lines)))
	checkSheet(t, ctx, gameCases[2].def, lines, "with the token")
}

// TestBrowserCaretCountsCharacters: the page marks a refused line's column
// as the contract counts it, in characters as a player sees them (an
// accent written precomposed or combining is part of its letter), not in
// bytes: in "players José Zoë 7up" column 18 is the "7".
func TestBrowserCaretCountsCharacters(t *testing.T) {
	ctx := newBrowser(t, 1280, 900)
	_, hs := newTestServer(t, "")
	do(t, ctx, chromedp.Navigate(hs.URL+"/"), chromedp.WaitReady(chromedp.CSS("body")))
	for _, tc := range []struct {
		text string
		col  int
		want [3]string
	}{
		{"players José Zoë 7up", 18, [3]string{"players José Zoë ", "7", "up"}},
		{"players Jose\u0301 Zoe\u0308 7up", 18, [3]string{"players Jose\u0301 Zoe\u0308 ", "7", "up"}},
		{"ask bob carol 3♥..10S", 15, [3]string{"ask bob carol ", "3", "♥..10S"}},
		{"seat José", 11, [3]string{"seat José", " ", ""}},
	} {
		js := fmt.Sprintf("gumshoeSplitAtColumn(%q, %d)", tc.text, tc.col)
		got := eval[[]string](t, ctx, js)
		if !slices.Equal(got, tc.want[:]) {
			t.Errorf("%s = %q, want %q", js, got, tc.want)
		}
	}
}
