package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// long turns on the long runs: many more kills in TestKillLeavesValidLog.
var long = flag.Bool("long", false, "run the long property tests (hundreds of killed sessions)")

// TestMain lets the test binary act as gumshoe itself, with the test-only
// games registered, when GUMSHOE_TEST_MAIN is set: the kill test runs real
// processes of it.
func TestMain(m *testing.M) {
	if os.Getenv("GUMSHOE_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// killScript is a game a killed session is fed: its setup flags, the game
// lines typed, and the lines the log starts with (from the flags).
type killScript struct {
	name  string
	args  []string
	setup []string // the lines the flags stand for
	typed []string
	kills int // in the default run; -long makes it 300
}

func killScripts(t *testing.T) []killScript {
	// The toy game: every accepted line, comments included, rewrites the log.
	toy := killScript{
		name:  "toy",
		args:  []string{"play", "toy", "--players", "ann,bob,me", "--me", "me", "--hand", "A,B"},
		setup: []string{"players ann bob me", "me me", "me has A", "me has B"},
		kills: 12,
	}
	for i := range 60 {
		switch i {
		case 10:
			toy.typed = append(toy.typed, "ann lacks C")
		case 30:
			toy.typed = append(toy.typed, "bob has one of C D")
		default:
			toy.typed = append(toy.typed, fmt.Sprintf("# turn %d: nothing seen", i))
		}
	}
	// A simulated game of Deduce or Die, the real thing.
	sim, err := deduceordie.Simulate(deduceordie.SimOptions{Players: 4, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	l, err := table.ParseLog([]byte(sim.Log(3)))
	if err != nil {
		t.Fatal(err)
	}
	dod := killScript{name: "dod", args: []string{"play", "dod"}, typed: l.Lines, kills: 4}
	if !*long {
		dod.typed = dod.typed[:min(len(dod.typed), 12)] // keeps the default run short
	}
	return []killScript{toy, dod}
}

// TestKillLeavesValidLog starts real "gumshoe play" processes, feeds them a
// game, kills them (SIGKILL) at random moments and checks that the log is
// always valid: absent (killed before it was created) or a header and a
// prefix of the lines fed, which replays without error.
func TestKillLeavesValidLog(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	for _, sc := range killScripts(t) {
		t.Run(sc.name, func(t *testing.T) {
			kills := sc.kills
			if *long {
				kills = 300
			}
			dir := t.TempDir()
			input := strings.Join(sc.typed, "\n") + "\nquit\n"
			// One full run first: how long a whole session takes sets the
			// range of the kill times.
			start := time.Now()
			path := filepath.Join(dir, "full.log")
			if out, err := gumshoeCmd(dir, sc.args, path, input).CombinedOutput(); err != nil {
				t.Fatalf("full run: %v\n%s", err, out)
			}
			full := time.Since(start)
			checkKilledLog(t, sc, path, true)

			rng := rand.New(rand.NewPCG(1, uint64(len(sc.typed))))
			mid := 0
			for i := range kills {
				path := filepath.Join(dir, fmt.Sprintf("kill%d.log", i))
				cmd := gumshoeCmd(dir, sc.args, path, input)
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				time.Sleep(time.Duration(rng.Int64N(int64(full) + 1)))
				cmd.Process.Kill()
				cmd.Wait()
				if n := checkKilledLog(t, sc, path, false); n > 0 && n < len(sc.typed) {
					mid++
				}
			}
			t.Logf("%d of %d kills landed mid-game (full run %v)", mid, kills, full)
			if mid == 0 {
				t.Errorf("no kill landed mid-game in %d tries: the test checked nothing", kills)
			}
		})
	}
}

// gumshoeCmd is the test binary run as gumshoe with args and --log path,
// fed input on its standard input.
func gumshoeCmd(dir string, args []string, path, input string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], append(slices.Clone(args), "--log", path)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GUMSHOE_TEST_MAIN=1", "XDG_DATA_HOME="+filepath.Join(dir, "data"))
	cmd.Stdin = strings.NewReader(input)
	return cmd
}

// checkKilledLog checks the log at path and returns how many typed lines
// it holds; complete says the session ran to its end.
func checkKilledLog(t *testing.T, sc killScript, path string, complete bool) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) && !complete {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	l, err := table.ParseLog(data)
	if err != nil {
		t.Fatalf("%s is not a valid log: %v\n%s", path, err, data)
	}
	def, ok := games.Find(l.Game)
	if !ok || def.Name != sc.args[1] {
		t.Fatalf("%s: header names game %q", path, l.Game)
	}
	want := append(slices.Clone(sc.setup), sc.typed...)
	if len(l.Lines) < len(sc.setup) || !slices.Equal(l.Lines, want[:min(len(l.Lines), len(want))]) || len(l.Lines) > len(want) {
		t.Fatalf("%s holds lines that are not a prefix of those fed:\n%s", path, data)
	}
	if complete && len(l.Lines) != len(want) {
		t.Fatalf("%s: a complete session logged %d lines, want %d", path, len(l.Lines), len(want))
	}
	if _, err := table.ResumeSession(def.New, l.Lines); err != nil {
		t.Fatalf("%s does not replay: %v", path, err)
	}
	return len(l.Lines) - len(sc.setup)
}
