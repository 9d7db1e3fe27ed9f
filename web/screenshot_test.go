package web

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
)

var screenshots = flag.String("web.screenshots", "", "write the screenshots of docs/web.md to this directory (../docs/web)")

// TestScreenshots regenerates the screenshots of docs/web.md (run only
// with -web.screenshots=../docs/web): the built-in example of Deduce or
// Die, its last line just typed (the cells it changed marked) and a ✓
// cell tapped for Why, on a phone (360×800) and a laptop (1280×900), light
// and dark, each the screen as it is after the tap (the explanation in
// its panel at the bottom); and the phone's screen as the page opens.
func TestScreenshots(t *testing.T) {
	if *screenshots == "" {
		t.Skip("the screenshots are written with -web.screenshots=../docs/web")
	}
	if err := os.MkdirAll(*screenshots, 0o755); err != nil {
		t.Fatal(err)
	}
	shots := []struct {
		name          string
		width, height int64
		theme         string
	}{
		{"sheet-360.png", 360, 800, "light"},
		{"sheet-360-dark.png", 360, 800, "dark"},
		{"sheet-1280.png", 1280, 900, "light"},
		{"sheet-1280-dark.png", 1280, 900, "dark"},
	}
	ctx := newBrowser(t, 1280, 900)
	lines := exampleLines(t, deduceordie.Definition)
	for _, sh := range shots {
		s, hs := newTestServer(t, "")
		id, err := s.Start("dod", lines[:len(lines)-1], "", true)
		if err != nil {
			t.Fatal(err)
		}
		tab := newTab(t, ctx)
		do(t, tab, chromedp.EmulateViewport(sh.width, sh.height), chromedp.Navigate(hs.URL+"/t/"+id), chromedp.WaitVisible(chromedp.CSS("#line")))
		eval[bool](t, tab, fmt.Sprintf(`localStorage.setItem("gumshoe-theme", %q); document.documentElement.dataset.theme = %q; true`, sh.theme, sh.theme))
		if sh.name == "sheet-360.png" {
			waitFor(t, tab, `document.querySelectorAll("#sheet td").length > 0`)
			png, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(*screenshots, "sheet-360-load.png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		submit(t, tab, lines[len(lines)-1])
		waitFor(t, tab, fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d`, len(lines)))
		_, grid := checkSheet(t, tab, deduceordie.Definition, lines, "before the screenshot")
		_, game, _ := wantSheet(t, deduceordie.Definition, lines)
		fact := firstForced(t, game, grid)
		holder, card, _ := strings.Cut(fact, " ")
		do(t, tab, chromedp.Click(chromedp.CSS(fmt.Sprintf(`td[data-holder=%s][data-card=%s]`, js(holder), js(card)))))
		waitFor(t, tab, `!document.getElementById("whybox").hidden && document.querySelectorAll("#lines li.why").length > 0`)
		png, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*screenshots, sh.name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
