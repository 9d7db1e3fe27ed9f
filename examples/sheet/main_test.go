package main

import (
	"strings"
	"testing"
)

// TestRun checks the program's whole output: the one forced fact and the
// two observations that force it.
func TestRun(t *testing.T) {
	var b strings.Builder
	if err := run(&b); err != nil {
		t.Fatal(err)
	}
	want := `Forced:
  Ann holds 2
Ann holds 2 because:
  Ann has 2 cards from 2 to 4
  Ann has 1 card from 3 to 6
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
