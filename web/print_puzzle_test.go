package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// TestBrowserPrintPuzzlePages prints puzzle pages to PDF with Chromium and
// checks what docs/web.md promises: the puzzle, the blank sheet and the
// answer key take one page each, and the worked solution starts a page of
// its own, so that the whole prints on 3 pages plus the solution's. Each
// section is printed alone (the others hidden) and the page counts must add
// up to the whole's: a section that shared a page with another would make
// the whole shorter. The pages are those of the issue that found a fifth
// page: Clue medium, seed 1, and Deduce or Die hard, seed 5. It also checks
// that every line the worked solution cites is shown with its number.
func TestBrowserPrintPuzzlePages(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		want int // pages in all, as docs/web.md says
		page func() (*puzzle.Page, error)
	}{
		{"clue medium seed 1", 5, func() (*puzzle.Page, error) {
			pz, err := clue.GeneratePuzzle(ctx, 1, clue.PuzzleOptions{Players: 4, Level: puzzle.Medium})
			if err != nil {
				return nil, err
			}
			return pz.Page("Clue puzzle 1"), nil
		}},
		{"dod hard seed 5", 6, func() (*puzzle.Page, error) {
			pz, err := deduceordie.GeneratePuzzle(ctx, 5, deduceordie.PuzzleOptions{Players: 4, Level: puzzle.Hard})
			if err != nil {
				return nil, err
			}
			return pz.Page("Deduce or Die puzzle 1"), nil
		}},
	}
	bctx := newBrowser(t, 1280, 900)
	for _, c := range cases {
		p, err := c.page()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var html bytes.Buffer
		if err := WritePuzzleHTML(&html, p); err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(html.Bytes())
		}))
		t.Cleanup(hs.Close)
		do(t, bctx, chromedp.Navigate(hs.URL), chromedp.WaitVisible(chromedp.CSS("#solution")))
		// Every number cited is shown, once, as a numbered line.
		shown := map[string]int{}
		for _, l := range p.LogLines() {
			shown[fmt.Sprint(l.Number)]++
		}
		for _, n := range citedLines(p.Solution) {
			if shown[n] != 1 {
				t.Errorf("%s: the solution cites line %s, shown %d times", c.name, n, shown[n])
			}
		}
		if n := eval[int](t, bctx, `document.querySelectorAll("section").length`); n != 4 {
			t.Errorf("%s: %d sections, want 4 (puzzle, sheet, answer, solution): no other", c.name, n)
		}
		print := func(only string) int {
			js := `document.querySelectorAll("section.page").forEach(s => { s.style.display = ("` + only + `" === "" || s.id === "` + only + `") ? "" : "none" }); true`
			eval[bool](t, bctx, js)
			pdf, err := chromedp.Run(bctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
			if err != nil {
				t.Fatal(err)
			}
			return pdfPages(pdf)
		}
		sum := 0
		for _, id := range []string{"puzzle", "sheet", "answer", "solution"} {
			n := print(id)
			sum += n
			if id != "solution" && n != 1 {
				t.Errorf("%s: the %s prints on %d pages, want 1", c.name, id, n)
			}
			if n < 1 {
				t.Errorf("%s: the %s prints on no page", c.name, id)
			}
			t.Logf("%s: %s %d page(s)", c.name, id, n)
		}
		whole := print("")
		if whole != sum {
			t.Errorf("%s: the whole prints on %d pages, its sections alone on %d: a section does not start a page", c.name, whole, sum)
		}
		if whole != c.want {
			t.Errorf("%s: %d pages, docs/web.md says %d", c.name, whole, c.want)
		}
	}
}

// citedLines are the line numbers the steps cite ("line 7", "lines 3, 4").
func citedLines(steps []string) []string {
	var out []string
	for _, s := range steps {
		for _, m := range lineCite.FindAllStringSubmatch(s, -1) {
			for _, n := range numList.FindAllString(m[1], -1) {
				out = append(out, n)
			}
		}
	}
	return out
}

var (
	lineCite = regexp.MustCompile(`\blines? ((?:\d+(?:, | and )?)+)`)
	numList  = regexp.MustCompile(`\d+`)
)
