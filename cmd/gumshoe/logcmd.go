package main

// gumshoe why    [--json] [--deck DECKFILE] FILE FACT...
// gumshoe advise [--json] [--timeout D] [--deck DECKFILE] FILE [ARGS...]
//
// Why and advise read a game log of any game (the header "game <name>"
// says which; FILE "-" is the standard input) and answer through the
// contract every game implements: why explains a fact by a minimal set of
// the log's lines, numbered as everywhere (the header is line 0); advise
// writes the seat's advice, given the game's own arguments.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

func init() {
	register(command{
		name:    "why",
		summary: "explain a fact of a game log by the lines that force it",
		usage:   "[--json] [--deck DECKFILE] FILE FACT...",
		help: `FILE is a game log of any game ("-": the standard input). FACT is a fact in
the game's notation, the rest of the command line:
` + gameTexts(func(d table.Definition) string { return d.Help.Why }) + `
A fact that the log does not force is an error (exit 1).

Example: gumshoe why friday.log not bob 5S
`,
		run: runWhy,
	})
	register(command{
		name:    "advise",
		summary: "advice for the seat of a game log",
		usage:   "[--json] [--timeout D] [--deck DECKFILE] FILE [ARGS...]",
		help: `FILE is a game log of any game ("-": the standard input). ARGS are the
game's own, the rest of the command line:
` + gameTexts(func(d table.Definition) string { return d.Help.Advise }) + `
Advice conditions on every answer of every question and can take long with
many players; --timeout bounds it (exit 1 when it gives up).

Example: gumshoe advise friday.log 3H 5S 5S
`,
		run: runAdvise,
	})
}

// gameTexts is a text of each game, under its title, indented.
func gameTexts(text func(table.Definition) string) string {
	var b strings.Builder
	for _, d := range games {
		t := strings.TrimSpace(text(d))
		if t == "" {
			continue
		}
		fmt.Fprintf(&b, "  %s (%s):\n", d.Title, d.Name)
		for _, l := range strings.Split(t, "\n") {
			fmt.Fprintf(&b, "    %s\n", l)
		}
	}
	return b.String()
}

func runWhy(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(commands["why"], stdout, stderr)
	asJSON := fs.Bool("json", false, "print the explanation as one JSON document")
	deck := fs.String("deck", "", "a file of setup lines read before the log (Clue's custom decks)")
	if code, ok := parseArgs(fs, args, 2, -1, "a game log and a fact, as in: why friday.log alice 3H"); !ok {
		return code
	}
	g, _, code := loadGame(fs, fs.Arg(0), *deck, stdin)
	if g == nil {
		return code
	}
	fact := strings.Join(fs.Args()[1:], " ")
	ctx := context.Background()
	if *asJSON {
		return exitWith(fs, table.WhyJSON(ctx, g, fact, stdout))
	}
	return exitWith(fs, table.Why(ctx, g, fact, stdout))
}

func runAdvise(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(commands["advise"], stdout, stderr)
	asJSON := fs.Bool("json", false, "print the advice as one JSON document")
	timeout := fs.Duration("timeout", 0, "give up after this long, such as 30s (0: no limit)")
	deck := fs.String("deck", "", "a file of setup lines read before the log (Clue's custom decks)")
	if code, ok := parseArgs(fs, args, 1, -1, "a game log, then the game's arguments, as in: advise friday.log 3H 5S 5S"); !ok {
		return code
	}
	if *timeout < 0 {
		return usageError(fs, "--timeout is a duration of 0 or more, not %v", *timeout)
	}
	g, _, code := loadGame(fs, fs.Arg(0), *deck, stdin)
	if g == nil {
		return code
	}
	ctx := context.Background()
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	rest := strings.Join(fs.Args()[1:], " ")
	refineOnce(ctx, g)
	var err error
	if *asJSON {
		err = g.AdviseJSON(ctx, rest, stdout)
	} else {
		err = g.Advise(ctx, rest, stdout)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("advice gave up after --timeout %v", *timeout)
	}
	return exitWith(fs, err)
}
