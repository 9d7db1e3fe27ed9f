package main

import (
	"fmt"
	"io"
	"os"
)

// loadLog reads a game log from path ("-": stdin) with the game's load
// function. Errors are reported on stderr as "gumshoe <name>: ..." and come
// back as a non-zero exit code.
func loadLog[G any](name string, load func(io.Reader) (G, error), path string, stdin io.Reader, stderr io.Writer) (G, int) {
	var zero G
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(stderr, "gumshoe %s: %v\n", name, err)
			return zero, exitError
		}
		defer f.Close()
		r = f
	}
	g, err := load(r)
	if err != nil {
		fmt.Fprintf(stderr, "gumshoe %s: %s: %v\n", name, path, err)
		return zero, exitError
	}
	return g, exitOK
}

// exitWith prints err, if any, as "gumshoe <name>: err" and returns the exit
// code for it.
func exitWith(name string, stderr io.Writer, err error) int {
	if err != nil {
		fmt.Fprintf(stderr, "gumshoe %s: %v\n", name, err)
		return exitError
	}
	return exitOK
}
