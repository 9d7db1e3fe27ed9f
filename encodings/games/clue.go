package games

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// gumshoe clue simulate [--preset NAME] [--players N] [--seed S] [--seat N] [--questions N] [--accuse P] [--reveal]
var clueSimulator = Simulator{
	Summary: "a seeded random game of Clue: one seat's log",
	Usage:   "[--preset NAME] [--players N] [--seed S] [--seat N] [--questions N] [--accuse P] [--reveal]",
	Help: `Plays a seeded random legal game of Clue and prints one seat's log (--seat,
0 for the first player), ready for "gumshoe solve -"; --reveal adds the true
envelope as a comment at the end. The same seed gives the same game.

Example: gumshoe clue simulate --preset cardgame --players 3 --seed 2 --reveal
`,
	Flags: func(fs *pflag.FlagSet) func(w io.Writer) error {
		preset := fs.String("preset", clue.PresetCluedo, "the deck: "+strings.Join(clue.Presets, ", "))
		players := fs.Int("players", 4, fmt.Sprintf("number of players, 2 to %d", len(clue.SimPlayers)))
		seed := fs.Uint64("seed", 1, "random seed")
		seat := fs.Int("seat", 0, "whose log to print, 0 for the first player")
		questions := fs.Int("questions", 40, "number of questions at most")
		accuse := fs.Float64("accuse", 0, "chance that a turn is a random accusation, 0 to 1")
		reveal := fs.Bool("reveal", false, "add the true envelope as a comment")
		return func(w io.Writer) error {
			switch {
			case *seat < 0 || *seat >= *players:
				return usagef("--seat is 0 to %d, not %d", *players-1, *seat)
			case *questions < 0:
				return usagef("--questions is 0 or more, not %d", *questions)
			case *accuse < 0 || *accuse > 1:
				return usagef("--accuse is a chance from 0 to 1, not %v", *accuse)
			}
			sim, err := clue.Simulate(clue.SimOptions{Preset: *preset, Players: *players, Seed: *seed, Questions: *questions, AccuseChance: *accuse})
			if err != nil {
				return usagef("%v", err)
			}
			lines := sim.Log(*seat)
			if *reveal {
				lines = append(lines, "# envelope: "+strings.Join(sim.EnvelopeNames(), " "))
			}
			_, err = fmt.Fprintln(w, strings.Join(lines, "\n"))
			return err
		}
	},
}

var cluePuzzles = &Puzzles{
	Players:    4,
	MinPlayers: 2,
	MaxPlayers: len(clue.SimPlayers),
	Level:      "medium",
	Make: func(ctx context.Context, seed uint64, o PuzzleOptions, title string) (*puzzle.Page, error) {
		pz, err := clue.GeneratePuzzle(ctx, seed, clue.PuzzleOptions{Preset: o.Preset, Players: o.Players, Level: o.Level, Any: o.Any})
		if err != nil {
			return nil, err
		}
		return verified(ctx, seed, pz.Verify, func() *puzzle.Page { return pz.Page(title) })
	},
}
