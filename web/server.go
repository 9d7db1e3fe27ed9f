package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// Options configure a [Server].
type Options struct {
	// Games are the games the server offers.
	Games table.Games
	// Dir is the folder of game logs that the start page lists to be
	// continued; "" lists none.
	Dir string
	// NewLog creates the log of a game started from a page, holding data,
	// and returns its path; it never overwrites a file. Nil keeps games
	// started from a page in memory only.
	NewLog func(game string, data []byte) (string, error)
	// Puzzle makes a puzzle of a game for a printable page; nil offers
	// none. PuzzleGames are the games it makes puzzles of.
	Puzzle      func(ctx context.Context, r PuzzleRequest) (*puzzle.Page, error)
	PuzzleGames []string
	// Token, when not "", must come with every request: as the query
	// parameter "token", the header X-Gumshoe-Token, or the cookie the
	// server sets when a page is opened with the token in its address.
	// With no token only requests addressed to a loopback name
	// (localhost, 127.0.0.1, [::1]) are served.
	Token string
}

// PuzzleRequest is what a page asks of a puzzle.
type PuzzleRequest struct {
	Game       string
	Seed       uint64
	Players    int    // 0: the game's usual count
	Difficulty string // "" for the game's default
}

// MaxBody is the largest request body the server reads: a line is at most
// [table.MaxLineLen] bytes, and a setup a few of them.
const MaxBody = 64 << 10

// Server is the web sheet: an [http.Handler] serving the pages, the JSON
// endpoints and the live updates of the games it has open.
type Server struct {
	opts Options
	mux  *http.ServeMux

	mu     sync.Mutex
	games  map[string]*game // by id
	byPath map[string]*game // by the absolute path of the log
	order  []string         // ids in the order opened
}

// New makes a server with the options o.
func New(o Options) (*Server, error) {
	if len(o.Games) == 0 {
		return nil, errors.New("web: no games")
	}
	s := &Server{opts: o, games: map[string]*game{}, byPath: map[string]*game{}}
	s.routes()
	return s, nil
}

// NewToken returns a random token of 128 bits, in hex, for [Options.Token].
func NewToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	return hex.EncodeToString(b[:])
}

// newID is a fresh random id of a game.
func newID() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// add registers g and returns it, or the game already open on the same
// log.
func (s *Server) add(g *game) *game {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g.path != "" {
		if old, ok := s.byPath[g.path]; ok {
			return old
		}
		s.byPath[g.path] = g
	}
	s.games[g.id] = g
	s.order = append(s.order, g.id)
	return g
}

// Resume opens the game saved in the log at path and returns its id; a
// log already open is not opened twice. Every change is saved to path.
func (s *Server) Resume(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	old, ok := s.byPath[abs]
	s.mu.Unlock()
	if ok {
		return old.id, nil
	}
	l, err := table.LoadLog(abs)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	def, err := s.opts.Games.Lookup(l.Game)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, &table.LogError{Line: 0, Err: err})
	}
	sess, err := table.ResumeSession(def.New, l.Lines)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return s.add(newGame(newID(), def, sess, abs, l.Preamble)).id, nil
}

// Start starts a game of the named game with the given first lines and
// returns its id. Its log is path when not "" (created, never
// overwritten), else made by [Options.NewLog] unless memoryOnly.
func (s *Server) Start(name string, lines []string, path string, memoryOnly bool) (string, error) {
	def, err := s.opts.Games.Lookup(name)
	if err != nil {
		return "", err
	}
	sess := table.NewSession(def.New)
	for _, l := range lines {
		if err := table.CheckLine(l); err != nil {
			return "", fmt.Errorf("setup line %q: %w", l, err)
		}
		if err := sess.Apply(l); err != nil {
			return "", fmt.Errorf("setup line %q: %w", l, err)
		}
	}
	data, err := sess.Log().Bytes()
	if err != nil {
		return "", err
	}
	switch {
	case path != "":
		if path, err = filepath.Abs(path); err != nil {
			return "", err
		}
		if err := table.CreateFileAtomic(path, data, 0o644); err != nil {
			if errors.Is(err, os.ErrExist) {
				return "", fmt.Errorf("%s exists: continue it with --resume %s, or name a new log", path, path)
			}
			return "", fmt.Errorf("cannot create the game log: %w", err)
		}
	case !memoryOnly && s.opts.NewLog != nil:
		if path, err = s.opts.NewLog(def.Name, data); err != nil {
			return "", fmt.Errorf("cannot create the game log: %w", err)
		}
	}
	return s.add(newGame(newID(), def, sess, path, nil)).id, nil
}

