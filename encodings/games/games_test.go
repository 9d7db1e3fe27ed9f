package games_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gumshoe-dev/gumshoe/encodings/games"
)

func TestNamesDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, d := range games.All {
		for _, n := range append([]string{d.Name}, d.Aliases...) {
			assert.Empty(t, seen[n], "%q names both %s and %s", n, seen[n], d.Name)
			seen[n] = d.Name
		}
		got, ok := games.All.Find(d.Name)
		assert.True(t, ok, d.Name)
		assert.Equal(t, d.Name, got.Name)
	}
}

func Example() {
	for _, d := range games.All {
		fmt.Printf("%s: %s\n", d.Name, d.Title)
	}
	// Output:
	// dod: Deduce or Die
	// clue: Clue
	// deductio: Deductio
	// mbtd: Murder By The Deck
	// tbam: There's Been A Murder
}

// TestSimulatorsLoad: every game's simulator, at its default flags, prints a
// log that its own Definition loads through the table contract.
func TestSimulatorsLoad(t *testing.T) {
	for _, g := range games.All {
		t.Run(g.Name, func(t *testing.T) {
			fs := pflag.NewFlagSet(g.Name+" simulate", pflag.ContinueOnError)
			run := g.Simulator.Flags(fs)
			require.NoError(t, fs.Parse([]string{"--seed", "3"}))
			var b strings.Builder
			require.NoError(t, run(&b))
			log := b.String()
			if g.Name == "dod" { // every seat's log: keep the first
				log = strings.SplitN(log, "\n\n", 2)[0] + "\n"
			}
			if !strings.HasPrefix(log, "game ") && !strings.Contains(log, "\ngame ") {
				log = "game " + g.Name + "\n" + log
			}
			_, _, err := games.All.Definitions().Load(strings.NewReader(log))
			require.NoError(t, err, log)
		})
	}
}

// TestSimulatorUsageErrors: a bad flag value is a *games.UsageError, which
// the command line shows with the way to help.
func TestSimulatorUsageErrors(t *testing.T) {
	cases := []struct{ game, flag, value, want string }{
		{"dod", "--seat", "zed", `no seat "zed"`},
		{"clue", "--seat", "9", "--seat is 0 to 3"},
		{"deductio", "--seat", "zed", `no seat "zed"`},
		{"mbtd", "--seat", "zed", `no seat "zed"`},
		{"tbam", "--level", "expert", "--level"},
	}
	for _, c := range cases {
		g, ok := games.All.Find(c.game)
		require.True(t, ok, c.game)
		fs := pflag.NewFlagSet(c.game, pflag.ContinueOnError)
		run := g.Simulator.Flags(fs)
		require.NoError(t, fs.Parse([]string{c.flag, c.value}))
		err := run(io.Discard)
		ue, ok := errors.AsType[*games.UsageError](err)
		require.True(t, ok, "%s %s %s: %v is not a usage error", c.game, c.flag, c.value, err)
		assert.Contains(t, ue.Msg, c.want)
	}
}

func TestFindAndPuzzles(t *testing.T) {
	g, ok := games.All.Find("CLUEDO")
	if d, dok := games.All.Definitions().Find("cluedo"); dok {
		require.True(t, ok)
		assert.Equal(t, d.Name, g.Name)
	}
	_, ok = games.All.Find("chess")
	assert.False(t, ok)
	var names []string
	for _, g := range games.All.WithPuzzles() {
		names = append(names, g.Name)
		assert.NotNil(t, g.Puzzles.Make, g.Name)
		assert.LessOrEqual(t, g.Puzzles.MinPlayers, g.Puzzles.Players, g.Name)
		assert.LessOrEqual(t, g.Puzzles.Players, g.Puzzles.MaxPlayers, g.Name)
	}
	assert.Equal(t, []string{"dod", "clue", "deductio"}, names)
}
