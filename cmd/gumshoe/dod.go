package main

// gumshoe dod solve    [--json] FILE
// gumshoe dod advise   [--json] [--timeout D] --draw "3H 5S 5S" FILE
// gumshoe dod why      FILE FACT
// gumshoe dod simulate [--players N] [--seed S] [--seat NAME]
//
// Dod keeps the sheet for Deduce or Die. FILE is a game log ("game dod",
// then one line an entry; docs/rules/deduce-or-die.md is the grammar); "-"
// is the standard input.
//
//   - solve prints the sheet (every card against every holder: ✓ forced,
//     ✗ impossible, else a percentage), the number of deals left, the
//     Evidence pairs, the Murder cards and the murderers with exact
//     probabilities, and the seat's best accusation. With --json it prints
//     one JSON document (schema in docs/encodings/deduce-or-die.md).
//   - advise ranks every question the seat may ask with the three
//     Interrogation cards of --draw, by expected information gain on the
//     Evidence pair and the murderer, with each answer's exact chance; it
//     adds the best Secret Interrogation while the seat has it, and passing.
//     Advice conditions the count on every possible answer of every
//     question and can take long with many players; --timeout bounds it.
//   - why explains a forced fact, "alice 3H", "not bob 5S" or
//     "evidence 7C", by a minimal set of lines of the log.
//   - simulate plays a seeded random legal game and prints every seat's
//     log (or, with --seat, that seat's log alone, ready for solve).

import (
	"context"
	"errors"
	"fmt"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"io"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
)

func init() {
	register(command{
		name:    "dod",
		summary: "Deduce or Die: sheet, odds, advice and simulated games",
		usage:   `solve [--json] FILE | advise [--json] [--timeout D] --draw "3H 5S 5S" FILE | why FILE FACT | simulate [--players N] [--seed S] [--seat NAME]`,
		run:     runDod,
	})
}

func runDod(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("dod", stderr)
	sub, args, code, ok := subcommand(fs, args)
	if !ok {
		return code
	}
	ctx := context.Background()
	switch sub {
	case "solve":
		asJSON := fs.Bool("json", false, "print the reports as one JSON document")
		if code, ok := parseArgs(fs, args, 1, 1); !ok {
			return code
		}
		g, code := loadLog("dod", deduceordie.Load, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		if *asJSON {
			return exitWith("dod", stderr, g.ReportJSON(ctx, stdout))
		}
		return exitWith("dod", stderr, g.Report(ctx, stdout))
	case "advise":
		asJSON := fs.Bool("json", false, "print the advice as one JSON document")
		draw := fs.String("draw", "", `the three Interrogation cards drawn, such as "3H 5S 5S"`)
		timeout := fs.Duration("timeout", 0, "give up after this long, such as 30s (0: no limit)")
		if code, ok := parseFlags(fs, args); !ok {
			return code
		}
		if *timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, *timeout)
			defer cancel()
		}
		if fs.NArg() != 1 || *draw == "" {
			fs.Usage()
			return exitUsage
		}
		d, err := deduceordie.ParseDraw(*draw)
		if err != nil {
			fmt.Fprintf(stderr, "gumshoe dod: --draw: %v\n", err)
			return exitUsage
		}
		g, code := loadLog("dod", deduceordie.Load, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		a, err := g.Advice(ctx, d)
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("advice gave up after --timeout %v", *timeout)
		}
		if err != nil {
			return exitWith("dod", stderr, err)
		}
		if *asJSON {
			return exitWith("dod", stderr, g.WriteAdviceJSON(stdout, a))
		}
		return exitWith("dod", stderr, g.WriteAdvice(stdout, a))
	case "why":
		if code, ok := parseArgs(fs, args, 2, -1); !ok {
			return code
		}
		g, code := loadLog("dod", deduceordie.Load, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		return exitWith("dod", stderr, table.Why(ctx, g, strings.Join(fs.Args()[1:], " "), stdout))
	case "simulate":
		players := fs.Int("players", 4, "number of players, 3 to 6")
		seed := fs.Uint64("seed", 1, "the seed of the game")
		seat := fs.String("seat", "", "print only this seat's log")
		if code, ok := parseArgs(fs, args, 0, 0); !ok {
			return code
		}
		sim, err := deduceordie.Simulate(deduceordie.SimOptions{Players: *players, Seed: *seed})
		if err != nil {
			fmt.Fprintln(stderr, "gumshoe dod:", err)
			return exitUsage
		}
		var b strings.Builder
		found := false
		for i, p := range sim.Players {
			if *seat != "" && !strings.EqualFold(*seat, p) {
				continue
			}
			found = true
			if *seat == "" {
				if i > 0 {
					b.WriteByte('\n')
				}
				fmt.Fprintf(&b, "# %s's log (simulated: %d players, seed %d)\n", p, *players, *seed)
			}
			b.WriteString(sim.Log(i))
		}
		if !found {
			fmt.Fprintf(stderr, "gumshoe dod: no seat %q (the players are %s)\n", *seat, strings.Join(sim.Players, ", "))
			return exitUsage
		}
		_, err = io.WriteString(stdout, b.String())
		return exitWith("dod", stderr, err)
	}
	fmt.Fprintf(stderr, "gumshoe dod: unknown subcommand %q (solve, advise, why or simulate)\n", sub)
	return exitUsage
}
