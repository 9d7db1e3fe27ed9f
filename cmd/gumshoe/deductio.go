package main

// gumshoe deductio solve   [--json] FILE
// gumshoe deductio advise  [--free] [--row CLUES] FILE
// gumshoe deductio why     FILE FACT
// gumshoe deductio simulate [--players N] [--seed S] [--seat NAME]
//
// Deductio keeps the sheet for Deductio, the game of secret numbers and
// clue cards. FILE is a game log ("game deductio", then one line an entry;
// docs/encodings/deductio.md is the grammar); "-" is the standard input.
//
//   - solve prints the sheet and, for every player, each candidate number
//     with its exact probability, the forced numbers, the lines that rule
//     out every other number, what the table knows of the seat's number and
//     the best guess. With --json it prints the report as one JSON document
//     (schema in docs/encodings/deductio.md).
//   - advise says which guess to make now, or to play a clue card instead,
//     and which face-up clue card tells the table least about the seat's
//     number. --row gives the three face-up clue cards (the last row line
//     of the log otherwise); --free says the seat has a free guess.
//   - why explains a fact about a player's current number, "alice 7" or
//     "not alice 7", by a minimal set of lines of the log.
//   - simulate plays a random legal game and prints a log: the
//     spectator's, or with --seat the log of that seat (alice, bob, carol,
//     dave in seat order).

import (
	"context"
	"fmt"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"io"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
)

func init() {
	register(command{
		name:    "deductio",
		summary: "Deductio: candidate odds, advice and simulated games",
		usage:   "solve [--json] FILE | advise [--free] [--row CLUES] FILE | why FILE FACT | simulate [--players N] [--seed S] [--seat NAME]",
		run:     runDeductio,
	})
}

func runDeductio(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("deductio", stderr)
	sub, args, code, ok := subcommand(fs, args)
	if !ok {
		return code
	}
	ctx := context.Background()
	switch sub {
	case "solve":
		asJSON := fs.Bool("json", false, "print the report as JSON")
		if code, ok := parseArgs(fs, args, 1, 1); !ok {
			return code
		}
		g, code := loadLog("deductio", deductio.Load, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		if *asJSON {
			return exitWith("deductio", stderr, g.ReportJSON(ctx, stdout))
		}
		grid, err := g.Sheet(ctx)
		if err != nil {
			return exitWith("deductio", stderr, err)
		}
		if err := grid.WriteText(stdout); err != nil {
			return exitWith("deductio", stderr, err)
		}
		fmt.Fprintln(stdout)
		return exitWith("deductio", stderr, g.Report(ctx, stdout))
	case "advise":
		free := fs.Bool("free", false, "the seat has a free guess (no penalty if wrong)")
		row := fs.String("row", "", `the face-up clue cards, such as "even >=7 not:9,19"`)
		if code, ok := parseArgs(fs, args, 1, 1); !ok {
			return code
		}
		g, code := loadLog("deductio", deductio.Load, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		a := *row
		if *free {
			a = "free " + a
		}
		return exitWith("deductio", stderr, g.Advise(ctx, a, stdout))
	case "why":
		if code, ok := parseArgs(fs, args, 2, -1); !ok {
			return code
		}
		g, code := loadLog("deductio", deductio.Load, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		return exitWith("deductio", stderr, table.Why(ctx, g, strings.Join(fs.Args()[1:], " "), stdout))
	case "simulate":
		players := fs.Int("players", 3, "number of players, 2 to 4")
		seed := fs.Uint64("seed", 1, "the seed of the game")
		seat := fs.String("seat", "", "print this seat's log instead of the spectator's")
		if code, ok := parseArgs(fs, args, 0, 0); !ok {
			return code
		}
		sim, err := deductio.Simulate(deductio.SimOptions{Players: *players, Seed: *seed})
		if err != nil {
			fmt.Fprintln(stderr, "gumshoe deductio:", err)
			return exitUsage
		}
		lines := sim.Public
		if *seat != "" {
			i := -1
			for j, p := range sim.Players {
				if p == *seat {
					i = j
				}
			}
			if i < 0 {
				fmt.Fprintf(stderr, "gumshoe deductio: no seat %q (the players are %s)\n", *seat, strings.Join(sim.Players, ", "))
				return exitUsage
			}
			lines = sim.Logs[i]
		}
		var b strings.Builder
		fmt.Fprintf(&b, "game %s\n# simulated: %d players, seed %d; ", deductio.Name, *players, *seed)
		if sim.Winner != "" {
			fmt.Fprintf(&b, "%s won after %d turns\n", sim.Winner, sim.Turns)
		} else {
			fmt.Fprintf(&b, "no winner after %d turns\n", sim.Turns)
		}
		for _, l := range lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		_, err = io.WriteString(stdout, b.String())
		return exitWith("deductio", stderr, err)
	}
	fmt.Fprintf(stderr, "gumshoe deductio: unknown subcommand %q (solve, advise, why or simulate)\n", sub)
	return exitUsage
}
