package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUsage checks the exit status of command lines and where their text
// goes: every usage error exits 2 with its message on stderr; help, asked
// for in any way, goes to stdout and exits 0; a command's help explains
// its arguments with an example.
func TestUsage(t *testing.T) {
	tests := []struct {
		why    string
		args   []string
		code   int
		stdout []string // parts of stdout
		stderr []string // parts of stderr
	}{
		{"no command", nil, exitUsage, nil, []string{"Commands:"}},
		{"gumshoe help", []string{"help"}, exitOK, []string{"Commands:", "solve", "why", "advise", "play"}, nil},
		{"gumshoe --help", []string{"--help"}, exitOK, []string{"Commands:"}, nil},
		{"gumshoe help --help", []string{"help", "--help"}, exitOK, []string{"Commands:"}, nil},
		{"help on help", []string{"help", "help"}, exitOK, []string{"Usage: gumshoe help"}, nil},
		{"help of an unknown command", []string{"help", "chess"}, exitUsage, nil, []string{"unknown command"}},
		{"play --help goes to stdout", []string{"play", "--help"}, exitOK, []string{"Usage: gumshoe play", "Example: gumshoe play dod", "--players"}, nil},
		{"help play goes to stdout", []string{"help", "play"}, exitOK, []string{"Usage: gumshoe play", "--players"}, nil},
		{"why explains FACT with each game's facts", []string{"why", "--help"}, exitOK, []string{"FACT is a fact", `"alice 3H"`, `"bob Knife"`, `"alice 7"`, "Example: gumshoe why"}, nil},
		{"dod why --help is why's help", []string{"dod", "why", "--help"}, exitOK, []string{"FACT is a fact", `"not bob 5S"`}, nil},
		{"advise explains ARGS with each game's", []string{"help", "advise"}, exitOK, []string{"ARGS are the", `"advise 3H 5S 5S"`, "Example: gumshoe advise"}, nil},
		{"solve says what it prints", []string{"help", "solve"}, exitOK, []string{"FILE is a game log", "line 0", "Example: gumshoe solve"}, nil},
		{"puzzle help", []string{"puzzle", "--help"}, exitOK, []string{"GAME is the game", "Example: gumshoe puzzle"}, nil},
		{"simulate help", []string{"dod", "simulate", "--help"}, exitOK, []string{"Example: gumshoe dod simulate"}, nil},
		{"why without a fact", []string{"why", "testdata/dod-example.log"}, exitUsage, nil, []string{"expected a game log and a fact"}},
		{"solve with two files", []string{"solve", "a.log", "b.log"}, exitUsage, nil, []string{"expected one game log"}},
		{"an unknown flag", []string{"solve", "--bogus", "x.log"}, exitUsage, nil, []string{"--bogus"}},
		{"a negative timeout", []string{"advise", "--timeout", "-1s", "testdata/dod-example.log"}, exitUsage, nil, []string{"--timeout"}},
		{"--me names no player", []string{"play", "dod", "--players", "alice,bob,carol", "--me", "zed", "--no-log"}, exitUsage, nil, []string{"zed"}},
		{"--me without players", []string{"play", "dod", "--me", "zed", "--no-log"}, exitUsage, nil, []string{"name the players"}},
		{"a hand of the wrong size", []string{"play", "dod", "--players", "alice,bob,carol", "--me", "bob", "--hand", "8S,8H", "--no-log"}, exitUsage, nil, []string{"2 cards"}},
		{"an unknown deck", []string{"play", "clue", "--deck", "monopoly", "--players", "a,b,c", "--no-log"}, exitUsage, nil, []string{"monopoly"}},
		{"puzzle --players 99", []string{"puzzle", "dod", "--players", "99"}, exitUsage, nil, []string{"3 to 6 players"}},
		{"puzzle --workers -3", []string{"puzzle", "dod", "--workers", "-3"}, exitUsage, nil, []string{"--workers"}},
		{"puzzle --preset for another game", []string{"puzzle", "dod", "--preset", "cardgame"}, exitUsage, nil, []string{"--preset"}},
		{"puzzle --force without --out", []string{"puzzle", "dod", "--force"}, exitUsage, nil, []string{"--force"}},
		{"an unknown game", []string{"play", "chess"}, exitUsage, nil, []string{"unknown game"}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		if code != tt.code {
			t.Errorf("%s: gumshoe %q exits %d, want %d\nstderr: %s", tt.why, tt.args, code, tt.code, stderr.String())
		}
		for _, w := range tt.stdout {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("%s: stdout lacks %q:\n%s", tt.why, w, stdout.String())
			}
		}
		for _, w := range tt.stderr {
			if !strings.Contains(stderr.String(), w) {
				t.Errorf("%s: stderr lacks %q:\n%s", tt.why, w, stderr.String())
			}
		}
		if tt.code == exitOK && stderr.Len() > 0 {
			t.Errorf("%s: help wrote to stderr: %s", tt.why, stderr.String())
		}
		if tt.code == exitUsage && len(tt.stdout) == 0 && stdout.Len() > 0 {
			t.Errorf("%s: a usage error wrote to stdout: %s", tt.why, stdout.String())
		}
	}
}

