package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestRun compares the program's whole output with testdata/*.golden (go
// test -update rewrites them), and checks the cards it cannot explain.
func TestRun(t *testing.T) {
	tests := []struct {
		golden string
		why    string // the card explained
		err    string // a part of the error, "" for none
		reason string // what the case checks
	}{
		{"pipe.golden", "Pipe", "", "the sheet, the forced facts and why Pipe is in the envelope"},
		{"study.golden", "study", "", "any case; Study needs four observations, not the envelope rule"},
		{"", "Green", "still open", "a card whose holder is open cannot be explained"},
		{"", "Mustard", "unknown card", "a card not in the game"},
	}
	for _, tc := range tests {
		var b strings.Builder
		err := run(&b, tc.why)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.reason, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.reason, err)
		}
		path := filepath.Join("testdata", tc.golden)
		if *update {
			if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if b.String() != string(want) {
			t.Errorf("%s:\n--- got\n%s--- want\n%s", tc.reason, b.String(), want)
		}
	}
}
