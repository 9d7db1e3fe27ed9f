package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestServeUsage checks the command lines serve refuses before it
// listens.
func TestServeUsage(t *testing.T) {
	tests := []struct {
		why  string
		args []string
		want string
	}{
		{"a non-loopback address needs --lan", []string{"serve", "--addr", "0.0.0.0:8080"}, "not a loopback address"},
		{"a LAN address needs --lan", []string{"serve", "--addr", "192.168.1.2:8080"}, "add --lan"},
		{"a bad address", []string{"serve", "--addr", "nonsense"}, "--addr"},
		{"resume takes no setup", []string{"serve", "--resume", "x.log", "--players", "a,b,c"}, "takes no setup"},
		{"an unknown game", []string{"serve", "chess"}, "unknown game"},
		{"setup without a game", []string{"serve", "--players", "a,b,c"}, "name the game"},
		{"a wrong setup", []string{"serve", "dod", "--players", "a,b", "--me", "a"}, "serve"},
		{"two games", []string{"serve", "dod", "clue"}, "at most one game"},
		{"a missing log", []string{"serve", "--resume", "/nonexistent/x.log"}, "no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.why, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(tc.args, strings.NewReader(""), &out, &errb)
			if code == exitOK || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want an error with %q", code, errb.String(), tc.want)
			}
		})
	}
}

// TestPuzzleHTML checks that --format html writes a page to print, with
// its four pages.
func TestPuzzleHTML(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"puzzle", "dod", "--difficulty", "easy", "--seed", "1", "--format", "html"}, strings.NewReader(""), &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, id := range []string{"puzzle", "sheet", "answer", "solution"} {
		if !strings.Contains(out.String(), `<section class="page" id="`+id+`">`) {
			t.Errorf("no %s page", id)
		}
	}
}
