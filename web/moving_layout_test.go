package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserMovingCardsFit opens a game of each game where cards move on
// a phone held upright (360×800) and checks that its sheet fits the
// screen's width without scrolling sideways: every column, the last
// included (There's Been A Murder's "removed", Murder By The Deck's
// "used"), is on screen, and so are the headlines. The players have
// accented names, as players at a table do.
func TestBrowserMovingCardsFit(t *testing.T) {
	for _, tc := range []struct {
		name, game string
		lines      []string
	}{
		{"tbam 4 players", "tbam", []string{"players Zoë José carol dave", "seat Zoë", "hand murderer swain"}},
		{"tbam 5 players", "tbam", []string{"players Zoë José carol dave Éloïse", "seat Zoë", "hand murderer swain"}},
		{"mbtd", "mbtd", []string{"players Zoë José Ana dave", "seat Zoë", "hand AC 6D JS 8D 4H JH 2H"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newBrowser(t, 360, 800)
			do(t, ctx, chromedp.EmulateViewport(360, 800))
			s, hs := newTestServer(t, "")
			id, err := s.Start(tc.game, tc.lines, "", true)
			if err != nil {
				t.Fatal(err)
			}
			do(t, ctx, chromedp.Navigate(hs.URL+"/t/"+id), chromedp.WaitVisible(chromedp.CSS("#line")))
			waitFor(t, ctx, `document.querySelectorAll("#sheet td").length > 0 && document.querySelectorAll("#headlines li").length > 0`)
			w := eval[float64](t, ctx, `window.innerWidth`)
			table := rectOf(t, ctx, "#sheet")
			wrap := rectOf(t, ctx, "#sheetwrap")
			if table.Right > wrap.Right || table.Right > w {
				t.Errorf("the sheet is %.0f px wide, to %.0f px: its last columns are off the %.0f px of the screen (the box it scrolls in ends at %.0f)", table.Right-table.Left, table.Right, w, wrap.Right)
			}
			if b := rectOf(t, ctx, "#headlines"); b.Right > w {
				t.Errorf("the headlines reach %.0f px, past the %.0f px of the screen", b.Right, w)
			}
		})
	}
}