// Play applies lines to the game id one by one, as if typed, and saves.
// It stops at the first line refused.
func (s *Server) Play(id string, lines []string) error {
	g := s.game(id)
	if g == nil {
		return fmt.Errorf("no game %q", id)
	}
	for _, l := range lines {
		if _, err := g.change(func(ss *table.Session) error { return ss.Apply(l) }, (*table.Session).Undo, nil); err != nil {
			return fmt.Errorf("line %q: %w", l, err)
		}
	}
	return nil
}

// LogPath is the log of the game id, "" when it keeps none.
func (s *Server) LogPath(id string) string {
	if g := s.game(id); g != nil {
		return g.path
	}
	return ""
}

// game is the open game id, or nil.
func (s *Server) game(id string) *game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games[id]
}

// ServeHTTP serves a request, after the checks of the security model
// (docs/web.md): the token, the host name, the origin of a request that
// changes something, and the size of its body.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
	if !s.authorised(w, r) {
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if !sameOrigin(r) {
			writeError(w, http.StatusForbidden, "cross-origin request refused")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
	}
	s.mux.ServeHTTP(w, r)
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.handleIndex)
	m.HandleFunc("GET /t/{id}", s.handleSheetPage)
	m.HandleFunc("GET /t/{id}/print", s.handleBlankSheet)
	m.HandleFunc("GET /puzzle", s.handlePuzzle)
	m.Handle("GET /assets/", assetHandler())
	m.HandleFunc("GET /api/games", s.handleGames)
	m.HandleFunc("POST /api/new", s.handleNew)
	m.HandleFunc("POST /api/open", s.handleOpen)
	m.HandleFunc("GET /api/t/{id}/state", s.handleState)
	m.HandleFunc("GET /api/t/{id}/events", s.handleEvents)
	m.HandleFunc("POST /api/t/{id}/command", s.handleCommand)
	m.HandleFunc("GET /api/t/{id}/sheet", s.handleSheetJSON)
	m.HandleFunc("GET /api/t/{id}/report", s.handleReportJSON)
	m.HandleFunc("GET /api/t/{id}/advise", s.handleAdviseJSON)
	m.HandleFunc("GET /api/t/{id}/why", s.handleWhyJSON)
	s.mux = m
}

// gameOf is the game named by the request's {id}, or nil after a 404.
func (s *Server) gameOf(w http.ResponseWriter, r *http.Request) *game {
	g := s.game(r.PathValue("id"))
	if g == nil {
		writeError(w, http.StatusNotFound, "no such game: it may have been opened by a server that has stopped; start or continue it from the start page")
	}
	return g
}

// marshal is compact JSON without HTML escaping (the page escapes).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// writeJSON writes v as a JSON response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeRaw(w, status, data)
}

func writeRaw(w http.ResponseWriter, status int, data []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(data)
	w.Write([]byte("\n"))
}

// errorDoc is the JSON of a request refused.
type errorDoc struct {
	Schema string   `json:"schema"`
	Error  *refusal `json:"error"`
}

// writeError writes a refusal of kind "request".
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorDoc{Schema: table.Schema, Error: &refusal{Kind: "request", Message: msg}})
}

// readJSON decodes the request body into v; on error it writes a 400 and
// returns false.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		writeError(w, http.StatusUnsupportedMediaType, "the body must be JSON (Content-Type: application/json)")
		return false
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is more than %d bytes", MaxBody))
			return false
		}
		writeError(w, http.StatusBadRequest, "bad JSON body: "+err.Error())
		return false
	}
	if _, err := io.Copy(io.Discard, r.Body); err != nil {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is more than %d bytes", MaxBody))
		return false
	}
	return true
}

