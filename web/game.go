package web

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// sheetTimeout bounds the computation of one sheet, and of one report,
// explanation or piece of advice asked for from a page.
const sheetTimeout = 2 * time.Minute

// game is one game open in the server: its session, the log it is saved
// to, and the pages watching it. Every change goes through mu, so that
// changes and saves of one log are serialised and never interleave.
type game struct {
	id       string
	def      table.Definition
	path     string   // the log; "" when none is kept
	preamble []string // comments before the header of a resumed log, kept

	mu      sync.Mutex
	s       *table.Session
	version int
	grid    *table.Grid // the sheet of the current lines; nil when sheetErr
	gridErr error
	changed []table.Change // cells drawn differently than before the last change
	note    string         // what the last change did, in words
	state   []byte         // the state document of version, compact JSON
	subs    map[chan []byte]struct{}
}

// newGame makes a game of def from its session and computes its first
// state.
func newGame(id string, def table.Definition, s *table.Session, path string, preamble []string) *game {
	g := &game{id: id, def: def, s: s, path: path, preamble: preamble, subs: map[chan []byte]struct{}{}}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.recompute(false)
	return g
}

// logName is the base name of the game's log, or "" when none is kept.
func (g *game) logName() string {
	if g.path == "" {
		return ""
	}
	return filepath.Base(g.path)
}

// errSave is a change refused because the log could not be saved.
type errSave struct{ err error }

func (e *errSave) Error() string {
	return fmt.Sprintf("the log could not be saved, so nothing changed: %v", e.err)
}

// change makes a change to the session with f, saves the log and pushes
// the new state to every watching page. When f fails, or the log cannot
// be saved, nothing changes and the error is returned; back is what takes
// the change back after a failed save ((*table.Session).Undo, or Redo for
// an undo). sameSheet says that the change cannot alter the sheet (a
// comment line added).
func (g *game) change(f, back func(s *table.Session) error, sameSheet func(before []string) bool) ([]byte, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	before := slices.Clone(g.s.Lines())
	if err := f(g.s); err != nil {
		return nil, err
	}
	if err := g.save(); err != nil {
		// Put the session back as it was: a change that is not on disk
		// is not accepted.
		if uerr := back(g.s); uerr != nil {
			return nil, fmt.Errorf("%w; and taking it back failed: %v", &errSave{err}, uerr)
		}
		return nil, &errSave{err}
	}
	g.note = describeChange(before, g.s.Lines())
	g.recompute(sameSheet != nil && sameSheet(before))
	return g.state, nil
}

// save writes the log atomically; it is called with mu held.
func (g *game) save() error {
	if g.path == "" {
		return nil
	}
	l := g.s.Log()
	l.Preamble = g.preamble
	return l.Save(g.path)
}

// recompute draws the sheet of the current lines (unless keep, when the
// sheet cannot have changed), marks the cells changed, makes the new state
// document and pushes it to the watching pages. It is called with mu held.
func (g *game) recompute(keep bool) {
	g.version++
	if keep {
		g.changed = nil // nothing was drawn differently
	}
	if !keep || (g.grid == nil && g.gridErr == nil) {
		ctx, cancel := context.WithTimeout(context.Background(), sheetTimeout)
		grid, err := g.s.Game().Sheet(ctx)
		cancel()
		g.changed = nil
		if err == nil && g.grid != nil {
			g.changed = grid.Changes(g.grid)
		}
		g.grid, g.gridErr = grid, err
	}
	g.state = g.stateJSON()
	for ch := range g.subs {
		push(ch, g.state)
	}
	g.refineIdle()
}

// refinedNote is the note of a state drawn again because the game's
// estimates changed while no one changed the lines.
const refinedNote = "the estimates changed while you waited; the sheet is drawn again"

// refineIdle lets a game whose estimates improve with time
// (table.Refiner) work until the next change: a goroutine calls Refine,
// holding mu for one call at a time (a fraction of a second), while the
// state is still this version and the game has more to do; when the
// sheet changed it draws it again and pushes the new state to every page.
// It is called with mu held.
func (g *game) refineIdle() {
	if _, ok := g.s.Game().(table.Refiner); !ok {
		return
	}
	version := g.version
	go func() {
		for {
			g.mu.Lock()
			r, ok := g.s.Game().(table.Refiner)
			if !ok || g.version != version {
				g.mu.Unlock()
				return // a change came: it has its own
			}
			ctx, cancel := context.WithTimeout(context.Background(), sheetTimeout)
			changed, more, err := r.Refine(ctx)
			cancel()
			if changed {
				g.note = refinedNote
				g.recompute(false)
			}
			g.mu.Unlock()
			if changed || !more || err != nil {
				return
			}
		}
	}()
}

// push puts state in ch, replacing a state not yet taken: a slow page
// gets the newest state, never a backlog.
func push(ch chan []byte, state []byte) {
	for {
		select {
		case ch <- state:
			return
		default:
		}
		select {
		case <-ch:
		default:
		}
	}
}

// subscribe returns a channel that receives the current state at once and
// every later state; cancel stops it.
func (g *game) subscribe() (ch chan []byte, cancel func()) {
	ch = make(chan []byte, 1)
	g.mu.Lock()
	g.subs[ch] = struct{}{}
	ch <- g.state
	g.mu.Unlock()
	return ch, func() {
		g.mu.Lock()
		delete(g.subs, ch)
		g.mu.Unlock()
	}
}

// currentState is the state document of the current version.
func (g *game) currentState() []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.state
}

