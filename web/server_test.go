package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// testGames are the games of the tests: every game there is.
var testGames = games.All.Definitions()

// gameCase is what the tests know of a game beyond its definition, taken
// from its conformance test: a line that contradicts its example, and a
// malformed line with the column its error names.
type gameCase struct {
	def          table.Definition
	conflict     string
	malformed    string
	malformedCol int
	advise       string // arguments of advice after the example
}

var gameCases = []gameCase{
	{deduceordie.Definition, "evidence 8S+3H", "ask bob carol 3H..10S = 1", 19, "3H 5S 5S"},
	{clue.Definition, "dave lacks Plum", "alice asks Plum Knife: bob shows", 22, ""},
	{deductio.Definition, "alice plays <=5", "alice plays nonsense", 13, ""},
	{murderbythedeck.Definition, "dave discards 3C", "dave discards 7H", 15, ""},
	{theresbeenamurder.Definition, "carol announces drunk", "bob plays nonsense", 11, ""},
}

// TestEveryGameHasACase: a game added to games.All without a gameCase
// would go untested by the page tests.
func TestEveryGameHasACase(t *testing.T) {
	for _, d := range testGames {
		if !slices.ContainsFunc(gameCases, func(gc gameCase) bool { return gc.def.Name == d.Name }) {
			t.Errorf("game %s has no gameCase", d.Name)
		}
	}
}

// testPuzzle makes the puzzles of the test server: Deduce or Die only.
func testPuzzle(ctx context.Context, r PuzzleRequest) (*puzzle.Page, error) {
	if r.Game != deduceordie.Name {
		return nil, fmt.Errorf("no puzzles for %q", r.Game)
	}
	pz, err := deduceordie.GeneratePuzzle(ctx, r.Seed, deduceordie.PuzzleOptions{Players: 4, Level: puzzle.Easy})
	if err != nil {
		return nil, err
	}
	return pz.Page("Deduce or Die puzzle"), nil
}

// newTestServer is a server of every game on loopback, with its folder of
// logs in a temporary directory.
func newTestServer(t testing.TB, token string) (*Server, *httptest.Server) {
	t.Helper()
	return newTestServerOf(t, token, testGames)
}

// newTestServerOf is newTestServer for the games gs.
func newTestServerOf(t testing.TB, token string, gs table.Games) (*Server, *httptest.Server) {
	t.Helper()
	dir := t.TempDir()
	n := 0
	s, err := New(Options{
		Games: gs,
		Dir:   dir,
		NewLog: func(game string, data []byte) (string, error) {
			n++
			p := filepath.Join(dir, fmt.Sprintf("%s-%d.log", game, n))
			return p, table.CreateFileAtomic(p, data, 0o644)
		},
		Puzzle:      testPuzzle,
		PuzzleGames: []string{deduceordie.Name},
		Token:       token,
	})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		hs.CloseClientConnections() // the event streams of pages still open
		hs.Close()
	})
	return s, hs
}

// post sends a JSON body and decodes the JSON reply into v (when not nil).
func post(t testing.TB, url string, body any, v any) int {
	t.Helper()
	data, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if v != nil {
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			t.Fatalf("POST %s: %v", url, err)
		}
	}
	return resp.StatusCode
}

// command sends one typed line to the game id.
func command(t testing.TB, base, id, text string) (int, replyDocIn) {
	t.Helper()
	var r replyDocIn
	code := post(t, base+"/api/t/"+id+"/command", commandRequest{Text: text}, &r)
	return code, r
}

// replyDocIn is a reply to a command as a client reads it.
type replyDocIn struct {
	Schema  string      `json:"schema"`
	Command string      `json:"command"`
	Text    string      `json:"text"`
	Why     *whyDoc     `json:"why"`
	State   *stateJSONx `json:"state"`
	Error   *refusal    `json:"error"`
}

// stateJSONx is the state document as a client reads it.
type stateJSONx struct {
	Schema  string          `json:"schema"`
	Version int             `json:"version"`
	Lines   []lineJSON      `json:"lines"`
	Sheet   json.RawMessage `json:"sheet"`
	Changed []changeJSON    `json:"changed"`
	CanUndo bool            `json:"can_undo"`
	CanRedo bool            `json:"can_redo"`
}