// gamesDoc is the document of GET /api/games.
type gamesDoc struct {
	Schema      string     `json:"schema"`
	Games       []gameInfo `json:"games"`
	Open        []openInfo `json:"open"`
	Logs        []logInfo  `json:"logs"`
	PuzzleGames []string   `json:"puzzle_games"`
	Commands    []string   `json:"commands"`
}

type gameInfo struct {
	Name      string         `json:"name"`
	Title     string         `json:"title"`
	Questions []questionJSON `json:"questions"`
	Setup     bool           `json:"setup"`   // whether the questions make the setup lines
	Example   bool           `json:"example"` // whether it has a built-in example
}

type openInfo struct {
	ID    string `json:"id"`
	Game  string `json:"game"`
	Log   string `json:"log"`
	Lines int    `json:"lines"`
	// LinesText is Lines with its noun, as the page shows it ("1 line",
	// "12 lines": table.Counted).
	LinesText string `json:"lines_text"`
}

// logInfo is a log of the folder that a page may continue: it names the
// log by an id the server made, never by a path.
type logInfo struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Modified string `json:"modified"`
}

var fieldNames = map[table.Field]string{table.Players: "players", table.Me: "me", table.Hand: "hand", table.Deck: "deck"}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	doc := gamesDoc{Schema: table.Schema, Games: []gameInfo{}, Open: []openInfo{}, Logs: []logInfo{}, PuzzleGames: s.opts.PuzzleGames, Commands: table.CommandWords()}
	if doc.PuzzleGames == nil {
		doc.PuzzleGames = []string{}
	}
	for _, d := range s.opts.Games {
		gi := gameInfo{Name: d.Name, Title: d.Title, Questions: []questionJSON{}, Setup: d.Setup != nil, Example: d.Example != ""}
		for _, q := range d.Questions {
			gi.Questions = append(gi.Questions, questionJSON{fieldNames[q.Field], q.Text})
		}
		doc.Games = append(doc.Games, gi)
	}
	s.mu.Lock()
	for _, id := range s.order {
		g := s.games[id]
		g.mu.Lock()
		doc.Open = append(doc.Open, openInfo{ID: g.id, Game: g.def.Name, Log: g.logName(), Lines: len(g.s.Lines()), LinesText: table.Counted(len(g.s.Lines()), "line")})
		g.mu.Unlock()
	}
	s.mu.Unlock()
	for _, l := range s.logs() {
		doc.Logs = append(doc.Logs, logInfo{ID: l.id, Name: filepath.Base(l.path), Modified: l.mod.UTC().Format(time.RFC3339)})
	}
	writeJSON(w, http.StatusOK, doc)
}

// folderLog is a log in the folder of logs.
type folderLog struct {
	id, path string
	mod      time.Time
}

// logs lists the logs of the folder, newest first, each with an id that
// is a hash of its name.
func (s *Server) logs() []folderLog {
	if s.opts.Dir == "" {
		return nil
	}
	entries, err := os.ReadDir(s.opts.Dir)
	if err != nil {
		return nil
	}
	var out []folderLog
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".log") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		sum := sha256.Sum256([]byte(e.Name()))
		out = append(out, folderLog{id: hex.EncodeToString(sum[:8]), path: filepath.Join(s.opts.Dir, e.Name()), mod: info.ModTime()})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].mod.After(out[j].mod) })
	if len(out) > 50 {
		out = out[:50]
	}
	return out
}

// newRequest is the body of POST /api/new.
type newRequest struct {
	Game    string   `json:"game"`
	Players string   `json:"players"`
	Me      string   `json:"me"`
	Hand    string   `json:"hand"`
	Deck    string   `json:"deck"`
	Setup   []string `json:"setup"`   // setup lines in the game's grammar, after those of the answers
	Example bool     `json:"example"` // play the built-in example first
}

// openedDoc is the reply to POST /api/new and /api/open.
type openedDoc struct {
	Schema string `json:"schema"`
	ID     string `json:"id"`
	URL    string `json:"url"`
}

