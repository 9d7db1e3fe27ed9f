package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
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

// TestMain lets the test binary serve a game log, when
// GUMSHOE_WEB_TEST_SERVE names it, for the kill test: it prints the
// address and the game's id, then serves until killed.
func TestMain(m *testing.M) {
	if path := os.Getenv("GUMSHOE_WEB_TEST_SERVE"); path != "" {
		os.Exit(serveForKill(path))
	}
	os.Exit(m.Run())
}

func serveForKill(path string) int {
	s, err := New(Options{Games: testGames})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	id, err := s.Resume(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("%s %s\n", ln.Addr(), id)
	return exitCode(http.Serve(ln, s))
}

func exitCode(err error) int {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestKillLosesNoLine runs the server as a process of its own, posts the
// lines of a simulated game of Deduce or Die to it, and kills it (SIGKILL)
// at a random moment: every line it accepted is in the log, the log holds
// the lines posted in order with at most the one line in flight besides,
// and it replays.
func TestKillLosesNoLine(t *testing.T) {
	sim, err := deduceordie.Simulate(deduceordie.SimOptions{Players: 4, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	l, err := table.ParseLog([]byte(sim.Log(0)))
	if err != nil {
		t.Fatal(err)
	}
	setup, typed := l.Lines[:3], l.Lines[3:]
	for i := range 40 {
		typed = append(typed, fmt.Sprintf("# note %d", i))
	}
	rng := rand.New(rand.NewPCG(19, 5))
	for run := range 5 {
		path := filepath.Join(t.TempDir(), "game.log")
		if err := (&table.Log{Game: "dod", Lines: setup}).Save(path); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "GUMSHOE_WEB_TEST_SERVE="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		first, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal(err)
		}
		addr, id, _ := strings.Cut(strings.TrimSpace(first), " ")
		url := "http://" + addr + "/api/t/" + id + "/command"

		// Kill after a random number of accepted lines and a random pause.
		killAfter := 1 + rng.IntN(len(typed)-1)
		pause := time.Duration(rng.IntN(3000)) * time.Microsecond
		var accepted []string
		posted := 0
		client := &http.Client{Timeout: 30 * time.Second}
		killed := make(chan struct{})
		for _, line := range typed {
			if len(accepted) == killAfter {
				go func() {
					time.Sleep(pause)
					cmd.Process.Kill() // SIGKILL
					close(killed)
				}()
			}
			body, _ := json.Marshal(commandRequest{Text: line})
			posted++
			resp, err := client.Post(url, "application/json", bytes.NewReader(body))
			if err != nil {
				break // killed
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("run %d: line %q refused: %d", run, line, resp.StatusCode)
			}
			accepted = append(accepted, line)
		}
		if len(accepted) < killAfter || posted == len(typed) && len(accepted) == len(typed) {
			cmd.Process.Kill()
		}
		select {
		case <-killed:
		case <-time.After(time.Second):
		}
		cmd.Wait()

		got, err := table.LoadLog(path)
		if err != nil {
			t.Fatalf("run %d: the log does not read after the kill: %v", run, err)
		}
		if !slices.Equal(got.Lines[:3], setup) {
			t.Fatalf("run %d: setup lost: %q", run, got.Lines)
		}
		lines := got.Lines[3:]
		if len(lines) < len(accepted) || len(lines) > len(accepted)+1 || !slices.Equal(lines, typed[:len(lines)]) {
			t.Fatalf("run %d: %d lines accepted, the log holds %d: %q", run, len(accepted), len(lines), lines)
		}
		if _, err := table.Replay(deduceordie.Definition, got); err != nil {
			t.Fatalf("run %d: the log does not replay: %v", run, err)
		}
		t.Logf("run %d: killed after %d accepted lines (+%v); the log holds %d", run, len(accepted), pause, len(lines))
	}
}
