package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
)

// box is an element's place in the viewport (getBoundingClientRect).
type box struct {
	Top, Bottom, Left, Right float64
}

func rectOf(t *testing.T, ctx context.Context, css string) box {
	t.Helper()
	return eval[box](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector(%s).getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })()`, js(css)))
}

// inView says whether b is wholly inside a viewport of height h.
func (b box) inView(h float64) bool { return b.Top >= 0 && b.Bottom <= h && b.Bottom > b.Top }

// TestBrowserLayout checks where the page puts what a player reads, by
// the places of elements in the viewport, on a phone (360×800) and a
// laptop (1280×900), with Deduce or Die's example: on load the entry line
// is on screen without scrolling; on the laptop the headlines and the
// advice sit beside the sheet, above the fold; tapping a ✓ cell shows
// its explanation in a panel on screen, the lines it cites listed there
// and highlighted, and the tapped cell still on screen above the panel.
func TestBrowserLayout(t *testing.T) {
	lines := exampleLines(t, deduceordie.Definition)
	_, game, grid := wantSheet(t, deduceordie.Definition, lines)
	fact := firstForced(t, game, grid)
	e, err := game.Explain(context.Background(), fact)
	if err != nil {
		t.Fatal(err)
	}
	holder, card, _ := strings.Cut(fact, " ")
	cell := fmt.Sprintf(`td[data-holder=%s][data-card=%s]`, js(holder), js(card))
	for _, sc := range []struct {
		name          string
		width, height int
	}{{"phone", 360, 800}, {"laptop", 1280, 900}} {
		t.Run(sc.name, func(t *testing.T) {
			ctx := newBrowser(t, sc.width, sc.height)
			do(t, ctx, chromedp.EmulateViewport(int64(sc.width), int64(sc.height)))
			s, hs := newTestServer(t, "")
			id, err := s.Start("dod", lines, "", true)
			if err != nil {
				t.Fatal(err)
			}
			do(t, ctx, chromedp.Navigate(hs.URL+"/t/"+id), chromedp.WaitVisible(chromedp.CSS("#line")))
			waitFor(t, ctx, `document.querySelectorAll("#sheet td").length > 0 && document.querySelectorAll("#headlines li").length > 0`)
			h := eval[float64](t, ctx, `window.innerHeight`)
			if b := rectOf(t, ctx, "#line"); !b.inView(h) {
				t.Errorf("on load the entry line is at %+v, not within the %.0f px of the screen", b, h)
			}
			if sc.width >= 1000 {
				sheet := rectOf(t, ctx, "#sheet")
				for _, css := range []string{"#headlines", "#entrybox"} {
					b := rectOf(t, ctx, css)
					if b.Top >= h || b.Left < sheet.Right {
						t.Errorf("%s is at %+v: not beside the sheet (right edge %.0f) above the fold (%.0f px)", css, b, sheet.Right, h)
					}
				}
				do(t, ctx, chromedp.SetValue(chromedp.CSS("#adviseargs"), "3H 5S 5S"), chromedp.Click(chromedp.CSS("#advise")))
				waitFor(t, ctx, `!document.getElementById("output").hidden && document.getElementById("output").textContent.startsWith("Advice")`)
				out := rectOf(t, ctx, "#output")
				if out.Top >= h || out.Left < sheet.Right {
					t.Errorf("the advice is at %+v: not beside the sheet above the fold", out)
				}
			}

			// Tap a ✓ cell.
			do(t, ctx, chromedp.Click(chromedp.CSS(cell)))
			waitFor(t, ctx, fmt.Sprintf(`!document.getElementById("whybox").hidden && document.querySelectorAll("#whylines li.why").length === %d`, len(e.Lines)))
			panel := rectOf(t, ctx, "#whybox")
			if !panel.inView(h) {
				t.Errorf("the explanation is at %+v, not within the %.0f px of the screen", panel, h)
			}
			if fact := eval[string](t, ctx, `document.getElementById("whyfact").textContent`); !strings.HasPrefix(fact, e.Fact) {
				t.Errorf("the panel says %q, not the fact %q", fact, e.Fact)
			}
			cited := eval[[]int](t, ctx, `Array.from(document.querySelectorAll("#whylines li.why")).map((li) => +li.dataset.line)`)
			if fmt.Sprint(cited) != fmt.Sprint(e.Lines) {
				t.Errorf("the panel cites lines %v, the explanation %v", cited, e.Lines)
			}
			for i := range e.Lines {
				if b := rectOf(t, ctx, fmt.Sprintf(`#whylines li:nth-child(%d)`, i+1)); !b.inView(h) {
					t.Errorf("cited line %d is at %+v, off the screen", e.Lines[i], b)
				}
			}
			if b := rectOf(t, ctx, cell); !b.inView(h) || b.Bottom > panel.Top {
				t.Errorf("the tapped cell is at %+v: off the screen or under the panel (top %.0f)", b, panel.Top)
			}
			// The panel closes; then the stale conflict mark: a
			// contradiction marks lines, the next merely malformed line
			// clears the marks.
			do(t, ctx, chromedp.Click(chromedp.CSS("#whyclose")))
			waitFor(t, ctx, `document.getElementById("whybox").hidden`)
			eval[bool](t, ctx, `window.scrollTo(0, 0); true`) // back to the entry line, under the page's bar
			submit(t, ctx, "evidence 8S+3H")
			waitFor(t, ctx, `document.querySelectorAll("#lines li.conflict").length > 0`)
			submit(t, ctx, "ask bob carol 3H..10S = 1")
			waitFor(t, ctx, `!!document.querySelector("#message .caret")`)
			if n := eval[int](t, ctx, `document.querySelectorAll("#lines li.conflict").length`); n != 0 {
				t.Errorf("after a malformed line %d lines keep the old conflict mark", n)
			}
		})
	}
}
