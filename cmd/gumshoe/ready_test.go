package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotReadyRefused checks that solve, why and advise refuse a log with
// nothing after its header in every game, and a Clue log with no deck,
// with exit 1 and an error naming the file and the line.
func TestNotReadyRefused(t *testing.T) {
	dir := t.TempDir()
	type refusal struct{ file, text, want string }
	var cases []refusal
	for _, d := range games {
		cases = append(cases, refusal{d.Name + "-header.log", "game " + d.Name + "\n", "line 0: the log has nothing after its header"})
	}
	cases = append(cases, refusal{"clue-nodeck.log", "game clue\nplayers ann bob cal\n", "line 1: the log ends before its set-up is complete: no deck yet"})
	for _, tc := range cases {
		path := filepath.Join(dir, tc.file)
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"solve", path}, {"solve", "--json", path}, {"why", path, "alice", "x"}, {"advise", path}} {
			var stdout, stderr bytes.Buffer
			code := run(args, strings.NewReader(""), &stdout, &stderr)
			if code != exitError || !strings.Contains(stderr.String(), path+": "+tc.want) {
				t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", args, code, stderr.String(), exitError, path+": "+tc.want)
			}
		}
	}
}