// TestPlayPipedRefusals checks that piping lines into play exits 1 when a
// line was refused (the session goes on reading), and 0 when none was.
func TestPlayPipedRefusals(t *testing.T) {
	for _, tt := range []struct {
		stdin string
		code  int
	}{
		{"ann lacks C\nlog\n", exitOK},
		{"garbage\nann lacks C\n", exitError},
		{"why ann A\n", exitError},
		{"delete 9\n", exitError},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"play", "toy", "--players", "ann,bob", "--no-log"}, strings.NewReader(tt.stdin), &stdout, &stderr)
		if code != tt.code {
			t.Errorf("%q: exit %d, want %d\n%s%s", tt.stdin, code, tt.code, stdout.String(), stderr.String())
		}
		if tt.code == exitError && !strings.Contains(stderr.String(), "refused") {
			t.Errorf("%q: stderr does not say lines were refused: %s", tt.stdin, stderr.String())
		}
	}
}

// TestPlayUnicodeNames checks that names with accents work through the
// setup flags: José and Zoë are players, and lines name them.
func TestPlayUnicodeNames(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"play", "dod", "--players", "José,Zoë,bob", "--me", "Zoë", "--no-log"},
		strings.NewReader("reveal José clubs\nlog\n"), &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
	for _, w := range []string{"   1 players José Zoë bob", "   2 seat Zoë", "   3 reveal José clubs"} {
		if !strings.Contains(stdout.String(), w) {
			t.Errorf("the log lacks %q:\n%s", w, stdout.String())
		}
	}
}

// TestPuzzleFiles checks the files of --out: readable by all (0644 less
// the umask), an existing file kept unless --force.
func TestPuzzleFiles(t *testing.T) {
	dir := t.TempDir()
	args := []string{"puzzle", "deductio", "--seed", "5", "--out", dir}
	var stdout, stderr bytes.Buffer
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	path := filepath.Join(dir, "deductio-001.txt")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := 0o644 &^ umask(); fi.Mode().Perm() != want {
		t.Errorf("mode %v, want %v", fi.Mode().Perm(), want)
	}
	if err := os.WriteFile(path, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitError || !strings.Contains(stderr.String(), "--force") {
		t.Errorf("an existing file: exit %d, stderr %q", code, stderr.String())
	}
	if data, _ := os.ReadFile(path); string(data) != "mine" {
		t.Errorf("the existing file was overwritten")
	}
	if code := run(append(args, "--force"), strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("--force: exit %d: %s", code, stderr.String())
	}
	if data, _ := os.ReadFile(path); string(data) == "mine" {
		t.Errorf("--force did not replace the file")
	}
}
