package web

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

var (
	loadFor = flag.Duration("web.load", 0, "run TestLoad for this long (30s in docs/benchmarks.md); 0 skips it")
	perf    = flag.Bool("web.perf", false, "run TestBrowserLatency: submit-to-screen times in Chromium")
)

// simLog is the log of a simulated game: 5-player Deduce or Die or
// 6-player Cluedo, from seat 0.
func simLog(t testing.TB, game string) []string {
	t.Helper()
	var text string
	switch game {
	case "dod":
		sim, err := deduceordie.Simulate(deduceordie.SimOptions{Players: 5, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		text = sim.Log(0)
	case "clue":
		sim, err := clue.Simulate(clue.SimOptions{Preset: clue.PresetCluedo, Players: 6, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		text = strings.Join(sim.Log(0), "\n") + "\n"
	}
	l, err := table.ParseLog([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return l.Lines
}

// setupLen is the number of a simulated log's first lines that are its
// setup: up to the seat's hand.
func setupLen(lines []string) int {
	for i, l := range lines {
		if strings.HasPrefix(l, "hand ") {
			return i + 1
		}
	}
	return 0
}

// percentile is the p-th percentile (0..1) of sorted d.
func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	return d[min(len(d)-1, int(p*float64(len(d))))]
}

// TestLoad is the load benchmark of docs/benchmarks.md (run only with
// -web.load=30s): 50 clients on loopback post lines and read the sheet
// of one 5-player game of Deduce or Die for the given time, and stop by
// themselves. No request may fail, every line accepted must be in the
// log exactly once, and the heap is sampled.
func TestLoad(t *testing.T) {
	if *loadFor <= 0 {
		t.Skip("the load benchmark runs with -web.load=30s")
	}
	const clients = 50
	s, hs := newTestServer(t, "")
	lines := simLog(t, "dod")
	path := filepath.Join(t.TempDir(), "load.log")
	id, err := s.Start("dod", lines[:setupLen(lines)], path, false)
	if err != nil {
		t.Fatal(err)
	}
	base := hs.URL + "/api/t/" + id
	tr := &http.Transport{MaxIdleConnsPerHost: clients * 2}
	client := &http.Client{Transport: tr, Timeout: time.Minute}
	deadline := time.Now().Add(*loadFor)

	var (
		mu         sync.Mutex
		postTimes  []time.Duration
		readTimes  []time.Duration
		accepted   []string
		failures   atomic.Int64
		maxHeap    atomic.Uint64
		stopSample = make(chan struct{})
	)
	go func() {
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > maxHeap.Load() {
				maxHeap.Store(ms.HeapAlloc)
			}
			select {
			case <-stopSample:
				return
			case <-time.After(200 * time.Millisecond):
			}
		}
	}()
	// Ten clients also watch the game's event stream, as open pages do.
	ctx, cancel := context.WithCancel(context.Background())
	var events atomic.Int64
	for range 10 {
		go func() {
			req, _ := http.NewRequestWithContext(ctx, "GET", base+"/events", nil)
			resp, err := client.Do(req)
			if err != nil {
				return
			}
			defer resp.Body.Close()
			buf := make([]byte, 64<<10)
			for {
				n, err := resp.Body.Read(buf)
				events.Add(int64(bytes.Count(buf[:n], []byte("event: state"))))
				if err != nil {
					return
				}
			}
		}()
	}
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; time.Now().Before(deadline); n++ {
				// A line a second per client (50 a second in all), the
				// sheet read in between, as players at a table do.
				line := fmt.Sprintf("# client %d line %d", c, n)
				body, _ := json.Marshal(commandRequest{Text: line})
				start := time.Now()
				resp, err := client.Post(base+"/command", "application/json", bytes.NewReader(body))
				if err != nil || resp.StatusCode != 200 {
					failures.Add(1)
					if resp != nil {
						resp.Body.Close()
					}
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				d := time.Since(start)
				mu.Lock()
				postTimes = append(postTimes, d)
				accepted = append(accepted, line)
				mu.Unlock()
				for range 5 {
					path := "/state"
					if n%5 == 0 {
						path = "/sheet" // the sheet document, computed afresh
					}
					start := time.Now()
					resp, err := client.Get(base + path)
					if err != nil || resp.StatusCode != 200 {
						failures.Add(1)
						if resp != nil {
							resp.Body.Close()
						}
						continue
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					mu.Lock()
					readTimes = append(readTimes, time.Since(start))
					mu.Unlock()
					time.Sleep(200 * time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	cancel()
	close(stopSample)
	if f := failures.Load(); f > 0 {
		t.Errorf("%d requests failed", f)
	}
	got := logLines(t, path)[setupLen(lines):]
	sort.Strings(got)
	sort.Strings(accepted)
	if !slices.Equal(got, accepted) {
		t.Errorf("the log holds %d lines, %d were accepted (a line lost or twice)", len(got), len(accepted))
	}
	sort.Slice(postTimes, func(i, j int) bool { return postTimes[i] < postTimes[j] })
	sort.Slice(readTimes, func(i, j int) bool { return readTimes[i] < readTimes[j] })
	t.Logf("%d clients for %v: %d lines posted and saved (p50 %v, p99 %v), %d reads (p50 %v, p99 %v), %d failures, %d states pushed to 10 event streams, max heap %.1f MiB",
		clients, *loadFor, len(postTimes), percentile(postTimes, .5), percentile(postTimes, .99),
		len(readTimes), percentile(readTimes, .5), percentile(readTimes, .99), failures.Load(), events.Load(), float64(maxHeap.Load())/(1<<20))
}

// TestBrowserLatency measures, in Chromium, the time from submitting a
// line to the new sheet on screen (the page's Performance API measure
// "submit-to-sheet") over the lines of a 5-player game of Deduce or Die
// and a 6-player game of Cluedo. Run only with -web.perf; the figures go
// to docs/benchmarks.md.
func TestBrowserLatency(t *testing.T) {
	if !*perf {
		t.Skip("the latency measure runs with -web.perf")
	}
	ctx := newBrowser(t, 1280, 900)
	for _, game := range []string{"dod", "clue"} {
		t.Run(game, func(t *testing.T) {
			s, hs := newTestServer(t, "")
			lines := simLog(t, game)
			k := setupLen(lines)
			typed := lines[k:min(len(lines), k+60)]
			id, err := s.Start(game, lines[:k], filepath.Join(t.TempDir(), "game.log"), false)
			if err != nil {
				t.Fatal(err)
			}
			tab := newTab(t, ctx)
			do(t, tab, chromedp.Navigate(hs.URL+"/t/"+id), chromedp.WaitVisible(chromedp.CSS("#line")))
			waitFor(t, tab, `document.getElementById("live").classList.contains("on")`)
			for i, l := range typed {
				submit(t, tab, l)
				waitFor(t, tab, fmt.Sprintf(`window.gumshoeTimings.length >= %d && document.querySelectorAll("#lines li").length === %d`, i+1, k+i+1))
			}
			ms := logTimings(t, tab)
			sort.Float64s(ms)
			if len(ms) != len(typed) {
				t.Fatalf("%d measures for %d lines", len(ms), len(typed))
			}
			st := eval[[]float64](t, tab, `window.gumshoeStateTimings`)
			sort.Float64s(st)
			t.Logf("%s: %d lines typed: submit to sheet on screen median %.1f ms, p90 %.1f ms, max %.1f ms; of which submit to state received median %.1f ms",
				game, len(ms), ms[len(ms)/2], ms[len(ms)*9/10], ms[len(ms)-1], st[len(st)/2])
		})
	}
}
