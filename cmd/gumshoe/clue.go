package main

// gumshoe clue solve    [--json] [--deck DECKFILE] FILE
// gumshoe clue advise   [--deck DECKFILE] [--top N] FILE [show ASKER ITEM ITEM [ITEM]]
// gumshoe clue why      [--deck DECKFILE] FILE FACT
// gumshoe clue simulate [--preset NAME] [--players N] [--seed S] [--seat N] [--questions N] [--accuse P] [--reveal]
//
// Clue keeps the sheet for the Clue family: classic Cluedo, the Clue Card
// Game and custom decks. FILE is a game log ("game clue", then one line an
// entry; docs/encodings/clue.md is the grammar); "-" is the standard input.
// --deck names a file of setup lines (category, alias, questions, players,
// size) read before the log, for custom decks.
//
//   - solve prints the sheet of every card and holder (envelope included),
//     the exact envelope odds of every item, the most likely envelopes, the
//     best accusation and, for every known holder, the lines that prove it.
//     With --json it prints one JSON document (docs/encodings/clue.md).
//   - advise ranks the seat's legal questions by the expected information
//     their answer gives about the envelope; with "show ASKER ITEM..." it
//     says which of the seat's matching cards to show.
//   - why explains a fact, "bob Knife" or "not envelope Plum", by a minimal
//     set of lines of the log.
//   - simulate plays a seeded random legal game and prints one seat's log
//     (--seat, 0 for alice); --reveal adds the true envelope as a comment.

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

func init() {
	register(command{
		name:    "clue",
		summary: "Clue / Cluedo: exact envelope odds, question and showing advice, simulated games",
		usage:   "solve [--json] FILE | advise [--top N] FILE [show ASKER ITEM...] | why FILE FACT | simulate [--preset NAME] [--players N] [--seed S]",
		run:     runClue,
	})
}

func runClue(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("clue", stderr)
	sub, args, code, ok := subcommand(fs, args)
	if !ok {
		return code
	}
	ctx := context.Background()
	deck := fs.String("deck", "", "a file of setup lines read before the log (custom decks)")
	switch sub {
	case "solve":
		asJSON := fs.Bool("json", false, "print the report as one JSON document")
		if code, ok := parseArgs(fs, args, 1, 1); !ok {
			return code
		}
		g, code := loadClue(*deck, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		if *asJSON {
			return exitWith("clue", stderr, g.ReportJSON(ctx, stdout))
		}
		return exitWith("clue", stderr, g.Report(ctx, stdout))
	case "advise":
		top := fs.Int("top", 10, "how many questions to list")
		if code, ok := parseArgs(fs, args, 1, -1); !ok {
			return code
		}
		g, code := loadClue(*deck, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		if fs.NArg() > 1 {
			return exitWith("clue", stderr, g.Advise(ctx, strings.Join(fs.Args()[1:], " "), stdout))
		}
		qs, err := g.AdviseQuestions(ctx)
		if err != nil {
			return exitWith("clue", stderr, err)
		}
		return exitWith("clue", stderr, clue.WriteQuestions(stdout, qs, *top))
	case "why":
		if code, ok := parseArgs(fs, args, 2, -1); !ok {
			return code
		}
		g, code := loadClue(*deck, fs.Arg(0), stdin, stderr)
		if g == nil {
			return code
		}
		return exitWith("clue", stderr, table.Why(ctx, g, strings.Join(fs.Args()[1:], " "), stdout))
	case "simulate":
		preset := fs.String("preset", clue.PresetCluedo, "the deck: "+strings.Join(clue.Presets, ", "))
		players := fs.Int("players", 4, "number of players, 2 to 6")
		seed := fs.Uint64("seed", 1, "random seed")
		seat := fs.Int("seat", 0, "whose log to print, 0 for the first player")
		questions := fs.Int("questions", 40, "number of questions at most")
		accuse := fs.Float64("accuse", 0, "chance that a turn is a random accusation")
		reveal := fs.Bool("reveal", false, "add the true envelope as a comment")
		if code, ok := parseArgs(fs, args, 0, 0); !ok {
			return code
		}
		sim, err := clue.Simulate(clue.SimOptions{Preset: *preset, Players: *players, Seed: *seed, Questions: *questions, AccuseChance: *accuse})
		if err != nil {
			fmt.Fprintf(stderr, "gumshoe clue simulate: %v\n", err)
			return exitUsage
		}
		if *seat < 0 || *seat >= *players {
			fmt.Fprintf(stderr, "gumshoe clue simulate: --seat is 0 to %d\n", *players-1)
			return exitUsage
		}
		lines := sim.Log(*seat)
		if *reveal {
			lines = append(lines, "# envelope: "+strings.Join(sim.EnvelopeNames(), " "))
		}
		fmt.Fprintln(stdout, strings.Join(lines, "\n"))
		return exitOK
	default:
		fmt.Fprintf(stderr, "gumshoe clue: unknown subcommand %q (solve, advise, why, simulate)\n", sub)
		return exitUsage
	}
}

// loadClue reads the deck file, if any, then the log.
func loadClue(deck, name string, stdin io.Reader, stderr io.Writer) (*clue.Game, int) {
	if deck == "" {
		return loadLog("clue", clue.Load, name, stdin, stderr)
	}
	f, err := os.Open(deck)
	if err != nil {
		fmt.Fprintf(stderr, "gumshoe clue: %v\n", err)
		return nil, exitError
	}
	defer f.Close()
	withDeck := func(r io.Reader) (*clue.Game, error) { return clue.LoadWithDeck(f, r) }
	return loadLog("clue", withDeck, name, stdin, stderr)
}
