package web

import (
	"context"
	"embed"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

//go:embed assets templates
var files embed.FS

// printCSS is the print stylesheet, inlined in puzzle pages so that a
// puzzle written to a file prints the same on its own.
var printCSS = func() template.CSS {
	b, err := files.ReadFile("assets/print.css")
	if err != nil {
		panic(err)
	}
	return template.CSS(b)
}()

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"printCSS": func() template.CSS { return printCSS },
}).ParseFS(files, "templates/*.html"))

// assetHandler serves the embedded scripts and stylesheets.
func assetHandler() http.Handler {
	sub, err := fs.Sub(files, "assets")
	if err != nil {
		panic(err)
	}
	fsrv := http.StripPrefix("/assets/", http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		fsrv.ServeHTTP(w, r)
	})
}

// pageView is the data of page.html.
type pageView struct {
	View  string // "start" or "sheet"
	ID    string
	Title string
}

func render(w http.ResponseWriter, name string, v any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := templates.ExecuteTemplate(w, name, v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// handleIndex is the start page; with exactly one game open and no
// folder of logs to choose from, it goes straight to that game.
func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	one := ""
	if len(s.order) == 1 && r.URL.Query().Get("start") == "" {
		one = s.order[0]
	}
	s.mu.Unlock()
	if one != "" {
		http.Redirect(w, r, "/t/"+one, http.StatusSeeOther)
		return
	}
	render(w, "page.html", pageView{View: "start", Title: "gumshoe"})
}

func (s *Server) handleSheetPage(w http.ResponseWriter, r *http.Request) {
	g := s.game(r.PathValue("id"))
	if g == nil {
		http.Redirect(w, r, "/?start=1", http.StatusSeeOther)
		return
	}
	render(w, "page.html", pageView{View: "sheet", ID: g.id, Title: g.def.Title})
}

// handleBlankSheet is the game's sheet, blank, for print, with the lines
// so far on a page of their own.
func (s *Server) handleBlankSheet(w http.ResponseWriter, r *http.Request) {
	g := s.gameOf(w, r)
	if g == nil {
		return
	}
	g.mu.Lock()
	grid, err := g.grid, g.gridErr
	lines := g.s.Lines()
	g.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "no sheet yet: "+err.Error())
		return
	}
	v := blankView{Title: grid.Title, Columns: grid.Holders, Lines: lines}
	for _, row := range grid.Rows {
		v.Rows = append(v.Rows, row.Card)
	}
	render(w, "blank.html", v)
}

// handlePuzzle makes a puzzle and serves it as a printable page.
func (s *Server) handlePuzzle(w http.ResponseWriter, r *http.Request) {
	if s.opts.Puzzle == nil {
		writeError(w, http.StatusNotFound, "this server makes no puzzles")
		return
	}
	q := r.URL.Query()
	seed, err := parseUint(r, "seed", 1)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	players, err := parseUint(r, "players", 0)
	if err != nil || players > 64 {
		writeError(w, http.StatusBadRequest, "players must be a small number")
		return
	}
	req := PuzzleRequest{Game: q.Get("game"), Seed: seed, Players: int(players), Difficulty: q.Get("difficulty")}
	ctx, cancel := context.WithTimeout(r.Context(), sheetTimeout)
	defer cancel()
	p, err := s.opts.Puzzle(ctx, req)
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, errorDoc{table.Schema, &refusal{Kind: "puzzle", Message: err.Error()}})
		return
	}
	// The page has its stylesheet inline, so that it prints alone too.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
	w.Header().Set("Content-Disposition", "inline; filename="+strconv.Quote(req.Game+"-puzzle-"+strconv.FormatUint(seed, 10)+".html"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := WritePuzzleHTML(w, p); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
