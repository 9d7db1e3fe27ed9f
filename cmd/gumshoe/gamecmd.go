package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"
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

// subcommand splits a game command's arguments into its subcommand and the
// rest. With no subcommand it prints the command's usage; ok is false then,
// and code is the exit code to stop with.
func subcommand(fs *pflag.FlagSet, args []string) (sub string, rest []string, code int, ok bool) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if code, ok := parseFlags(fs, args); !ok {
			return "", nil, code, false
		}
		fs.Usage()
		return "", nil, exitUsage, false
	}
	return args[0], args[1:], exitOK, true
}
