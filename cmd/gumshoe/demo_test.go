package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemo runs "gumshoe demo" through run and compares everything it
// prints, and its exit code, with testdata/demo*.golden (go test -update
// rewrites them).
func TestDemo(t *testing.T) {
	tests := []struct {
		golden string
		why    string // what the case checks
		args   []string
	}{
		{"demo.golden", "the built-in game: sheet, forced facts and why Pipe is in the envelope", nil},
		{"demo-why-study.golden", "--why picks the card explained; Study needs four observations, not the envelope rule", []string{"--why", "study"}},
		{"demo-why-open.golden", "a card whose holder is open cannot be explained: exit 1 after the sheet", []string{"--why", "Green"}},
		{"demo-why-unknown.golden", "an unknown card is a usage error", []string{"--why", "Mustard"}},
		{"demo-extra-arg.golden", "demo takes no arguments", []string{"now"}},
		{"demo-help.golden", "--help prints the usage", []string{"--help"}},
	}
	for _, tc := range tests {
		t.Run(tc.golden, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"demo"}, tc.args...)
			code := run(args, strings.NewReader(""), &stdout, &stderr)
			got := "$ gumshoe " + strings.Join(args, " ") + "\n" + stdout.String()
			if stderr.Len() > 0 {
				got += "--- stderr\n" + stderr.String()
			}
			got += "--- exit " + itoa(code) + "\n"
			path := filepath.Join("testdata", tc.golden)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update creates it)", err)
			}
			if got != string(want) {
				t.Errorf("%s: %s\n--- got\n%s--- want\n%s", tc.golden, tc.why, got, want)
			}
		})
	}
}