// splitList splits a comma- or space-separated list.
func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	var req newRequest
	if !readJSON(w, r, &req) {
		return
	}
	def, err := s.opts.Games.Lookup(req.Game)
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, errorDoc{table.Schema, &refusal{Kind: "setup", Message: err.Error()}})
		return
	}
	var lines []string
	if req.Example {
		if def.Example == "" {
			writeJSON(w, http.StatusUnprocessableEntity, errorDoc{table.Schema, &refusal{Kind: "setup", Message: def.Title + " has no built-in example"}})
			return
		}
		l, err := table.ParseLog([]byte(def.Example))
		if err != nil {
			writeError(w, http.StatusInternalServerError, "the built-in example is broken: "+err.Error())
			return
		}
		lines = l.Lines
	} else if req.Players != "" || req.Me != "" || req.Hand != "" || req.Deck != "" {
		if def.Setup == nil {
			writeJSON(w, http.StatusUnprocessableEntity, errorDoc{table.Schema, &refusal{Kind: "setup", Message: def.Title + " takes its setup as lines"}})
			return
		}
		lines, err = def.Setup(table.Setup{Players: splitList(req.Players), Me: strings.TrimSpace(req.Me), Hand: splitList(req.Hand), Deck: strings.TrimSpace(req.Deck)})
		if err != nil {
			writeJSON(w, http.StatusUnprocessableEntity, errorDoc{table.Schema, &refusal{Kind: "setup", Message: err.Error()}})
			return
		}
	}
	if len(req.Setup) > 64 {
		writeError(w, http.StatusBadRequest, "too many setup lines")
		return
	}
	lines = append(lines, req.Setup...)
	// The built-in example keeps no log, as from play and serve.
	id, err := s.Start(def.Name, lines, "", !table.KeepsLog("", false, req.Example))
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, errorDoc{table.Schema, &refusal{Kind: "setup", Message: err.Error()}})
		return
	}
	writeJSON(w, http.StatusOK, openedDoc{table.Schema, id, "/t/" + id})
}

// openRequest is the body of POST /api/open: a log of the folder, by the
// id GET /api/games gave it.
type openRequest struct {
	Log string `json:"log"`
}

func (s *Server) handleOpen(w http.ResponseWriter, r *http.Request) {
	var req openRequest
	if !readJSON(w, r, &req) {
		return
	}
	i := slices.IndexFunc(s.logs(), func(l folderLog) bool { return l.id == req.Log })
	if i < 0 {
		writeError(w, http.StatusNotFound, "no such log in the folder of logs")
		return
	}
	id, err := s.Resume(s.logs()[i].path)
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, errorDoc{table.Schema, &refusal{Kind: "log", Message: err.Error()}})
		return
	}
	writeJSON(w, http.StatusOK, openedDoc{table.Schema, id, "/t/" + id})
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	if g := s.gameOf(w, r); g != nil {
		writeRaw(w, http.StatusOK, g.currentState())
	}
}

