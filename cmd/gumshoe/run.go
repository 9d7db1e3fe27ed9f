package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// version is gumshoe's version, printed by "gumshoe version".
const version = "0.1.0-dev"

// command is one subcommand of gumshoe. Each lives in its own file and adds
// itself to commands with register from an init function.
type command struct {
	name    string
	summary string // one line for "gumshoe help"
	usage   string // the argument synopsis after the name
	// run executes the command with the arguments after its name. It reports
	// its own errors on stderr and returns the process exit code.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("gumshoe: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// Exit codes.
const (
	exitOK    = 0
	exitError = 1 // the command ran and failed (bad input, contradiction)
	exitUsage = 2 // the command line itself was wrong
)

// run is the whole program: it returns the exit code instead of exiting so
// that tests can drive it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "--help":
		name = "help"
	case "-v", "--version":
		name = "version"
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "gumshoe: unknown command %q\n\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "gumshoe keeps the deduction sheet for hidden-card deduction games.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: gumshoe <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "gumshoe help <command>" for a command's flags.`)
}

// newFlags returns a flag set for command name that reports errors to
// stderr instead of exiting.
func newFlags(name string, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet("gumshoe "+name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	c := commands[name]
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: gumshoe %s %s\n\n%s\n", name, c.usage, c.summary)
		if fs.HasFlags() {
			fmt.Fprintln(stderr, "\nFlags:")
			fmt.Fprint(stderr, fs.FlagUsages())
		}
	}
	return fs
}

// parseFlags parses args into fs. It returns the exit code to stop with and
// false when the command should not go on (help asked for, or bad flags).
func parseFlags(fs *pflag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return exitOK, false
		}
		// With ContinueOnError pflag reports nothing itself.
		fmt.Fprintf(fs.Output(), "%s: %v\n", fs.Name(), err)
		fmt.Fprintf(fs.Output(), "Run \"gumshoe help %s\" for the flags.\n", strings.TrimPrefix(fs.Name(), "gumshoe "))
		return exitUsage, false
	}
	return exitOK, true
}

// parseArgs is parseFlags for a command that takes from lo to hi
// arguments besides its flags (hi < 0: no upper bound); it prints the usage
// when the count is wrong.
func parseArgs(fs *pflag.FlagSet, args []string, lo, hi int) (int, bool) {
	if code, ok := parseFlags(fs, args); !ok {
		return code, false
	}
	if n := fs.NArg(); n < lo || (hi >= 0 && n > hi) {
		fs.Usage()
		return exitUsage, false
	}
	return exitOK, true
}

func init() {
	register(command{
		name:    "help",
		summary: "show the commands, or one command's flags",
		usage:   "[command]",
		run: func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				usage(stdout)
				return exitOK
			}
			c, ok := commands[args[0]]
			if !ok {
				fmt.Fprintf(stderr, "gumshoe: unknown command %q\n", args[0])
				return exitUsage
			}
			return c.run([]string{"--help"}, strings.NewReader(""), stdout, stdout)
		},
	})
	register(command{
		name:    "version",
		summary: "print gumshoe's version",
		run: func(_ []string, _ io.Reader, stdout, _ io.Writer) int {
			fmt.Fprintln(stdout, "gumshoe", version)
			return exitOK
		},
	})
}