// logLines are the lines of the log at path, after its header.
func logLines(t testing.TB, path string) []string {
	t.Helper()
	l, err := table.LoadLog(path)
	if err != nil {
		t.Fatal(err)
	}
	return l.Lines
}

func exampleLines(t testing.TB, def table.Definition) []string {
	t.Helper()
	l, err := table.ParseLog([]byte(def.Example))
	if err != nil {
		t.Fatal(err)
	}
	return l.Lines
}

// TestSecurity checks the checks made before any request is served.
func TestSecurity(t *testing.T) {
	const token = "0123456789abcdef0123456789abcdef"
	_, open := newTestServer(t, "")
	_, lan := newTestServer(t, token)
	big := `{"game":"dod","setup":["` + strings.Repeat("x", MaxBody) + `"]}`
	tests := []struct {
		why     string
		base    string
		method  string
		path    string
		header  map[string]string
		body    string
		cookie  string
		want    int
		wantErr string
	}{
		{"loopback host, no token needed", open.URL, "GET", "/api/games", nil, "", "", 200, ""},
		{"another host name: refused (DNS rebinding)", open.URL, "GET", "/api/games", map[string]string{"Host": "evil.example"}, "", "", 403, "localhost"},
		{"LAN: no token", lan.URL, "GET", "/api/games", nil, "", "", 401, "token"},
		{"LAN: wrong token", lan.URL, "GET", "/api/games?token=" + strings.Repeat("0", 32), nil, "", "", 401, "token"},
		{"LAN: token of the wrong length", lan.URL, "GET", "/api/games?token=0123", nil, "", "", 401, "token"},
		{"LAN: token in the address", lan.URL, "GET", "/api/games?token=" + token, nil, "", "", 200, ""},
		{"LAN: token in the header", lan.URL, "GET", "/api/games", map[string]string{"X-Gumshoe-Token": token}, "", "", 200, ""},
		{"LAN: token in the cookie", lan.URL, "GET", "/api/games", nil, "", token, 200, ""},
		{"LAN: any host name with the token", lan.URL, "GET", "/api/games", map[string]string{"Host": "192.168.1.9:8080", "X-Gumshoe-Token": token}, "", "", 200, ""},
		{"a change from another origin", open.URL, "POST", "/api/new", map[string]string{"Origin": "http://evil.example", "Content-Type": "application/json"}, `{"game":"dod"}`, "", 403, "cross-origin"},
		{"a change from another site, no Origin", open.URL, "POST", "/api/new", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}, `{"game":"dod"}`, "", 403, "cross-origin"},
		{"a form post (not JSON)", open.URL, "POST", "/api/new", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, `game=dod`, "", 415, "JSON"},
		{"a body too large", open.URL, "POST", "/api/new", map[string]string{"Content-Type": "application/json"}, big, "", 413, "bytes"},
		{"unknown fields", open.URL, "POST", "/api/new", map[string]string{"Content-Type": "application/json"}, `{"game":"dod","path":"/etc/passwd"}`, "", 400, "unknown field"},
		{"a log named by path is no log of the folder", open.URL, "POST", "/api/open", map[string]string{"Content-Type": "application/json"}, `{"log":"../../etc/passwd"}`, "", 404, "no such log"},
		{"save to a file named by the page", open.URL, "POST", "/api/new", map[string]string{"Content-Type": "application/json"}, `{"game":"nosuchgame"}`, "", 422, "unknown game"},
		{"no such game id", open.URL, "GET", "/api/t/nosuch/state", nil, "", "", 404, "no such game"},
		{"an asset", open.URL, "GET", "/assets/app.js", nil, "", "", 200, ""},
		{"no directory listing outside the assets", open.URL, "GET", "/assets/../server.go", nil, "", "", 404, ""},
	}
	for _, tc := range tests {
		t.Run(tc.why, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, tc.base+tc.path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.header {
				if k == "Host" {
					req.Host = v
				} else {
					req.Header.Set(k, v)
				}
			}
			if tc.cookie != "" {
				req.AddCookie(&http.Cookie{Name: tokenCookie, Value: tc.cookie})
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.want, body)
			}
			if tc.wantErr != "" && !strings.Contains(string(body), tc.wantErr) {
				t.Errorf("body %s lacks %q", body, tc.wantErr)
			}
		})
	}
}