// handleEvents streams the game's states as server-sent events: the
// current state at once, then each new one; a comment every 15 s keeps
// the connection open through proxies and sleeping phones.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	g := s.gameOf(w, r)
	if g == nil {
		return
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	ch, cancel := g.subscribe()
	defer cancel()
	tick := time.NewTicker(15 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case st := <-ch:
			if _, err := fmt.Fprintf(w, "event: state\ndata: %s\n\n", st); err != nil {
				return
			}
		case <-tick.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

// commandRequest is the body of POST /api/t/{id}/command: one line as
// typed in a table session (table.ParseCommand).
type commandRequest struct {
	Text string `json:"text"`
}

// replyDoc is the reply to a command.
type replyDoc struct {
	Schema  string          `json:"schema"`
	Game    string          `json:"game"`
	Command string          `json:"command"`
	Text    string          `json:"text,omitempty"` // what odds, advise, help and log print
	Why     *whyDoc         `json:"why,omitempty"`
	State   json.RawMessage `json:"state,omitempty"` // after a change
	Error   *refusal        `json:"error,omitempty"`
}

// whyDoc is an explanation: the fact in words and the lines that force it.
type whyDoc struct {
	Fact  string     `json:"fact"`
	Lines []lineJSON `json:"lines"`
	// Because is the lines named in words, as the page shows them:
	// "because of line 3", "because of lines 3 and 7", "by the deal
	// alone" ([table.LineRefs]).
	Because string `json:"because"`
}

func (s *Server) handleCommand(w http.ResponseWriter, r *http.Request) {
	g := s.gameOf(w, r)
	if g == nil {
		return
	}
	var req commandRequest
	if !readJSON(w, r, &req) {
		return
	}
	status, doc := s.command(r.Context(), g, req.Text)
	writeJSON(w, status, doc)
}

// command carries out one typed line on g.
func (s *Server) command(ctx context.Context, g *game, text string) (int, replyDoc) {
	doc := replyDoc{Schema: table.Schema, Game: g.def.Name}
	fail := func(status int, err error, line string) (int, replyDoc) {
		doc.Error = refusalOf(err, line)
		return status, doc
	}
	if strings.TrimSpace(text) == "" {
		doc.Command = table.CmdNone.String()
		return http.StatusOK, doc
	}
	if err := table.CheckLine(text); err != nil {
		return fail(http.StatusUnprocessableEntity, fmt.Errorf("%v; nothing changed", err), "")
	}
	cmd, err := table.ParseCommand(text)
	if err != nil {
		if errors.Is(err, table.ErrNoFact) {
			// A fact the lines force, which "why" answers.
			var ex string
			_ = g.readCopy(func(gm table.Game) error {
				s, err := gm.Sheet(ctx)
				ex = table.WhySuggestion(s)
				return err
			})
			err = errors.New(`why what? (expected a fact the lines force; none yet: "help why" shows the forms)`)
			if ex != "" {
				err = fmt.Errorf("why what? (expected a fact, such as \"why %s\"; \"help why\" shows them)", ex)
			}
		}
		return fail(http.StatusUnprocessableEntity, err, "")
	}
	doc.Command = cmd.Kind.String()
	ctx, cancel := context.WithTimeout(ctx, sheetTimeout)
	defer cancel()
	var out bytes.Buffer
	var st []byte
	switch cmd.Kind {
	case table.CmdLine:
		line := cmd.Arg
		st, err = g.change(func(ss *table.Session) error { return ss.Apply(line) }, (*table.Session).Undo, func([]string) bool { return table.IsComment(line) })
		if err != nil {
			return fail(http.StatusUnprocessableEntity, err, line)
		}
	case table.CmdUndo:
		st, err = g.change((*table.Session).Undo, (*table.Session).Redo, nil)
	case table.CmdRedo:
		st, err = g.change((*table.Session).Redo, (*table.Session).Undo, nil)
	case table.CmdDelete:
		st, err = g.change(func(ss *table.Session) error { return ss.Delete(cmd.N) }, (*table.Session).Undo, nil)
	case table.CmdEdit:
		if cmd.Arg == "" {
			return fail(http.StatusUnprocessableEntity, fmt.Errorf("edit %d what? (expected \"edit %d\" and the new line)", cmd.N, cmd.N), "")
		}
		line := cmd.Arg
		st, err = g.change(func(ss *table.Session) error {
			err := ss.Edit(cmd.N, line)
			if re := (*table.ReplayError)(nil); errors.As(err, &re) && re.Line == cmd.N {
				return re.Err // the new line itself is refused
			}
			return err
		}, (*table.Session).Undo, nil)
		if err != nil {
			return fail(http.StatusUnprocessableEntity, err, line)
		}
	case table.CmdWhy:
		why, err := g.explain(ctx, cmd.Arg)
		if err != nil {
			return fail(http.StatusUnprocessableEntity, err, "")
		}
		doc.Why = why
	case table.CmdOdds:
		err = g.readCopy(func(gm table.Game) error { return gm.Report(ctx, &out) })
	case table.CmdAdvise:
		err = g.readCopy(func(gm table.Game) error { return gm.Advise(ctx, cmd.Arg, &out) })
	case table.CmdHelp:
		var h string
		h, err = table.CommandHelp(g.def, cmd.Arg)
		out.WriteString(h)
	case table.CmdLog:
		err = g.read(func(gm table.Game) error {
			fmt.Fprintf(&out, "%4d %s\n", 0, table.HeaderLine(g.def.Name))
			for i, l := range gm.Lines() {
				fmt.Fprintf(&out, "%4d %s\n", i+1, l)
			}
			return nil
		})
	case table.CmdSheet:
		st = g.currentState()
	case table.CmdSave:
		if cmd.Arg != "" {
			return fail(http.StatusUnprocessableEntity, errors.New("a page cannot name a file: the log is saved after every change already"), "")
		}
		if g.path == "" {
			out.WriteString("This game keeps no log.\n")
		} else {
			fmt.Fprintf(&out, "The log %s is saved after every change.\n", g.logName())
		}
	case table.CmdQuit:
		out.WriteString("The log is saved after every change; close the page when you like.\n")
	}
	if err != nil {
		return fail(http.StatusUnprocessableEntity, err, "")
	}
	doc.Text = out.String()
	doc.State = st
	return http.StatusOK, doc
}

// read runs f on the current game, with the game locked (a game is not
// safe for concurrent use).
func (g *game) read(f func(table.Game) error) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return f(g.s.Game())
}

// readCopy runs f on a copy of the current game, rebuilt from its lines,
// without holding the game: reports and advice, which can take seconds,
// never hold up the lines the other players send meanwhile.
func (g *game) readCopy(f func(table.Game) error) error {
	g.mu.Lock()
	lines := slices.Clone(g.s.Lines())
	g.mu.Unlock()
	gm := g.def.New()
	if err := table.ApplyLines(gm, lines); err != nil {
		return err
	}
	return f(gm)
}

// explain explains fact by the lines that force it.
func (g *game) explain(ctx context.Context, fact string) (*whyDoc, error) {
	var why *whyDoc
	err := g.read(func(gm table.Game) error {
		e, err := gm.Explain(ctx, fact)
		if err != nil {
			return err
		}
		lines := gm.Lines()
		why = &whyDoc{Fact: e.Fact, Lines: []lineJSON{}}
		for _, n := range e.Lines {
			why.Lines = append(why.Lines, lineJSON{n, strings.TrimSpace(lines[n-1])})
		}
		why.Because = "by the deal alone"
		if len(e.Lines) > 0 {
			why.Because = "because of " + table.LineRefs(e.Lines)
		}
		return nil
	})
	return why, err
}

// writeDoc runs a writer of a JSON document on the game (on a copy when
// copied) and sends it.
func (s *Server) writeDoc(w http.ResponseWriter, r *http.Request, copied bool, f func(ctx context.Context, gm table.Game, w io.Writer) error) {
	g := s.gameOf(w, r)
	if g == nil {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), sheetTimeout)
	defer cancel()
	var b bytes.Buffer
	read := g.read
	if copied {
		read = g.readCopy
	}
	if err := read(func(gm table.Game) error { return f(ctx, gm, &b) }); err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, errorDoc{table.Schema, refusalOf(err, "")})
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

