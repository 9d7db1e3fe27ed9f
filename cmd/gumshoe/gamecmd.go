package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// The game commands, "gumshoe dod|clue|deductio SUBCOMMAND", hold what is
// truly a game's own: its simulator. solve, why and advise after a game's
// name are the commands every game shares.
func init() {
	for _, g := range allgames.All {
		register(gameCommand(g))
	}
}

// gameCommand is "gumshoe <game> SUBCOMMAND".
func gameCommand(g allgames.Game) command {
	c := command{
		name:    g.Name,
		summary: g.Title + ": simulated games",
		usage:   "simulate [flags]",
		help: fmt.Sprintf(`Subcommands:
  simulate %s
      %s
  solve, why, advise
      the commands every game shares: "gumshoe %s solve FILE" is
      "gumshoe solve FILE" (see "gumshoe help solve").

Example: gumshoe help %s simulate
`, g.Simulator.Usage, g.Simulator.Summary, g.Name, g.Name),
	}
	c.run = func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		fs := newFlags(c, stdout, stderr)
		if len(args) == 0 || strings.HasPrefix(args[0], "-") {
			if code, ok := parseFlags(fs, args); !ok {
				return code
			}
			return usageError(fs, "expected a subcommand: simulate")
		}
		switch sub := args[0]; sub {
		case "simulate":
			sc := command{name: g.Name + " simulate", summary: g.Simulator.Summary, usage: g.Simulator.Usage, help: g.Simulator.Help}
			return runSimulator(g.Simulator, newFlags(sc, stdout, stderr), args[1:], stdout)
		case "solve", "why", "advise":
			return commands[sub].run(args[1:], stdin, stdout, stderr)
		default:
			return usageError(fs, "unknown subcommand %q (simulate; or solve, why, advise)", sub)
		}
	}
	return c
}

// runSimulator runs a game's simulator with args (flags only), its log on
// stdout; a mistake in the flags' values is a usage error.
func runSimulator(sim allgames.Simulator, fs *pflag.FlagSet, args []string, stdout io.Writer) int {
	run := sim.Flags(fs)
	if code, ok := parseArgs(fs, args, 0, 0, "no arguments besides the flags"); !ok {
		return code
	}
	err := run(stdout)
	if ue, ok := errors.AsType[*allgames.UsageError](err); ok {
		return usageError(fs, "%s", ue.Msg)
	}
	return exitWith(fs, err)
}

// exitWith prints err, if any, as "gumshoe <command>: err" and returns the
// exit code for it.
func exitWith(fs *pflag.FlagSet, err error) int {
	if err != nil {
		fmt.Fprintf(fs.Output(), "%s: %v\n", fs.Name(), err)
		return exitError
	}
	return exitOK
}

// deckGame is a game that reads a file of setup lines before its log (a
// custom deck of Clue): see the --deck flag of solve, why and advise.
type deckGame interface {
	ApplyDeck(r io.Reader) error
}

// loadGame reads the game log in path ("-": stdin), finds its game by its
// header and replays it ([table.Games.Load]); deck, when not "", is a file
// of setup lines applied first. Errors are reported on stderr as "gumshoe
// <command>: FILE: line N: ..." and come back as an exit code other than
// exitOK.
func loadGame(fs *pflag.FlagSet, path, deck string, stdin io.Reader) (table.Game, *table.Log, int) {
	name, r := path, stdin
	if path == "-" {
		name = "stdin"
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, exitWith(fs, err)
		}
		defer f.Close()
		r = f
	}
	if deck == "" {
		g, l, err := games.Load(r)
		if err == nil {
			err = table.CheckReady(context.Background(), g)
		}
		if err != nil {
			return nil, nil, exitWith(fs, fmt.Errorf("%s: %w", name, err))
		}
		return g, l, exitOK
	}
	l, err := table.ReadLog(r)
	if err != nil {
		return nil, nil, exitWith(fs, fmt.Errorf("%s: %w", name, err))
	}
	def, err := games.Lookup(l.Game)
	if err != nil {
		return nil, nil, exitWith(fs, fmt.Errorf("%s: %w", name, &table.LogError{Line: 0, Err: err}))
	}
	g := def.New()
	dg, ok := g.(deckGame)
	if !ok {
		return nil, nil, usageError(fs, "--deck: %s has no deck files", def.Title)
	}
	f, err := os.Open(deck)
	if err != nil {
		return nil, nil, exitWith(fs, err)
	}
	defer f.Close()
	if err := dg.ApplyDeck(f); err != nil {
		return nil, nil, exitWith(fs, fmt.Errorf("%s: %w", deck, err))
	}
	err = table.ApplyLines(g, l.Lines)
	if err == nil {
		err = table.CheckReady(context.Background(), g)
	}
	if err != nil {
		return nil, nil, exitWith(fs, fmt.Errorf("%s: %w", name, err))
	}
	return g, l, exitOK
}

// refineOnce gives a game whose estimates improve with time
// (table.Refiner) the time of a command that answers once: no line is
// coming, so the game's sheet is drawn (which brings its estimates up to
// the lines) and it refines until it has nothing more to do. It is best
// effort: a sheet that cannot be drawn, or a ctx done, leaves the game as
// it is, for the command to report what it finds.
func refineOnce(ctx context.Context, g table.Game) {
	if _, ok := g.(table.Refiner); !ok {
		return
	}
	if _, err := g.Sheet(ctx); err != nil {
		return
	}
	table.RefineAll(ctx, g)
}
