package main

// gumshoe puzzle <game> [flags]
//
// Puzzle generates deduction exercises: one seat's view of a simulated game
// cut to a minimal set of clues after which the question (Deduce or Die:
// the Evidence pair and the murderer; Clue: the envelope; Deductio: an
// opponent's number) has exactly one answer. One solver grades each puzzle
// and writes its worked solution: every step a rule of the game applied to
// named lines, or a supposition written out as nested steps that end in a
// contradiction (easy: no supposition; medium: suppositions, none inside
// another; hard: nested). Each puzzle is re-verified (uniqueness,
// minimality, every step checked by the SAT engine) and printed with the
// puzzle, a blank deduction sheet, the answer key and the worked solution
// on pages of their own. A level a game cannot make is refused with the
// reason.
//
// Puzzle i of a batch (from 0) is made from seed --seed + i, so
// "--seed S+i --count 1" makes it again. Batches run on every core; with
// --count above 1 and stderr a terminal, a progress bar shows the ETA. A
// batch keeps the puzzles it makes when some seeds make none, and says how
// many it could not make. With --out DIR each puzzle is written to
// DIR/<game>-NNN.<ext>; with --out FILE (a name ending .txt, .md, .html or
// .json that is not a folder) the one puzzle is written to FILE; without
// it, puzzles go to stdout. docs/puzzles.md tells how the measurements are
// made.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
	"github.com/gumshoe-dev/gumshoe/web"
)

func init() {
	register(command{
		name:    "puzzle",
		summary: "generate deduction puzzles with unique answers, graded, with worked solutions",
		usage:   "GAME [flags]",
		help: `GAME is the game to make puzzles of: ` + strings.Join(puzzleGameNames(), ", ") + `. Each puzzle is one seat's
view of a simulated game cut to a minimal set of clues with exactly one
answer, graded, with a blank sheet, the answer key and a worked solution.
With --out DIR each puzzle is written to DIR/<game>-NNN.<ext> (an existing
file is kept unless --force); with --out FILE.<ext> the one puzzle is
written to that file; without it, puzzles go to stdout. A batch keeps
what it makes and says how many seeds made none.

Example: gumshoe puzzle dod --difficulty easy --count 3 --out puzzles
`,
		run: runPuzzle,
	})
}

// puzzleGameNames are the games the puzzle command knows, in the order of
// the game list.
func puzzleGameNames() []string {
	var names []string
	for _, g := range allgames.All.WithPuzzles() {
		names = append(names, g.Name)
	}
	return names
}