// TestSaveCommand checks that "save FILE" from a page is refused: no path
// from a page names a file.
func TestSaveCommand(t *testing.T) {
	s, hs := newTestServer(t, "")
	id, err := s.Start("dod", nil, "", false)
	if err != nil {
		t.Fatal(err)
	}
	code, r := command(t, hs.URL, id, "save /tmp/x.log")
	if code != 422 || r.Error == nil || !strings.Contains(r.Error.Message, "cannot name a file") {
		t.Fatalf("save FILE: %d %+v", code, r.Error)
	}
}

// TestGameThroughCommands plays each game's example through the command
// endpoint and checks, after every step, the log on disk against the
// lines the server holds, refusals leaving both unchanged.
func TestGameThroughCommands(t *testing.T) {
	for _, gc := range gameCases {
		t.Run(gc.def.Name, func(t *testing.T) {
			s, hs := newTestServer(t, "")
			path := filepath.Join(t.TempDir(), "game.log")
			id, err := s.Start(gc.def.Name, nil, path, false)
			if err != nil {
				t.Fatal(err)
			}
			lines := exampleLines(t, gc.def)
			var st *stateJSONx
			for i, l := range lines {
				code, r := command(t, hs.URL, id, l)
				if code != 200 || r.State == nil {
					t.Fatalf("line %d %q: %d %+v", i+1, l, code, r.Error)
				}
				st = r.State
				if got := logLines(t, path); !slices.Equal(got, lines[:i+1]) {
					t.Fatalf("after line %d the log holds %q", i+1, got)
				}
			}
			if len(st.Lines) != len(lines) || !st.CanUndo || st.CanRedo {
				t.Fatalf("state: %d lines, undo %v redo %v", len(st.Lines), st.CanUndo, st.CanRedo)
			}
			// The sheet is the library's sheet of the same lines.
			g, err := table.Replay(gc.def, &table.Log{Game: gc.def.Name, Lines: lines})
			if err != nil {
				t.Fatal(err)
			}
			grid, err := g.Sheet(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(grid)
			if !bytes.Equal(st.Sheet, want) {
				t.Errorf("sheet\n%s\nwant\n%s", st.Sheet, want)
			}
			before, _ := os.ReadFile(path)
			// A conflict names earlier lines and changes nothing.
			code, r := command(t, hs.URL, id, gc.conflict)
			if code != 422 || r.Error == nil || r.Error.Kind != "conflict" || len(r.Error.Lines) == 0 {
				t.Fatalf("conflict %q: %d %+v", gc.conflict, code, r.Error)
			}
			for _, cl := range r.Error.Lines {
				if cl.Line < 1 || cl.Line > len(lines) || cl.Text != strings.TrimSpace(lines[cl.Line-1]) {
					t.Errorf("conflict names line %d %q", cl.Line, cl.Text)
				}
			}
			// A malformed line names its column and changes nothing.
			code, r = command(t, hs.URL, id, gc.malformed)
			if code != 422 || r.Error == nil || r.Error.Kind != "line" || r.Error.Col != gc.malformedCol || r.Error.Text != gc.malformed {
				t.Fatalf("malformed %q: %d %+v", gc.malformed, code, r.Error)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
				t.Fatalf("a refused line changed the log:\n%s", after)
			}
			// Undo, redo, edit, delete: the log follows.
			steps := []struct {
				cmd  string
				want []string
			}{
				{"undo", lines[:len(lines)-1]},
				{"redo", lines},
				{fmt.Sprintf("edit %d # edited", len(lines)), append(slices.Clone(lines[:len(lines)-1]), "# edited")},
				{fmt.Sprintf("delete %d", len(lines)), lines[:len(lines)-1]},
				{"undo", append(slices.Clone(lines[:len(lines)-1]), "# edited")},
				{"undo", lines},
			}
			for _, step := range steps {
				code, r := command(t, hs.URL, id, step.cmd)
				if code != 200 {
					t.Fatalf("%s: %d %+v", step.cmd, code, r.Error)
				}
				if got := logLines(t, path); !slices.Equal(got, step.want) {
					t.Fatalf("after %s the log holds %q, want %q", step.cmd, got, step.want)
				}
				if len(r.State.Lines) != len(step.want) {
					t.Fatalf("after %s the state has %d lines", step.cmd, len(r.State.Lines))
				}
			}
			// why: the lines of the library's explanation.
			fact := firstForced(t, g, grid)
			code, r = command(t, hs.URL, id, "why "+fact)
			e, err := g.Explain(context.Background(), fact)
			if err != nil || code != 200 || r.Why == nil {
				t.Fatalf("why %s: %d %v %+v", fact, code, err, r.Error)
			}
			var nums []int
			for _, l := range r.Why.Lines {
				nums = append(nums, l.Line)
			}
			if !slices.Equal(nums, e.Lines) {
				t.Errorf("why %s: lines %v, want %v", fact, nums, e.Lines)
			}
			// The documents of the contract, as the library writes them.
			ctx := context.Background()
			docs := []struct {
				path  string
				write func(w io.Writer) error
			}{
				{"/sheet", func(w io.Writer) error { return table.SheetJSON(ctx, g, w) }},
				{"/report", func(w io.Writer) error { return g.ReportJSON(ctx, w) }},
				{"/advise?args=" + url.QueryEscape(gc.advise), func(w io.Writer) error { return g.AdviseJSON(ctx, gc.advise, w) }},
				{"/why?fact=" + url.QueryEscape(fact), func(w io.Writer) error { return table.WhyJSON(ctx, g, fact, w) }},
			}
			for _, d := range docs {
				resp, err := http.Get(hs.URL + "/api/t/" + id + d.path)
				if err != nil {
					t.Fatal(err)
				}
				got, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				var want bytes.Buffer
				if err := d.write(&want); err != nil {
					t.Fatal(err)
				}
				if resp.StatusCode != 200 || !bytes.Equal(got, want.Bytes()) {
					t.Errorf("GET %s: %d\n%s\nwant\n%s", d.path, resp.StatusCode, got, want.Bytes())
				}
			}
			for _, c := range []string{"odds", "advise " + gc.advise, "help", "log"} {
				if code, r := command(t, hs.URL, id, c); code != 200 || r.Text == "" {
					t.Errorf("%s: %d %+v", c, code, r.Error)
				}
			}
		})
	}
}

// firstForced is the first ✓ cell of grid that the lines (not the deal
// alone) force, as a fact "holder card".
func firstForced(t testing.TB, g table.Game, grid *table.Grid) string {
	t.Helper()
	for _, r := range grid.Rows {
		for j, c := range r.Cells {
			if c.Mark != table.Yes {
				continue
			}
			fact := grid.Holders[j] + " " + r.Card
			if e, err := g.Explain(context.Background(), fact); err == nil && len(e.Lines) > 0 {
				return fact
			}
		}
	}
	t.Fatal("no forced cell explained by lines")
	return ""
}

// TestConcurrentWrites posts lines from many clients at once: every line
// accepted is in the log once, and the log is never torn.
func TestConcurrentWrites(t *testing.T) {
	s, hs := newTestServer(t, "")
	path := filepath.Join(t.TempDir(), "game.log")
	id, err := s.Start("dod", exampleLines(t, deduceordie.Definition)[:3], path, false)
	if err != nil {
		t.Fatal(err)
	}
	const clients, each = 16, 12
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				if code, r := command(t, hs.URL, id, fmt.Sprintf("# client %d line %d", c, i)); code != 200 {
					t.Errorf("client %d line %d: %d %+v", c, i, code, r.Error)
				}
			}
		}()
	}
	wg.Wait()
	got := logLines(t, path)[3:]
	if len(got) != clients*each {
		t.Fatalf("the log has %d lines, want %d", len(got), clients*each)
	}
	seen := map[string]bool{}
	for _, l := range got {
		if seen[l] {
			t.Errorf("line %q twice", l)
		}
		seen[l] = true
	}
}