// The state document ("web state" in docs/json.md).
type (
	stateJSON struct {
		Schema   string       `json:"schema"`
		Game     string       `json:"game"`
		Title    string       `json:"title"`
		ID       string       `json:"id"`
		Version  int          `json:"version"`
		Log      string       `json:"log"`
		Lines    []lineJSON   `json:"lines"`
		Sheet    *table.Grid  `json:"sheet"`
		SheetErr string       `json:"sheet_error,omitempty"`
		Changed  []changeJSON `json:"changed"`
		Settled  []string     `json:"settled"`
		Note     string       `json:"note"`
		CanUndo  bool         `json:"can_undo"`
		CanRedo  bool         `json:"can_redo"`
		Words    []string     `json:"words"`
		Commands []string     `json:"commands"`
		WhyHint  string       `json:"why_example"`
	}
	lineJSON struct {
		Line int    `json:"line"`
		Text string `json:"text"`
	}
	changeJSON struct {
		Row    int    `json:"row"`
		Col    int    `json:"col"`
		Card   string `json:"card"`
		Holder string `json:"holder"`
		Was    string `json:"was"`
		Now    string `json:"now"`
	}
)

// stateJSON is the state document of the current version, compact. It is
// called with mu held.
func (g *game) stateJSON() []byte {
	lines := g.s.Lines()
	st := stateJSON{
		Schema:   table.Schema,
		Game:     g.def.Name,
		Title:    g.def.Title,
		ID:       g.id,
		Version:  g.version,
		Log:      g.logName(),
		Lines:    make([]lineJSON, len(lines)),
		Sheet:    g.grid,
		Changed:  []changeJSON{},
		Settled:  []string{},
		Note:     g.note,
		CanUndo:  g.s.CanUndo(),
		CanRedo:  g.s.CanRedo(),
		Words:    g.s.Game().Words(),
		Commands: table.CommandWords(),
		WhyHint:  table.WhyExample(g.def),
	}
	if st.Words == nil {
		st.Words = []string{}
	}
	for i, l := range lines {
		st.Lines[i] = lineJSON{i + 1, l}
	}
	if g.gridErr != nil {
		st.SheetErr = g.gridErr.Error()
	}
	for _, c := range g.changed {
		st.Changed = append(st.Changed, changeJSON{c.Row, c.Col, c.Card, c.Holder, c.Was, c.Now})
	}
	if s := table.SettledLines(g.changed, 1000, 0); s != nil {
		st.Settled = s
	}
	data, err := marshal(st)
	if err != nil {
		// Only a sheet can fail to marshal (a probability that is not a
		// number): the state goes out without it.
		st.Sheet, st.SheetErr = nil, "the sheet cannot be written as JSON: "+err.Error()
		data, _ = marshal(st)
	}
	return data
}

// questionJSON is one setup question of a game, for the new-game form.
type questionJSON struct {
	Field string `json:"field"`
	Text  string `json:"text"`
}

// describeChange says how the lines changed from before to after: a line
// appended is "added" (the page's redo of the last line too), anything
// else as table.DescribeChange says it.
func describeChange(before, after []string) string {
	if n := len(before); len(after) == n+1 && slices.Equal(before, after[:n]) {
		return fmt.Sprintf("line %d added: %s", n+1, after[n])
	}
	return table.DescribeChange(before, after)
}

// refusal is the JSON form of an error: a refused line or change, or a
// command that failed.
type refusal struct {
	Kind    string     `json:"kind"` // "line", "conflict", "replay", "save" or "command"
	Message string     `json:"message"`
	Col     int        `json:"col,omitempty"`  // kind "line": the 1-based column, in characters (table.LineError)
	Want    string     `json:"want,omitempty"` // kind "line": what was expected there
	Text    string     `json:"text,omitempty"` // the line refused, when there is one
	Lines   []lineJSON `json:"lines,omitempty"`
	Line    int        `json:"line,omitempty"` // kind "replay": the line that would no longer hold
}

// refusalOf is the JSON form of err, for the line text (which may be "").
func refusalOf(err error, text string) *refusal {
	var (
		le *table.LineError
		ce *table.ConflictError
		re *table.ReplayError
		se *errSave
	)
	r := &refusal{Kind: "command", Message: err.Error(), Text: text}
	switch {
	case errors.As(err, &se):
		r.Kind = "save"
	case errors.As(err, &re) && !errors.As(re.Err, &ce) && !errors.As(re.Err, &le):
		r.Kind, r.Line = "replay", re.Line
		r.Message = fmt.Sprintf("refused, nothing changed: line %d (%s) would no longer hold: %v", re.Line, re.Text, re.Err)
	case errors.As(err, &ce):
		r.Kind = "conflict"
		r.Message = "refused, nothing changed: this line " + ce.Error()
		if errors.As(err, &re) {
			r.Line = re.Line
			r.Message = fmt.Sprintf("refused, nothing changed: line %d (%s) would no longer hold: it %v", re.Line, re.Text, ce)
		}
		for i, n := range ce.Lines {
			r.Lines = append(r.Lines, lineJSON{n, ce.Texts[i]})
		}
	case errors.As(err, &le):
		r.Kind, r.Col, r.Want = "line", le.Col, le.Want
		r.Message = le.Error() + "; nothing changed"
		if errors.As(err, &re) {
			r.Line = re.Line
			r.Text = re.Text
		}
	}
	r.Message = strings.TrimSpace(r.Message)
	return r
}