func runPuzzle(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(commands["puzzle"], stdout, stderr)
	players := fs.Int("players", 0, "number of players (default: the game's usual count)")
	difficulty := fs.String("difficulty", "", "easy, medium, hard or any (default: medium; easy for deductio)")
	count := fs.Int("count", 1, "number of puzzles")
	seed := fs.Uint64("seed", 1, "seed of the first puzzle; puzzle i uses seed+i")
	format := fs.String("format", "text", "text, markdown or html (a page to print)")
	asJSON := fs.Bool("json", false, "write JSON (one document a puzzle) instead of text")
	out := fs.String("out", "", "write each puzzle to a file in this folder, or the one puzzle to this file (.txt, .md, .html, .json), instead of stdout")
	workers := fs.Int("workers", 0, "puzzles generated at once (default: one a core)")
	noProgress := fs.Bool("no-progress", false, "never show the progress bar")
	preset := fs.String("preset", clue.PresetCluedo, "Clue only: the deck ("+strings.Join(clue.Presets, ", ")+")")
	force := fs.Bool("force", false, "with --out, replace puzzle files that exist")
	if code, ok := parseArgs(fs, args, 1, 1, "one game: "+strings.Join(puzzleGameNames(), ", ")); !ok {
		return code
	}
	cg, ok := findGame(fs.Arg(0))
	if !ok || cg.Puzzles == nil {
		return usageError(fs, "no puzzles for %q (games: %s)", fs.Arg(0), strings.Join(puzzleGameNames(), ", "))
	}
	name, game := cg.Name, cg.Puzzles
	title := cg.Title
	if *difficulty == "" {
		*difficulty = game.Level
	}
	var level puzzle.Level
	anyLevel := strings.EqualFold(*difficulty, "any")
	if !anyLevel {
		l, err := puzzle.ParseLevel(*difficulty)
		if err != nil {
			return usageError(fs, "--difficulty %q: want easy, medium, hard or any", *difficulty)
		}
		level = l
	}
	if *count < 1 {
		return usageError(fs, "--count must be at least 1, not %d", *count)
	}
	if *workers < 0 {
		return usageError(fs, "--workers is a number of puzzles at once, 1 or more (0: one a core), not %d", *workers)
	}
	if fs.Changed("preset") && name != clue.Name {
		return usageError(fs, "--preset is Clue's deck; %s has none", title)
	}
	if _, err := clue.PresetDeck(*preset); err != nil {
		return usageError(fs, "--preset: %v", err)
	}
	if fs.Changed("force") && *out == "" {
		return usageError(fs, "--force replaces files in --out DIR; there is no --out")
	}
	md, html := false, false
	switch strings.ToLower(*format) {
	case "text", "txt":
	case "markdown", "md":
		md = true
	case "html":
		html = true
	default:
		return usageError(fs, "--format %q: want text, markdown or html", *format)
	}
	n := *players
	if n == 0 {
		n = game.Players
	}
	if n < game.MinPlayers || n > game.MaxPlayers {
		return usageError(fs, "--players: %s puzzles take %d to %d players, not %d", title, game.MinPlayers, game.MaxPlayers, n)
	}
	ext := "txt"
	switch {
	case *asJSON:
		ext = "json"
	case md:
		ext = "md"
	case html:
		ext = "html"
	}
	outFile := ""
	if *out != "" {
		file, err := puzzleOutFile(*out, ext, *count)
		if err != nil {
			return usageError(fs, "%v", err)
		}
		outFile = file
		if file == "" {
			if err := os.MkdirAll(*out, 0o755); err != nil {
				fmt.Fprintf(stderr, "gumshoe puzzle: %v\n", err)
				return exitError
			}
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var bar *progressbar.ProgressBar
	if *count > 1 && !*noProgress && puzzleTerminal(stderr) {
		bar = progressbar.NewOptions(*count,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription(title+" puzzles"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(),
		)
	}
	done := func() {
		if bar != nil {
			_ = bar.Add(1)
		}
	}
	// A seed that yields no puzzle does not stop the batch: the puzzles
	// found are kept and the others counted.
	missed := make([]error, *count)
	pages, err := puzzle.Batch(ctx, *count, *workers, func(ctx context.Context, i int) (*puzzle.Page, error) {
		title := fmt.Sprintf("%s puzzle %d", title, i+1)
		p, err := game.Make(ctx, *seed+uint64(i), allgames.PuzzleOptions{Players: n, Level: level, Any: anyLevel, Preset: *preset}, title)
		if errors.Is(err, puzzle.ErrNoPuzzle) && *count > 1 {
			missed[i] = err
			return nil, nil
		}
		return p, err
	}, done)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		switch {
		case errors.Is(err, puzzle.ErrImpossible):
			fmt.Fprintf(stderr, "gumshoe puzzle: %s\n", strings.TrimPrefix(err.Error(), puzzle.ErrImpossible.Error()+": "))
		case errors.Is(err, puzzle.ErrNoPuzzle):
			fmt.Fprintf(stderr, "gumshoe puzzle: %s %s puzzles at %d players: %s\n", title, *difficulty, n, strings.TrimPrefix(err.Error(), "puzzle: "))
		default:
			fmt.Fprintf(stderr, "gumshoe puzzle: %v\n", err)
		}
		return exitError
	}
	var seedsMissed []string
	var lastMiss error
	for i, e := range missed {
		if e != nil {
			seedsMissed = append(seedsMissed, fmt.Sprint(*seed+uint64(i)))
			lastMiss = e
		}
	}
	if len(seedsMissed) == *count {
		fmt.Fprintf(stderr, "gumshoe puzzle: %s %s puzzles at %d players: none of the %d seeds made one: %s\n", title, *difficulty, n, *count, strings.TrimPrefix(lastMiss.Error(), "puzzle: "))
		return exitError
	}
	shown := 0
	for i, p := range pages {
		if p == nil {
			continue
		}
		write := func(w io.Writer) error {
			switch {
			case *asJSON:
				return p.WriteJSON(w)
			case md:
				return p.WriteMarkdown(w)
			case html:
				return web.WritePuzzleHTML(w, p)
			}
			return p.WriteText(w)
		}
		if *out == "" {
			if shown > 0 && !*asJSON && !html {
				fmt.Fprintln(stdout)
				if !md {
					fmt.Fprint(stdout, "\f")
				}
			}
			if err := write(stdout); err != nil {
				fmt.Fprintf(stderr, "gumshoe puzzle: %v\n", err)
				return exitError
			}
			shown++
			continue
		}
		path := outFile
		if path == "" {
			path = filepath.Join(*out, fmt.Sprintf("%s-%03d.%s", name, i+1, ext))
		}
		if err := writePuzzleFile(path, *force, write); err != nil {
			fmt.Fprintf(stderr, "gumshoe puzzle: %v\n", err)
			return exitError
		}
	}
	made := *count - len(seedsMissed)
	switch {
	case outFile != "":
		fmt.Fprintf(stdout, "wrote the puzzle to %s\n", outFile)
	case *out != "":
		fmt.Fprintf(stdout, "wrote %d puzzle(s) to %s\n", made, *out)
	}
	if len(seedsMissed) > 0 {
		fmt.Fprintf(stderr, "gumshoe puzzle: made %d of %d %s %s puzzles at %d players; could not make %d (seed %s): %s\n", made, *count, title, *difficulty, n, len(seedsMissed), strings.Join(seedsMissed, ", "), strings.TrimPrefix(lastMiss.Error(), "puzzle: "))
	}
	return exitOK
}

// puzzleExts are the file name endings of the puzzle command's forms.
var puzzleExts = []string{".txt", ".md", ".html", ".json"}

// puzzleOutFile reads --out: a file name (it ends in one of puzzleExts and
// is not a folder) is the file the one puzzle goes to, returned; anything
// else is a folder, returned as "". A file name whose ending is another
// form's, or with --count above 1, is refused.
func puzzleOutFile(out, ext string, count int) (string, error) {
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		return "", nil
	}
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		return "", nil
	}
	got := strings.ToLower(filepath.Ext(out))
	if !slices.Contains(puzzleExts, got) {
		return "", nil
	}
	if got != "."+ext {
		return "", fmt.Errorf("--out %s: a %s file, but the form asked is %s (name the file .%s, or give a folder)", out, strings.TrimPrefix(got, "."), ext, ext)
	}
	if count > 1 {
		return "", fmt.Errorf("--out %s is one file, but --count %d makes %d puzzles: give a folder (they go to FOLDER/<game>-NNN.%s)", out, count, count, ext)
	}
	return out, nil
}

// puzzleTerminal reports whether w is a terminal.
func puzzleTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// writePuzzleFile writes a puzzle file atomically, readable by all
// (0644, less the umask): the complete file appears at once under its
// name. An existing file is an error wrapping [os.ErrExist], unless force.
func writePuzzleFile(path string, force bool, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	if force {
		return table.WriteFileAtomic(path, b.Bytes(), 0o644&^umask())
	}
	err := table.CreateFileAtomic(path, b.Bytes(), 0o644&^umask())
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s exists: remove it, write to another --out, or replace it with --force", path)
	}
	return err
}