// TestEvents checks that a page watching a game gets the state of every
// change pushed.
// watch opens the event stream of game id on the server at base and
// returns the states it sends, each decoded into a T; the channel is
// closed when the stream ends (ctx done).
func watch[T any](t *testing.T, ctx context.Context, base, id string) <-chan T {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/t/"+id+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		resp.Body.Close()
		t.Fatalf("Content-Type %q", ct)
	}
	events := make(chan T)
	go func() {
		defer resp.Body.Close()
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var st T
				if err := json.Unmarshal([]byte(d), &st); err != nil {
					t.Error(err)
				}
				select {
				case events <- st:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return events
}

func TestEvents(t *testing.T) {
	s, hs := newTestServer(t, "")
	id, err := s.Start("dod", exampleLines(t, deduceordie.Definition)[:3], "", true)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := watch[stateJSONx](t, ctx, hs.URL, id)
	next := func() stateJSONx {
		select {
		case st, ok := <-events:
			if !ok {
				t.Fatal("the event stream ended")
			}
			return st
		case <-time.After(30 * time.Second): // a hang, not a measure of speed
			t.Fatal("no event")
		}
		return stateJSONx{}
	}
	first := next()
	if len(first.Lines) != 3 {
		t.Fatalf("first state has %d lines", len(first.Lines))
	}
	if code, r := command(t, hs.URL, id, "exposed 8C"); code != 200 {
		t.Fatalf("%d %+v", code, r.Error)
	}
	st := next()
	if st.Version != first.Version+1 || len(st.Lines) != 4 || st.Lines[3].Text != "exposed 8C" {
		t.Fatalf("pushed state: version %d (first %d), lines %v", st.Version, first.Version, st.Lines)
	}
	if len(st.Changed) == 0 {
		t.Error("no cell marked changed after a line that settles 8C")
	}
}

// TestResumeAndNew checks that a log saved by the table session opens,
// once however often it is asked for, and that a page's new game gets a
// log in the folder.
func TestResumeAndNew(t *testing.T) {
	s, hs := newTestServer(t, "")
	path := filepath.Join(s.opts.Dir, "dod-saved.log")
	l := &table.Log{Preamble: []string{"# kept"}, Game: "dod", Lines: exampleLines(t, deduceordie.Definition)}
	if err := l.Save(path); err != nil {
		t.Fatal(err)
	}
	var games gamesDoc
	resp, err := http.Get(hs.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&games)
	resp.Body.Close()
	if len(games.Logs) != 1 || games.Logs[0].Name != "dod-saved.log" {
		t.Fatalf("logs %+v", games.Logs)
	}
	var o1, o2 openedDoc
	if post(t, hs.URL+"/api/open", openRequest{games.Logs[0].ID}, &o1) != 200 || post(t, hs.URL+"/api/open", openRequest{games.Logs[0].ID}, &o2) != 200 {
		t.Fatal("open failed")
	}
	if o1.ID != o2.ID {
		t.Errorf("one log opened twice: %s and %s", o1.ID, o2.ID)
	}
	if code, r := command(t, hs.URL, o1.ID, "# from the page"); code != 200 {
		t.Fatalf("%d %+v", code, r.Error)
	}
	back, err := table.LoadLog(path)
	if err != nil || !slices.Equal(back.Preamble, l.Preamble) || back.Lines[len(back.Lines)-1] != "# from the page" {
		t.Fatalf("log after a change: %+v %v", back, err)
	}
	// A new game from the form's answers.
	var nd openedDoc
	if code := post(t, hs.URL+"/api/new", newRequest{Game: "dod", Players: "alice,bob,carol,dave", Me: "dave", Hand: "8S 8H AC 2C 4C 5C"}, &nd); code != 200 {
		t.Fatalf("new: %d", code)
	}
	p := s.LogPath(nd.ID)
	if filepath.Dir(p) != s.opts.Dir || len(logLines(t, p)) != 3 {
		t.Fatalf("new game's log %q: %q", p, logLines(t, p))
	}
	var bad errorDoc
	if code := post(t, hs.URL+"/api/new", newRequest{Game: "dod", Players: "alice,bob", Me: "dave"}, &bad); code != 422 || bad.Error.Kind != "setup" {
		t.Fatalf("bad setup: %d %+v", code, bad.Error)
	}
}

// TestPuzzleHTML checks the printable page of a puzzle: four pages, every
// field printed, text escaped.
func TestPuzzleHTML(t *testing.T) {
	p, err := testPuzzle(context.Background(), PuzzleRequest{Game: "dod", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p.Clues = append(p.Clues, "<script>alert(1)</script>")
	var b bytes.Buffer
	if err := WritePuzzleHTML(&b, p); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{`id="puzzle"`, `id="sheet"`, `id="answer"`, `id="solution"`, "break-after: page", p.Question, "&lt;script&gt;"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(html, "<script>alert") {
		t.Error("a clue is not escaped")
	}
	for _, part := range [][]string{p.Setup, p.Answer, p.Solution, p.SheetColumns, p.SheetRows} {
		for _, s := range part {
			if !strings.Contains(html, htmlEscape(s)) {
				t.Errorf("the page lacks %q", s)
			}
		}
	}
	if n := strings.Count(html, `<section class="page"`); n != 4 {
		t.Errorf("%d pages, want 4", n)
	}
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

// TestWriteQR checks the drawing's shape: square, with its quiet zone.
func TestWriteQR(t *testing.T) {
	var b bytes.Buffer
	if err := WriteQR(&b, "http://192.168.1.2:8080/?token=0123456789abcdef0123456789abcdef"); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	w := len([]rune(rows[0]))
	if w < 25 || len(rows) != (w+1)/2 {
		t.Fatalf("%d rows of %d", len(rows), w)
	}
	if strings.Trim(rows[0], "█▀") != "" {
		t.Errorf("the first row is not quiet: %q", rows[0])
	}
}

// TestSaveFailure checks that a change whose log cannot be saved is
// refused and taken back: the page, the server and the disk agree.
func TestSaveFailure(t *testing.T) {
	s, hs := newTestServer(t, "")
	path := filepath.Join(t.TempDir(), "game.log")
	lines := exampleLines(t, deduceordie.Definition)
	id, err := s.Start("dod", lines[:4], path, false)
	if err != nil {
		t.Fatal(err)
	}
	// The log's name taken by a folder that is not empty: no save works.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(path, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{lines[4], "undo", "delete 4", "edit 4 # x"} {
		code, r := command(t, hs.URL, id, c)
		if code != 422 || r.Error == nil || r.Error.Kind != "save" {
			t.Fatalf("%s with no save possible: %d %+v", c, code, r.Error)
		}
		var st stateJSONx
		resp, err := http.Get(hs.URL + "/api/t/" + id + "/state")
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		var got []string
		for _, l := range st.Lines {
			got = append(got, l.Text)
		}
		if !slices.Equal(got, lines[:4]) {
			t.Fatalf("after %s failed to save, the game has the lines %q", c, got)
		}
	}
}

// TestBlankSheet checks the printable blank sheet of a game: every
// holder and card of its sheet, and its lines, with no mark.
func TestBlankSheet(t *testing.T) {
	s, hs := newTestServer(t, "")
	lines := exampleLines(t, clue.Definition)
	id, err := s.Start("clue", lines, "", true)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(hs.URL + "/t/" + id + "/print")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := string(body)
	_, _, grid := wantSheet(t, clue.Definition, lines)
	for _, want := range append(append(slices.Clone(grid.Holders), lines[len(lines)-1]), grid.Rows[0].Card, grid.Rows[len(grid.Rows)-1].Card) {
		if !strings.Contains(page, htmlEscape(want)) {
			t.Errorf("the blank sheet lacks %q", want)
		}
	}
	if strings.Contains(page, "✓") || strings.Contains(page, "✗") {
		t.Error("the blank sheet has marks")
	}
}