func (s *Server) handleSheetJSON(w http.ResponseWriter, r *http.Request) {
	s.writeDoc(w, r, false, func(ctx context.Context, gm table.Game, w io.Writer) error { return table.SheetJSON(ctx, gm, w) })
}

func (s *Server) handleReportJSON(w http.ResponseWriter, r *http.Request) {
	s.writeDoc(w, r, true, func(ctx context.Context, gm table.Game, w io.Writer) error { return gm.ReportJSON(ctx, w) })
}

func (s *Server) handleAdviseJSON(w http.ResponseWriter, r *http.Request) {
	args := r.URL.Query().Get("args")
	if len(args) > table.MaxLineLen {
		writeError(w, http.StatusRequestEntityTooLarge, "args too long")
		return
	}
	s.writeDoc(w, r, true, func(ctx context.Context, gm table.Game, w io.Writer) error { return gm.AdviseJSON(ctx, args, w) })
}

func (s *Server) handleWhyJSON(w http.ResponseWriter, r *http.Request) {
	fact := r.URL.Query().Get("fact")
	if len(fact) > table.MaxLineLen {
		writeError(w, http.StatusRequestEntityTooLarge, "fact too long")
		return
	}
	s.writeDoc(w, r, false, func(ctx context.Context, gm table.Game, w io.Writer) error { return table.WhyJSON(ctx, gm, fact, w) })
}

// parseUint is a query parameter as a number, def when absent.
func parseUint(r *http.Request, name string, def uint64) (uint64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s=%q is not a number", name, v)
	}
	return n, nil
}
