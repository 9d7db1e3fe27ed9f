package main

// gumshoe solve [--json] [--color auto|always|never] [--deck DECKFILE] FILE
//
// Solve reads a game log (any game: the header "game <name>" says which),
// replays it and prints the deduction sheet once and then every report of
// the game.
// FILE "-" is the standard input. With --json it prints one JSON document
// whose schema is documented in docs/json.md ("gumshoe/3").

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

func init() {
	register(command{
		name:    "solve",
		summary: "print the sheet and every report of a game log",
		usage:   "[--json] [--color auto|always|never] [--deck DECKFILE] FILE",
		help: `FILE is a game log of any game: its header "game <name>" says which; "-" is
the standard input. Solve replays it and prints the deduction sheet once,
then every report of the game (what "odds" prints in a session):
` + gameTexts(func(d table.Definition) string { return d.Help.Odds }) + `
A line that does not replay is an error naming its line number (the header
is line 0), exit 1.

Example: gumshoe solve friday.log
`,
		run: runSolve,
	})
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(commands["solve"], stdout, stderr)
	asJSON := fs.Bool("json", false, "print one JSON document (schema "+table.Schema+", see docs/json.md)")
	colorMode := fs.String("color", "auto", "colour: auto, always or never")
	deck := fs.String("deck", "", "a file of setup lines read before the log (Clue's custom decks)")
	if code, ok := parseArgs(fs, args, 1, 1, "one game log (or - for the standard input)"); !ok {
		return code
	}
	var on bool
	switch *colorMode {
	case "auto":
		on = !*asJSON && isTerminal(stdout) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	case "always":
		on = !*asJSON
	case "never":
	default:
		return usageError(fs, "--color is auto, always or never, not %q", *colorMode)
	}
	g, l, code := loadGame(fs, fs.Arg(0), *deck, stdin)
	if g == nil {
		return code
	}
	ctx := context.Background()
	refineOnce(ctx, g)
	if *asJSON {
		def, _ := games.Find(l.Game)
		return exitWith(fs, table.SolveJSON(ctx, g, def.Title, stdout))
	}
	grid, err := g.Sheet(ctx)
	if err != nil {
		return exitWith(fs, err)
	}
	// The sheet once, as the session draws it; then the reports, which
	// leave the sheet out.
	drawGrid(stdout, newPainter(on), grid, nil)
	fmt.Fprintln(stdout)
	return exitWith(fs, g.Report(ctx, stdout))
}
