package main

// gumshoe puzzle <game> [flags]
//
// Puzzle generates deduction exercises: one seat's view of a simulated game
// cut to a minimal set of clues after which the question (Deduce or Die:
// the Evidence pair and the murderer; Clue: the envelope; Deductio: an
// opponent's number) has exactly one answer. Each puzzle
// is graded by how its answer can be reached (easy: one clue at a time;
// medium: with one supposition; hard: deeper), re-verified by the solver
// for uniqueness and minimality, and printed with a blank deduction sheet,
// the answer key and a worked solution on pages of their own.
//
// Puzzle i of a batch (from 0) is made from seed --seed + i, so
// "--seed S+i --count 1" makes it again. Batches run on every core; with
// --count above 1 and stderr a terminal, a progress bar shows the ETA.
// With --out DIR each puzzle is written to DIR/<game>-NNN.<ext>; without
// it, puzzles go to stdout. docs/puzzles.md tells how the measurements are
// made.

import (
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
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

func init() {
	register(command{
		name:    "puzzle",
		summary: "generate deduction puzzles with unique answers, graded, with worked solutions",
		usage:   "<game> [flags]   (games: " + strings.Join(puzzleGameNames(), ", ") + ")",
		run:     runPuzzle,
	})
}

// puzzleGame is one game the puzzle command can generate for.
type puzzleGame struct {
	title   string // "Deduce or Die"
	players int    // the default player count
	level   string // the default difficulty
	// make generates a puzzle from seed, verifies it, and lays it out.
	make func(ctx context.Context, seed uint64, o puzzleOpts, title string) (*puzzle.Page, error)
}

// puzzleOpts are the command's choices a generator reads.
type puzzleOpts struct {
	players int
	level   puzzle.Level
	any     bool
	preset  string // Clue's deck
}

// verified lays out a puzzle once its own check passed.
func verified(ctx context.Context, seed uint64, verify func(context.Context) error, page func() *puzzle.Page) (*puzzle.Page, error) {
	if err := verify(ctx); err != nil {
		return nil, fmt.Errorf("the puzzle from seed %d failed its check: %w", seed, err)
	}
	return page(), nil
}

var puzzleGames = map[string]puzzleGame{
	"dod": {
		title:   "Deduce or Die",
		players: 4,
		level:   "medium",
		make: func(ctx context.Context, seed uint64, o puzzleOpts, title string) (*puzzle.Page, error) {
			pz, err := deduceordie.GeneratePuzzle(ctx, seed, deduceordie.PuzzleOptions{Players: o.players, Level: o.level, Any: o.any})
			if err != nil {
				return nil, err
			}
			return verified(ctx, seed, pz.Verify, func() *puzzle.Page { return pz.Page(title) })
		},
	},
	"clue": {
		title:   "Clue",
		players: 4,
		level:   "medium",
		make: func(ctx context.Context, seed uint64, o puzzleOpts, title string) (*puzzle.Page, error) {
			pz, err := clue.GeneratePuzzle(ctx, seed, clue.PuzzleOptions{Preset: o.preset, Players: o.players, Level: o.level, Any: o.any})
			if err != nil {
				return nil, err
			}
			return verified(ctx, seed, pz.Verify, func() *puzzle.Page { return pz.Page(title) })
		},
	},
	"deductio": {
		title:   "Deductio",
		players: 3,
		level:   "easy", // its clues rule numbers in or out one at a time: nearly always easy
		make: func(ctx context.Context, seed uint64, o puzzleOpts, title string) (*puzzle.Page, error) {
			pz, err := deductio.GeneratePuzzle(ctx, seed, deductio.PuzzleOptions{Players: o.players, Level: o.level, Any: o.any})
			if err != nil {
				return nil, err
			}
			return verified(ctx, seed, pz.Verify, func() *puzzle.Page { return pz.Page(title) })
		},
	},
}

func puzzleGameNames() []string {
	var names []string
	for n := range puzzleGames {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func runPuzzle(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("puzzle", stderr)
	players := fs.Int("players", 0, "number of players (default: the game's usual count)")
	difficulty := fs.String("difficulty", "", "easy, medium, hard or any (default: medium; easy for deductio)")
	count := fs.Int("count", 1, "number of puzzles")
	seed := fs.Uint64("seed", 1, "seed of the first puzzle; puzzle i uses seed+i")
	format := fs.String("format", "text", "text or markdown")
	asJSON := fs.Bool("json", false, "write JSON (one document a puzzle) instead of text")
	out := fs.String("out", "", "write each puzzle to a file in this directory instead of stdout")
	workers := fs.Int("workers", 0, "puzzles generated at once (default: one a core)")
	noProgress := fs.Bool("no-progress", false, "never show the progress bar")
	preset := fs.String("preset", "cluedo", "Clue only: the deck (cluedo, cardgame, cardgame-advanced)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "gumshoe puzzle: name one game: %s\n", strings.Join(puzzleGameNames(), ", "))
		return exitUsage
	}
	name := strings.ToLower(fs.Arg(0))
	game, ok := puzzleGames[name]
	if !ok {
		fmt.Fprintf(stderr, "gumshoe puzzle: no puzzles for %q (games: %s)\n", fs.Arg(0), strings.Join(puzzleGameNames(), ", "))
		return exitUsage
	}
	if *difficulty == "" {
		*difficulty = game.level
	}
	var level puzzle.Level
	anyLevel := strings.EqualFold(*difficulty, "any")
	if !anyLevel {
		l, err := puzzle.ParseLevel(*difficulty)
		if err != nil {
			fmt.Fprintf(stderr, "gumshoe puzzle: --difficulty %q: want easy, medium, hard or any\n", *difficulty)
			return exitUsage
		}
		level = l
	}
	if *count < 1 {
		fmt.Fprintln(stderr, "gumshoe puzzle: --count must be at least 1")
		return exitUsage
	}
	md := false
	switch strings.ToLower(*format) {
	case "text", "txt":
	case "markdown", "md":
		md = true
	default:
		fmt.Fprintf(stderr, "gumshoe puzzle: --format %q: want text or markdown\n", *format)
		return exitUsage
	}
	n := *players
	if n == 0 {
		n = game.players
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fmt.Fprintf(stderr, "gumshoe puzzle: %v\n", err)
			return exitError
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var bar *progressbar.ProgressBar
	if *count > 1 && !*noProgress && puzzleTerminal(stderr) {
		bar = progressbar.NewOptions(*count,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription(game.title+" puzzles"),
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
	pages, err := puzzle.Batch(ctx, *count, *workers, func(ctx context.Context, i int) (*puzzle.Page, error) {
		title := fmt.Sprintf("%s puzzle %d", game.title, i+1)
		return game.make(ctx, *seed+uint64(i), puzzleOpts{players: n, level: level, any: anyLevel, preset: *preset}, title)
	}, done)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		if errors.Is(err, puzzle.ErrNoPuzzle) {
			fmt.Fprintf(stderr, "gumshoe puzzle: found no %s puzzle within the attempts allowed; try another --seed or --difficulty\n", *difficulty)
		} else {
			fmt.Fprintf(stderr, "gumshoe puzzle: %v\n", err)
		}
		return exitError
	}
	ext := "txt"
	switch {
	case *asJSON:
		ext = "json"
	case md:
		ext = "md"
	}
	for i, p := range pages {
		write := func(w io.Writer) error {
			switch {
			case *asJSON:
				return p.WriteJSON(w)
			case md:
				return p.WriteMarkdown(w)
			}
			return p.WriteText(w)
		}
		if *out == "" {
			if i > 0 && !*asJSON {
				fmt.Fprintln(stdout)
				if !md {
					fmt.Fprint(stdout, "\f")
				}
			}
			if err := write(stdout); err != nil {
				fmt.Fprintf(stderr, "gumshoe puzzle: %v\n", err)
				return exitError
			}
			continue
		}
		path := filepath.Join(*out, fmt.Sprintf("%s-%03d.%s", name, i+1, ext))
		if err := writePuzzleFile(path, write); err != nil {
			fmt.Fprintf(stderr, "gumshoe puzzle: %v\n", err)
			return exitError
		}
	}
	if *out != "" {
		fmt.Fprintf(stdout, "wrote %d puzzle(s) to %s\n", len(pages), *out)
	}
	return exitOK
}

// puzzleTerminal reports whether w is a terminal.
func puzzleTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// writePuzzleFile writes a file through a temporary file in the same
// directory, renamed into place once complete.
func writePuzzleFile(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".puzzle-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
