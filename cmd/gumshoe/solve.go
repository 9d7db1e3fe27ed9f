package main

// gumshoe solve [--json] FILE
//
// Solve reads a game log (any game: the header "game <name>" says which),
// replays it and prints the deduction sheet and every report of the game.
// FILE "-" is the standard input. With --json it prints one JSON document
// whose schema is documented in docs/cli.md ("gumshoe.solve/1").

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

func init() {
	register(command{
		name:    "solve",
		summary: "print the sheet and every report of a game log",
		usage:   "[--json] FILE",
		run:     runSolve,
	})
}

// solveSchema names the version of the JSON document of "gumshoe solve
// --json"; it changes only when a field changes meaning or goes away.
const solveSchema = "gumshoe.solve/1"

// solveJSON is the document "gumshoe solve --json" prints.
type solveJSON struct {
	Schema  string          `json:"schema"`
	Game    string          `json:"game"`
	Title   string          `json:"title"`
	Entries int             `json:"entries"`
	Sheet   *table.Grid     `json:"sheet"`
	Reports json.RawMessage `json:"reports"`
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("solve", stderr)
	asJSON := fs.Bool("json", false, "print one JSON document (schema "+solveSchema+", see docs/cli.md)")
	colorMode := fs.String("color", "auto", "colour: auto, always or never")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "gumshoe solve: name one game log (or - for the standard input)")
		return exitUsage
	}
	var on bool
	switch *colorMode {
	case "auto":
		on = !*asJSON && isTerminal(stdout) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	case "always":
		on = !*asJSON
	case "never":
	default:
		fmt.Fprintf(stderr, "gumshoe solve: --color is auto, always or never, not %q\n", *colorMode)
		return exitUsage
	}
	name := fs.Arg(0)
	var (
		l   *table.Log
		err error
	)
	if name == "-" {
		name = "stdin"
		l, err = table.ReadLog(stdin)
	} else {
		l, err = table.LoadLog(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gumshoe solve: %s: %v\n", name, err)
		return exitError
	}
	def, ok := games.Find(l.Game)
	if !ok {
		fmt.Fprintf(stderr, "gumshoe solve: %s: line 0: %v\n", name, &table.UnknownGameError{Name: l.Game, Known: games.Names()})
		return exitError
	}
	g := def.New()
	for i, line := range l.Lines {
		if err := g.Apply(line); err != nil {
			fmt.Fprintf(stderr, "gumshoe solve: %s: line %d: %v\n", name, i+1, err)
			return exitError
		}
	}
	ctx := context.Background()
	grid, err := g.Sheet(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "gumshoe solve: %s: %v\n", name, err)
		return exitError
	}
	if !*asJSON {
		drawGrid(stdout, newPainter(on), grid, nil)
		fmt.Fprintln(stdout)
		if err := g.Report(ctx, stdout); err != nil {
			fmt.Fprintf(stderr, "gumshoe solve: %s: %v\n", name, err)
			return exitError
		}
		return exitOK
	}
	var rep bytes.Buffer
	if err := g.ReportJSON(ctx, &rep); err != nil {
		fmt.Fprintf(stderr, "gumshoe solve: %s: %v\n", name, err)
		return exitError
	}
	if !json.Valid(rep.Bytes()) {
		fmt.Fprintf(stderr, "gumshoe solve: %s: the game's report is not valid JSON\n", name)
		return exitError
	}
	doc := solveJSON{
		Schema:  solveSchema,
		Game:    def.Name,
		Title:   def.Title,
		Entries: len(l.Lines),
		Sheet:   grid,
		Reports: json.RawMessage(bytes.TrimSpace(rep.Bytes())),
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		fmt.Fprintf(stderr, "gumshoe solve: %v\n", err)
		return exitError
	}
	return exitOK
}
